"""Choosing the data directory the app plays on, at start: the configured one when it can be
written, else a temporary one — said plainly — so the table can always play.

Why never stop: under systemd a start that fails is restarted, so a read-only SD card or a folder
owned by someone else would otherwise be a crash loop with a black screen. The games already in
the configured folder are never touched by the fallback; the notice names the folder and the fix.
"""

from __future__ import annotations

import dataclasses
import errno
import os
import shutil
import stat
import tempfile
import zlib
from pathlib import Path

from companion.core import data_notices
from companion.core.data_notices import DataNotice
from companion.core.owner import TableBusy, TableLock

#: Below this much free space the disk cannot be trusted with new steps: play on a temporary folder.
MIN_FREE_MB = 5
#: Below this much the table is told, but plays on where it is.
LOW_FREE_MB = 50


@dataclasses.dataclass
class DataDir:
    """The folder the app plays on, its lock, and what the table must be told about the choice.
    `temporary`: not the configured folder (see `notices`)."""

    path: Path
    configured: Path
    lock: TableLock
    notices: tuple[DataNotice, ...] = ()

    @property
    def temporary(self) -> bool:
        return self.path != self.configured

    def release(self) -> None:
        self.lock.release()


def _reason(exc: OSError) -> str:
    if exc.errno == errno.EROFS:
        return "the file system is read-only"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc)


def _probe_writable(games: Path) -> None:
    """Raises OSError unless a file can be made, written, synced and removed in `games`."""
    games.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=".probe-", dir=games)
    try:
        os.write(fd, b"\0" * 4096)
        os.fsync(fd)
    finally:
        os.close(fd)
        os.unlink(name)


def _free_mb(path: Path) -> int | None:
    try:
        return shutil.disk_usage(path).free // (1024 * 1024)
    except OSError:
        return None


def temporary_root() -> Path:
    """Where a temporary data directory goes: the user's runtime folder (RAM on a Pi, spares a
    full or read-only SD card), else the system's temporary folder."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and os.path.isabs(runtime) and os.access(runtime, os.W_OK | os.X_OK):
        return Path(runtime)
    return Path(tempfile.gettempdir())


def claim(configured: str | os.PathLike[str], temporary: Path | None = None) -> DataDir:
    """The data directory to play on, locked (`core.owner`). Raises TableBusy when another companion
    owns the configured one (the caller says so and exits: one table, one owner). Falls back to a
    fresh folder under `temporary` (default `temporary_root()`) when the configured one cannot be
    made, locked or written, or its disk is full; raises OSError only when that fails too."""
    configured = Path(configured)
    try:
        configured.mkdir(parents=True, exist_ok=True)
        lock = TableLock.acquire(configured)
    except TableBusy:
        raise
    except OSError as exc:
        return _fallback(configured, _reason(exc), temporary)
    try:
        _probe_writable(configured / "games")
    except OSError as exc:
        lock.release()
        return _fallback(configured, _reason(exc), temporary)
    free = _free_mb(configured)
    if free is not None and free < MIN_FREE_MB:
        lock.release()
        return _fallback(configured, f"only {free} MB free", temporary)
    notices = (data_notices.low_space(configured, free),) if free is not None and free < LOW_FREE_MB else ()
    return DataDir(configured, configured, lock, notices)


def _stand_in(configured: Path, root: Path) -> Path:
    """The temporary folder for `configured`: the same one at every start until the computer
    restarts (a kiosk restarted by systemd finds the game it was playing), made private to this
    user; a fresh one when that name is taken by anything else (another user, a symlink)."""
    uid = os.getuid() if hasattr(os, "getuid") else 0
    path = root / f"companion-data-{uid}-{zlib.crc32(str(configured).encode()):08x}"
    try:
        path.mkdir(mode=0o700)
    except FileExistsError:
        info = path.lstat()
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != uid or info.st_mode & 0o077:
            return Path(tempfile.mkdtemp(prefix="companion-data-", dir=root))
    return path


def _fallback(configured: Path, reason: str, temporary: Path | None) -> DataDir:
    path = _stand_in(configured, temporary if temporary is not None else temporary_root())
    lock = TableLock.acquire(path)
    (path / "games").mkdir(exist_ok=True)
    return DataDir(path, configured, lock, (data_notices.temporary(configured, path, reason),))
