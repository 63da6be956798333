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

from companion.core.asks import Ask
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


BID_ASK = "sealed.bid"
"""The kind of a seat's sealed bid ask: an amount in `range`, `secret`, answered on the seat's pad."""


def round_asks(round_: SealedRound | None, rule: str) -> tuple[Ask, ...]:
    """One ask per seat that may still choose its bid (open, eligible, not locked): lock an amount
    from the minimum to the seat's limit in the round's steps, under `rule`. Public: the bounds
    are, the amount the seat holds is not (the pad starts from it: `bid_start`). Answering posts
    `lock_bid {seat, amount}`, so only the lock is journaled and the history cannot count presses."""
    if round_ is None or not round_.is_open:
        return ()
    return tuple(
        Ask(BID_ASK, rule, {"name": "lock_bid", "args": {"seat": seat}}, "amount", seat,
            about={"limit": limit, "min_bid": round_.min_bid, "step": round_.step},
            range=(round_.min_bid, limit, round_.step), secret=True)
        for seat, limit, locked in zip(round_.seats, round_.limits, round_.locked) if not locked)


def bid_start(round_: SealedRound | None, ask: Ask) -> int | None:
    """The amount the round holds for the ask's seat: the minimum at first, the unlocked amount
    after a long press of OK. A secret: for that seat's pad only."""
    if round_ is None or ask.who is None or round_.index(ask.who) is None:
        return None
    return round_.amounts[round_.seats.index(ask.who)]


class SealedPads(Game):
    """The pad side of a game whose seats bid through `companion.core.sealed`, mixed into its rules:
    each seat still choosing is asked for its bid (`round_asks`, a secret amount its pad chooses
    with −/+ and locks with OK, kept privately by the session until then), and a locked seat's keys
    go through `command_for_button` (OK held, "ok_long", unlocks).
    """

    #: The rule the bid asks cite (a game names its own).
    bid_rule = "sealed bid"

    def bid_round(self, state: Any) -> SealedRound | None:
        """The round the pads bid in, or None when their keys mean nothing (not set up, finished)."""
        raise NotImplementedError

    def command_for_button(self, state: Any, seat: int, key: str) -> Command | None:
        """What `key` on seat's pad means now (None outside the round: a late press changes nothing)."""
        return command_for_button(self.bid_round(state), seat, key)

    def bid_asks(self, state: Any) -> tuple[Ask, ...]:
        """Every seat's bid still to choose (`round_asks`), for `asks` and the game's view."""
        return round_asks(self.bid_round(state), self.bid_rule_of(state))

    def bid_rule_of(self, state: Any) -> str:
        """The rule of the open bid (default `bid_rule`; Tribune's two bids cite their own)."""
        return self.bid_rule

    def asks(self, state: Any) -> tuple[Ask, ...]:
        return self.bid_asks(state)

    def ask_start(self, state: Any, ask: Ask) -> Any:
        if ask.kind == BID_ASK:
            return bid_start(self.bid_round(state), ask)
        return super().ask_start(state, ask)
