"""The seats' choices in an Augustus view: each the frozen intent its command turns back into,
made once per command (a placing call's views list some ninety, nearly all unchanged by a step)."""

from __future__ import annotations

from companion.core.views import freeze
from companion.games.augustus.parse import intent_of
from companion.games.augustus.parts.choices import seat_choices
from companion.games.augustus.view import view
from augustus_helpers import card, game, play


def placing():
    hands = [[card(10 + s, symbols=("shield", "chariot")), card(30 + s, symbols=("dagger", "standard")),
              card(50 + s, symbols=("shield",) * 3)] for s in range(3)]
    return play(game(hands), "draw", token="shield")


def test_every_choice_is_the_frozen_intent_of_its_command():
    state = placing()
    for p in view(state).players:
        assert list(p.choices) == [freeze(intent_of(cmd)) for cmd in seat_choices(state, p.seat)]
        assert p.choices, "each seat may place on its shield objectives"


def test_a_seat_untouched_by_a_step_keeps_the_same_choice_values():
    state = placing()
    before = view(state).players[2].choices
    after = view(play(state, "skip", seat=0)).players[2].choices
    assert after == before
    assert all(a is b for a, b in zip(after, before)), "made again for an unchanged command"
