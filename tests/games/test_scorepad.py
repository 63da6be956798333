"""Score pad rules: setup validation, entries, ranking with shared places, pad buttons."""

import pytest

from companion.core.errors import IllegalCommand
from companion.games.scorepad.commands import AddPoints, FinishPad, StartPad, parse_command
from companion.games.scorepad.rules import SCOREPAD
from companion.games.scorepad.scoring import places


def setup(players=("Ann", "Bo"), seed=5):
    state = SCOREPAD.initial_state()
    for event in SCOREPAD.decide(state, StartPad(players, seed)):
        state = SCOREPAD.apply(state, event)
    return state


def play(state, command):
    for event in SCOREPAD.decide(state, command):
        state = SCOREPAD.apply(state, event)
    return state


@pytest.mark.parametrize(
    "players, words",
    [((), "1 to 8"), (tuple(f"P{i}" for i in range(9)), "not 9"), (("Ann", " "), "Player 2 has no name"),
     (("Ann", "Ann"), "same name"), (("x" * 17,), "longer than 16")],
)
def test_bad_setups_name_the_problem(players, words):
    with pytest.raises(IllegalCommand) as info:
        SCOREPAD.decide(SCOREPAD.initial_state(), StartPad(players, 1))
    assert words in info.value.message and info.value.rule == "score pad setup"


def test_start_player_comes_from_seed_and_is_reproducible():
    starts = {setup(("A", "B", "C", "D"), seed).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}
    assert setup(seed=99).start_player == setup(seed=99).start_player


def test_entries_and_limits():
    state = play(setup(), AddPoints(1, 7))
    assert state.scores == (0, 7) and state.entries == 1
    with pytest.raises(IllegalCommand, match="at most 999"):
        play(state, AddPoints(0, 1000))
    with pytest.raises(IllegalCommand, match="0 points"):
        play(state, AddPoints(0, 0))


def test_finished_pad_refuses_entries():
    state = play(setup(), FinishPad())
    with pytest.raises(IllegalCommand, match="finished"):
        play(state, AddPoints(0, 1))


def test_places_share_ties_and_skip():
    assert places((10, 20, 20, 5)) == (3, 1, 1, 4)


def test_parse_command_names_bad_field():
    with pytest.raises(IllegalCommand, match="'points' must be a whole number"):
        parse_command("add_points", {"seat": 0, "points": "ten"})
    with pytest.raises(IllegalCommand, match="no action 'fly'"):
        parse_command("fly", {})


def test_pad_buttons_map_to_own_seat():
    state = setup()
    assert SCOREPAD.command_for_button(state, 1, "plus") == AddPoints(1, 1)
    assert SCOREPAD.command_for_button(state, 0, "minus") == AddPoints(0, -1)
    assert SCOREPAD.command_for_button(state, 0, "ok") is None
    assert SCOREPAD.command_for_button(state, 5, "plus") is None


def test_view_is_public_and_complete():
    view = SCOREPAD.view(play(setup(), AddPoints(0, 3)))
    assert view["players"][0] == {"seat": 0, "name": "Ann", "score": 3, "place": 1}
