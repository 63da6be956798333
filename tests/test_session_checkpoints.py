"""The open game's checkpoint is written when the table is idle (`Session.idle`, the UI's idle
moment) or the game is put away, never within a fact's handling: a tap never pays for encoding
and writing the state, and a checkpoint never written (power lost before the idle moment) only
makes the next resume fold from the one before."""

from __future__ import annotations

import shutil
from pathlib import Path

from companion.core.engine import CHECKPOINT_ON_DISK_EVERY
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session


def played(data: Path, steps: int) -> Session:
    session = Session(all_rules(), JournalStore(data))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for i in range(steps - 1):
        session.handle(Intent("add_points", {"seat": i % 2, "points": 1 + i % 5}))
    return session


def test_a_fact_writes_no_checkpoint_the_idle_moment_does(tmp_path):
    session = played(tmp_path / "data", CHECKPOINT_ON_DISK_EVERY + 3)  # one due since a few steps
    journal = session.engine.journal
    assert journal.checkpoints() == [], "no step wrote the checkpoint due"
    session.idle()
    written = journal.checkpoints()
    assert len(written) == 1 and written[0].step < journal.last_step
    session.handle(Intent("add_points", {"seat": 0, "points": 2}))
    session.idle()  # nothing more due: nothing written
    assert journal.checkpoints() == written
    session.shutdown()
    resumed = Session(all_rules(), JournalStore(tmp_path / "data"))
    resumed.resume(journal.path)
    assert resumed.engine.resumed_from == written[0].step
    resumed.shutdown()


def test_a_checkpoint_left_for_the_idle_moment_and_lost_costs_only_a_longer_resume(tmp_path):
    session = played(tmp_path / "data", CHECKPOINT_ON_DISK_EVERY + 3)
    path = Path(session.engine.journal.path)
    seen = session.table_view().view
    cut = tmp_path / "cut" / path.name  # the disk at a power cut: no idle moment, no shutdown
    cut.parent.mkdir()
    shutil.copy(path, cut)
    if Path(f"{path}-wal").exists():
        shutil.copy(f"{path}-wal", f"{cut}-wal")
    resumed = Session(all_rules(), JournalStore(tmp_path / "cut"))
    resumed.resume(cut)
    assert resumed.engine.resumed_from == 0, "no checkpoint on disk: folded from the first step"
    assert resumed.table_view().view == seen
    resumed.idle()  # the resume's own fold found it due again
    assert resumed.engine.journal.checkpoints()
    resumed.shutdown()
    session.shutdown()
