"""Trajan tiles (Trajan 1.3): completion effects, +2 markers, the arch, the six stacks."""

import dataclasses
from collections import Counter

import pytest

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import PlayerState, TrajanState, TrajanTile, TurnState
from companion.games.trajan.tiles import (
    PLACE_PLUS2, arch_slot, can_take_trajan_action, complete_tile, draw_from_supply, draw_trajan_tile,
    full_trajan_supply, place_on_arch, place_plus2, stack_of, take_trajan_tile, trajan_action, trajan_stack_counts,
)
from companion.games.trajan.wheel import sow_player

SEAPORT, FORUM, MILITARY, SENATE, TRAJAN, CONSTRUCTION = range(6)
WHEEL = (("blue", "yellow"), ("green", "orange"), ("pink", "white"),
         ("blue", "yellow"), ("green", "orange"), ("pink", "white"))


def tile(kind, colours=("pink", "white")):
    return TrajanTile(kind, colours)


def game(kind="victory", slot=FORUM, **player_fields):
    slots = [None] * 6
    slots[slot] = tile(kind)
    ann = PlayerState(seat=0, name="Ann", colour="red", wheel=WHEEL, trajan_slots=tuple(slots), **player_fields)
    bo = PlayerState(seat=1, name="Bo", colour="blue", wheel=WHEEL)
    return TrajanState(players=(ann, bo), phase="turn", trajan_supply=full_trajan_supply(),
                       rng=SeededRandom.from_seed(7))


def refusal(call, *args):
    with pytest.raises(IllegalCommand) as info:
        call(*args)
    return info.value


@pytest.mark.parametrize("kind", sorted(R.TRAJAN_TILE_VP))
def test_completing_a_tile_scores_its_vp_and_takes_it_off_the_slot(kind):
    state = complete_tile(game(kind), 0, FORUM)
    ann = state.player(0)
    assert ann.vp == R.TRAJAN_TILE_VP[kind]
    assert ann.trajan_slots == (None,) * 6
    assert state.turn.completed == tile(kind)
    assert state.player(1) == game(kind).player(1)


def test_victory_tile_has_no_other_effect():
    before, after = game("victory").player(0), complete_tile(game("victory"), 0, FORUM).player(0)
    assert dataclasses.replace(after, vp=0, trajan_slots=before.trajan_slots) == before


def test_cards_tile_adds_two_cards_to_the_hand():
    assert complete_tile(game("cards"), 0, FORUM).player(0).hand == R.START_CARDS + 2


@pytest.mark.parametrize("kind, camp, moved", [
    ("workers1", "workers_camp", 1), ("workers2", "workers_camp", 2),
    ("legion1", "military_camp", 1), ("legion2", "military_camp", 2),
])
def test_figure_tiles_move_figures_from_the_supply_to_their_camp(kind, camp, moved):
    ann = complete_tile(game(kind), 0, FORUM).player(0)
    assert getattr(ann, camp) == 1 + moved and ann.supply == R.SUPPLY_AT_START - moved
    short = complete_tile(game(kind, supply=1), 0, FORUM).player(0)
    assert getattr(short, camp) == 2 and short.supply == 0  # limited by the supply
    empty = complete_tile(game(kind, supply=0), 0, FORUM).player(0)
    assert getattr(empty, camp) == 1 and empty.vp == R.TRAJAN_TILE_VP[kind]  # VP all the same


@pytest.mark.parametrize("demand", R.DEMAND_TYPES)
def test_demand_tiles_stay_on_the_mat_as_permanent_demand_tiles(demand):
    state = complete_tile(game(f"demand_{demand}", trajan_demand=("games",)), 0, FORUM)
    assert state.player(0).trajan_demand == tuple(sorted(("games", demand)))
    assert state.player(0).trajan_slots[FORUM] is None  # the slot is free for a new tile


def test_plus2_tile_asks_where_the_marker_goes():
    state = complete_tile(game("plus2"), 0, FORUM)
    assert state.turn.pending_actions == (PLACE_PLUS2,)
    state = place_plus2(state, 0, "senate")
    assert state.player(0).plus2 == ("senate",) and state.turn.pending_actions == ()


def test_a_second_plus2_cannot_go_beside_the_same_action():
    state = complete_tile(game("plus2", plus2=("senate",)), 0, FORUM)
    error = refusal(place_plus2, state, 0, "senate")
    assert error.rule == "Trajan 1.3 Trajan tiles"
    assert place_plus2(state, 0, "forum").player(0).plus2 == ("forum", "senate")


def test_plus2_needs_a_completed_plus2_tile_and_a_real_action():
    assert refusal(place_plus2, game(), 0, "forum").rule == "Trajan 1.3 Trajan tiles"
    state = complete_tile(game("plus2"), 0, FORUM)
    assert refusal(place_plus2, state, 0, "harbour").rule == "Trajan 1.3 Trajan tiles"
    assert refusal(place_plus2, state, 1, "forum").rule == "Trajan 1.3 Trajan tiles"  # not Bo's turn


def test_with_a_plus2_beside_every_action_a_plus2_tile_scores_only():
    state = complete_tile(game("plus2", plus2=R.ACTIONS), 0, FORUM)
    assert state.turn.pending_actions == () and state.player(0).vp == R.TRAJAN_TILE_VP["plus2"]


def test_other_pending_actions_keep_their_order():
    state = dataclasses.replace(game("plus2"), turn=TurnState(pending_actions=("forum",)))
    state = place_plus2(complete_tile(state, 0, FORUM), 0, "military")
    assert state.turn.pending_actions == ("forum",)


def test_an_empty_slot_completes_nothing():
    error = refusal(complete_tile, game(), 0, SEAPORT)
    assert error.rule == "Trajan 1.3 Trajan tiles" and "beside tray I" in error.message
    assert refusal(complete_tile, game(), 0, 6).rule == "Trajan 1.3 Trajan tiles"


def test_unfinished_tiles_stay_on_the_wheel():
    """1.14 #11's premise: only a completed tile leaves; the others stay to score +1 at the end."""
    state = game()
    ann = dataclasses.replace(state.player(0), trajan_slots=(None, tile("victory"), None, tile("cards"), None,
                                                             tile("legion1", ("blue", "green"))))
    state = state.with_player(ann)
    ann, landing = sow_player(ann, SEAPORT, ("blue", "yellow"))  # lands in Military: no tile there
    assert landing.completes is None and ann.trajan_slots == state.player(0).trajan_slots
    state = complete_tile(state.with_player(ann), 0, SENATE)
    assert state.player(0).trajan_slots == (None, tile("victory"), None, None, None, tile("legion1", ("blue", "green")))


# ---- the arch (Trajan action) -------------------------------------------------------------------

def test_the_arch_places_a_tile_and_moves_clockwise_to_the_next_free_slot():
    start = (None, tile("victory"), None, tile("cards"), None, tile("plus2"))
    ann = PlayerState(seat=0, name="Ann", colour="red", trajan_slots=start)
    assert arch_slot(ann) == R.ARCH_START_SLOT == 0
    ann = place_on_arch(ann, tile("legion1"))
    assert ann.trajan_slots[0] == tile("legion1") and ann.arch == 2
    ann = place_on_arch(ann, tile("workers2"))
    assert ann.arch == 4
    ann = place_on_arch(ann, tile("demand_bread"))
    assert all(ann.trajan_slots) and arch_slot(ann) is None and not can_take_trajan_action(ann)
    error = refusal(place_on_arch, ann, tile("victory"))
    assert error.rule == "Trajan 1.3 Trajan action" and "full" in error.message


def test_a_freed_slot_takes_the_arch_back_from_the_middle():
    """S000 p7: with all 6 slots full the arch waits in the middle and returns to the first slot that frees."""
    full = tuple(tile("victory") for _ in range(6))
    state = game()
    state = state.with_player(dataclasses.replace(state.player(0), trajan_slots=full, arch=5))
    state = complete_tile(state, 0, SENATE)
    ann = state.player(0)
    assert arch_slot(ann) == SENATE
    ann = place_on_arch(ann, tile("cards"))
    assert ann.trajan_slots[SENATE] == tile("cards") and arch_slot(ann) is None


def test_a_tile_just_placed_is_not_completed_even_if_its_colours_are_in_the_tray():
    ann = PlayerState(seat=0, name="Ann", colour="red", wheel=WHEEL)
    after = place_on_arch(ann, tile("victory", ("blue", "yellow")))  # tray I holds blue and yellow
    assert after.trajan_slots[SEAPORT] == tile("victory", ("blue", "yellow")) and after.vp == 0


# ---- the stacks ---------------------------------------------------------------------------------

def test_the_full_supply_is_six_stacks_of_nine():
    supply = full_trajan_supply()
    assert len(supply) == 54 and trajan_stack_counts(supply) == {s: 9 for s in R.TRAJAN_STACKS}
    assert Counter(supply)["workers1"] == 5 and Counter(supply)["demand_games"] == 3


def test_drawing_takes_a_tile_of_the_stack_with_two_colours_from_the_generator():
    state = game()
    drawn, after = draw_trajan_tile(state, "legion")
    assert drawn.kind in ("legion1", "legion2")
    assert drawn.colours[0] != drawn.colours[1] and set(drawn.colours) <= set(R.COLOURS)
    assert trajan_stack_counts(after.trajan_supply)["legion"] == 8 and after.rng != state.rng
    assert draw_trajan_tile(state, "legion") == (drawn, after)  # replay draws the same


def test_drawing_a_whole_stack_gives_its_exact_mix_then_refuses():
    state, kinds = game(), []
    for _ in range(9):
        drawn, state = draw_trajan_tile(state, "workers")
        kinds.append(drawn.kind)
    assert Counter(kinds) == {"workers1": 5, "workers2": 4}
    error = refusal(draw_trajan_tile, state, "workers")
    assert error.rule == "Trajan 1.3 Trajan action" and "empty" in error.message
    assert refusal(draw_trajan_tile, state, "gold").rule == "Trajan 1.3 Trajan action"


def test_draws_vary_with_the_seed():
    seen = {draw_trajan_tile(dataclasses.replace(game(), rng=SeededRandom.from_seed(s)), "demand")[0]
            for s in range(40)}
    assert {t.kind for t in seen} == {"demand_bread", "demand_games", "demand_religion"}
    assert len({t.colours for t in seen}) > 10


def test_a_tile_drawn_at_the_table_leaves_the_supply():
    state = take_trajan_tile(game(), "plus2")
    assert trajan_stack_counts(state.trajan_supply)["plus2"] == 8 and state.rng == game().rng
    for _ in range(8):
        state = take_trajan_tile(state, "plus2")
    assert refusal(take_trajan_tile, state, "plus2").rule == "Trajan 1.3 Trajan action"
    assert refusal(take_trajan_tile, state, "gold").rule == "Trajan 1.3 Trajan tiles"


# ---- the whole Trajan action --------------------------------------------------------------------

def test_the_trajan_action_takes_the_tile_from_the_supply_onto_the_arch():
    state = trajan_action(game(), 0, "demand", ("demand_games", "blue", "pink"))
    ann = state.player(0)
    assert ann.trajan_slots[0] == TrajanTile("demand_games", ("blue", "pink")) and ann.arch == 2
    assert trajan_stack_counts(state.trajan_supply)["demand"] == 8 and ann.vp == 0
    drawn, rng = draw_from_supply(state.trajan_supply, "cards", state.rng)
    state = trajan_action(dataclasses.replace(state, rng=rng), 0, "cards", drawn)
    assert state.player(0).trajan_slots[2] == drawn


@pytest.mark.parametrize("stack, entered, words", [
    ("gold", ("victory", "blue", "pink"), "no Trajan stack called gold"),
    ("cards", ("victory", "blue", "pink"), "A victory tile is not in the cards stack"),
    ("cards", ("cards", "blue"), "2 marker colours, not 1"),
    ("cards", ("cards", "blue", "red"), "red is not an action marker colour"),
    ("cards", ("chariot", "blue", "pink"), "no Trajan tile called chariot"),
])
def test_a_wrong_trajan_tile_is_refused(stack, entered, words):
    error = refusal(trajan_action, game(), 0, stack, entered)
    assert words in error.message


def test_the_trajan_action_needs_a_free_slot_and_a_tile_left():
    state = game()
    full = dataclasses.replace(state.player(0), trajan_slots=(tile("victory"),) * 6)
    error = refusal(trajan_action, state.with_player(full), 0, "cards", ("cards", "blue", "pink"))
    assert error.rule == "Trajan 1.3 Trajan action" and "full" in error.message
    empty = dataclasses.replace(state, trajan_supply=tuple(k for k in state.trajan_supply if k != "cards"))
    assert "No cards tile is left" in refusal(trajan_action, empty, 0, "cards", ("cards", "blue", "pink")).message


def test_stack_of_names_each_kinds_stack():
    assert {k: stack_of(k) for k in ("workers2", "legion1", "demand_bread", "plus2")} == \
        {"workers2": "workers", "legion1": "legion", "demand_bread": "demand", "plus2": "plus2"}
    assert refusal(stack_of, "chariot").rule == "Trajan 1.3 Trajan tiles"
