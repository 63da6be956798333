"""One table, one owner: the process that plays on a data directory holds a lock on a file in it.

Why a lock file and not SQLite's own locks: two apps on one data directory would each resume the
same game and write steps into it in turn, so the table's two screens would disagree about the
game; SQLite would only make them take turns. The lock (`flock` on `companion.lock`, which holds
the owner's pid) is let go by the kernel when the owner ends in any way, SIGKILL and power cuts
included, so a stale file never keeps the table locked. Readers (`companion replay`, `companion
doctor`) take no lock: they only read (`Journal.read`).
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

LOCK_NAME = "companion.lock"


class TableBusy(Exception):
    """Another process owns the data directory. `pid` is the owner's (None if it wrote none yet)."""

    def __init__(self, directory: Path, pid: int | None) -> None:
        self.directory = directory
        self.pid = pid
        who = f"companion (pid {pid})" if pid is not None else "another companion"
        super().__init__(f"{directory} is in use by {who}")


def _pid_in(fd: int) -> int | None:
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isascii() and text.isdigit() else None


class TableLock:
    """The lock on a data directory, held until `release` or the process ends."""

    def __init__(self, directory: Path, fd: int) -> None:
        self.directory = directory
        self._fd: int | None = fd

    @classmethod
    def acquire(cls, directory: str | os.PathLike[str]) -> "TableLock":
        """Takes the lock, writing this process's pid. Raises TableBusy when another process holds
        it, OSError when the file cannot be made (a read-only or missing folder: the caller then
        plays on a temporary data directory)."""
        directory = Path(directory)
        fd = os.open(directory / LOCK_NAME, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            os.close(fd)
            raise TableBusy(directory, pid) from None
        except OSError:
            os.close(fd)
            raise
        try:
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        except OSError:
            pass  # a full disk: the lock holds all the same, only the pid cannot be told
        return cls(directory, fd)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing lets go of the flock
            self._fd = None

    def __enter__(self) -> "TableLock":
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def holder(directory: str | os.PathLike[str]) -> int | None:
    """The pid of the process that owns `directory` now, or None when nobody does (or it cannot be
    told). Creates nothing and holds nothing: for `companion doctor`.

    Returns 0 when the lock is held but no pid was written (a full disk)."""
    try:
        fd = os.open(Path(directory) / LOCK_NAME, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        pid = _pid_in(fd)
        return pid if pid is not None else 0
    except OSError:
        return None
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)
