"""The journal: one SQLite file per game, one row per event, durable before anything is shown.

WAL with synchronous=FULL means a committed append survives a power cut, not just a crashed process.
A step (all events one command caused) is appended in one transaction, so a cut never leaves half a
step. The file carries its own identity (format, version, game) in a `meta` table: a corrupt, foreign
or newer file is refused with a reason, and a damaged one is set aside under a new name, never
overwritten, so nothing a table played is ever destroyed by the app.
"""

from __future__ import annotations

import datetime as _dt
import os
import sqlite3
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, Sequence

from companion.core.errors import CorruptJournal, ForeignJournal, JournalError, NewerJournal

FORMAT = "companion-journal"
VERSION = 1
_SQLITE_MAGIC = b"SQLite format 3\x00"

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE events (
    seq INTEGER PRIMARY KEY,
    step INTEGER NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    at TEXT NOT NULL
);
CREATE INDEX events_step ON events(step);
"""


class JournalRecord(NamedTuple):
    """One stored event: its sequence number, the step it belongs to, kind, JSON payload, UTC time.

    A NamedTuple rather than a frozen dataclass: start-up builds one per event, and this is ~4× cheaper.
    """

    seq: int
    step: int
    kind: str
    payload: str
    at: str


def _fsync_dir(directory: Path) -> None:
    """A new file's name is durable only once its directory is synced (a power cut could lose it)."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


Clock = Callable[[], _dt.datetime]
"""What a journal reads the time from: an aware datetime. The wall clock at the table; a fixed one
where the same steps must give the same file (the documentation's pictures show the history's times)."""


def utc_now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc)


def _stamp(clock: Clock) -> str:
    return clock().astimezone(_dt.timezone.utc).isoformat(timespec="milliseconds")


class Journal:
    """An open journal file. Use `create` for a new game and `open` for an existing one."""

    def __init__(self, path: Path, conn: sqlite3.Connection, meta: dict[str, str], clock: Clock = utc_now) -> None:
        self.path = path
        self.clock = clock
        self._conn = conn
        self.meta = meta
        row = conn.execute("SELECT COALESCE(MAX(seq), 0), COALESCE(MAX(step), 0) FROM events").fetchone()
        self.last_seq, self.last_step = int(row[0]), int(row[1])

    # -- opening -----------------------------------------------------------------------------

    @staticmethod
    def _connect(path: Path) -> sqlite3.Connection:
        return sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)

    @staticmethod
    def _make_durable(conn: sqlite3.Connection) -> None:
        """WAL + FULL: a commit returns only after the WAL is fsynced. Set only on files known to be
        ours, since switching to WAL writes to the file."""
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")

    @classmethod
    def create(cls, path: str | os.PathLike[str], game: str, clock: Clock = utc_now, **meta: str) -> "Journal":
        """A new, empty journal for `game`, its times read from `clock`. Refuses to touch an existing file."""
        path = Path(path)
        if path.exists():
            raise JournalError(str(path), "a journal already exists here; refusing to overwrite it")
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = cls._connect(path)
        cls._make_durable(conn)
        values = {"format": FORMAT, "version": str(VERSION), "game": game, "created": _stamp(clock),
                  "finished": "0", **meta}
        with conn:
            conn.execute("BEGIN")
            for statement in filter(None, (s.strip() for s in _SCHEMA.split(";"))):
                conn.execute(statement)
            conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", sorted(values.items()))
        _fsync_dir(path.parent)
        return cls(path, conn, values, clock)

    @classmethod
    def open(cls, path: str | os.PathLike[str], clock: Clock = utc_now) -> "Journal":
        """Opens and checks a journal (later steps timed by `clock`); raises a `JournalError`
        subclass saying what is wrong."""
        path = Path(path)
        if not path.is_file():
            raise JournalError(str(path), "no such journal file")
        with open(path, "rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
        if head != _SQLITE_MAGIC:
            if len(head) < len(_SQLITE_MAGIC) and head == _SQLITE_MAGIC[: len(head)]:
                raise CorruptJournal(str(path), "the file is truncated (shorter than a SQLite header)")
            raise ForeignJournal(str(path), "not a companion journal (not an SQLite file)")
        try:
            conn = cls._connect(path)
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                conn.close()
                raise CorruptJournal(str(path), f"the database is damaged ({check})")
            tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if not {"meta", "events"} <= tables:
                conn.close()
                raise ForeignJournal(str(path), "an SQLite file, but not a companion journal (no meta/events tables)")
            meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.DatabaseError as exc:
            raise CorruptJournal(str(path), f"the database is damaged ({exc})") from exc
        if meta.get("format") != FORMAT:
            conn.close()
            raise ForeignJournal(str(path), f"format is {meta.get('format')!r}, not {FORMAT!r}")
        try:
            version = int(meta.get("version", ""))
        except ValueError:
            conn.close()
            raise CorruptJournal(str(path), f"version {meta.get('version')!r} is not a number") from None
        if version > VERSION:
            conn.close()
            raise NewerJournal(
                str(path),
                f"written by a newer companion (journal version {version}, this one reads up to {VERSION}); "
                "update companion to open it",
            )
        try:
            cls._make_durable(conn)
            return cls(path, conn, meta, clock)
        except sqlite3.DatabaseError as exc:
            conn.close()
            raise CorruptJournal(str(path), f"the database is damaged ({exc})") from exc

    # -- reading and writing -------------------------------------------------------------------

    @property
    def game(self) -> str:
        return self.meta["game"]

    @property
    def is_finished(self) -> bool:
        return self.meta.get("finished") == "1"

    def append(self, step_events: Sequence[tuple[str, str]]) -> tuple[int, list[JournalRecord]]:
        """Appends one step's events in one durable transaction and returns (step, records).

        When this returns, the events are on disk (WAL fsynced). Only then may anyone show them.
        """
        return self.append_steps([step_events])[0]

    def append_steps(self, steps: Sequence[Sequence[tuple[str, str]]]) -> list[tuple[int, list[JournalRecord]]]:
        """Appends several steps in ONE durable transaction (a correction: undos, the fix and the
        re-entered steps land together or not at all). Returns (step, records) per step."""
        if not steps or any(not events for events in steps):
            raise ValueError("a step has at least one event")
        at = _stamp(self.clock)
        seq, number = self.last_seq, self.last_step
        out: list[tuple[int, list[JournalRecord]]] = []
        for events in steps:
            number += 1
            records = []
            for kind, payload in events:
                seq += 1
                records.append(JournalRecord(seq, number, kind, payload, at))
            out.append((number, records))
        try:
            with self._conn:
                self._conn.execute("BEGIN IMMEDIATE")
                self._conn.executemany(
                    "INSERT INTO events(seq, step, kind, payload, at) VALUES (?, ?, ?, ?, ?)",
                    [tuple(r) for _, records in out for r in records],
                )
        except sqlite3.DatabaseError as exc:
            raise JournalError(str(self.path), f"could not write the event to disk ({exc})") from exc
        self.last_seq, self.last_step = seq, number
        return out

    def records(self) -> Iterator[JournalRecord]:
        try:
            cursor = self._conn.execute("SELECT seq, step, kind, payload, at FROM events ORDER BY seq")
            for row in cursor:
                yield JournalRecord._make(row)
        except sqlite3.DatabaseError as exc:
            raise CorruptJournal(str(self.path), f"the events cannot be read ({exc})") from exc

    def set_meta(self, key: str, value: str) -> None:
        with self._conn:
            self._conn.execute("BEGIN IMMEDIATE")
            self._conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))
        self.meta[key] = value

    def mark_finished(self) -> None:
        self.set_meta("finished", "1")

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> "Journal":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def set_aside(path: str | os.PathLike[str]) -> Path:
    """Renames a journal that cannot be used (and its WAL/SHM files) out of the way; returns the new path.

    The bytes are kept so a damaged game can still be rescued by hand; the app never writes there again.
    """
    path = Path(path)
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.set-aside-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.set-aside-{stamp}-{n}")
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    path.rename(target)
    return target
