"""Files replaced whole (companion/files.py): the atomic write config and the UI share, and the
writer thread that keeps it off the Kivy main thread."""

from __future__ import annotations

import os
import stat
import threading

import pytest

from companion.files import LatestWriter, stamp_of, write_atomically


def test_a_file_is_replaced_whole_keeping_its_permissions_and_leaving_no_temporary(tmp_path):
    path = tmp_path / "sub" / "f.txt"
    assert write_atomically(path, "one\r\n") == stamp_of(path)
    assert path.read_bytes() == b"one\r\n", "newlines as given"
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    path.chmod(0o600)
    write_atomically(path, "two", prefix=".f-")
    assert path.read_text() == "two" and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert os.listdir(path.parent) == ["f.txt"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    path = tmp_path / "f.txt"
    path.write_text("old")

    def refuse(*_args):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", refuse)
    with pytest.raises(OSError):
        write_atomically(path, "new")
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["f.txt"]


def test_the_writer_writes_off_the_callers_thread_the_latest_text_once(tmp_path):
    writer = LatestWriter()
    path = tmp_path / "f.txt"
    started, release, heard = threading.Event(), threading.Event(), []
    made: list[str] = []

    def slow() -> str:  # holds the writer's thread until the next two are asked for
        started.set()
        release.wait(30)
        made.append("first")
        return "first"

    def text(words: str):
        return lambda: (made.append(words), words)[1]

    writer.submit(path, slow, lambda stamp, error: heard.append((threading.current_thread(), stamp, error)))
    assert started.wait(30)
    writer.submit(tmp_path / "g.txt", text("g"))
    writer.submit(path, text("second"))
    writer.submit(path, text("third"), lambda stamp, error: heard.append((threading.current_thread(), stamp, error)))
    assert not writer.is_idle() and not writer.wait(0)
    release.set()
    assert writer.wait(30) and writer.is_idle()
    assert path.read_text() == "third" and (tmp_path / "g.txt").read_text() == "g"
    assert sorted(made) == ["first", "g", "third"], "the second text was never made: the third replaced it"
    assert [h[0] is threading.main_thread() for h in heard] == [False, False]
    assert heard[-1][1:] == (stamp_of(path), None)


def test_a_write_that_fails_is_told_and_the_writer_goes_on(tmp_path):
    writer, heard = LatestWriter(), []
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    writer.submit(blocked / "f.txt", lambda: "x", lambda stamp, error: heard.append((stamp, type(error))))
    writer.submit(tmp_path / "g.txt", lambda: 1 / 0, lambda stamp, error: heard.append((stamp, type(error))))
    assert writer.wait(30)
    writer.submit(tmp_path / "h.txt", lambda: "h")
    assert writer.wait(30) and (tmp_path / "h.txt").read_text() == "h"
    assert [h[0] for h in heard] == [None, None] and all(issubclass(h[1], OSError) for h in heard)
