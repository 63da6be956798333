"""A Trajan history reads as headings, "Season 2 · Round 3" above that round's steps (newest
first), each step without its own "S2 R3 ·" prefix; a score pad's history stays a flat list."""

from __future__ import annotations

import pytest

from companion.core.engine import HistoryEntry
from companion.session import Intent
from uiharness import layout_problems, run_ui, until

pytestmark = pytest.mark.timeout(60)


def trajan_until(session, season, rnd, limit=400):
    """A 2-player Trajan game played by each first choice until the table is at (season, rnd)."""
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 3, "start_player": 0}}))
    for _ in range(limit):
        view = session.table_view().view
        if (view["season"], view["round"]) >= (season, rnd):
            return
        choice = view["choices"][0]
        session.handle(Intent(choice["name"], dict(choice.get("args", {}))))
        assert session.notice is None, session.notice
    raise AssertionError(f"no Season {season} Round {rnd} within {limit} moves")


def row(step, season, rnd, text, undone=False):
    """A row as trajan.format.history_rows gives it: `text` with its prefix, `bare` without."""
    bare = text.split(" · ", 1)[1] if " · " in text else text
    return {"step": step, "time": "", "text": text, "bare": bare, "undone": undone, "season": season, "round": rnd}


def test_headings_above_each_run_newest_first():
    from companion.ui.text.formatting import under_round_headings

    lines = under_round_headings([
        row(5, 2, 1, "S2 R1 · Bo passes."),
        row(4, 1, 4, "S1 R4 · Undid step 3: Ann passes."),
        row(3, 1, 4, "S1 R4 · Ann passes.", undone=True),
        {**row(2, 1, 1, "S1 R1 · no prefix here"), "bare": "no prefix here"},
    ])
    assert [(line["kind"], line["text"]) for line in lines] == [
        ("heading", "Season 2 · Round 1"), ("step", "Bo passes."),
        ("heading", "Season 1 · Round 4"), ("step", "Undid step 3: Ann passes."), ("step", "Ann passes."),
        ("heading", "Season 1 · Round 1"), ("step", "no prefix here"),
    ]
    assert lines[4]["undone"] and lines[4]["step"] == 3, "an undone step keeps its mark under its heading"
    flat = [{"step": 1, "time": "", "text": "Ann: +5", "undone": False}]
    assert under_round_headings(flat) == [{**flat[0], "kind": "step"}]


@pytest.mark.parametrize("language, heading", [("zh-Hans", "第 2 季 · 第 3 轮"), ("zh-Hant", "第 2 季 · 第 3 輪")])
def test_headings_in_chinese(language, heading):
    from companion.ui.text import i18n
    from companion.ui.text.formatting import under_round_headings

    i18n.set_language(language)
    prefix = i18n._("S{season} R{round}").format(season=2, round=3)
    lines = under_round_headings([row(9, 2, 3, f"{prefix} · 安 结束回合。")])
    assert [line["text"] for line in lines] == [heading, "安 结束回合。"]


def test_trajan_history_view_model_groups_steps_by_season_and_round(session):
    from companion.ui.trajan.format import history_rows
    from companion.ui.shell.viewmodels import HistoryViewModel

    trajan_until(session, 2, 2)
    session.handle(Intent("undo"))
    vm = HistoryViewModel(choices_for=lambda step: session.correction_view(step).get("choices", []))
    vm.refresh(session.history(), [], "trajan")
    raw = {r["step"]: r for r in history_rows(session.history())}
    headings = [(line["season"], line["round"]) for line in vm.lines if line["kind"] == "heading"]
    assert headings == sorted(set(headings), reverse=True), "one heading per round, newest first"
    assert headings[0] == (2, 1) and headings[-1] == (1, 1) and (1, 4) in headings
    under = None
    for line in vm.lines:
        if line["kind"] == "heading":
            under = (line["season"], line["round"])
            assert line["text"] == f"Season {under[0]} · Round {under[1]}"
            continue
        assert (raw[line["step"]]["season"], raw[line["step"]]["round"]) == under
        assert raw[line["step"]]["text"] == f"S{under[0]} R{under[1]} · " + line["text"], "the prefix is dropped"
    assert vm.rows == [line for line in vm.lines if line["kind"] == "step"]
    assert [r["step"] for r in vm.rows] == sorted(raw, reverse=True), "every step, newest first"
    assert vm.rows[0]["text"].startswith("Undid step") and any(r["undone"] for r in vm.rows)


def test_history_screen_shows_the_headings(session):
    from companion.ui.shell.screens.history import HistoryHeading, HistoryRow

    trajan_until(session, 1, 3)
    choice = session.table_view().view["choices"][0]  # a step in round 3 (the last one ended round 2)
    session.handle(Intent(choice["name"], dict(choice.get("args", {}))))
    seen = {}

    def script(ui):
        yield from ui.tap("trajan.history")
        assert ui.screen == "history"
        screen = ui.app.sm.get_screen("history")
        yield from until(lambda: screen.rows(), what="the rows on screen")
        seen["drawn"] = [(type(w).__name__, w.text) for w in screen.rows()]
        seen["order"] = [(item["viewclass"], item["text"]) for item in screen.ids.steps.data]
        seen["layout"] = layout_problems(ui, "trajan history")

    run_ui(session, script)
    assert seen["layout"] == []
    order = seen["order"]
    assert seen["drawn"] == order[:len(seen["drawn"])], "what is drawn is the list's top, in its order"
    assert {kind for kind, _text in seen["drawn"]} == {HistoryHeading.__name__, HistoryRow.__name__}
    assert order[0] == ("HistoryHeading", "Season 1 · Round 3"), "the newest round on top"
    assert [text for kind, text in order if kind == "HistoryHeading"] == [
        "Season 1 · Round 3", "Season 1 · Round 2", "Season 1 · Round 1"]
    assert order[-1][0] == "HistoryRow" and order[-1][1].startswith("Seated Ann, Bo"), "the setup, under round 1"
    assert not any(text.startswith("S1 R") for kind, text in order if kind == "HistoryRow")
