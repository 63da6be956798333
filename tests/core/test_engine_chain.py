"""Steps made by one tap land in one durable transaction (`Engine.execute_chain`, `undo(more)`,
`redo(more)`): one disk sync per tap, yet each stays its own step, undone on its own, and a
refused follow-up ends the chain without losing what came before it. The score pad stands in for
a game with automatic steps: after a player's points, `follow` names more points."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.scorepad.commands import AddPoints
from tests.core.test_engine import new_engine, reopen


def counting_transactions(engine, monkeypatch) -> list[int]:
    """Counts the journal's durable transactions (one `append_steps` each) and the steps in each."""
    sizes: list[int] = []
    real = engine.journal.append_steps

    def append_steps(steps, **checkpoints):
        sizes.append(len(steps))
        return real(steps, **checkpoints)

    monkeypatch.setattr(engine.journal, "append_steps", append_steps)
    return sizes


def follow_seats(*seats):
    """After a step: the next seat in `seats` gets 1 point (an automatic step), then nothing."""
    pending = list(seats)

    def follow(_state, _after):
        return SimpleNamespace(command=AddPoints(pending.pop(0), 1), reason="test") if pending else None

    return follow


def test_a_chain_is_one_transaction_of_separate_steps(tmp_path, monkeypatch):
    engine = new_engine(tmp_path / "g.journal")
    sizes = counting_transactions(engine, monkeypatch)
    heard = []

    def listener(step):
        other = Journal.open(engine.journal.path)  # a second connection sees only committed data
        heard.append((step.number, {r.step for r in other.records()} >= {2, 3, 4}))
        other.close()

    engine.listeners.append(listener)
    chain = engine.execute_chain(AddPoints(0, 5), follow_seats(1, 2))
    assert sizes == [3], "one transaction for the player's step and both follow-ups"
    assert [s.number for s in chain.steps] == [2, 3, 4] and chain.refusal is None
    assert [f.command for f in chain.followed] == [AddPoints(1, 1), AddPoints(2, 1)]
    assert heard == [(2, True), (3, True), (4, True)], "all on disk before anyone hears of the first"
    assert engine.state.scores == (5, 1, 1)
    engine.undo()
    assert engine.state.scores == (5, 1, 0), "each follow-up is its own step"
    assert reopen(engine).state.scores == (5, 1, 0)


def test_a_refused_follow_up_ends_the_chain_and_keeps_what_came_before(tmp_path, monkeypatch):
    engine = new_engine(tmp_path / "g.journal")
    sizes = counting_transactions(engine, monkeypatch)
    chain = engine.execute_chain(AddPoints(0, 5), follow_seats(1, 9, 2))  # seat 10 does not exist
    assert sizes == [2] and [s.number for s in chain.steps] == [2, 3]
    assert isinstance(chain.refusal, IllegalCommand) and "seat 10" in chain.refusal.message
    assert reopen(engine).state.scores == (5, 1, 0)


def test_a_refused_first_command_writes_nothing(tmp_path, monkeypatch):
    engine = new_engine(tmp_path / "g.journal")
    sizes = counting_transactions(engine, monkeypatch)
    with pytest.raises(IllegalCommand):
        engine.execute_chain(AddPoints(9, 5), follow_seats(1))
    assert sizes == [] and engine.state.scores == (0, 0, 0)


def test_undo_and_redo_with_more_are_one_transaction_each(tmp_path, monkeypatch):
    engine = new_engine(tmp_path / "g.journal")
    for seat, points in ((0, 5), (1, 1), (2, 1)):
        engine.execute(AddPoints(seat, points))
    sizes = counting_transactions(engine, monkeypatch)
    one_point_somewhere = lambda state: sum(state.scores) > 5  # noqa: E731 - undo on while a 1 is left
    engine.undo(one_point_somewhere)
    assert sizes == [2] and engine.state.scores == (5, 0, 0), "two undos, one transaction, stopped at (5, 0, 0)"
    engine.redo(lambda state: state.scores[1] == 1 and state.scores[2] == 0)
    assert sizes == [2, 2] and engine.state.scores == (5, 1, 1)
    engine.undo(lambda state: True)
    assert engine.state.scores == (0, 0, 0), "never past the setup"
    reopened = reopen(engine)
    assert reopened.state.scores == (0, 0, 0) and reopened.can_redo
