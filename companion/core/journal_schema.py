"""The journal file's shape: its tables, its identity in the SQLite header, and the step from the
first version to this one.

Version 2 adds a checksum to every row (`core.journal_sums`), the file's `head` and the sum of its
schema to the meta table, and marks the SQLite header with companion's application id and the
version (`PRAGMA application_id`, `user_version`), so a file is checked before anything in it is
believed. Version 1 files (no sums) are still read; a version 1 journal opened to be played on is
migrated in one transaction, so a cut leaves either the old file or the new one.
"""

from __future__ import annotations

import sqlite3
from typing import Iterable, Mapping, Sequence

from companion.core.journal_sums import CHAIN_START, Head, event_sum, meta_sum, schema_sum

FORMAT = "companion-journal"
VERSION = 2
#: "CmpJ": what `file` and a reader of the header see first; a companion journal of version 2 on.
APPLICATION_ID = 0x436D704A

#: Meta keys of the file's own bookkeeping (not a game's): the last event, the schema's sum.
META_HEAD, META_SCHEMA = "head", "schema"

_DDL = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL, sum INTEGER NOT NULL) WITHOUT ROWID",
    "CREATE TABLE events (\n"
    "    seq INTEGER PRIMARY KEY,\n"
    "    step INTEGER NOT NULL,\n"
    "    kind TEXT NOT NULL,\n"
    "    payload TEXT NOT NULL,\n"
    "    at TEXT NOT NULL,\n"
    "    sum INTEGER NOT NULL\n"
    ")",
)

#: One event row as stored: (seq, step, kind, payload, at).
Row = tuple[int, int, str, str, str]


def chain(rows: Iterable[Row], previous: int = CHAIN_START) -> list[tuple[int, int, str, str, str, int]]:
    """The rows with their chained sums appended, continuing from `previous`."""
    out = []
    for seq, step, kind, payload, at in rows:
        previous = event_sum(previous, seq, step, kind, payload, at)
        out.append((seq, step, kind, payload, at, previous))
    return out


def stored_schema_sum(conn: sqlite3.Connection) -> int:
    return schema_sum(conn.execute("SELECT type, name, tbl_name, sql FROM sqlite_master").fetchall())


def has_table(conn: sqlite3.Connection, name: str) -> bool:
    """The file has the table `name` (a cache's, made when its first row is written)."""
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", (name,)).fetchone() is not None


def write_meta(conn: sqlite3.Connection, values: Mapping[str, str]) -> None:
    """Inserts or replaces meta rows, each with its sum (inside the caller's transaction)."""
    conn.executemany("INSERT OR REPLACE INTO meta(key, value, sum) VALUES (?, ?, ?)",
                     [(k, v, meta_sum(k, v)) for k, v in sorted(values.items())])


def _mark_header(conn: sqlite3.Connection) -> None:
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute(f"PRAGMA user_version = {VERSION}")


def create(conn: sqlite3.Connection, meta: Mapping[str, str], rows: Sequence[Row]) -> Head:
    """A new file's tables, header marks, meta and first rows (inside the caller's transaction)."""
    for statement in _DDL:
        conn.execute(statement)
    _mark_header(conn)
    summed = chain(rows)
    conn.executemany("INSERT INTO events(seq, step, kind, payload, at, sum) VALUES (?, ?, ?, ?, ?, ?)", summed)
    head = Head(summed[-1][0], summed[-1][1], summed[-1][5]) if summed else Head(0, 0, CHAIN_START)
    write_meta(conn, {**meta, META_HEAD: head.format(), META_SCHEMA: str(stored_schema_sum(conn))})
    return head


def migrate_v1(conn: sqlite3.Connection, meta: Mapping[str, str], rows: Sequence[Row]) -> dict[str, str]:
    """Version 1 → 2 in place (inside the caller's transaction): a sum column on both tables, the
    sums of the rows as they are now (checked for order and gaps by the caller before), the head,
    the schema's sum and the header marks. The step index goes: nothing reads by it. Returns the
    new meta."""
    conn.execute("ALTER TABLE meta ADD COLUMN sum INTEGER NOT NULL DEFAULT 0")
    conn.execute("ALTER TABLE events ADD COLUMN sum INTEGER NOT NULL DEFAULT 0")
    conn.execute("DROP INDEX IF EXISTS events_step")
    summed = chain(rows)
    conn.executemany("UPDATE events SET sum = ? WHERE seq = ?", [(r[5], r[0]) for r in summed])
    _mark_header(conn)
    head = Head(summed[-1][0], summed[-1][1], summed[-1][5]) if summed else Head(0, 0, CHAIN_START)
    values = {**meta, "version": str(VERSION), META_HEAD: head.format()}
    values[META_SCHEMA] = str(stored_schema_sum(conn))
    write_meta(conn, values)
    return values
