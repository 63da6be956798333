"""End to end: the real app process, scripted input, SIGKILL at random moments, restart.

Each trial starts `companion` (which resumes the unfinished game by itself, as after a power cut),
plays a script of touches and pad presses, and is killed with SIGKILL at a random moment. The app
logs `durable step N` only after step N is committed to the journal; those lines are the
acknowledgements. After every kill the journal must hold every acknowledged step, in order, plus
at most the one step that was committed but not yet acknowledged when the kill came — never a
partial step — and the next start must resume at exactly the journal's last step.

Each trial's app is forked from one warm helper that has done the imports already
(`tests/e2e/appfork.py`): the child runs `companion.cli.main` with the trial's arguments, in its
own process, as `python -m companion` would, without paying Kivy's and companion's imports fifty
times over.
"""

from __future__ import annotations

import os
import random
import re
import signal
import threading
from pathlib import Path

import pytest

from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import built_games
from companion.session import Intent, Session

from tests.e2e.appfork import AppForker

ROOT = Path(__file__).resolve().parents[2]
TRIALS = int(os.environ.get("COMPANION_CRASH_TRIALS", "50"))
DURABLE = re.compile(r"durable step (\d+) ")
RESUMED = re.compile(r"resumed \S+ at step (\d+)")


def app_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1",
        KIVY_USE_DEFAULTCONFIG="1", KIVY_HOME=str(home / "kivy"), KIVY_LOG_MODE="PYTHON",
        XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
        PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
    )
    return env


def write_script(path: Path, inputs: int, rng: random.Random) -> None:
    lines = []
    for _ in range(inputs):
        seat = rng.randrange(2)
        if rng.random() < 0.3:
            lines.append(f"press {seat + 1} {rng.choice(['plus', 'minus'])}")
        elif rng.random() < 0.1:
            lines.append("touch table.undo")
        else:
            lines.append(f"touch table.seat.{seat}.{rng.choice(['plus1', 'plus5', 'minus1'])}")
    lines.append("quit")
    path.write_text("\n".join(lines) + "\n")


def journal_steps(path: Path) -> list[tuple[int, int]]:
    """(step, number of events) per step, in order."""
    with Journal.open(path) as journal:
        counts: dict[int, int] = {}
        for record in journal.records():
            counts[record.step] = counts.get(record.step, 0) + 1
    return sorted(counts.items())


@pytest.fixture
def forker(tmp_path):
    """The warm parent of every trial's app (`tests/e2e/appfork.py`), with the trials' environment."""
    with AppForker(app_env(tmp_path), tmp_path / "forker.log", tmp_path / "fifos") as forker:
        yield forker


@pytest.mark.timeout(600)
def test_sigkill_at_random_moments_loses_nothing_acknowledged(tmp_path, forker):
    rng = random.Random(int(os.environ.get("COMPANION_CRASH_SEED", "20261130")))
    env = app_env(tmp_path)
    data = tmp_path / "data" / "companion"
    session = Session(built_games(), JournalStore(data))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 7}}))
    path = session.engine.journal.path
    session.shutdown()
    known = journal_steps(path)
    acked_total = 0
    killed_mid_play = 0
    planned_mid_play = planned_acks = 0

    for trial in range(TRIALS):
        script = tmp_path / f"script{trial}.txt"
        write_script(script, 400, rng)
        # The kill moment is a point in what the app has said, not a duration, so the same trials
        # happen on a fast machine and a slow one. Most kills come once `wait_acks` steps are
        # acknowledged (the app goes on writing, so the kill still lands mid-write); a few come
        # after `wait_lines` lines of start-up (0: before Python has even started), or at the
        # first acknowledged step if start-up said less than that.
        mid_play = rng.random() < 0.8
        wait_acks = rng.randint(1, 25) if mid_play else 0
        wait_lines = 0 if mid_play else rng.randint(0, 12)
        planned_mid_play += mid_play
        planned_acks += wait_acks
        proc = forker.start(["--input-script", str(script)])
        lines: list[str] = []
        acks = [0]
        moment = threading.Event()

        def reached() -> bool:
            return acks[0] >= wait_acks if mid_play else (len(lines) >= wait_lines or acks[0] >= 1)

        def read() -> None:
            if reached():
                moment.set()
            for line in proc.stderr:  # type: ignore[union-attr]
                lines.append(line)
                acks[0] += bool(DURABLE.search(line))
                if reached():
                    moment.set()

        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        assert moment.wait(timeout=60), \
            f"trial {trial}: {wait_acks} steps or {wait_lines} lines not said in 60 s: {''.join(lines)[-2000:]}"
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
        reader.join(timeout=30)
        assert not reader.is_alive(), f"trial {trial}: the app's output did not end after the kill"
        proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL, f"trial {trial}: the app ended by itself: {''.join(lines)[-2000:]}"

        resumed = [int(m.group(1)) for line in lines if (m := RESUMED.search(line))]
        if resumed:
            assert resumed[0] == known[-1][0], f"trial {trial}: resumed at {resumed[0]}, journal ends at {known[-1][0]}"
        acked = [int(m.group(1)) for line in lines if (m := DURABLE.search(line))]
        steps = journal_steps(path)
        numbers = [n for n, _ in steps]
        assert steps[: len(known)] == known, f"trial {trial}: steps from earlier runs changed"
        assert all(count == 1 for _, count in steps), f"trial {trial}: a partial or merged step"
        assert numbers == list(range(1, len(numbers) + 1)), f"trial {trial}: a gap in the steps"
        new = numbers[len(known):]
        assert new[: len(acked)] == acked, f"trial {trial}: acknowledged {acked[-3:]} but journal has {new[-3:]}"
        assert len(new) - len(acked) <= 1, f"trial {trial}: {len(new) - len(acked)} unacknowledged steps"
        acked_total += len(acked)
        killed_mid_play += bool(acked)
        known = steps

    print(f"\n{TRIALS} SIGKILLs: {killed_mid_play} mid-play, {acked_total} steps acknowledged, "
          f"journal ends at step {known[-1][0]}, every acknowledged step present")
    # The kills must have hit a game in progress, not only start-ups, for the test to mean anything:
    # the plan says so, and every planned mid-play kill came after its acknowledged steps.
    assert planned_mid_play >= TRIALS // 2 and planned_acks > TRIALS * 5, (planned_mid_play, planned_acks)
    assert killed_mid_play >= planned_mid_play and acked_total >= planned_acks, (killed_mid_play, acked_total)
    view = Session(built_games(), JournalStore(data))
    view.resume(path)
    assert view.engine.journal.last_step == known[-1][0]
    view.shutdown()
