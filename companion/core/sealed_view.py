"""What each audience may see of a sealed-bid round, and what a pad's keys mean in one.

Kept apart from the rules (`sealed.py`) because this is the one place secrets could leak: every
function here that serves the public is built from public fields only (seats, limits, locks,
the result), never by copying the round and deleting amounts, so a field added later stays
private unless someone puts it here on purpose.

Pad keys (coordinated with the pad layer, `hardware.facts.ButtonPressed.key`): "minus" and "plus"
adjust, "ok" locks, "ok_long" (OK held; sent *instead of* "ok", never after it) unlocks a locked bid.
"""

from __future__ import annotations

from typing import Any

from companion.core.events import Command, Event
from companion.core.game import Game
from companion.core.views import Seq, View, to_data
from companion.core.sealed import (
    AdjustBid,
    BidChanged,
    BidLocked,
    BidsRevealed,
    BidUnlocked,
    ForceReveal,
    LockBid,
    Reveal,
    RoundOpened,
    SealedRound,
    SetBid,
    UnlockBid,
)

PAD_KEYS = ("minus", "plus", "ok", "ok_long")


class BidShown(View):
    """A counted bid, shown once revealed: whose, how much, and whether it was locked (a forced
    reveal counts an unlocked seat's amount)."""

    seat: int
    amount: int
    locked: bool


class RevealView(View):
    """A reveal as a view: every counted bid, the places (seats per place, best first) and the
    winner(s), and whether the reveal was forced."""

    bids: Seq[BidShown]
    places: Seq[Seq[int]]
    winners: Seq[int]
    forced: bool


class SeatLock(View):
    """A bidding seat as the table sees it: its limit and whether it has locked, never its amount."""

    seat: int
    limit: int
    locked: bool


class SealedRoundView(View):
    """A round for the shared screen, logs, replay and exports: `phase` "bidding" or "revealed",
    who bids (`seats`), whom the table waits for, the round's rules, the result once revealed."""

    phase: str
    seats: Seq[SeatLock]
    waiting: Seq[int]
    min_bid: int
    step: int
    unlocked: str
    tie_order: Seq[int]
    result: RevealView | None


class MyBid(View):
    """Seat's own bid, for its pad only: the amount so far, its limit, whether it is locked, and
    whether −/+ would change it (`can_lower`/`can_raise`, so the pad can dim a key)."""

    seat: int
    amount: int
    limit: int
    locked: bool
    can_lower: bool
    can_raise: bool


class SealedSeatView(SealedRoundView):
    """The public round plus `mine`: seat's own bid (None when the seat does not bid)."""

    mine: MyBid | None


def reveal_fields(result: Reveal) -> dict[str, Any]:
    """The fields of `RevealView` for a reveal (a game's result view adds its own to them)."""
    return {
        "bids": Seq([BidShown(seat=seat, amount=amount, locked=locked) for seat, amount, locked in result.bids]),
        "places": Seq([Seq(group) for group in result.places]),
        "winners": Seq(result.winners),
        "forced": result.forced,
    }


def result_view(result: Reveal) -> RevealView:
    """A reveal as a view: every counted bid, the places and the winner(s)."""
    return RevealView(**reveal_fields(result))


def round_fields(round_: SealedRound) -> dict[str, Any]:
    """The fields of `SealedRoundView`, from the round's public parts only (a game's bid view adds
    its own to them)."""
    return {
        "phase": "revealed" if round_.is_revealed else "bidding",
        "seats": Seq([SeatLock(seat=seat, limit=limit, locked=locked)
                      for seat, limit, locked in zip(round_.seats, round_.limits, round_.locked)]),
        "waiting": Seq(round_.waiting) if round_.is_open else Seq(),
        "min_bid": round_.min_bid,
        "step": round_.step,
        "unlocked": round_.unlocked,
        "tie_order": Seq(round_.tie_order),
        "result": result_view(round_.result) if round_.result is not None else None,
    }


def public_view(round_: SealedRound) -> SealedRoundView:
    """The round for the shared screen, logs, replay and exports: who bids, their limits, who has
    locked and who the table waits for; amounts only once revealed."""
    return SealedRoundView(**round_fields(round_))


def my_bid(round_: SealedRound, seat: int) -> MyBid | None:
    """Seat's own bid (None when the seat does not bid in this round), for that seat's pad only."""
    i = round_.index(seat)
    if i is None:
        return None
    amount, limit, locked = round_.amounts[i], round_.limits[i], round_.locked[i]
    editable = round_.is_open and not locked
    return MyBid(seat=seat, amount=amount, limit=limit, locked=locked,
                 can_lower=editable and amount > round_.min_bid, can_raise=editable and amount < limit)


def seat_view(round_: SealedRound, seat: int) -> SealedSeatView:
    """The public view plus `mine`, seat's own bid, for that seat's pad only (None when the seat
    does not bid). `can_lower`/`can_raise` let the pad dim a key that would change nothing."""
    return SealedSeatView(**round_fields(round_), mine=my_bid(round_, seat))


def public_event(event: Event) -> dict[str, Any]:
    """A sealed-bid event as history, logs and exports may show it: a change or a lock says only
    whose; the reveal says everything."""
    if isinstance(event, RoundOpened):
        return {"seats": list(event.seats), "limits": list(event.limits), "min_bid": event.min_bid,
                "step": event.step, "unlocked": event.unlocked, "tie_order": list(event.tie_order)}
    if isinstance(event, (BidChanged, BidLocked, BidUnlocked)):
        return {"seat": event.seat}
    if isinstance(event, BidsRevealed):
        return to_data(result_view(Reveal(event.bids, event.places, event.forced)))
    raise TypeError(f"not a sealed-bid event: {event.kind}")


def command_for_button(round_: SealedRound | None, seat: int, key: str) -> Command | None:
    """What `key` on seat's pad means in this round: −/+ adjust and OK locks while unlocked; a
    long press of OK unlocks a locked bid. Anything else, or no open round, means nothing (None):
    the session then shows nothing, so a stray press tells the table nothing."""
    if round_ is None or not round_.is_open or not round_.is_eligible(seat):
        return None
    if round_.is_locked(seat):
        return UnlockBid(seat) if key == "ok_long" else None
    if key in ("minus", "plus"):
        return AdjustBid(seat, -1 if key == "minus" else 1)
    if key == "ok":
        return LockBid(seat)
    return None


def command_of(event: Event) -> Command | None:
    """The command that caused a step starting with this sealed-bid event, to enter it again after
    a correction. A change comes back as the amount it set, so it means the same wherever it lands;
    a lock as "lock what the seat has then", so a corrected amount before it is what gets locked.
    The opening of a round belongs to the game (None here)."""
    if isinstance(event, BidChanged):
        return SetBid(event.seat, event.amount)
    if isinstance(event, BidLocked):
        return LockBid(event.seat)
    if isinstance(event, BidUnlocked):
        return UnlockBid(event.seat)
    if isinstance(event, BidsRevealed):
        # a forced reveal comes back with what the unlocked seats counted (public since the reveal)
        return ForceReveal(tuple((seat, amount) for seat, amount, locked in event.bids if not locked)) if event.forced else None
    return None


def draft_bounds(round_: SealedRound | None, seat: int) -> tuple[int, int, int, int] | None:
    """(minimum, limit, step, start) while seat may still choose its bid, else None: what a
    session needs to keep the seat's draft privately (only the lock is journaled, so the history
    cannot count presses). `start` is the amount the round holds for the seat: the minimum at
    first, the unlocked amount after a long press of OK."""
    if round_ is None or not round_.is_open or not round_.is_eligible(seat) or round_.is_locked(seat):
        return None
    i = round_.index(seat)
    assert i is not None
    return round_.min_bid, round_.limits[i], round_.step, round_.amounts[i]


class SealedPads(Game):
    """The pad side of a game whose seats bid through `companion.core.sealed`, mixed into its rules:
    the core's keys (−/+ adjust, OK locks, OK held "ok_long" unlocks) in the round `bid_round` names,
    and a draft the session keeps privately (`companion.drafts`: only the lock is journaled, so the
    history cannot count presses). A locked seat's keys go through `command_for_button`.
    """

    keeps_drafts = True

    def bid_round(self, state: Any) -> SealedRound | None:
        """The round the pads bid in, or None when their keys mean nothing (not set up, finished)."""
        raise NotImplementedError

    def command_for_button(self, state: Any, seat: int, key: str) -> Command | None:
        """What `key` on seat's pad means now (None outside the round: a late press changes nothing)."""
        return command_for_button(self.bid_round(state), seat, key)

    def pad_draft(self, state: Any, seat: int) -> tuple[int, int, int, int] | None:
        """(minimum, limit, step, start) while seat may choose its bid, else None."""
        return draft_bounds(self.bid_round(state), seat)

    def draft_command(self, state: Any, seat: int, amount: int) -> Command:
        """The lock of seat's privately kept draft (OK on the pad); the core checks the bounds."""
        return LockBid(seat, amount)
