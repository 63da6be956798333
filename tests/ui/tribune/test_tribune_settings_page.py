"""Tribune's settings page by touch: from the victory card's screen, "Rules..." shows every S/U
setting the players decide on (the take-over rule, the first take-over's two cards, several
winners …) and each faction's benefits, each with its source and mark; taps change them, the set-up
sends them, and the game started plays by them (its state holds the settings, its benefit table the
table's row, marked as the table's). "Defaults" undoes every change."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def _to_settings(ui):
    app = ui.app
    yield from ui.tap("home.game.tribune")
    while app.setup_vm.count > 2:
        yield from ui.tap("tribune.setup.count.minus")
    for seat, name in enumerate(("Ann", "Bo")):
        ui.find(f"tribune.setup.name.{seat}").text = name
    yield from ui.tap("tribune.setup.victory_card")
    yield from ui.tap("tribune.victory.laurels.plus")
    yield from ui.tap("tribune.victory.needed.plus")
    assert ui.text("tribune.victory.rules") == "Rules: as the app reads them"
    yield from ui.tap("tribune.victory.settings")
    assert ui.screen == "tribune_settings"


def test_the_table_changes_the_rules_by_touch_and_the_game_plays_by_them(session):
    def script(ui):
        yield from _to_settings(ui)
        rule = ui.text("tribune.settings.takeover_rule")
        assert rule.startswith("Two claimants of a take-over: German rules") and rule.endswith("\nOther source: check your box")
        several = ui.text("tribune.settings.several_winners")
        assert "the table decides" in several and several.endswith("\nNo source: check your box")
        assert ui.text("tribune.settings.first_takeover_max_two").startswith("The first take-over: at most 2 cards: no")
        gladiators = ui.find("tribune.settings.benefit.gladiators.takeover")
        assert gladiators.text == "Take-over: 1 legion(s)"
        assert gladiators.parent.parent.ids.title.text.endswith("\nOther source: check your box")  # who gives the row
        yield from ui.tap("tribune.settings.takeover_rule")
        assert "FFG: space 1 beats" in ui.text("tribune.settings.takeover_rule")
        assert "changed by the table" in ui.text("tribune.settings.takeover_rule")
        yield from ui.tap("tribune.settings.first_takeover_max_two")
        for _ in range(2):  # table → most conditions met → the largest margins
            yield from ui.tap("tribune.settings.several_winners")
        assert "the largest margins win" in ui.text("tribune.settings.several_winners")
        assert ui.text("tribune.settings.scrolls_per_tribune").startswith("Scrolls that make the tribune: 2")
        yield from ui.tap("tribune.settings.scrolls_per_tribune")
        assert ui.text("tribune.settings.scrolls_per_tribune").startswith("Scrolls that make the tribune: 3")
        yield from ui.tap("tribune.settings.benefit.legates.benefit")  # 1 legion → 1 laurel
        assert ui.text("tribune.settings.benefit.legates.benefit") == "Every round: 1 laurel(s)"
        yield from ui.tap("tribune.settings.done")
        assert ui.screen == "tribune_setup"
        yield from ui.tap("tribune.setup.start")
        assert ui.screen == "tribune_table", ui.text("tribune.setup.notice")
        settings = ui.app.session.engine.state.settings
        assert (settings.takeover_rule, settings.first_takeover_max_two, settings.several_winners,
                settings.scrolls_per_tribune) == ("ffg", True, "margin", 3)
        assert settings.unkept_cards == "discard", "an untouched setting keeps its default"
        legates = next(b for b in ui.app.session.table_view().view["board"]["benefits"] if b["faction"] == "legates")
        assert [list(g) for g in legates["benefit"]] == [["laurel", 1]] and legates["mark"] == "table"

    run_ui(session, script, watchdog=120)


def test_defaults_undo_every_change(session):
    def script(ui):
        yield from _to_settings(ui)
        yield from ui.tap("tribune.settings.must_declare")
        yield from ui.tap("tribune.settings.benefit.vestals.leader")
        assert ui.app.tribune.rules_text == "Rules: 2 changed by the table"
        yield from ui.tap("tribune.settings.reset")
        assert ui.text("tribune.settings.must_declare").startswith("Only a declared win counts: no")
        assert ui.text("tribune.settings.benefit.vestals.leader") == "Leader: 1 favour"
        assert ui.app.tribune.setup_terms().keys() == {"start_player", "mode", "victory"}

    run_ui(session, script, watchdog=120)


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_the_settings_page_fits(session, profile):
    problems = LayoutProblems(profile)

    def script(ui):
        yield from _to_settings(ui)
        yield from problems.check(ui, "tribune_settings")
        assert not problems

    run_ui(session, script, profile=profile, watchdog=120)
