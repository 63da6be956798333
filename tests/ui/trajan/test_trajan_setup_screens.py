"""The set-up screens through a real offscreen window: pads chosen per seat, what the table drew
entered by touch (with the rules' refusal shown on the page), names offered again after a restart,
and every new page fitting each display profile with big, named targets."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from uiharness import LayoutProblems, run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(150)

WHEEL = ["yellow", "orange", "green", "white", "pink", "blue", "orange", "yellow", "white", "green", "blue", "pink"]


def enter(ui, wheel, tiles, bonus):
    """Taps the picker for every blank of one player, in the order the cursor walks them."""
    for colour in wheel:
        yield from ui.tap(f"trajan.setup.draws.colour.{colour}")
    for kind, c1, c2 in tiles:
        yield from ui.tap(f"trajan.setup.draws.tile.{kind}")
        yield from ui.tap(f"trajan.setup.draws.colour.{c1}")
        yield from ui.tap(f"trajan.setup.draws.colour.{c2}")
    if bonus:
        yield from ui.tap(f"trajan.setup.draws.bonus.{bonus}")


def test_pads_and_what_the_table_drew_by_touch(session):
    from companion.games import all_rules
    from companion.session import Session

    trajan = Session(all_rules(), session.store)

    def script(ui):
        yield from ui.tap("home.game.trajan")
        ui.find("trajan.setup.name.0").text = "Ann"
        ui.find("trajan.setup.name.1").text = "Bo"
        assert ui.text("trajan.setup.pad.0") == "Pad 1" and ui.text("trajan.setup.pad.1") == "Pad 2"
        yield from ui.tap("trajan.setup.pad.0")
        assert ui.text("trajan.setup.pad.0") == "Pad 3", "pad 2 is Bo's: the next free one"
        yield from ui.tap("trajan.setup.first.0")
        yield from ui.tap("trajan.setup.draws.table")
        assert ui.text("trajan.setup.start") == "Next"
        yield from ui.tap("trajan.setup.start")
        assert ui.screen == "trajan_setup" and ui.shown("trajan.setup.draws.marker.0.0")
        assert not ui.shown("trajan.setup.name.0") and ui.find("trajan.setup.start").disabled
        assert ui.text("trajan.setup.draws.prompt") == "Ann: tray I, marker 1 of 2"
        two_workers = [("workers1", "pink", "blue"), ("workers2", "green", "white"), ("victory", "yellow", "orange")]
        yield from enter(ui, WHEEL[:2], [], None)
        draws = ui.app.trajan_setup_vm.draws
        yield from ui.tap("trajan.setup.draws.seat.1")
        ui.app.game_ui("trajan").start_game()  # what a script could do while Start is disabled
        assert trajan.engine is None and (draws.seat, draws.cursor) == (0, 2), "to the first blank, nothing dealt"
        yield from enter(ui, WHEEL[2:], two_workers, "workers")
        assert ui.find("trajan.setup.draws.seat.1").selected, "Bo's turn to be entered"
        yield from enter(ui, WHEEL[::-1], [("plus2", "white", "white"), ("cards", "blue", "pink"),
                                            ("legion1", "green", "orange")], "bonus")
        assert ui.find("trajan.setup.start").disabled and ui.find("trajan.setup.draws.senate.0").focused
        assert ui.text("trajan.setup.draws.prompt") == "Beside the senate: bonus tile 1 of 2"
        assert not ui.shown("trajan.setup.draws.bonus.bonus") or ui.find("trajan.setup.draws.bonus.bonus").disabled
        yield from ui.tap("trajan.setup.draws.bonus.legionnaires")
        yield from ui.tap("trajan.setup.draws.bonus.demand_bread")
        assert ui.text("trajan.setup.draws.senate.1") == "Beside the senate: Bread bonus"
        assert not ui.find("trajan.setup.start").disabled
        yield from ui.tap("trajan.setup.start")
        assert ui.screen == "trajan_setup" and trajan.engine is None
        assert ui.text("trajan.setup.notice") == "Each player starts with 3 Trajan tiles from 3 different stacks."
        assert ui.text("trajan.setup.notice.rule") == "Rule: Trajan setup" and ui.shown("trajan.setup.notice")
        yield from ui.tap("trajan.setup.draws.seat.0")
        yield from ui.tap("trajan.setup.draws.slot.1")
        yield from ui.tap("trajan.setup.draws.tile.cards")
        yield from ui.tap("trajan.setup.draws.colour.green")
        yield from ui.tap("trajan.setup.draws.colour.white")
        yield from ui.tap("trajan.setup.start")
        assert ui.screen == "trajan_table", ui.app.trajan_setup_vm.notice_text
        yield from ui.tap("trajan.home")
        yield from ui.tap("home.game.trajan")
        assert ui.screen == "trajan_setup" and ui.shown("trajan.setup.name.0"), "a new set-up starts on the players"
        assert ui.text("trajan.setup.start") == "Next" and ui.app.trajan_setup_vm.draws.first_missing() == (0, 0)
        assert ui.text("trajan.setup.pad.0") == "Pad 3", "and offers this game's pads again"

    run_ui(trajan, script)
    players = trajan.table_view().view["players"]
    assert [sorted(t) for t in players[0]["wheel"]] == [sorted(WHEEL[i:i + 2]) for i in range(0, 12, 2)]
    assert players[0]["trajan_slots"][3] == {"kind": "cards", "colours": ["green", "white"]}
    assert players[1]["bonus_tiles"] == [["bonus", "yellow"]]
    assert trajan.table_view().view["senate_bonus"] == ["legionnaires", "demand_bread"]
    assert trajan.seat_pads == (2, 1)
    trajan.shutdown()


def test_names_colours_and_pads_are_offered_again_after_a_restart(tmp_path):
    from companion.core.store import JournalStore
    from companion.games import all_rules
    from companion.session import Session

    before = Session(all_rules(), JournalStore(tmp_path))
    before.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo", "Cy"], "colours": ["green", "red", "blue"], "seed": 2, "pads": [None, 0, 1]}}))
    before.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Xi", "Yu"], "seed": 2}}))
    before.handle(Intent("finish"))
    before.shutdown()
    after = Session(all_rules(), JournalStore(tmp_path))

    def script(ui):
        yield from ui.tap("home.game.trajan")
        assert [ui.text(f"trajan.setup.name.{i}") for i in range(3)] == ["Ann", "Bo", "Cy"]
        assert [ui.text(f"trajan.setup.colour.{i}") for i in range(3)] == ["Green", "Red", "Blue"]
        assert [ui.text(f"trajan.setup.pad.{i}") for i in range(3)] == ["No pad", "Pad 1", "Pad 2"]
        yield from ui.tap("trajan.setup.back")
        yield from ui.tap("home.game.scorepad")
        assert [ui.text(f"setup.name.{i}") for i in range(2)] == ["Xi", "Yu"]
        assert ui.app.find_widget("setup.name.2") is None
        assert [ui.text(f"setup.pad.{i}") for i in range(2)] == ["Pad 1", "Pad 2"]
        yield from ui.tap("setup.pad.1")
        yield from ui.tap("setup.start")
        assert ui.screen == "table"

    run_ui(after, script)
    assert after.seat_pads == (0, 2), "the score pad's set-up sent its pads"
    after.shutdown()


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_the_setup_pages_fit_with_wids_and_big_targets(session, profile):
    problems = LayoutProblems(profile)
    check = problems.check

    def script(ui):
        app = ui.app
        for language in ("en", "zh-Hans"):
            app.set_language(language)
            app.open_game("trajan")
            vm = app.trajan_setup_vm
            vm.set_count(4)
            vm.set_digital_draws(False)
            yield from check(ui, "players with pads")
            yield from ui.tap("trajan.setup.start")
            yield from check(ui, "draws: a marker")
            vm.draws.focus_tile(1)
            yield from check(ui, "draws: a tile")
            vm.draws.pick("legion2")
            yield from check(ui, "draws: a tile's colour")
            vm.draws.focus_bonus()
            yield from check(ui, "draws: the bonus tile")
            vm.draws.focus_senate(1)
            yield from check(ui, "draws: a bonus tile beside the senate")
            vm.show_notice(app.session.notice.__class__("refused", "Each player starts with one different bonus tile.",
                                                        {}, "Trajan setup"))
            yield from check(ui, "draws with a refusal")
            assert ui.shown("trajan.setup.draws.bonus.workers") and ui.shown("trajan.setup.notice.rule")
            yield from ui.tap("trajan.setup.back")
            assert ui.shown("trajan.setup.pad.3")
            app.open_game("scorepad")
            app.setup_vm.set_count(8)
            yield from check(ui, "score pad with 8 and pads")

    session.handle(Intent("undo"))  # a notice to copy the shape of (no game is open)
    run_ui(session, script, profile=profile, watchdog=60)
    assert not problems, "\n".join(problems)
