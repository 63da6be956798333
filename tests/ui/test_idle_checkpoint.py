"""The app writes the open game's checkpoint at its idle moment (`CompanionApp.when_idle` →
`Session.idle`), never within the tap that made it due."""

from __future__ import annotations

import pytest

from companion.core.engine import CHECKPOINT_ON_DISK_EVERY
from companion.session import Intent
from companion.ui.shell import idle_collector
from uiharness import run_ui, until

pytestmark = pytest.mark.timeout(120)


def test_a_tap_writes_no_checkpoint_the_idle_moment_after_it_does(session, monkeypatch):
    # The idle moment comes only when the script says (`idle_now`), however slow the machine.
    monkeypatch.setattr(idle_collector, "IDLE_COLLECT_SECONDS", 3600.0)
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(CHECKPOINT_ON_DISK_EVERY - 1):  # the next step is the first one due on disk
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    journal = session.engine.journal
    seen: dict = {}

    def script(ui):
        yield from until(lambda: ui.screen == "table", what="the open game's table")
        ui.app._collector.idle_now()  # the start's own idle moment: nothing due yet
        last = journal.last_step
        for _ in range(2):
            yield from ui.tap("table.seat.0.plus1")
        yield from until(lambda: journal.last_step == last + 2, what="the taps journaled")
        seen["after taps"] = journal.checkpoints()
        ui.app._collector.idle_now()
        seen["after idle"] = journal.checkpoints()

    run_ui(session, script)
    assert seen["after taps"] == [], "the taps wrote no checkpoint"
    assert len(seen["after idle"]) == 1, "the idle moment wrote it"
