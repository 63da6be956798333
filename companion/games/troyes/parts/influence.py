"""Influence on one's own dice (digest 2.3, S: TRB-BRIEF): a reroll for 1, turning 1–3 dice to
their opposite face (7 − face) for 4; before an action or before countering a black die (2.7.10);
never on another district's dice, bought or not (2.6.6). A citizen for 2 influence any time is the
TRB-BRIEF setting (2.7.2); by default it comes only with the action that needs it (citizens.take)."""

from __future__ import annotations

from collections import Counter

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes.parts import citizens
from companion.games.troyes.parts.square import add, check_die, own
from companion.games.troyes.state import TroyesState, gain

RULE = "Troyes 2.3 influence"
REROLL_ASK = "troyes.reroll"


def _may_use(state: TroyesState, seat: int) -> None:
    if state.phase not in ("actions", "counter"):
        raise IllegalCommand(RULE, "Influence is used before an action or before countering a black die.")
    if seat != state.current:
        raise IllegalCommand(RULE, "It is {name}'s turn.", name=state.player(state.current).name)
    if state.reroll is not None:
        raise IllegalCommand(RULE, "First enter the face of the die picked up to reroll.")


def _pay(state: TroyesState, seat: int, cost: int) -> TroyesState:
    player = state.player(seat)
    if player.influence < cost:
        raise IllegalCommand(RULE, "That costs {cost} influence; you have {have}.", cost=cost, have=player.influence)
    return state.with_player(gain(player, influence=-cost))


def _own(state: TroyesState, seat: int, dice: tuple[tuple[str, int], ...]) -> None:
    for colour, face in dice:
        check_die(colour, face, RULE)
    if Counter(tuple(d) for d in dice) - Counter(own(state.square, seat)):
        raise IllegalCommand(RULE, "Influence changes only dice of your own district.")


def reroll(state: TroyesState, seat: int, die: tuple[str, int]) -> TroyesState:
    """Pay and pick up the die; its new face is the next thing entered (a one-die read)."""
    _may_use(state, seat)
    _own(state, seat, (die,))
    state = _pay(state, seat, state.settings.reroll_cost)
    square = list(state.square)
    square.remove((seat, die[0], die[1]))
    return evolve(state, square=tuple(square), reroll=(seat, die[0]))


def rerolled(state: TroyesState, face: int) -> TroyesState:
    if state.reroll is None:
        raise IllegalCommand(RULE, "No die is being rerolled.")
    if not 1 <= face <= 6:
        raise IllegalCommand(RULE, "A die shows 1 to 6, not {face}.", face=face)
    seat, colour = state.reroll
    return evolve(state, square=add(state.square, ((seat, colour, face),)), reroll=None)


def flip(state: TroyesState, seat: int, dice: tuple[tuple[str, int], ...]) -> TroyesState:
    _may_use(state, seat)
    most = state.settings.flip_max
    if not 1 <= len(dice) <= most:
        raise IllegalCommand(RULE, "Turn 1 to {max} dice, not {count}.", max=most, count=len(dice))
    _own(state, seat, dice)
    state = _pay(state, seat, state.settings.flip_cost)
    square = list(state.square)
    for colour, face in dice:
        square.remove((seat, colour, face))
    return evolve(state, square=add(tuple(square), ((seat, colour, 7 - face) for colour, face in dice)))


def recruit(state: TroyesState, seat: int) -> TroyesState:
    _may_use(state, seat)
    if not state.settings.recruit_any_time:
        raise IllegalCommand(citizens.RULE, "A citizen is recruited for influence only during an action that needs "
                                            "one, when your supply is empty.")
    return citizens.recruit(state, seat)
