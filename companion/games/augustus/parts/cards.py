"""Objective cards: the printed facts the table enters when they matter (no open list of the 88
cards exists, augustus.md §4.6), or once into a card file of its own box that the app validates.

A card's facts (S002 §2: I number, II colour or senator, III gold/wheat, IV VP, V symbols, VI power):

    {"number": 70, "kind": "green", "vp": 3, "gold": 0, "wheat": 1,
     "symbols": ["swords", "shield", "chariot"], "power": {"kind": "mobilise", "amount": 2}}

`power` is null or one of `POWERS` (the kinds S002 shows, §4.6.4). Every field is checked, and a
bad one refused naming it (in a card file: its line too).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.augustus.parts.bag import SYMBOLS

RULE = "Augustus 4.1 objectives"
FILE_RULE = "Augustus card file"

NUMBERS = (1, 88)
KINDS = ("green", "pink", "orange", "senator")
COLOURS = KINDS[:3]
#: Bounds for entry checks, not rules: wider than any printed card (S002 shows no card beyond them).
VP_RANGE = (0, 30)
RESOURCE_RANGE = (0, 3)
SYMBOL_COUNT = (1, 6)
AMOUNT_RANGE = (1, 10)
CAP_RANGE = (0, 60)

#: Power kinds (S002, §4.6.4): what `amount`, `of` and `cap` mean for each, and when it acts.
POWERS: dict[str, dict[str, Any]] = {
    "legions": {"when": "now", "of": ()},                      # +amount legions to the supply
    "mobilise": {"when": "now", "of": ("",) + SYMBOLS},        # amount placements now (card 70: 2)
    "remove_objective": {"when": "now", "of": ()},             # each other player loses a controlled one (81)
    "clear_objective": {"when": "now", "of": ()},              # each other player clears one objective (76)
    "vp_per_kind": {"when": "end", "of": KINDS},               # amount VP per controlled objective of a kind
    "vp_per_symbol": {"when": "end", "of": SYMBOLS},           # amount VP per symbol on controlled ones, capped
}


@dataclasses.dataclass(frozen=True)
class Power:
    """A card's power (S002 §2 VI). `amount`: legions, mobilisations, or VP each; `of`: the symbol
    (mobilise: "" for any), kind or symbol counted; `cap`: the most VP an end-game power gives
    (S002's example: 1 VP per shield, at most 8), None for none."""

    kind: str
    amount: int = 0
    of: str = ""
    cap: int | None = None

    @property
    def at_end(self) -> bool:
        return POWERS[self.kind]["when"] == "end"


@dataclasses.dataclass(frozen=True)
class Card:
    number: int
    kind: str
    vp: int
    gold: int
    wheat: int
    symbols: tuple[str, ...]
    power: Power | None = None

    @property
    def is_senator(self) -> bool:
        return self.kind == "senator"


#: What the table is asked for a card it enters (`Ask.about["shape"]`): each field's range or choices.
SHAPE: dict[str, Any] = {
    "number": list(NUMBERS), "kind": list(KINDS), "vp": list(VP_RANGE), "gold": list(RESOURCE_RANGE),
    "wheat": list(RESOURCE_RANGE), "symbols": {"choices": list(SYMBOLS), "count": list(SYMBOL_COUNT)},
    "power": {"kinds": list(POWERS), "amount": list(AMOUNT_RANGE), "cap": list(CAP_RANGE),
              "of": {kind: list(spec["of"]) for kind, spec in POWERS.items()}},
}

WHOLE = "'{field}' must be from {low} to {high}, got {value}"
CHOICE = "'{field}' must be one of {choices}, got {value}"
FIELDS = "'{field}' must give a card's facts by name (number, kind, vp, gold, wheat, symbols, power), got {value}"
UNKNOWN = "'{field}' is not a fact of a card."
SYMBOL_LIST = "'{field}' must list 1 to 6 symbols ({choices}), got {value}"
POWER_FIELDS = "'{field}' must be null or a power by name (kind, amount, of, cap), got {value}"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _whole(value: Any, field: str, rule: str, bounds: tuple[int, int]) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not bounds[0] <= value <= bounds[1]:
        raise IllegalCommand(rule, WHOLE, field=field, low=bounds[0], high=bounds[1], value=_shown(value))
    return value


def _choice(value: Any, field: str, rule: str, choices: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise IllegalCommand(rule, CHOICE, field=field, choices=", ".join(c or '""' for c in choices),
                             value=_shown(value))
    return value


def parse_power(value: Any, field: str, rule: str = RULE) -> Power | None:
    """A power from its JSON shape, or None for null; refused naming the field."""
    if value is None:
        return None
    if not isinstance(value, Mapping) or not set(value) <= {"kind", "amount", "of", "cap"} or "kind" not in value:
        raise IllegalCommand(rule, POWER_FIELDS, field=field, value=_shown(value))
    kind = _choice(value["kind"], f"{field}.kind", rule, tuple(POWERS))
    spec = POWERS[kind]
    amount = 0
    if kind in ("legions", "mobilise", "vp_per_kind", "vp_per_symbol"):
        amount = _whole(value.get("amount"), f"{field}.amount", rule, AMOUNT_RANGE)
    of = ""
    if spec["of"]:
        default = "" if "" in spec["of"] else None
        of = _choice(value.get("of", default), f"{field}.of", rule, spec["of"])
    cap = None
    if spec["when"] == "end" and value.get("cap") is not None:
        cap = _whole(value.get("cap"), f"{field}.cap", rule, CAP_RANGE)
    return Power(kind, amount, of, cap)


def parse_card(value: Any, field: str = "card", rule: str = RULE) -> Card:
    """A card from its JSON shape (module docstring), every fact checked, refused naming the field
    (`field` prefixes each: "card.vp", "line 12: symbols")."""
    sep = "." if not field.endswith(":") else " "
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        raise IllegalCommand(rule, FIELDS, field=field.rstrip(":"), value=_shown(value))
    for key in value:
        if key not in SHAPE:
            raise IllegalCommand(rule, UNKNOWN, field=f"{field}{sep}{key}")
    symbols = value.get("symbols")
    if (not isinstance(symbols, (list, tuple)) or not SYMBOL_COUNT[0] <= len(symbols) <= SYMBOL_COUNT[1]
            or not all(isinstance(s, str) and s in SYMBOLS for s in symbols)):
        raise IllegalCommand(rule, SYMBOL_LIST, field=f"{field}{sep}symbols", choices=", ".join(SYMBOLS),
                             value=_shown(symbols))
    return Card(
        number=_whole(value.get("number"), f"{field}{sep}number", rule, NUMBERS),
        kind=_choice(value.get("kind"), f"{field}{sep}kind", rule, KINDS),
        vp=_whole(value.get("vp"), f"{field}{sep}vp", rule, VP_RANGE),
        gold=_whole(value.get("gold", 0), f"{field}{sep}gold", rule, RESOURCE_RANGE),
        wheat=_whole(value.get("wheat", 0), f"{field}{sep}wheat", rule, RESOURCE_RANGE),
        symbols=tuple(symbols),
        power=parse_power(value.get("power"), f"{field}{sep}power", rule),
    )


def card_data(card: Card) -> dict[str, Any]:
    """A card as its JSON shape (what an event and a view hold; `parse_card` reads it back)."""
    power = None if card.power is None else {k: v for k, v in dataclasses.asdict(card.power).items()
                                             if v not in (None, "") and not (k == "amount" and v == 0)}
    return {"number": card.number, "kind": card.kind, "vp": card.vp, "gold": card.gold, "wheat": card.wheat,
            "symbols": list(card.symbols), "power": power}


def parse_cards(value: Any, field: str = "cards", rule: str = RULE) -> tuple[Card, ...]:
    """A list of cards (a set-up's `cards`: the card file as the app passes it), no number twice."""
    if not isinstance(value, (list, tuple)):
        raise IllegalCommand(rule, "'{field}' must list cards, got {value}", field=field, value=_shown(value))
    cards = tuple(parse_card(item, f"{field}[{i}]", rule) for i, item in enumerate(value))
    _no_twice(cards, [f"{field}[{i}]" for i in range(len(cards))], rule)
    return cards


def _no_twice(cards: tuple[Card, ...], where: list[str], rule: str) -> None:
    seen: dict[int, str] = {}
    for card, place in zip(cards, where):
        if card.number in seen:
            raise IllegalCommand(rule, "'{field}' gives card {number} again (first at {first}).", field=place,
                                 number=card.number, first=seen[card.number])
        seen[card.number] = place


def parse_card_file(text: str) -> tuple[Card, ...]:
    """A table's card file: a JSON list of cards (or {"cards": [...]}), each checked, refused naming
    its line and field ("line 12: vp"). The file is the table's own, typed from its box."""
    decoder = json.JSONDecoder()
    try:
        whole = decoder.decode(text)
    except json.JSONDecodeError as exc:
        raise IllegalCommand(FILE_RULE, "The card file is not JSON: {error} (line {line}, column {column}).",
                             error=exc.msg, line=exc.lineno, column=exc.colno) from None
    start = text.index("[") if isinstance(whole, list) else None
    if isinstance(whole, dict) and set(whole) == {"cards"} and isinstance(whole["cards"], list):
        start = text.index("[", text.index('"cards"'))
    if start is None:
        raise IllegalCommand(FILE_RULE, "The card file must be a list of cards, or {{\"cards\": [...]}}.")
    lines: list[int] = []
    position = start + 1
    items = whole if isinstance(whole, list) else whole["cards"]
    for _ in items:
        while text[position] in " \t\r\n,":
            position += 1
        lines.append(text.count("\n", 0, position) + 1)
        _, position = decoder.raw_decode(text, position)
    cards = tuple(parse_card(item, f"line {line}:", FILE_RULE) for item, line in zip(items, lines))
    _no_twice(cards, [f"line {line}" for line in lines], FILE_RULE)
    return cards


#: S002 §4.1: five objectives lie face up in the middle; a completed player takes one of them.
FACE_UP = 5


def check_new(number: int, seen: tuple[int, ...], known: Card | None, entered: Any, name: str,
              in_play: int) -> Card | None:
    """A card coming into play in front of `name` (holding `in_play`): a number 1–88 no card of
    this game had before (S002: each of the 88 is one card), its facts `entered` checked and
    agreeing with the table's file; None when only the number was given and the file lacks it
    (the facts must be asked for)."""
    if in_play >= 3:
        raise IllegalCommand(RULE, "{name} has three objectives in play already.", name=name)
    return check_card(number, seen, known, entered)


def check_card(number: int, seen: tuple[int, ...], known: Card | None, entered: Any) -> Card | None:
    """A card coming out of the deck (in front of a player, or face up in the middle): a number
    1–88 not seen before in this game, its facts `entered` checked and agreeing with the table's
    file; None when only the number was given and the file lacks it."""
    if not NUMBERS[0] <= number <= NUMBERS[1]:
        raise IllegalCommand(RULE, WHOLE, field="number", low=NUMBERS[0], high=NUMBERS[1], value=number)
    if number in seen:
        raise IllegalCommand(RULE, "Objective {number} has been in this game already: each card is one of a kind.",
                             number=number)
    if entered is None:
        return known
    return check_agrees(number, known, entered)


def check_agrees(number: int, known: Card | None, entered: Any) -> Card:
    """Facts `entered` for objective `number`, checked, and agreeing with what the table already
    knows of it (its card file, or the facts entered when it was laid face up)."""
    card = parse_card(entered)
    if card.number != number:
        raise IllegalCommand(RULE, "'{field}' says objective {given}, not {number}.", field="card.number",
                             given=card.number, number=number)
    if known is not None and card_data(known) != card_data(card):
        raise IllegalCommand(RULE, "'{field}' differs from objective {number} in the table's card file.",
                             field="card", number=number)
    return card
