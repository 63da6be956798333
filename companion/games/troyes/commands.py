"""Troyes commands: what a player or the table asks for, as small frozen values.

Every command but the set-up is one `move` (its intent's name, `MOVES`): `decide` runs it through
the same function `apply` folds it with (moves.py), so a refusal and a replay never disagree.
Dice are named by what lies on the table: (district, colour, face) for dice taken from the city
square (district: a seat, or -1 for the neutral one), (colour, face) for dice of one's own
district. Identical dice are interchangeable, so naming them so is exact.
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar, Mapping

from companion.core.events import Command

Dice = tuple[tuple[int, str, int], ...]
OwnDice = tuple[tuple[str, int], ...]
#: Where a citizen comes from (S004 行动一, 行动四): ("supply",), ("recruit",) for 2 influence when
#: the supply is empty, ("building", name, space), ("card", card id), ("expelled", building).
Source = tuple[Any, ...]


@dataclasses.dataclass(frozen=True)
class SetupTroyes(Command):
    players: tuple[str, ...]
    seed: int
    colours: tuple[str, ...] | None = None
    start_player: int | None = None
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    data: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    deal_characters: bool = True  # False: each seat enters its own card(s), seen on its pad only


@dataclasses.dataclass(frozen=True)
class Move(Command):
    """A step of play; `move` names it (the intent name and the `Played` event's `move`)."""

    move: ClassVar[str] = ""
    #: Entered by the table from what it sees (a throw, a card turned up), not a seat's own move.
    by_table: ClassVar[bool] = False


@dataclasses.dataclass(frozen=True)
class EnterCharacters(Move):
    move = "enter_characters"
    by_table = True  # on its own seat's pad, but a seat's secret, not a move of play
    seat: int
    characters: tuple[str, ...] = dataclasses.field(repr=False, default=())


@dataclasses.dataclass(frozen=True)
class PlaceStart(Move):
    """Digest 2.1: a starting citizen on a free space (0–5 along the building's rows)."""

    move = "place_start"
    by_table = True
    building: str
    space: int


@dataclasses.dataclass(frozen=True)
class RevealActivity(Move):
    """S004 一: the activity card the table turned up."""

    move = "reveal_activity"
    by_table = True
    card: str | None = None


@dataclasses.dataclass(frozen=True)
class Throw(Move):
    """S004 三: one district's throw, read by the scanner or entered by hand."""

    move = "throw"
    by_table = True
    district: int | None
    dice: OwnDice | None = None
    source: str = "manual"
    boot: str = ""
    seq: int = 0


@dataclasses.dataclass(frozen=True)
class DrawEvent(Move):
    """S004 四: the event card the table drew (the red one, then the one its mark names)."""

    move = "draw_event"
    by_table = True
    event: str | None = None


@dataclasses.dataclass(frozen=True)
class ThrowBlack(Move):
    """S004 四: the black dice the start player threw."""

    move = "throw_black"
    by_table = True
    dice: tuple[int, ...] | None = None
    source: str = "manual"
    boot: str = ""
    seq: int = 0


@dataclasses.dataclass(frozen=True)
class Counter(Move):
    """S004 四: own dice against the highest black die and, with it, lower ones (their faces)."""

    move = "counter"
    dice: OwnDice
    black: tuple[int, ...]
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class NoCounter(Move):
    move = "no_counter"
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Reroll(Move):
    """Digest 2.3: influence to pick up a die of one's own district and throw it again."""

    move = "reroll"
    die: tuple[str, int]
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Rerolled(Move):
    """The face the rerolled die shows (a one-die scanner read, or by hand)."""

    move = "rerolled"
    by_table = True
    face: int | None = None
    source: str = "manual"
    boot: str = ""
    seq: int = 0


@dataclasses.dataclass(frozen=True)
class Flip(Move):
    move = "flip"
    dice: OwnDice
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Recruit(Move):
    move = "recruit"
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Activate(Move):
    """S004 行动一: activate an activity card with a group of dice (and perhaps one stored cube,
    `cube`: the hourglass card it comes from). Without a tradesman there, `citizen` and `space`
    say which citizen goes where; `choices` picks a building per activation (the Miller)."""

    move = "activate"
    card: str
    dice: Dice
    cube: str | None = None
    citizen: Source | None = None
    space: int | None = None
    choices: tuple[str, ...] | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Cathedral(Move):
    move = "cathedral"
    dice: Dice
    cube: str | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Fight(Move):
    """S004 行动三: cubes on one event of the queue (or the raid)."""

    move = "fight"
    event: str
    dice: Dice
    cube: str | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Place(Move):
    """S004 行动四: exactly one die puts a citizen in its colour's building, on its face's row."""

    move = "place"
    die: tuple[int, str, int]
    citizen: Source | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Agriculture(Move):
    move = "agriculture"
    dice: Dice
    cube: str | None = None
    seat: int | None = None


@dataclasses.dataclass(frozen=True)
class Pass(Move):
    move = "pass"
    seat: int | None = None


MOVES: dict[str, type[Move]] = {cls.move: cls for cls in (
    EnterCharacters, PlaceStart, RevealActivity, Throw, DrawEvent, ThrowBlack, Counter, NoCounter, Reroll,
    Rerolled, Flip, Recruit, Activate, Cathedral, Fight, Place, Agriculture, Pass,
)}

#: Moves a player makes on their own turn (or, countering, when facing a black die).
ACTIONS = ("activate", "cathedral", "fight", "place", "agriculture", "pass")


def detail(command: Move) -> dict[str, Any]:
    """The command's fields, as its `Played` event records them."""
    return {f.name: getattr(command, f.name) for f in dataclasses.fields(command)}


def from_detail(move: str, fields: Mapping[str, Any]) -> Move:
    return MOVES[move](**dict(fields))
