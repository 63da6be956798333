"""A damaged journal is set aside naming the step, never loaded as another game, and its game can be
recovered up to its last intact step into a new journal (`JournalStore.recover`, `Session.recover`)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from companion.core.errors import CorruptJournal
from companion.core.journal import Journal
from companion.core.recovery import NothingToRecover, salvage
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session

from tests.core.flips import state_of

OLD = Path(__file__).resolve().parents[1] / "games" / "trajan" / "journals" / "old-defaults-season.journal"


def scorepad_game(data: Path, points: int = 8) -> tuple[Path, list[str]]:
    """A score pad game; the state after each step, for comparing with what is recovered."""
    session = Session(all_rules(), JournalStore(data))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 2}}))
    states = [state_of(session)]
    for i in range(points):
        session.handle(Intent("add_points", {"seat": i % 2, "points": i + 1}))
        states.append(state_of(session))
    path = session.engine.journal.path
    session.shutdown()
    return path, states


def damage(path: Path, sql: str) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute(sql)
    conn.close()


def test_a_damaged_step_sets_the_file_aside_naming_it_and_its_game_comes_back_to_the_step_before(tmp_path):
    path, states = scorepad_game(tmp_path)
    damage(path, "UPDATE events SET payload = replace(payload, '\"points\":6', '\"points\":60') WHERE step = 7")
    session = Session(all_rules(), JournalStore(tmp_path))
    assert session.resumable().path == path, "the meta and the head are intact: it is listed"
    with pytest.raises(CorruptJournal, match="step 7 does not match its checksum"):
        session.resume()
    assert session.engine is None, "no other game is shown instead"
    assert not path.exists() and len(session.store.set_aside) == 1
    notice = session.data_notices()[0]
    moved = session.store.set_aside[0].moved_to
    assert notice.kind == "set_aside" and notice.recoverable and notice.path == moved
    assert path.name in notice.text and "step 7 does not match its checksum" in notice.text
    before = moved.read_bytes()

    session.recover(moved)
    assert session.engine is not None and session.engine.journal.last_step == 6
    assert state_of(session) == states[5], "steps 1 to 6 exactly: the damaged step 7 and what came after are gone"
    assert moved.read_bytes() == before, "the damaged file is only read"
    assert session.engine.journal.meta["recovered_from"] == moved.name
    assert [n.kind for n in session.data_notices()] == ["recovered"]
    assert "Steps 1 to 6 of" in session.data_notices()[0].text
    session.handle(Intent("add_points", {"seat": 0, "points": 1}))  # and it plays on
    assert session.notice is None and session.engine.journal.last_step == 7
    new = session.engine.journal.path
    session.shutdown()
    assert Session(all_rules(), JournalStore(tmp_path)).resumable().path == new


def test_a_step_of_several_events_damaged_in_its_middle_is_left_out_whole(tmp_path):
    store = JournalStore(tmp_path)
    journal = store.new("scorepad", steps=[[("scorepad.started", '{"players": ["A"], "seed": 1}')]])
    journal.append([("x.a", '{"n": 1}'), ("x.b", '{"n": 2}')])
    journal.append([("x.c", '{"n": 3}'), ("x.d", '{"n": 4}'), ("x.e", '{"n": 5}')])
    journal.close()
    damage(journal.path, "UPDATE events SET payload = '{\"n\": 9}' WHERE seq = 5")  # x.d, in step 3
    found = salvage(journal.path)
    assert [r[2] for r in found.rows] == ["scorepad.started", "x.a", "x.b"] and found.steps == 2
    assert "step 3 does not match its checksum (event 5)" in found.stopped


def test_a_lost_tail_keeps_only_the_steps_known_whole(tmp_path):
    path, states = scorepad_game(tmp_path, 4)
    damage(path, "DELETE FROM events WHERE seq = 5")
    found = salvage(path)
    assert found.steps == 3, "the head says step 5 was the last: step 4, the last on file, is whole only if it says so"


def test_nothing_to_recover_when_the_set_up_itself_is_damaged(tmp_path):
    path, _ = scorepad_game(tmp_path, 2)
    damage(path, "UPDATE events SET kind = 'scorepad.startex' WHERE seq = 1")
    with pytest.raises(NothingToRecover, match="not one whole step"):
        salvage(path)


def test_a_damaged_trajan_game_comes_back_to_the_last_intact_step(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    path = games / "20260101-000000-000000-trajan.journal"
    shutil.copy(OLD, path)
    Journal.open(path).close()  # version 1 → 2
    with Journal.read(path) as journal:
        steps = {r.step: r for r in journal.records()}
    target = steps[150]
    damage(path, f"UPDATE events SET at = '{target.at[:-1]}1' WHERE seq = {target.seq}")
    store = JournalStore(tmp_path)
    recovered = store.recover(path)
    assert 148 <= recovered.steps <= 149
    session = Session(all_rules(), store)
    session.resume(recovered.path)
    assert session.engine.journal.last_step == recovered.steps
    session.shutdown()


def test_an_old_journal_without_checksums_recovers_what_sqlite_can_read(tmp_path):
    path = tmp_path / "20250101-000000-000000-trajan.journal"
    shutil.copy(OLD, path)
    damage(path, "DELETE FROM events WHERE step >= 200")
    found = salvage(path)
    assert found.game == "trajan" and found.steps == 199, "no damage seen in the rows: all are kept"


def test_recover_is_an_intent_too_and_a_bad_path_is_refused_naming_the_field(tmp_path):
    path, states = scorepad_game(tmp_path, 3)
    damage(path, "UPDATE events SET payload = replace(payload, '\"points\":3', '\"points\":30') WHERE step = 4")
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("resume"))
    assert session.notice.level == "error" and "step 4 does not match its checksum" in session.notice.text
    moved = session.data_notices()[0].path
    for bad in (None, 3, {"a": 1}, ""):
        session.handle(Intent("recover", {"path": bad}))
        assert session.notice.level == "refused" and session.notice.params["field"] == "path"
    session.handle(Intent("resume", {"path": 7}))
    assert session.notice.level == "refused" and session.notice.params["field"] == "path"
    session.handle(Intent("recover", {"path": str(moved)}))
    assert session.notice is None and session.engine.journal.last_step == 3
    assert state_of(session) == states[2]
    session.shutdown()
