"""Augustus commands: what the crier, a player or the table asks for, as small frozen values.

Every command but the set-up is one `move` (its intent's name, `MOVES`): `decide` runs it through
the same function `apply` folds it with (moves.py), so a refusal and a replay never disagree.
Objectives are named by their printed number (1–88), a symbol on one by its place on the card
(`slot`, from 0, left to right as printed).
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Mapping

from companion.core.events import Command


@dataclasses.dataclass(frozen=True)
class SetupAugustus(Command):
    players: tuple[str, ...]
    seed: int
    #: The oldest player's seat: the first crier (S002: 「年紀最大的玩家開始時作為街頭公告員」).
    oldest: int = 0
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    #: Each seat's colour, one of `parts.setup.COLOURS` (none given: the first ones, in order).
    colours: tuple[str, ...] = ()
    #: The table's card file (parts/cards.py shape), if it keeps one (an intent may give the file's
    #: text: parse.py reads it, naming a bad card's line).
    cards: tuple[Mapping[str, Any], ...] = ()


@dataclasses.dataclass(frozen=True)
class Move(Command):
    """A step of play; `move` names it (the intent name and the `Played` event's `move`)."""

    move: ClassVar[str] = ""


@dataclasses.dataclass(frozen=True)
class Take(Move):
    """A new objective in front of `seat` (the start's three, or the pick after a completion, S002
    step 5): its printed facts (`card`), or only its number when the table's card file has it."""

    move = "take"
    seat: int
    number: int
    card: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True)
class Reveal(Move):
    """The table lays an objective face up in the middle (the five at the start, the refill after
    a pick, S002 step 5): its printed facts, or only its number when the card file has it. A
    player then takes it by its number alone."""

    move = "reveal"
    number: int
    card: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True)
class Draw(Move):
    """The crier draws a token: the app's bag (token left out) or the physical one (entered)."""

    move = "draw"
    token: str | None = None
    source: str = "table"


@dataclasses.dataclass(frozen=True)
class Place(Move):
    """One legion on an empty symbol of one of `seat`'s objectives: from the supply, or moved from
    another symbol (`from_number`, `from_slot`). After a call, or as a power's mobilisation."""

    move = "place"
    seat: int
    number: int
    slot: int
    from_number: int | None = None
    from_slot: int | None = None


@dataclasses.dataclass(frozen=True)
class Skip(Move):
    """`seat` lets its optional step go: this call's placement, a power's remaining
    mobilisations, or the number reward on offer."""

    move = "skip"
    seat: int


@dataclasses.dataclass(frozen=True)
class Claim(Move):
    """`seat` claims the number reward on offer (S002 B: only now, at the exact count)."""

    move = "claim"
    seat: int


@dataclasses.dataclass(frozen=True)
class Lose(Move):
    """A victim of a removal power chooses the controlled objective it loses (§4.6.3)."""

    move = "lose"
    seat: int
    number: int


@dataclasses.dataclass(frozen=True)
class Clear(Move):
    """A victim of a clearing power chooses the objective whose legions go back (card 76)."""

    move = "clear"
    seat: int
    number: int


@dataclasses.dataclass(frozen=True)
class Give(Move):
    """The holder of gold or wheat, no longer ahead, gives it to one of the tied leaders (S002 C)."""

    move = "give"
    seat: int
    to: int


@dataclasses.dataclass(frozen=True)
class RewardValue(Move):
    """The VP printed on a reward tile no source gives (§4.7.6), entered at the final count."""

    move = "reward_value"
    reward: str
    vp: int | None = None


MOVES: dict[str, type[Move]] = {cls.move: cls for cls in (Take, Reveal, Draw, Place, Skip, Claim, Lose, Clear, Give,
                                                          RewardValue)}


def detail(command: Move) -> dict[str, Any]:
    """The command's fields, as its `Played` event records them."""
    return {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}


def from_detail(move: str, fields: Mapping[str, Any]) -> Move:
    return MOVES[move](**dict(fields))


def seat_of(command: Move) -> int | None:
    """Whose step it is (None: the crier's or the table's)."""
    return getattr(command, "seat", None)
