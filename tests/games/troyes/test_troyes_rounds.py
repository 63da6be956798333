"""Troyes rounds (S004's six phases): activity cards in rounds 1–3 only, income, dice, the round's two
events (red first, then the deck its mark names) and the queue's effects each round, the actions,
the round's end, and the game's end after 4/5/6 rounds with the final breakdown revealed."""

from __future__ import annotations

import dataclasses

from companion.core.values import evolve
from companion.games.troyes import flow
from companion.games.troyes import rules_data as R
from companion.games.troyes.rules import TROYES
from companion.games.troyes.state import EventState
from troyes_helpers import at_actions, draw_events, place_all, play, refused, reveal_round, seat, set_up, table, throw_all

N = R.NEUTRAL


def test_round_1_turns_up_one_card_per_colour_numbered_1():
    state = place_all(set_up(3))
    ask = TROYES.view(state)["ask"]
    assert ask["kind"] == "troyes.activity_revealed" and ask["about"]["colours"] == ["red", "white", "yellow"]
    assert refused(state, "reveal_activity", card="journeyman").rule == "Troyes 2.2 activity cards revealed"  # III
    state = play(state, "reveal_activity", card="merchant")
    assert TROYES.view(state)["ask"]["about"]["colours"] == ["red", "white"]
    assert refused(state, "reveal_activity", card="goldsmith").rule == "Troyes 2.2 activity cards revealed"
    events = TROYES.decide(state, TROYES.parse_command("reveal_activity", {"card": "blacksmith"}))
    state = play(play(state, "reveal_activity", card="blacksmith"), "reveal_activity", card="sculptor")
    assert state.phase == "dice" and len(events) == 1
    assert [c.id for c in state.cards] == ["merchant", "blacksmith", "sculptor"]


def test_income_follows_the_last_card_in_the_same_step():
    state = place_all(set_up(3))
    state = play(play(state, "reveal_activity", card="merchant"), "reveal_activity", card="blacksmith")
    events = TROYES.decide(state, TROYES.parse_command("reveal_activity", {"card": "sculptor"}))
    assert [e.kind for e in events] == ["troyes.played", "troyes.income"]


def test_rounds_4_to_6_turn_up_no_cards():
    state = table(at_actions(4), phase="round_end", round=3)
    after = TROYES.apply(state, flow.next_event(state))
    assert after.round == 4 and after.phase == "income"
    assert TROYES.apply(after, flow.next_event(after)).phase == "dice"


def test_the_events_drawn_are_red_then_the_deck_the_red_card_names():
    state = throw_all(reveal_round(place_all(set_up(3))))
    ask = TROYES.view(state)["ask"]
    assert ask["kind"] == "troyes.event_drawn" and ask["about"]["deck"] == "red"
    assert refused(state, "draw_event", event="white_1").rule == "Troyes 2.2 events"
    state = play(state, "draw_event", event="red_1")  # marked white
    assert TROYES.view(state)["ask"]["about"]["deck"] == "white"
    assert refused(state, "draw_event", event="yellow_1").rule == "Troyes 2.2 events"
    events = TROYES.decide(state, TROYES.parse_command("draw_event", {"event": "white_2"}))
    assert [e.kind for e in events] == ["troyes.played", "troyes.events"]
    triggered = events[1]
    assert triggered.black == 1 + 2 and [row[0] for row in triggered.rows] == ["raid", "red_1", "white_2"]
    state = play(state, "draw_event", event="white_2")
    assert state.phase == "black_throw" and [e.id for e in state.queue] == ["red_1", "white_2"]
    assert state.queue[0].cubes == (N,)  # its grey cube placed on entry


def test_an_event_drawn_once_is_never_drawn_again():
    state = evolve(throw_all(reveal_round(place_all(set_up(3)))), seen=("red_1",))
    assert "red_1" not in TROYES.view(state)["ask"]["options"]


def test_events_in_the_queue_make_every_player_pay_each_round_short_of_it_2_vp():
    state = set_up(3, data={"events": {"white_1": {"effect": {"pay": {"deniers": 3}}}}})
    state = evolve(place_all(state), queue=(EventState("white_1", (N,)),))
    state = seat(seat(evolve(state, phase="events"), 0, deniers=2, vp=4), 1, deniers=3, vp=4)
    event = flow.next_event(state)
    payments = dict((row[0], row[2]) for row in event.rows)["white_1"]
    assert payments[:2] == ((0, 2, 0, True), (1, 3, 0, False))
    after = TROYES.apply(state, event)
    assert (after.player(0).deniers, after.player(0).vp) == (0, 2)
    assert (after.player(1).deniers, after.player(1).vp) == (0, 4)


def test_without_black_dice_the_actions_follow_the_events():
    state = set_up(3, data={"raid": {"military": 0}, "events": {"red_1": {"military": 0}}})
    state = throw_all(reveal_round(place_all(state)))
    state = play(play(state, "draw_event", event="red_1"), "draw_event", event="white_1")
    assert state.phase == "actions" and state.current == state.start_player


def test_black_dice_are_faced_clockwise_from_the_start_player():
    state = table(at_actions(3), phase="counter", black=(5, 4, 1), current=1, start_player=1,
                  square=[(1, "red", 3), (2, "white", 1), (0, "yellow", 6)])
    state = play(state, "counter", dice=[["red", 3]], black=[5])
    assert state.current == 2
    state = play(state, "no_counter")
    assert state.current == 0 and state.black == (1,)
    state = play(state, "counter", dice=[["yellow", 6]], black=[1])
    assert state.phase == "actions" and state.current == 1


def test_one_group_may_counter_several_black_dice_reaching_their_sum():
    state = table(at_actions(3), phase="counter", black=(5, 3), current=0, square=[(0, "red", 3), (0, "white", 2)])
    assert refused(state, "counter", dice=[["red", 3]], black=[5, 3]).params == {"total": 6, "need": 8}
    assert refused(state, "counter", dice=[["red", 3]], black=[3]).rule == "Troyes 2.2 black dice"  # the highest first
    after = play(state, "counter", dice=[["red", 3], ["white", 2]], black=[5, 3])
    assert after.black == () and after.player(0).influence == state.player(0).influence + 2
    each = evolve(state, settings=dataclasses.replace(state.settings, black_groups="each"))
    assert play(each, "counter", dice=[["red", 3]], black=[5, 3]).black == ()


def test_the_round_end_passes_the_start_player_and_clears_the_square():
    state = table(at_actions(3), phase="round_end", round=1, start_player=2, square=[(0, "red", 1)])
    event = flow.next_event(state)
    after = TROYES.apply(state, event)
    assert after.start_player == 0 and after.current == 0 and after.square == () and after.round == 2


def test_actions_take_turns_clockwise_and_a_passed_player_is_skipped():
    state = table(at_actions(3), square=[(0, "yellow", 1), (0, "yellow", 2), (1, "yellow", 1), (2, "yellow", 1),
                                         (N, "yellow", 1)], current=0)
    state = play(state, "agriculture", dice=[[0, "yellow", 1]])
    assert state.current == 1
    assert refused(state, "agriculture", dice=[[0, "yellow", 1]], seat=0).template == "It is {name}'s turn."
    state = play(state, "pass")
    state = play(state, "agriculture", dice=[[2, "yellow", 1]])
    assert state.current == 0 and state.player(1).district == 2
    state = play(state, "agriculture", dice=[[0, "yellow", 2]])  # seat 1's turn comes round: +1, then seat 2
    assert state.current == 2 and state.player(1).district == 2 + 1


def test_the_last_round_ends_the_game_and_reveals_the_breakdown():
    state = table(at_actions(2), round=4, square=[(0, "yellow", 2)], current=0)
    events = TROYES.decide(state, TROYES.parse_command("agriculture", {"dice": [[0, "yellow", 2]]}))
    assert [e.kind for e in events] == ["troyes.played", "troyes.round_ended", "troyes.game_ended"]
    assert events[-1].reveals
    after = state
    for event in events:
        after = TROYES.apply(after, event)
    assert TROYES.is_finished(after)
    public = TROYES.view(after)
    assert public["final"]["winners"] and {p["name"] for p in public["final"]["players"]} == {"Ann", "Bo"}
    assert all(len(p["characters"]) == 2 for p in public["final"]["players"])
    assert refused(after, "pass").rule == "game over"
