"""Journal format 2: checksums on every row and on the file, checked on load; old journals still open;
reading changes nothing and waits for nobody."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from companion.core.errors import BusyJournal, CorruptJournal
from companion.core.journal import Journal
from companion.core.journal_schema import APPLICATION_ID, VERSION
from companion.core.journal_sums import Head, event_sum, meta_sum
from companion.core.store import JournalStore

from tests.waiting import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
OLD = ROOT / "tests" / "games" / "trajan" / "journals" / "old-defaults-winner.journal"


def played(path: Path, steps: int = 5) -> Path:
    with Journal.create(path, "scorepad", steps=[[("scorepad.started", '{"players": ["A", "B"]}')]]) as journal:
        for i in range(steps - 1):
            journal.append([("scorepad.points", '{"seat": %d, "points": %d}' % (i % 2, i)), ("x.note", '"n"')])
    return path


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def files(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_every_row_carries_its_chained_sum_and_the_file_its_head_schema_and_marks(tmp_path):
    path = played(tmp_path / "g.journal", 3)
    conn = raw(path)
    rows = conn.execute("SELECT seq, step, kind, payload, at, sum FROM events ORDER BY seq").fetchall()
    running = 0
    for seq, step, kind, payload, at, stored in rows:
        running = event_sum(running, seq, step, kind, payload, at)
        assert stored == running
    meta = {k: (v, s) for k, v, s in conn.execute("SELECT key, value, sum FROM meta")}
    assert all(meta_sum(k, v) == s for k, (v, s) in meta.items())
    assert Head.parse(meta["head"][0]) == Head(rows[-1][0], rows[-1][1], running)
    assert meta["version"][0] == str(VERSION) == "2" and "schema" in meta
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA user_version").fetchone()[0] == VERSION
    conn.close()
    with Journal.open(path) as journal:
        assert (journal.last_seq, journal.last_step) == (5, 3)
        assert "head" not in journal.meta and "schema" not in journal.meta, "the file's bookkeeping is its own"


def test_a_changed_payload_is_named_by_its_step_and_never_loaded(tmp_path):
    path = played(tmp_path / "g.journal", 5)
    with raw(path) as conn:
        conn.execute("UPDATE events SET payload = replace(payload, '\"points\": 2', '\"points\": 7') WHERE step = 4")
    journal = Journal.open(path)  # the file's own checks pass: the rows are read as they are replayed
    with pytest.raises(CorruptJournal, match="step 4 does not match its checksum") as info:
        list(journal.records())
    journal.close()
    assert info.value.step == 3, "steps 1-2 are certainly whole; step 3 may have lost its end"


@pytest.mark.parametrize("sql, words", [
    ("UPDATE meta SET value = '[\"Ann\", \"Bo\"]' WHERE key = 'game'", "the meta row 'game' does not match"),
    ("UPDATE meta SET value = '1' WHERE key = 'finished'", "the meta row 'finished' does not match"),
    ("CREATE INDEX extra ON events(kind)", "schema does not match its checksum"),
    ("PRAGMA application_id = 7", "header does not match"),
    ("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)", r"recorded step 5 \(event 9\) as its last"),
])
def test_the_file_is_checked_before_anything_in_it_is_believed(tmp_path, sql, words):
    path = played(tmp_path / "g.journal", 5)
    with raw(path) as conn:
        conn.execute(sql)
    for opening in (Journal.open, Journal.read):
        with pytest.raises(CorruptJournal, match=words):
            opening(path)


def test_a_lost_event_in_the_middle_breaks_the_chain_there(tmp_path):
    path = played(tmp_path / "g.journal", 5)
    with raw(path) as conn:
        conn.execute("DELETE FROM events WHERE seq = 4")
    with Journal.read(path) as journal, pytest.raises(CorruptJournal, match="event 5 .* out of order after step 2"):
        list(journal.records())


def test_an_old_journal_is_read_as_it_is_and_migrated_when_played_on(tmp_path):
    path = tmp_path / "old.journal"
    shutil.copy(OLD, path)
    before = path.read_bytes()
    with Journal.read(path) as journal:
        assert journal.version == 1
        old_records = list(journal.records())
    assert path.read_bytes() == before and files(tmp_path).keys() == {"old.journal"}, "reading changed nothing"
    with Journal.open(path) as journal:
        assert journal.version == VERSION and journal.meta["version"] == str(VERSION)
        assert list(journal.records()) == old_records
        journal.append([("core.undo", '{"step": 298}')])
    with Journal.read(path) as journal:
        assert len(list(journal.records())) == len(old_records) + 1
    conn = raw(path)
    assert conn.execute("SELECT count(*) FROM events WHERE sum = 0").fetchone()[0] == 0
    assert not conn.execute("SELECT name FROM sqlite_master WHERE name = 'events_step'").fetchall()
    conn.close()


def test_reading_makes_no_file_beside_the_journal_in_any_state(tmp_path):
    clean = played(tmp_path / "clean" / "g.journal")
    snapshot = files(clean.parent)
    with Journal.read(clean) as journal:
        list(journal.records())
    assert files(clean.parent) == snapshot, "no -wal or -shm made"

    # A writer killed mid-game leaves its -wal (and -shm): read as it is, nothing changed.
    killed = tmp_path / "killed"
    killed.mkdir()
    code = ("import os, sys; sys.path.insert(0, %r)\n"
            "from companion.core.journal import Journal\n"
            "j = Journal.create(%r, 'scorepad', steps=[[('a', '{}')]])\n"
            "j.append([('b', '{}')]); j.append([('c', '{}')]); os._exit(0)") % (str(ROOT), str(killed / "g.journal"))
    subprocess.run([sys.executable, "-c", code], check=True, timeout=TIMEOUT)
    assert (killed / "g.journal-wal").exists()
    snapshot = files(killed)
    with Journal.read(killed / "g.journal") as journal:
        assert [r.kind for r in journal.records()] == ["a", "b", "c"]
    assert files(killed) == snapshot

    # Its -shm gone too.
    (killed / "g.journal-shm").unlink()
    snapshot = files(killed)
    with Journal.read(killed / "g.journal") as journal:
        assert [r.kind for r in journal.records()] == ["a", "b", "c"]
    assert files(killed) == snapshot


HOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("PRAGMA locking_mode=EXCLUSIVE")
conn.execute("BEGIN EXCLUSIVE")
conn.execute("UPDATE meta SET value = value WHERE key = 'game'")
print("held", flush=True)
sys.stdin.read()
"""


def hold(path: Path) -> subprocess.Popen:
    """Another process holding the journal's lock (as a sqlite3 shell in exclusive mode would)."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_a_locked_journal_is_busy_not_damaged_and_never_set_aside(tmp_path):
    store = JournalStore(tmp_path)
    journal = store.new("scorepad", steps=[[("scorepad.started", '{"players": ["A"]}')]])
    path = journal.path
    journal.close()
    holder = hold(path)
    try:
        with pytest.raises(BusyJournal, match="in use by another program"):
            Journal.open(path)
        with pytest.raises(BusyJournal):
            store.open(path)
        assert [info.path for info in store.list()] == [path], "still listed: it is read without its lock"
        assert path.exists() and store.set_aside == []
        assert [n.kind for n in store.notices] == ["busy"] and path.name in store.notices[0].text
        with Journal.read(path) as reader:
            assert reader.last_step == 1, "a reader is not kept waiting"
    finally:
        holder.stdin.close()
        holder.wait(timeout=TIMEOUT)
    store.open(path).close()


def test_a_reader_and_the_writer_never_wait_for_each_other(tmp_path):
    """`companion replay` beside the app: the app holds its journal open and is writing."""
    path = played(tmp_path / "g.journal", 2)
    writer = Journal.open(path)
    conn = writer._conn
    conn.execute("BEGIN IMMEDIATE")  # the app mid-commit
    conn.execute("INSERT INTO events(seq, step, kind, payload, at, sum) VALUES (99, 99, 'x', '{}', 't', 0)")
    with Journal.read(path) as reader:
        assert len(list(reader.records())) == 3, "the committed steps, at once"
        conn.execute("ROLLBACK")
        writer.append([("late", "{}")])  # the writer is not kept waiting by the open reader
    assert writer.last_step == 3
    writer.close()


def test_crc32_catches_every_single_byte_change_of_a_row():
    """Why CRC-32: a flipped byte always changes the sum (no luck involved)."""
    text = "1\x1f1\x1fscorepad.started\x1f{\"players\": [\"Ann\"]}\x1f2026-01-01T00:00:00.000+00:00".encode()
    base = zlib.crc32(text)
    for i in range(len(text)):
        for mask in (0x01, 0x80, 0xFF):
            changed = bytearray(text)
            changed[i] ^= mask
            assert zlib.crc32(bytes(changed)) != base
