"""Augustus state: small frozen values, folded from the journal's events (a state is never
edited, only evolved)."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.games.augustus.parts.bag import FULL
from companion.games.augustus.parts.cards import Card
from companion.games.augustus.settings import DEFAULT, AugustusSettings


@dataclasses.dataclass(frozen=True)
class Objective:
    """An objective in play in front of its player: the card and, per symbol, whether a legion
    stands on it."""

    card: Card
    legions: tuple[bool, ...]

    @property
    def is_complete(self) -> bool:
        return all(self.legions)

    @property
    def count(self) -> int:
        return sum(self.legions)


@dataclasses.dataclass(frozen=True)
class PlayerState:
    seat: int
    name: str
    supply: int
    objectives: tuple[Objective, ...] = ()
    controlled: tuple[Card, ...] = ()
    rewards: tuple[str, ...] = ()
    #: Number rewards offered and declined (§4.7.1: lost to them for good).
    declined: tuple[str, ...] = ()
    #: Legions a power gave (§4.6.3: kept even when the card is lost), for the counts' check.
    gained: int = 0
    #: The seat's colour (its legions'), as the set-up chose it ("" in a journal without colours).
    colour: str = ""

    def objective(self, number: int) -> Objective | None:
        return next((o for o in self.objectives if o.card.number == number), None)

    def with_objective(self, objective: Objective) -> "PlayerState":
        return evolve(self, objectives=tuple(objective if o.card.number == objective.card.number else o
                                             for o in self.objectives))

    @property
    def on_board(self) -> int:
        return sum(o.count for o in self.objectives)


@dataclasses.dataclass(frozen=True)
class Duty:
    """A step the current resolution (or the start) waits for, first first. Choice kinds wait for
    `seat`'s command: "take" (`amount` new objectives), "mobilise" (`amount` placements, on `of` or
    any), "lose" (a controlled objective), "clear" (one objective's legions), "number" (claim the
    reward `of` or not), "give" (the resource `of` to one of `options`, the tied), "value" (the
    table enters reward `of`'s VP). Automatic kinds the rules take by themselves: "control",
    "chain", "recheck", "next"."""

    kind: str
    seat: int | None = None
    amount: int = 0
    of: str = ""
    options: tuple[int, ...] = ()
    number: int = 0
    #: "control": the completed card going to the controlled area.
    card: Card | None = None


CHOICE_DUTIES = ("take", "mobilise", "lose", "clear", "number", "give", "value")


@dataclasses.dataclass(frozen=True)
class AugustusState:
    settings: AugustusSettings = DEFAULT
    #: "setup", "start" (each seat takes its 3 objectives), "draw", "place", "resolve",
    #: "values" (reward VP the table enters before the final scoring), "over".
    phase: str = "setup"
    players: tuple[PlayerState, ...] = ()
    crier: int = 0
    bag: tuple[int, ...] = FULL
    #: Tokens drawn since the bag was last filled (they lie on the table).
    drawn: tuple[str, ...] = ()
    token: str | None = None
    call: int = 0
    #: Per seat: has placed, skipped, or has nothing to place this call.
    acted: tuple[bool, ...] = ()
    #: Completions waiting to resolve, (number, seat) ascending (§4.2: by objective number).
    pending: tuple[tuple[int, int], ...] = ()
    duties: tuple[Duty, ...] = ()
    #: The seat resolving now and the numbers completed in its resolution (a chain: §4.6.2).
    resolving: int | None = None
    chain: tuple[int, ...] = ()
    middle: tuple[str, ...] = ()
    gold: int | None = None
    wheat: int | None = None
    reserve: int = 0
    #: The objectives face up in the middle, as the table entered them (S002 §4.1: five; empty
    #: while the table does not track the row, fewer while a gap waits to be entered).
    face_up: tuple[Card, ...] = ()
    #: Every objective number that has come into the game (a number is one card: never twice).
    seen: tuple[int, ...] = ()
    #: Someone held 7 controlled objectives at some moment of this draw (setting end_check).
    reached: bool = False
    #: The table's card file, by number (empty: every card is entered when it is taken).
    catalog: Mapping[int, Card] = dataclasses.field(default_factory=dict)
    #: Reward VP entered by the table at the end (rewards without a value in the settings).
    values: Mapping[str, int] = dataclasses.field(default_factory=dict)
    rng: SeededRandom = SeededRandom(0)
    final: Any = None

    @property
    def player_count(self) -> int:
        return len(self.players)

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, player: PlayerState) -> "AugustusState":
        return evolve(self, players=self.players[:player.seat] + (player,) + self.players[player.seat + 1:])

    def holder(self, resource: str) -> int | None:
        return self.gold if resource == "gold" else self.wheat

    def is_pending(self, number: int) -> bool:
        return any(n == number for n, _ in self.pending)

    @property
    def duty(self) -> Duty | None:
        return self.duties[0] if self.duties else None
