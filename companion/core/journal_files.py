"""A journal's files on disk: its side files, the temporary name it is built under, syncing names,
setting a file aside, and reading a file without changing anything beside it.

SQLite keeps a journal's recent commits in `<file>-wal` (and its index in `<file>-shm`; a rollback
journal in `<file>-journal`): they belong to the file and move with it. A new journal is built under
`.<name>.new` and appears under its name only complete (rename, then sync of the folder), so a kill
or a power cut leaves either no journal or a whole one, never an empty or half-written file.
"""

from __future__ import annotations

import datetime as _dt
import os
import shutil
import sqlite3
import tempfile
from pathlib import Path
from typing import Iterator

SIDE_SUFFIXES = ("-wal", "-shm", "-journal")
CREATING_SUFFIX = ".new"
SET_ASIDE_MARK = ".set-aside-"


def is_file(path: Path) -> bool:
    """A regular file that can be looked at: False (never an exception) for a folder, a missing
    name, or one in a folder that does not let us look (`Path.is_file` raises for that)."""
    try:
        return path.is_file()
    except OSError:
        return False


def side_files(path: Path) -> list[Path]:
    """The SQLite side files of `path` that exist now."""
    return [side for side in (path.with_name(path.name + s) for s in SIDE_SUFFIXES) if side.exists()]


def creating_path(path: Path) -> Path:
    """Where the journal `path` is built before it appears: hidden, and not `*.journal`, so no
    listing ever sees it."""
    return path.with_name(f".{path.name}{CREATING_SUFFIX}")


def is_creating_leftover(path: Path) -> bool:
    """A file a journal was being built in (or one of its side files) when the app stopped."""
    name = path.name
    for suffix in ("", *SIDE_SUFFIXES):
        if name.startswith(".") and name.endswith(CREATING_SUFFIX + suffix):
            return True
    return False


def remove_with_sides(path: Path) -> None:
    """Removes a file and its side files (only ever a temporary or an empty journal)."""
    for side in (path, *(path.with_name(path.name + s) for s in SIDE_SUFFIXES)):
        try:
            side.unlink()
        except FileNotFoundError:
            pass


def fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def fsync_dir(directory: Path) -> None:
    """A new or renamed file's name is durable only once its folder is synced (a power cut could
    otherwise lose the rename)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def set_aside(path: str | os.PathLike[str], now: _dt.datetime | None = None) -> Path:
    """Renames a journal that cannot be used (and its side files) out of the way; returns the new path.

    The bytes are kept so a damaged game can still be rescued; the app never writes there again.
    `now`: the time its new name carries (default the local wall clock; the store gives its own
    clock, so the documentation's pictures name it alike on any day).
    Raises OSError when the folder does not allow it (read-only, not ours): the caller says so.
    """
    path = Path(path)
    stamp = (now or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}{SET_ASIDE_MARK}{stamp}")
    n = 1
    while target.exists() or any(target.with_name(target.name + s).exists() for s in SIDE_SUFFIXES):
        n += 1
        target = path.with_name(f"{path.name}{SET_ASIDE_MARK}{stamp}-{n}")
    for suffix in SIDE_SUFFIXES:
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    path.rename(target)
    try:
        fsync_dir(path.parent)
    except OSError:
        pass  # the rename happened; only its durability across a power cut is in doubt
    return target


def _uri(path: Path, query: str) -> str:
    return f"{path.absolute().as_uri()}?{query}"


class ReadOnly:
    """A read-only SQLite connection to a journal that changes nothing on disk and neither waits
    for nor holds up whoever else has it open (the app, a killed app's leftovers, a shell):

    - no `-wal` beside it: SQLite is told the file is immutable (it makes no side files);
    - a `-wal` (the app is playing, or was killed): a private copy of the file and its `-wal` is
      read. Even SQLite's read-only mode would rewrite the `-shm` index of a killed writer, and a
      copy takes no lock: the app is never kept waiting. The file is copied first: the app only
      appends to the `-wal`, so the copy holds every step committed before it was made (a commit
      after it, or half-written, is beyond the copied log's last valid frame; the head and the
      chained sums catch any other mix);
    - a rollback `-journal` (someone writes it without WAL): a plain read-only open that respects
      their lock, so a half-made change is met as busy, never read as damage.

    Use as a context manager; `conn` is the connection."""

    def __init__(self, path: Path, timeout: float) -> None:
        self.path = path
        self._scratch: str | None = None
        wal, rollback = (path.with_name(path.name + s) for s in ("-wal", "-journal"))
        if rollback.exists():
            uri = _uri(path, "mode=ro")
        elif not wal.exists():
            uri = _uri(path, "immutable=1")
        else:
            self._scratch = tempfile.mkdtemp(prefix="companion-read-")
            copy = Path(self._scratch) / path.name
            try:
                shutil.copyfile(path, copy)
                shutil.copyfile(wal, copy.with_name(copy.name + "-wal"))
            except FileNotFoundError:  # the app checkpointed and removed its -wal meanwhile
                copy.with_name(copy.name + "-wal").unlink(missing_ok=True)
                shutil.copyfile(path, copy)
            except BaseException:
                self._clean()
                raise
            uri = _uri(copy, "mode=rw")
        try:
            self.conn = sqlite3.connect(uri, uri=True, timeout=timeout, isolation_level=None, check_same_thread=False)
        except BaseException:
            self._clean()
            raise

    def _clean(self) -> None:
        if self._scratch is not None:
            shutil.rmtree(self._scratch, ignore_errors=True)
            self._scratch = None

    def close(self) -> None:
        try:
            self.conn.close()
        finally:
            self._clean()


def games_files(directory: Path, pattern: str) -> Iterator[Path]:
    """The files in `directory` matching `pattern`, newest name first (names start with a time);
    nothing when the folder is missing or cannot be listed."""
    try:
        yield from sorted(directory.glob(pattern), key=lambda p: p.name, reverse=True)  # one folder: by name
    except OSError:
        return
