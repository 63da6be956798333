"""Tribune state: immutable, so the engine keeps one per step for instant undo.

The open bid's amounts live in `bid` (a core `SealedRound`) and are secret until its reveal: never
put this state, or `bid`, in anything public; `view.view(state, None)` is what the public gets.
"""

from __future__ import annotations

import dataclasses

from companion.core.sealed import Reveal, SealedRound
from companion.games.tribune.settings import DEFAULT, TribuneSettings

REGION_V = "region_v"
CHARIOT = "chariot"
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
        """"setup", "finished", the open bid's kind ("region_v", "chariot"), else "round"."""
        if not self.is_set_up:
            return "setup"
        if self.finished:
            return "finished"
        if self.is_bidding:
            assert self.bid_kind is not None
            return self.bid_kind
        return "round"
