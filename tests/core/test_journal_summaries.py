"""The history's summary rows (`core.journal_summaries`): one a step, written in the step's own
transaction, read by the history instead of every step's events; a journal without them (written
before they existed) gets them at its first history read; a row that does not match its sum or is
of other code is not believed (read from the events again and rewritten), and the full check calls
a damaged one damage. The history read from them is the history read from the events."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from companion.core import journal_summaries
from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.doctor import OK, probe_journals
from tests.core.test_history_kept import rows_read as events_read
from companion.games.scorepad.commands import AddPoints, StartPad
from companion.games.scorepad.rules import SCOREPAD

pytestmark = pytest.mark.timeout(300)


def play(engine: Engine, turns: int, seed: int = 5) -> None:
    """Plays, undoes, redoes and corrects at random: every kind of step the history shows."""
    rnd = random.Random(seed)
    engine.execute(StartPad(("Ann", "Bo", "Cy"), seed=1))
    for _ in range(turns):
        roll = rnd.random()
        try:
            if roll < 0.6:
                engine.execute(AddPoints(rnd.randrange(3), rnd.randint(1, 9)))
            elif roll < 0.75:
                engine.undo()
            elif roll < 0.9:
                engine.redo()
            elif engine.in_effect[1:]:
                engine.correct(rnd.choice(engine.in_effect[1:]), AddPoints(rnd.randrange(3), rnd.randint(1, 9)))
        except IllegalCommand:
            pass


def summary_rows(path: Path) -> dict[int, str]:
    """step → its summary row's events text, read with plain SQLite ({} without the table)."""
    conn = sqlite3.connect(str(path))
    try:
        if not journal_summaries.has_table(conn):
            return {}
        return dict(conn.execute("SELECT step, events FROM summaries"))
    finally:
        conn.close()


def from_events(path: Path) -> list:
    """The history as read from the events alone (no summary believed, none written)."""
    journal = Journal.read(path)
    journal.summaries = lambda *_: []  # type: ignore[method-assign]
    try:
        return Engine(SCOREPAD, journal).history()
    finally:
        journal.close()


def test_every_step_is_summarised_with_it_and_the_history_reads_no_event(tmp_path):
    path = tmp_path / "g.journal"
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    play(engine, 120)
    last = engine.journal.last_step
    assert sorted(summary_rows(path)) == list(range(1, last + 1)), "a row for every step, none read yet"
    engine.journal.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    spans = events_read(resumed)
    history = resumed.history()
    assert spans == [], "the history came from the summary rows alone"
    assert history == from_events(path)
    assert any(e.undone for e in history) and any(e.events[0]["kind"] == "core.undo" for e in history)
    for since in (0, 1, last // 2, last, last + 1):
        assert resumed.history(since) == [e for e in history if e.step > since]
    resumed.journal.close()


def test_a_journal_from_before_the_summaries_gets_them_at_its_first_history_read(tmp_path):
    path = tmp_path / "old.journal"
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    engine.execute(StartPad(("Ann", "Bo"), seed=1))
    # The rows as the journal was written before summaries: events only.
    engine.journal.append_steps([[engine.codec.encode(e) for e in engine.game.decide(engine.state, AddPoints(i % 2, i))]
                                 for i in range(1, 40)])
    engine.journal.close()
    conn = sqlite3.connect(str(path))
    conn.execute("DELETE FROM summaries")  # the set-up step's row too: nothing summarised
    conn.commit()
    conn.close()
    expected = from_events(path)
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.history() == expected
    assert sorted(summary_rows(path)) == list(range(1, 41)), "made from the steps as they were read"
    resumed.journal.close()
    again = Engine(SCOREPAD, Journal.open(path))
    spans = events_read(again)
    assert again.history() == expected and spans == []
    again.journal.close()
    with Journal.read(path) as journal:
        journal.verify()


def test_a_summary_flipped_on_disk_is_reported_by_the_doctor_and_never_shown(tmp_path):
    data = tmp_path / "data"
    path = data / "games" / "20260101-000000-000000-scorepad.journal"
    path.parent.mkdir(parents=True)
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    play(engine, 30)
    engine.journal.close()
    expected = from_events(path)
    assert probe_journals(data).status == OK
    text = summary_rows(path)[7]
    conn = sqlite3.connect(str(path))
    conn.execute("UPDATE summaries SET events = ? WHERE step = 7", (text.replace('"seat":', '"seat": ', 1),))
    conn.commit()
    conn.close()
    with Journal.read(path) as journal:
        journal.verify()  # no step is damaged: the game stays usable
        assert journal.mismatched_summaries() == [7]
    probe = probe_journals(data)
    assert probe.status == OK and "history summaries do not match" in str(probe.detail) and path.name in str(probe.detail)
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.history() == expected, "step 7 read from its events"
    resumed.journal.close()
    assert summary_rows(path)[7] == text, "and its row written again"
    with Journal.read(path) as journal:
        assert journal.mismatched_summaries() == []
    assert "history summaries" not in str(probe_journals(data).detail)


def test_rows_of_other_code_are_made_again_not_shown(tmp_path):
    path = tmp_path / "g.journal"
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    play(engine, 20)
    engine.journal.close()
    conn = sqlite3.connect(str(path))
    conn.execute("UPDATE summaries SET events = '[]', fingerprint = 'older code'")  # its sum no longer matters
    conn.commit()
    conn.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.history() == from_events(path)
    resumed.journal.close()
    assert "[]" not in summary_rows(path).values()


def test_a_summary_that_cannot_be_written_never_costs_its_step(tmp_path, monkeypatch):
    path = tmp_path / "g.journal"
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    engine.execute(StartPad(("Ann", "Bo"), seed=1))

    def failing(*_args):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(journal_summaries, "write", failing)
    engine.execute(AddPoints(1, 4))
    assert engine.journal.last_step == 2 and engine.history()[-1].events[0]["points"] == 4
    monkeypatch.undo()
    engine.journal.close()
    assert 2 not in summary_rows(path)
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.history() == from_events(path) and resumed.state.scores == (0, 4)
    resumed.journal.close()
    assert 2 in summary_rows(path)
