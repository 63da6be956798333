"""Card facts benchmark: what the table's own card facts (Settings → Card facts) cost, beside a
floor measured in the same run.

- new game: `Session.new_game` of a 4-player Troyes game, through to its set-up step on disk, with
  no card-facts file and with the table's file holding 3 changed facts (read, checked by the
  rules, merged into the set-up). Floor: creating a journal and writing one row of the same size.
- change: one card fact set on the card-facts screen (`Session.set_data`: checked by the rules as
  a whole, then the file written atomically). Floor: writing, syncing and renaming a file of the
  same size (the atomic write alone). Target: a change feels instant, ≤ 50 ms here.

Run: python benchmarks/card_facts.py [--runs 15]   (wall and CPU, p50 and p99)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import Figure, emit  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.core.store import JournalStore  # noqa: E402
from companion.games import all_rules  # noqa: E402
from companion.session import Intent, Session  # noqa: E402

TARGET_CHANGE_MS = 50.0
EDITS = {"cards": {"blacksmith": {"divisor": 4}}, "events": {"raid": {"prizes.0": 3}},
         "characters": {"thibaut_ii": {"every": 2}}}


def timed(fn: Callable[[], None]) -> tuple[float, float]:
    """(wall, CPU) seconds of one call."""
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def report(name: str, runs: list[tuple[float, float]], floor: list[tuple[float, float]],
           target: float | None = None) -> list[Figure]:
    """Prints the row; returns its figures for `run_all` (the target on the wall p50, as printed)."""
    ms = 1000.0
    wall, cpu = [w * ms for w, _ in runs], [c * ms for _, c in runs]
    base = statistics.median(w for w, _ in floor) * ms
    goal = f"<= {target:.0f}" if target is not None else ""
    print(f"{name:<34}{statistics.median(wall):>9.2f}{pct(wall, 99):>9.2f}{statistics.median(cpu):>9.2f}"
          f"{pct(cpu, 99):>9.2f}{base:>9.2f}{statistics.median(wall) / base:>7.1f}{goal:>9}")
    ratio = f"{statistics.median(wall) / base:.1f}x floor"
    return [Figure("card_facts", f"{name}: wall p50", statistics.median(wall), "ms", target, ratio),
            Figure("card_facts", f"{name}: CPU p99", pct(cpu, 99), "ms", None, f"p50 {statistics.median(cpu):.2f}")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    rules = all_rules()
    rules["troyes"].data_tables()  # the declaration read once, as a running app has
    plain, edited, journal_floor, change, write_floor = [], [], [], [], []
    with tempfile.TemporaryDirectory(prefix="companion-cardfacts-bench-") as d:
        root = Path(d)
        bare = Session(rules, JournalStore(root / "bare"))
        own = Session(rules, JournalStore(root / "own"))
        for table, entries in EDITS.items():
            for entry, fields in entries.items():
                for field, value in fields.items():
                    own.set_data("troyes", table, entry, field, value)
        setup = {"players": ["Ann", "Bo", "Cy", "Di"], "seed": 11}
        row = json.dumps({"data": "x" * 9000})
        divisor = 4
        for i in range(args.runs):  # alternated, so each sees the same machine
            plain.append(timed(lambda: bare.handle(Intent("new_game", {"game": "troyes", "setup": dict(setup)}))))
            edited.append(timed(lambda: own.handle(Intent("new_game", {"game": "troyes", "setup": dict(setup)}))))
            assert own.engine.state.catalog.cards["blacksmith"].divisor == divisor  # the table's value played

            def floor_journal(i: int = i) -> None:
                journal = Journal.create(root / f"floor-{i}.journal", "troyes")
                journal.append([("troyes.set_up", row)])
                journal.close()

            journal_floor.append(timed(floor_journal))
            divisor = 5 + i % 2  # a change every time (5, 6, 5 …)
            change.append(timed(lambda: own.set_data("troyes", "cards", "blacksmith", "divisor", divisor)))
            text = (root / "own" / "card-facts" / "troyes.json").read_text()

            def floor_write() -> None:
                tmp = root / "floor.tmp"
                with open(tmp, "w", encoding="utf-8") as f:
                    f.write(text)
                    f.flush()
                    os.fsync(f.fileno())
                os.replace(tmp, root / "floor.json")

            write_floor.append(timed(floor_write))
        bare.shutdown()
        own.shutdown()
    print(f"Card facts benchmark: {args.runs} runs; ms (wall p50, p99; CPU p50, p99), floor's wall p50, ratio")
    print(f"{'measure':<34}{'wall50':>9}{'wall99':>9}{'cpu50':>9}{'cpu99':>9}{'floor':>9}{'ratio':>7}{'target':>9}")
    figures = report("new Troyes game, no file", plain, journal_floor)
    figures += report("new Troyes game, table's file", edited, journal_floor)
    figures += report("one card fact changed", change, write_floor, TARGET_CHANGE_MS)
    print("(floors: a new journal with one row of the set-up's size; an atomic write of the same file)")
    ok = statistics.median(w for w, _ in change) * 1000 <= TARGET_CHANGE_MS
    print("target met" if ok else "TARGET MISSED")
    emit(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
