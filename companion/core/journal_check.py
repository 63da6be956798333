"""Checking a journal file before anything in it is believed, and naming what is wrong.

Every SQLite error is sorted into what it means for the table: damage (`CorruptJournal`: set aside,
recoverable up to the last intact step), another program holding the file (`BusyJournal`: busy,
never damaged), or a reason outside the file such as permissions or a full disk
(`UnreadableJournal`: left where it is). Nothing here writes.
"""

from __future__ import annotations

import dataclasses
import sqlite3
import zlib
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from companion.core.errors import (BusyJournal, CorruptJournal, ForeignJournal, JournalError, NewerJournal, Phrase,
                                   UnreadableJournal)
from companion.core.journal_schema import APPLICATION_ID, FORMAT, META_HEAD, META_SCHEMA, VERSION, stored_schema_sum
from companion.core.journal_sums import CHAIN_START, Head, meta_sum

SQLITE_MAGIC = b"SQLite format 3\x00"

# SQLite's primary result codes (the low byte of an extended code).
_BUSY = {5, 6}  # SQLITE_BUSY, SQLITE_LOCKED
_OUTSIDE = {3, 7, 8, 10, 13, 14, 23}  # PERM, NOMEM, READONLY, IOERR, FULL, CANTOPEN, AUTH


#: What reading a journal can raise from SQLite: its errors, and text in a damaged page that is not
#: UTF-8 where Python decodes it itself (a pragma's report).
READ_ERRORS = (sqlite3.Error, UnicodeDecodeError)


def database_error(path: Path, exc: sqlite3.Error | UnicodeDecodeError, doing: str,
                   step: int | None = None) -> JournalError:
    """What an SQLite error met while `doing` something with the journal at `path` means.

    Anything not busy and not from outside the file is damage: our queries are right for a good
    file, so an error in them ("no such column", "malformed") says the file is not what it was.
    `doing` is a msgid (`msgids` finds the callers' literals): it is translated inside the reason."""
    if isinstance(exc, UnicodeDecodeError):
        return CorruptJournal(str(path), "the database is damaged (text that is not UTF-8: {detail})", step,
                              {"detail": exc.reason})
    code = getattr(exc, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary in _BUSY:
        return BusyJournal(str(path), "in use by another program ({detail}); it is left as it is", {"detail": str(exc)})
    if primary in _OUTSIDE:
        return UnreadableJournal(str(path), "{doing}: {detail}", {"doing": Phrase(doing), "detail": str(exc)})
    return CorruptJournal(str(path), "the database is damaged ({detail})", step, {"detail": str(exc)})


def check_header(path: Path) -> None:
    """The first 16 bytes: an SQLite file at all? Raises ForeignJournal, CorruptJournal (truncated)
    or UnreadableJournal (cannot be read: permissions, I/O)."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError as exc:
        raise UnreadableJournal(str(path), "cannot be read: {detail}", {"detail": str(exc.strerror or exc)}) from None
    if head[: len(SQLITE_MAGIC)] != SQLITE_MAGIC:
        if len(head) < len(SQLITE_MAGIC) and head == SQLITE_MAGIC[: len(head)]:
            raise CorruptJournal(str(path), "the file is truncated (shorter than a SQLite header)")
        if _looks_like_sqlite(head):
            raise CorruptJournal(str(path), "the file's SQLite header is damaged")
        raise ForeignJournal(str(path), "not a companion journal (not an SQLite file)")


def _looks_like_sqlite(head: bytes) -> bool:
    """An SQLite header with its first 16 bytes damaged: a byte or two off the magic, and the
    fixed fields after it as SQLite writes them (page size a power of two, payload fractions
    64/32/32), so a flipped byte is damage, not a foreign file."""
    if len(head) < 100:
        return False
    near = sum(a != b for a, b in zip(head[:16], SQLITE_MAGIC)) <= 2
    page = int.from_bytes(head[16:18], "big")
    return near and (page == 1 or (512 <= page <= 32768 and page & (page - 1) == 0)) and head[21:24] == b"\x40\x20\x20"


@dataclasses.dataclass(frozen=True)
class Checked:
    """What a checked file says about itself: its meta (without the file's own bookkeeping rows),
    its version, and its last event (seq, step, sum; zeros when it has none). `summed`: its rows
    carry checksums (version 2 on), so reading them checks each."""

    meta: dict[str, str]
    version: int
    last: Head
    summed: bool


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]


def check(conn: sqlite3.Connection, path: Path) -> Checked:
    """Everything short of reading every event: SQLite's quick_check, the tables, every meta row's
    sum, format and version, the header marks, the schema's sum, and the last event against the
    head the file recorded. Raises a `JournalError` subclass naming what is wrong."""
    try:
        result = conn.execute("PRAGMA quick_check").fetchone()[0]
        if result != "ok":
            raise CorruptJournal(str(path), "the database is damaged ({detail})", params={"detail": str(result)})
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not {"meta", "events"} <= tables:
            raise ForeignJournal(str(path), "an SQLite file, but not a companion journal (no meta/events tables)")
        summed = "sum" in _columns(conn, "meta")
        rows = conn.execute("SELECT key, value, sum FROM meta" if summed else "SELECT key, value FROM meta").fetchall()
        if summed:
            for key, value, stored in rows:
                if not isinstance(key, str) or not isinstance(value, str) or meta_sum(key, value) != stored:
                    raise CorruptJournal(str(path), "the meta row {key!r} does not match its checksum", params={"key": key})
        meta = {row[0]: row[1] for row in rows}
        if meta.get("format") != FORMAT:
            raise ForeignJournal(str(path), "format is {found!r}, not {format!r}",
                                 {"found": meta.get("format"), "format": FORMAT})
        try:
            version = int(meta.get("version", ""))
        except ValueError:
            raise CorruptJournal(str(path), "version {version!r} is not a number",
                                 params={"version": meta.get("version")}) from None
        if version > VERSION:
            raise NewerJournal(
                str(path),
                "written by a newer companion (journal version {version}, this one reads up to {reads}); "
                "update companion to open it", {"version": version, "reads": VERSION},
            )
        if version < 1 or summed != (version >= 2):
            raise CorruptJournal(str(path), "version {version} does not match the file's tables",
                                 params={"version": version})
        last_row = conn.execute(
            f"SELECT seq, step{', sum' if summed else ''} FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        if summed:
            last = _check_v2(conn, path, meta, last_row)
        else:
            last = Head(*last_row, 0) if last_row else Head(0, 0, 0)
            if not all(isinstance(v, int) for v in last):
                raise CorruptJournal(str(path), "the last event's numbers are not numbers")
    except READ_ERRORS as exc:
        raise database_error(path, exc, "the journal cannot be checked") from exc
    own = {META_HEAD, META_SCHEMA}
    return Checked({k: v for k, v in meta.items() if k not in own}, version, last, summed)


def _check_v2(conn: sqlite3.Connection, path: Path, meta: dict[str, str], last_row: tuple | None) -> Head:
    application_id = conn.execute("PRAGMA application_id").fetchone()[0]
    user_version = conn.execute("PRAGMA user_version").fetchone()[0]
    if application_id != APPLICATION_ID or user_version != VERSION:
        raise CorruptJournal(str(path), "the file's header does not match its meta (application id "
                                        "{application_id}, user version {user_version})",
                             params={"application_id": f"{application_id:#x}", "user_version": user_version})
    if meta.get(META_SCHEMA) != str(stored_schema_sum(conn)):
        raise CorruptJournal(str(path), "the file's schema does not match its checksum")
    try:
        head = Head.parse(meta.get(META_HEAD, ""))
    except ValueError:
        raise CorruptJournal(str(path), "the journal's head (its last step) is missing") from None
    last = Head(*last_row) if last_row else Head(0, 0, 0)
    if last != head:
        step = min(last.step, head.step) or 1
        raise CorruptJournal(str(path), "the journal recorded step {step} (event {seq}) as its last, "
                                        "but its last event on file is event {last_seq} of step {last_step}", step,
                             {"step": head.step, "seq": head.seq, "last_seq": last.seq, "last_step": last.step})
    return head


def verify_rows(path: Path, rows: Iterable[Sequence[Any]], summed: bool,
                last: Head | None) -> Iterator[tuple[int, int, str, str, str]]:
    """Yields each event row (seq, step, kind, payload, at) once it is checked: in order from event
    1, without gaps, steps rising by at most one, and (`summed`) matching its chained checksum;
    at the end, the events must reach `last`, the head the file recorded (None: not checked). Raises `CorruptJournal`
    whose `step` is the first step not certainly whole (the step in progress at the damage: its
    end may be what was lost); every row yielded before that is intact."""
    expected, step, running = 1, 0, CHAIN_START
    crc32 = zlib.crc32  # `journal_sums.event_sum`, inlined: a resume checks every row, and the call was a third of it
    for row in rows:
        seq, number, kind, payload, at = row[:5]
        if not (type(seq) is int and type(number) is int and type(kind) is str
                and type(payload) is str and type(at) is str):
            if not (type(seq) is int and type(number) is int and isinstance(kind, str)
                    and isinstance(payload, str) and isinstance(at, str)):
                raise CorruptJournal(str(path), "event {seq} (after step {step}) is not readable", max(step, 1),
                                     {"seq": expected, "step": step})
        if seq != expected or (number != step and number != step + 1) or (seq == 1 and number != 1):
            raise CorruptJournal(str(path), "event {seq} (step {number}) is out of order after step {step}",
                                 max(step, 1), {"seq": seq, "number": number, "step": step})
        if summed:
            running = crc32(f"{seq}\x1f{number}\x1f{kind}\x1f{payload}\x1f{at}".encode("utf-8", "surrogatepass"), running)
            if running != row[5]:
                raise CorruptJournal(str(path), "step {number} does not match its checksum (event {seq})",
                                     max(step, 1), {"number": number, "seq": seq})
        yield seq, number, kind, payload, at
        expected, step = seq + 1, number
    if last is not None and ((expected - 1, step) != (last.seq, last.step) or (summed and running != last.sum)):
        raise CorruptJournal(str(path), "the journal recorded step {last} as its last, but its events "
                                        "end at step {step}", max(step, 1), {"last": last.step, "step": step})
