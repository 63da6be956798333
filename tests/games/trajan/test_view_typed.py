"""Trajan's typed view: the choices it lists are the legal moves as intents, read-only, and the same
as the plain intents the screens post (`parse.intent_of`)."""

from __future__ import annotations

import random

import pytest

from companion.core.views import FrozenMap, Seq, mismatches
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.parse import frozen_intent_of, intent_of, parse_command
from companion.games.trajan.rules import TRAJAN
from companion.games.trajan.view import TrajanView

pytestmark = pytest.mark.timeout(120)


def test_choices_are_the_legal_intents_frozen_through_a_whole_game():
    rnd = random.Random(11)
    state = TRAJAN.initial_state()
    setup = TRAJAN.parse_command("setup", {"players": ["Ann", "Bo", "Cy"], "colours": ["red", "blue", "green"],
                                           "seed": 11})
    for event in TRAJAN.decide(state, setup):
        state = TRAJAN.apply(state, event)
    for _ in range(400):
        if TRAJAN.is_finished(state):
            break
        view = TRAJAN.view(state)
        assert isinstance(view, TrajanView) and not mismatches(view)
        legal = legal_commands(state)
        assert view.choices == [intent_of(cmd) for cmd in legal]
        for choice, cmd in zip(view.choices, legal):
            assert type(choice) is FrozenMap and type(choice["args"]) is FrozenMap
            assert all(type(v) is Seq for v in choice["args"].values() if isinstance(v, list))
            assert parse_command(choice["name"], choice["args"]) == cmd  # a choice posted back is the move
            assert frozen_intent_of(cmd) == choice
        command = rnd.choice(legal)
        for event in TRAJAN.decide(state, command):
            state = TRAJAN.apply(state, event)
    assert TRAJAN.view(state).players[0].score == TRAJAN.view(state).players[0].vp
