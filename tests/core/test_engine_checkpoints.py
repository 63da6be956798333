"""Undo keeps a state every `CHECKPOINT_EVERY` steps, not one a step: every state an undo, a
redo or a correction reaches is folded again from the checkpoint before it, and is the state a
fresh replay of the same steps gives."""

from __future__ import annotations

import random

import pytest

from companion.core import engine as engine_module
from companion.core.engine import CHECKPOINT_EVERY, Engine
from companion.core.journal import Journal
from companion.games.scorepad.commands import AddPoints, StartPad
from companion.games.scorepad.rules import SCOREPAD

pytestmark = pytest.mark.timeout(120)


def _replayed(path):
    with Journal.read(path) as journal:
        return Engine(SCOREPAD, journal).state


def test_undo_and_redo_across_checkpoints_reach_what_a_replay_reaches(tmp_path):
    rnd = random.Random(7)
    engine = Engine(SCOREPAD, Journal.create(tmp_path / "pad.journal", "scorepad"))
    engine.execute(StartPad(("Ann", "Bo", "Cy"), seed=1))
    states = [engine.state]  # the state after each step in effect, as it was live
    for _ in range(3 * CHECKPOINT_EVERY + 5):
        engine.execute(AddPoints(rnd.randrange(3), rnd.randrange(1, 9)))
        states.append(engine.state)
    assert len(engine._marks) == 4, "one state kept every CHECKPOINT_EVERY steps"
    for _ in range(2 * CHECKPOINT_EVERY + 3):  # back over two checkpoints
        engine.undo()
        assert engine.state == states[len(engine.in_effect) - 1]
    assert len(engine._marks) == 2, "the checkpoints of undone steps go"
    assert engine.state == _replayed(engine.journal.path)
    for _ in range(CHECKPOINT_EVERY + 1):
        engine.redo()
        assert engine.state == states[len(engine.in_effect) - 1]
    engine.execute(AddPoints(0, 1))  # a new step past a checkpoint: kept again
    assert engine.state == _replayed(engine.journal.path)
    assert len(engine._marks) == len(range(0, len(engine.in_effect), CHECKPOINT_EVERY))


def test_a_correction_starts_from_the_state_before_the_step_folded_from_a_checkpoint(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_module, "CHECKPOINT_EVERY", 4)
    engine = Engine(SCOREPAD, Journal.create(tmp_path / "pad.journal", "scorepad"))
    engine.execute(StartPad(("Ann", "Bo"), seed=1))
    for points in range(1, 12):
        engine.execute(AddPoints(points % 2, points))
    target = engine.in_effect[6]
    engine.correct(target, AddPoints(1, 100))
    # odd points are Bo's, even ones Ann's; step 7 was Ann's 6, now Bo's 100
    assert engine.state.scores == (2 + 4 + 8 + 10, 1 + 3 + 5 + 7 + 9 + 11 + 100)
    assert len(engine._marks) == len(range(0, len(engine.in_effect), 4))
    assert engine.state == _replayed(engine.journal.path)
