"""Journal benchmark: durable append latency and replay time, each beside a floor measured in the same run.

- append: one score-pad step through `Engine.execute` (decide → SQLite WAL commit with
  synchronous=FULL → apply), against the floor of writing the same bytes with write()+fsync().
  Target: p50 ≤ 5 ms.
- replay: opening a 10,000-event journal and folding it into the live state (what start-up and
  `companion replay` do), against the floor of just reading the rows and parsing their JSON.
  Target: ≤ 100 ms.
- memory: what an Engine holds once it has replayed a `--memory-events` journal (100,000 events),
  measured with tracemalloc (its history, the checkpoints undo folds from). Target: ≤ 20 MB.

Run: python benchmarks/journal.py [--dir DIR] [--appends N]. DIR should be on the disk the data
directory lives on (default: a temp dir under ~/.local/share), since fsync cost is the disk's.
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import Figure, emit  # noqa: E402
from companion.core.engine import Engine  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.games.scorepad.commands import AddPoints, StartPad  # noqa: E402
from companion.games.scorepad.rules import SCOREPAD  # noqa: E402


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def bench_append(directory: Path, n: int) -> tuple[list[float], list[float]]:
    engine = Engine(SCOREPAD, Journal.create(directory / "append.journal", "scorepad"))
    engine.execute(StartPad(("Ann", "Bo", "Cy", "Di"), seed=1))
    raw_fd = os.open(directory / "floor.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    payload = json.dumps({"seat": 1, "points": 3}).encode()
    engine_times, floor_times = [], []
    for i in range(n):  # alternate so both see the same disk conditions
        t0 = time.perf_counter()
        engine.execute(AddPoints(i % 4, 1 + i % 7))
        engine_times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        os.write(raw_fd, payload)
        os.fsync(raw_fd)
        floor_times.append(time.perf_counter() - t0)
    os.close(raw_fd)
    engine.journal.close()
    return engine_times, floor_times


def build_journal(path: Path, events: int) -> None:
    journal = Journal.create(path, "scorepad")
    engine = Engine(SCOREPAD, journal)
    engine.execute(StartPad(("Ann", "Bo", "Cy", "Di"), seed=1))
    # Bulk-write the remaining steps in one transaction: same rows (and checksums) as live play, built quickly.
    codec = engine.codec
    steps = [[codec.encode(SCOREPAD.decide(engine.state, AddPoints(i % 4, 1 + i % 5))[0])] for i in range(1, events)]
    journal.append_steps(steps)
    journal.close()


def bench_replay(path: Path, runs: int) -> tuple[list[float], list[float], int]:
    replay_times, floor_times, events = [], [], 0
    for _ in range(runs):
        t0 = time.perf_counter()
        engine = Engine(SCOREPAD, Journal.open(path))
        replay_times.append(time.perf_counter() - t0)
        events = engine.journal.last_seq
        engine.journal.close()
        t0 = time.perf_counter()
        j = Journal.open(path)
        for record in j.records():
            json.loads(record.payload)
        j.close()
        floor_times.append(time.perf_counter() - t0)
    return replay_times, floor_times, events


def bench_memory(path: Path) -> tuple[float, float, int]:
    """(MB the engine holds, MB of its peak, events): a journal replayed into an Engine, traced with
    tracemalloc from before the open to after the replay (what a resumed game keeps for its
    history, undo and corrections)."""
    import gc
    import tracemalloc

    gc.collect()
    tracemalloc.start()
    engine = Engine(SCOREPAD, Journal.open(path))
    gc.collect()
    held, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    events = engine.journal.last_seq
    engine.journal.close()
    return held / 2**20, peak / 2**20, events


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_dir = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share"))
    ap.add_argument("--dir", type=Path, default=default_dir)
    ap.add_argument("--appends", type=int, default=500)
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--memory-events", type=int, default=100_000,
                    help="the journal whose replayed engine's memory is measured (0: not measured)")
    args = ap.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="companion-bench-") as d:
        directory = Path(d)
        eng, floor = bench_append(directory, args.appends)
        build_journal(directory / "replay.journal", args.events)
        rep, rep_floor, events = bench_replay(directory / "replay.journal", args.runs)
        memory = None
        if args.memory_events:
            build_journal(directory / "memory.journal", args.memory_events)
            memory = bench_memory(directory / "memory.journal")

    ms = 1000.0
    print(f"journal benchmark (dir {args.dir}, {args.appends} appends, {events} events replayed, {args.runs} runs)")
    print(f"{'measure':<34}{'companion':>12}{'floor':>12}{'ratio':>8}{'target':>12}")
    rows = [
        ("durable append p50 (ms)", statistics.median(eng) * ms, statistics.median(floor) * ms, "<= 5 ms"),
        ("durable append p99 (ms)", percentile(eng, 99) * ms, percentile(floor, 99) * ms, ""),
        (f"replay {events} events, median (ms)", statistics.median(rep) * ms, statistics.median(rep_floor) * ms, "<= 100 ms"),
    ]
    for name, value, base, target in rows:
        print(f"{name:<34}{value:>12.2f}{base:>12.2f}{value / base:>8.2f}{target:>12}")
    ok = rows[0][1] <= 5 and rows[2][1] <= 100
    if memory is not None:
        held, peak, count = memory
        print(f"{f'engine memory, {count} events (MB)':<34}{held:>12.1f}{'':>12}{'':>8}{'<= 20 MB':>12}")
        print(f"{'  its peak while replaying (MB)':<34}{peak:>12.1f}")
        ok = ok and held <= 20
    print("targets met" if ok else "TARGET MISSED")
    figures = [Figure("journal", name.replace(" (ms)", ""), value, "ms", float(target.split()[1]) if target else None,
                      f"{value / base:.2f}x floor {base:.2f} ms") for name, value, base, target in rows]
    if memory is not None:
        figures += [Figure("journal", f"engine memory, {count} events", held, "MB", 20.0),
                    Figure("journal", "  its peak while replaying", peak, "MB")]
    emit(figures)
    return 0  # a missed target is printed, not an exit code


if __name__ == "__main__":
    raise SystemExit(main())
