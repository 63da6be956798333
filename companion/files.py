"""Files replaced whole: the one atomic write the config (`config/writing.py`) and the UI's own
files (Augustus' card file) share, and a writer thread that does it off the Kivy main thread.

Its own layer, standard library only, so both may import it (the UI may not import config, and
config imports no other layer of ours): see tests/test_import_arrows.py.

A file is written under a temporary name in its own folder, synced, renamed over the old one, and
the folder synced: a kill or a power cut leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import atexit
import os
import tempfile
import threading
from pathlib import Path
from typing import Callable

#: A file's (st_mtime_ns, st_size): what a reader compares to know the file changed.
Stamp = tuple[int, int]


def stamp_of(path: Path) -> Stamp:
    """The file's stamp now (raises OSError, FileNotFoundError when there is none)."""
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def write_atomically(path: str | os.PathLike[str], text: str, *, prefix: str = ".tmp-", suffix: str = ".tmp") -> Stamp:
    """Replaces `path` by `text` (UTF-8, newlines as given) in one step; returns the new file's
    stamp. The new file keeps the old one's permissions (0644 for a new one). Raises OSError (the
    old file is then untouched and no temporary file is left)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=suffix, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    try:
        folder = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
    except OSError:
        pass  # the rename happened; only its durability across a power cut is in doubt
    return stamp_of(path)


#: How long the interpreter's exit waits for the writes asked for (then the old files stay).
EXIT_WAIT_SECONDS = 5.0

Done = Callable[["Stamp | None", "OSError | None"], None]


class LatestWriter:
    """Writes files atomically on a thread of its own, the latest text of a file only: a file
    asked for twice before the first write began is written once, with the second text. `done`
    (called on the writer's thread) hears the new stamp or the OSError. `wait()` returns once
    everything asked for is on disk (a reader of the file, a test, the app's stop)."""

    def __init__(self, name: str = "files-writer") -> None:
        self._name = name
        self._pending: dict[Path, tuple[Callable[[], str], Done | None, str, str]] = {}
        self._busy = 0
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, make_text: Callable[[], str], done: Done | None = None, *,
               prefix: str = ".tmp-", suffix: str = ".tmp") -> None:
        """Writes `make_text()` (called on the writer's thread: the text's making is off the
        caller's thread too) to `path`, after any write of it already under way."""
        with self._lock:
            self._pending[path] = (make_text, done, prefix, suffix)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
                atexit.register(self.wait, EXIT_WAIT_SECONDS)  # a daemon thread is stopped mid-write at exit
            self._lock.notify_all()

    def wait(self, timeout: float | None = None) -> bool:
        """Blocks until nothing is pending or being written; False if `timeout` passed first."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def is_idle(self) -> bool:
        with self._lock:
            return not self._pending and not self._busy

    def _run(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                make_text, done, prefix, suffix = self._pending.pop(path)
                self._busy += 1
            stamp: Stamp | None = None
            error: OSError | None = None
            try:
                stamp = write_atomically(path, make_text(), prefix=prefix, suffix=suffix)
            except Exception as exc:  # a writer that stops would lose every later write
                error = exc if isinstance(exc, OSError) else OSError(str(exc))
            finally:
                try:
                    if done is not None:
                        done(stamp, error)
                finally:
                    with self._lock:
                        self._busy -= 1
                        self._lock.notify_all()
