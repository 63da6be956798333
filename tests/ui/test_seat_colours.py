"""The set-ups' shared colour cycling (companion/ui/shell/seat_colours.py), used by Troyes and
Augustus: one colour per seat, none twice, a tap gives the next free one."""

from companion.ui.shell.seat_colours import fit_colours, next_colour

ORDER = ("red", "blue", "green", "yellow")


def test_fitting_keeps_the_seats_own_then_fills_with_the_first_free():
    assert fit_colours([], 3, ORDER) == ["red", "blue", "green"]
    assert fit_colours(["green", "red"], 3, ORDER) == ["green", "red", "blue"]
    assert fit_colours(["green", "green", "pink"], 2, ORDER) == ["green", "red"], "none twice, none not offered"
    assert fit_colours(["yellow", "blue", "red"], 2, ORDER) == ["yellow", "blue"]


def test_a_tap_gives_the_next_colour_no_other_seat_has_wrapping_round():
    assert next_colour(["red", "blue", "green"], 0, ORDER) == ["yellow", "blue", "green"]
    assert next_colour(["yellow", "blue", "green"], 0, ORDER) == ["red", "blue", "green"]
    assert next_colour(["red", "blue", "green", "yellow"], 1, ORDER) == ["red", "blue", "green", "yellow"]
    assert next_colour(["red"], 3, ORDER) == ["red"], "not a seat: unchanged"
