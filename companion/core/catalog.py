"""The shelf's index: what each journal says about itself, kept so that listing the games does not
open every journal.

Home, the history and the start list every game; before this index, each listing opened and
checked every journal on the shelf (SQLite's quick_check, the meta sums, the schema, the head), so
a start with 200 finished games cost a quarter of a second more than one with none, and so did
each visit to home or the history.

The index is only a cache of the journals, never trusted over them: one small SQLite file,
`<data dir>/catalog.sqlite`, one row per journal — its name, the *signature* of its file as the
index read it (inode, size and modification time of the journal and of its write-ahead log), and
its `JournalInfo` as JSON. A journal whose signature is what the row recorded has not been written
since, so its row says what reading it would say; any other journal (new, played on, closed,
damaged by a write, replaced) is read again, checked as before, and its row replaced. Rows of files
gone from the shelf are dropped. A catalog that cannot be read or written (damaged, a read-only
folder, a full disk) is set aside or skipped: the games are listed by reading every journal, as
before, and nothing is lost.

A listing does not even look at each file while the games folder is as it was when the rows were
last checked against it (its `folder_signature`: inode, time and size of the folder, kept in the
`folder` table): no file was added, removed or renamed since, and SQLite cannot write a journal
without its write-ahead log appearing beside it, which changes the folder. A file that has a
write-ahead log now (the open game's) is looked at all the same. So a start, home and the history
cost one directory read, not one stat a game.

What the signatures cannot see — a byte that rots on the card without the file being written, or
one changed in place by a program other than SQLite in a folder left as it was — is what the full
check finds: resuming a game replays and checks every event, and `companion doctor`
(`JournalStore.verify_all`) checks every journal on the shelf in full.

What each journal records itself, in its own transactions: its head (last event, written with every
step), `finished`, `closed`, its players and, once finished, its `result` (the public scores and
winners, written with `finished`): the index holds nothing a journal does not.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from pathlib import Path
from typing import Any, Iterable, Mapping

log = logging.getLogger("companion.catalog")

NAME = "catalog.sqlite"
#: Raised by the index's format: a row of another format is read again from its journal.
FORMAT = 1

_DDL = ("CREATE TABLE IF NOT EXISTS entries (name TEXT PRIMARY KEY, signature TEXT NOT NULL, info TEXT NOT NULL) WITHOUT ROWID",
        "CREATE TABLE IF NOT EXISTS folder (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID")

#: How long after its last change a folder's signature is believed: a change within the same tick
#: of the file system's clock would leave its time as it was (the "racy" case git knows), so a
#: folder changed this recently is looked at file by file.
SETTLED_NS = 2_000_000_000


def stat_signature(st: os.stat_result, wal: os.stat_result | None) -> str:
    """What changes whenever a journal is written: its inode, size and modification time (ns),
    and its write-ahead log's size and time when it has one (`st`, `wal`: their stats)."""
    wal_part = f"{wal.st_size}:{wal.st_mtime_ns}" if wal is not None else "-"
    return f"{FORMAT}:{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{wal_part}"


def folder_signature(st: os.stat_result, now_ns: int) -> str | None:
    """What changes whenever a file is added to, removed from or renamed in the games folder — and
    so whenever SQLite writes a journal, which makes its write-ahead log there (`st`: the folder's
    stat). None while the folder changed too recently to be believed (`SETTLED_NS`)."""
    if now_ns - st.st_mtime_ns < SETTLED_NS:  # a time in the future too
        return None
    return f"{FORMAT}:{st.st_dev}:{st.st_ino}:{st.st_mtime_ns}:{st.st_size}"


def signature(path: Path) -> str | None:
    """`stat_signature` of the journal at `path`; None: the file cannot be looked at."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    try:
        wal: os.stat_result | None = os.stat(f"{path}-wal")
    except OSError:
        wal = None
    return stat_signature(st, wal)


#: Meta key of a finished game's public result (`result_meta`), written with `finished`.
META_RESULT = "result"


def _whole(value: Any) -> int | None:
    return value if type(value) is int else None


def result_meta(view: Mapping[str, Any]) -> str:
    """The `META_RESULT` row of a game that just finished, from its public view only (never a
    seat's: nothing secret is in it): per seat its public VP (`vp`, else a score pad's `score`;
    None where the view shows neither), and the winning seats: those the view places first
    (`place` 1, the game's own ranking with its tie-breaks) where it ranks them, else those with
    the most points (every tied seat; none when no points are shown)."""
    players = [p for p in (view.get("players") or ()) if isinstance(p, Mapping)]
    scores = [_whole(p.get("vp")) if _whole(p.get("vp")) is not None else _whole(p.get("score")) for p in players]
    places = [_whole(p.get("place")) for p in players]
    if any(place is not None for place in places):
        winners = [seat for seat, place in enumerate(places) if place == 1]
    else:
        known = [v for v in scores if v is not None]
        winners = [seat for seat, v in enumerate(scores) if known and v == max(known)]
    return json.dumps({"scores": scores, "winners": winners})


def result_of(meta: Mapping[str, str]) -> tuple[tuple[int | None, ...], tuple[int, ...]]:
    """(scores, winners) from a journal's `META_RESULT` row; ((), ()) without a readable one."""
    try:
        data = json.loads(meta.get(META_RESULT) or "")
    except ValueError:
        return (), ()
    if not isinstance(data, dict):
        return (), ()
    scores, winners = data.get("scores"), data.get("winners")
    if not (isinstance(scores, list) and all(v is None or type(v) is int for v in scores)
            and isinstance(winners, list) and all(type(v) is int for v in winners)):
        return (), ()
    return tuple(scores), tuple(winners)



class Catalog:
    """The index of one data directory's journals (see the module). Used by the owner only (the
    store); every method is best effort: a failure is logged once and the index is left out."""

    def __init__(self, data_dir: Path) -> None:
        self.path = Path(data_dir) / NAME
        self._conn: sqlite3.Connection | None = None
        self._broken = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._conn is not None or self._broken or not self.path.parent.is_dir():
            return self._conn
        try:
            conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False, timeout=1.0)
            conn.execute("PRAGMA synchronous=NORMAL")  # a cache: a cut may lose its last write, never a game
            for statement in _DDL:
                conn.execute(statement)
            conn.execute("SELECT count(*) FROM entries").fetchone()
            self._conn = conn
        except sqlite3.DatabaseError as exc:
            self._set_aside(exc)
        except (sqlite3.Error, OSError) as exc:
            log.warning("the catalog %s cannot be used (%s): every journal is read instead", self.path, exc)
            self._broken = True
        return self._conn

    def _set_aside(self, exc: Exception) -> None:
        """A damaged index holds nothing a journal does not: it is removed and made again."""
        log.warning("the catalog %s is damaged (%s): made again from the journals", self.path, exc)
        try:
            for side in ("", "-wal", "-shm", "-journal"):
                Path(f"{self.path}{side}").unlink(missing_ok=True)
            conn = sqlite3.connect(str(self.path), isolation_level=None, check_same_thread=False, timeout=1.0)
            for statement in _DDL:
                conn.execute(statement)
            self._conn = conn
        except (sqlite3.Error, OSError) as error:
            log.warning("the catalog %s cannot be made again (%s): every journal is read instead", self.path, error)
            self._broken = True

    def rows(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """name → (signature, info as recorded); {} when the index cannot be read."""
        out = {}
        for name, (sig, info) in self.raw_rows()[0].items():
            try:
                data = json.loads(info)
            except ValueError:
                continue  # read again from its journal
            if isinstance(data, dict):
                out[name] = (sig, data)
        return out

    def raw_rows(self) -> tuple[dict[str, tuple[str, str]], str | None]:
        """(name → (signature, info as JSON text), the folder's signature as the rows were last
        checked against it, None when unknown); ({}, None) when the index cannot be read. The
        info is left as text: a listing of the games still to play reads no finished game's."""
        conn = self._connect()
        if conn is None:
            return {}, None
        try:
            rows = {name: (sig, info) for name, sig, info in conn.execute("SELECT name, signature, info FROM entries")
                    if isinstance(name, str) and isinstance(sig, str) and isinstance(info, str)}
            found = conn.execute("SELECT value FROM folder WHERE key = 'games'").fetchone()
            return rows, (found[0] if found is not None and isinstance(found[0], str) else None)
        except sqlite3.DatabaseError as exc:
            self._conn = None
            self._set_aside(exc)
            return {}, None

    def update(self, put: Mapping[str, tuple[str, Mapping[str, Any]]], keep: Iterable[str],
               folder: str | None = None) -> None:
        """Writes the rows `put` (name → (signature, info)) and drops every row not named in `keep`
        or `put`, in one transaction; with it, `folder`: the games folder's signature as every
        row was checked against (None: none can be believed, the row is dropped)."""
        conn = self._connect()
        if conn is None:
            return
        names = set(keep) | set(put)
        try:
            stale = [name for (name,) in conn.execute("SELECT name FROM entries") if name not in names]
            was = conn.execute("SELECT value FROM folder WHERE key = 'games'").fetchone()
            if not put and not stale and (was[0] if was else None) == folder:
                return
            conn.execute("BEGIN IMMEDIATE")
            try:
                if folder is None:
                    conn.execute("DELETE FROM folder WHERE key = 'games'")
                else:
                    conn.execute("INSERT OR REPLACE INTO folder(key, value) VALUES ('games', ?)", (folder,))
                conn.executemany("DELETE FROM entries WHERE name = ?", [(name,) for name in stale])
                conn.executemany("INSERT OR REPLACE INTO entries(name, signature, info) VALUES (?, ?, ?)",
                                 [(name, sig, json.dumps(info, ensure_ascii=False)) for name, (sig, info) in put.items()])
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
        except sqlite3.DatabaseError as exc:
            self._conn = None
            self._set_aside(exc)
        except (sqlite3.Error, OSError) as exc:
            log.warning("the catalog %s could not be written (%s)", self.path, exc)

    def forget(self, name: str) -> None:
        """Drops one journal's row (it was set aside, or is being written by the store itself), and
        the folder's signature with it: the next listing looks at every file."""
        conn = self._connect()
        if conn is None:
            return
        try:
            conn.execute("DELETE FROM entries WHERE name = ?", (name,))
            conn.execute("DELETE FROM folder WHERE key = 'games'")
        except sqlite3.Error as exc:
            log.warning("the catalog %s could not be written (%s)", self.path, exc)

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


__all__ = ["Catalog", "META_RESULT", "NAME", "folder_signature", "result_meta", "result_of", "signature",
           "stat_signature"]
