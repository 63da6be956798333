"""One table, one owner (`core.owner`), and the data directory the app plays on (`core.datadir`)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from companion.core import datadir
from companion.core.datadir import claim
from companion.core.owner import LOCK_NAME, TableBusy, TableLock, holder

from tests.waiting import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]

HOLD = ("import sys; sys.path.insert(0, %r)\n"
        "from companion.core.owner import TableLock\n"
        "lock = TableLock.acquire(sys.argv[1]); print('held', flush=True); sys.stdin.read()") % str(ROOT)


def held_elsewhere(directory: Path) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(directory)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_the_owner_writes_its_pid_and_a_second_process_is_told_it(tmp_path):
    other = held_elsewhere(tmp_path)
    try:
        assert (tmp_path / LOCK_NAME).read_text().strip() == str(other.pid)
        assert holder(tmp_path) == other.pid
        with pytest.raises(TableBusy, match=f"in use by companion \\(pid {other.pid}\\)") as info:
            TableLock.acquire(tmp_path)
        assert info.value.pid == other.pid
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait(timeout=TIMEOUT)
    assert holder(tmp_path) is None, "a killed owner holds nothing: the kernel let go"
    with TableLock.acquire(tmp_path) as lock:
        assert holder(tmp_path) == os.getpid()
        assert lock.directory == tmp_path
    assert (tmp_path / LOCK_NAME).read_text().strip() == str(os.getpid())


def test_holder_creates_nothing(tmp_path):
    assert holder(tmp_path) is None and list(tmp_path.iterdir()) == []


def test_a_missing_data_directory_is_made_and_claimed(tmp_path):
    data = claim(tmp_path / "a" / "b", tmp_path / "run")
    try:
        assert data.path == tmp_path / "a" / "b" and not data.temporary and data.notices == ()
        assert sorted(p.name for p in data.path.iterdir()) == sorted([LOCK_NAME, "games"])
        with pytest.raises(TableBusy):
            claim(tmp_path / "a" / "b", tmp_path / "run")
    finally:
        data.release()


def test_a_data_directory_that_cannot_be_used_gives_the_same_temporary_one_at_every_start(tmp_path):
    (tmp_path / "run").mkdir()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    first = claim(blocker / "data", tmp_path / "run")
    first.release()
    second = claim(blocker / "data", tmp_path / "run")
    try:
        assert second.temporary and second.path == first.path and second.path.parent == tmp_path / "run"
        assert oct(second.path.stat().st_mode & 0o777) == "0o700"
        (notice,) = second.notices
        assert notice.kind == "temporary" and str(blocker / "data") in notice.text and str(second.path) in notice.text
        assert "sudo chown" in notice.fix_text
    finally:
        second.release()


def test_a_temporary_name_taken_by_someone_else_is_not_used(tmp_path):
    run = tmp_path / "run"
    run.mkdir()
    blocker = tmp_path / "file"
    blocker.write_text("x")
    first = claim(blocker / "data", run)
    first.release()
    first.path.chmod(0o777)  # not private any more: not ours to trust
    second = claim(blocker / "data", run)
    try:
        assert second.temporary and second.path != first.path
    finally:
        second.release()


def test_a_disk_nearly_full_is_told_and_one_full_plays_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setattr(datadir, "_free_mb", lambda path: 20)
    data = claim(tmp_path / "data", tmp_path / "run")
    data.release()
    assert not data.temporary and [n.kind for n in data.notices] == ["low_space"]
    assert "only 20 MB free" in data.notices[0].text
    monkeypatch.setattr(datadir, "_free_mb", lambda path: 1)
    (tmp_path / "run").mkdir()
    data = claim(tmp_path / "data", tmp_path / "run")
    data.release()
    assert data.temporary and "only 1 MB free" in data.notices[0].text
