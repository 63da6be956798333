"""A journal damaged on disk while the app shows its game, found by what reads steps from the file
again (the history screen, an undo below the checkpoint a resume folded from), through the window:
home says which file and what to do, offers Recover, and the app stays usable — the recovered game
opens and takes taps."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import DAMAGED_WHILE_OPEN, Intent
from tests.test_session_damage import DAMAGED, STEPS, damage
from tests.ui.test_home import tap_in_list
from uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(120)


def scorepad(session, steps: int) -> Path:
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(steps - 1):
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    return Path(session.engine.journal.path)


def told_at_home_then_recovered(ui, session, path: Path, seen: dict):
    """Home's notice and its file row for the damaged game; Recover; the recovered game plays on."""
    yield from until(lambda: ui.screen == "home", what="home, once the damage is found")
    yield from settle()
    seen["notice"] = ui.text("home.notice")
    seen["row"] = ui.text("home.file.0")
    yield from tap_in_list(ui, "home.file.0.recover")
    yield from until(lambda: ui.screen == "table", what="the recovered game's table")
    seen["recovered"] = session.engine.journal.last_step
    yield from ui.tap("table.seat.0.plus1")
    yield from until(lambda: session.engine.journal.last_step == DAMAGED, what="a tap on the recovered game")
    yield from ui.tap("table.history")
    yield from until(lambda: ui.app.history_vm.rows, what="the recovered game's history")
    seen["history"] = len(ui.app.history_vm.rows)


def check(seen: dict, path: Path, session) -> None:
    assert path.name in seen["notice"] and "companion doctor" in seen["notice"], seen["notice"]
    assert seen["notice"].startswith("The journal "), "the session's own words, not a fault's"
    assert seen["row"].startswith(f"{path.name} is damaged"), seen["row"]
    assert not path.exists() and session.store.set_aside[0].moved_to.exists(), "set aside, kept whole"
    assert seen["recovered"] == DAMAGED - 1 and seen["history"] == DAMAGED


def test_a_history_opened_on_a_journal_damaged_meanwhile_tells_home_and_the_app_plays_on(session):
    path = scorepad(session, STEPS)
    seen: dict = {}

    def script(ui):
        yield from until(lambda: ui.screen == "table", what="the open game's table")
        damage(path, DAMAGED)
        yield from ui.tap("table.history")
        yield from told_at_home_then_recovered(ui, session, path, seen)

    run_ui(session, script)
    check(seen, path, session)


def test_an_undo_deep_enough_to_read_the_damage_tells_home_and_the_app_plays_on(session):
    path = scorepad(session, 132)  # a checkpoint on disk at step 129: a resume folds from it
    session.handle(Intent("close"))
    session.handle(Intent("resume", {"path": str(path)}))
    above = session.engine.journal.last_step - session.engine.resumed_from
    assert above < 8, "a few undos reach below the checkpoint"
    seen: dict = {}

    def script(ui):
        yield from until(lambda: ui.screen == "table", what="the open game's table")
        damage(path, DAMAGED)
        for _ in range(above + 1):  # the last one folds from the first step; the table's
            yield from ui.tap("table.undo")  # news of an earlier one may read the whole history
            yield from settle()
            if ui.screen == "home":
                break
        assert session.notice is not None and session.notice.template == DAMAGED_WHILE_OPEN
        yield from told_at_home_then_recovered(ui, session, path, seen)

    run_ui(session, script)
    check(seen, path, session)
