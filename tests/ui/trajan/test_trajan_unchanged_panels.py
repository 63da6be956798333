"""A tap touches the panels it changes and no other: a panel fed the same parts of the view (and the
same language) is not worded again, and on the screen the labels of a panel a tap did not change
are not laid out again."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.ui.trajan.test_trajan_one_tap import tray_game
from tests.ui.trajan.test_trajan_viewmodels import table_vm

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def _counting(panel, name, calls):
    """Counts calls of `panel`'s helper `name` (made once per row or line it words)."""
    helper = getattr(panel, name)

    def counted(*args, **kwargs):
        calls[name] = calls.get(name, 0) + 1
        return helper(*args, **kwargs)

    setattr(panel, name, counted)


def test_a_panel_fed_the_same_view_parts_is_not_worded_again(session):
    from companion.ui.text import i18n

    tray_game(session, "military", players=("Ann", "Bo", "Cy"))
    vm = table_vm(session)
    calls: dict[str, int] = {}
    _counting(vm.players, "_row", calls)
    _counting(vm.time_track, "_turn_text", calls)
    vm.update(session.table_view())  # a new view, the same game
    assert calls == {}, "nothing the panels show changed: none was worded again"

    i18n.set_language("zh-Hans")
    vm.relabel()
    assert calls == {"_row": 3, "_turn_text": 1}, "another language: every panel worded again"
    assert vm.players.rows[0]["senate_text"] != "Senate 0"
    i18n.set_language("en")
    vm.relabel()
    calls.clear()

    tray = next(t for t in vm.trays.rows if t["enabled"])
    vm.choose(tray["index"])  # a pick-up: time moves, the cards stay
    assert calls.get("_turn_text") == 1 and "_row" not in calls


def test_a_tap_that_leaves_a_panel_unchanged_lays_none_of_its_labels_out_again(session):
    """Ann picks up a tray that lands in Military, then takes an action there: the season, the
    round, the time, the demands, the senate's tiles and Cy's card are as they were, and none of
    their labels is laid out again; the prompt and the buttons that did change are."""
    from companion.ui import widgets

    tray = tray_game(session, "military", players=("Ann", "Bo", "Cy"))
    laid_out: list[str] = []
    seen = {}
    unchanged = ["trajan.status", "trajan.time", "trajan.demand.0", "trajan.demand.1", "trajan.demand.2",
                 "trajan.senate_bonus.0", "trajan.senate_bonus.1"] + [
        f"trajan.player.2.{part}" for part in ("name", "senate", "demands", "vp")]
    texture_update = widgets.KeepsTextures.texture_update

    def counted(label, *args):
        laid_out.append(getattr(label, "wid", ""))
        texture_update(label, *args)

    def script(ui):
        app = ui.app
        yield from settle()
        yield from ui.tap(f"trajan.tray.{tray}")
        yield from settle()
        assert app.trajan_vm.entry == "choices"
        seen["before"] = {wid: ui.text(wid) for wid in unchanged}
        action = next(c for c in app.trajan_vm.choices.rows if c["kind"] == "action" and c["enabled"])
        widgets.KeepsTextures.texture_update = counted
        try:
            yield from ui.tap(action["wid"])
            yield from settle()
        finally:
            widgets.KeepsTextures.texture_update = texture_update
        seen["after"] = {wid: ui.text(wid) for wid in unchanged}

    run_ui(session, script)
    assert seen["after"] == seen["before"], "the tap changed none of these"
    assert "trajan.prompt" in laid_out, "what the tap changed is laid out anew"
    again = sorted(set(laid_out) & set(unchanged))
    assert again == [], f"labels of unchanged panels laid out again: {again}"
