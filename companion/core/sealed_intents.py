"""The named intents (screen, script, a seat's device) for the core's sealed-bid commands, shared by
every game whose seats bid through `companion.core.sealed`.

Intents: `adjust_bid {seat, steps}`, `lock_bid {seat, amount?}`, `unlock_bid {seat}`,
`force_reveal`, and `set_bid {seat, amount}`, which a shared screen must never offer (an amount
typed there is not secret); it is for scripts and a seat's own private device. A refusal never
repeats a bid's amount: refusals are shown on the shared screen.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import sealed
from companion.core.errors import IllegalCommand
from companion.core.events import Command

BID_INTENTS = ("adjust_bid", "set_bid", "lock_bid", "unlock_bid", "force_reveal")


def whole_number(args: Mapping[str, Any], field: str, rule: str, default: int | None = None) -> int:
    """`args[field]` (or `default`) as a whole number, else `IllegalCommand(rule, …)` naming the
    field. What an "amount" was is not repeated: what a seat tried to bid is as secret as its bid."""
    value = args.get(field, default)
    if isinstance(value, bool) or not isinstance(value, int):
        if field == "amount":
            raise IllegalCommand(rule, "'{field}' must be a whole number.", field=field)
        raise IllegalCommand(rule, "'{field}' must be a whole number, got {value}", field=field, value=repr(value))
    return value


def parse_bid_intent(name: str, args: Mapping[str, Any], rule: str) -> Command | None:
    """The sealed-bid command the intent `name` stands for, or None when it is not one of
    `BID_INTENTS` (the game parses it). A bad field is refused under `rule` (the game's input rule)."""
    if name == "adjust_bid":
        return sealed.AdjustBid(whole_number(args, "seat", rule), whole_number(args, "steps", rule))
    if name == "set_bid":
        return sealed.SetBid(whole_number(args, "seat", rule), whole_number(args, "amount", rule))
    if name == "lock_bid":
        seat = whole_number(args, "seat", rule)
        return sealed.LockBid(seat, None if args.get("amount") is None else whole_number(args, "amount", rule))
    if name == "unlock_bid":
        return sealed.UnlockBid(whole_number(args, "seat", rule))
    if name == "force_reveal":
        return sealed.ForceReveal()
    return None
