"""The faction benefit table as data: what each faction gives at a take-over, every round to its
controller (phase 5), and when its leader card is in a successful take-over set.

The full table is not in the sources (digest 3.4: **U**). What is sourced: the Gladiators' take-over
gives 1 legion and their benefit is the Colosseum's denarii [UBG-TRI factions]; the Vestals give the
favour of the gods, the Patricians the Proconsul (an extra follower), the Praetorians a legion
[media-mania.de]. Everything else below is the app's placeholder, marked U, and a table with its
box replaces any row at the set-up (`benefits` in the setup intent, checked by `parse_table`);
the table in force is journaled with the set-up and shown in the view with each row's mark.

A benefit is a list of (kind, amount):

| kind | what the controller gets |
| --- | --- |
| `money` | denarii from the bank |
| `legion` | legions |
| `laurel` | laurels |
| `favour` | eternal favour of the gods |
| `temporary_favour` | a temporary favour tile until the next benefits phase (2 tiles in the box) |
| `scroll` | scroll tiles (`scrolls_per_tribune` of them turn into one on its tribune side) |
| `proconsul` | the Proconsul: one more follower next round (1 in the box) |
| `colosseum` | the denarii in the Colosseum (amount ignored) |
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.tribune.board import FACTIONS

KINDS = ("money", "legion", "laurel", "favour", "temporary_favour", "scroll", "proconsul", "colosseum")
SLOTS = ("takeover", "benefit", "leader")
RULE = "Tribune 3.4 faction benefits"
MARKS = ("C", "S", "U")

Gift = tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class Row:
    """One faction's row: its take-over benefit, its benefit every round, its leader's benefit,
    where the row comes from and its mark (C/S/U)."""

    faction: str
    takeover: Gift
    benefit: Gift
    leader: Gift
    source: str
    mark: str


DEFAULT_ROWS = (
    Row("gladiators", (("legion", 1),), (("colosseum", 0),), (("legion", 1),),
        "UBG-TRI factions (take-over, benefit); leader U", "S"),
    Row("legates", (("legion", 1),), (("legion", 1),), (("legion", 1),), "app placeholder", "U"),
    Row("praetorians", (("legion", 1),), (("legion", 1),), (("money", 2),),
        "media-mania.de (benefit: a legion); take-over and leader U", "S"),
    Row("plebeians", (("money", 3),), (("money", 2),), (("money", 2),), "app placeholder", "U"),
    Row("patricians", (("money", 2),), (("proconsul", 1),), (("money", 2),),
        "media-mania.de (benefit: the Proconsul); take-over and leader U", "S"),
    Row("vestals", (("favour", 1),), (("temporary_favour", 1),), (("favour", 1),),
        "media-mania.de (the favour of the gods); which favour when U", "S"),
    Row("senators", (("scroll", 1),), (("scroll", 1),), (("laurel", 1),), "app placeholder (the tribune's scrolls)", "U"),
)


def _gift(value: Any, field: str) -> Gift:
    if not isinstance(value, (list, tuple)):
        raise IllegalCommand(RULE, "'{field}' must be a list of [kind, amount].", field=field)
    gift = []
    for i, item in enumerate(value):
        where = f"{field}[{i}]"
        if not (isinstance(item, (list, tuple)) and len(item) == 2):
            raise IllegalCommand(RULE, "'{field}' must be [kind, amount].", field=where)
        kind, amount = item
        if kind not in KINDS:
            raise IllegalCommand(RULE, "'{field}': the kinds are {kinds}.", field=where, kinds=", ".join(KINDS))
        if not isinstance(amount, int) or isinstance(amount, bool) or not 0 <= amount <= 99:
            raise IllegalCommand(RULE, "'{field}': an amount is from 0 to 99.", field=where)
        gift.append((kind, amount))
    return tuple(gift)


def parse_table(overrides: Any, field: str = "benefits") -> tuple[Row, ...]:
    """The default table with the table's own rows in place of the defaults: {faction: {takeover,
    benefit, leader, source?}} (a slot left out keeps its default). A replaced row is marked as the
    table's (its own `source`, default "the table's box")."""
    if overrides is None:
        return DEFAULT_ROWS
    if not isinstance(overrides, Mapping):
        raise IllegalCommand(RULE, "'{field}' must map faction names to their benefits.", field=field)
    rows = {row.faction: row for row in DEFAULT_ROWS}
    for faction, entry in overrides.items():
        where = f"{field}.{faction}"
        if faction not in FACTIONS:
            raise IllegalCommand(RULE, "'{field}': there is no faction '{faction}'.", field=where,
                                 faction=str(faction)[:20])
        if not isinstance(entry, Mapping):
            raise IllegalCommand(RULE, "'{field}' must give takeover, benefit and leader.", field=where)
        for key in entry:
            if key not in (*SLOTS, "source"):
                raise IllegalCommand(RULE, "'{field}': unknown field; the fields are takeover, benefit, leader, "
                                     "source.", field=f"{where}.{key}")
        old = rows[faction]
        source = entry.get("source", "the table's box")
        if not isinstance(source, str):
            raise IllegalCommand(RULE, "'{field}' must be a text.", field=f"{where}.source")
        rows[faction] = Row(faction, *(_gift(entry[s], f"{where}.{s}") if s in entry else getattr(old, s)
                                       for s in SLOTS), source[:60], "table")
    return tuple(rows[f] for f in FACTIONS)


def table_data(rows: tuple[Row, ...]) -> dict[str, Any]:
    """The rows as plain data, as the set-up event journals them (and `parse_table` reads back)."""
    return {row.faction: {"takeover": [list(g) for g in row.takeover], "benefit": [list(g) for g in row.benefit],
                          "leader": [list(g) for g in row.leader], "source": row.source, "mark": row.mark} for row in rows}


def from_data(data: Mapping[str, Any]) -> tuple[Row, ...]:
    """The journaled table back (each row with its mark as journaled)."""
    return tuple(Row(f, _gift(data[f]["takeover"], f), _gift(data[f]["benefit"], f), _gift(data[f]["leader"], f),
                     str(data[f]["source"]), str(data[f].get("mark", "U"))) for f in FACTIONS)


def row_of(rows: tuple[Row, ...], faction: str) -> Row:
    return next(row for row in rows if row.faction == faction)
