"""A journal appears whole or not at all, with its set-up step; what a kill left is tidied at the next
start, and what an older companion left without a set-up step is never resumed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.core import journal_schema
from companion.core.errors import JournalError
from companion.core.journal import Journal
from companion.core.journal_files import creating_path
from companion.core.store import JournalStore
from companion.core.tidy import leftovers, tidy
from companion.games import all_rules
from companion.session import Intent, Session

SET_UP = [("scorepad.started", '{"players": ["Ann", "Bo"], "seed": 1}')]


def test_a_new_game_s_journal_holds_its_set_up_from_the_moment_it_exists(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    seen = []
    session.step_listeners.append(lambda step: seen.append(step.number))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 3}}))
    path = session.engine.journal.path
    assert seen == [1], "the set-up step is told as before"
    with Journal.read(path) as journal:
        assert [(r.step, r.kind) for r in journal.records()] == [(1, "scorepad.started")]
        assert json.loads(journal.meta["players"]) == ["Ann", "Bo"]
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name, path.name + "-shm", path.name + "-wal"]
    session.shutdown()
    assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_creation_goes_through_a_temporary_name_and_leaves_nothing_when_it_fails(tmp_path, monkeypatch):
    path = tmp_path / "games" / "g.journal"
    seen = []
    real = journal_schema.create

    def failing(conn, meta, rows):
        seen.append(sorted(p.name for p in path.parent.iterdir()))
        real(conn, meta, rows)
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(journal_schema, "create", failing)
    with pytest.raises(JournalError, match="could not be written"):
        Journal.create(path, "scorepad", steps=[SET_UP])
    assert seen == [[".g.journal.new"]], "built under a hidden temporary name"
    assert list(path.parent.iterdir()) == [], "nothing left: no journal, no temporary, no side file"


def test_create_refuses_an_existing_file_and_an_earlier_temporary_is_replaced(tmp_path):
    path = tmp_path / "g.journal"
    creating_path(path).write_bytes(b"half a journal from a kill")
    Journal.create(path, "scorepad", steps=[SET_UP]).close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.journal"]
    with pytest.raises(JournalError, match="refusing to overwrite"):
        Journal.create(path, "scorepad")


def old_style_leftovers(games: Path) -> dict[str, Path]:
    """What an older companion's kills left: the file made before its tables, before its set-up step."""
    games.mkdir(parents=True)
    zero = games / "20250101-000000-000001-scorepad.journal"
    zero.write_bytes(b"")
    page = games / "20250101-000000-000002-scorepad.journal"
    conn = sqlite3.connect(page)
    conn.execute("PRAGMA journal_mode=WAL")  # writes the first page, as the old creation did first
    conn.close()
    no_set_up = games / "20250101-000000-000003-scorepad.journal"
    conn = sqlite3.connect(no_set_up, isolation_level=None)
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, step INTEGER NOT NULL, kind TEXT NOT NULL, "
                 "payload TEXT NOT NULL, at TEXT NOT NULL)")
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [("format", "companion-journal"), ("version", "1"),
                                                        ("game", "scorepad"), ("created", "x"), ("finished", "0")])
    conn.close()
    orphan = games / "20250101-000000-000004-scorepad.journal-journal"
    orphan.write_bytes(b"\xd9\xd5\x05\xf9 \xa1c\xd7")
    orphan_wal = games / "gone.journal-wal"
    orphan_wal.write_bytes(b"x" * 32)
    temporary = games / ".20250101-000000-000005-scorepad.journal.new"
    temporary.write_bytes(b"SQLite format 3\x00")
    (games / ".20250101-000000-000005-scorepad.journal.new-wal").write_bytes(b"x")
    return {"zero": zero, "page": page, "no_set_up": no_set_up, "orphan": orphan, "orphan_wal": orphan_wal,
            "temporary": temporary}


def test_the_next_start_tidies_what_a_kill_left_and_sets_nothing_aside(tmp_path):
    store = JournalStore(tmp_path)
    old = old_style_leftovers(store.games_dir)
    good = store.new("scorepad", steps=[SET_UP])
    good.append([("scorepad.points", '{"seat": 0, "points": 1}')])  # open: its -wal and -shm stay
    assert set(leftovers(store.games_dir)) == {old[k] for k in ("zero", "page", "orphan", "orphan_wal", "temporary")} \
        | {store.games_dir / ".20250101-000000-000005-scorepad.journal.new-wal"}
    removed = store.tidy()
    assert old["no_set_up"].exists() and good.path.exists() and good.path.with_name(good.path.name + "-wal").exists()
    assert sorted(p.name for p in store.games_dir.iterdir()) == sorted(
        [old["no_set_up"].name, good.path.name, good.path.name + "-wal", good.path.name + "-shm"])
    assert len(removed) == 6
    session = Session(all_rules(), store)
    assert session.resumable().path == good.path, "the journal without its set-up is never resumed"
    assert [i.path for i in session.unfinished_games()] == [good.path]
    assert store.set_aside == [] and store.notices == []
    with pytest.raises(Exception, match="its set-up was never written"):
        session.resume(old["no_set_up"])
    good.close()
    session.shutdown()


def test_a_damaged_file_is_never_tidied_away(tmp_path):
    """Tidying removes only what certainly holds no step: a big file that only looks empty
    because it is damaged is the listing's to set aside, bytes kept."""
    store = JournalStore(tmp_path)
    journal = store.new("scorepad", steps=[SET_UP])
    journal.close()
    data = bytearray(journal.path.read_bytes())
    data[100:4096] = b"\0" * (4096 - 100)  # the schema page's b-tree gone: "no tables"
    journal.path.write_bytes(bytes(data))
    assert tidy(store.games_dir) == []
    assert store.list() == [] and len(store.set_aside) == 1
    assert store.set_aside[0].moved_to.read_bytes() == bytes(data)
