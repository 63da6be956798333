"""The journal's checkpoints table: snapshots of the folded state, a cache inside the file.

A checkpoint is "the state once step `step` is in effect" (DESIGN.md: checkpoints are only caches,
rebuilt from the journal). It is believed only while the journal still holds the very events it
was folded from, and the same code folds them: each row carries the chained sum of its step's last
event (`core.journal_sums`: that sum covers every event before it, so an event edited, lost or
moved anywhere up to the step changes it), that event's seq, the fingerprint of the code
(`core.snapshots.fingerprint`) and a sum of the row itself (a byte flipped in a state could still
decode, into another game). Anything else is stale and ignored.

The table is made when the first checkpoint is written, inside that write's transaction, with the
file's schema sum updated beside it (`core.journal_check` checks the schema). Rows are written in
a transaction of their own when the table is idle or the game is put away (`Engine.write_checkpoint`),
never within a step: a step's write and sync never wait for a checkpoint. Nothing exported
reads this table: `companion replay`, exports and play records read events and views only, and a
journal recovered or rewritten (`Journal.create_from`) starts without checkpoints.
"""

from __future__ import annotations

import sqlite3
from typing import NamedTuple, Sequence

from companion.core import journal_schema as schema
from companion.core.journal_sums import checkpoint_sum

TABLE = "checkpoints"
_DDL = (f"CREATE TABLE {TABLE} (step INTEGER PRIMARY KEY, seq INTEGER NOT NULL, sum INTEGER NOT NULL, "
        "fingerprint TEXT NOT NULL, state TEXT NOT NULL, check_sum INTEGER NOT NULL)")

#: How many checkpoints a journal keeps (the newest): resume needs the newest still in effect;
#: older ones serve an undo past it. A few, so the file does not grow with the game.
KEEP = 4


class CheckpointRow(NamedTuple):
    """A checkpoint as listed, without its state: the step, its last event's seq and chained sum,
    and the fingerprint of the code that folded it."""

    step: int
    seq: int
    sum: int
    fingerprint: str


class NewCheckpoint(NamedTuple):
    """A checkpoint to write: the state (as `core.snapshots.dumps` text) once `step` is in effect,
    `seq` the step's last event, `fingerprint` the code's."""

    step: int
    seq: int
    fingerprint: str
    state: str


def has_table(conn: sqlite3.Connection) -> bool:
    return schema.has_table(conn, TABLE)


def listed(conn: sqlite3.Connection) -> list[CheckpointRow]:
    """Every checkpoint, newest first ([] when the file has none); a row whose columns are not what
    this module writes is left out (it is stale)."""
    if not has_table(conn):
        return []
    rows = conn.execute(f"SELECT step, seq, sum, fingerprint FROM {TABLE} ORDER BY step DESC").fetchall()
    return [CheckpointRow(*row) for row in rows
            if all(type(v) is int for v in row[:3]) and isinstance(row[3], str)]


def state_text(conn: sqlite3.Connection, step: int) -> str | None:
    """The state text of the checkpoint of `step`, when its row matches its own sum (None else)."""
    if not has_table(conn):
        return None
    row = conn.execute(f"SELECT step, seq, sum, fingerprint, state, check_sum FROM {TABLE} WHERE step = ?",
                       (step,)).fetchone()
    if row is None or not all(type(v) is int for v in (row[0], row[1], row[2], row[5])) \
            or not isinstance(row[3], str) or not isinstance(row[4], str):
        return None
    return row[4] if checkpoint_sum(*row[:5]) == row[5] else None


def write(conn: sqlite3.Connection, new: Sequence[NewCheckpoint], drop: Sequence[int]) -> None:
    """Writes `new` and removes the checkpoints of steps `drop` (stale), keeping the newest KEEP,
    inside the caller's transaction. A checkpoint whose event is not (or no longer) on file is not
    written."""
    if not new and not drop:
        return
    if not has_table(conn):
        if not new:
            return
        conn.execute(_DDL)
        schema.write_meta(conn, {schema.META_SCHEMA: str(schema.stored_schema_sum(conn))})
    conn.executemany(f"DELETE FROM {TABLE} WHERE step = ?", [(step,) for step in drop])  # first: a new one may replace it
    for checkpoint in new:
        row = conn.execute("SELECT step, sum FROM events WHERE seq = ?", (checkpoint.seq,)).fetchone()
        if row is None or row[0] != checkpoint.step:
            continue
        values = (checkpoint.step, checkpoint.seq, row[1], checkpoint.fingerprint, checkpoint.state)
        conn.execute(f"INSERT OR REPLACE INTO {TABLE}(step, seq, sum, fingerprint, state, check_sum) "
                     "VALUES (?, ?, ?, ?, ?, ?)", (*values, checkpoint_sum(*values)))
    conn.execute(f"DELETE FROM {TABLE} WHERE step NOT IN (SELECT step FROM {TABLE} ORDER BY step DESC LIMIT ?)",
                 (KEEP,))
