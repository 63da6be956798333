"""The open game's history read once (`core.history_kept`): after any play, undo, redo or
correction it is exactly what the engine reads from the journal afresh, from any step on, while
each step's events are read from the file only once."""

from __future__ import annotations

import random

import pytest

from companion.core.engine import DECODED_KEPT, Engine
from companion.core.errors import IllegalCommand
from companion.core.history_kept import KeptHistory
from companion.core.journal import Journal
from companion.games.scorepad.commands import AddPoints, StartPad
from companion.games.scorepad.rules import SCOREPAD


@pytest.fixture
def engine(tmp_path):
    e = Engine(SCOREPAD, Journal.create(tmp_path / "g.journal", "scorepad"))
    e.execute(StartPad(("Ann", "Bo"), seed=1))
    yield e
    e.journal.close()


def rows_read(engine: Engine) -> list[tuple[int, int]]:
    """Every (first, last) span of events the engine reads from its journal from now on."""
    spans: list[tuple[int, int]] = []
    read = engine.journal.rows

    def counting(first: int, last: int):
        spans.append((first, last))
        return read(first, last)

    engine.journal.rows = counting  # type: ignore[method-assign]
    return spans


def test_kept_history_is_the_engines_after_any_play_undo_redo_and_correction(engine):
    kept = KeptHistory(engine)
    rnd = random.Random(7)
    for turn in range(300):
        choice = rnd.random()
        try:
            if choice < 0.6:
                engine.execute(AddPoints(rnd.randrange(2), rnd.randint(1, 9)))
            elif choice < 0.8:
                engine.undo()
            elif choice < 0.92:
                engine.redo()
            else:
                steps = engine.in_effect[1:]
                if steps:
                    engine.correct(rnd.choice(steps), AddPoints(rnd.randrange(2), rnd.randint(1, 9)))
        except IllegalCommand:
            pass
        if turn % 7 == 0:
            since = rnd.choice((0, 0, max(0, engine.journal.last_step - rnd.randint(0, 12))))
            assert kept.history(since) == engine.history(since), f"turn {turn}, since {since}"
    assert kept.history() == engine.history()
    assert any(entry.undone for entry in kept.history()), "the run undid some steps for good"


def test_each_step_is_read_from_the_journal_once_however_often_the_history_is_read(engine, tmp_path):
    for i in range(3 * DECODED_KEPT):
        engine.execute(AddPoints(i % 2, 1))
    engine.journal.close()
    resumed = Engine(SCOREPAD, Journal.open(tmp_path / "g.journal"))  # only the newest kept decoded
    spans = rows_read(resumed)
    kept = KeptHistory(resumed)
    first = kept.history()
    read_once = sum(last - first_seq + 1 for first_seq, last in spans)
    assert read_once == 0, "every step's summary row was written with it: no event is read again"
    resumed.undo()
    resumed.execute(AddPoints(0, 4))
    again = kept.history()
    assert sum(last - first_seq + 1 for first_seq, last in spans) == read_once, "nothing read again"
    assert len(again) == len(first) + 2 and again[-3].undone and not first[-1].undone
    assert again[:-3] == first[:-1] and all(a is b for a, b in zip(again[:-3], first)), "the same entries"
    resumed.journal.close()
