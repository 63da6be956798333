"""The victory card and the check at every round's end (digest 3.5, 3.7 item 8, 3.8 item 7).

One victory card applies to everybody: six conditions (factions controlled, laurels, legions,
denarii, tribune, favour of the gods), each with a threshold for the player count, and how many of
them a player must meet (C [das-spielen.de; GA-TRI; HIEW; FFG-TRI]). The thresholds are printed on
the 26 cards and are in no source (U), so the table enters its card at the set-up: the six
thresholds and the number needed (7 numbers; a condition the card does not print is null and can
never be met, 3.8 item 7), or the card's id in a card file it keeps (`parse_card_file`: JSON,
refused naming "line N: field").

The game ends at the end of the round in which at least one player meets the number needed; a
player declares during the round but must still meet it at the round's end (C [S003; GA-TRI]); a
player who meets it without declaring still qualifies (3.8 item 7, the default reading). Several
qualifiers: the sources only say the details are compared (U), so `several_winners` is a setting:
"table" (the default: all are shown with their margins and the table picks), "most_met", "margin"
(the highest sum of margins over the conditions met), "shared".
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, Mapping, Sequence

from companion.core.errors import IllegalCommand

CONDITIONS = ("factions", "laurels", "legions", "denarii", "tribune", "favour")
NEEDED = "needed"
RULE = "Tribune 3.5 victory card"
FILE_RULE = "Tribune victory card file"
SEVERAL = ("table", "most_met", "margin", "shared")


@dataclasses.dataclass(frozen=True)
class VictoryCard:
    """The card in play: `thresholds` in `CONDITIONS` order (None: not on the card), `needed`
    conditions to win, and the card's `id` when it came from a card file ("" when entered)."""

    thresholds: tuple[int | None, ...]
    needed: int
    id: str = ""

    def data(self) -> dict[str, Any]:
        return {**dict(zip(CONDITIONS, self.thresholds)), NEEDED: self.needed, "id": self.id}


@dataclasses.dataclass(frozen=True)
class Condition:
    """One condition for one player: the value held, the card's threshold (None: not printed),
    whether it is met, and the margin (value − threshold; None when not printed)."""

    name: str
    value: int
    threshold: int | None
    met: bool
    margin: int | None


@dataclasses.dataclass(frozen=True)
class Standing:
    """One player's row of the grid."""

    seat: int
    conditions: tuple[Condition, ...]
    met: int
    qualifies: bool
    short: int  # conditions still missing to the number needed (0 when qualifying)

    @property
    def margin(self) -> int:
        """The sum of the margins over the conditions met (the "margin" tie rule)."""
        return sum(c.margin or 0 for c in self.conditions if c.met)


def parse_card(value: Any, field: str = "victory", card_id: str = "", rule: str = RULE) -> VictoryCard:
    """A card from {factions, laurels, legions, denarii, tribune, favour, needed}: each threshold a
    whole number ≥ 1 or null (not on the card), `needed` from 1 to the conditions printed."""
    if not isinstance(value, Mapping):
        raise IllegalCommand(rule, "'{field}' must give the six thresholds and how many are needed.", field=field)
    for key in value:
        if key not in (*CONDITIONS, NEEDED, "id"):
            raise IllegalCommand(rule, "'{field}': unknown field; the fields are {fields}.", field=f"{field}.{key}",
                                 fields=", ".join((*CONDITIONS, NEEDED)))
    thresholds: list[int | None] = []
    for name in CONDITIONS:
        if name not in value:
            raise IllegalCommand(rule, "'{field}' is missing (null when the card does not print it).",
                                 field=f"{field}.{name}")
        t = value[name]
        if t is not None and (not isinstance(t, int) or isinstance(t, bool) or not 1 <= t <= 999):
            raise IllegalCommand(rule, "'{field}' must be a whole number from 1 to 999, or null.",
                                 field=f"{field}.{name}")
        thresholds.append(t)
    printed = sum(t is not None for t in thresholds)
    needed = value.get(NEEDED)
    if not isinstance(needed, int) or isinstance(needed, bool) or not 1 <= needed <= max(printed, 1) or not printed:
        raise IllegalCommand(rule, "'{field}' must be from 1 to the {count} conditions the card prints.",
                             field=f"{field}.{NEEDED}", count=printed)
    return VictoryCard(tuple(thresholds), needed, card_id or str(value.get("id", "") or "")[:20])


def _lines(text: str, items: Sequence[Any], start: int) -> list[int]:
    """The line each item of the JSON list starting at `start` begins on."""
    decoder = json.JSONDecoder()
    lines: list[int] = []
    position = start + 1
    for _ in items:
        while text[position] in " \t\r\n,":
            position += 1
        lines.append(text.count("\n", 0, position) + 1)
        _, position = decoder.raw_decode(text, position)
    return lines


def parse_card_file(text: str) -> dict[str, Mapping[str, Any]]:
    """A table's file of victory cards: a JSON list of {"id", "columns": {"3": card, "4": card,
    "5": card}} (a column per player count the card prints; a card is `parse_card`'s seven
    numbers), or {"cards": [...]}. Refused naming the line and field ("line 4: columns.3.laurels")."""
    try:
        whole = json.loads(text)
    except json.JSONDecodeError as exc:
        raise IllegalCommand(FILE_RULE, "The card file is not JSON: {error} (line {line}, column {column}).",
                             error=exc.msg, line=exc.lineno, column=exc.colno) from None
    if isinstance(whole, dict) and set(whole) == {"cards"} and isinstance(whole["cards"], list):
        items, start = whole["cards"], text.index("[", text.index('"cards"'))
    elif isinstance(whole, list):
        items, start = whole, text.index("[")
    else:
        raise IllegalCommand(FILE_RULE, "The card file must be a list of cards, or {{\"cards\": [...]}}.")
    cards: dict[str, Mapping[str, Any]] = {}
    for item, line in zip(items, _lines(text, items, start)):
        where = f"line {line}"
        if not isinstance(item, dict):
            raise IllegalCommand(FILE_RULE, "{field}: a card must be an object with id and columns.", field=where)
        for key in item:
            if key not in ("id", "columns", "note"):
                raise IllegalCommand(FILE_RULE, "{field}: unknown field; the fields are id, columns, note.",
                                     field=f"{where}: {key}")
        card_id = item.get("id")
        if not isinstance(card_id, str) or not card_id.strip() or len(card_id) > 20:
            raise IllegalCommand(FILE_RULE, "{field}: a card's id is a text of 1 to 20 characters.", field=f"{where}: id")
        if card_id in cards:
            raise IllegalCommand(FILE_RULE, "{field}: the card {id} is in the file twice.", field=f"{where}: id",
                                 id=card_id)
        columns = item.get("columns")
        if not isinstance(columns, dict) or not columns:
            raise IllegalCommand(FILE_RULE, "{field}: give at least one column (\"3\", \"4\", \"5\").",
                                 field=f"{where}: columns")
        for count, card in columns.items():
            if count not in ("2", "3", "4", "5"):
                raise IllegalCommand(FILE_RULE, "{field}: a column is a player count from 2 to 5.",
                                     field=f"{where}: columns.{count}")
            try:
                parse_card(card, f"columns.{count}", card_id)
            except IllegalCommand as exc:
                raise IllegalCommand(FILE_RULE, "{field}: {problem}", field=where, problem=exc.message) from None
        cards[card_id] = columns
    return cards


def pick(cards: Mapping[str, Mapping[str, Any]], card_id: str, players: int) -> VictoryCard:
    """The card `card_id` of the table's file, in its column for this player count."""
    if card_id not in cards:
        raise IllegalCommand(FILE_RULE, "'{field}': the card file has no card {id}.", field="victory_card",
                             id=str(card_id)[:20])
    column = cards[card_id].get(str(players))
    if column is None:
        raise IllegalCommand(FILE_RULE, "'{field}': the card {id} prints no column for {count} players.",
                             field="victory_card", id=card_id, count=players)
    return parse_card(column, f"victory_card.{players}", card_id)


def standing(seat: int, values: Mapping[str, int], card: VictoryCard) -> Standing:
    """One player's conditions against the card: each met or its margin (digest 3.5)."""
    conditions = []
    for name, threshold in zip(CONDITIONS, card.thresholds):
        value = int(values[name])
        met = threshold is not None and value >= threshold
        conditions.append(Condition(name, value, threshold, met, None if threshold is None else value - threshold))
    met = sum(c.met for c in conditions)
    return Standing(seat, tuple(conditions), met, met >= card.needed, max(card.needed - met, 0))


def winners(rows: Sequence[Standing], rule: str) -> tuple[int, ...] | None:
    """Who wins among the qualifiers under the `several_winners` rule: one qualifier wins; several
    under "table" → None (the table picks, with the margins shown); "most_met" / "margin" keep the
    best (still tied: all of them share); "shared": all of them."""
    qualified = [r for r in rows if r.qualifies]
    if len(qualified) <= 1:
        return tuple(r.seat for r in qualified)
    if rule == "table":
        return None
    if rule == "most_met":
        best = max(r.met for r in qualified)
        qualified = [r for r in qualified if r.met == best]
    elif rule == "margin":
        best = max(r.margin for r in qualified)
        qualified = [r for r in qualified if r.margin == best]
    return tuple(r.seat for r in qualified)
