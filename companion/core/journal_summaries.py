"""The journal's summaries table: each step as the history shows it, one row a step, kept in the file.

Why: without it, a history is every step read from the file again and decoded by the game's code
(the engine keeps a few bytes a step, not its events) — O(steps) of decoding at each first open, a
quarter of a second at 10,000 steps. A summary row holds what the history screen shows of a step:
its time and its events in public form (`Engine.history`: what `Game.public_event` gives, never a
secret: the same data the history and exports always had), as JSON. It is written in the same
transaction as its step (`Journal.append_steps`), so it costs no disk sync of its own.

It is only a cache, never trusted over the events (DESIGN.md): each row carries the chained sum of
its step's last event (`core.journal_sums`: any event edited, lost or moved up to the step changes
it), that event's seq, the fingerprint of the code that made it (`core.snapshots.fingerprint`: a
newer public form is made again, not shown stale) and a sum of the row itself. A row that does not
match is not believed; a step without a believed row (a journal from before this table, the set-up
step written with the file, a row that failed) is read from its events as before and its row
written then (`Engine.history`), so an older journal gets its rows the first time its history is
read. `companion doctor` reports rows whose own sum or event sum does not match
(`Journal.mismatched_summaries`); they cost no step, so the game stays usable and its history right.

The table is made when the first row is written, inside that write's transaction, with the file's
schema sum updated beside it (`core.journal_check` checks the schema), as the checkpoints are.
"""

from __future__ import annotations

import sqlite3
from typing import Iterable, NamedTuple

from companion.core import journal_schema as schema
from companion.core.journal_sums import summary_sum

TABLE = "summaries"
_DDL = (f"CREATE TABLE {TABLE} (step INTEGER PRIMARY KEY, seq INTEGER NOT NULL, sum INTEGER NOT NULL, "
        "fingerprint TEXT NOT NULL, at TEXT NOT NULL, events TEXT NOT NULL, check_sum INTEGER NOT NULL)")


class NewSummary(NamedTuple):
    """A summary to write: step `step`, whose last event is `seq`, made by the code of
    `fingerprint`, at `at`, its public events as JSON text (`events`)."""

    step: int
    seq: int
    fingerprint: str
    at: str
    events: str


class Summary(NamedTuple):
    """A summary row as read: the step, its last event's seq, its time and its public events
    (JSON text)."""

    step: int
    seq: int
    at: str
    events: str


def has_table(conn: sqlite3.Connection) -> bool:
    return schema.has_table(conn, TABLE)


def write(conn: sqlite3.Connection, new: Iterable[NewSummary]) -> None:
    """Writes `new` (replacing a row of the same step), inside the caller's transaction. A summary
    whose event is not on file as that step's is not written."""
    rows = []
    for summary in new:
        found = conn.execute("SELECT step, sum FROM events WHERE seq = ?", (summary.seq,)).fetchone()
        if found is None or found[0] != summary.step:
            continue
        values = (summary.step, summary.seq, found[1], summary.fingerprint, summary.at, summary.events)
        rows.append((*values, summary_sum(*values)))
    if not rows:
        return
    if not has_table(conn):
        conn.execute(_DDL)
        schema.write_meta(conn, {schema.META_SCHEMA: str(schema.stored_schema_sum(conn))})
    conn.executemany(f"INSERT OR REPLACE INTO {TABLE}(step, seq, sum, fingerprint, at, events, check_sum) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?)", rows)


def believed(conn: sqlite3.Connection, since: int, fingerprint: str) -> list[Summary]:
    """The rows of steps after `since` made by the code of `fingerprint` and matching their own
    sum, rising. Their events are not read: the caller, which knows where each step's events are
    (`Engine`), checks the seq; the full check (`damaged`) compares each with its event."""
    if not has_table(conn):
        return []
    out = []
    for row in conn.execute(f"SELECT step, seq, sum, at, events, check_sum FROM {TABLE} "
                            "WHERE step > ? AND fingerprint = ? ORDER BY step", (since, fingerprint)):
        step, seq, chained, at, events, check_sum = row
        if type(step) is int and type(seq) is int and type(at) is str and type(events) is str \
                and summary_sum(step, seq, chained, fingerprint, at, events) == check_sum:
            out.append(Summary(step, seq, at, events))
    return out


def mismatched(conn: sqlite3.Connection) -> list[int]:
    """The steps whose row does not match its own sum, or the event it names (a flipped byte, a
    journal's events rewritten by hand), rising: what the full check reports. A row of other code
    (its fingerprint) is not counted: it is only made again for this code."""
    if not has_table(conn):
        return []
    return [row[0] if type(row[0]) is int else 0 for row in conn.execute(
            f"SELECT s.step, s.seq, s.sum, s.fingerprint, s.at, s.events, s.check_sum, e.step, e.sum "
            f"FROM {TABLE} AS s LEFT JOIN events AS e ON e.seq = s.seq ORDER BY s.step") if not _intact(row)]


def _intact(row: tuple) -> bool:
    step, seq, chained, fingerprint, at, events, check_sum, event_step, event_sum = row
    if not (type(step) is int and type(seq) is int and type(chained) is int and type(check_sum) is int
            and type(fingerprint) is str and type(at) is str and type(events) is str):
        return False
    return (event_step == step and event_sum == chained
            and summary_sum(step, seq, chained, fingerprint, at, events) == check_sum)
