"""Tribune events. The bids themselves are the core's sealed-bid events (`companion.core.sealed`);
what a reveal settles is a Tribune event in the same step, so the money moved is a fact in the
journal, decided once with the game's settings and never recomputed on replay."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core import sealed
from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class TribuneStarted(Event):
    """The table is seated (seats in clockwise order): names, the start player, each seat's start
    money (digest 3.1) and the setting overrides. Round 1 begins."""

    kind = "tribune.started"
    players: tuple[str, ...]
    start_player: int
    money: tuple[int, ...]
    settings: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class MoneyAdjusted(Event):
    """By hand: seat's denarii changed by `delta` (take > 0, pay < 0) for what the board did;
    `reason` is the table's note (may be empty). Public, like all money (digest 3.4)."""

    kind = "tribune.money_adjusted"
    seat: int
    delta: int
    reason: str


@dataclasses.dataclass(frozen=True)
class RegionVOpened(Event):
    """Region V has two occupants: `space1` and `space2` bid (digest 3.3). The core's round opens in
    the same step."""

    kind = "tribune.region_v_opened"
    space1: int
    space2: int


@dataclasses.dataclass(frozen=True)
class RegionVSettled(Event):
    """Region V's reveal settled: `winner` paid `amount` to `loser`; `tie`: equal bids, space 1 won."""

    kind = "tribune.region_v_settled"
    winner: int
    loser: int
    amount: int
    tie: bool


@dataclasses.dataclass(frozen=True)
class ChariotOpened(Event):
    """The chariot auction opened (phase 6, digest 3.4): every seat bids. The core's round opens in
    the same step."""

    kind = "tribune.chariot_opened"


@dataclasses.dataclass(frozen=True)
class ChariotSettled(Event):
    """The chariot auction's reveal settled: `winner` paid `amount` to the bank, or (`winner` None)
    the seats in `tied` bid the same highest amount, nobody paid and the chariot went off the board.
    `on_board`: where the chariot stands afterwards."""

    kind = "tribune.chariot_settled"
    winner: int | None
    amount: int
    tied: tuple[int, ...]
    on_board: bool


@dataclasses.dataclass(frozen=True)
class ChariotPlaced(Event):
    """By hand: the table put the chariot on the board (`on_board`) or took it off."""

    kind = "tribune.chariot_placed"
    on_board: bool


@dataclasses.dataclass(frozen=True)
class RoundAdvanced(Event):
    """The table began round `round`."""

    kind = "tribune.round_advanced"
    round: int


@dataclasses.dataclass(frozen=True)
class TribuneFinished(Event):
    """The game is over; `winners`: the seats the table named (public: the board shows them)."""

    kind = "tribune.finished"
    winners: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class WholeGameSetUp(Event):
    """The whole game (mode "full"), journaled right after `TribuneStarted` in the set-up's step:
    the victory card in force (six thresholds, how many needed, its id) and the faction benefit
    table (benefits.table_data, each row with its source and mark)."""

    kind = "tribune.whole_game"
    victory: Mapping[str, Any]
    benefits: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class Played(Event):
    """A step of the whole game: `move` "place" ({space}), "resolve" ({answer}), "declare", "adjust"
    ({what, delta, reason}) by `seat` (None: the table's). Folded by `flow.run`, which takes the
    steps the rules take by themselves after it (the coin bowl's money, the benefits, the round's
    end), so a replay decides exactly as the game did."""

    kind = "tribune.played"
    seat: int | None
    move: str
    detail: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class PairsSettled(Event):
    """Region VIII's reveal settled (digest 3.3 [S003], 3.8 item 3): each occupant's laurels, the
    highest pair(s) 2 per follower there... see `flow.settle_pairs`: (seat, laurels) pairs."""

    kind = "tribune.pairs_settled"
    laurels: tuple[tuple[int, int], ...]
    highest: tuple[int, ...]


EVENT_TYPES: tuple[type[Event], ...] = (
    TribuneStarted, MoneyAdjusted, RegionVOpened, RegionVSettled, ChariotOpened, ChariotSettled,
    ChariotPlaced, RoundAdvanced, TribuneFinished, WholeGameSetUp, Played, PairsSettled, *sealed.EVENT_TYPES,
)
