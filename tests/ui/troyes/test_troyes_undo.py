"""Troyes' Undo through the real offscreen window: a step of every kind the table takes — a
starting citizen, a card turned up, a throw entered by hand, an action — taken back by one tap on
Undo leaves the game exactly as it was before that step (the engine's state and the screen's
view), and Redo puts it back; the hand entry left half-typed before the step is empty after it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from uiharness import run_ui, until  # noqa: E402
from test_troyes_screens import next_taps, seeded, tap  # noqa: E402,F401

pytestmark = pytest.mark.timeout(300)


def test_undo_takes_back_each_kind_of_step(session, seeded):
    undone: list[str] = []

    def script(ui):
        s = ui.app.session
        yield from ui.tap("home.game.troyes")
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        kinds = set()
        while s.table_view().view["phase"] != "over" and len(kinds) < 8:
            view = s.table_view().view
            kind = (view.get("ask") or {}).get("kind") or view["phase"]
            before_state, before_step = s.engine.state, s.engine.journal.last_step
            for wid in next_taps(view, ui.app.troyes_vm):
                yield from tap(ui, wid)
            yield from until(lambda: s.engine.journal.last_step > before_step, what=f"the step in {kind}")
            if kind in kinds:
                continue
            kinds.add(kind)
            after_state, after_view = s.engine.state, s.table_view().view
            yield from until(lambda: not ui.find("troyes.undo").disabled, what="Undo enabled")
            yield from tap(ui, "troyes.undo")
            yield from until(lambda: s.engine.state == before_state, what=f"undo of {kind}")
            assert s.table_view().view == view, kind
            yield from until(lambda: ui.app.troyes_vm.phase == view["phase"], what="the screen back")
            assert ui.app.troyes_vm.prompt, kind
            yield from tap(ui, "troyes.redo")
            yield from until(lambda: s.engine.state == after_state, what=f"redo of {kind}")
            assert s.table_view().view == after_view
            undone.append(kind)

    run_ui(session, script, watchdog=240)
    assert {"placement", "troyes.activity_revealed", "troyes.throw", "actions"} <= set(undone), undone
