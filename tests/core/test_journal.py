"""The journal: durable appends, identity checks, and refusing bad files without destroying them."""

from __future__ import annotations

import sqlite3

import pytest

from companion.core.errors import CorruptJournal, ForeignJournal, JournalError, NewerJournal
from companion.core.journal import Journal, set_aside
from companion.core.store import JournalStore


def test_append_and_read_back(tmp_path):
    path = tmp_path / "g.journal"
    with Journal.create(path, "scorepad") as j:
        step, records = j.append([("a", "{}"), ("b", '{"x":1}')])
        assert step == 1 and [r.seq for r in records] == [1, 2]
        step, records = j.append([("c", "{}")])
        assert step == 2 and records[0].seq == 3
    with Journal.open(path) as j:
        assert [(r.seq, r.step, r.kind) for r in j.records()] == [(1, 1, "a"), (2, 1, "b"), (3, 2, "c")]
        assert j.game == "scorepad" and j.last_step == 2 and j.last_seq == 3


def test_uses_wal_and_full_sync(tmp_path):
    with Journal.create(tmp_path / "g.journal", "scorepad") as j:
        assert j._conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert j._conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_create_refuses_to_overwrite(tmp_path):
    path = tmp_path / "g.journal"
    Journal.create(path, "scorepad").close()
    with pytest.raises(JournalError, match="refusing to overwrite"):
        Journal.create(path, "scorepad")


def test_not_sqlite_is_foreign(tmp_path):
    path = tmp_path / "notes.journal"
    path.write_text("shopping list: bread, games, religion\n")
    with pytest.raises(ForeignJournal, match="not an SQLite file"):
        Journal.open(path)


def test_other_sqlite_database_is_foreign(tmp_path):
    path = tmp_path / "other.journal"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    conn.close()
    with pytest.raises(ForeignJournal, match="not a companion journal"):
        Journal.open(path)


def test_truncated_file_is_corrupt(tmp_path):
    path = tmp_path / "g.journal"
    with Journal.create(path, "scorepad") as j:
        for i in range(200):
            j.append([("k", '{"i":%d}' % i)])
    data = path.read_bytes()
    for name in ("-wal", "-shm"):
        (tmp_path / f"g.journal{name}").unlink(missing_ok=True)
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises((CorruptJournal,)):
        j = Journal.open(path)
        list(j.records())


def test_tiny_truncated_header_is_corrupt(tmp_path):
    path = tmp_path / "g.journal"
    path.write_bytes(b"SQLite for")
    with pytest.raises(CorruptJournal, match="truncated"):
        Journal.open(path)


def test_newer_version_refused_and_left_alone(tmp_path):
    store = JournalStore(tmp_path)
    j = store.new("scorepad")
    path = j.path
    j.set_meta("version", "99")
    j.close()
    before = path.read_bytes()
    with pytest.raises(NewerJournal, match="newer companion"):
        store.open(path)
    assert path.exists() and path.read_bytes() == before
    assert store.set_aside == []


def test_store_sets_corrupt_file_aside_and_keeps_bytes(tmp_path):
    store = JournalStore(tmp_path)
    bad = store.new("scorepad", steps=[[("scorepad.started", '{"players": ["A"]}')]])
    bad.close()
    data = bytearray(bad.path.read_bytes())
    at = data.index(b"CREATE TABLE events")
    data[at + 20] ^= 0x01  # one byte of its schema: companion's journal, damaged
    bad.path.write_bytes(bytes(data))
    good = store.new("scorepad")
    good.close()
    listed = store.list()
    assert [i.path for i in listed] == [good.path]
    assert len(store.set_aside) == 1
    moved = store.set_aside[0].moved_to
    assert not bad.path.exists() and moved.exists() and moved.read_bytes() == bytes(data)
    assert "set-aside" in moved.name


def test_store_leaves_a_foreign_file_where_it_is_and_lists_it_as_foreign(tmp_path):
    """Not companion's file (garbage, another program's database): not ours to rename."""
    store = JournalStore(tmp_path)
    store.games_dir.mkdir(parents=True)
    garbage = store.games_dir / "20260101-000000-000000-scorepad.journal"
    garbage.write_bytes(b"\x00garbage" * 100)
    other = store.games_dir / "other.journal"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    conn.close()
    before = {p.name: p.read_bytes() for p in store.games_dir.iterdir()}
    assert store.list() == [] and store.set_aside == []
    with pytest.raises(ForeignJournal):
        store.open(garbage)
    assert {p.name: p.read_bytes() for p in store.games_dir.iterdir()} == before
    notices = {n.path.name: n for n in store.notices}
    assert set(notices) == {garbage.name, other.name}
    assert all(n.kind == "foreign" and not n.recoverable and "left as it is" in n.text for n in notices.values())


def test_set_aside_never_overwrites(tmp_path):
    a = tmp_path / "x.journal"
    a.write_text("one")
    first = set_aside(a)
    a.write_text("two")
    second = set_aside(a)
    assert first != second and first.read_text() == "one" and second.read_text() == "two"


def test_foreign_sqlite_file_is_not_modified(tmp_path):
    path = tmp_path / "other.journal"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE t(x)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(ForeignJournal):
        Journal.open(path)
    assert path.read_bytes() == before and not (tmp_path / "other.journal-wal").exists()


def test_a_store_with_its_own_clock_times_everything_by_it(tmp_path):
    """The clock a store is given times the journal's creation, its file name and every step, also
    after reopening (the demo's pictures depend on it: companion.demo.DemoClock)."""
    import datetime as dt

    ticks = iter(dt.datetime(2026, 11, 20, 19, 30, second, tzinfo=dt.timezone.utc) for second in range(0, 60, 5))
    store = JournalStore(tmp_path, clock=lambda: next(ticks))
    journal = store.new("scorepad")
    journal.append([("a", "{}")])
    journal.close()
    assert journal.path.name.startswith(dt.datetime(2026, 11, 20, 19, 30, tzinfo=dt.timezone.utc)
                                        .astimezone().strftime("%Y%m%d-%H%M%S"))
    reopened = store.open(journal.path)
    reopened.append([("b", "{}")])
    times = [record.at for record in reopened.records()]
    assert reopened.meta["created"] == "2026-11-20T19:30:05.000+00:00"
    assert times == ["2026-11-20T19:30:10.000+00:00", "2026-11-20T19:30:15.000+00:00"]
    reopened.close()
