"""Troyes intents and the digest's default readings (§2.8): bad shapes refused naming "Troyes input",
an intent turned back from its command (what a screen posts for a choice, what a correction enters
again), and each §2.8 reading beside its alternative setting."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parse import intent_of
from companion.games.troyes.rules import TROYES
from companion.games.troyes.scoring import final_summary
from troyes_helpers import at_actions, play, refused, seat, table

N = R.NEUTRAL


@pytest.mark.parametrize("name, args, field", [
    ("agriculture", {"dice": [["yellow", 3]]}, "dice"),
    ("agriculture", {"dice": "yellow 3"}, "dice"),
    ("counter", {"dice": [[0, "red", 3]], "black": [5]}, "dice"),
    ("counter", {"dice": [["red", 3]], "black": "5"}, "black"),
    ("place", {"die": [0, "red"]}, "die"),
    ("place", {"die": [0, "red", 2], "citizen": ["moon"]}, "citizen"),
    ("activate", {"card": 7, "dice": []}, "card"),
    ("throw", {"district": "me", "dice": []}, "district"),
    ("throw", {"district": 0, "dice": [], "source": "camera"}, "source"),
    ("setup", {"players": ["A", "B"], "seed": 1, "deal_characters": "yes"}, "deal_characters"),
    ("setup", {"players": "A, B", "seed": 1}, "players"),
])
def test_bad_shapes_are_refused_naming_the_field(name, args, field):
    from companion.core.errors import IllegalCommand

    with pytest.raises(IllegalCommand) as info:
        TROYES.parse_command(name, args)
    assert info.value.rule == "Troyes input" and info.value.params["field"] == field


def test_an_unknown_action_is_refused():
    assert refused(at_actions(2), "bribe").rule == "Troyes input"


@pytest.mark.parametrize("name, args", [
    ("activate", {"card": "merchant", "dice": [[0, "yellow", 3]], "citizen": ["card", "miller"], "space": 1}),
    ("place", {"die": [N, "red", 2], "citizen": "recruit"}),
    ("counter", {"dice": [["red", 3], ["white", 1]], "black": [6, 1]}),
    ("throw", {"district": 1, "dice": [["red", 2]], "source": "scanner", "boot": "b", "seq": 4}),
    ("fight", {"event": "raid", "dice": [[1, "red", 6]], "cube": "blacksmith"}),
])
def test_an_intent_comes_back_from_its_command(name, args):
    command = TROYES.parse_command(name, args)
    intent = intent_of(command)
    assert intent["name"] == name and TROYES.parse_command(intent["name"], intent["args"]) == command


def test_a_step_gives_back_its_command_for_a_correction():
    state = table(at_actions(3), square=[(0, "yellow", 4), (1, "yellow", 2)], current=0)
    command = TROYES.parse_command("agriculture", {"dice": [[0, "yellow", 4]]})
    events = TROYES.decide(state, command)
    assert TROYES.command_of(events) == command
    setup = TROYES.decide(TROYES.initial_state(), TROYES.parse_command("setup", {"players": ["A", "B"], "seed": 1}))
    assert TROYES.command_of(setup) is None


def test_2_8_1_a_black_die_penalty_stops_at_0_unless_set_otherwise():
    state = seat(table(at_actions(3), phase="counter", black=(6,), current=0, square=()), 0, vp=1)
    assert play(state, "no_counter").player(0).vp == 0
    other = evolve(state, settings=dataclasses.replace(state.settings, black_penalty_floor=False))
    assert play(other, "no_counter").player(0).vp == -1


def test_2_8_7_a_final_total_may_be_negative_unless_set_otherwise():
    state = evolve(at_actions(3), cathedral=((),) * 6, cards=())
    for s in range(3):
        state = seat(state, s, vp=1, characters=(), influence=0, deniers=0)
    assert [p["total"] for p in final_summary(state)["players"]] == [-5, -5, -5]
    floor = evolve(state, settings=dataclasses.replace(state.settings, negative_total=False))
    assert [p["total"] for p in final_summary(floor)["players"]] == [0, 0, 0]


def test_the_uncountered_event_line_is_a_setting_off_by_default():
    from companion.games.troyes.state import EventState

    state = evolve(at_actions(3), queue=(EventState("red_1", (N, 0)), EventState("white_1", (0, 1))))
    ids = [[c["id"] for c in p["categories"]] for p in final_summary(state)["players"]]
    assert all("uncountered_events" not in i for i in ids)
    on = evolve(state, settings=dataclasses.replace(state.settings, uncountered_event_vp=1))
    lines = [next(c for c in p["categories"] if c["id"] == "uncountered_events")["vp"] for p in final_summary(on)["players"]]
    assert lines == [2, 1, 0]


def test_2_8_5_grey_cubes_beside_a_lone_player_the_other_reading():
    from companion.games.troyes.state import EventState

    state = evolve(table(at_actions(3), square=[(0, "red", 6), (0, "red", 6)], current=0),
                   queue=(EventState("red_1", (N,)),))
    state = seat(state, 0, vp=0)
    prizes = state.catalog.events["red_1"].prizes
    default = play(state, "fight", event="red_1", dice=[[0, "red", 6], [0, "red", 6]])  # 3 cubes beside 1 grey
    assert default.player(0).vp == prizes[0]  # grey second: its prize is lost
    lone = evolve(state, settings=dataclasses.replace(state.settings, neutral_participant=False))
    assert play(lone, "fight", event="red_1", dice=[[0, "red", 6], [0, "red", 6]]).player(0).vp == sum(prizes)
