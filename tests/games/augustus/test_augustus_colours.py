"""Each seat's colour (its legions'): chosen at the set-up, one of the offered colours, none twice,
in the public view (and the journal's seating, so a game night keeps them)."""

from __future__ import annotations

from companion.games.augustus.parts.setup import COLOURS
from companion.games.augustus.rules import AUGUSTUS
from augustus_helpers import play, refused, set_up


def test_the_set_up_gives_each_seat_its_colour():
    state = play(AUGUSTUS.initial_state(), "setup", players=["Ann", "Bo", "Cy"], seed=1,
                 colours=["white", "red", "purple"])
    assert [p.colour for p in state.players] == ["white", "red", "purple"]
    assert [p["colour"] for p in AUGUSTUS.view(state)["players"]] == ["white", "red", "purple"]


def test_without_a_choice_the_seats_take_the_first_colours_in_order():
    assert [p.colour for p in set_up(4).players] == list(COLOURS[:4])


def test_a_bad_choice_of_colours_is_refused_naming_the_field():
    for bad in (["red"], ["red", "red"], ["red", "pink"]):
        error = refused(AUGUSTUS.initial_state(), "setup", players=["Ann", "Bo"], seed=1, colours=bad)
        assert error.rule == "Augustus set-up" and error.params["field"] == "colours"
