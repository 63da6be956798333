"""Troyes: every point of the digest's "often wrong" list (../shared/rules/troyes.md §2.6) and of its
corrections from S004 (§2.7), one named test each (several where a point says several things)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.values import evolve
from companion.games.troyes import commands as c
from companion.games.troyes import flow
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import eventqueue
from companion.games.troyes.rules import TROYES
from companion.games.troyes.state import CardState, EventState
from troyes_helpers import at_actions, play, refused, seat, set_up, table

N = R.NEUTRAL


@pytest.fixture
def game():
    """Round 1's action phase at 3 players, seat 0 to act, the square empty (each test lays its dice)."""
    state = at_actions(3)
    for s in range(3):
        state = seat(state, s, deniers=20, influence=5, vp=5)
    return table(state, square=(), current=0, start_player=0)


def apply_all(state, events):
    for event in events:
        state = TROYES.apply(state, event)
    return state


def with_card(state, card_id, spaces=None, stored=None):
    spec = state.catalog.cards[card_id]
    card = CardState(card_id, tuple(spaces or (None,) * len(spec.spaces)), (), tuple(stored or (0,) * state.player_count))
    return evolve(state, cards=tuple(c for c in state.cards if c.id != card_id) + (card,))


# -- §2.6 -------------------------------------------------------------------------------------------


def test_2_6_1_one_bought_die_in_a_group_of_three_costs_6(game):
    state = table(game, square=[(0, "yellow", 4), (0, "yellow", 4), (1, "yellow", 4)])
    after = play(state, "agriculture", dice=[[0, "yellow", 4], [0, "yellow", 4], [1, "yellow", 4]])
    assert after.player(0).deniers == 20 - 6 + 6  # paid 6 for one die, then 12 // 2 from agriculture
    assert after.player(1).deniers == 20 + 6  # the owner is paid and cannot refuse


def test_2_6_1_the_price_is_by_group_size_and_neutral_dice_pay_the_bank(game):
    state = table(game, square=[(1, "yellow", 2), (N, "yellow", 2), (0, "yellow", 2)])
    one = play(state, "agriculture", dice=[[1, "yellow", 2]])
    assert one.player(0).deniers == 20 - 2 + 1 and one.player(1).deniers == 22
    two = play(state, "agriculture", dice=[[N, "yellow", 2], [0, "yellow", 2]])
    assert two.player(0).deniers == 20 - 4 + 2 and sum(p.deniers for p in two.players) == 20 * 3 - 4 + 2
    three = play(state, "agriculture", dice=[[1, "yellow", 2], [N, "yellow", 2], [0, "yellow", 2]])
    assert three.player(0).deniers == 20 - 12 + 3 and three.player(1).deniers == 26


def test_2_6_1_dice_that_cannot_be_paid_for_are_refused(game):
    state = seat(table(game, square=[(1, "yellow", 6), (1, "yellow", 6)]), 0, deniers=7)
    exc = refused(state, "agriculture", dice=[[1, "yellow", 6], [1, "yellow", 6]])
    assert exc.rule == "Troyes 2.3 buying dice" and exc.params == {"cost": 8, "have": 7}


def _income(state, **fields):
    state = evolve(state, phase="income", **fields)
    event = flow.next_event(state)
    return event, TROYES.apply(state, event)


def test_2_6_2_a_wage_shortfall_pays_everything_then_loses_a_flat_2_vp(game):
    palace, bishopric = R.BUILDINGS.index("palace"), R.BUILDINGS.index("bishopric")
    built = list(game.buildings)
    built[palace], built[bishopric] = (0,) * 6, (0, 0, 0, 0, 1, 2)
    state = seat(game, 0, deniers=1, vp=5)
    event, after = _income(state, buildings=tuple(built))
    row = next(r for r in event.rows if r[0] == 0)
    assert row == (0, 16, 11, True)  # wages 6×2 + 4×1 = 16; 1 + 10 deniers paid; short
    assert after.player(0).deniers == 0 and after.player(0).vp == 3  # flat −2, not −5
    assert "vp" not in str(TROYES.public_event(event))


def test_2_6_2_a_shortfall_takes_1_vp_to_0_and_0_vp_nowhere(game):
    built = list(game.buildings)
    built[0] = (0,) * 6
    for vp, left in ((1, 0), (0, 0)):
        _event, after = _income(seat(game, 0, deniers=0, vp=vp), buildings=tuple(built))
        assert after.player(0).vp == left


def test_2_6_2_wages_are_2_in_the_palace_1_in_the_bishopric_0_in_city_hall(game):
    built = (((0,) + (N,) * 5), ((0, 0) + (N,) * 4), ((0, 0, 0) + (N,) * 3))
    event, after = _income(seat(game, 0, deniers=3), buildings=built)
    assert next(r for r in event.rows if r[0] == 0) == (0, 4, 4, False)
    assert after.player(0).deniers == 3 + 10 - 4


def _counter_state(game, black, mine):
    state = table(game, phase="counter", black=tuple(sorted(black, reverse=True)), current=0,
                  square=[(0, colour, face) for colour, face in mine])
    return state


def test_2_6_3_red_dice_count_double_against_black_dice(game):
    state = _counter_state(game, [6], [("red", 3)])
    after = play(state, "counter", dice=[["red", 3]], black=[6])
    assert after.black == () and after.player(0).influence == 6


def test_2_6_3_white_and_yellow_count_their_face(game):
    state = _counter_state(game, [6], [("white", 3), ("yellow", 2)])
    exc = refused(state, "counter", dice=[["white", 3], ["yellow", 2]], black=[6])
    assert exc.rule == "Troyes 2.2 black dice" and exc.params == {"total": 5, "need": 6}


def test_2_6_3_red_dice_do_not_count_double_in_an_action(game):
    state = table(with_card(game, "blacksmith"), square=[(0, "red", 3)])
    state = evolve(state, queue=(EventState("red_1", (N,)),))
    after = play(state, "fight", event="red_1", dice=[[0, "red", 3]])  # divisor 3: one cube, not two
    assert after.queue[0].cubes == (N, 0)


def test_2_6_4_failing_a_black_die_costs_2_vp_and_keeps_the_dice(game):
    state = _counter_state(game, [6, 2], [("white", 2), ("yellow", 1)])
    after = play(state, "no_counter")
    assert after.player(0).vp == 3 and after.black == (2,)
    assert sorted(after.square) == [(0, "white", 2), (0, "yellow", 1)]
    assert after.current == 1  # the next player takes the highest black die left


def test_2_6_5_a_player_who_can_counter_cannot_take_the_penalty_instead(game):
    state = _counter_state(game, [4], [("white", 2), ("yellow", 2)])
    exc = refused(state, "no_counter")
    assert exc.rule == "Troyes 2.2 black dice" and exc.params == {"face": 4}


def test_2_6_6_influence_changes_no_other_districts_dice(game):
    state = table(game, square=[(1, "red", 2), (N, "white", 1), (0, "yellow", 1)])
    assert refused(state, "reroll", die=["red", 2]).rule == "Troyes 2.3 influence"
    assert refused(state, "flip", dice=[["white", 1]]).rule == "Troyes 2.3 influence"
    after = play(state, "flip", dice=[["yellow", 1]])
    assert (0, "yellow", 6) in after.square and after.player(0).influence == 1


def test_2_6_6_a_bought_die_is_used_at_once_so_influence_never_reaches_it():
    # Buying happens inside an action (square.group): no step lies between buying and using.
    assert "die" not in {f.name for f in dataclasses.fields(c.Agriculture)} and not hasattr(c, "Buy")


@pytest.mark.parametrize("face, influence", [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)])
def test_2_6_7_a_cathedral_cube_is_always_1_vp_and_influence_by_column(game, face, influence):
    state = table(game, square=[(0, "white", face)])
    after = play(state, "cathedral", dice=[[0, "white", face]])
    assert after.player(0).vp == 6 and after.player(0).influence == 5 + influence
    assert after.cathedral[face - 1] == (0,)


def test_2_6_8_a_tie_for_first_shares_both_prizes_rounded_down_and_nobody_else_scores():
    won, taker = eventqueue.prizes((0, 1, 0, 1, 2), 5, 2)
    assert won == {0: 3, 1: 3} and taker == 0  # (5 + 2) // 2, seat 2 gets nothing; seat 0 placed first


def test_2_6_8_a_sole_participant_takes_both_prizes():
    assert eventqueue.prizes((1, 1, 1), 4, 2) == ({1: 6}, 1)


def test_2_6_8_a_tie_for_second_shares_the_second_prize_rounded_down():
    assert eventqueue.prizes((0, 0, 0, 1, 2), 4, 3) == ({0: 4, 1: 1, 2: 1}, 0)


def test_2_6_8_grey_cubes_compete_and_their_share_is_lost():
    assert eventqueue.prizes((N, 0), 4, 2) == ({0: 3}, None)  # tie with grey: 6 // 2 each, grey's lost; card discarded
    assert eventqueue.prizes((N, 0, 0), 4, 2) == ({0: 4}, 0)  # grey second: its prize is lost
    assert eventqueue.prizes((N, 0), 4, 2, neutral_participant=False) == ({0: 6}, 0)  # the other reading


def test_2_6_9_influence_stops_at_20(game):
    state = seat(table(game, square=[(0, "white", 5), (0, "white", 6)]), 0, influence=18)
    after = play(state, "cathedral", dice=[[0, "white", 5], [0, "white", 6]])
    assert after.player(0).influence == 20  # 18 + 2 + 2, the rest is lost


def test_2_6_10_two_characters_each_at_2_players_and_one_at_3_or_4():
    assert [len(p.characters) for p in set_up(2).players] == [2, 2]
    assert [len(p.characters) for p in set_up(3).players] == [1, 1, 1]
    assert [len(p.characters) for p in set_up(4).players] == [1, 1, 1, 1]
    dealt = [ch for p in set_up(4).players for ch in p.characters]
    assert len(set(dealt)) == 4


def test_2_6_10_every_character_scores_for_every_player(game):
    from companion.games.troyes.scoring import final_summary

    final = final_summary(game)
    in_play = sorted(ch for p in game.players for ch in p.characters)
    for player in final["players"]:
        characters = next(cat for cat in player["categories"] if cat["id"] == "characters")
        assert [part["params"]["character"] for part in characters["detail"]] == \
            [game.catalog.characters[ch].name for ch in in_play]


def test_2_6_11_each_cathedral_level_without_an_own_cube_costs_2_vp(game):
    from companion.games.troyes.scoring import final_summary

    columns = ((0, 1, 0), (0, 1), (1,), (), (), ())  # seat 0: levels 1 and 3; seat 1: 1 and 2; seat 2: none
    final = final_summary(evolve(game, cathedral=columns))
    vp = [next(cat["vp"] for cat in p["categories"] if cat["id"] == "cathedral") for p in final["players"]]
    assert vp == [-2, -2, -6]


def test_2_6_12_an_activity_card_is_activated_at_least_once_when_a_tradesman_is_placed(game):
    state = table(with_card(game, "goldsmith"), square=[(0, "yellow", 2)])
    state = seat(state, 0, supply=1)
    exc = refused(state, "activate", card="goldsmith", dice=[[0, "yellow", 2]], citizen="supply")
    assert exc.rule == "Troyes 2.3 activity cards" and exc.params["divisor"] == 3
    after = play(table(state, square=[(0, "yellow", 3)]), "activate", card="goldsmith", dice=[[0, "yellow", 3]],
                 citizen="supply")
    assert after.player(0).vp == 6 and after.player(0).deniers == 20 - 2 + 2  # cost 2, one activation


# -- §2.7 -------------------------------------------------------------------------------------------


def test_2_7_1_deniers_from_passing_are_collected_at_the_round_end(game):
    state = table(game, square=[(1, "yellow", 2), (1, "yellow", 3)])
    state = play(state, "pass")  # seat 0: 2 deniers into its district
    assert state.player(0).district == 2 and state.player(0).deniers == 20
    state = play(state, "agriculture", dice=[[1, "yellow", 2]])  # seat 1
    state = play(state, "pass")  # seat 2; seat 0's turn comes round: +1
    assert state.player(0).district == 3 and state.current == 1
    events = TROYES.decide(state, TROYES.parse_command("agriculture", {"dice": [[1, "yellow", 3]]}))
    ended = next(e for e in events if e.kind == "troyes.round_ended")
    assert ended.collected == (3, 0, 2)  # the square is empty: the round ends with seat 1's action
    after = apply_all(state, events)
    assert after.round == 2 and after.phase == "reveal" and after.player(0).district == 0
    assert after.player(0).deniers == 23


def test_2_7_2_a_citizen_for_influence_only_with_an_action_and_an_empty_supply(game):
    state = seat(table(game, square=[(0, "red", 4)]), 0, supply=0, influence=5)
    assert refused(state, "recruit").rule == "Troyes 2.7.2 citizens"
    after = play(state, "place", die=[0, "red", 4], citizen="recruit")
    assert after.player(0).influence == 3 and after.buildings[0][3] == 0
    full = seat(state, 0, supply=1)
    assert refused(full, "place", die=[0, "red", 4], citizen="recruit").rule == "Troyes 2.7.2 citizens"


def test_2_7_2_the_any_time_reading_is_a_setting(game):
    state = evolve(seat(game, 0, supply=2, influence=5), settings=dataclasses.replace(game.settings, recruit_any_time=True))
    after = play(table(state, square=[(0, "red", 1)]), "recruit")
    assert after.player(0).supply == 3 and after.player(0).influence == 3 and after.current == 0  # no turn spent


def test_2_7_3_the_raid_is_resolved_first_every_round_and_never_taken(game):
    state = evolve(game, phase="events", queue=(EventState("white_1", (N,)),))
    event = flow.next_event(state)
    assert [row[0] for row in event.rows] == ["raid", "white_1"]
    raid = state.catalog.raid
    full = evolve(table(game, square=[(0, "red", 6), (0, "red", 6), (0, "red", 6)]), raid=EventState("raid", ()))
    after = play(full, "fight", event="raid", dice=[[0, "red", 6]] * 3)  # 18 // 3 = 6 cubes, 3 flags
    assert after.raid == EventState("raid", (N,) * raid.neutral)  # cleared, ready for cubes again
    assert after.player(0).vp == 5 + sum(raid.prizes) and "raid" not in after.player(0).events_won
    assert after.player(0).influence == 5 + raid.flags  # the cubes beyond its flags give nothing (2.8.6)


def test_2_7_4_a_resolved_event_goes_to_most_cubes_and_the_queue_closes_up(game):
    queue = (EventState("red_1", (N,)), EventState("white_1", (N, 1, 2)), EventState("yellow_1", (N,)))
    state = evolve(table(game, square=[(0, "white", 6), (0, "white", 6)]), queue=queue)
    after = play(state, "fight", event="white_1", dice=[[0, "white", 6], [0, "white", 6]])  # 4 cubes, 1 flag free
    assert [e.id for e in after.queue] == ["red_1", "yellow_1"]
    assert after.player(0).events_won == () and after.player(0).influence == 6  # tie N,0,1,2: first placer grey


def test_2_7_4_flags_fill_in_order_and_one_action_places_on_one_event(game):
    queue = (EventState("red_1", (N,)), EventState("red_2", (N,)))
    state = evolve(table(game, square=[(0, "red", 6)]), queue=queue)
    after = play(state, "fight", event="red_2", dice=[[0, "red", 6]])
    assert after.queue == (EventState("red_1", (N,)), EventState("red_2", (N, 0, 0)))
    assert [f.name for f in dataclasses.fields(c.Fight)].count("event") == 1


def test_2_7_5_city_hall_and_bishopric_push_the_row_and_expel_its_last(game):
    built = list(game.buildings)
    built[2] = (1, 2, N, N, N, N)  # City Hall: rows 1-3 (spaces 0-2) and 4-6 (3-5)
    state = seat(evolve(table(game, square=[(0, "yellow", 2), (1, "red", 1)]), buildings=tuple(built)), 0, supply=1)
    after = play(state, "place", die=[0, "yellow", 2], citizen="supply")
    assert after.buildings[2] == (0, 1, 2, N, N, N) and after.expelled[2] == (N,)
    assert after.protected[2] == (N,)


def test_2_7_5_the_palace_replaces(game):
    built = list(game.buildings)
    built[0] = (1, 1, 2, 2, N, N)
    state = seat(evolve(table(game, square=[(0, "red", 3), (1, "red", 1)]), buildings=tuple(built)), 0, supply=1)
    after = play(state, "place", die=[0, "red", 3], citizen="supply")
    assert after.buildings[0] == (1, 1, 0, 2, N, N) and after.expelled[0] == (2,)


def test_2_7_5_an_expelled_colour_is_protected_for_the_round(game):
    built = list(game.buildings)
    built[0] = (1, 1, 2, 2, N, N)
    state = seat(evolve(table(game, square=[(0, "red", 3), (0, "red", 4), (0, "red", 1)]), buildings=tuple(built)),
                 0, supply=3)
    state = evolve(play(state, "place", die=[0, "red", 3], citizen="supply"), current=0)
    exc = refused(state, "place", die=[0, "red", 4], citizen="supply")  # would expel seat 2 again
    assert exc.rule == "Troyes 2.7.5 citizens"
    after = play(state, "place", die=[0, "red", 1], citizen="supply")  # seat 1 is not protected
    assert after.expelled[0] == (1, 2)


def test_2_7_5_expelled_citizens_go_home_at_the_round_end(game):
    state = evolve(game, phase="round_end", expelled=((1, 2), (), (N,)), protected=((1, 2), (), (N,)))
    before = [p.supply for p in state.players]
    after = TROYES.apply(state, flow.next_event(state))
    assert [p.supply for p in after.players] == [before[0], before[1] + 1, before[2] + 1]
    assert after.expelled == ((), (), ()) and after.protected == ((), (), ())


def test_2_7_6_a_tradesman_may_come_from_the_board_and_leaves_its_space_free(game):
    state = with_card(with_card(game, "merchant", spaces=(0, None, None)), "goldsmith")
    state = table(state, square=[(0, "yellow", 3)])
    after = play(state, "activate", card="goldsmith", dice=[[0, "yellow", 3]], citizen=["card", "merchant"])
    cards = {card.id: card for card in after.cards}
    assert cards["merchant"].spaces == (None, None, None) and cards["goldsmith"].spaces == (0, None, None)


def test_2_7_6_one_tradesman_per_player_per_card(game):
    state = table(with_card(game, "merchant", spaces=(0, None, None)), square=[(0, "yellow", 3)])
    exc = refused(state, "activate", card="merchant", dice=[[0, "yellow", 3]], citizen="supply")
    assert exc.rule == "Troyes 2.3 activity cards"
    after = play(state, "activate", card="merchant", dice=[[0, "yellow", 3]])  # no cost, no citizen again
    assert after.player(0).deniers == 22


def test_2_7_6_every_activation_is_carried_out(game):
    state = table(with_card(game, "journeyman", spaces=(0, None, None)),
                  square=[(0, "yellow", 6), (0, "yellow", 6), (0, "yellow", 6)])
    dice = [[0, "yellow", 6]] * 3  # 18 // 3 = 6 activations: 18 deniers → 12 VP
    assert refused(seat(state, 0, deniers=17), "activate", card="journeyman", dice=dice).params["need"] == 18
    after = play(seat(state, 0, deniers=18), "activate", card="journeyman", dice=dice)
    assert after.player(0).deniers == 0 and after.player(0).vp == 5 + 12


def test_2_7_7_hourglass_cards_store_a_cube_per_activation(game):
    state = table(with_card(game, "blacksmith", spaces=(0, None, None)), square=[(0, "red", 6), (0, "red", 3)])
    after = play(state, "activate", card="blacksmith", dice=[[0, "red", 6], [0, "red", 3]])
    assert next(card for card in after.cards if card.id == "blacksmith").stored == (3, 0, 0)


def test_2_7_7_a_stored_cube_changes_one_action_and_is_spent(game):
    state = with_card(game, "blacksmith", stored=(2, 0, 0))
    state = evolve(table(state, square=[(0, "red", 1)]), queue=(EventState("red_1", (N,)),))
    after = play(state, "fight", event="red_1", dice=[[0, "red", 1]], cube="blacksmith")  # (1 + 5) // 3 = 2
    assert after.queue[0].cubes == (N, 0, 0)
    assert next(card for card in after.cards if card.id == "blacksmith").stored == (1, 0, 0)


def test_2_7_7_stored_cubes_never_counter_black_dice():
    # One cube per action is a single field; the counter takes none at all.
    assert [f.name for f in dataclasses.fields(c.Fight)].count("cube") == 1
    assert "cube" not in {f.name for f in dataclasses.fields(c.Counter)}


def test_2_7_8_one_cathedral_cube_per_die_in_its_face_column_from_the_bottom(game):
    state = table(game, square=[(0, "white", 2), (0, "white", 2), (0, "white", 5)])
    after = play(state, "cathedral", dice=[[0, "white", 2], [0, "white", 2], [0, "white", 5]])
    assert after.cathedral[1] == (0, 0) and after.cathedral[4] == (0,)
    full = evolve(table(game, square=[(0, "white", 2)]), cathedral=((), (1, 1, 2), (), (), (), ()))
    assert refused(full, "cathedral", dice=[[0, "white", 2]]).rule == "Troyes 2.3 cathedral"


def test_2_7_9_the_action_phase_ends_when_the_square_is_empty(game):
    state = table(game, square=[(0, "yellow", 2)])
    events = TROYES.decide(state, TROYES.parse_command("agriculture", {"dice": [[0, "yellow", 2]]}))
    assert [e.kind for e in events][:2] == ["troyes.played", "troyes.round_ended"]


def test_2_7_9_the_action_phase_ends_when_everyone_has_passed(game):
    state = table(game, square=[(1, "yellow", 2)])
    state = play(play(state, "pass"), "pass")
    events = TROYES.decide(state, TROYES.parse_command("pass", {}))
    assert [e.kind for e in events][1] == "troyes.round_ended"


def test_2_7_10_influence_may_change_own_dice_before_countering(game):
    state = _counter_state(game, [5], [("white", 2)])
    state = play(state, "flip", dice=[["white", 2]])  # 7 − 2 = 5, for 4 influence
    after = play(state, "counter", dice=[["white", 5]], black=[5])
    assert after.player(0).influence == 5 - 4 + 1 and after.black == ()


def test_2_7_11_the_tie_break_rests_on_a_setting(game):
    from companion.games.troyes.scoring import final_summary

    state = evolve(game, cards=(), cathedral=((),) * 6)
    for s in range(3):
        state = seat(state, s, vp=10, deniers=s, influence=0, characters=())
    assert final_summary(state)["tie_break"] == "shared" and len(final_summary(state)["winners"]) == 3
    by_deniers = evolve(state, settings=dataclasses.replace(state.settings, tie_break="deniers"))
    final = final_summary(by_deniers)
    assert final["tie_break"] == "deniers" and final["winners"] == ("Cy",)
