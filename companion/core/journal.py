"""The journal: one SQLite file per game, one row per event, durable before anything is shown.

WAL with synchronous=FULL means a committed append survives a power cut, not just a crashed process.
A step (all events one command caused) is appended in one transaction, so a cut never leaves half a
step. Every row carries a checksum of its content, chained from the first event, and the file its
schema's sum and its head (the last event), so a flipped byte is found before it can change a game
(`core.journal_sums`, `core.journal_check`). The file carries its own identity (format, version,
game) in a `meta` table: a corrupt, foreign or newer file is refused with a reason, and a damaged one
is set aside under a new name, never overwritten, so nothing a table played is ever destroyed by the
app. A journal appears on disk whole (`core.journal_files`): built under a temporary name, with its
first step when it is given one, synced, renamed, and its folder synced.

Three ways in: `create` (a new game), `open` (to play on: the owner of the data directory) and
`read` (to look: `companion replay`, the doctor, listings), which never writes a byte, never waits
for the app and never makes the app wait.
"""

from __future__ import annotations

import datetime as _dt
import os
import sqlite3
from pathlib import Path
from typing import Callable, Iterator, Mapping, NamedTuple, Sequence

from companion.core import journal_checkpoints as checkpoint_table
from companion.core import journal_schema as schema
from companion.core import journal_summaries as summary_table
from companion.core.errors import CorruptJournal, JournalError, UnreadableJournal
from companion.core.journal_check import READ_ERRORS, Checked, check, check_header, database_error, verify_rows
from companion.core.journal_files import ReadOnly, creating_path, fsync_dir, fsync_file, is_file, remove_with_sides, set_aside
from companion.core.journal_schema import FORMAT, VERSION
from companion.core.journal_checkpoints import CheckpointRow, NewCheckpoint
from companion.core.journal_summaries import NewSummary, Summary
from companion.core.journal_sums import CHAIN_START, Head, event_sum

__all__ = ["Clock", "FORMAT", "Journal", "JournalRecord", "VERSION", "set_aside", "utc_now"]

#: How long opening a journal waits for another process's lock before calling it busy. Short: a
#: healthy journal held elsewhere is reported busy at once, not waited on at every start.
OPEN_WAIT_S = 1.0
#: How long an append waits for a lock (only a program other than companion could hold one).
WRITE_WAIT_MS = 5000


class JournalRecord(NamedTuple):
    """One stored event: its sequence number, the step it belongs to, kind, JSON payload, UTC time.

    A NamedTuple rather than a frozen dataclass: start-up builds one per event, and this is ~4× cheaper.
    """

    seq: int
    step: int
    kind: str
    payload: str
    at: str


Clock = Callable[[], _dt.datetime]
"""What a journal reads the time from: an aware datetime. The wall clock at the table; a fixed one
where the same steps must give the same file (the documentation's pictures show the history's times)."""


def utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


def stamp(clock: Clock) -> str:
    """The time `clock` says, as a journal writes it (UTC ISO, milliseconds)."""
    return clock().astimezone(_dt.timezone.utc).isoformat(timespec="milliseconds")


class Journal:
    """An open journal file. Use `create` for a new game, `open` to play on one, `read` to look."""

    def __init__(self, path: Path, conn: sqlite3.Connection, checked: Checked, clock: Clock = utc_now,
                 *, reader: ReadOnly | None = None) -> None:
        self.path = path
        self.clock = clock
        self._conn = conn
        self._reader = reader
        self.meta = checked.meta
        self.version = checked.version
        self._summed = checked.summed
        self.last_seq, self.last_step, self._last_sum = checked.last

    @property
    def is_read_only(self) -> bool:
        return self._reader is not None

    # -- creating ------------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | os.PathLike[str], game: str, clock: Clock = utc_now, *,
               steps: Sequence[Sequence[tuple[str, str]]] = (), **meta: str) -> "Journal":
        """A new journal for `game`, its times read from `clock`, holding `steps` (each a list of
        (kind, payload) events) from the moment it exists: a game's journal is created with its
        set-up step, so there is never a journal without one. Refuses to touch an existing file."""
        created = stamp(clock)
        at = stamp(clock) if steps else created  # read as if the steps were appended after: one tick later
        rows: list[schema.Row] = []
        for number, events in enumerate(steps, start=1):
            if not events:
                raise ValueError("a step has at least one event")
            rows.extend((len(rows) + 1, number, kind, payload, at) for kind, payload in events)
        values = {"format": FORMAT, "version": str(VERSION), "game": game, "created": created, "finished": "0", **meta}
        return cls.create_from(path, values, rows, clock)

    @classmethod
    def create_from(cls, path: str | os.PathLike[str], meta: Mapping[str, str], rows: Sequence[schema.Row],
                    clock: Clock = utc_now) -> "Journal":
        """A new journal with exactly this meta and these rows (seq, step, kind, payload, at), their
        numbers and times kept: what recovering a damaged game writes. Atomic like `create`."""
        path = Path(path)
        if path.exists() or path.is_symlink():
            raise JournalError(str(path), "a journal already exists here; refusing to overwrite it")
        temp = creating_path(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            remove_with_sides(temp)  # an earlier attempt's, killed before it could appear
            head = cls._build(temp, meta, rows)
            fsync_file(temp)
            if path.exists():
                raise JournalError(str(path), "a journal already exists here; refusing to overwrite it")
            os.rename(temp, path)
            fsync_dir(path.parent)
        except sqlite3.Error as exc:
            remove_with_sides(temp)
            raise UnreadableJournal(str(path), f"the new journal could not be written ({exc})") from exc
        except OSError as exc:
            remove_with_sides(temp)
            raise UnreadableJournal(str(path), f"the new journal could not be written ({exc.strerror or exc})") from exc
        except BaseException:
            remove_with_sides(temp)
            raise
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=OPEN_WAIT_S)
            cls._make_durable(conn)
        except sqlite3.Error as exc:
            raise database_error(path, exc, "the new journal cannot be opened") from exc
        version = int(meta["version"]) if str(meta.get("version", "")).isdigit() else VERSION
        return cls(path, conn, Checked(dict(meta), version, head, True), clock)

    @staticmethod
    def _build(temp: Path, meta: Mapping[str, str], rows: Sequence[schema.Row]) -> Head:
        conn = sqlite3.connect(str(temp), isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=FULL")
            conn.execute("BEGIN")
            head = schema.create(conn, meta, rows)
            conn.execute("COMMIT")
        finally:
            conn.close()  # the last connection: SQLite checkpoints the WAL into the file and removes it
        if temp.with_name(temp.name + "-wal").exists():
            raise OSError(f"{temp.name}: SQLite could not fold its write-ahead log into the file")
        return head

    @staticmethod
    def _make_durable(conn: sqlite3.Connection) -> None:
        """WAL + FULL: a commit returns only after the WAL is fsynced. Set only on files known to be
        ours and checked, since switching to WAL writes to the file."""
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute(f"PRAGMA busy_timeout={WRITE_WAIT_MS}")

    # -- opening -------------------------------------------------------------------------------

    @classmethod
    def open(cls, path: str | os.PathLike[str], clock: Clock = utc_now) -> "Journal":
        """Opens and checks a journal to play on (later steps timed by `clock`); a version 1 journal
        is migrated to this version in one transaction. Raises a `JournalError` subclass saying what
        is wrong. Only the process that owns the data directory should call this."""
        path = Path(path)
        if not is_file(path):
            raise JournalError(str(path), "no such journal file")
        check_header(path)
        try:
            conn = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False, timeout=OPEN_WAIT_S)
        except sqlite3.Error as exc:
            raise database_error(path, exc, "the journal cannot be opened") from exc
        try:
            checked = check(conn, path)
            journal = cls(path, conn, checked, clock)
            if not checked.summed:
                journal._migrate()
            cls._make_durable(conn)
            return journal
        except JournalError:
            conn.close()
            raise
        except sqlite3.Error as exc:
            conn.close()
            raise database_error(path, exc, "the journal cannot be opened") from exc

    @classmethod
    def read(cls, path: str | os.PathLike[str]) -> "Journal":
        """Opens a journal to look at only: checked like `open`, never migrated, nothing written
        beside it, no lock that makes the app wait (see `journal_files.ReadOnly`)."""
        path = Path(path)
        if not is_file(path):
            raise JournalError(str(path), "no such journal file")
        check_header(path)
        try:
            reader = ReadOnly(path, OPEN_WAIT_S)
        except sqlite3.Error as exc:
            raise database_error(path, exc, "the journal cannot be opened") from exc
        except OSError as exc:
            raise UnreadableJournal(str(path), f"cannot be read: {exc.strerror or exc}") from exc
        try:
            return cls(path, reader.conn, check(reader.conn, path), reader=reader)
        except BaseException:
            reader.close()
            raise

    def _migrate(self) -> None:
        """Version 1 → this version: the rows checked for order and gaps, then summed as they are."""
        rows = [tuple(r) for r in self.records()]
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                meta = schema.migrate_v1(self._conn, self.meta, rows)
                self._conn.execute("COMMIT")
            except BaseException:
                self._conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise database_error(self.path, exc, "the journal could not be brought to this version") from exc
        self.meta = {k: v for k, v in meta.items() if k not in (schema.META_HEAD, schema.META_SCHEMA)}
        self.version, self._summed = VERSION, True
        self._last_sum = Head.parse(meta[schema.META_HEAD]).sum

    # -- reading and writing -------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def is_finished(self) -> bool:
        return self.meta.get("finished") == "1"

    def _writable(self) -> None:
        if self.is_read_only:
            raise JournalError(str(self.path), "opened to be read only")

    def append(self, step_events: Sequence[tuple[str, str]]) -> tuple[int, list[JournalRecord]]:
        """Appends one step's events in one durable transaction and returns (step, records).

        When this returns, the events are on disk (WAL fsynced). Only then may anyone show them.
        """
        return self.append_steps([step_events])[0]

    def append_steps(self, steps: Sequence[Sequence[tuple[str, str]]], *,
                     checkpoints: Sequence[NewCheckpoint] = (), drop: Sequence[int] = (),
                     summaries: Sequence[str] = (), fingerprint: str = ""
                     ) -> list[tuple[int, list[JournalRecord]]]:
        """Appends several steps in ONE durable transaction (a correction: undos, the fix and the
        re-entered steps land together or not at all). Returns (step, records) per step.
        `checkpoints` (of steps already on file) are written and those of steps `drop` removed in
        the same transaction: a cache that costs no disk sync of its own. So are `summaries`, one
        per step (its public events as JSON text, made by the code of `fingerprint`), when given:
        the history's rows (`core.journal_summaries`)."""
        if not steps or any(not events for events in steps):
            raise ValueError("a step has at least one event")
        if summaries and len(summaries) != len(steps):
            raise ValueError("one summary a step")
        self._writable()
        at = stamp(self.clock)
        seq, number = self.last_seq, self.last_step
        out: list[tuple[int, list[JournalRecord]]] = []
        for events in steps:
            number += 1
            records = []
            for kind, payload in events:
                seq += 1
                records.append(JournalRecord(seq, number, kind, payload, at))
            out.append((number, records))
        summed = schema.chain([tuple(r) for _, records in out for r in records], self._last_sum)
        head = Head(seq, number, summed[-1][5])
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                self._conn.executemany(
                    "INSERT INTO events(seq, step, kind, payload, at, sum) VALUES (?, ?, ?, ?, ?, ?)", summed)
                schema.write_meta(self._conn, {schema.META_HEAD: head.format()})
                if (checkpoints or drop) and self._summed:
                    self._write_checkpoints(checkpoints, drop)
                if summaries and self._summed:
                    self._write_cache("summaries", summary_table.write, [
                        NewSummary(number, records[-1].seq, fingerprint, at, text)
                        for (number, records), text in zip(out, summaries)])
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise JournalError(str(self.path), f"could not write the event to disk ({exc})") from exc
        self.last_seq, self.last_step, self._last_sum = head
        return out

    def write_checkpoints(self, new: Sequence[NewCheckpoint], drop: Sequence[int] = (), *,
                          synced: bool = False) -> None:
        """Writes checkpoints (and removes those of steps `drop`) in a transaction of their own:
        when the table is idle, or a game is put away, with one due. Not synced to disk unless
        `synced` (a cache: a cut loses at most this checkpoint, never a step; synced, the next
        step's own sync does not flush it too); a journal opened read only writes nothing."""
        if self.is_read_only or not self._summed or not (new or drop):
            return
        self._write_unsynced("checkpoints", checkpoint_table.write, new, drop, synced=synced)

    def write_summaries(self, new: Sequence[NewSummary]) -> None:
        """Writes summary rows of steps already on file (`core.journal_summaries`: those an older
        journal lacks, made again from its events) in a transaction of their own, not synced: a
        cache. A journal opened read only writes nothing."""
        if self.is_read_only or not self._summed or not new:
            return
        self._write_unsynced("summaries", summary_table.write, new)

    def _write_unsynced(self, name: str, write: Callable[..., None], *args: object, synced: bool = False) -> None:
        """A cache's own transaction, not synced unless `synced` (a cut loses at most this write,
        never a step; synced at the table's idle moment, the next step's sync flushes only that step)."""
        try:
            if not synced:
                self._conn.execute("PRAGMA synchronous=NORMAL")
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    self._write_cache(name, write, *args)
                    self._conn.execute("COMMIT")
                except BaseException:
                    if self._conn.in_transaction:
                        self._conn.execute("ROLLBACK")
                    raise
            finally:
                if not synced:
                    self._conn.execute("PRAGMA synchronous=FULL")
        except sqlite3.Error as exc:
            raise JournalError(str(self.path), f"could not write to disk ({exc})") from exc

    def _write_cache(self, name: str, write: Callable[..., None], *args: object) -> None:
        """`write(conn, *args)` inside a transaction, under a savepoint: a cache that cannot be
        written is left unwritten, never a step lost."""
        self._conn.execute(f"SAVEPOINT {name}")
        try:
            write(self._conn, *args)
        except sqlite3.Error:
            self._conn.execute(f"ROLLBACK TO {name}")
        self._conn.execute(f"RELEASE {name}")

    def _write_checkpoints(self, new: Sequence[NewCheckpoint], drop: Sequence[int]) -> None:
        """Inside an append's transaction, under a savepoint: a checkpoint that cannot be written
        is a cache left unwritten, never a step lost."""
        self._write_cache("checkpoints", checkpoint_table.write, new, drop)

    def records(self) -> Iterator[JournalRecord]:
        """Every event, oldest first, each checked as it is read (`journal_check.verify_rows`): in
        order, without gaps and (from version 2 on) matching its chained checksum, ending at the
        head the file recorded. Raises `CorruptJournal` naming the first step that is not intact;
        every record yielded before that is intact."""
        return map(JournalRecord._make, self.scan())

    def scan(self) -> Iterator[tuple[int, int, str, str, str]]:
        """`records` as plain (seq, step, kind, payload, at) tuples: what a resume reads every
        row as, without a record built for each."""
        columns = "seq, step, kind, payload, at, sum" if self._summed else "seq, step, kind, payload, at"
        last = Head(self.last_seq, self.last_step, self._last_sum)
        step = 0
        try:
            cursor = self._conn.execute(f"SELECT {columns} FROM events ORDER BY seq")
            for row in verify_rows(self.path, cursor, self._summed, last):
                step = row[1]
                yield row
        except READ_ERRORS as exc:
            raise database_error(self.path, exc, "the events cannot be read", max(step, 1)) from exc

    def rows(self, first: int, last: int) -> list[JournalRecord]:
        """Events `first` to `last` (seqs), each checked against its chained sum from the row
        before's (the chain itself was checked whole when the journal was replayed): what the
        engine reads again on demand instead of keeping every event decoded. Raises
        `CorruptJournal` for a row missing or not matching its sum."""
        if last < first:
            return []
        try:
            if not self._summed:
                found = self._conn.execute("SELECT seq, step, kind, payload, at FROM events WHERE seq BETWEEN ? AND ? "
                                           "ORDER BY seq", (first, last)).fetchall()
                out = [JournalRecord._make(row) for row in found]
            else:
                found = self._conn.execute("SELECT seq, step, kind, payload, at, sum FROM events WHERE seq BETWEEN ? AND ? "
                                           "ORDER BY seq", (first - 1, last)).fetchall()
                running = CHAIN_START if first == 1 else (found[0][5] if found and found[0][0] == first - 1 else None)
                rows = found if first == 1 else found[1:]
                out = []
                for row in rows:
                    if running is None or event_sum(running, *row[:5]) != row[5]:
                        break
                    running = row[5]
                    out.append(JournalRecord._make(row[:5]))
        except READ_ERRORS as exc:
            raise database_error(self.path, exc, "the events cannot be read") from exc
        if len(out) != last - first + 1 or any(record.seq != first + i for i, record in enumerate(out)):
            step = out[-1].step if out else 1
            raise CorruptJournal(str(self.path), "event {seq} does not match its checksum", step,
                                 {"seq": first + len(out)})
        return out

    def core_steps(self, kinds: Sequence[str]) -> list[tuple[int, str]]:
        """(step, kind) of every event of these kinds, oldest first (the core's undo and redo
        steps: which steps are in effect, known without reading every event)."""
        marks = ", ".join("?" for _ in kinds)
        try:
            return [(row[0], row[1]) for row in self._conn.execute(
                f"SELECT step, kind FROM events WHERE kind IN ({marks}) ORDER BY seq", tuple(kinds))]
        except READ_ERRORS as exc:
            raise database_error(self.path, exc, "the events cannot be read") from exc

    def checkpoints(self) -> list[CheckpointRow]:
        """The checkpoints the file holds, newest first (`core.journal_checkpoints`); none for a
        file whose table cannot be read: a cache that cannot be read is not believed."""
        if not self._summed:
            return []
        try:
            return checkpoint_table.listed(self._conn)
        except READ_ERRORS:
            return []

    def summaries(self, since: int, fingerprint: str) -> list[Summary]:
        """The summary rows of steps after `since` believed for code of `fingerprint`, rising
        (`core.journal_summaries`); none when the table cannot be read: a cache not believed."""
        if not self._summed:
            return []
        try:
            return summary_table.believed(self._conn, since, fingerprint)
        except READ_ERRORS:
            return []

    def checkpoint_state(self, step: int) -> str | None:
        """The state text of the checkpoint of `step`, None when there is none (or it cannot be read)."""
        try:
            return checkpoint_table.state_text(self._conn, step)
        except READ_ERRORS:
            return None

    def sum_at(self, seq: int) -> tuple[int, int] | None:
        """(step, chained sum) of event `seq`, None when there is none."""
        try:
            row = self._conn.execute("SELECT step, sum FROM events WHERE seq = ?", (seq,)).fetchone()
        except READ_ERRORS as exc:
            raise database_error(self.path, exc, "the events cannot be read") from exc
        return (row[0], row[1]) if row is not None and self._summed else None

    def verify(self) -> None:
        """Reads every event, checking each (`records`); raises `CorruptJournal` at the first damage."""
        for _ in self.records():
            pass

    def mismatched_summaries(self) -> list[int]:
        """The steps whose summary row does not match its own sum or its step's events
        (`core.journal_summaries.mismatched`): no damage to a game (a cache, made again from the
        events when the history is next read), but what the full check reports beside it; [0]
        when the table cannot be read at all."""
        if not self._summed:
            return []
        try:
            return summary_table.mismatched(self._conn)
        except READ_ERRORS:
            return [0]  # the table itself cannot be read: every row is made again, as the history reads it

    def last_played(self) -> str:
        """The time of the last event ("" for a journal without one), from its last row alone."""
        try:
            row = self._conn.execute("SELECT at FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        except READ_ERRORS as exc:
            raise database_error(self.path, exc, "the events cannot be read") from exc
        return row[0] if row is not None and isinstance(row[0], str) else ""

    def set_meta(self, key: str, value: str) -> None:
        self.update_meta({key: value})

    def update_meta(self, values: Mapping[str, str]) -> None:
        """Writes these meta rows (each with its sum) in one durable transaction."""
        self._writable()
        try:
            self._conn.execute("BEGIN IMMEDIATE")
            try:
                schema.write_meta(self._conn, values)
                self._conn.execute("COMMIT")
            except BaseException:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise
        except sqlite3.Error as exc:
            raise JournalError(str(self.path), f"could not write to disk ({exc})") from exc
        self.meta.update(values)

    def mark_finished(self, **meta: str) -> None:
        """`finished` and, in the same transaction, `meta` (a finished game's `result`)."""
        self.update_meta({"finished": "1", **meta})

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        else:
            self._conn.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
