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
from companion.core.events import Command
from companion.core.intent_args import IntentArgs

BID_INTENTS = ("adjust_bid", "set_bid", "lock_bid", "unlock_bid", "force_reveal")


def parse_bid_intent(name: str, args: Mapping[str, Any], rule: str) -> Command | None:
    """The sealed-bid command the intent `name` stands for, or None when it is not one of
    `BID_INTENTS` (the game parses it). A bad field is refused under `rule` (the game's input rule);
    what an "amount" was is never repeated: what a seat tried to bid is as secret as its bid."""
    if name not in BID_INTENTS:
        return None
    a = IntentArgs(args, rule)
    if name == "adjust_bid":
        return sealed.AdjustBid(a.whole("seat"), a.whole("steps"))
    if name == "set_bid":
        return sealed.SetBid(a.whole("seat"), a.whole("amount", hidden=True))
    if name == "lock_bid":
        seat = a.whole("seat")
        return sealed.LockBid(seat, None if a.get("amount") is None else a.whole("amount", hidden=True))
    if name == "unlock_bid":
        return sealed.UnlockBid(a.whole("seat"))
    return sealed.ForceReveal()
