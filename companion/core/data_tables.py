"""A game's editable data tables (the game kit): card facts no rule text gives, which a table checks
against its box and corrects on the card-facts screen, reached from the settings screen.

Why data and not code: the numbers on a card (an activity card's divisor, an event's prizes) are
S or U facts (../shared/rules/<game>.md) with a source; the table must be able to see where each
comes from and put its own box's value in, without anyone editing the package. A game declares
its tables in one JSON file beside its data files (`load_tables`): per table the data file and
where its entries are in it, and per editable field its kind — a whole number within bounds, a
choice among values, or text (shown, not edited by touch) — with an English label the screen
translates. Each entry keeps its own `source`, its mark (S: every field from a source, U: some
field still a placeholder) and `sourced` (the fields a source backs), so the screen can show the
mark of every field; and `said` (`Said`): which kind of source backs which of those fields — the
rulebook in the box (with its page or section), another printing of the game, players' reports —
so the screen says it in the players' words, in every language, from data: the free-text `source`
(the keys and addresses a curious reader follows) stays in the data file and the docs.

The table's own values are `Edits`: {table id: {entry id: {field name: value}}}, kept in the
table's override file (`core.data_edits`), checked field by field here (`check_value`) and as a
whole by the game's rules (`Game.check_data`), and handed to the game's set-up
(`Game.setup_with_data`), whose event records them: a journal replays the same under any later
edit.
"""

from __future__ import annotations

import dataclasses
import json
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from companion.core.errors import IllegalCommand

#: The rule a bad declaration or a bad edit of the kit's own kinds names (a game's rules name theirs).
RULE = "card facts"
KINDS = ("number", "choice", "text")
#: The marks of ../shared/rules: C values are rules, never data; S one source; U unconfirmed.
MARKS = ("S", "U")
#: Who says a sourced value (`Said.by`): the rulebook in the table's box (the Chinese rulebook the
#: users hold), another printing of the game (an English or French rulebook), players' reports and
#: reviews of their games.
SAID_BY = ("box", "printing", "report")

Edits = Mapping[str, Mapping[str, Mapping[str, Any]]]


@dataclasses.dataclass(frozen=True)
class Choice:
    """One value a choice field may take, and its English label (a msgid)."""

    value: str
    label: str


@dataclasses.dataclass(frozen=True)
class DataField:
    """An editable fact of every entry of a table. `name` is its place in an entry: a key, or a
    dotted path into the entry ("combat.divisor", "prizes.0"). `label`: English, a msgid. A number
    lies within `low`..`high`; a choice is one of `choices`; text is shown only."""

    name: str
    label: str
    kind: str
    low: int = 0
    high: int = 0
    choices: tuple[Choice, ...] = ()

    @property
    def top(self) -> str:
        """The entry's key the field lives under (the part a source's `sourced` names)."""
        return self.name.split(".", 1)[0]

    def choice_values(self) -> tuple[str, ...]:
        return tuple(c.value for c in self.choices)


@dataclasses.dataclass(frozen=True)
class DataTable:
    """One editable table: `id` (the key of its edits), its English `title` (a msgid), the data
    `file` (absolute), the `keys` of that file holding its entries (a list of entries, or one
    entry: Troyes' raid beside its event deck), its editable `fields` and the `rule` its checks name."""

    id: str
    title: str
    file: Path
    keys: tuple[str, ...]
    fields: tuple[DataField, ...]
    rule: str

    def field(self, name: str) -> DataField:
        for field in self.fields:
            if field.name == name:
                return field
        raise IllegalCommand(self.rule, "There is no card fact '{field}' in {table}.", field=name, table=self.id)


@dataclasses.dataclass(frozen=True)
class Said:
    """Which kind of source (`by`, one of `SAID_BY`) backs which of an entry's `fields` (its keys,
    as `sourced` names them); for the box's rulebook, where it says so (`page`, or `section` for a
    rulebook cited by its headings)."""

    by: str
    fields: tuple[str, ...]
    page: str = ""
    section: str = ""


def read_said(data: Any) -> tuple[Said, ...]:
    """An entry's `said` list as `Said` values; a malformed item is left out (the data files are the
    package's, checked by their tests: the screen then says less, never crashes)."""
    out = []
    for item in data if isinstance(data, list) else ():
        if not isinstance(item, Mapping) or item.get("by") not in SAID_BY:
            continue
        fields = item.get("fields")
        if not isinstance(fields, list) or not all(isinstance(f, str) for f in fields):
            continue
        page, section = item.get("page", ""), item.get("section", "")
        out.append(Said(item["by"], tuple(fields), str(page) if isinstance(page, (str, int)) else "",
                        section if isinstance(section, str) else ""))
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class DataEntry:
    """One entry of a table as shipped: its id, English `name` and `names` per language, its mark,
    `source`, the fields a source backs (`sourced`), the shipped `values` of the editable fields,
    and who backs which field (`said`)."""

    table: str
    id: str
    name: str
    names: Mapping[str, str]
    mark: str
    source: str
    sourced: tuple[str, ...]
    values: Mapping[str, Any]
    raw: Mapping[str, Any] = dataclasses.field(repr=False, compare=False, default_factory=dict)
    said: tuple[Said, ...] = ()

    def said_of(self, key: str) -> Said | None:
        """Who backs the entry's key `key` (a field's `top`, or "name"), or None: no source does."""
        return next((said for said in self.said if key in said.fields), None)

    def field_mark(self, field: DataField) -> str:
        """S when the entry says every field is sourced, or a source backs this field; else U."""
        return "S" if self.mark == "S" or field.top in self.sourced else "U"


def _bad(where: str, expected: str) -> IllegalCommand:
    return IllegalCommand(RULE, "{field}: expected {expected}.", field=where, expected=expected)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _field(data: Any, where: str) -> DataField:
    if not isinstance(data, Mapping):
        raise _bad(where, "{name, label, kind, ...}")
    name, label, kind = data.get("name"), data.get("label"), data.get("kind")
    if not isinstance(name, str) or not name or not isinstance(label, str) or not label:
        raise _bad(where, "\"name\" and \"label\"")
    if kind not in KINDS:
        raise _bad(f"{where}.kind", " | ".join(KINDS))
    if kind == "number":
        low, high = data.get("low"), data.get("high")
        if not (_whole(low) and _whole(high) and low <= high):
            raise _bad(f"{where}.low", "low ≤ high, whole numbers")
        return DataField(name, label, kind, low, high)
    if kind == "choice":
        choices = data.get("choices")
        if not isinstance(choices, list) or not choices or not all(
                isinstance(c, Mapping) and isinstance(c.get("value"), str) and isinstance(c.get("label"), str)
                for c in choices):
            raise _bad(f"{where}.choices", "[{\"value\": ..., \"label\": ...}, ...]")
        return DataField(name, label, kind, choices=tuple(Choice(c["value"], c["label"]) for c in choices))
    return DataField(name, label, kind)


def load_tables(path: Path) -> tuple[DataTable, ...]:
    """A game's declaration (`{"rule", "tables": [{id, title, file, keys, fields}]}`), its data
    files named relative to it; a wrong declaration is refused naming the place."""
    doc = json.loads(Path(path).read_text(encoding="utf-8"))
    rule = doc.get("rule") if isinstance(doc, Mapping) else None
    tables = doc.get("tables") if isinstance(doc, Mapping) else None
    if not isinstance(rule, str) or not isinstance(tables, list):
        raise _bad(Path(path).name, "{\"rule\": ..., \"tables\": [...]}")
    out = []
    for i, table in enumerate(tables):
        where = f"tables[{i}]"
        if not isinstance(table, Mapping) or not all(isinstance(table.get(k), str) for k in ("id", "title", "file")):
            raise _bad(where, "{id, title, file, keys, fields}")
        keys, fields = table.get("keys"), table.get("fields")
        if not isinstance(keys, list) or not keys or not all(isinstance(k, str) for k in keys):
            raise _bad(f"{where}.keys", "[\"...\"]")
        if not isinstance(fields, list):
            raise _bad(f"{where}.fields", "[...]")
        out.append(DataTable(table["id"], table["title"], Path(path).parent / table["file"], tuple(keys),
                             tuple(_field(f, f"{where}.fields[{j}]") for j, f in enumerate(fields)), rule))
    return tuple(out)


def value_at(entry: Mapping[str, Any], name: str) -> Any:
    """The value at a field's place in an entry (a dotted path; a number steps into a list)."""
    value: Any = entry
    for part in name.split("."):
        if isinstance(value, Mapping):
            value = value.get(part)
        elif isinstance(value, (list, tuple)) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def with_value(entry: Mapping[str, Any], name: str, value: Any) -> dict[str, Any]:
    """A copy of `entry` with `value` at the field's place (the containers on the way copied)."""
    def put(container: Any, parts: list[str]) -> Any:
        head, rest = parts[0], parts[1:]
        if isinstance(container, (list, tuple)):
            items = list(container)
            index = int(head)
            items[index] = put(items[index], rest) if rest else value
            return items
        out = dict(container or {})
        out[head] = put(out.get(head), rest) if rest else value
        return out

    return put(entry, name.split("."))


@lru_cache(maxsize=32)
def read_entries(table: DataTable) -> tuple[DataEntry, ...]:
    """The table's entries as shipped in its data file, in the file's order; read once (the data
    files are the package's: they change only with the app)."""
    doc = json.loads(table.file.read_text(encoding="utf-8"))
    raw: list[Mapping[str, Any]] = []
    for key in table.keys:
        found = doc.get(key)
        raw.extend(found if isinstance(found, list) else [found] if isinstance(found, Mapping) else [])
    out = []
    for entry in raw:
        names = entry.get("names") if isinstance(entry.get("names"), Mapping) else {}
        sourced = entry.get("sourced") if isinstance(entry.get("sourced"), list) else []
        mark = entry.get("mark") if entry.get("mark") in MARKS else "U"
        out.append(DataEntry(table.id, str(entry.get("id", "")), str(entry.get("name", entry.get("id", ""))),
                             dict(names), mark, str(entry.get("source", "")), tuple(sourced),
                             {f.name: value_at(entry, f.name) for f in table.fields}, entry,
                             read_said(entry.get("said"))))
    return tuple(out)


def check_value(table: DataTable, field: DataField, value: Any, entry: str = "") -> None:
    """A value the field's kind accepts, or a refusal naming the field (table, entry, field) and
    the bounds or choices."""
    where = ".".join(part for part in (table.id, entry, field.name) if part)
    if field.kind == "number":
        if not _whole(value) or not field.low <= value <= field.high:
            raise IllegalCommand(table.rule, "{field} must be a whole number from {low} to {high}.",
                                 field=where, low=field.low, high=field.high)
    elif field.kind == "choice":
        if value not in field.choice_values():
            raise IllegalCommand(table.rule, "{field} must be one of {choices}.", field=where,
                                 choices=", ".join(field.choice_values()))
    elif not isinstance(value, str) or not value.strip():
        raise IllegalCommand(table.rule, "{field} must be some text.", field=where)


def check_edits(tables: tuple[DataTable, ...], edits: Any) -> None:
    """Every edit names a table, an entry and a field the game declares, with a value of its kind."""
    if not isinstance(edits, Mapping):
        raise _bad("edits", "{table: {entry: {field: value}}}")
    known = {t.id: t for t in tables}
    for table_id, entries in edits.items():
        table = known.get(table_id)
        if table is None:
            raise _bad(str(table_id), " | ".join(known))
        ids = {e.id for e in read_entries(table)}
        if not isinstance(entries, Mapping):
            raise _bad(table_id, "{entry: {field: value}}")
        for entry_id, fields in entries.items():
            if entry_id not in ids:
                raise IllegalCommand(table.rule, "There is no entry '{entry}' in {table}.", entry=entry_id, table=table_id)
            if not isinstance(fields, Mapping):
                raise _bad(f"{table_id}.{entry_id}", "{field: value}")
            for name, value in fields.items():
                check_value(table, table.field(name), value, str(entry_id))


def edited_entries(table: DataTable, edits: Edits) -> dict[str, dict[str, Any]]:
    """entry id → the top-level keys the table's edits change, whole (a nested field's container
    rebuilt from the shipped entry), for a game's set-up data."""
    out: dict[str, dict[str, Any]] = {}
    by_id = {e.id: e for e in read_entries(table)}
    for entry_id, fields in (edits.get(table.id) or {}).items():
        entry = by_id.get(entry_id)
        if entry is None or not fields:
            continue
        changed = dict(entry.raw)
        for name, value in fields.items():
            changed = with_value(changed, name, value)
        out[entry_id] = {table.field(name).top: changed[table.field(name).top] for name in fields}
    return out


@dataclasses.dataclass(frozen=True)
class DataSheet:
    """What the card-facts screen shows of one game: its tables, each table's entries as shipped,
    the table's own `edits` and, when its edits file could not be used, the `notice` naming it."""

    game: str
    tables: tuple[DataTable, ...]
    entries: Mapping[str, tuple[DataEntry, ...]]
    edits: Edits
    notice: Any = None

    def table(self, table_id: str) -> DataTable:
        for table in self.tables:
            if table.id == table_id:
                return table
        raise IllegalCommand(RULE, "There is no table '{table}'.", table=table_id)

    def own(self, table_id: str, entry_id: str, field: str) -> Any:
        """The table's own value of the field, or None where it plays the shipped one."""
        return ((self.edits.get(table_id) or {}).get(entry_id) or {}).get(field)

    def edited(self, table_id: str, entry_id: str, field: str, value: Any) -> dict[str, dict[str, dict[str, Any]]]:
        """The edits with this field set to `value` (None: back to the shipped value)."""
        out = {t: {e: dict(f) for e, f in entries.items()} for t, entries in self.edits.items()}
        fields = out.setdefault(table_id, {}).setdefault(entry_id, {})
        if value is None:
            fields.pop(field, None)
        else:
            fields[field] = value
        return {t: {e: f for e, f in entries.items() if f} for t, entries in out.items() if any(entries.values())}


def count(edits: Edits) -> int:
    """How many fields the table has set itself."""
    return sum(len(fields) for entries in edits.values() for fields in entries.values())


__all__ = ["Choice", "DataEntry", "DataField", "DataSheet", "DataTable", "Edits", "check_edits", "check_value", "count",
           "edited_entries", "load_tables", "read_entries", "value_at", "with_value"]
