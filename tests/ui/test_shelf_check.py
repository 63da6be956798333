"""The full check of every journal runs in the background once the table is idle (issue 24): damage
the catalog cannot see (a byte changed without the file being written) is found after the first
frame, set aside and shown on home as a start that met it would; the check never starts before the
first frame and waits while the table is busy; the open game's journal is left out."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from companion.core.store import JournalStore, seating_meta
from companion.games import built_games
from companion.session import Session
from companion.ui.shell.shelf_check import ShelfCheck

from tests.ui.uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(120)

STEP = [("scorepad.start", json.dumps({"players": ["Ann", "Bo"]}))]


def rotted_finished_game(data: Path) -> Path:
    """A finished score-pad game listed once (its catalog row made), then one byte of an event
    changed with the file's size and times kept: the listing trusts the row, only a full read sees it."""
    store = JournalStore(data)
    journal = store.new("scorepad", steps=[STEP, STEP], **seating_meta(["Ann", "Bo"]))
    journal.mark_finished(result=json.dumps({"scores": [3, 5], "winners": [1]}))
    journal.close()
    store.list()
    path = journal.path
    st = os.stat(path)
    raw = bytearray(path.read_bytes())
    at = raw.index(b'"players"')  # inside an event's payload, not the meta's
    raw[at + 1] ^= 0x01
    path.write_bytes(bytes(raw))
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    return path


def test_damage_the_listing_cannot_see_is_found_at_idle_and_shown_on_home(tmp_path, monkeypatch):
    data = tmp_path / "data"
    rotted = rotted_finished_game(data)
    session = Session(built_games(), JournalStore(data))
    assert [i.path for i in session.store.list()] == [rotted], "the catalog's row is trusted at start"
    started: list[tuple[int, float | None]] = []
    real_start = ShelfCheck.start

    def start(self):
        from kivy.clock import Clock
        from kivy.app import App

        started.append((Clock.frames_displayed, App.get_running_app().first_frame_seconds))
        real_start(self)

    monkeypatch.setattr(ShelfCheck, "start", start)

    def script(ui):
        app = ui.app
        yield from settle()
        yield from until(lambda: app.shelf_check.finished, what="the background check of the journals")
        yield from settle()
        ((frames, first_frame),) = started
        assert frames >= 1 and first_frame is not None, "the check started only after the first frame"
        assert ui.screen == "home"
        (row,) = app.home_vm.files
        assert row["recoverable"] and ui.text("home.file.0").startswith(f"{rotted.name} is damaged")
        assert ui.shown("home.file.0.recover")

    try:
        run_ui(session, script)
    finally:
        session.shutdown()
    assert not rotted.exists() and [s.original for s in session.store.set_aside] == [rotted]
    assert session.store.list() == []


class _Store:
    """A store whose `check_all` notes each journal it reaches (after its `between`)."""

    def __init__(self, names: list[str]) -> None:
        self.names = names
        self.read: list[str] = []
        self.skipped: list[Path] = []
        self.waiting = threading.Event()

    def check_all(self, skip, between):
        self.skipped = list(skip)
        for name in self.names:
            self.waiting.set()
            between()
            self.read.append(name)
        return []

    def settle_checks(self, found):
        return []


class _Session:
    def __init__(self, store: _Store, journal: str | None = None) -> None:
        self.store = store
        self.engine = None if journal is None else type("E", (), {"journal": type("J", (), {"path": journal})})()


def test_the_check_waits_while_the_table_is_busy_and_stops_with_the_app():
    now = [100.0]
    store = _Store(["a.journal", "b.journal"])
    check = ShelfCheck(_Session(store, "/data/games/open.journal"), lambda moved: None, quiet=1.0,
                       clock=lambda: now[0])
    check.activity()  # a fact just now: the table is busy until 101
    check.start()
    assert store.waiting.wait(30), "the check's thread never reached the first journal"
    assert store.read == [] and check.thread.is_alive(), "a journal was read while the table was busy"
    assert store.skipped == [Path("/data/games/open.journal")], "the open game is left out"
    check.stop()
    check.thread.join(30)
    assert not check.thread.is_alive() and store.read == [], "the check went on after the app stopped"


def test_the_check_reads_every_journal_once_the_table_is_quiet():
    now = [100.0]
    store = _Store(["a.journal", "b.journal"])
    check = ShelfCheck(_Session(store), lambda moved: None, quiet=1.0, clock=lambda: now[0])
    check.activity()
    check.start()
    assert store.waiting.wait(30)
    now[0] = 101.5  # quiet for longer than `quiet`
    check.thread.join(30)
    assert store.read == ["a.journal", "b.journal"] and store.skipped == []
