"""Named intents (the touchscreen, a pad, a script, an answer to an ask) → Augustus commands,
naming any field of the wrong shape (companion.core.intent_args). What the rules think of the
values is `decide`'s business."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.core.errors import IllegalCommand
from companion.core.intent_args import IntentArgs
from companion.games.augustus import commands as c
from companion.games.augustus.parts.cards import card_data, parse_card_file

RULE = "Augustus input"


def _setup(a: IntentArgs) -> c.Command:
    cards = a.get("cards", ())
    if isinstance(cards, str):  # the card file's text as the table keeps it: refusals name its lines
        cards = tuple(card_data(card) for card in parse_card_file(cards))
    if not isinstance(cards, (list, tuple)):
        raise IllegalCommand(RULE, "'{field}' must list cards, got {value}", field="cards", value=repr(cards)[:40])
    return c.SetupAugustus(players=a.texts("players"), seed=a.whole("seed"), oldest=a.whole("oldest", 0),
                           settings=a.mapping("settings", {}), cards=tuple(cards),
                           colours=a.optional_texts("colours") or ())


def _card(a: IntentArgs) -> Mapping[str, Any] | None:
    """A card's facts as given (parts/cards.py checks each one, naming it)."""
    value = a.get("card")
    return None if value is None else a.mapping("card")


PARSERS: dict[str, Callable[[IntentArgs], c.Command]] = {
    "setup": _setup,
    "take": lambda a: c.Take(a.whole("seat"), a.whole("number"), _card(a)),
    "reveal": lambda a: c.Reveal(a.whole("number"), _card(a)),
    "draw": lambda a: c.Draw(a.optional_text("token")),
    "place": lambda a: c.Place(a.whole("seat"), a.whole("number"), a.whole("slot"), a.optional_whole("from_number"),
                               a.optional_whole("from_slot")),
    "skip": lambda a: c.Skip(a.whole("seat")),
    "claim": lambda a: c.Claim(a.whole("seat")),
    "lose": lambda a: c.Lose(a.whole("seat"), a.whole("number")),
    "clear": lambda a: c.Clear(a.whole("seat"), a.whole("number")),
    "give": lambda a: c.Give(a.whole("seat"), a.whole("to")),
    "reward_value": lambda a: c.RewardValue(a.text("reward"), a.optional_whole("vp")),
}


def _choose(a: IntentArgs) -> c.Command:
    """A seat's answer to its ask (`parts.choices.seat_asks`): the intent it chose, which must be
    that seat's own step."""
    seat, choice = a.whole("seat"), a.mapping("choice")
    name, args = choice.get("name"), choice.get("args", {})
    if name not in ("place", "skip", "claim", "lose", "clear", "give") or not isinstance(args, Mapping):
        raise IllegalCommand(RULE, "'{field}' must be one of the seat's steps (place, skip, claim, lose, clear, "
                             "give), got {value}", field="choice", value=repr(name)[:40])
    command = PARSERS[str(name)](IntentArgs(args, RULE))
    if getattr(command, "seat", None) != seat:
        raise IllegalCommand(RULE, "'{field}' must be seat {n}'s own step.", field="choice.args.seat", n=seat + 1)
    return command


def parse_command(name: str, args: Any) -> c.Command:
    if name == "choose":
        return _choose(IntentArgs(args, RULE))
    parser = PARSERS.get(name)
    if parser is None:
        raise IllegalCommand(RULE, "Augustus has no step '{name}'.", name=str(name)[:40])
    return parser(IntentArgs(args, RULE))


def _plain(value: Any) -> Any:
    if value is None or type(value) in _SCALARS:
        return value  # most fields: seats, numbers, slots (typing's Mapping check costs far more)
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


_SCALARS = frozenset({int, str, bool, float})


def intent_of(command: c.Move) -> dict[str, Any]:
    """The named intent `parse_command` turns back into `command` (what a screen or pad posts)."""
    args = {k: _plain(v) for k, v in c.detail(command).items() if v is not None and k != "source"}
    return {"name": command.move, "args": args}
