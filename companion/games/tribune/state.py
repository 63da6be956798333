"""Tribune state: immutable, so the engine keeps one per step for instant undo.

The open bid's amounts live in `bid` (a core `SealedRound`) and are secret until its reveal: never
put this state, or `bid`, in anything public; `view.view(state, None)` is what the public gets.
"""

from __future__ import annotations

import dataclasses

from companion.core.sealed import Reveal, SealedRound
from companion.games.tribune.benefits import Row
from companion.games.tribune.board import FACTIONS, Card
from companion.games.tribune.settings import DEFAULT, TribuneSettings
from companion.games.tribune.victory import Standing, VictoryCard

REGION_V = "region_v"
CHARIOT = "chariot"
REGION_VIII = "region_viii"
KEEPER, FULL = "keeper", "full"
BANK = None  # a payment's receiver when the money goes to the bank (the chariot, digest 3.4)


@dataclasses.dataclass(frozen=True)
class Payment:
    """Money one bid moved: `payer` gave `amount` to `payee` (a seat, or None for the bank)."""

    payer: int
    payee: int | None
    amount: int


@dataclasses.dataclass(frozen=True)
class Settled:
    """A revealed bid and what it did, public for good. `seats`: region V's space 1 and space 2,
    or every seat for the chariot. `tie`: the highest bids were equal. `chariot_off`: this auction's
    tie took the chariot off the board."""

    kind: str
    round: int
    seats: tuple[int, ...]
    result: Reveal
    winner: int | None
    tie: bool
    payments: tuple[Payment, ...]
    chariot_off: bool = False


@dataclasses.dataclass(frozen=True)
class Holding:
    """What one player holds in the whole game besides money (public, on the table): laurels,
    legions, eternal favour, temporary favour tiles, scroll tiles on their scroll side and on their
    tribune side, faction markers (per faction, `FACTIONS` order), this round's followers and those
    still to place, the Proconsul for next round, and a win declared this round."""

    laurels: int = 0
    legions: int = 0
    favour: int = 0
    temporary: int = 0
    scrolls: int = 0
    tribunes: int = 0
    markers: tuple[int, ...] = (0,) * len(FACTIONS)
    followers: int = 0
    left: int = 0
    proconsul: bool = False
    declared: bool = False

    def marker(self, faction: str) -> int:
        return self.markers[FACTIONS.index(faction)]


@dataclasses.dataclass(frozen=True)
class Control:
    """A faction's field: who controls it with which set (None: nobody yet), whether the set-up's
    laurel still lies on it, whether it was ever taken over, and its markers still in the box."""

    faction: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    laurel: bool = True
    taken: bool = False
    markers_left: int = 6


@dataclasses.dataclass(frozen=True)
class Duty:
    """A step the round waits for, first first. Answered by the table (an Ask, `rules.asks`):
    "region_i", "region_ii", "region_iii", "region_iv", "region_v_single", "region_vi",
    "region_vii", "takeover" (`step` 2: space 2 plays, 1: space 1), "chariot_move", "winner".
    Taken by the rules themselves: "region_v_bid", "region_viii", "benefits", "chariot", "round_end"."""

    kind: str
    seat: int | None = None
    space: str = ""
    faction: str = ""
    step: int = 0


AUTOMATIC = ("region_v_bid", "region_viii", "benefits", "chariot", "round_end")


@dataclasses.dataclass(frozen=True)
class RoundCheck:
    """The victory check at a round's end: every player's standing, who qualified, who had
    declared, and the winners (None: several qualified and the table picks)."""

    round: int
    standings: tuple[Standing, ...]
    qualifiers: tuple[int, ...]
    declared: tuple[int, ...]
    winners: tuple[int, ...] | None


@dataclasses.dataclass(frozen=True)
class Board:
    """The whole game's table (mode "full"). `stage`: "placement", "resolve" (regions I–VIII),
    "takeover", "benefits", "chariot", "winner", "over". `occupants`: (space, seat) placed this
    round in order; `placer`: whose follower goes next; `challenger`: space 2's set holding a
    faction for a moment in a two-claimant take-over; `chariot_at`: the faction the chariot stands
    on; `protected`: the faction it protects this round; `discards`: cards known face up on the
    discard pile, `hidden_discards`: the others (face down, or never entered)."""

    stage: str
    holdings: tuple[Holding, ...]
    factions: tuple[Control, ...]
    victory: VictoryCard
    benefits: tuple[Row, ...]
    occupants: tuple[tuple[str, int], ...] = ()
    placer: int | None = None
    duties: tuple[Duty, ...] = ()
    challenger: tuple[int, tuple[Card, ...]] | None = None
    colosseum: int = 0
    chariot_at: str | None = None
    protected: str | None = None
    discards: tuple[Card, ...] = ()
    hidden_discards: int = 0
    checks: tuple[RoundCheck, ...] = ()
    winners: tuple[int, ...] = ()

    def holding(self, seat: int) -> Holding:
        return self.holdings[seat]

    def control(self, faction: str) -> Control:
        return self.factions[FACTIONS.index(faction)]

    def seat_on(self, space: str) -> int | None:
        return next((seat for s, seat in self.occupants if s == space), None)

    def claimants(self, faction: str) -> tuple[int, ...]:
        """The seats on a faction's space 1 then space 2."""
        space = f"faction:{faction}"
        return tuple(seat for s, seat in self.occupants if s == space)

    @property
    def duty(self) -> Duty | None:
        return self.duties[0] if self.duties else None


@dataclasses.dataclass(frozen=True)
class TribuneState:
    """`round` counts the game's rounds from 1 (the table advances it). `bid` is the latest sealed
    bid (open or revealed), `bid_kind` which one it is and `bid_seats` its seats (region V: space 1,
    space 2). `region_v_round` / `chariot_round`: the last round each was opened in (once a round).
    `chariot_holder`: who won the latest chariot auction (None before any, and after a tie)."""

    players: tuple[str, ...] = ()
    start_player: int = 0
    money: tuple[int, ...] = ()
    settings: TribuneSettings = DEFAULT
    round: int = 0
    bid: SealedRound | None = None
    bid_kind: str | None = None
    bid_seats: tuple[int, ...] = ()
    region_v_round: int = 0
    chariot_round: int = 0
    chariot_on_board: bool = True
    chariot_holder: int | None = None
    settled: tuple[Settled, ...] = ()
    finished: bool = False
    winners: tuple[int, ...] = ()  # the seats the table named at the end (Tribune's victory is judged on the board)
    #: None in the money-and-bids keeper (mode "keeper"); the whole game's table in mode "full".
    board: Board | None = None

    @property
    def mode(self) -> str:
        return KEEPER if self.board is None else FULL

    @property
    def is_set_up(self) -> bool:
        return bool(self.players)

    @property
    def is_bidding(self) -> bool:
        """A sealed bid is open (not revealed yet)."""
        return self.bid is not None and self.bid.is_open

    def is_bidder(self, seat: int) -> bool:
        """Seat bids in the open bid."""
        return self.is_bidding and self.bid is not None and self.bid.is_eligible(seat)

    @property
    def phase(self) -> str:
        """"setup", "finished", the open bid's kind ("region_v", "region_viii", "chariot"), else
        "round" in the keeper; in the whole game the board's stage ("placement", "resolve",
        "takeover", "chariot_move", "winner")."""
        if not self.is_set_up:
            return "setup"
        if self.finished:
            return "finished"
        if self.is_bidding:
            assert self.bid_kind is not None
            return self.bid_kind
        if self.board is not None:
            duty = self.board.duty
            if duty is not None and duty.kind in ("chariot_move", "winner"):
                return duty.kind
            return self.board.stage
        return "round"
