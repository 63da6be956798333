"""A flipped byte anywhere in a journal: every reader loads the same game or refuses the file,
never a different game without a word, never a crash (`tests/core/flips.py`)."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session

from tests.core.flips import Flipper, flip_all, quiet

TRAJAN_FIXTURE = Path(__file__).resolve().parents[1] / "games" / "trajan" / "journals" / "old-defaults-season.journal"


def small_journal(directory: Path) -> Path:
    """A score pad game of a few steps with an undo: every kind of row a journal holds."""
    session = Session(all_rules(), JournalStore(directory))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    for seat, points in ((0, 3), (1, 5), (0, 2)):
        session.handle(Intent("add_points", {"seat": seat, "points": points}))
    session.handle(Intent("undo"))
    path = session.engine.journal.path
    session.shutdown()
    return path


@pytest.mark.timeout(1800)
def test_every_byte_of_a_small_journal_flipped(tmp_path):
    journal = small_journal(tmp_path / "made")
    assert not [p for p in journal.parent.iterdir() if p != journal], "closed: no side files"
    tally = flip_all(journal, all_rules(), tmp_path / "work")
    print("\n" + tally.summary())
    assert tally.flips == journal.stat().st_size
    assert tally.total("silent") == 0 and tally.total("crash") == 0, tally.bad
    assert tally.counts["doctor agrees with the app"]["no"] == 0, tally.bad
    assert tally.counts["app"]["refused"] > 100, "the test flips bytes that matter"


def trajan_journal(directory: Path) -> Path:
    """A whole Trajan game (the version 1 fixture, brought to this version by opening it)."""
    directory.mkdir(parents=True)
    path = directory / "20260101-000000-000000-trajan.journal"
    shutil.copy(TRAJAN_FIXTURE, path)
    Journal.open(path).close()
    return path


@pytest.mark.timeout(900)
def test_flipped_bytes_of_a_trajan_game(tmp_path):
    """The issue's case: a Trajan journal (6 of 1,000 flips loaded another state, 6 crashed)."""
    journal = trajan_journal(tmp_path / "made")
    offsets = random.Random(18).sample(range(journal.stat().st_size), 150)
    tally = flip_all(journal, all_rules(), tmp_path / "work", offsets)
    print("\n" + tally.summary())
    assert tally.total("silent") == 0 and tally.total("crash") == 0, tally.bad


def test_a_version_1_journal_flipped_never_crashes(tmp_path):
    """Old journals carry no checksums: a flip may go unseen there (what version 2 is for), but
    it never crashes a reader."""
    with quiet():
        flipper = Flipper(TRAJAN_FIXTURE, all_rules(), tmp_path / "work")
        for offset in random.Random(1).sample(range(len(flipper.original)), 60):
            flipper.flip(offset)
    print("\n" + flipper.tally.summary())
    assert flipper.tally.total("crash") == 0, flipper.tally.bad
