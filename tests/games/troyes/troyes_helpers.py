"""Troyes test helpers: a game driven through the rules (intents parsed as a screen posts them),
and states set on the table directly (dice in the square, deniers in hand) for one rule at a time."""

from __future__ import annotations

from typing import Any, Iterable

import pytest

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.rules import TROYES
from companion.games.troyes.state import TroyesState

NAMES = ("Ann", "Bo", "Cy", "Di")


def decide(state: TroyesState, name: str, **args: Any):
    return TROYES.decide(state, TROYES.parse_command(name, args))


def play(state: TroyesState, name: str, **args: Any) -> TroyesState:
    """`state` after the intent `name` (every event of its step applied)."""
    for event in decide(state, name, **args):
        state = TROYES.apply(state, event)
    return state


def refused(state: TroyesState, name: str, **args: Any) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        decide(state, name, **args)
    return info.value


def set_up(players: int = 3, seed: int = 7, start: int = 0, **setup: Any) -> TroyesState:
    return play(TROYES.initial_state(), "setup", players=list(NAMES[:players]), seed=seed, start_player=start, **setup)


def place_all(state: TroyesState, spaces: Iterable[tuple[str, int]] | None = None) -> TroyesState:
    """Every starting citizen placed: on `spaces` in order, else on the first free space of the
    buildings in turn (Palace, Bishopric, City Hall, Palace …)."""
    spaces = list(spaces or ())
    turn = 0
    while state.phase == "placement":
        if spaces:
            building, space = spaces.pop(0)
        else:
            building = R.BUILDINGS[turn % 3]
            turn += 1
            free = [i for i, o in enumerate(state.buildings[R.BUILDINGS.index(building)]) if o is None]
            if not free:
                continue
            space = free[0]
        state = play(state, "place_start", building=building, space=space)
    return state


def reveal_round(state: TroyesState) -> TroyesState:
    """The activity cards of the round turned up, the first listed of each colour."""
    while state.phase == "reveal":
        state = play(state, "reveal_activity", card=TROYES.view(state)["ask"]["options"][0])
    return state


def throw_all(state: TroyesState, face: int = 3) -> TroyesState:
    """Every district throws its due dice, all showing `face`."""
    while state.phase == "dice":
        ask = TROYES.view(state)["ask"]
        due = ask["about"]["due"]
        state = play(state, "throw", district=ask["about"]["district"],
                     dice=[[colour, face] for colour, n in due.items() for _ in range(n)])
    return state


def draw_events(state: TroyesState) -> TroyesState:
    while state.phase == "event_draw":
        state = play(state, "draw_event", event=TROYES.view(state)["ask"]["options"][0])
    return state


def at_actions(players: int = 3, **setup: Any) -> TroyesState:
    """A game in round 1's action phase, every black die left uncountered."""
    state = throw_all(reveal_round(place_all(set_up(players, **setup))))
    state = draw_events(state)
    if state.phase == "black_throw":
        state = play(state, "throw_black", dice=[6] * TROYES.view(state)["ask"]["about"]["count"])
    while state.phase == "counter":
        if TROYES.view(state)["players"][state.current]["can_counter"]:
            state = play(state, "counter", dice=_own(state), black=[state.black[0]])
        else:
            state = play(state, "no_counter")
    return state


def _own(state: TroyesState) -> list:
    return [[c, f] for d, c, f in state.square if d == state.current]


def table(state: TroyesState, *, square: Iterable[tuple[int, str, int]] | None = None, **fields: Any) -> TroyesState:
    """`state` with what lies on the table set directly: `square` as (district, colour, face)."""
    if square is not None:
        fields["square"] = tuple(sorted(tuple(d) for d in square))
    return evolve(state, **fields)


def seat(state: TroyesState, n: int, **fields: Any) -> TroyesState:
    """`state` with seat `n`'s holdings set directly (deniers=…, influence=…, vp=…)."""
    return state.with_player(evolve(state.player(n), **fields))
