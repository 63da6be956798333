"""Opt-in soak of the journals (not collected by pytest; run by hand, it takes minutes):

    python tests/soak_journals.py [--kills 500] [--trajan-flips 1000] [--app-kills 0] [--seed 18]

- `--kills N`: N SIGKILLs of the journal worker while it creates journals and writes steps, each
  next start checked (tests/e2e/test_kill_journals.py, the suite's 50 trials made N);
- `--trajan-flips N`: N bytes of a whole Trajan game's journal flipped, each read by the app's load
  path, `companion replay` and `companion doctor` (tests/core/flips.py; the issue's 1,000);
- `--app-kills N`: N SIGKILLs of the real app mid-play (tests/e2e/test_crash_resume.py with
  COMPANION_CRASH_TRIALS=N; about a second a trial).
Prints one line per part and exits 1 if any check failed.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def soak_kills(trials: int, seed: int, work: Path) -> bool:
    from tests.e2e.test_kill_journals import Outcome, kill_once

    rng = random.Random(seed)
    data = work / "kills"
    outcome = Outcome()
    acked: dict[Path, int] = {}
    touched: list[Path] = []
    started = time.monotonic()
    for trial in range(trials):
        games = data / "games"
        before = {p.name for p in games.iterdir()} if games.is_dir() else set()
        kill_once(data, trial, rng.choice([0, 1, 1, 2, 2, 3, 4, 6]), outcome, acked, touched)
        outcome.removed_by_next_start += len({p for p in before if p.startswith(".")})
    from companion.config import Config
    from companion.start_data import open_store

    last = open_store(Config(data_dir=str(data)))
    try:
        infos = last.store.list()
        ok = not last.store.notices and all(i.is_started for i in infos) and {i.path for i in infos} >= set(acked)
    finally:
        last.release()
    outcome.journals = len(infos)
    outcome.steps_acknowledged = sum(acked.values())
    print(f"kills: {outcome.line()} ({time.monotonic() - started:.0f} s)", flush=True)
    return ok


def soak_trajan_flips(count: int, seed: int, work: Path) -> bool:
    from companion.games import all_rules
    from tests.core.flips import flip_all
    from tests.core.test_journal_flips import trajan_journal

    journal = trajan_journal(work / "trajan")
    size = journal.stat().st_size
    offsets = random.Random(seed).sample(range(size), min(count, size))
    started = time.monotonic()
    tally = flip_all(journal, all_rules(), work / "flips", offsets)
    print(f"trajan flips ({size}-byte journal): {tally.summary()}; {tally.total('silent')} silent, "
          f"{tally.total('crash')} crashes ({time.monotonic() - started:.0f} s)", flush=True)
    for bad in tally.bad:
        print("  ", bad)
    return tally.total("silent") == 0 and tally.total("crash") == 0 and not tally.counts["doctor agrees with the app"]["no"]


def soak_app_kills(trials: int) -> bool:
    env = dict(os.environ, COMPANION_CRASH_TRIALS=str(trials))
    # Without pytest-timeout: the test's own bound (600 s) is for its 50 trials, not for N.
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-p", "no:timeout",
                           str(ROOT / "tests" / "e2e" / "test_crash_resume.py")], cwd=ROOT, env=env,
                          capture_output=True, text=True)
    said = [line for line in proc.stdout.splitlines() if "SIGKILLs" in line]
    print("app kills:", said[0] if said else proc.stdout[-2000:], flush=True)
    return proc.returncode == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--kills", type=int, default=500)
    ap.add_argument("--trajan-flips", type=int, default=1000)
    ap.add_argument("--app-kills", type=int, default=0)
    ap.add_argument("--seed", type=int, default=18)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="companion-soak-") as scratch:
        work = Path(scratch)
        results = []
        if args.kills:
            results.append(soak_kills(args.kills, args.seed, work))
        if args.trajan_flips:
            results.append(soak_trajan_flips(args.trajan_flips, args.seed, work))
        if args.app_kills:
            results.append(soak_app_kills(args.app_kills))
    print("soak passed" if all(results) else "SOAK FAILED")
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
