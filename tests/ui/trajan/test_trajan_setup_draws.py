"""Trajan set-up with the table's draws, without a window: the page that enters what the table drew
(markers per tray, start tiles, bonus tiles, the two beside the senate), what its cursor offers,
what it sends, and the rules' refusals shown on it, translated."""

from __future__ import annotations

import pytest

from companion.session import Intent
from companion.ui.text import i18n

pytestmark = pytest.mark.timeout(60)
SENATE = 22  # the first senate blank: after a player's 12 markers, 3 × 3 tile parts and bonus tile

#: A valid wheel: each colour twice, two different colours per tray (read off tray I to VI).
WHEEL = ["yellow", "orange", "green", "white", "pink", "blue", "orange", "yellow", "white", "green", "blue", "pink"]
TILES = ["victory", "pink", "blue", "cards", "green", "white", "workers2", "yellow", "orange"]


def setup_vm(count=2):
    from companion.cli import game_choices
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    vm = TrajanSetupViewModel()
    vm.configure(next(c for c in game_choices() if c.id == "trajan"))
    vm.set_count(count)
    for seat, name in enumerate(("Ann", "Bo", "Cy", "Di")[:count]):
        vm.set_name(seat, name)
    return vm


def enter_player(draws, wheel=WHEEL, tiles=TILES, bonus="workers"):
    for value in (*wheel, *tiles, bonus):
        draws.pick(value)


def enter_senate(draws, tiles=("legionnaires", "demand_bread")):
    for tile in tiles:
        draws.pick(tile)


def test_the_ids_offered_are_the_rules_own():
    from companion.games.trajan import rules_data as R
    from companion.ui.trajan import setup_draws as D

    assert D.MARKER_COLOURS == R.COLOURS and D.MARKERS_PER_COLOUR == R.MARKERS_PER_COLOUR
    assert D.BONUS_TILES == R.BONUS_TILES
    assert sorted(D.TILE_KINDS) == sorted(k for stack in R.TRAJAN_STACKS.values() for k in stack)
    assert D.START_SLOTS == tuple(("I", "II", "III", "IV", "V", "VI")[s] for s in R.START_TILE_SLOTS)
    assert D.TRAYS == len(R.ACTIONS) and (D.SENATE, D.SENATE_TILES) == (SENATE, 2)


def test_table_draws_lead_to_the_draws_page_and_back():
    vm = setup_vm()
    assert vm.start_text == "Start" and not vm.wants_draws_entry()
    vm.set_digital_draws(False)
    assert vm.start_text == "Next" and vm.wants_draws_entry()
    vm.open_draws()
    assert vm.draws_open and vm.title == "What the table drew" and vm.start_text == "Start"
    assert not vm.can_start, "Start waits until nothing is blank"
    assert [t["markup"].split("[/color] ")[1] for t in vm.draws.tabs] == ["Ann", "Bo"]
    assert vm.draws.prompt == "Ann: tray I, marker 1 of 2"
    assert vm.back() and not vm.draws_open and vm.title == "New Trajan game"
    assert not vm.back(), "on the players page Back is the app's (home)"


def test_one_cursor_walks_every_blank_and_moves_on_to_the_next_player():
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    draws = vm.draws
    for value in WHEEL[:4]:
        draws.pick(value)
    assert [m["colour"] for m in draws.markers[:5]] == [*WHEEL[:4], ""] and draws.markers[4]["focused"]
    assert draws.prompt == "Ann: tray III, marker 1 of 2"
    for value in WHEEL[4:]:
        draws.pick(value)
    assert draws.prompt == "Ann: the Trajan tile on slot II"
    assert [o["value"] for o in draws.options][:3] == ["victory", "plus2", "cards"]
    draws.pick("legion1")
    assert draws.prompt == "Ann: slot II tile, colour 1 of 2" and draws.tiles[0]["focused"]
    draws.pick("green"), draws.pick("green")  # a tile may show one colour twice: the rules say
    assert "Legion I" in draws.tiles[0]["markup"] and draws.prompt == "Ann: the Trajan tile on slot IV"
    for value in TILES[3:]:
        draws.pick(value)
    assert draws.prompt == "Ann: the bonus tile drawn" and len(draws.options) == 12
    draws.pick("legionnaires")
    assert draws.is_seat_done(0) and draws.tabs[0]["done"] and draws.tabs[0]["markup"].endswith("✓")
    assert draws.seat == 1 and draws.prompt == "Bo: tray I, marker 1 of 2", "on to the next player"
    assert not vm.can_start


def test_only_the_physically_impossible_is_not_offered():
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    draws = vm.draws
    draws.pick("yellow"), draws.pick("yellow")
    enabled = {o["value"]: o["enabled"] for o in draws.options}
    assert not enabled["yellow"] and enabled["orange"], "a player has two yellow markers, not three"
    draws.pick("pink")  # tray II
    draws.focus_marker(0)
    assert {o["value"]: o["enabled"] for o in draws.options}["yellow"], "re-entering a yellow marker"
    draws.pick("blue")
    assert draws.cursor == 3, "after a correction the cursor goes to the next blank"
    draws.select_seat(1)
    draws.focus_bonus()
    draws.pick("bonus")
    draws.select_seat(0)
    draws.focus_bonus()
    assert {o["value"]: o["enabled"] for o in draws.options}["bonus"] is False, "one tile of each"
    draws.focus_tile(2)
    draws.pick("cards"), draws.pick("white"), draws.pick("pink")
    draws.focus_tile(2)
    draws.pick("victory")
    assert draws.tiles[2]["markup"].count("○") == 2, "another kind of tile asks its colours again"
    draws.pick("nonsense")
    assert draws.tiles[2]["focused"] and draws.prompt == "Ann: slot VI tile, colour 1 of 2", "not offered: ignored"


def test_what_the_table_drew_is_what_the_game_starts_with(session):
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    assert "start_trays" not in vm.intent().args["setup"], "nothing until everything is entered"
    enter_player(vm.draws)
    other = ["pink", "blue", "yellow", "orange", "green", "white"] * 2
    enter_player(vm.draws, other, ["plus2", "white", "white", "demand_bread", "blue", "pink", "legion2", "green",
                                   "orange"], "commodity_wine_fish")
    assert not vm.can_start and "start_trays" not in vm.intent().args["setup"], "the senate's tiles are missing"
    assert vm.draws.cursor == SENATE and vm.draws.senate[0]["focused"] and vm.draws.seat == 1
    assert vm.draws.prompt == "Beside the senate: bonus tile 1 of 2"
    offered = {o["value"] for o in vm.draws.options if o["enabled"]}
    assert len(offered) == 10 and not offered & {"workers", "commodity_wine_fish"}, "the players' are not offered"
    enter_senate(vm.draws)
    assert [r["text"] for r in vm.draws.senate] == ["Beside the senate: Legionnaires bonus", "Beside the senate: Bread bonus"]
    assert vm.can_start and vm.draws.cursor == -1
    assert vm.draws.prompt == "Everything the table drew is entered: Start."
    setup = vm.intent().args["setup"]
    assert setup["start_trays"][0] == [WHEEL[i:i + 2] for i in range(0, 12, 2)]
    assert setup["start_tiles"][1][0] == ["plus2", "white", "white"] and setup["start_bonus"] == ["workers", "commodity_wine_fish"]
    session.handle(vm.intent())
    assert session.notice is None, session.notice
    players = session.table_view().view["players"]
    assert [sorted(t) for t in players[0]["wheel"]] == [sorted(WHEEL[i:i + 2]) for i in range(0, 12, 2)]
    assert players[0]["trajan_slots"][1] == {"kind": "victory", "colours": ["pink", "blue"]}
    assert players[1]["trajan_slots"][5] == {"kind": "legion2", "colours": ["green", "orange"]}
    assert [p["bonus_tiles"] for p in players] == [[["workers", "yellow"]], [["commodity_wine_fish", "yellow"]]]
    assert setup["senate_bonus"] == ["legionnaires", "demand_bread"]
    assert session.table_view().view["senate_bonus"] == ["legionnaires", "demand_bread"]
    vm.game_started()
    assert not vm.draws_open and not vm.draws.is_seat_done(0), "the next game's draws start blank"


def test_app_draws_send_no_table_draws_even_after_the_page_was_open():
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    enter_player(vm.draws)
    vm.back()
    vm.set_digital_draws(True)
    assert not {"start_trays", "start_tiles", "start_bonus"} & set(vm.intent().args["setup"])


def enter_doubled_trays(vm):
    """The table's draws, entered by hand: the first player's trays each hold two markers of one
    colour; the second player's and the senate's as the other tests enter them."""
    vm.set_digital_draws(False)
    vm.open_draws()
    doubled = ["yellow", "yellow", "orange", "orange", "green", "green", "white", "white", "pink", "pink", "blue", "blue"]
    enter_player(vm.draws, doubled)
    enter_player(vm.draws, bonus="bonus")
    enter_senate(vm.draws)


@pytest.mark.parametrize("language, text, rule", [
    ("en", "The two markers in tray I must be different colours.", "Rule: Trajan 1.2 setup"),
    ("zh-Hans", "圆盘 I 里的两个行动指示物必须颜色不同。", "规则：图拉真 1.2 游戏准备"),
])
def test_the_rules_refusal_shows_on_the_page_translated(session, language, text, rule):
    vm = setup_vm()
    # Two markers of one colour in a tray are refused only with the KNOB/MONO setting (the rulebook,
    # p3, allows any two: the default).
    vm.cycle_setting("start_trays_two_colours")
    assert vm.settings_overrides() == {"start_trays_two_colours": True}
    enter_doubled_trays(vm)
    session.handle(vm.intent())
    assert session.engine is None and session.notice.rule == "Trajan 1.2 setup"
    i18n.set_language(language)
    vm.show_notice(session.notice)
    assert (vm.notice_text, vm.notice_rule) == (text, rule)
    assert vm.draws_open, "the table stays on the page to fix it"
    vm.show_notice(None)
    assert vm.notice_text == vm.notice_rule == ""


def test_the_same_trays_start_a_game_by_default(session):
    # The rulebook (p3: 任意分配两个): any two markers a tray, two of one colour included.
    vm = setup_vm()
    enter_doubled_trays(vm)
    session.handle(vm.intent())
    assert session.engine is not None, session.notice
    assert session.engine.state.players[0].wheel[0] == ("yellow", "yellow")


def test_a_refused_tile_names_it_in_the_table_language(session):
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    same_stack = ["workers1", "pink", "blue", "workers2", "green", "white", "cards", "yellow", "orange"]
    enter_player(vm.draws, tiles=same_stack)
    enter_player(vm.draws, bonus="bonus")
    enter_senate(vm.draws)
    session.handle(vm.intent())
    i18n.set_language("zh-Hans")
    vm.show_notice(session.notice)
    assert vm.notice_text == "每位玩家开局从 3 个不同的板块堆各拿 1 块图拉真板块。"


def test_going_back_to_fix_a_name_keeps_the_draws_but_another_count_starts_afresh():
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    enter_player(vm.draws)
    vm.back()
    vm.set_name(0, "Anna")
    vm.open_draws()
    assert vm.draws.is_seat_done(0) and vm.draws.tabs[0]["markup"].split("[/color] ")[1].startswith("Anna")
    assert vm.draws.seat == 1, "the cursor is on the first blank"
    vm.back()
    vm.increase()
    vm.open_draws()
    assert not vm.draws.is_seat_done(0) and len(vm.draws.tabs) == 3


def test_the_senate_tiles_are_the_tables_and_a_players_tile_is_not_offered_there():
    vm = setup_vm()
    vm.set_digital_draws(False)
    vm.open_draws()
    draws = vm.draws
    draws.focus_senate(1)
    assert draws.senate[1]["focused"] and draws.prompt == "Beside the senate: bonus tile 2 of 2"
    draws.pick("bonus")
    assert draws.seat == 0 and draws.cursor == SENATE, "then the other senate tile"
    draws.pick("workers")
    assert draws.cursor == 0, "then the players, from the one shown"
    draws.select_seat(1)
    assert [r["text"] for r in draws.senate] == ["Beside the senate: Workers bonus", "Beside the senate: Bonus-tiles bonus"]
    draws.focus_bonus()
    enabled = {o["value"]: o["enabled"] for o in draws.options}
    assert not enabled["bonus"] and not enabled["workers"] and enabled["legionnaires"], "one tile of each"
    draws.pick("legionnaires")
    draws.focus_senate(0)
    enabled = {o["value"]: o["enabled"] for o in draws.options}
    assert enabled["workers"] and not enabled["legionnaires"] and not enabled["bonus"]
    assert draws.first_missing() == (0, 0)


def test_a_players_tile_beside_the_senate_is_refused_naming_the_rule(session):
    """What the page cannot stop (a script, or a journal's setup) the rules refuse."""
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 1, "digital_draws": False,
        "start_bonus": ["workers", "bonus"], "senate_bonus": ["workers", "legionnaires"]}}))
    assert session.engine is None and session.notice.rule == "Trajan 1.11 bonus tiles"
    vm = setup_vm()
    i18n.set_language("zh-Hans")
    vm.show_notice(session.notice)
    assert vm.notice_text == i18n._("The bonus tile {tile} is a player's: it cannot also lie beside the senate.").format(
        tile=i18n._("Workers bonus")) and vm.notice_text.isascii() is False
