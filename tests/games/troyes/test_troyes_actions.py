"""Troyes actions (S004 五; digest 2.3): activity cards and their effects as data (gain, exchange,
per_citizen; hourglass cubes and what each kind of stored cube does to one action), tradesmen and
their spaces, citizens from the supply, the general supply or the board, agriculture."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.state import CardState, EventState
from troyes_helpers import at_actions, play, refused, seat, table

N = R.NEUTRAL


@pytest.fixture
def game():
    state = at_actions(3)
    for s in range(3):
        state = seat(state, s, deniers=20, influence=5, vp=0, supply=1)
    return table(state, square=(), current=0, start_player=0, cards=())


def card(state, card_id, owner=None, stored=None):
    spec = state.catalog.cards[card_id]
    spaces = (owner,) + (None,) * (len(spec.spaces) - 1)
    new = CardState(card_id, spaces, (), tuple(stored or (0,) * state.player_count))
    return evolve(state, cards=tuple(c for c in state.cards if c.id != card_id) + (new,))


def stored(state, card_id):
    return next(c for c in state.cards if c.id == card_id).stored


def test_a_gain_card_gives_its_gain_per_activation(game):
    state = table(card(game, "goldsmith", owner=0), square=[(0, "yellow", 6), (0, "yellow", 5)])
    after = play(state, "activate", card="goldsmith", dice=[[0, "yellow", 6], [0, "yellow", 5]])  # 11 // 3 = 3
    assert (after.player(0).vp, after.player(0).deniers) == (3, 26)


def test_an_exchange_card_pays_then_gains_per_activation(game):
    state = table(card(game, "artisan", owner=0), square=[(0, "yellow", 6)])
    after = play(state, "activate", card="artisan", dice=[[0, "yellow", 6]])  # 2 activations: 2 influence → 12
    assert (after.player(0).influence, after.player(0).deniers) == (3, 32)
    poor = seat(state, 0, influence=1)
    assert refused(poor, "activate", card="artisan", dice=[[0, "yellow", 6]]).params["need"] == 2


def test_the_miller_pays_per_own_citizen_in_the_building_chosen_each_activation(game):
    built = ((0, 0, 0, N, N, N), (0, N, N, N, N, N), (N,) * 6)
    state = evolve(table(card(game, "miller", owner=0), square=[(0, "yellow", 6)]), buildings=built)
    default = play(state, "activate", card="miller", dice=[[0, "yellow", 6]])
    assert default.player(0).deniers == 20 + 2 * (2 * 3)  # the better building both times
    chosen = play(state, "activate", card="miller", dice=[[0, "yellow", 6]], choices=["palace", "bishopric"])
    assert chosen.player(0).deniers == 20 + 2 * 3 + 2 * 1
    assert refused(state, "activate", card="miller", dice=[[0, "yellow", 6]], choices=["palace"]).rule == \
        "Troyes 2.3 activity cards"


def test_the_archer_puts_a_cube_per_activation_on_the_events_it_names(game):
    """The Archer (data: event_cubes, 1 cube per activation, divisor 2): 5 pips give 2 activations,
    each a cube on the event named, +1 influence each; one action may reach two events (S004 行动三)."""
    queue = (EventState("red_1", (N,)), EventState("white_1", (N,)))
    state = evolve(table(card(game, "archer", owner=0), square=[(0, "red", 2), (0, "red", 3)]), queue=queue)
    dice = [[0, "red", 2], [0, "red", 3]]
    one = play(state, "activate", card="archer", dice=dice, choices=["red_1"])
    assert one.queue[0].cubes == (N, 0, 0) and one.player(0).influence == 5 + 2
    both = play(state, "activate", card="archer", dice=dice, choices=["raid", "white_1"])
    assert both.raid.cubes == (0,) and both.queue[1].cubes == (N, 0) and both.player(0).influence == 7
    assert refused(state, "activate", card="archer", dice=dice).rule == "Troyes 2.3 activity cards"
    assert refused(state, "activate", card="archer", dice=dice, choices=["red_1", "red_1", "red_1"]).params["count"] == 2
    assert refused(state, "activate", card="archer", dice=dice, choices=["yellow_4"]).rule == "Troyes 2.3 event combat"


def test_the_archer_resolves_an_event_it_fills(game):
    state = evolve(table(card(game, "archer", owner=0), square=[(0, "red", 4)]), queue=(EventState("red_1", (N, 1, 1)),))
    after = play(state, "activate", card="archer", dice=[[0, "red", 4]], choices=["red_1"])
    assert after.queue == () and after.player(1).events_won == ("red_1",)


def test_the_mercenary_gives_deniers_per_activation(game):
    state = table(card(game, "mercenary", owner=0), square=[(0, "red", 6), (0, "red", 4)])
    after = play(state, "activate", card="mercenary", dice=[[0, "red", 6], [0, "red", 4]])  # 10 // 3 = 3
    assert after.player(0).deniers == 20 + 3 * 2


def test_the_templar_stores_cubes_that_turn_a_white_die_into_two_red(game):
    state = table(card(game, "templar", owner=0), square=[(0, "white", 6), (0, "white", 4)])
    stored_up = play(state, "activate", card="templar", dice=[[0, "white", 6]])  # 6 // 3 = 2 cubes
    assert stored(stored_up, "templar") == (2, 0, 0)
    fight = evolve(table(card(game, "templar", owner=0, stored=(1, 0, 0)), square=[(0, "white", 5)]),
                   queue=(EventState("red_1", ()),))
    after = play(fight, "fight", event="red_1", dice=[[0, "white", 5]], cube="templar")  # two red 5s: 10 // 3
    assert after.queue[0].cubes == (0, 0, 0) and stored(after, "templar") == (0, 0, 0)


def test_a_first_tradesman_pays_the_cost_and_takes_a_free_space_of_the_players_choice(game):
    state = table(card(game, "merchant", owner=1), square=[(0, "yellow", 3)])
    after = play(state, "activate", card="merchant", dice=[[0, "yellow", 3]], citizen="supply", space=2)
    merchant = next(c for c in after.cards if c.id == "merchant")
    assert merchant.spaces == (1, None, 0) and after.player(0).supply == 0
    assert after.player(0).deniers == 20 - 2 + 2
    assert refused(state, "activate", card="merchant", dice=[[0, "yellow", 3]], citizen="supply",
                   space=0).rule == "Troyes 2.3 activity cards"


def test_a_full_card_takes_a_tradesman_on_its_illustration_for_no_vp(game):
    from companion.games.troyes.parts.activity import tradesmen_vp

    state = evolve(table(game, square=[(0, "yellow", 3)]), cards=(CardState("merchant", (1, 2, 1), (), (0, 0, 0)),))
    after = play(state, "activate", card="merchant", dice=[[0, "yellow", 3]], citizen="supply")
    assert after.cards[0].extra == (0,) and tradesmen_vp(after, 0) == (("merchant", 0),)


def test_a_card_is_activated_with_its_own_colour(game):
    state = table(card(game, "sculptor", owner=0), square=[(0, "yellow", 3)])
    assert refused(state, "activate", card="sculptor", dice=[[0, "yellow", 3]]).template == \
        "{card} is activated with {colour} dice."


def test_a_card_not_on_the_board_or_without_its_effect_is_refused(game):
    state = table(game, square=[(0, "red", 3)])
    assert refused(state, "activate", card="merchant", dice=[[0, "red", 3]]).rule == "Troyes 2.3 activity cards"
    unlisted = card(state, "red_unlisted_2", owner=0)
    assert "not entered yet" in refused(unlisted, "activate", card="red_unlisted_2", dice=[[0, "red", 3]]).template


def test_the_other_reading_lets_a_placed_tradesman_use_a_card_for_nothing(game):
    state = table(card(game, "merchant", owner=0), square=[(0, "yellow", 1), (1, "yellow", 1)])
    other = evolve(state, settings=dataclasses.replace(state.settings, activate_every_use=False))
    assert play(other, "activate", card="merchant", dice=[[0, "yellow", 1]]).player(0).deniers == 20
    assert refused(state, "activate", card="merchant", dice=[[0, "yellow", 1]]).rule == "Troyes 2.3 activity cards"


def test_die_bonus_adds_to_each_die_of_its_colour(game):
    state = evolve(card(game, "priest", stored=(1, 0, 0)), queue=(EventState("yellow_1", (N,)),))
    state = table(state, square=[(0, "yellow", 1), (0, "yellow", 1)])
    after = play(state, "fight", event="yellow_1", dice=[[0, "yellow", 1], [0, "yellow", 1]], cube="priest")
    assert after.queue[0].cubes == (N, 0, 0)  # (1 + 3) × 2 = 8 // 3 = 2
    assert stored(after, "priest") == (0, 0, 0)


def test_colour_as_lets_yellow_dice_act_as_red(game):
    state = evolve(card(game, "militia", stored=(1, 0, 0)), queue=(EventState("red_1", (N,)),))
    state = table(state, square=[(0, "yellow", 6)])
    assert refused(state, "fight", event="red_1", dice=[[0, "yellow", 6]]).rule == "Troyes 2.3 event combat"
    after = play(state, "fight", event="red_1", dice=[[0, "yellow", 6]], cube="militia")
    assert after.queue[0].cubes == (N, 0, 0)


def test_split_turns_one_white_die_into_three_yellow_of_its_value(game):
    state = table(card(game, "monk", stored=(1, 0, 0)), square=[(1, "white", 4), (0, "white", 4)])
    after = play(state, "agriculture", dice=[[1, "white", 4]], cube="monk")
    assert after.player(0).deniers == 20 - 2 + 6  # a bought die costs 2 (a group of one); 12 // 2
    two = table(state, square=[(0, "white", 4), (0, "white", 4)])
    assert refused(two, "agriculture", dice=[[0, "white", 4], [0, "white", 4]], cube="monk").rule == \
        "Troyes 2.7.7 stored cubes"


def test_free_dice_take_one_yellow_die_from_each_other_player(game):
    state = table(card(game, "tithing", stored=(1, 0, 0)), square=[(1, "yellow", 2), (2, "yellow", 2), (N, "yellow", 2)])
    after = play(state, "agriculture", dice=[[1, "yellow", 2], [2, "yellow", 2], [N, "yellow", 2]], cube="tithing")
    assert after.player(0).deniers == 20 - 6 + 3  # only the neutral die is paid
    assert after.player(1).deniers == 20 and after.player(2).deniers == 20


def test_faces_makes_every_die_count_five(game):
    state = table(card(game, "apprenticeship", stored=(1, 0, 0)), square=[(0, "white", 1), (0, "white", 2)])
    after = play(state, "cathedral", dice=[[0, "white", 1], [0, "white", 2]], cube="apprenticeship")
    assert after.cathedral[4] == (0, 0)


def test_apprenticeship_lets_a_group_mix_colours_each_counting_five(game):
    """The Apprenticeship's stored cube (data: faces 5, mixed): a red, a white and a yellow die make
    one group that acts as the colour of its action, every die counting 5, priced by its size."""
    state = table(card(game, "apprenticeship", stored=(1, 0, 0)),
                  square=[(0, "red", 1), (1, "white", 2), (0, "yellow", 1)])
    dice = [[0, "red", 1], [1, "white", 2], [0, "yellow", 1]]
    after = play(state, "agriculture", dice=dice, cube="apprenticeship")
    assert after.player(0).deniers == 20 - 6 + 15 // 2  # one bought die in a group of 3: 6
    assert after.player(1).deniers == 26 and after.square == () and stored(after, "apprenticeship") == (0, 0, 0)
    built = play(state, "cathedral", dice=dice, cube="apprenticeship")
    assert built.cathedral[4] == (0, 0, 0)  # every die counts 5: three cubes in column 5


def test_a_mixed_group_needs_the_apprenticeship_cube(game):
    state = table(card(game, "apprenticeship", stored=(1, 0, 0)), square=[(0, "red", 1), (0, "white", 2)])
    assert "one colour" in refused(state, "cathedral", dice=[[0, "red", 1], [0, "white", 2]]).template
    plain = dataclasses.replace(state.catalog.cards["apprenticeship"],
                                effect={**state.catalog.cards["apprenticeship"].effect, "mixed": False})
    one_colour = evolve(state, catalog=dataclasses.replace(state.catalog, cards={**state.catalog.cards,
                                                                                  "apprenticeship": plain}))
    assert "one colour" in refused(one_colour, "cathedral", dice=[[0, "red", 1], [0, "white", 2]],
                                   cube="apprenticeship").template


def test_a_cube_stored_elsewhere_or_of_another_colour_is_refused(game):
    state = table(card(game, "blacksmith", stored=(0, 1, 0)), square=[(0, "red", 3), (0, "white", 3)])
    assert refused(state, "cathedral", dice=[[0, "white", 3]], cube="blacksmith").rule == "Troyes 2.7.7 stored cubes"
    mine = card(state, "blacksmith", stored=(1, 0, 0))
    assert refused(mine, "cathedral", dice=[[0, "white", 3]], cube="blacksmith").template == \
        "That stored cube works on {colour} dice only."
    assert refused(mine, "cathedral", dice=[[0, "white", 3]], cube="merchant").rule == "Troyes 2.7.7 stored cubes"


def test_placing_a_citizen_takes_exactly_one_die_and_no_stored_cube(game):
    state = table(game, square=[(0, "red", 2), (0, "red", 3)])
    assert refused(state, "place", die=[0, "red", 9]).rule == "Troyes 2.2 actions"
    assert "cube" not in refused(state, "place", die=[1, "red", 2]).template
    after = play(state, "place", die=[0, "red", 2])
    assert after.buildings[0][1] == 0 and after.player(0).supply == 0


def test_a_citizen_moved_from_a_building_leaves_its_space_empty(game):
    built = ((0, 1, 2, N, N, N), (N,) * 6, (N,) * 6)
    state = evolve(table(seat(game, 0, supply=0), square=[(0, "white", 1), (1, "red", 1)]), buildings=built)
    assert "recruit one" in refused(state, "place", die=[0, "white", 1]).template
    after = play(state, "place", die=[0, "white", 1], citizen=["building", "palace", 0])
    assert after.buildings[0] == (None, 1, 2, N, N, N) and after.buildings[1][:2] == (0, N)


def test_a_citizen_pushed_into_a_row_with_a_free_space_expels_nobody(game):
    built = ((N,) * 6, (1, None, N, N, N, N), (N,) * 6)
    state = evolve(table(game, square=[(0, "white", 2), (1, "red", 1)]), buildings=built)
    after = play(state, "place", die=[0, "white", 2])
    assert after.buildings[1][:2] == (0, 1) and after.expelled == ((), (), ())


def test_the_twelfth_citizen_is_the_last(game):
    built = ((0,) * 6, (0,) * 6, (N,) * 6)
    state = evolve(table(seat(game, 0, supply=1, influence=5), square=[(0, "red", 1)]), buildings=built)
    assert refused(seat(state, 0, supply=0), "place", die=[0, "red", 1], citizen="recruit").template == \
        "You have {max} citizens, the most a player can have."


def test_agriculture_is_floor_half_the_sum_and_zero_is_legal_by_default(game):
    state = table(game, square=[(0, "yellow", 1), (0, "yellow", 6)])
    assert play(state, "agriculture", dice=[[0, "yellow", 1]]).player(0).deniers == 20
    assert play(state, "agriculture", dice=[[0, "yellow", 1], [0, "yellow", 6]]).player(0).deniers == 23
    strict = evolve(state, settings=dataclasses.replace(state.settings, agriculture_zero=False))
    assert refused(strict, "agriculture", dice=[[0, "yellow", 1]]).rule == "Troyes 2.3 agriculture"
    assert refused(table(game, square=[(0, "red", 4)]), "agriculture", dice=[[0, "red", 4]]).rule == \
        "Troyes 2.3 agriculture"


def test_an_action_group_is_1_to_3_dice_of_one_colour_lying_in_the_square(game):
    state = table(game, square=[(0, "yellow", 1)] * 4 + [(0, "white", 1)])
    assert refused(state, "agriculture", dice=[[0, "yellow", 1]] * 4).params == {"count": 4}
    assert refused(state, "agriculture", dice=[[0, "yellow", 1], [0, "white", 1]]).template == \
        "The dice of one action are all of one colour."
    assert refused(state, "agriculture", dice=[[1, "yellow", 1]]).template == \
        "There is no {colour} {face} in seat {n}'s district."
    assert refused(state, "agriculture", dice=[[N, "yellow", 1]]).template == \
        "There is no {colour} {face} in the neutral district."


def test_excess_cubes_are_lost_or_refused_by_setting(game):
    state = evolve(table(game, square=[(0, "red", 6), (0, "red", 6)]), queue=(EventState("red_1", (N, 1, 2)),))
    after = play(state, "fight", event="red_1", dice=[[0, "red", 6], [0, "red", 6]])  # 4 cubes, 1 free flag
    assert after.player(0).influence == 6 and after.queue == ()
    strict = evolve(state, settings=dataclasses.replace(state.settings, excess_cubes="refused"))
    assert refused(strict, "fight", event="red_1", dice=[[0, "red", 6], [0, "red", 6]]).rule == "Troyes 2.3 event combat"


def test_an_event_taken_by_most_cubes_scores_its_prizes(game):
    state = evolve(table(game, square=[(0, "red", 6), (0, "red", 3)]), queue=(EventState("red_1", (N, 1)),))
    after = play(state, "fight", event="red_1", dice=[[0, "red", 6], [0, "red", 3]])  # 3 cubes; 2 needed
    assert after.player(0).events_won == ("red_1",) and after.player(0).vp == 4 and after.player(1).vp == 1
