"""Engine: decide → durable journal → apply; undo and redo as journaled steps; exact resume."""

from __future__ import annotations

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


def new_engine(path: Path, players=("Ann", "Bo", "Cy")) -> Engine:
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    engine.execute(StartPad(tuple(players), seed=1234))
    return engine


def reopen(engine: Engine) -> Engine:
    path = engine.journal.path
    engine.journal.close()
    return Engine(SCOREPAD, Journal.open(path))


def test_illegal_command_writes_nothing(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    before = engine.journal.last_seq
    with pytest.raises(IllegalCommand) as info:
        engine.execute(AddPoints(seat=7, points=3))
    assert "seat 8" in info.value.message and info.value.rule == "score pad input"
    assert engine.journal.last_seq == before
    assert len(list(Journal.open(engine.journal.path).records())) == before


def test_event_on_disk_before_listeners_hear(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    seen = []

    def listener(step):
        other = Journal.open(engine.journal.path)  # a second connection sees only committed data
        seen.append(step.number in {r.step for r in other.records()})
        other.close()

    engine.listeners.append(listener)
    engine.execute(AddPoints(0, 5))
    assert seen == [True]


def test_undo_redo_are_journaled_and_survive_restart(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(AddPoints(0, 5))
    engine.execute(AddPoints(1, 3))
    engine.undo()
    assert engine.state.scores == (5, 0, 0) and engine.can_redo
    engine = reopen(engine)
    assert engine.state.scores == (5, 0, 0) and engine.can_redo
    engine.redo()
    assert engine.state.scores == (5, 3, 0)
    kinds = [e["kind"] for h in engine.history() for e in h.events]
    assert kinds.count("core.undo") == 1 and kinds.count("core.redo") == 1


def test_history_since_a_step_is_the_tail_of_the_whole_history(tmp_path):
    """What the table's news reads after each step: the newest steps only, undone ones marked as
    in the whole history (after a restart too)."""
    engine = new_engine(tmp_path / "g.journal")
    for seat in (0, 1, 2, 0):
        engine.execute(AddPoints(seat, 2))
    engine.undo()
    for engine in (engine, reopen(engine)):
        whole = engine.history()
        assert [e.step for e in whole] == sorted(e.step for e in whole)
        for since in range(0, whole[-1].step + 2):
            assert engine.history(since) == [e for e in whole if e.step > since]
        assert any(e.undone for e in engine.history(whole[-3].step))


def test_new_command_clears_redo(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(AddPoints(0, 5))
    engine.undo()
    engine.execute(AddPoints(2, 1))
    assert not engine.can_redo
    with pytest.raises(IllegalCommand, match="Nothing to redo"):
        engine.redo()


def test_setup_cannot_be_undone(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    with pytest.raises(IllegalCommand, match="setup"):
        engine.undo()


def test_finish_marks_journal_and_undo_reopens(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(AddPoints(0, 5))
    engine.execute(FinishPad())
    assert engine.journal.is_finished
    with pytest.raises(IllegalCommand, match="finished"):
        engine.execute(AddPoints(0, 1))
    engine.undo()
    assert not engine.journal.is_finished
    assert not Journal.open(engine.journal.path).is_finished


# -- properties over random legal sequences -------------------------------------------------

actions = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.integers(0, 2), st.integers(-20, 20).filter(bool)),
        st.just(("undo",)),
        st.just(("redo",)),
    ),
    max_size=40,
)


def play(engine: Engine, script) -> None:
    for action in script:
        try:
            if action[0] == "add":
                engine.execute(AddPoints(action[1], action[2]))
            elif action[0] == "undo":
                engine.undo()
            else:
                engine.redo()
        except IllegalCommand:
            pass


@settings(max_examples=examples(60), deadline=None)
@given(actions)
def test_replay_equals_live_state(script):
    with tempfile.TemporaryDirectory() as d:
        engine = new_engine(Path(d) / "g.journal")
        play(engine, script)
        live = (engine.state, engine.can_undo, engine.can_redo, engine.history())
        again = reopen(engine)
        assert (again.state, again.can_undo, again.can_redo, again.history()) == live
        again.journal.close()


@settings(max_examples=examples(60), deadline=None)
@given(actions)
def test_undo_then_redo_is_identity(script):
    with tempfile.TemporaryDirectory() as d:
        engine = new_engine(Path(d) / "g.journal")
        play(engine, script)
        if engine.can_undo:
            before = engine.state
            engine.undo()
            engine.redo()
            assert engine.state == before
        engine.journal.close()


@settings(max_examples=examples(40), deadline=None)
@given(actions)
def test_state_equals_fold_of_effective_adds(script):
    """Undo removes exactly the latest effective entry: a model with a plain stack agrees."""
    with tempfile.TemporaryDirectory() as d:
        engine = new_engine(Path(d) / "g.journal")
        done, undone = [], []
        for action in script:
            if action[0] == "add":
                engine.execute(AddPoints(action[1], action[2]))
                done.append(action)
                undone.clear()
            elif action[0] == "undo" and done:
                engine.undo()
                undone.append(done.pop())
            elif action[0] == "redo" and undone:
                engine.redo()
                done.append(undone.pop())
        scores = [0, 0, 0]
        for _, seat, points in done:
            scores[seat] += points
        assert engine.state.scores == tuple(scores)
        engine.journal.close()
