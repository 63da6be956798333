"""Sealed bids, game-agnostic: a round a game embeds in its state, decides and folds through here.

A game opens a round (`open_round`) for its eligible seats, each with a limit (its money, say).
Every seat adjusts a private amount and locks it; when the last eligible seat locks, the bids are
revealed in the same step. The table may force the reveal earlier (the screen asks for a
confirmation first); seats that had not locked then count as the round's `unlocked` policy says.
Equal bids are ordered by the round's `tie_order` when the game gave one, else listed as a tie.

Secrecy, by construction (docs/sealed-bids.md):

* Amounts live in `SealedRound.amounts` and in the `BidChanged`/`BidLocked` events only. Their
  fields are left out of `repr`, so a state or event that reaches a log or a traceback shows no
  amount. `public_view` and `public_event` never contain an amount before the reveal; `seat_view`
  adds only that seat's own amount.
* Every −/+ press is a journaled step (`BidChanged`, with the resulting amount). So a crash resumes
  with each seat's amount and lock exactly as they were, still secret. A press at the limit (or at
  the minimum) is journaled all the same, so the public history cannot tell it from any other
  press. What the public history does show is *that* a seat pressed: see the docs for that limit.
* The reveal (`BidsRevealed`) carries every counted amount and the places, so the result is a fact
  in the journal, never recomputed. It is marked `reveals = True`: undo and corrections must not
  cross it (what the table saw stays seen); the engine honours that once it reads the mark
  (docs/sealed-bids.md, "What the engine needs"). A seat whose amount did not count (an unlocked
  seat under the "minimum" or "excluded" policy) keeps its draft secret for ever.

Commands a game passes through to `decide`: `AdjustBid`, `SetBid`, `LockBid`, `UnlockBid`,
`ForceReveal`. A pad's keys map to them in `sealed_view.command_for_button`.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, Sequence

from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
#: How seats that had not locked count when the table forces the reveal (named in a module of their own).
from companion.core.sealed_policies import COUNT_CURRENT, COUNT_MINIMUM, EXCLUDED, UNLOCKED_POLICIES
from companion.core.values import evolve


# -- values ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Reveal:
    """A round's result, public from the reveal on.

    `bids`: (seat, amount, locked) for each seat whose bid counted, in the round's seat order.
    `places`: seats grouped by place, highest bid first; a group of more than one seat is a tie the
    round's rule left for the game (or the table) to settle. `forced`: the table revealed before
    every seat had locked.
    """

    bids: tuple[tuple[int, int, bool], ...]
    places: tuple[tuple[int, ...], ...]
    forced: bool

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat(s) in first place: one seat, or the tied seats when the tie was left."""
        return self.places[0] if self.places else ()

    def amount(self, seat: int) -> int | None:
        """What `seat` bid, or None when its bid did not count."""
        return next((amount for s, amount, _ in self.bids if s == seat), None)


@dataclasses.dataclass(frozen=True)
class SealedRound:
    """One sealed-bid round, immutable. Seats are the game's seat numbers; `limits`, `amounts` and
    `locked` follow `seats` index by index.

    Never put this value, or its `amounts`, in anything public: use `sealed_view.public_view`.
    """

    seats: tuple[int, ...]
    limits: tuple[int, ...]
    amounts: tuple[int, ...] = dataclasses.field(repr=False)
    locked: tuple[bool, ...]
    min_bid: int = 0
    step: int = 1
    unlocked: str = COUNT_CURRENT
    tie_order: tuple[int, ...] = ()
    result: Reveal | None = None

    @property
    def is_revealed(self) -> bool:
        return self.result is not None

    @property
    def is_open(self) -> bool:
        """Bids may still change: not revealed yet."""
        return self.result is None

    def index(self, seat: int) -> int | None:
        """Where `seat` is in this round, or None when it does not bid."""
        try:
            return self.seats.index(seat)
        except ValueError:
            return None

    def is_eligible(self, seat: int) -> bool:
        return seat in self.seats

    def is_locked(self, seat: int) -> bool:
        i = self.index(seat)
        return i is not None and self.locked[i]

    def limit(self, seat: int) -> int:
        return self.limits[self.seats.index(seat)]

    @property
    def waiting(self) -> tuple[int, ...]:
        """Eligible seats that have not locked (public: the table sees who it waits for)."""
        return tuple(s for s, done in zip(self.seats, self.locked) if not done)


# -- events ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class RoundOpened(Event):
    """A round opened: who bids, each seat's limit, the minimum, the step of one press, how unlocked
    seats count on a forced reveal, and the tie order (empty: ties are listed). All public."""

    kind = "sealed.opened"
    seats: tuple[int, ...]
    limits: tuple[int, ...]
    min_bid: int
    step: int
    unlocked: str
    tie_order: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class BidChanged(Event):
    """Seat `seat`'s private amount is now `amount` (a −/+ press or a set). Secret until the reveal."""

    kind = "sealed.changed"
    seat: int
    amount: int = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class BidLocked(Event):
    """Seat `seat` locked `amount`. The amount is in the event so the journal alone says what was
    locked, whoever kept the draft. Secret until the reveal."""

    kind = "sealed.locked"
    seat: int
    amount: int = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class BidUnlocked(Event):
    """Seat `seat` unlocked its bid to change it (public: the table sees who it waits for again)."""

    kind = "sealed.unlocked"
    seat: int


@dataclasses.dataclass(frozen=True)
class BidsRevealed(Event):
    """The reveal: the fields of `Reveal`, all public. `reveals` marks it for the engine: undo and
    corrections never cross a step holding it, so revealed bids are never hidden again."""

    kind = "sealed.revealed"
    reveals: ClassVar[bool] = True
    bids: tuple[tuple[int, int, bool], ...]
    places: tuple[tuple[int, ...], ...]
    forced: bool


EVENT_TYPES: tuple[type[Event], ...] = (RoundOpened, BidChanged, BidLocked, BidUnlocked, BidsRevealed)


def is_revealing(events: Sequence[Event]) -> bool:
    """True when a step made secrets public (it holds an event marked `reveals`)."""
    return any(getattr(event, "reveals", False) for event in events)


# -- commands ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class AdjustBid(Command):
    """A −/+ press: move seat's amount by `steps` presses (each the round's `step`), held within
    the minimum and the seat's limit."""

    seat: int
    steps: int


@dataclasses.dataclass(frozen=True)
class SetBid(Command):
    """Set seat's amount outright. For scripts and a seat's own private device only: typed on the
    shared screen, an amount would not be secret."""

    seat: int
    amount: int = dataclasses.field(repr=False)


@dataclasses.dataclass(frozen=True)
class LockBid(Command):
    """Lock seat's bid: the amount it has now (None), or `amount` when the draft was kept elsewhere
    (a private device that sends only the final amount)."""

    seat: int
    amount: int | None = dataclasses.field(default=None, repr=False)


@dataclasses.dataclass(frozen=True)
class UnlockBid(Command):
    """Unlock seat's bid to change it (a long press of OK), before the reveal."""

    seat: int


@dataclasses.dataclass(frozen=True)
class ForceReveal(Command):
    """The table reveals now, after the screen confirmed it; unlocked seats count as the round says.

    `drafts` ((seat, amount), …) are the amounts unlocked seats' pads show, which only the session
    knows (it keeps drafts privately): under the `current` policy they are what those seats bid."""

    drafts: tuple[tuple[int, int], ...] = dataclasses.field(default=(), repr=False)
    #: The session fills `drafts` in before the command is played.
    takes_drafts: ClassVar[bool] = True


COMMAND_TYPES: tuple[type[Command], ...] = (AdjustBid, SetBid, LockBid, UnlockBid, ForceReveal)


def is_command(command: Command) -> bool:
    """True for the commands `decide` handles (a game routes these here)."""
    return isinstance(command, COMMAND_TYPES)


# -- opening -----------------------------------------------------------------------------------


def open_round(seats: Sequence[int], limits: Sequence[int], *, min_bid: int = 0, step: int = 1,
               unlocked: str = COUNT_CURRENT, tie_order: Sequence[int] = ()) -> RoundOpened:
    """The event that opens a round, after checking its terms. Raises `IllegalCommand`.

    A game calls this from its own decide (it knows when a round opens and who may bid) and
    journals the event with the rest of its step.
    """
    seats, limits, tie_order = tuple(seats), tuple(limits), tuple(tie_order)
    if not seats:
        raise IllegalCommand("sealed bid", "A sealed bid needs at least one seat.")
    if len(set(seats)) != len(seats):
        raise IllegalCommand("sealed bid", "A seat is listed twice in the sealed bid.")
    if len(limits) != len(seats):
        raise IllegalCommand("sealed bid", "Give one limit per seat ({count}).", count=len(seats))
    if step < 1:
        raise IllegalCommand("sealed bid", "One press must change a bid by at least 1.")
    for seat, limit in zip(seats, limits):
        if limit < min_bid:
            raise IllegalCommand("sealed bid", "Seat {n}'s limit ({limit}) is below the minimum bid ({min}).",
                                 n=seat + 1, limit=limit, min=min_bid)
    if unlocked not in UNLOCKED_POLICIES:
        raise IllegalCommand("sealed bid", "Unlocked bids count as one of: {choices}.",
                             choices=", ".join(UNLOCKED_POLICIES))
    if tie_order and sorted(tie_order) != sorted(seats):
        raise IllegalCommand("sealed bid", "The tie order must list every bidding seat once.")
    return RoundOpened(seats, limits, min_bid, step, unlocked, tie_order)


# -- decide ------------------------------------------------------------------------------------


def _seat_index(round_: SealedRound | None, seat: int) -> int:
    if round_ is None or round_.is_revealed:
        raise IllegalCommand("sealed bid", "No sealed bid is open.")
    i = round_.index(seat)
    if i is None:
        raise IllegalCommand("sealed bid", "Seat {n} does not bid in this round.", n=seat + 1)
    return i


def _check_amount(round_: SealedRound, i: int, amount: int) -> None:
    # The refusal names the bounds (public), never the amount asked for: a notice is public.
    if not round_.min_bid <= amount <= round_.limits[i]:
        raise IllegalCommand("sealed bid", "A bid must be from {min} to the seat's limit of {limit}.",
                             min=round_.min_bid, limit=round_.limits[i])


def decide(round_: SealedRound | None, command: Command) -> list[Event]:
    """The events a sealed-bid command causes, or `IllegalCommand`. No refusal ever names or
    depends on the secret amount, since refusals are shown on the shared screen."""
    if isinstance(command, ForceReveal):
        if round_ is None or round_.is_revealed:
            raise IllegalCommand("sealed bid", "No sealed bid is open.")
        if round_.unlocked == COUNT_CURRENT:
            for seat, amount in command.drafts:
                i = round_.index(seat)
                if i is not None and not round_.locked[i]:
                    _check_amount(round_, i, amount)
                    round_ = apply(round_, BidChanged(seat, amount))
        return [reveal(round_, forced=True)]
    if not isinstance(command, (AdjustBid, SetBid, LockBid, UnlockBid)):
        raise TypeError(f"not a sealed-bid command: {type(command).__name__}")
    seat = command.seat
    i = _seat_index(round_, seat)
    assert round_ is not None  # _seat_index refused a missing round
    if isinstance(command, UnlockBid):
        if not round_.locked[i]:
            raise IllegalCommand("sealed bid", "Seat {n} has not locked a bid.", n=seat + 1)
        return [BidUnlocked(seat)]
    if round_.locked[i]:
        if isinstance(command, LockBid):
            raise IllegalCommand("sealed bid", "Seat {n} has already locked a bid.", n=seat + 1)
        raise IllegalCommand("sealed bid", "Seat {n} has locked a bid; hold OK to unlock it first.", n=seat + 1)
    if isinstance(command, AdjustBid):
        # Held within the bounds, and journaled even when it moves nothing: a press at the limit
        # must look like any other press to everyone but its seat.
        amount = min(max(round_.amounts[i] + command.steps * round_.step, round_.min_bid), round_.limits[i])
        return [BidChanged(seat, amount)]
    if isinstance(command, SetBid):
        _check_amount(round_, i, command.amount)
        return [BidChanged(seat, command.amount)]
    assert isinstance(command, LockBid)
    amount = round_.amounts[i] if command.amount is None else command.amount
    _check_amount(round_, i, amount)
    locked = BidLocked(seat, amount)
    after = apply(round_, locked)
    return [locked, reveal(after, forced=False)] if not after.waiting else [locked]


def reveal(round_: SealedRound, forced: bool) -> BidsRevealed:
    """The reveal of `round_` as it stands: locked seats count their amount, unlocked ones as the
    round's policy says; places highest first, equal bids ordered by `tie_order` or left tied."""
    bids: list[tuple[int, int, bool]] = []
    for seat, amount, locked in zip(round_.seats, round_.amounts, round_.locked):
        if locked or round_.unlocked == COUNT_CURRENT:
            bids.append((seat, amount, locked))
        elif round_.unlocked == COUNT_MINIMUM:
            bids.append((seat, round_.min_bid, False))
    return BidsRevealed(tuple(bids), places(bids, round_.tie_order), forced)


def places(bids: Sequence[tuple[int, int, bool]], tie_order: Sequence[int] = ()) -> tuple[tuple[int, ...], ...]:
    """Seats grouped by place, highest amount first. Equal amounts form one group (a tie, seats in
    the order given), unless `tie_order` ranks them: then each seat gets its own place."""
    out: list[tuple[int, ...]] = []
    for amount in sorted({a for _, a, _ in bids}, reverse=True):
        group = [s for s, a, _ in bids if a == amount]
        if tie_order and len(group) > 1:
            out.extend((s,) for s in sorted(group, key=tie_order.index))
        else:
            out.append(tuple(group))
    return tuple(out)


# -- apply -------------------------------------------------------------------------------------


def apply(round_: SealedRound | None, event: Event) -> SealedRound:
    """Folds one sealed-bid event into the round (None before the first round). Never refuses: the
    event was decided already."""
    if isinstance(event, RoundOpened):
        n = len(event.seats)
        return SealedRound(event.seats, event.limits, (event.min_bid,) * n, (False,) * n, event.min_bid,
                           event.step, event.unlocked, event.tie_order)
    if round_ is None:
        raise ValueError(f"{event.kind} before any sealed-bid round was opened")
    if isinstance(event, BidsRevealed):
        return evolve(round_, result=Reveal(event.bids, event.places, event.forced))
    if isinstance(event, (BidChanged, BidLocked, BidUnlocked)):
        i = round_.seats.index(event.seat)
        if isinstance(event, BidUnlocked):
            return evolve(round_, locked=_put(round_.locked, i, False))
        amounts = _put(round_.amounts, i, event.amount)
        if isinstance(event, BidLocked):
            return evolve(round_, amounts=amounts, locked=_put(round_.locked, i, True))
        return evolve(round_, amounts=amounts)
    raise TypeError(f"not a sealed-bid event: {event.kind}")


def _put(values: tuple, i: int, value: object) -> tuple:
    return values[:i] + (value,) + values[i + 1:]
