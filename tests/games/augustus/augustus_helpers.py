"""Augustus test helpers: a game driven through the rules (intents parsed as a screen or pad posts
them) with the physical bag, so each test calls the tokens it needs, and objectives from a card
file the test writes; and a state set on the table directly (controlled objectives) for one rule
at a time."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import pytest

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.augustus.parts.cards import parse_card
from companion.games.augustus.rules import AUGUSTUS
from companion.games.augustus.state import AugustusState

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fa")


def card(number: int, kind: str = "green", vp: int = 1, symbols: Iterable[str] = ("swords",), gold: int = 0,
         wheat: int = 0, power: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return {"number": number, "kind": kind, "vp": vp, "gold": gold, "wheat": wheat, "symbols": list(symbols),
            "power": dict(power) if power else None}


def decide(state: AugustusState, name: str, **args: Any):
    return AUGUSTUS.decide(state, AUGUSTUS.parse_command(name, args))


def play(state: AugustusState, name: str, **args: Any) -> AugustusState:
    for event in decide(state, name, **args):
        state = AUGUSTUS.apply(state, event)
    return state


def refused(state: AugustusState, name: str, **args: Any) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        decide(state, name, **args)
    return info.value


def set_up(players: int = 3, oldest: int = 0, seed: int = 7, cards: Iterable[Mapping[str, Any]] = (),
           **settings: Any) -> AugustusState:
    settings.setdefault("bag", "table")
    return play(AUGUSTUS.initial_state(), "setup", players=list(NAMES[:players]), seed=seed, oldest=oldest,
                settings=settings, cards=cards if isinstance(cards, str) else list(cards))


def game(hands: list[list[Mapping[str, Any]]], spare: Iterable[Mapping[str, Any]] = (), oldest: int = 0,
         **settings: Any) -> AugustusState:
    """A game whose seat k took `hands[k]` (each three cards, in the table's card file with `spare`,
    the cards taken later); the first draw is next."""
    state = set_up(len(hands), oldest, cards=[c for hand in hands for c in hand] + list(spare), **settings)
    for seat, hand in enumerate(hands):
        for c in hand:
            state = play(state, "take", seat=seat, number=c["number"])
    assert state.phase == "draw"
    return state


def call(state: AugustusState, token: str, placements: Mapping[int, tuple[int, ...]] | None = None) -> AugustusState:
    """The crier draws `token`; each seat in `placements` places (number, slot[, from_number,
    from_slot]), every other seat still able to skips."""
    state = play(state, "draw", token=token)
    placements = dict(placements or {})
    for seat in range(state.player_count):
        if state.phase != "place":
            break
        if seat in placements:
            target = placements.pop(seat)
            args = dict(zip(("number", "slot", "from_number", "from_slot"), target))
            state = play(state, "place", seat=seat, **args)
        elif not state.acted[seat]:
            state = play(state, "skip", seat=seat)
    assert not placements, f"not placed: {placements}"
    return state


def holding(state: AugustusState, seat: int, *cards: Mapping[str, Any]) -> AugustusState:
    """Seat `seat` controls `cards` (set on the table directly, rewards untouched)."""
    player = state.player(seat)
    return state.with_player(evolve(player, controlled=player.controlled + tuple(parse_card(c) for c in cards)))


def legions(state: AugustusState) -> int:
    """Every legion: supplies, objectives in play, the reserve (conserved: the box's 48)."""
    return state.reserve + sum(p.supply + p.on_board for p in state.players)


NO_UNKNOWN_VP = {"reward_vp": {"green": 5, "pink": 5, "orange": 5, "senators": 6, "one_each": 7}}


def hand(seat: int, *cards):
    """`cards`, then fillers up to three (a dagger and a standard: never completed by these tests)."""
    fillers = [card(50 + 3 * seat + i, symbols=("dagger", "standard")) for i in range(3 - len(cards))]
    return [*cards, *fillers]


def spares(*numbers):
    return [card(n, symbols=("dagger", "standard", "standard")) for n in numbers]


REMOVE = {"kind": "remove_objective"}


def s002_example():
    """S002's example of three completions in one call: Dimitri 70 (two immediate mobilisations)
    completes his 1 at once; Roman 76 (every other player clears one objective's legions);
    Marilyn 80 (many VP, no power). Dimitri already controls a green and a pink."""
    dimitri = [card(70, symbols=("shield",), power={"kind": "mobilise", "amount": 2}),
               card(1, symbols=("swords", "catapult")), card(4, symbols=("chariot", "dagger"))]
    roman = hand(1, card(76, kind="pink", symbols=("shield",), power={"kind": "clear_objective"}))
    marilyn = [card(80, kind="orange", vp=9, symbols=("shield",)), card(5, symbols=("catapult", "dagger")),
               card(6, symbols=("standard", "dagger"))]
    state = game([dimitri, roman, marilyn], spare=spares(82, 83, 84, 85), **NO_UNKNOWN_VP)
    state = holding(state, 0, card(40, kind="green"), card(41, kind="pink"))
    state = call(state, "chariot", {0: (4, 0)})
    return call(state, "shield", {0: (70, 0), 1: (76, 0), 2: (80, 0)})
