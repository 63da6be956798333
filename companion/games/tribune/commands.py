"""Tribune commands, and how named intents (screen, script, a seat's device) become them.

Intents: `setup {players: [2–5 names, clockwise], start_player?: seat (default 0), settings?: {name:
value}}`; `take_money {seat, amount, reason?}` and `pay_money {seat, amount, reason?}` (by hand, for
everything the board does with money); `region_v {space1, space2}` (the two occupants, space 1
first); `chariot_auction`; `chariot {on_board}` (by hand); `next_round`; `finish`.

The whole game (`setup {…, mode: "full", victory | victory_card + victory_cards, benefits?}`):
`place {seat, space}`, `resolve {answer}` (the answer to the round's Ask), `declare {seat}`,
`adjust {seat, what, delta, reason?}`, and `take_money` / `pay_money` as corrections. The bids are the
core's commands, parsed by `companion.core.sealed_intents`: `adjust_bid {seat, steps}`, `lock_bid
{seat, amount?}`, `unlock_bid {seat}`, `force_reveal`, and `set_bid {seat, amount}`, which a shared
screen must never offer (an amount typed there is not secret).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.intent_args import IntentArgs, is_text, is_whole, list_of
from companion.core.sealed_intents import parse_bid_intent


RULE = "Tribune input"


@dataclasses.dataclass(frozen=True)
class StartTribune(Command):
    """Seat the table: names clockwise, the start player, setting overrides (see settings.py)."""

    players: tuple[str, ...]
    start_player: int = 0
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    #: "keeper" (money and bids, the default: the journals and screens of before) or "full".
    mode: str = "keeper"
    #: The whole game's victory card as entered (victory.parse_card's seven numbers), or None
    #: with `victory_card` naming a card of `victory_cards` (the table's card file, its text).
    victory: Mapping[str, Any] | None = None
    victory_card: str = ""
    victory_cards: str = ""
    #: The table's own rows of the faction benefit table (benefits.parse_table), or None.
    benefits: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True)
class Place(Command):
    """The whole game, phase 2: `seat` puts a follower on `space` (board.SPACES: "bowl", "V.1",
    "faction:vestals", …)."""

    seat: int
    space: str


@dataclasses.dataclass(frozen=True)
class Resolve(Command):
    """The whole game: the answer to the duty the round waits for (its Ask's `answer`)."""

    answer: Any


@dataclasses.dataclass(frozen=True)
class Declare(Command):
    """The whole game: `seat` declares a win this round (digest 3.5: it must still hold at the round's end)."""

    seat: int


@dataclasses.dataclass(frozen=True)
class Adjust(Command):
    """The whole game, by hand: a correction of `what` (laurels, legions, favour, scrolls,
    tribunes) by `delta` for `seat`, with an optional reason."""

    seat: int
    what: str
    delta: int
    reason: str = ""


ADJUSTABLE = ("laurels", "legions", "favour", "scrolls", "tribunes")


@dataclasses.dataclass(frozen=True)
class AdjustMoney(Command):
    """By hand: seat takes (`delta` > 0) or pays (`delta` < 0) denarii; `reason` is optional."""

    seat: int
    delta: int
    reason: str = ""


@dataclasses.dataclass(frozen=True)
class OpenRegionV(Command):
    """Region V has two occupants: open their sealed bid."""

    space1: int
    space2: int


@dataclasses.dataclass(frozen=True)
class OpenChariot(Command):
    """Open this round's chariot auction (phase 6)."""


@dataclasses.dataclass(frozen=True)
class PlaceChariot(Command):
    """By hand: put the chariot on the board, or take it off."""

    on_board: bool


@dataclasses.dataclass(frozen=True)
class NextRound(Command):
    """Begin the next round."""


@dataclasses.dataclass(frozen=True)
class FinishTribune(Command):
    """The game is over (the table judges the victory conditions on the board): `winners`, the
    seats the table names as winners (none named: the play is recorded without a winner)."""

    winners: tuple[int, ...] = ()


def _reason(args: IntentArgs) -> str:
    reason = args.get("reason", "")
    if reason is None:
        return ""
    if not isinstance(reason, str):
        raise IllegalCommand(RULE, "'reason' must be text.")
    return reason.strip()


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """A command from an intent name and its arguments, naming any bad field. The amount of a
    refused bid is never repeated in the refusal: refusals are shown on the shared screen."""
    a = IntentArgs(args, RULE)
    if name == "setup":
        players = a.get("players")
        if not list_of(is_text)(players):
            raise IllegalCommand("Tribune 3.1 setup", "'players' must be a list of names")
        overrides = a.get("settings", {})
        if not isinstance(overrides, Mapping):
            raise IllegalCommand("Tribune settings", "'settings' must map setting names to values.")
        # "seed" is accepted and ignored: the session gives every new game one; nothing is drawn here.
        mode = a.choice("mode", ("keeper", "full"), "keeper")
        victory = a.get("victory")
        if victory is not None and not isinstance(victory, Mapping):
            raise IllegalCommand("Tribune 3.5 victory card", "'victory' must give the six thresholds and 'needed'.")
        cards = a.get("victory_cards", "")
        if isinstance(cards, (list, dict)):
            import json

            cards = json.dumps(cards, indent=1)
        if not isinstance(cards, str):
            raise IllegalCommand("Tribune victory card file", "'victory_cards' must be the card file's text.")
        benefits = a.get("benefits")
        if benefits is not None and not isinstance(benefits, Mapping):
            raise IllegalCommand("Tribune 3.4 faction benefits", "'benefits' must map faction names to their benefits.")
        return StartTribune(tuple(players), a.whole("start_player", 0), dict(overrides), mode,
                            None if victory is None else dict(victory), a.text("victory_card", ""), cards,
                            None if benefits is None else dict(benefits))
    if name == "place":
        return Place(a.whole("seat"), a.text("space"))
    if name == "resolve":
        return Resolve(a.get("answer"))
    if name == "declare":
        return Declare(a.whole("seat"))
    if name == "adjust":
        what = a.choice("what", ADJUSTABLE)
        delta = a.whole("delta")
        return Adjust(a.whole("seat"), what, delta, _reason(a))
    if name in ("take_money", "pay_money"):
        amount = a.whole("amount", hidden=True)
        if amount < 1:  # a negative "take" would be a pay in disguise
            raise IllegalCommand("Tribune money", "Take or pay at least 1 denarius.")
        return AdjustMoney(a.whole("seat"), amount if name == "take_money" else -amount, _reason(a))
    if name == "region_v":
        return OpenRegionV(a.whole("space1"), a.whole("space2"))
    if name == "chariot_auction":
        return OpenChariot()
    if name == "chariot":
        on_board = a.get("on_board")
        if not isinstance(on_board, bool):
            raise IllegalCommand(RULE, "'on_board' must be true or false.")
        return PlaceChariot(on_board)
    if name == "next_round":
        return NextRound()
    if name == "finish":
        winners = a.get("winners", [])
        if not list_of(is_whole)(winners) or len(set(winners)) != len(winners):
            raise IllegalCommand("Tribune victory", "'winners' must be a list of different seats.")
        return FinishTribune(tuple(sorted(winners)))
    bid = parse_bid_intent(name, args, RULE)
    if bid is not None:
        return bid
    raise IllegalCommand(RULE, "Tribune has no action '{name}'.", name=name)
