"""Augustus intents and settings: a field of the wrong shape is refused naming it, under the input
or settings rule; the set-up's checks; a step out of its time refused naming the rule."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalCommand
from companion.games.augustus.parse import intent_of
from companion.games.augustus.rules import AUGUSTUS
from augustus_helpers import NAMES, call, card, game, hand, play, refused, set_up


@pytest.mark.parametrize("name, args, field", [
    ("place", {"seat": "0", "number": 10, "slot": 0}, "seat"),
    ("place", {"seat": 0, "number": 10, "slot": None}, "slot"),
    ("place", {"seat": 0, "number": 10, "slot": 0, "from_number": "x"}, "from_number"),
    ("take", {"seat": 0, "number": 10, "card": [1, 2]}, "card"),
    ("draw", {"token": ["shield"]}, "token"),
    ("give", {"seat": 0, "to": True}, "to"),
    ("reward_value", {"reward": 3}, "reward"),
    ("setup", {"players": "Ann", "seed": 1}, "players"),
    ("setup", {"players": ["Ann", "Bo"], "seed": 1, "cards": 5}, "cards"),
])
def test_a_field_of_the_wrong_shape_is_refused_naming_it(name, args, field):
    with pytest.raises(IllegalCommand) as error:
        AUGUSTUS.parse_command(name, args)
    assert error.value.params["field"] == field and error.value.rule == "Augustus input"


def test_an_unknown_step_is_refused_naming_it():
    with pytest.raises(IllegalCommand) as error:
        AUGUSTUS.parse_command("shout", {})
    assert error.value.params == {"name": "shout"} and error.value.rule == "Augustus input"


@pytest.mark.parametrize("settings, words", [
    ({"colour": "red"}, "There is no Augustus setting"),
    ({"bag": "sack"}, "must be one of"),
    ({"declined_number_lost": 1}, "true or false"),
    ({"legions_start": 0}, "from 1 to 99"),
    ({"legions_box": 20}, "at least 6"),
    ({"reward_vp": {"eagle": 3}}, "by reward"),
    ({"reward_vp": {"gold": -1}}, "from 0 to 30"),
])
def test_a_bad_setting_is_refused_under_the_settings_rule(settings, words):
    with pytest.raises(IllegalCommand) as error:
        set_up(2, **settings)
    assert error.value.rule == "Augustus settings" and words in error.value.message


@pytest.mark.parametrize("players, oldest, rule", [(1, 0, "Augustus set-up"), (7, 0, "Augustus set-up"),
                                                    (3, 3, "Augustus set-up")])
def test_the_set_up_checks_the_table(players, oldest, rule):
    names = list(NAMES) + ["Gu"]
    with pytest.raises(IllegalCommand) as error:
        play(AUGUSTUS.initial_state(), "setup", players=names[:players], seed=1, oldest=oldest)
    assert error.value.rule == rule


def test_steps_out_of_their_time_are_refused_naming_the_rule():
    state = game([hand(0, card(10, symbols=("shield",))), hand(1)], spare=[card(80)])
    assert refused(state, "place", seat=0, number=10, slot=0).rule == "Augustus 4.2 completion"
    assert refused(state, "claim", seat=0).rule == "Augustus 4.2 completion"
    assert refused(state, "skip", seat=5).rule == "Augustus 4.2 play"
    assert refused(state, "reward_value", reward="green", vp=3).rule == "Augustus 4.7 reward values"
    state = play(state, "draw", token="swords")  # nobody has swords: the call closes by itself
    assert state.phase == "draw" and state.drawn == ("swords",)
    state = play(state, "draw", token="shield")
    assert refused(state, "draw", token="chariot").rule == "Augustus 4.2 play"
    assert refused(state, "place", seat=0, number=11, slot=0).rule == "Augustus 4.2 mobilisation"
    assert refused(state, "place", seat=0, number=10, slot=4).params["field"] == "slot"
    assert refused(state, "place", seat=0, number=10, slot=0, from_number=10).rule == "Augustus 4.2 mobilisation"


def test_a_step_posted_again_is_the_same_step():
    state = game([hand(0, card(10, symbols=("shield", "chariot"))), hand(1)])
    state = call(state, "shield", {0: (10, 0)})
    state = play(state, "draw", token="chariot")
    command = AUGUSTUS.parse_command("place", {"seat": 0, "number": 10, "slot": 1, "from_number": 10, "from_slot": 0})
    intent = intent_of(command)
    assert AUGUSTUS.parse_command(intent["name"], intent["args"]) == command
    events = AUGUSTUS.decide(state, command)
    assert AUGUSTUS.command_of(events) == command
