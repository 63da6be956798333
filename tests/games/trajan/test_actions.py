"""Trajan actions (Trajan 1.4, 1.7–1.10): each action's effect, each refusal naming its rule, and the
digest's "often wrong" points 6, 7, 8 and 10 (Trajan 1.14)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from companion.core.errors import IllegalCommand
from companion.games.trajan import actions as A
from companion.games.trajan import board
from companion.games.trajan import rules_data as R
from companion.games.trajan.commands import Construction, ExtraAction, Forum, Military, Seaport, Senate
from companion.games.trajan.settings import PROVINCES, TrajanSettings
from companion.games.trajan.state import PlayerState, SiteSpace, TrajanState, TurnState
from companion.games.trajan.unseen import UNSEEN, UNSEEN_SITE_TILE

pytestmark = pytest.mark.timeout(30)

NAMES = ("Ann", "Bo", "Cy", "Di")
COLOURS = ("red", "green", "blue", "brown")
SITE = board.site_setup(board.all_site_tiles())  # row-major: fountain 2,3,4,5 then steps 2,3,4,5, …


def table(players: int = 2, **changes) -> TrajanState:
    state = TrajanState(
        phase="turn",
        players=tuple(PlayerState(i, NAMES[i], COLOURS[i]) for i in range(players)),
        senate_stack=tuple(range(players)),
        forum_display=("demand_bread", "demand_bread", "senate_3", "wild_commodity", "extra_forum", "demand_games"),
        extra_display=("extra_military", "extra_senate", "extra_seaport"),
        province_tiles=tuple((p, "demand_religion" if p == "alpes" else None) for p in PROVINCES),
        site=SITE,
    )
    return dataclasses.replace(state, **changes)


def edit(state: TrajanState, seat: int, **changes) -> TrajanState:
    return state.with_player(dataclasses.replace(state.player(seat), **changes))


def refusal(action, state, seat, cmd, **kw) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        action(state, seat, cmd, **kw)
    return info.value


# ---------------------------------------------------------------- seaport (Trajan 1.10)

def test_draw_and_take_discard_add_one_card():
    state = table()
    assert A.seaport(state, 0, Seaport("draw")).player(0).hand == 4
    assert A.seaport(state, 0, Seaport("take_discard")).player(0).hand == 4


@pytest.mark.parametrize("cards", [("wine",), ("wine", "fish"), ("gems", "gems")])
def test_play_puts_named_cards_on_the_display_and_redraws(cards):
    after = A.seaport(table(), 0, Seaport("play", cards)).player(0)
    assert after.hand == 3 and after.display == tuple(sorted(cards)) and after.vp == 0


def test_ship_scores_the_yellow_side_moves_cards_to_the_display_and_turns_the_ship_grey():
    state = A.seaport(edit(table(), 0, hand=5), 0, Seaport("ship", ("wine", "wine", "fish", "fish"), "pairs"))
    ann = state.player(0)
    assert (ann.vp, ann.hand, ann.display) == (10, 1, ("fish", "fish", "wine", "wine"))
    assert state.ships == ("grey", "yellow", "yellow")


def test_ship_takes_the_cards_from_the_hand():
    state = edit(table(), 0, hand=5)
    assert A.seaport(state, 0, Seaport("ship", ("gems",) * 4, "identical")).player(0).hand == 1


@pytest.mark.parametrize("ship, cards, size", [
    ("pairs", ("wine", "wine"), 1), ("pairs", ("wine", "wine", "fish", "fish", "gems", "gems"), 3),
    ("different", ("wine",), 1), ("different", ("wine", "fish", "gems", "oils"), 4),
    ("identical", ("oils",), 1), ("identical", ("oils",) * 4, 4),
])
@pytest.mark.parametrize("side", ["yellow", "grey"])
def test_ship_vp_follows_the_settings_table_by_side(ship, cards, size, side):
    ships = tuple(side if s == ship else "yellow" for s in R.SHIPS)
    state = edit(table(ships=ships), 0, hand=6)
    assert A.seaport(state, 0, Seaport("ship", cards, ship)).player(0).vp == TrajanSettings().ship_vp[ship][side][size - 1]


def test_1_14_10_a_used_ship_scores_grey_values_for_the_rest_of_the_season():
    state = edit(table(), 0, hand=12)
    state = A.seaport(state, 0, Seaport("ship", ("wine", "wine", "fish", "fish"), "pairs"))
    assert state.player(0).vp == 10  # yellow: 2 pairs
    state = A.seaport(state, 0, Seaport("ship", ("gems", "gems", "oils", "oils"), "pairs"))
    assert state.player(0).vp == 10 + 6  # grey: 2 pairs
    assert state.ships[0] == "grey"  # and it stays grey; the season end (rules) turns it back
    state = A.seaport(state, 1, Seaport("ship", ("cattle", "cattle"), "pairs"))
    assert state.player(1).vp == 1


def test_a_commodity_wildcard_stands_for_any_card_on_a_ship_and_is_discarded():
    state = edit(table(), 0, forum=("demand_bread", "wild_commodity"), hand=3)
    state = A.seaport(state, 0, Seaport("ship", ("wine", "wine", "fish", A.WILD), "pairs"))
    ann = state.player(0)
    assert ann.vp == 10 and ann.forum == ("demand_bread",)
    assert ann.hand == 0 and ann.display == ("fish", "wine", "wine")


@pytest.mark.parametrize("ship, cards", [
    ("pairs", (A.WILD, A.WILD)), ("different", ("wine", A.WILD)), ("identical", ("wine", "wine", A.WILD)),
    ("identical", (A.WILD,)),
])
def test_wildcards_fit_every_ship(ship, cards):
    state = edit(table(), 0, forum=("wild_commodity", "wild_commodity"))
    assert A.seaport(state, 0, Seaport("ship", cards, ship)).player(0).forum_count("wild_commodity") == 2 - cards.count(A.WILD)


@pytest.mark.parametrize("ship, cards", [
    ("pairs", ()), ("pairs", ("wine",)), ("pairs", ("wine", "fish")), ("pairs", ("wine", "wine", "fish")),
    ("pairs", ("wine",) * 4), ("pairs", ("wine", "wine", "fish", "fish", "gems", "gems", "oils", "oils")),
    ("pairs", ("wine", "wine", "wine", A.WILD)),
    ("different", ()), ("different", ("wine", "wine")), ("different", ("wine", "fish", "gems", "oils", "furs")),
    ("identical", ()), ("identical", ("wine", "fish")), ("identical", ("wine",) * 5),
    ("identical", ("wine", "fish", A.WILD)),
])
def test_a_wrong_card_set_is_refused_naming_the_ship_rule(ship, cards):
    state = edit(table(), 0, hand=10, forum=("wild_commodity",))
    error = refusal(A.seaport, state, 0, Seaport("ship", cards, ship))
    assert error.rule == "Trajan 1.10 ships" and ship in error.template


def test_seaport_choices_are_legal_and_include_draw_and_ships():
    state = edit(table(), 0, forum=("wild_commodity",), hand=8)
    choices = A.legal_actions(state, 0, "seaport")
    assert choices[:2] == [Seaport("draw"), Seaport("take_discard")]
    assert {c.ship for c in choices if c.kind == "ship"} == set(R.SHIPS)
    assert any(A.WILD in c.cards for c in choices) and any(c.kind == "play" for c in choices)
    for command in choices:
        A.seaport(state, 0, command)


def test_seaport_choices_respect_the_hand_and_the_cards_left():
    state = edit(table(), 0, hand=0)
    assert A.legal_actions(state, 0, "seaport") == [Seaport("draw"), Seaport("take_discard")]
    state = edit(table(), 1, display=tuple(c for c in R.COMMODITIES for _ in range(4)))
    for command in A.legal_actions(state, 0, "seaport"):
        A.seaport(state, 0, command)
        assert command.kind != "ship" or command.ship != "pairs"  # no commodity has 2 cards left


# ---------------------------------------------------------------- forum (Trajan 1.7)

def test_forum_takes_a_displayed_tile():
    state = A.forum(table(), 0, Forum("demand_bread"))
    assert state.player(0).forum == ("demand_bread",)
    assert state.forum_display.count("demand_bread") == 1 and len(state.forum_display) == 5


def test_forum_takes_an_extra_action_tile_from_the_yellow_spaces():
    state = A.forum(table(), 1, Forum("extra_senate", from_extra=True))
    assert state.player(1).forum == ("extra_senate",) and state.extra_display == ("extra_military", "extra_seaport")


def test_forum_choices_are_every_distinct_tile():
    choices = A.legal_actions(table(), 0, "forum")
    assert len(choices) == 5 + 3 and Forum("extra_military", True) in choices


# ---------------------------------------------------------------- military (Trajan 1.8)

def test_recruit_moves_a_figure_from_the_supply_to_the_military_camp():
    ann = A.military(table(), 0, Military("recruit")).player(0)
    assert (ann.supply, ann.military_camp) == (12, 2)


def test_the_leader_moves_one_step_and_takes_the_forum_tile_there():
    state = A.military(table(), 0, Military("move", "alpes"))
    assert state.player(0).leader == "alpes" and state.player(0).forum == ("demand_religion",)
    assert dict(state.province_tiles)["alpes"] is None
    state = A.military(state, 1, Military("move", "alpes"))
    assert state.player(1).forum == ()  # already taken


def test_the_leader_never_returns_to_the_camp():
    state = A.military(table(), 0, Military("move", "noricum"))
    assert A.legal_actions(state, 0, "military") == [
        Military("recruit"), Military("move", "raetia"), Military("legionnaire", "noricum")]
    assert refusal(A.military, state, 0, Military("move", "camp")).rule == "Trajan 1.8 military"


def test_1_14_7_legionnaire_vp_drops_3_per_other_legionnaire_never_below_0():
    state = table(4)
    for seat in range(4):
        state = edit(state, seat, leader="raetia", military_camp=2)  # Raetia: 3 VP
    scores = []
    for seat in range(4):
        assert A.legionnaire_vp(state, seat, "raetia") == max(0, 3 - 3 * seat)
        state = A.military(state, seat, Military("legionnaire"))
        scores.append(state.player(seat).vp)
    assert scores == [3, 0, 0, 0]
    error = refusal(A.military, state, 0, Military("legionnaire"))
    assert error.rule == "Trajan 1.8 military" and "already has a legionnaire" in error.message
    state = edit(table(3), 0, leader="britannia", military_camp=3)  # 10 VP
    state = edit(state, 1, leader="britannia")
    state = edit(state, 2, leader="britannia")
    state = A.military(A.military(state, 1, Military("legionnaire")), 2, Military("legionnaire"))
    assert [state.player(s).vp for s in (1, 2)] == [10, 7]
    assert A.legionnaire_vp(state, 0, "britannia") == 4
    assert A.legionnaire_vp(state, 1, "britannia") == 7  # one's own legionnaire does not count
    assert A.military(state, 0, Military("legionnaire", "britannia")).player(0).vp == 4
    assert sorted(A.military(state, 0, Military("legionnaire")).legionnaires) == [
        ("britannia", 0), ("britannia", 1), ("britannia", 2)]


def test_the_next_legionnaire_in_a_province_scores_the_same_for_every_seat_that_may_send_one():
    from companion.games.trajan.actions_figures import arriving_legionnaire_vp

    state = table(4)
    assert arriving_legionnaire_vp(state, "britannia") == 10
    for seat, expected in ((0, 7), (1, 4), (2, 1), (3, 0)):
        state = edit(state, seat, leader="britannia", military_camp=1)
        state = A.military(state, seat, Military("legionnaire"))
        assert arriving_legionnaire_vp(state, "britannia") == expected
        assert all(A.legionnaire_vp(state, s, "britannia") == expected for s in range(seat + 1, 4))
    assert arriving_legionnaire_vp(state, "alpes") == 3, "other provinces keep their printed VP"


def test_the_view_shows_each_province_with_its_vp_tile_and_figures():
    from companion.games.trajan.view import view

    def provinces(state):
        return view(state)["provinces"]

    state = edit(table(3), 1, leader="britannia", military_camp=1)
    state = A.military(state, 1, Military("legionnaire"))
    state = edit(state, 2, leader="britannia")
    state = edit(state, 0, leader="alpes")
    rows = {p["province"]: p for p in provinces(state)}
    assert [p["province"] for p in provinces(state)] == list(PROVINCES)
    assert rows["britannia"] == {"province": "britannia", "vp": 10, "tile": None, "legion_vp": 7,
                                 "legionnaires": [1], "leaders": [1, 2]}
    assert rows["alpes"] == {"province": "alpes", "vp": 3, "tile": "demand_religion", "legion_vp": 3,
                             "legionnaires": [], "leaders": [0]}
    swapped = TrajanSettings(province_vp={**TrajanSettings().province_vp, "aquitania": 6, "lugudunensis": 10})
    rows = {p["province"]: p for p in provinces(dataclasses.replace(state, settings=swapped))}
    assert (rows["aquitania"]["vp"], rows["lugudunensis"]["legion_vp"]) == (6, 10), "the table's setting counts"


# ---------------------------------------------------------------- senate (Trajan 1.4)

def test_senate_climbs_one_space_scoring_it_and_stacks_the_disc_on_top():
    state = table(3)
    state = A.senate(state, 0, Senate())
    assert state.player(0).senate == 1 and state.player(0).vp == 2
    assert state.senate_stack == (1, 2, 0)
    state = A.senate(state, 1, Senate())
    assert state.senate_stack == (2, 0, 1)


def test_1_14_6_no_more_senate_actions_once_at_the_top_space():
    state = table()
    for _ in range(7):
        state = A.senate(state, 0, Senate())
    assert state.player(0).senate == 7 and state.player(0).vp == 2 + 3 + 4 + 5 + 6 + 7 + 8
    assert A.legal_actions(state, 0, "senate") == []
    error = refusal(A.senate, state, 0, Senate())
    assert error.rule == "Trajan 1.4 senate"
    assert error.message == "Ann is at the top of the senate: no more senate actions this season."


# ---------------------------------------------------------------- construction (Trajan 1.9)

def test_recruit_moves_a_figure_from_the_supply_to_the_workers_camp():
    ann = A.construction(table(), 0, Construction("recruit")).player(0)
    assert (ann.supply, ann.workers_camp) == (12, 2)


def test_a_worker_takes_the_tile_and_its_vp_and_queues_the_first_type_bonus():
    state = edit(table(), 0, workers_camp=3)
    state = A.construction(state, 0, Construction("worker", 7))  # steps 5
    ann = state.player(0)
    assert ann.vp == 5 and ann.construction == (("steps", 5),) and ann.site_workers == (7,)
    assert state.site[7] == SiteSpace(tile=None, workers=(0,))
    assert state.turn.pending_actions == ("forum",)
    state = A.construction(state, 0, Construction("worker", 6))  # steps 4: not the first steps
    assert state.player(0).vp == 9 and state.turn.pending_actions == ("forum",)
    state = A.construction(state, 0, Construction("worker", 11))  # window 5 (row 2, column 1)
    assert state.turn.pending_actions == ("forum", "military")


def test_first_construction_bonus_follows_the_setting():
    settings = TrajanSettings(first_construction_bonus={t: "senate" for t in R.CONSTRUCTION_TYPES})
    state = A.construction(table(settings=settings), 0, Construction("worker", 0))
    assert state.turn.pending_actions == ("senate",)


def test_later_workers_go_orthogonally_next_to_an_own_worker():
    state = edit(table(), 0, workers_camp=4)
    state = A.construction(state, 0, Construction("worker", 6))
    legal = {c.space for c in A.legal_actions(state, 0, "construction") if c.kind == "worker"}
    assert legal == {1, 5, 7, 11}
    error = refusal(A.construction, state, 0, Construction("worker", 12))  # diagonal
    assert error.rule == "Trajan 1.9 construction" and "not diagonally" in error.message
    error = refusal(A.construction, state, 0, Construction("worker", 6))
    assert "already has a worker on space 6" in error.message


def test_a_space_with_another_players_worker_is_legal_and_gives_nothing():
    state = A.construction(table(), 1, Construction("worker", 19))
    state = A.construction(state, 0, Construction("worker", 19))
    ann = state.player(0)
    assert ann.vp == 0 and ann.construction == () and ann.site_workers == (19,)
    assert state.site[19].workers == (0, 1) and state.turn.pending_actions == ("trajan",)  # Bo's roof


def test_site_setup_and_geometry():
    assert len(SITE) == 20 and all(s.workers == () for s in SITE)
    assert [s.tile for s in SITE[:4]] == [("fountain", 2), ("fountain", 3), ("fountain", 4), ("fountain", 5)]
    with pytest.raises(ValueError):
        board.site_setup(board.all_site_tiles()[1:])
    assert board.site_neighbours(0) == (1, 5)
    assert board.site_neighbours(19) == (14, 18)
    assert board.site_neighbours(7) == (2, 6, 8, 12)
    for a in range(20):
        for b in board.site_neighbours(a):
            assert a in board.site_neighbours(b)


# ---------------------------------------------------------------- extra action (Trajan 1.7)

def acted(state: TrajanState, action: str) -> TrajanState:
    return dataclasses.replace(state, turn=TurnState(tray=R.ACTIONS.index(action), acted=True))


def test_1_14_8_one_extra_action_tile_per_turn_plus2_repeats_twice_and_stays():
    state = edit(acted(table(), "senate"), 0, forum=("extra_senate", "wild_extra"), plus2=("senate",))
    state = A.extra_action(state, 0, ExtraAction("senate", "extra_senate"))
    assert state.turn.pending_actions == ("senate", "senate") and state.turn.extra_used
    assert state.player(0).forum == ("wild_extra",) and state.player(0).plus2 == ("senate",)
    error = refusal(A.extra_action, state, 0, ExtraAction("senate", "wild_extra"))
    assert error.rule == "Trajan 1.7 extra action" and "already used an extra-action tile" in error.message
    assert A.legal_actions(state, 0, "extra") == []
    state = A.senate(A.take_pending(state, "senate"), 0, Senate())
    state = A.senate(A.take_pending(state, "senate"), 0, Senate())
    assert state.turn.pending_actions == () and state.player(0).senate == 2
    assert refusal(lambda s, _seat, a: A.take_pending(s, a), state, 0, "senate").rule == "Trajan 1.2 turn"


def test_without_plus2_an_extra_action_repeats_once_and_a_wild_extra_fits_any_action():
    state = edit(acted(table(), "military"), 0, forum=("wild_extra",), plus2=("senate",))
    assert A.legal_actions(state, 0, "extra") == [ExtraAction("military", "wild_extra")]
    state = A.extra_action(state, 0, ExtraAction("military", "wild_extra"))
    assert state.turn.pending_actions == ("military",) and state.player(0).forum == ()


def test_an_extra_action_may_repeat_a_first_construction_bonus_the_caller_names():
    state = edit(acted(table(), "construction"), 0, forum=("extra_forum",))
    error = refusal(A.extra_action, state, 0, ExtraAction("forum", "extra_forum"))
    assert "repeats an action just taken" in error.message
    state = A.extra_action(state, 0, ExtraAction("forum", "extra_forum"), taken=("construction", "forum"))
    assert state.turn.pending_actions == ("forum",)


# ---------------------------------------------------------------- every refusal names its rule

SEAPORT, SHIPS = "Trajan 1.10 seaport", "Trajan 1.10 ships"
MIL, CON, EXTRA = "Trajan 1.8 military", "Trajan 1.9 construction", "Trajan 1.7 extra action"
BROKE = dict(supply=0, military_camp=0, workers_camp=0, hand=1)
REFUSALS = [
    (A.seaport, table(), Seaport("draw", ("wine",)), SEAPORT, "Drawing or taking a discard names no cards and no ship."),
    (A.seaport, table(), Seaport("play", ("wine",), "pairs"), SEAPORT, "Only a shipment names a ship."),
    (A.seaport, table(), Seaport("play", ()), SEAPORT, "Play 1 or 2 cards to the display, not {count}."),
    (A.seaport, table(), Seaport("play", ("wine",) * 3), SEAPORT, "Play 1 or 2 cards to the display, not {count}."),
    (A.seaport, table(), Seaport("play", (A.WILD,)), SEAPORT, "A commodity wildcard goes on a ship, not to the display."),
    (A.seaport, table(), Seaport("play", ("gold",)), SEAPORT, "{card} is not a commodity card."),
    (A.seaport, edit(table(), 0, **BROKE), Seaport("play", ("wine", "fish")), SEAPORT,
     "{name} has only {hand} cards in hand: {count} needed."),
    (A.seaport, table(), Seaport("ship", ("wine", A.WILD), "different"), SEAPORT,
     "{name} has only {have} commodity wildcards: {count} needed."),
    (A.seaport, edit(table(), 1, display=("wine",) * 4), Seaport("ship", ("wine", "wine"), "identical"), SEAPORT,
     "There are only {limit} {card} cards and {shown} already lie in displays."),
    (A.seaport, table(), Seaport("trade"), SEAPORT, "A seaport action is draw, take_discard, play or ship, not {kind}."),
    (A.seaport, table(), Seaport("ship", ("wine",), "galley"), SHIPS, "There is no {ship} ship: pairs, different or identical."),
    (A.seaport, table(), Seaport("ship", ("wine", "fish"), "pairs"), SHIPS,
     "The pairs ship takes 1 to {max} pairs of identical cards, each pair a different commodity."),
    (A.seaport, table(), Seaport("ship", ("wine", "wine"), "different"), SHIPS, "The different ship takes 1 to {max} cards, all different."),
    (A.seaport, table(), Seaport("ship", ("wine", "fish"), "identical"), SHIPS, "The identical ship takes 1 to {max} cards, all the same."),
    (A.forum, table(), Forum("senate_5"), "Trajan 1.7 forum", "{tile} is not on the forum display."),
    (A.forum, table(), Forum("demand_bread", from_extra=True), "Trajan 1.7 forum", "{tile} is not on the extra-action spaces."),
    (A.military, table(), Military("recruit", "alpes"), MIL, "Recruiting names no province."),
    (A.military, edit(table(), 0, **BROKE), Military("recruit"), MIL, "{name} has no figures left in the supply."),
    (A.military, table(), Military("move", "gallia"), MIL, "{province} is not a province."),
    (A.military, table(), Military("move", None), MIL, "{province} is not a province."),
    (A.military, table(), Military("move", "camp"), MIL, "{province} is not a province."),
    (A.military, table(), Military("move", "britannia"), MIL,
     "{province} is not next to {place}: the leader moves one step at a time."),
    (A.military, table(), Military("legionnaire"), MIL,
     "{name}'s leader is still in the military camp: move it to a province first."),
    (A.military, edit(table(), 0, leader="alpes"), Military("legionnaire", "raetia"), MIL,
     "A legionnaire goes to the leader's province, {province}."),
    (A.military, edit(table(), 0, leader="alpes", **BROKE), Military("legionnaire"), MIL,
     "{name} has no legionnaire in the military camp."),
    (A.military, edit(table(legionnaires=(("alpes", 0),)), 0, leader="alpes"), Military("legionnaire"), MIL,
     "{name} already has a legionnaire in {province}."),
    (A.military, table(), Military("march"), MIL, "A military action is recruit, move or legionnaire, not {kind}."),
    (A.military, table(), Military("recruit", found="senate_2"), MIL, "Only the leader's move finds a forum tile."),
    (A.construction, table(), Construction("recruit", found=("roof", 4)), CON,
     "Only a worker going onto the site finds a construction tile."),
    (A.military, table(province_tiles=(("alpes", UNSEEN),)), Military("move", "alpes"), MIL,
     "Enter the forum tile found in {province}."),
    (A.military, table(province_tiles=(("alpes", None),)), Military("move", "alpes", found="senate_2"), MIL,
     "No forum tile lies in {province}."),
    (A.military, table(), Military("move", "alpes", found="senate_2"), MIL, "The forum tile in {province} is {tile}."),
    (A.senate, edit(table(), 0, senate=7), Senate(), "Trajan 1.4 senate",
     "{name} is at the top of the senate: no more senate actions this season."),
    (A.construction, table(), Construction("recruit", 3), CON, "Recruiting names no space."),
    (A.construction, edit(table(), 0, **BROKE), Construction("recruit"), CON, "{name} has no figures left in the supply."),
    (A.construction, table(), Construction("worker", 20), CON, "{space} is not a space of the construction site."),
    (A.construction, table(), Construction("worker", None), CON, "{space} is not a space of the construction site."),
    (A.construction, table(site=()), Construction("worker", 0), CON, "{space} is not a space of the construction site."),
    (A.construction, edit(table(), 0, **BROKE), Construction("worker", 0), CON, "{name} has no worker in the workers' camp."),
    (A.construction, edit(A.construction(table(), 0, Construction("worker", 0)), 0, workers_camp=1),
     Construction("worker", 0), CON, "{name} already has a worker on space {space}."),
    (A.construction, edit(A.construction(table(), 0, Construction("worker", 0)), 0, workers_camp=1),
     Construction("worker", 6), CON, "{name}'s next worker goes next to one of their own workers, not diagonally."),
    (A.construction, table(), Construction("build"), CON, "A construction action is recruit or worker, not {kind}."),
    (A.construction, table(site=(SiteSpace(tile=UNSEEN_SITE_TILE),) * 20), Construction("worker", 0), CON,
     "Enter the construction tile found in row {row}, column {column}."),
    (A.construction, table(site=(SiteSpace(tile=None),) * 20), Construction("worker", 0, ("roof", 5)), CON,
     "No construction tile lies in row {row}, column {column}."),
    (A.construction, table(), Construction("worker", 0, ("roof", 5)), CON,
     "The construction tile in row {row}, column {column} is {building} {vp}."),
    (A.extra_action, dataclasses.replace(acted(table(), "forum"), turn=TurnState(tray=1, acted=True, extra_used=True)),
     ExtraAction("forum", "extra_forum"), EXTRA, "{name} has already used an extra-action tile this turn."),
    (A.extra_action, table(), ExtraAction("forum", "extra_forum"), EXTRA,
     "An extra action repeats an action just taken, not {action}."),
    (A.extra_action, acted(table(), "forum"), ExtraAction("forum", "extra_senate"), EXTRA, "{tile} does not repeat {action}."),
    (A.extra_action, acted(table(), "forum"), ExtraAction("forum", "extra_forum"), EXTRA, "{name} has no {tile} tile."),
]


@pytest.mark.parametrize("action, state, command, rule, template", REFUSALS,
                         ids=[f"{i}-{r[2].__class__.__name__}" for i, r in enumerate(REFUSALS)])
def test_every_refusal_names_its_rule(action, state, command, rule, template):
    error = refusal(action, state, 0, command)
    assert (error.rule, error.template) == (rule, template)
    assert error.message == template.format(**error.params)


def test_the_refusal_table_covers_every_template_the_actions_raise():
    raised = set()
    modules = ("actions.py", "actions_seaport.py", "actions_figures.py")
    for name in modules:
        path = Path(A.__file__).with_name(name)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if called in ("IllegalCommand", "AnswerNeeded"):  # AnswerNeeded(Ask(…), template): its rule is the ask's
                literal = all(isinstance(arg, ast.Constant) for arg in node.args[:2][called == "AnswerNeeded":])
                assert literal, f"{name}:{node.lineno}: a literal rule and template, for the catalogs"
                raised.add(node.args[1].value)
    raised.discard("No {action} action is waiting to be taken.")  # take_pending: tested above
    assert raised == {r[4] for r in REFUSALS}


# ---------------------------------------------------------------- the province graph (Trajan 1.8)

DIGEST_GRAPH = {  # Trajan 1.8 table, without the one-way Camp column
    "alpes": {"raetia", "narbonensis", "lugudunensis", "belgica"},
    "raetia": {"alpes", "noricum", "belgica", "germania_superior"},
    "noricum": {"raetia"},
    "narbonensis": {"alpes", "lugudunensis", "aquitania"},
    "lugudunensis": {"alpes", "narbonensis", "aquitania", "belgica", "britannia"},
    "belgica": {"alpes", "raetia", "lugudunensis", "britannia", "germania_inferior", "germania_superior"},
    "germania_superior": {"raetia", "belgica", "germania_inferior"},
    "aquitania": {"narbonensis", "lugudunensis"},
    "britannia": {"lugudunensis", "belgica", "germania_inferior"},
    "germania_inferior": {"belgica", "germania_superior", "britannia"},
}


def test_the_province_graph_is_the_digests_and_symmetric_except_the_camp():
    assert {p: set(board.neighbours(p)) for p in PROVINCES} == DIGEST_GRAPH
    assert set(board.neighbours(board.CAMP)) == {"alpes", "raetia", "noricum"}
    for a in (*PROVINCES, board.CAMP):
        for b in PROVINCES:
            assert board.is_adjacent(a, b) == board.is_adjacent(b, a) or board.CAMP in (a, b)
        assert not board.is_adjacent(b, board.CAMP)


def test_every_province_is_reachable_and_the_camp_is_one_way_whichever_way_a_link_names_it():
    seen, todo = set(), [board.CAMP]
    while todo:
        here = todo.pop()
        for there in board.neighbours(here):
            if there not in seen:
                seen.add(there)
                todo.append(there)
    assert seen == set(PROVINCES)
    settings = TrajanSettings(province_links=(("britannia", "camp"), ("britannia", "belgica")))
    assert board.neighbours("camp", settings) == ("britannia",)
    assert board.neighbours("britannia", settings) == ("belgica",)


def test_cards_given_as_a_list_are_accepted_like_a_tuple():
    state = edit(table(), 0, hand=4)
    assert A.seaport(state, 0, Seaport("ship", ["wine", "wine"], "pairs")) == A.seaport(state, 0, Seaport("ship", ("wine", "wine"), "pairs"))
