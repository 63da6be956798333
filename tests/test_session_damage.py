"""A journal damaged on disk while its game is open: the engine reads most steps' events from the
file again (the history, a deep undo, a correction's state), so the damage surfaces there. The
session never raises it to the screen asking: the game is closed without another byte written into
the file, the file is set aside whole (as a start sets a damaged one aside: home offers Recover),
and the table is told which file and what to do."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.core.engine import DECODED_KEPT
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import DAMAGED_WHILE_OPEN, Intent, Session

#: Steps enough that the oldest are no longer kept decoded: they are read from the file again.
STEPS = DECODED_KEPT + 40
#: The step damaged: an old one, read only by a whole history or an undo that deep.
DAMAGED = 5


def damage(path: Path, step: int) -> None:
    """Changes step `step`'s bytes behind the running app's back (another connection, as a disk
    fault or a stray program would): its checksum no longer matches. Its history summary row
    (`core.journal_summaries`) goes with it, as a fault in that page would leave it unbelieved:
    the history reads that step from its events, not from the row written with it."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE events SET payload = payload || ' ' WHERE step = ?", (step,))
    conn.execute("DELETE FROM summaries WHERE step = ?", (step,))
    conn.close()


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    s.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(STEPS - 1):
        s.handle(Intent("add_points", {"seat": i % 2, "points": 1 + i % 5}))
    yield s
    s.shutdown()


def told(session: Session) -> list:
    views: list = []
    session.listeners.append(views.append)
    return views


def assert_closed_and_set_aside(session: Session, path: Path, views: list) -> None:
    assert session.engine is None, "the damaged game is closed, not played on"
    notice = session.notice
    assert notice is not None and notice.level == "error" and notice.template == DAMAGED_WHILE_OPEN
    assert notice.params == {"file": path.name} and "companion doctor" in notice.text
    assert views and views[-1].journal is None and views[-1].notice == notice, "the table is told at once"
    assert not path.exists(), "set aside, as a start would"
    (aside,) = session.store.set_aside
    assert aside.original == path and aside.moved_to.exists()
    with sqlite3.connect(aside.moved_to) as conn:  # kept whole: every step still there, nothing added
        assert conn.execute("SELECT max(step) FROM events").fetchone()[0] >= STEPS
    (data_notice,) = [n for n in session.data_notices() if n.params.get("file") == path.name]
    assert data_notice.recoverable, "home offers Recover for it"


def test_the_history_of_a_journal_damaged_while_open_is_a_notice_not_a_crash(session):
    path = Path(session.engine.journal.path)
    damage(path, DAMAGED)
    views = told(session)
    assert session.history() == []
    assert_closed_and_set_aside(session, path, views)
    assert session.history() == [], "and asked again, nothing is read"


def test_a_history_read_before_the_damage_is_not_read_again(session):
    """Each step is read from the file once while its game is open (`core.history_kept`): what was
    read intact stays shown; the damage is found by whatever reads the file next (an undo that
    deep, the next start)."""
    path = Path(session.engine.journal.path)
    before = session.history()
    damage(path, DAMAGED)
    session.handle(Intent("add_points", {"seat": 0, "points": 2}))
    after = session.history()
    assert after[:-1] == before and len(after) == STEPS + 1 and session.engine is not None


def test_the_game_recovers_up_to_the_damaged_step_and_plays_on(session):
    path = Path(session.engine.journal.path)
    damage(path, DAMAGED)
    session.history()
    (aside,) = session.store.set_aside
    session.handle(Intent("recover", {"path": str(aside.moved_to)}))
    assert session.engine is not None and session.engine.journal.last_step == DAMAGED - 1
    session.handle(Intent("add_points", {"seat": 0, "points": 3}))
    assert session.engine.journal.last_step == DAMAGED and session.notice is None


def test_a_deep_undo_that_reads_the_damaged_step_is_a_notice_and_nothing_is_written_after(session):
    path = Path(session.engine.journal.path)
    damage(path, DAMAGED)
    views = told(session)
    undone = 0
    while session.engine is not None:
        session.handle(Intent("undo"))  # never raises: a refusal, or the damage, is a notice
        undone += 1
        assert undone < STEPS, "the damage is found before the game is undone to its set-up"
    assert undone > DECODED_KEPT - 32, "an undo reads the file only below the steps kept decoded"
    assert_closed_and_set_aside(session, path, views)


def test_an_undo_below_a_resumed_checkpoint_reads_the_damage_and_tells_it(tmp_path):
    """A resume folds from its checkpoint: the first undo below it folds from the first step."""
    data = tmp_path / "data"
    first = Session(all_rules(), JournalStore(data))
    first.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(131):
        first.handle(Intent("add_points", {"seat": i % 2, "points": 1}))
    path = Path(first.engine.journal.path)
    first.shutdown()
    session = Session(all_rules(), JournalStore(data))
    session.resume(path)
    assert session.engine.resumed_from > DAMAGED
    damage(path, DAMAGED)
    views = told(session)
    for _ in range(session.engine.journal.last_step - session.engine.resumed_from + 1):
        session.handle(Intent("undo"))
    assert_closed_and_set_aside(session, path, views)
    session.shutdown()


def test_a_correction_of_a_step_whose_state_cannot_be_read_is_refused_and_told(session):
    path = Path(session.engine.journal.path)
    damage(path, DAMAGED)
    with pytest.raises(IllegalCommand, match="journal cannot be read"):
        session.correction_view(DAMAGED + 2)
    assert session.engine is None and session.notice.template == DAMAGED_WHILE_OPEN and not path.exists()


def test_a_journal_busy_elsewhere_keeps_the_game_open(session):
    """Another program's lock is not damage: nothing is set aside, the game stays open."""
    path = Path(session.engine.journal.path)
    holder = sqlite3.connect(path, isolation_level=None, timeout=0)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        session.handle(Intent("add_points", {"seat": 0, "points": 2}))
    finally:
        holder.rollback()
        holder.close()
    assert session.engine is not None and path.exists() and not session.store.set_aside
    assert session.notice is not None and session.notice.template == "The journal could not be used: {reason}"
    with Journal.read(path) as journal:
        journal.verify()
