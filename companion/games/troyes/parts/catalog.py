"""The card facts no rule text gives (activity cards, events, characters), read from the data files
under `data/` (each entry with its source and mark) and checked, so a table that edits one against
its box is told plainly what is wrong.

A set-up event records the facts it was played with (`plain`), without the sources, so what a
journal means never depends on the data files of the code that reads it.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Mapping

from companion.core.data_tables import DataTable, Edits, check_edits, edited_entries, load_tables
from companion.core.errors import IllegalCommand
from companion.core.views import FrozenMap
from companion.games.troyes import rules_data as R

RULE = "Troyes card data"
DATA = Path(__file__).resolve().parents[1] / "data"
#: Fields kept out of a set-up event: documentation, not facts.
DOC_FIELDS = ("source", "sourced", "said", "note")

IMMEDIATE = ("gain", "exchange", "per_citizen", "event_cubes")
DELAYED = ("group_bonus", "die_bonus", "colour_as", "split", "free_dice", "faces")
GAINS = ("vp", "deniers", "influence")
PAYS = ("deniers", "influence")
#: The languages a card's `names` may give (its `name` is the English one).
NAME_LANGUAGES = ("zh-Hans", "zh-Hant", "en")
MEASURES = ("influence", "deniers", "cathedral_cubes", "tradesmen", "citizens", "events_won")


@dataclasses.dataclass(frozen=True)
class ActivityCard:
    """An activity card (S004 行动一): its colour (the dice that activate it), the round it enters
    (`level`), the deniers a first tradesman pays (`cost`), the divisor of its activations, the VP of
    each tradesman space, whether it stores cubes (hourglass) and its effect (None: not entered)."""

    id: str
    name: str
    colour: str
    level: int
    cost: int
    divisor: int
    spaces: tuple[int, ...]
    hourglass: bool
    effect: Mapping[str, Any] | None
    mark: str
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class EventCard:
    """An event (S004 四, 行动三): its deck, the deck of the round's second event (a red card's
    `next`), black dice it brings each round (`military`), what each player pays (`effect`), the
    dice colour and divisor of its cubes, its flags, the grey cubes put on it, and its prizes."""

    id: str
    name: str
    deck: str | None
    next: str | None
    military: int
    effect: Mapping[str, Any] | None
    colour: str
    divisor: int
    flags: int
    neutral: int
    prizes: tuple[int, int]
    mark: str
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: What it changes while in force (parts/lasting.py), for `rounds` rounds or (None) while queued.
    lasting: Mapping[str, Any] | None = None


@dataclasses.dataclass(frozen=True)
class Character:
    """A character card (digest 2.4): VP = floor(measure / every) × vp, for every player."""

    id: str
    name: str
    measure: str
    every: int
    vp: int
    mark: str
    names: Mapping[str, str] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True)
class Catalog:
    cards: Mapping[str, ActivityCard]
    events: Mapping[str, EventCard]
    raid: EventCard
    characters: Mapping[str, Character]

    def event(self, event_id: str) -> EventCard:
        return self.raid if event_id == self.raid.id else self.events[event_id]

    @cached_property
    def names(self) -> Mapping[str, Mapping[str, str]]:
        """Every activity card's and event's name per language, by id ({"en": its `name`, and its
        `names`}), built once per catalog: what a screen, a history line or a refusal names a card
        by in the table's language, whether or not it is on the table yet. Not the characters:
        names of cards anyone may hold are no secret, but no public line has a use for them."""
        return FrozenMap({item.id: FrozenMap({"en": item.name, **item.names})
                          for item in (*self.cards.values(), *self.events.values(), self.raid)})


def _wrong(where: str, expected: str) -> IllegalCommand:
    """A card fact of the wrong kind; `expected` names it in the data's own terms (field names,
    JSON values), which read the same in every language."""
    return IllegalCommand(RULE, "{field}: expected {expected}.", field=where, expected=expected)


def _int(entry: Mapping[str, Any], key: str, where: str, low: int = 0) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise _wrong(f"{where}.{key}", f"{low}, {low + 1}, ...")
    return value


def _text(entry: Mapping[str, Any], key: str, where: str, choices: tuple[str, ...] | None = None,
          optional: bool = False) -> Any:
    value = entry.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str) or (choices is not None and value not in choices):
        raise _wrong(f"{where}.{key}", " | ".join(choices) if choices else "\"...\"")
    return value


def _names(entry: Mapping[str, Any], where: str) -> dict[str, str]:
    """The entry's name per language ({"zh-Hans": …, "zh-Hant": …}); none given: {} (the screen
    then shows `name`, the English, in every language)."""
    value = entry.get("names")
    if value is None:
        return {}
    if not isinstance(value, Mapping) or any(k not in NAME_LANGUAGES or not isinstance(v, str) or not v
                                              for k, v in value.items()):
        raise _wrong(f"{where}.names", "{" + ", ".join(f'\"{k}\": \"...\"' for k in NAME_LANGUAGES) + "}")
    return dict(value)


def _amounts(value: Any, where: str, keys: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(value, Mapping) or not value or any(k not in keys for k in value):
        raise _wrong(where, "{" + ", ".join(keys) + "}")
    return {k: _int(value, k, where, 1) for k in value}


def _card_effect(effect: Any, hourglass: bool, where: str) -> Mapping[str, Any] | None:
    if effect is None:
        return None
    if not isinstance(effect, Mapping):
        raise _wrong(where, "{...} | null")
    kind = _text(effect, "kind", where, DELAYED if hourglass else IMMEDIATE)
    if kind == "gain":
        return {"kind": kind, "gain": _amounts(effect.get("gain"), f"{where}.gain", GAINS)}
    if kind == "exchange":
        return {"kind": kind, "pay": _amounts(effect.get("pay"), f"{where}.pay", PAYS),
                "gain": _amounts(effect.get("gain"), f"{where}.gain", GAINS)}
    if kind == "per_citizen":
        buildings = effect.get("buildings")
        if not isinstance(buildings, (list, tuple)) or not buildings or any(b not in R.BUILDINGS for b in buildings):
            raise _wrong(f"{where}.buildings", "[" + ", ".join(R.BUILDINGS) + "]")
        return {"kind": kind, "buildings": tuple(buildings), "gain": _amounts(effect.get("gain"), f"{where}.gain", GAINS)}
    if kind == "event_cubes":
        return {"kind": kind, "cubes": _int(effect, "cubes", where, 1)}
    if kind in ("group_bonus", "die_bonus"):
        return {"kind": kind, "colour": _text(effect, "colour", where, R.DICE_COLOURS),
                "amount": _int(effect, "amount", where, 1)}
    if kind in ("colour_as", "split"):
        out = {"kind": kind, "from": _text(effect, "from", where, R.DICE_COLOURS),
               "to": _text(effect, "to", where, R.DICE_COLOURS)}
        if kind == "split":
            out["count"] = _int(effect, "count", where, 1)
        return out
    if kind == "free_dice":
        return {"kind": kind, "colour": _text(effect, "colour", where, R.DICE_COLOURS),
                "per_player": _int(effect, "per_player", where, 1)}
    mixed = effect.get("mixed", False)  # faces
    if not isinstance(mixed, bool):
        raise _wrong(f"{where}.mixed", "true | false")
    return {"kind": kind, "value": _int(effect, "value", where, 1), "mixed": mixed}


def parse_card(entry: Mapping[str, Any], where: str) -> ActivityCard:
    hourglass = entry.get("hourglass", False)
    if not isinstance(hourglass, bool):
        raise _wrong(f"{where}.hourglass", "true | false")
    spaces = entry.get("spaces")
    if not isinstance(spaces, (list, tuple)) or not all(isinstance(v, int) and not isinstance(v, bool) for v in spaces):
        raise _wrong(f"{where}.spaces", "[VP, VP, ...]")
    level = _int(entry, "level", where, 1)
    if level > R.ACTIVITY_ROUNDS:
        raise _wrong(f"{where}.level", "1 | 2 | 3")
    return ActivityCard(
        id=_text(entry, "id", where), name=_text(entry, "name", where),
        colour=_text(entry, "colour", where, R.DICE_COLOURS), level=level, cost=_int(entry, "cost", where),
        divisor=_int(entry, "divisor", where, 1), spaces=tuple(spaces), hourglass=hourglass,
        effect=_card_effect(entry.get("effect"), hourglass, f"{where}.effect"), mark=str(entry.get("mark", "U")),
        names=_names(entry, where),
    )


LASTING = ("income", "wages", "no_dice", "dice_price")


def _lasting(value: Any, where: str) -> Mapping[str, Any] | None:
    """An event's lasting effect (parts/lasting.py), checked: its kind, its number or building, and
    `rounds` (1, 2, …; null: while it stays in the queue)."""
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise _wrong(where, "{\"kind\": ..., \"rounds\": ...} | null")
    kind = _text(value, "kind", where, LASTING)
    rounds = value.get("rounds")
    if rounds is not None:
        rounds = _int(value, "rounds", where, 1)
    out: dict[str, Any] = {"kind": kind, "rounds": rounds}
    if kind == "income":
        amount = value.get("amount")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount == 0:
            raise _wrong(f"{where}.amount", "..., -2, -1, 1, 2, ...")
        out["amount"] = amount
    if kind in ("wages", "no_dice"):
        out["building"] = _text(value, "building", where, R.BUILDINGS)
    if kind in ("wages", "dice_price"):
        out["extra"] = _int(value, "extra", where, 1)
    return out


def parse_event(entry: Mapping[str, Any], where: str) -> EventCard:
    combat = entry.get("combat")
    if not isinstance(combat, Mapping):
        raise _wrong(f"{where}.combat", "{colour, divisor}")
    prizes = entry.get("prizes")
    if not isinstance(prizes, (list, tuple)) or len(prizes) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in prizes):
        raise _wrong(f"{where}.prizes", "[VP, VP]")
    effect = entry.get("effect")
    if effect is not None:
        if not isinstance(effect, Mapping) or set(effect) != {"pay"}:
            raise _wrong(f"{where}.effect", "null | {\"pay\": {...}}")
        effect = {"pay": _amounts(effect["pay"], f"{where}.effect.pay", PAYS)}
    flags = _int(entry, "flags", where, 1)
    neutral = _int(entry, "neutral", where)
    if neutral >= flags:
        raise _wrong(f"{where}.neutral", f"0 ... {flags - 1}")
    return EventCard(
        id=_text(entry, "id", where), name=_text(entry, "name", where),
        deck=_text(entry, "deck", where, tuple(R.EVENT_DECKS), optional=True),
        next=_text(entry, "next", where, ("white", "yellow"), optional=True),
        military=_int(entry, "military", where), effect=effect,
        colour=_text(combat, "colour", f"{where}.combat", R.DICE_COLOURS),
        divisor=_int(combat, "divisor", f"{where}.combat", 1), flags=flags, neutral=neutral,
        prizes=(prizes[0], prizes[1]), mark=str(entry.get("mark", "U")), names=_names(entry, where),
        lasting=_lasting(entry.get("lasting"), f"{where}.lasting"),
    )


def parse_character(entry: Mapping[str, Any], where: str) -> Character:
    return Character(id=_text(entry, "id", where), name=_text(entry, "name", where),
                     measure=_text(entry, "measure", where, MEASURES), every=_int(entry, "every", where, 1),
                     vp=_int(entry, "vp", where), mark=str(entry.get("mark", "U")), names=_names(entry, where))


def _by_id(entries: Any, parse: Any, where: str) -> dict[str, Any]:
    if not isinstance(entries, (list, tuple)):
        raise _wrong(where, "[...]")
    out: dict[str, Any] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, Mapping):
            raise _wrong(f"{where}[{i}]", "{...}")
        item = parse(entry, f"{where}[{i}]")
        if item.id in out:
            raise IllegalCommand(RULE, "{field}: '{value}' is there twice.", field=f"{where}[{i}].id", value=item.id)
        out[item.id] = item
    return out


def parse_catalog(data: Mapping[str, Any]) -> Catalog:
    """The catalog from plain data ({"cards", "events", "raid", "characters"}), checked."""
    catalog = Catalog(
        cards=_by_id(data.get("cards"), parse_card, "cards"),
        events=_by_id(data.get("events"), parse_event, "events"),
        raid=parse_event(data.get("raid") or {}, "raid"),
        characters=_by_id(data.get("characters"), parse_character, "characters"),
    )
    if catalog.raid.id in catalog.events:
        raise IllegalCommand(RULE, "{field}: '{value}' is there twice.", field="raid.id", value=catalog.raid.id)
    for event in catalog.events.values():
        if event.deck is None:
            raise _wrong(f"events.{event.id}.deck", " | ".join(R.EVENT_DECKS))
    return catalog


@lru_cache(maxsize=1)
def file_data() -> dict[str, Any]:
    """The data files as plain data, without their documentation fields."""
    def strip(entry: Mapping[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in entry.items() if k not in DOC_FIELDS}

    cards = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
    events = json.loads((DATA / "events.json").read_text(encoding="utf-8"))
    characters = json.loads((DATA / "characters.json").read_text(encoding="utf-8"))
    return {"cards": [strip(c) for c in cards["cards"]], "events": [strip(e) for e in events["events"]],
            "raid": strip(events["raid"]), "characters": [strip(c) for c in characters["characters"]]}


@lru_cache(maxsize=1)
def default_catalog() -> Catalog:
    """The data files' catalog, parsed once (the state before the set-up holds it)."""
    return parse_catalog(file_data())


def as_text(data: Mapping[str, Any]) -> str:
    """Card facts as the set-up event records them: one canonical JSON text (a text, not nested
    lists, so replaying a journal reads it in one parse)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=8)
def from_text(text: str) -> Catalog:
    """The catalog a set-up event recorded; parsed once per text (a catalog is immutable)."""
    return parse_catalog(json.loads(text))


def sources() -> dict[str, dict[str, tuple[str, str]]]:
    """id → (mark, source) per kind, for the settings screen and the docs."""
    out: dict[str, dict[str, tuple[str, str]]] = {}
    for kind, file, key in (("cards", "cards", "cards"), ("events", "events", "events"), ("characters", "characters", "characters")):
        doc = json.loads((DATA / f"{file}.json").read_text(encoding="utf-8"))
        entries = list(doc[key]) + ([doc["raid"]] if kind == "events" else [])
        out[kind] = {e["id"]: (e.get("mark", "U"), e.get("source", "")) for e in entries}
    return out


def merged_data(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """The data files with a table's edits: {"cards": {id: {field: value}}, "events": …, "raid":
    {field: value}, "characters": …}; an id not in the files adds an entry. Checked by `parse_catalog`."""
    base = file_data()
    out: dict[str, Any] = {}
    for kind in ("cards", "events", "characters"):
        edits = overrides.get(kind, {})
        if not isinstance(edits, Mapping):
            raise _wrong(kind, "{id: {...}}")
        entries = [dict(e) for e in base[kind]]
        known = {e["id"]: e for e in entries}
        for entry_id, fields in edits.items():
            if not isinstance(fields, Mapping):
                raise _wrong(f"{kind}.{entry_id}", "{...}")
            if entry_id in known:
                known[entry_id].update(fields)
            else:
                entries.append({"mark": "U", **fields, "id": entry_id})
        out[kind] = entries
    raid = overrides.get("raid", {})
    if not isinstance(raid, Mapping):
        raise _wrong("raid", "{...}")
    out["raid"] = {**base["raid"], **raid}
    unknown = set(overrides) - {"cards", "events", "characters", "raid"}
    if unknown:
        raise _wrong(sorted(unknown)[0], "cards | events | raid | characters")
    return out


@lru_cache(maxsize=1)
def editable_tables() -> tuple[DataTable, ...]:
    """The card facts a table may correct on the card-facts screen (`data/editable.json`)."""
    return load_tables(DATA / "editable.json")


def edits_data(edits: Edits) -> dict[str, Any]:
    """The table's edits (`core.data_tables.Edits`) as `merged_data`'s overrides: {"cards": {id:
    fields}, "events": …, "raid": fields, "characters": …}, each changed key whole."""
    out: dict[str, Any] = {}
    for table in editable_tables():
        for entry_id, fields in edited_entries(table, edits).items():
            if table.id == "events" and entry_id == file_data()["raid"]["id"]:
                out.setdefault("raid", {}).update(fields)
            else:
                out.setdefault(table.id, {}).setdefault(entry_id, {}).update(fields)
    return out


def check_table_edits(edits: Edits) -> None:
    """The kit's checks of each edited field, then the whole catalog with the edits parsed as a
    set-up would (an event's grey cubes must stay below its cube spaces)."""
    check_edits(editable_tables(), edits)
    parse_catalog(merged_data(edits_data(edits)))

