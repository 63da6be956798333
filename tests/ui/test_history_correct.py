"""Correcting a past entry from the history screen (issue 4): the "Correct…" button of a step,
the panel of what it could have been instead, and the session's correction and notice."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import layout_problems, run_ui

pytestmark = pytest.mark.timeout(60)


def trajan_game(session, moves=5):
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 3, "start_player": 0}}))
    assert session.notice is None, session.notice
    for _ in range(moves):
        choice = session.table_view().view["choices"][0]
        session.handle(Intent(choice["name"], dict(choice.get("args", {}))))
        assert session.notice is None, session.notice


def in_effect(session):
    return [e.step for e in session.history()
            if not e.undone and not any(ev["kind"].startswith("core.") for ev in e.events)]


def test_history_view_model_offers_corrections_for_game_steps_only(session):
    from companion.ui.trajan.format import choice_label
    from companion.ui.viewmodels import HistoryViewModel

    trajan_game(session, moves=4)
    steps = in_effect(session)
    vm = HistoryViewModel(choices_for=session.correction_choices)
    vm.refresh(session.history(), [], "trajan")
    correctable = {row["step"] for row in vm.rows if row["correctable"]}
    assert correctable == set(steps[1:]), "every game step in effect, not the setup"
    step = steps[1]
    vm.open_fix(step)
    choices = session.correction_choices(step)
    assert vm.fixing == step and len(vm.fixes) == len(choices) > 1
    assert [f["text"] for f in vm.fixes] == [choice_label(c) if c["name"] != "sow" else f"Pick up tray {choice_label(c)}"
                                             for c in choices]
    intent = vm.fix_intent(1)
    assert intent.name == "correct" and intent.args == {"step": step, "name": choices[1]["name"],
                                                         "args": dict(choices[1].get("args", {}))}
    vm.close_fix()
    assert vm.fixing == 0 and vm.fixes == []
    session.handle(Intent("undo", {}))
    vm.refresh(session.history(), [], "trajan")
    assert steps[-1] not in {row["step"] for row in vm.rows if row["correctable"]}, "undone: not in effect"


def test_score_pad_offers_no_correction(session):
    from companion.ui.viewmodels import HistoryViewModel

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    session.handle(Intent("add_points", {"seat": 0, "points": 5}))
    session.handle(Intent("add_points", {"seat": 1, "points": 3}))
    vm = HistoryViewModel(choices_for=session.correction_choices)
    vm.refresh(session.history(), [], "scorepad")
    assert len(vm.rows) == 3 and not any(row["correctable"] for row in vm.rows)


def test_correct_a_past_trajan_step_by_touch(session):
    trajan_game(session, moves=5)
    steps = in_effect(session)
    target = steps[1]
    before = next(e.events for e in session.history() if e.step == target)
    seen = {}

    def script(ui):
        assert ui.screen == "trajan_table"
        yield from ui.tap("trajan.history")
        assert ui.screen == "history"
        assert not ui.shown(f"history.correct.{steps[0]}"), "the setup cannot be corrected"
        seen["layout_rows"] = layout_problems(ui, "history with Correct buttons")
        button = ui.find(f"history.correct.{target}")
        ui.app.sm.get_screen("history").ids.steps.parent.scroll_to(button, animate=False)
        yield from ui.frames(2)
        yield from ui.tap(f"history.correct.{target}")
        yield from ui.frames(1)
        assert ui.shown("history.fix.cancel") and ui.shown("history.fix.1")
        assert not ui.shown(f"history.correct.{target}")
        seen["layout"] = layout_problems(ui, "history fix panel")
        yield from ui.tap("history.fix.cancel")
        assert ui.shown(f"history.correct.{target}") and session.history()[-1].step == steps[-1]
        button = ui.find(f"history.correct.{target}")
        ui.app.sm.get_screen("history").ids.steps.parent.scroll_to(button, animate=False)
        yield from ui.frames(2)
        yield from ui.tap(f"history.correct.{target}")
        yield from ui.frames(1)
        yield from ui.tap("history.fix.1")
        yield from ui.frames(1)
        assert ui.screen == "trajan_table"
        seen["notice"] = ui.app.trajan_vm.notice_text

    run_ui(session, script)
    assert seen["layout_rows"] == [] and seen["layout"] == []
    assert session.notice is not None and session.notice.text.startswith(f"Step {target} corrected"), session.notice
    assert seen["notice"].startswith(f"Step {target} corrected")
    after = in_effect(session)
    assert after[:1] == steps[:1] and not set(steps[1:]) & set(after), "the old steps are taken back"
    fixed = next(e for e in session.history() if e.step == after[1])
    assert fixed.events != before, "the corrected step is the other choice"
