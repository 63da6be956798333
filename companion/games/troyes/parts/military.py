"""The black dice (S004 四): thrown after the round's events, countered high to low, the start
player first, then clockwise; red dice count double here and only here (digest 2.6.3)."""

from __future__ import annotations

from collections import Counter

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.square import check_die, own
from companion.games.troyes.state import TroyesState, gain, penalty

RULE = "Troyes 2.2 black dice"


def black_count(state: TroyesState) -> int:
    """The black dice to throw: what the events bring, at most the box's 6 (digest 2.1)."""
    return min(state.black_due, R.DICE_PER_COLOUR)


def throw(state: TroyesState, faces: tuple[int, ...]) -> TroyesState:
    """The black throw, sorted high to low (S004 四); the start player faces the highest."""
    if state.phase != "black_throw":
        raise IllegalCommand(RULE, "No black dice are being thrown now.")
    if len(faces) != black_count(state):
        raise IllegalCommand(RULE, "Throw {count} black dice, not {given}.", count=black_count(state), given=len(faces))
    for face in faces:
        if not 1 <= face <= 6:
            raise IllegalCommand(RULE, "A die shows 1 to 6, not {face}.", face=face)
    return evolve(state, black=tuple(sorted(faces, reverse=True)), phase="counter", current=state.start_player)


def strength(colour: str, face: int) -> int:
    """Digest 2.2 phase 3 (C; S004 四 2): a red die counts double against a black die."""
    return face * R.RED_AGAINST_BLACK if colour == "red" else face


def can_counter(state: TroyesState, seat: int) -> bool:
    """Whether some group of the seat's own dice reaches the highest black die: then it must
    counter (digest 2.6.5: nobody may decline to take the penalty)."""
    return bool(state.black) and sum(strength(c, f) for c, f in own(state.square, seat)) >= state.black[0]


def _facing(state: TroyesState, seat: int) -> None:
    if state.phase != "counter":
        raise IllegalCommand(RULE, "No black die is being countered now.")
    if seat != state.current:
        raise IllegalCommand(RULE, "It is {name} who faces the highest black die.", name=state.player(state.current).name)
    if state.reroll is not None:
        raise IllegalCommand(RULE, "First enter the face of the die picked up to reroll.")


def _next(state: TroyesState) -> TroyesState:
    """S004 四 5: the next player clockwise takes the highest black die left; none left, the actions."""
    if state.black:
        return evolve(state, current=(state.current + 1) % state.player_count)
    return evolve(state, phase="actions", current=state.start_player)


def counter(state: TroyesState, seat: int, dice: tuple[tuple[str, int], ...], black: tuple[int, ...]) -> TroyesState:
    """S004 四 1–4: own dice (1 or more, any colours, red double) against the highest black die and,
    with it, any lower ones; the group must reach their sum (digest 2.8.2; "each": each one's value).
    Each black die countered gives 1 influence; the dice used and the black dice are discarded."""
    _facing(state, seat)
    if not dice:
        raise IllegalCommand(RULE, "Counter with at least one of your own dice.")
    for colour, face in dice:
        check_die(colour, face, RULE)
    mine = Counter(own(state.square, seat))
    if Counter(tuple(d) for d in dice) - mine:
        raise IllegalCommand(RULE, "Counter with dice of your own district only (no dice are bought here).")
    if not black or max(black) != state.black[0]:
        raise IllegalCommand(RULE, "The highest black die, {face}, must be among those countered.", face=state.black[0])
    if Counter(black) - Counter(state.black):
        raise IllegalCommand(RULE, "Those black dice are not all waiting to be countered.")
    total = sum(strength(c, f) for c, f in dice)
    need = sum(black) if state.settings.black_groups == "sum" else max(black)
    if total < need:
        raise IllegalCommand(RULE, "Those dice count {total} (red double); {need} is needed.", total=total, need=need)
    square = list(state.square)
    for colour, face in dice:
        square.remove((seat, colour, face))
    left = list(state.black)
    for face in black:
        left.remove(face)
    state = state.with_player(gain(state.player(seat), influence=R.INFLUENCE_PER_BLACK * len(black)))
    return _next(evolve(state, square=tuple(square), black=tuple(left)))


def fail(state: TroyesState, seat: int) -> TroyesState:
    """S004 四 6 (errata, digest 2.6.4): the black die is discarded, the player keeps their dice and
    loses 2 VP; refused while their dice could counter it (2.6.5)."""
    _facing(state, seat)
    if can_counter(state, seat):
        raise IllegalCommand(RULE, "Your dice can counter the black {face}: you must counter it.", face=state.black[0])
    state = state.with_player(penalty(state.player(seat), state.settings.black_penalty_floor))
    return _next(evolve(state, black=state.black[1:]))
