"""SIGKILL while journals are being created and steps written: never a journal without its set-up,
never a file the next start sets aside, never a lost acknowledged step, never a leftover after it.

Each trial starts `tests/e2e/journal_worker.py` (the app's start on its data directory, then new
games and steps as fast as it can) and kills it once it has said a random number of durable things
(0: during start-up), or, one trial in ten, once it says it holds a journal built but not yet
renamed; the kill is a point in what it said, never a duration, so the same trials happen on a
fast machine and a loaded one. The next trial's start is the check that matters: it
must tidy what the kill left, set nothing aside and resume the game played last.
COMPANION_KILL_TRIALS=N runs N trials (50 by default; tests/soak_journals.py runs 500 and more).
"""

from __future__ import annotations

import dataclasses
import os
import random
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from companion.config import Config
from companion.core.journal import Journal
from companion.start_data import open_store

from tests.waiting import TIMEOUT

ROOT = Path(__file__).resolve().parents[2]
WORKER = ROOT / "tests" / "e2e" / "journal_worker.py"
TRIALS = int(os.environ.get("COMPANION_KILL_TRIALS", "50"))


@dataclasses.dataclass
class Outcome:
    trials: int = 0
    kills_mid_creation: int = 0  # a temporary journal was left: the kill came while one was being built
    journals: int = 0
    steps_acknowledged: int = 0
    removed_by_next_start: int = 0

    def line(self) -> str:
        return (f"{self.trials} SIGKILLs: {self.kills_mid_creation} while a journal was being created, "
                f"{self.journals} journals, {self.steps_acknowledged} steps acknowledged and present, "
                f"{self.removed_by_next_start} leftovers tidied by the next start, 0 set aside, 0 lost")


def kill_once(data: Path, seed: int, wait_lines: int, outcome: Outcome, acked: dict[Path, int],
              touched: list[Path], hold: bool = False) -> None:
    """One trial; `acked`: the last step acknowledged per journal so far, `touched`: the journals in
    the order they were last written to (the last one is the game played last)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, str(WORKER), str(data), str(seed), *(["hold"] if hold else [])], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines: list[str] = []
    moment = threading.Event()

    def read() -> None:
        if wait_lines == 0 and not hold:
            moment.set()
        for line in proc.stdout:  # type: ignore[union-attr]
            if not line.endswith("\n"):  # cut by the kill (print writes word by word): never said whole
                break
            if line.startswith("building "):  # held mid-creation (hold): nothing durable said
                moment.set()
                continue
            lines.append(line.rstrip("\n"))
            if len(lines) >= wait_lines and not hold:
                moment.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert moment.wait(TIMEOUT * 2), f"{wait_lines} lines not said: {lines[-5:]} {proc.stderr.read()[-2000:] if proc.poll() is not None else ''}"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=TIMEOUT)
    reader.join(timeout=TIMEOUT)
    err = proc.stderr.read()  # type: ignore[union-attr]
    assert proc.returncode == -signal.SIGKILL, f"the worker ended by itself: {err[-3000:]}"
    outcome.trials += 1

    if lines and lines[0].startswith("ready"):
        _, resumed, *problems = lines[0].split(" ", 2)
        assert not [p for p in problems if p], f"the start told of a problem: {problems}"
        if touched:  # the game played last, or one made after it whose creation was not yet said
            assert resumed == str(touched[-1]) or Path(resumed) not in acked, (resumed, touched[-1])
    for line in lines[1:]:
        kind, path, *rest = line.split(" ")
        acked[Path(path)] = int(rest[0]) if rest else 1
        if Path(path) in touched:
            touched.remove(Path(path))
        touched.append(Path(path))

    games = data / "games"
    if any(p.name.endswith((".new", ".new-wal", ".new-journal")) for p in games.iterdir()):
        outcome.kills_mid_creation += 1
    for path, number in acked.items():
        with Journal.read(path) as journal:  # the acknowledged game is there, whole, and intact
            assert journal.last_step >= number, f"{path.name}: step {number} acknowledged, {journal.last_step} on disk"
            journal.verify()
    for path in games.glob("*.journal"):
        with Journal.read(path) as journal:
            assert journal.last_step >= 1, f"{path.name}: a journal without its set-up step"
            journal.verify()


@pytest.mark.timeout(1800)
def test_sigkill_while_creating_journals_and_writing_steps(tmp_path):
    rng = random.Random(int(os.environ.get("COMPANION_KILL_SEED", "18")))
    data = tmp_path / "data"
    outcome = Outcome()
    acked: dict[Path, int] = {}
    touched: list[Path] = []
    for trial in range(TRIALS):
        before = {p.name for p in (data / "games").iterdir()} if (data / "games").is_dir() else set()
        kill_once(data, trial, rng.choice([0, 1, 1, 2, 2, 3, 4, 6]), outcome, acked, touched, hold=trial % 10 == 3)
        outcome.removed_by_next_start += len({p for p in before if p.startswith(".")})
    started = open_store(Config(data_dir=str(data)))
    try:
        left = sorted(p.name for p in (data / "games").iterdir()
                      if not p.name.endswith(".journal")
                      and not (p.name.endswith(("-wal", "-shm")) and p.with_name(p.name[:-4]).exists()))
        assert left == [], f"the last start left {left}"
        infos = started.store.list()
        assert started.store.notices == [] and started.store.set_aside == []
        assert {info.path for info in infos} >= set(acked), "every acknowledged game is listed"
        assert all(info.is_started for info in infos)
    finally:
        started.release()
    outcome.journals = len(infos)
    outcome.steps_acknowledged = sum(acked.values())
    print("\n" + outcome.line())
    assert outcome.kills_mid_creation >= 1, "some kills must land while a journal is being built"
