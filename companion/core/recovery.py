"""Recovering a damaged journal's game up to its last intact step, into a new journal.

Why this is safe: every event row carries a checksum chained from the first event
(`core.journal_sums`), so the rows read before the first one that fails are exactly the rows the
table played, in order. The step in progress at the damage may have lost its end, so it is left
out unless the events end cleanly at the head the file recorded; what is kept is a prefix of the
game made of whole steps, which replays like any journal (undo and redo name steps by number, and
the numbers are kept). The damaged file is only read (`journal_files.ReadOnly`), never changed.
Journals of version 1 carry no checksums: their rows are kept up to the first that SQLite cannot
read or that is out of order.
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from pathlib import Path

from companion.core.errors import CorruptJournal, JournalError
from companion.core.journal_check import READ_ERRORS, verify_rows
from companion.core.journal_files import SET_ASIDE_MARK, ReadOnly
from companion.core.journal_schema import FORMAT, META_HEAD, META_SCHEMA, Row
from companion.core.journal_sums import Head, event_sum, meta_sum

_GAME_IN_NAME = re.compile(r"^\d{8}-\d{6}-\d{6}-(?P<game>[a-z0-9_]+)\.journal")


class NothingToRecover(JournalError):
    """Not one whole step of the game could be read back."""


@dataclasses.dataclass(frozen=True)
class Salvage:
    """What a damaged journal still holds: its meta rows that are intact, the game, the rows of its
    whole intact steps, and why reading stopped ("" when every event was intact)."""

    meta: dict[str, str]
    game: str
    rows: tuple[Row, ...]
    stopped: str

    @property
    def steps(self) -> int:
        return self.rows[-1][1] if self.rows else 0


def _meta(conn: sqlite3.Connection) -> tuple[dict[str, str], bool]:
    """The meta rows that can be trusted, and whether the file carries sums at all."""
    try:
        rows = conn.execute("SELECT key, value, sum FROM meta").fetchall()
    except READ_ERRORS:
        try:
            return {k: v for k, v in conn.execute("SELECT key, value FROM meta") if isinstance(k, str)
                    and isinstance(v, str)}, False
        except READ_ERRORS:
            return {}, True
    return {k: v for k, v, s in rows if isinstance(k, str) and isinstance(v, str) and meta_sum(k, v) == s}, True


def salvage(path: Path) -> Salvage:
    """Reads what can be trusted out of the damaged journal at `path`. Raises NothingToRecover."""
    try:
        reader = ReadOnly(path, 1.0)
    except (*READ_ERRORS, OSError) as exc:
        raise NothingToRecover(str(path), f"the file cannot be opened ({exc})") from exc
    try:
        meta, summed = _meta(reader.conn)
        game = meta.get("game") or _game_from_name(path)
        if not game or meta.get("format", FORMAT) != FORMAT:
            raise NothingToRecover(str(path), "the file does not say which game it holds")
        try:
            head = Head.parse(meta.get(META_HEAD, ""))
        except ValueError:
            head = None
        kept: list[Row] = []
        stopped = ""
        columns = "seq, step, kind, payload, at, sum" if summed else "seq, step, kind, payload, at"
        try:
            cursor = reader.conn.execute(f"SELECT {columns} FROM events ORDER BY seq")
            for row in verify_rows(path, cursor, summed, head if summed else None):
                kept.append(row)
        except CorruptJournal as exc:
            stopped = exc.message
        except READ_ERRORS as exc:
            stopped = f"the events cannot be read further ({exc})"
        # The step in progress where reading stopped may have lost its end, unless something
        # trusted says it ended right there (`_ends_whole`).
        if kept and (stopped or (summed and head is None)) and not _ends_whole(reader.conn, kept, summed, head):
            last = kept[-1][1]
            kept = [row for row in kept if row[1] != last]
        if not kept:
            raise NothingToRecover(str(path), f"not one whole step can be read back ({stopped or 'no events'})")
    finally:
        reader.close()
    own = {META_HEAD, META_SCHEMA, "version", "format"}
    return Salvage({k: v for k, v in meta.items() if k not in own}, game, tuple(kept), stopped)


def _ends_whole(conn: sqlite3.Connection, kept: list[Row], summed: bool, head: Head | None) -> bool:
    """Whether the last kept row ends its step, though reading stopped right after it.

    Said only by what can be trusted: the head (its own sum checked) when it names the last kept
    row, or the step after it. When the first bad row's stored sum is intact (the damage is in its
    content), the row after it proves itself against that sum; if that row's step is two past the
    last kept one, the bad row was a step of its own, and the kept rows end whole. Otherwise (the
    bad row could end the last kept step as well as start the next) the step is in doubt."""
    last_seq, last_step = kept[-1][0], kept[-1][1]
    if head is not None and head.seq == last_seq:
        return True
    if not summed or head is None:
        return False
    try:
        rows = conn.execute("SELECT seq, step, kind, payload, at, sum FROM events WHERE seq IN (?, ?) ORDER BY seq",
                            (last_seq + 1, last_seq + 2)).fetchall()
    except READ_ERRORS:
        return False
    if len(rows) == 1 and rows[0][0] == last_seq + 1 == head.seq:
        return head.step == last_step + 1  # the bad row is the last event, and the head says it was a step alone
    if len(rows) != 2 or [r[0] for r in rows] != [last_seq + 1, last_seq + 2]:
        return False
    bad, after = rows
    if not isinstance(bad[5], int) or not all(isinstance(v, t) for v, t in zip(after, (int, int, str, str, str, int))):
        return False
    proven = event_sum(bad[5], *after[:5]) == after[5]
    return proven and after[1] == last_step + 2


def _game_from_name(path: Path) -> str:
    """A journal's name says its game (`<time>-<game>.journal`), also once it is set aside."""
    name = path.name.split(SET_ASIDE_MARK)[0]
    match = _GAME_IN_NAME.match(name)
    return match.group("game") if match else ""
