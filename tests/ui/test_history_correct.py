"""Correcting a past entry from the history screen (issue 4): the "Correct..." button of a step,
the panel of what it could have been instead, and the session's correction and notice."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import layout_problems, run_ui, settle, until

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
    from companion.ui.shell.viewmodels import HistoryViewModel

    trajan_game(session, moves=4)
    steps = in_effect(session)
    vm = HistoryViewModel(choices_for=lambda step: session.correction_view(step).get("choices", []))
    vm.refresh(session.history(), [], "trajan")
    correctable = {row["step"] for row in vm.rows if row["correctable"]}
    assert correctable == set(steps[1:]), "every game step in effect, not the setup"
    step = steps[1]
    vm.open_fix(step)
    choices = session.correction_view(step)["choices"]
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


def score_pad(session, players=("Ann", "Bo"), entries=((0, 5), (1, 3))):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": list(players), "seed": 1}}))
    for seat, points in entries:
        session.handle(Intent("add_points", {"seat": seat, "points": points}))
        assert session.notice is None, session.notice


def scores(session):
    return [p["score"] for p in session.table_view().view["players"]]


def test_score_pad_offers_its_points_entries_in_effect(session):
    from companion.ui.shell.viewmodels import HistoryViewModel

    score_pad(session, entries=((0, 5), (1, 3), (0, 1)))
    session.handle(Intent("undo"))  # step 5 takes back step 4
    session.handle(Intent("finish"))
    vm = HistoryViewModel(choices_for=lambda step: session.correction_view(step).get("choices", []))
    vm.refresh(session.history(), [], "scorepad")
    assert [(row["step"], row["correctable"]) for row in vm.rows] == [
        (6, False), (5, False), (4, False), (3, True), (2, True), (1, False)], "not the setup, finish, undo or undone"
    assert vm.lines == vm.rows and all(row["kind"] == "step" for row in vm.rows), "a score pad is a flat list"


def test_points_panel_is_prefilled_and_builds_the_correct_intent(session):
    from companion.ui.shell.viewmodels import HistoryViewModel

    score_pad(session, players=("Ann", "Bo", "Cy"))
    vm = HistoryViewModel(choices_for=lambda step: session.correction_view(step).get("choices", []))
    vm.refresh(session.history(), [], "scorepad")
    vm.open_fix(2)
    fix = vm.points_fix
    assert (vm.fixing, vm.fix_kind, fix.seat, fix.points) == (2, "points", 0, 5)
    assert [p["name"] for p in fix.players] == ["Ann", "Bo", "Cy"]
    assert vm.fix_title == "Correct step 2: which player, how many points?"
    assert fix.was_text == "Was: Ann: +5" and fix.points_text == "+5"
    assert not fix.can_confirm, "the same entry again changes nothing"
    fix.change(-5)
    assert fix.points_text == "+0"
    assert not fix.can_confirm, "the score pad refuses 0 points"
    fix.change(-1)
    assert fix.points_text == "−1" and fix.can_confirm
    fix.change(5)
    fix.change(5)
    fix.choose(2)
    fix.choose(7)  # no such seat: ignored
    assert (fix.seat, fix.points) == (2, 9) and fix.can_confirm
    fix.choose(0)
    fix.change(-4)
    assert not fix.can_confirm, "back to what it was"
    fix.change(2)
    assert vm.fix_intent(0) == Intent("correct", {"step": 2, "name": "add_points", "args": {"seat": 0, "points": 7}})
    vm.close_fix()
    assert (vm.fixing, vm.fix_kind, fix.seat, fix.players, vm.fixes) == (0, "", -1, [], [])


def test_points_panel_in_chinese(session):
    from companion.ui.text import i18n
    from companion.ui.shell.viewmodels import HistoryViewModel

    score_pad(session, players=("王芳", "李伟"), entries=((1, -3),))
    i18n.set_language("zh-Hans")
    vm = HistoryViewModel(choices_for=lambda step: session.correction_view(step).get("choices", []))
    vm.refresh(session.history(), [], "scorepad")
    vm.open_fix(2)
    assert vm.points_fix.was_text == "原为：李伟：−3 分"
    assert vm.fix_title == "更正第 2 步：哪位玩家、多少分？"


def test_correct_a_score_pad_entry_by_touch(session):
    players = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")
    score_pad(session, players=players, entries=((0, 5), (1, 3), (2, 4), (0, 2)))
    seen = {}

    def script(ui):
        assert ui.screen == "table"
        yield from ui.tap("table.history")
        assert ui.screen == "history"
        assert not ui.shown("history.correct.1"), "the setup cannot be corrected"
        yield from ui.tap("history.correct.3")  # Bo +3
        yield from until(lambda: ui.shown("history.fix.points"), what="the fix panel")
        yield from settle()
        assert ui.text("history.fix.points") == "+3" and ui.find("history.fix.seat.1").selected
        assert ui.find("history.fix.confirm").disabled, "nothing changed yet"
        seen["layout"] = layout_problems(ui, "score pad fix panel")
        yield from ui.tap("history.fix.cancel")
        yield from until(lambda: not ui.shown("history.fix.points"), what="the fix panel to close")
        assert ui.shown("history.correct.3")
        yield from settle()
        yield from ui.tap("history.correct.3")
        yield from until(lambda: ui.shown("history.fix.points"), what="the fix panel")
        yield from settle()
        for wid in ("history.fix.plus5", "history.fix.plus5", "history.fix.minus1", "history.fix.seat.4"):
            yield from ui.tap(wid)
        assert ui.text("history.fix.points") == "+12"
        assert ui.find("history.fix.seat.4").selected and not ui.find("history.fix.seat.1").selected
        yield from ui.tap("history.fix.confirm")
        yield from until(lambda: ui.screen == "table", what="the table after the correction")
        seen["notice"] = ui.app.table_vm.notice_text

    run_ui(session, script)
    assert seen["layout"] == []
    assert seen["notice"] == "Step 3 corrected; 2 later entries entered again."
    assert scores(session) == [7, 0, 4, 0, 12, 0], "Bo's 3 went to Ed as 12; the later entries stand"
    entered = [e.events[0] for e in session.history() if not e.undone and e.events[0]["kind"] == "scorepad.points"]
    assert [(ev["seat"], ev["points"]) for ev in entered] == [(0, 5), (4, 12), (2, 4), (0, 2)]


def scroll_to_step(ui, step):
    """Scrolls the history until step `step`'s Correct... button is drawn (only rows on screen are)."""
    screen = ui.app.sm.get_screen("history")
    screen.scroll_to_step(step)
    yield from until(lambda: ui.shown(f"history.correct.{step}"), what=f"step {step}'s row")
    yield from settle()
    screen.scroll_to_step(step)  # now that its row is drawn and measured: into the middle
    yield from settle()


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
        yield from settle()
        seen["layout_rows"] = layout_problems(ui, "history with Correct buttons")
        yield from scroll_to_step(ui, target)
        yield from ui.tap(f"history.correct.{target}")
        yield from until(lambda: ui.shown("history.fix.cancel"), what="the fix panel")
        yield from settle()
        assert ui.shown("history.fix.cancel") and ui.shown("history.fix.1")
        assert not ui.shown(f"history.correct.{target}")
        seen["layout"] = layout_problems(ui, "history fix panel")
        yield from ui.tap("history.fix.cancel")
        assert ui.shown(f"history.correct.{target}") and session.history()[-1].step == steps[-1]
        yield from scroll_to_step(ui, target)
        yield from ui.tap(f"history.correct.{target}")
        yield from until(lambda: ui.shown("history.fix.1"), what="the fix panel")
        yield from settle()
        yield from ui.tap("history.fix.1")
        yield from until(lambda: ui.screen == "trajan_table", what="the table after the correction")
        seen["notice"] = ui.app.trajan_vm.notice_text

    run_ui(session, script)
    assert seen["layout_rows"] == [] and seen["layout"] == []
    assert session.notice is not None and session.notice.text.startswith(f"Step {target} corrected"), session.notice
    assert seen["notice"].startswith(f"Step {target} corrected")
    after = in_effect(session)
    assert after[:1] == steps[:1] and not set(steps[1:]) & set(after), "the old steps are taken back"
    fixed = next(e for e in session.history() if e.step == after[1])
    assert fixed.events != before, "the corrected step is the other choice"


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_points_panel_fits_eight_long_names(session, profile):
    players = ("Bartholomew", "Maximilian", "Christopher", "Alexandra", "王芳", "李伟", "张敏", "Flo")
    score_pad(session, players=players, entries=tuple((seat, 10 + seat) for seat in range(8)))
    seen = {}

    def script(ui):
        yield from ui.tap("table.history")
        ui.app.history_vm.open_fix(3)  # Maximilian's 11 (the rows of 8 entries need scrolling here)
        yield from settle()
        assert ui.find("history.fix.seat.1").selected and ui.text("history.fix.points") == "+11"
        seen["layout"] = layout_problems(ui, f"score pad fix panel at {profile}")
        seen["broken"] = [ui.text(f"history.fix.seat.{seat}") for seat in range(8)
                          if ui.find(f"history.fix.seat.{seat}").texture_size[1] > 1.6 * ui.find(f"history.fix.seat.{seat}").font_size]
        seen["confirm"] = ui.find("history.fix.confirm").to_window(*ui.find("history.fix.confirm").pos)

    run_ui(session, script, profile=profile)
    assert seen["layout"] == []
    assert seen["broken"] == [], "a long name shrinks rather than break over two lines"
    assert seen["confirm"][1] >= 0, "Confirm is on screen without scrolling"
