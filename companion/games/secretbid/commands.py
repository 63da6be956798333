"""Secret bid commands, and how named intents (screen, script, a seat's device) become them.

The bids themselves are the core's commands (`companion.core.sealed`), and their intents the core's
too (`companion.core.sealed_intents`): `adjust_bid`, `lock_bid`, `unlock_bid`, `force_reveal`, and
`set_bid`, which a shared screen must never offer (an amount typed there is not secret); it is for
scripts and a seat's own private device.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core import sealed
from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.intent_args import IntentArgs, is_text, is_whole, list_of, optional
from companion.core.sealed_intents import parse_bid_intent


RULE = "secret bid input"


@dataclasses.dataclass(frozen=True)
class StartBids(Command):
    """Seat the table. `limits`: one per player, None for no limit (the settings' largest bid);
    empty for none at all."""

    players: tuple[str, ...]
    limits: tuple[int | None, ...] = ()
    step: int = 1
    unlocked: str = sealed.COUNT_CURRENT


@dataclasses.dataclass(frozen=True)
class NewRound(Command):
    """Open the next round after a reveal; `limits` replaces the standing limits (money spent)."""

    limits: tuple[int | None, ...] | None = None


@dataclasses.dataclass(frozen=True)
class FinishBids(Command):
    pass


def _limits(value: Any) -> tuple[int | None, ...]:
    if value is None:
        return ()
    if not list_of(optional(is_whole))(value):
        raise IllegalCommand(RULE, "'limits' must be a list of whole numbers (or empty for no limit).")
    return tuple(value)


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """A command from an intent name and its arguments, naming any bad field. The amount of a
    refused `set_bid` is never repeated in the refusal: refusals are shown on the shared screen."""
    a = IntentArgs(args, RULE)
    if name == "setup":
        players = a.get("players")
        if not list_of(is_text)(players):
            raise IllegalCommand("secret bid setup", "'players' must be a list of names")
        unlocked = a.get("unlocked", sealed.COUNT_CURRENT)
        if not isinstance(unlocked, str):
            raise IllegalCommand("sealed bid", "Unlocked bids count as one of: {choices}.",
                                 choices=", ".join(sealed.UNLOCKED_POLICIES))
        # "seed" is accepted and ignored: the session gives every new game one; nothing is drawn here.
        return StartBids(tuple(players), _limits(a.get("limits")), a.whole("step", 1), unlocked)
    bid = parse_bid_intent(name, args, RULE)
    if bid is not None:
        return bid
    if name == "new_round":
        return NewRound(None if a.get("limits") is None else _limits(a.get("limits")))
    if name == "finish":
        return FinishBids()
    raise IllegalCommand(RULE, "The secret bid has no action '{name}'.", name=name)
