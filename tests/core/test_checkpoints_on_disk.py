"""Checkpoints on disk (`core.journal_checkpoints`, `core.snapshots`): a resume folds only the steps
after the newest checkpoint that still is what the journal folds to, and a checkpoint that is not
(the journal truncated or an event in it edited, another version of the code, a torn or foreign
row) is ignored and rebuilt; the state, undo and redo after a resume are those of a full replay."""

from __future__ import annotations

import json
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.core import engine as engine_module
from companion.core import journal_checkpoints, snapshots
from companion.core import journal_schema as schema
from companion.core.engine import CHECKPOINT_ON_DISK_EVERY, DECODED_KEPT, Engine
from companion.core.journal import Journal
from companion.core.journal_sums import CHAIN_START, Head, event_sum
from companion.games.scorepad.commands import AddPoints, StartPad
from companion.games.scorepad.rules import SCOREPAD

pytestmark = pytest.mark.timeout(300)


def play(path: Path, steps: int, seed: int = 3, undo_rate: float = 0.1) -> Engine:
    """A score pad played live for `steps` commands, undos and redos among them, the table idle
    after each (the checkpoint due written then, as the app's idle moment does)."""
    rnd = random.Random(seed)
    engine = Engine(SCOREPAD, Journal.create(path, "scorepad"))
    engine.execute(StartPad(("Ann", "Bo", "Cy"), seed=1))
    for _ in range(steps):
        roll = rnd.random()
        if roll < undo_rate and engine.can_undo:
            engine.undo()
        elif roll < 1.5 * undo_rate and engine.can_redo:
            engine.redo()
        else:
            engine.execute(AddPoints(rnd.randrange(3), rnd.randrange(1, 9)))
        engine.write_checkpoint(synced=True)
    return engine


def fully_replayed(path: Path, tmp_path: Path) -> Engine:
    """The journal at `path` replayed from its first step, checkpoints ignored (on a copy, so the
    engine can be played on without touching the original)."""
    copy = tmp_path / f"full-{len(list(tmp_path.glob('full-*.journal')))}.journal"
    shutil.copy(path, copy)
    if Path(f"{path}-wal").exists():  # what the journal's last commits may still lie in
        shutil.copy(f"{path}-wal", f"{copy}-wal")
    journal = Journal.open(copy)
    journal.checkpoints = lambda: []  # type: ignore[method-assign]
    engine = Engine(SCOREPAD, journal)
    assert engine.resumed_from == 0
    return engine


def test_a_resume_folds_only_the_steps_after_the_newest_checkpoint(tmp_path, monkeypatch):
    path = tmp_path / "pad.journal"
    engine = play(path, 700)
    live, history, can_redo = engine.state, engine.history(), engine.can_redo
    written = engine.journal.checkpoints()
    engine.journal.close()
    assert written and len(written) <= journal_checkpoints.KEEP, "the newest few kept"
    applied = []
    real_apply = SCOREPAD.apply
    monkeypatch.setattr(SCOREPAD, "apply", lambda state, event: applied.append(event) or real_apply(state, event))
    resumed = Engine(SCOREPAD, Journal.open(path))
    monkeypatch.undo()
    assert resumed.resumed_from == written[0].step
    assert len(applied) < CHECKPOINT_ON_DISK_EVERY, "only the steps after the checkpoint folded"
    full = fully_replayed(path, tmp_path)
    assert resumed.state == full.state == live
    assert resumed.history() == full.history() == history
    assert resumed.in_effect == full.in_effect and resumed.can_redo == full.can_redo == can_redo
    assert len(resumed._decoded) <= DECODED_KEPT, "steps are read again from the journal, not all kept decoded"


def test_undo_and_redo_after_a_resume_cross_the_checkpoint_as_a_full_replay_does(tmp_path, monkeypatch):
    monkeypatch.setattr(engine_module, "CHECKPOINT_EVERY", 4)
    monkeypatch.setattr(engine_module, "CHECKPOINT_ON_DISK_EVERY", 16)
    path = tmp_path / "pad.journal"
    play(path, 120, seed=5).journal.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.resumed_from > 0
    full = fully_replayed(path, tmp_path)
    undone = 0
    while resumed.can_undo:  # back to the setup: below the checkpoint resumed from, over every other
        resumed.undo()
        full.undo()
        undone += 1
        assert resumed.state == full.state and resumed.in_effect == full.in_effect
    assert undone > 16
    while resumed.can_redo:
        resumed.redo()
        full.redo()
        assert resumed.state == full.state
    resumed.execute(AddPoints(0, 5))
    full.execute(AddPoints(0, 5))
    assert resumed.state == full.state
    resumed.journal.close()
    assert Engine(SCOREPAD, Journal.open(path)).state == full.state


def _rechain(conn: sqlite3.Connection) -> None:
    """The events' sums and the head computed again from the rows as they are now: a journal
    rewritten consistently (what an edit by a tool, or a future migration, leaves), not damage."""
    rows = conn.execute("SELECT seq, step, kind, payload, at FROM events ORDER BY seq").fetchall()
    running = CHAIN_START
    for seq, step, kind, payload, at in rows:
        running = event_sum(running, seq, step, kind, payload, at)
        conn.execute("UPDATE events SET sum = ? WHERE seq = ?", (running, seq))
    last = rows[-1]
    schema.write_meta(conn, {schema.META_HEAD: Head(last[0], last[1], running).format()})


def _with_checkpoint(tmp_path: Path) -> tuple[Path, int]:
    path = tmp_path / "pad.journal"
    play(path, 300, undo_rate=0.0).journal.close()
    with Journal.read(path) as journal:
        newest = journal.checkpoints()[0].step
    return path, newest


def test_a_checkpoint_past_the_end_of_a_truncated_journal_is_ignored_and_removed(tmp_path):
    path, newest = _with_checkpoint(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("DELETE FROM events WHERE step > ?", (newest - 10,))
    _rechain(conn)
    conn.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.resumed_from < newest
    assert resumed.state == fully_replayed(path, tmp_path).state
    resumed.execute(AddPoints(1, 1))
    assert newest in [row.step for row in resumed.journal.checkpoints()], "a step writes no checkpoint"
    assert resumed.checkpoint_due, "the stale one's removal waits for the table to be idle"
    resumed.write_checkpoint(synced=True)
    assert newest not in [row.step for row in resumed.journal.checkpoints()], "the stale checkpoint removed"


def test_a_checkpoint_folded_from_an_event_since_edited_is_ignored(tmp_path):
    path, newest = _with_checkpoint(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE events SET payload = ? WHERE seq = 5", (json.dumps({"seat": 0, "points": 1000}),))
    _rechain(conn)
    conn.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    full = fully_replayed(path, tmp_path)
    assert resumed.resumed_from == 0, "every checkpoint follows the edited event: none is believed"
    assert resumed.state == full.state and 1000 <= max(resumed.state.scores)


def test_a_checkpoint_of_another_version_of_the_code_is_ignored_and_rebuilt(tmp_path, monkeypatch):
    path, newest = _with_checkpoint(tmp_path)
    monkeypatch.setattr(type(SCOREPAD), "snapshot_key", lambda self: "the rules changed")
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.resumed_from == 0
    assert resumed.state == fully_replayed(path, tmp_path).state
    assert resumed.write_checkpoint(), "the checkpoint due is written again, for this version"
    rows = resumed.journal.checkpoints()
    assert [row.fingerprint for row in rows] == [resumed.fingerprint], "the stale ones removed"
    resumed.journal.close()
    assert Engine(SCOREPAD, Journal.open(path)).resumed_from == rows[0].step


@pytest.mark.parametrize("text", [
    '{"codec": 1, "types": [["os:system", []]], "state": ["O", 0]}',  # not companion's class
    '{"codec": 1, "types": [["companion.core.engine:Engine", []]], "state": ["O", 0]}',  # not plain data
    '{"codec": 1, "types": [["companion.games.scorepad.state:PadState", ["players"]]], "state": ["O", 0, ["T"]]}',
    '{"codec": 99, "types": [], "state": 1}',
    '{"codec": 1, "types": [], "sta',  # torn
])
def test_a_checkpoint_that_is_not_a_state_of_this_code_is_ignored(tmp_path, text):
    path, newest = _with_checkpoint(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("UPDATE checkpoints SET state = ? WHERE step = ?", (text, newest))
    conn.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert 0 < resumed.resumed_from < newest, "the next newest is resumed from"
    assert resumed.state == fully_replayed(path, tmp_path).state
    with pytest.raises(snapshots.SnapshotError):
        snapshots.loads(text)


def test_a_checkpoint_that_cannot_be_written_never_costs_the_step(tmp_path, monkeypatch):
    path = tmp_path / "pad.journal"
    engine = play(path, CHECKPOINT_ON_DISK_EVERY - 1, undo_rate=0.0)

    def fails(*args, **kwargs):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(journal_checkpoints, "write", fails)
    engine.execute(AddPoints(0, 1))  # the checkpoint falls due here
    engine.write_checkpoint(synced=True)  # the table idle: it cannot be written
    engine.execute(AddPoints(1, 2))
    assert engine.journal.checkpoints() == []
    engine.journal.close()
    assert Engine(SCOREPAD, Journal.open(path)).state == engine.state


def test_a_checkpoint_left_for_the_idle_moment_and_lost_resumes_from_the_one_before(tmp_path):
    """A step never writes the checkpoint due (the tap would pay for it): it waits for the table to
    be idle (`write_checkpoint`). A power cut between the step and that moment loses only the
    cache: the resume folds from the checkpoint before, to exactly the state the table saw."""
    path = tmp_path / "pad.journal"
    engine = play(path, 2 * CHECKPOINT_ON_DISK_EVERY + 5, undo_rate=0.0)  # idle after each step
    before = engine.journal.checkpoints()[0].step
    for i in range(CHECKPOINT_ON_DISK_EVERY):  # back to back, never idle: one more falls due
        engine.execute(AddPoints(i % 3, 1 + i % 5))
    assert engine.checkpoint_due
    assert engine.journal.checkpoints()[0].step == before, "no step wrote the checkpoint due"
    cut = tmp_path / "cut.journal"  # the file as the disk holds it at the cut, the process gone
    shutil.copy(path, cut)
    if Path(f"{path}-wal").exists():
        shutil.copy(f"{path}-wal", f"{cut}-wal")
    resumed = Engine(SCOREPAD, Journal.open(cut))
    assert resumed.resumed_from == before
    assert resumed.state == engine.state and resumed.in_effect == engine.in_effect
    assert resumed.history() == engine.history()
    assert resumed.checkpoint_due and resumed.write_checkpoint(synced=True), "due again, at the next idle moment"
    newest = resumed.journal.checkpoints()[0].step
    resumed.journal.close()
    assert newest > before and Engine(SCOREPAD, Journal.open(cut)).resumed_from == newest


_KILLED_WRITER = textwrap.dedent("""
    import random, sys
    from companion.core import engine as engine_module
    from companion.core.engine import Engine
    from companion.core.journal import Journal
    from companion.games.scorepad.commands import AddPoints, StartPad
    from companion.games.scorepad.rules import SCOREPAD
    engine_module.CHECKPOINT_EVERY, engine_module.CHECKPOINT_ON_DISK_EVERY = 1, 1  # one with every step
    engine = Engine(SCOREPAD, Journal.create(sys.argv[1], "scorepad"))
    engine.execute(StartPad(("Ann", "Bo"), seed=1))
    rnd = random.Random(1)
    for i in range(100000):
        if rnd.random() < 0.2 and engine.can_undo:
            engine.undo()
        else:
            engine.execute(AddPoints(rnd.randrange(2), 1 + i % 7))
        engine.write_checkpoint(synced=i % 2 == 0)  # the table idle after every step
        if i == 60:
            print("playing", flush=True)
""")


def test_a_process_killed_while_writing_checkpoints_leaves_a_journal_that_resumes_exactly(tmp_path):
    path = tmp_path / "pad.journal"
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(path)], cwd=root, stdout=subprocess.PIPE,
                            text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "playing\n"
    finally:
        proc.kill()  # SIGKILL: mid-step, mid-checkpoint, wherever it was
        proc.wait()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert resumed.resumed_from > 0
    full = fully_replayed(path, tmp_path)
    assert resumed.state == full.state and resumed.in_effect == full.in_effect and resumed.journal.last_step > 60


def test_the_codec_reads_back_equal_states_and_refuses_what_is_not_plain_data():
    state = SCOREPAD.initial_state()
    assert snapshots.loads(snapshots.dumps(state)) == state
    odd = {"k": (1, [2.5, None], frozenset({"a"}), {3: True})}
    assert snapshots.loads(snapshots.dumps(odd)) == odd
    for value in (object(), float("nan"), Path("/")):
        with pytest.raises(snapshots.SnapshotError):
            snapshots.dumps(value)


def test_a_byte_flipped_in_a_checkpoint_is_found_by_its_row_sum(tmp_path):
    """A digit changed in a cached score still decodes, into another game: the row's own sum says
    it is not what was written."""
    path, newest = _with_checkpoint(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    text = conn.execute("SELECT state FROM checkpoints WHERE step = ?", (newest,)).fetchone()[0]
    digit = re.search(r'\["T",(\d)', text)  # the first score
    assert digit is not None
    flipped = text[:digit.start(1)] + str((int(digit.group(1)) + 1) % 10) + text[digit.end(1):]
    assert snapshots.loads(flipped) != snapshots.loads(text), "the flipped state decodes, to another game"
    conn.execute("UPDATE checkpoints SET state = ? WHERE step = ?", (flipped, newest))
    conn.close()
    resumed = Engine(SCOREPAD, Journal.open(path))
    assert 0 < resumed.resumed_from < newest
    assert resumed.state == fully_replayed(path, tmp_path).state
