"""Running a command with a folder read-only, or on a nearly full disk, as a user's SD card can be.

A plain user gets the folder's write permission taken away. Root ignores permissions, so for root
the command runs in a private mount namespace (`unshare -m`) where the folder is a read-only bind
mount, or a tiny tmpfs: nothing outside that one process sees it, and it ends with the process.
Where neither works the test is skipped, saying why.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
import subprocess
from pathlib import Path
from typing import Iterator, Sequence

import pytest


def _can_unshare() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=16k tmpfs /mnt"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


@contextlib.contextmanager
def read_only(directory: Path, command: Sequence[str]) -> Iterator[list[str]]:
    """Yields `command` made to see `directory` (and everything in it) read-only."""
    if os.geteuid() != 0:
        modes = {p: p.stat().st_mode for p in [directory, *directory.rglob("*")]}
        for path, mode in modes.items():
            path.chmod(mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
        try:
            yield list(command)
        finally:
            for path, mode in modes.items():
                path.chmod(mode)
        return
    if not _can_unshare():
        pytest.skip("running as root without mount namespaces: no way to make a folder read-only")
    script = 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && shift && exec "$@"'
    yield ["unshare", "-m", "sh", "-c", script, "sh", str(directory), *command]


def on_a_full_disk(directory: Path, size_kb: int, prepare: Sequence[str], command: Sequence[str]) -> list[str]:
    """`command` run with `directory` a tmpfs of `size_kb`, after `prepare` (e.g. a game made and the
    disk filled) ran in it. Root with mount namespaces only, else the test is skipped."""
    if not _can_unshare():
        pytest.skip("a full disk needs a tmpfs of its own: root with mount namespaces")
    quoted = " ".join(_quote(a) for a in prepare)
    run = " ".join(_quote(a) for a in command)
    return ["unshare", "-m", "sh", "-c", f'mount -t tmpfs -o size={size_kb}k tmpfs {_quote(str(directory))} && '
            f'{quoted} && exec {run}']


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"
