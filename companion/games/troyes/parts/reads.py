"""Throws read by the scanner or entered by hand (S004 三, 四; digest 2.2 phase 2).

Each district throws the dice its citizens give it; the neutral dice come last, thrown by the
start player once every seat has thrown. A read whose colour counts are exactly what a district
is still due is that district's throw, with no tap (the first such seat clockwise from the start
player when two are due the same); a read of black dice is the black throw; a one-die read of the
colour being rerolled is the reroll.
"""

from __future__ import annotations

from typing import Iterable

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.square import add, check_die
from companion.games.troyes.state import TroyesState

RULE = "Troyes 2.2 dice"
THROW_ASK = "troyes.throw"
BLACK_ASK = "troyes.black_throw"


def pending(state: TroyesState) -> tuple[tuple[int, dict[str, int]], ...]:
    """(district, dice due by colour) still to throw, in throwing order: the seats clockwise from
    the start player, then the neutral district (buildings.dice_due, counted in one pass)."""
    due: dict[int, dict[str, int]] = {}
    for building, spaces in zip(R.BUILDINGS, state.buildings):
        colour = R.BUILDING_COLOUR[building]
        for owner in spaces:
            if owner is not None:
                per = due.setdefault(owner, {})
                per[colour] = per.get(colour, 0) + 1
    order = (*state.seats_from(state.start_player), R.NEUTRAL)
    return tuple((d, _ordered(due[d])) for d in order if d in due and d not in state.thrown)


def _ordered(due: dict[str, int]) -> dict[str, int]:
    return {colour: due[colour] for colour in R.DICE_COLOURS if colour in due}


def counts(dice: Iterable[tuple[str, int]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for colour, _face in dice:
        out[colour] = out.get(colour, 0) + 1
    return out


def match(state: TroyesState, dice: tuple[tuple[str, int], ...]) -> int | None:
    """The district a read is the throw of, or None (`RULE` words why when it is entered)."""
    read = counts(dice)
    waiting = pending(state)
    seats = [d for d, _ in waiting if d != R.NEUTRAL]
    for district, due in waiting:
        if due == read and (district != R.NEUTRAL or not seats):
            return district
    return None


def throw(state: TroyesState, district: int, dice: tuple[tuple[str, int], ...]) -> TroyesState:
    if state.phase != "dice":
        raise IllegalCommand(RULE, "No district is throwing its dice now.")
    for colour, face in dice:
        check_die(colour, face, RULE)
    waiting = dict(pending(state))
    if district not in waiting:
        if district in state.thrown:
            raise IllegalCommand(RULE, "That district has thrown its dice this round.")
        raise IllegalCommand(RULE, "That district has no dice to throw.")
    if district == R.NEUTRAL and any(d != R.NEUTRAL for d in waiting):
        raise IllegalCommand(RULE, "The neutral dice are thrown last, once every player has thrown.")
    due = waiting[district]
    if counts(dice) != due:
        raise IllegalCommand(RULE, "That district throws {due}, not {read}.", **counted("due", due),
                             **counted("read", counts(dice)))
    return evolve(state, square=add(state.square, ((district, colour, face) for colour, face in dice)),
                  thrown=state.thrown + (district,), phase="dice" if len(waiting) > 1 else "event_draw")


def describe(due: dict[str, int]) -> str:
    """"2 red, 1 white" (dice colour names are the data's own words)."""
    return ", ".join(f"{due[c]} {c}" for c in (*R.DICE_COLOURS, R.BLACK) if due.get(c)) or "no dice"


def counted(key: str, due: dict[str, int]) -> dict[str, object]:
    """A refusal's parameters for dice counts: `key` in English for logs and the command line
    ("2 red, 1 white") and `<key>_counts`, the counts themselves, which the screen words in the
    table's language (the template uses only `{key}`)."""
    return {key: describe(due), f"{key}_counts": {c: n for c, n in due.items() if n}}


def unmatched(state: TroyesState, dice: tuple[tuple[str, int], ...]) -> IllegalCommand:
    """Why a read is no district's throw (said to the table; nothing is journaled)."""
    return IllegalCommand(RULE, "These dice ({read}) are not what a district still has to throw.",
                          **counted("read", counts(dice)))
