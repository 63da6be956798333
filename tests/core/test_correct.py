"""Correcting a past entry: undo back to it, fix it, enter the rest again where still legal — all
journaled in one transaction, replayable, and each new step undoable."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests.properties import examples

from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.scorepad.commands import AddPoints, FinishPad, StartPad
from companion.games.scorepad.rules import SCOREPAD
from companion.games.trajan import commands as tc
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.rules import TRAJAN


def pad(tmp_path) -> Engine:
    engine = Engine(SCOREPAD, Journal.create(tmp_path / "p.journal", "scorepad"))
    engine.execute(StartPad(("Ann", "Bo"), seed=1))
    for seat, points in ((0, 5), (1, 3), (0, 2)):
        engine.execute(AddPoints(seat, points))
    return engine


def test_fix_a_past_entry_and_keep_the_rest(tmp_path):
    engine = pad(tmp_path)
    result = engine.correct(2, AddPoints(0, 7))  # step 2 was Ann +5
    assert engine.state.scores == (9, 3)
    assert [old for old, _ in result.replayed] == [3, 4] and result.dropped == ()
    path = engine.journal.path
    engine.journal.close()
    again = Engine(SCOREPAD, Journal.open(path))
    assert again.state.scores == (9, 3)
    again.undo()  # the last re-entered step
    assert again.state.scores == (7, 3)


def test_entries_that_no_longer_apply_are_named(tmp_path):
    engine = pad(tmp_path)
    engine.execute(FinishPad())
    result = engine.correct(3, FinishPad())  # finish where Bo's +3 was: Ann's +2 and the finish no longer apply
    assert [n for n, _ in result.dropped] == [4, 5]
    assert all(exc.rule == "game over" for _, exc in result.dropped)
    assert engine.state.scores == (5, 0) and engine.is_finished


def test_setup_and_undone_steps_cannot_be_corrected_and_nothing_is_written(tmp_path):
    engine = pad(tmp_path)
    engine.undo()
    before = engine.journal.last_seq
    for step in (1, 4, 99):
        with pytest.raises(IllegalCommand, match="cannot be corrected"):
            engine.correct(step, AddPoints(0, 1))
    with pytest.raises(IllegalCommand):
        engine.correct(2, AddPoints(0, 0))  # the fix itself is refused
    assert engine.journal.last_seq == before


def test_correction_is_one_transaction(tmp_path, monkeypatch):
    engine = pad(tmp_path)
    calls = []
    original = engine.journal.append_steps
    monkeypatch.setattr(engine.journal, "append_steps", lambda steps, **kw: calls.append(len(steps)) or original(steps, **kw))
    engine.correct(2, AddPoints(1, 1))
    assert calls == [3 + 1 + 2]  # three undos, the fix, two re-entered steps


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 2**32), st.integers(20, 120))
def test_trajan_correction_replays_to_the_live_state(seed, steps):
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as d:
        engine = Engine(TRAJAN, Journal.create(Path(d) / "t.journal", "trajan"))
        engine.execute(tc.SetupTrajan(("A", "B", "C"), ("red", "blue", "green"), seed=seed))
        for _ in range(steps):
            engine.execute(rnd.choice(legal_commands(engine.state)))
        effective = list(engine.in_effect)[1:]
        target = rnd.choice(effective)
        before = engine.state_before(target)
        fix = rnd.choice(legal_commands(before))
        engine.correct(target, fix)
        live = engine.state
        path = engine.journal.path
        engine.journal.close()
        assert Engine(TRAJAN, Journal.open(path)).state == live
