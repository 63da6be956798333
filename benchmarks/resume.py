"""Resume benchmark: reopening a game from its journal on disk, from its newest checkpoint, against
replaying every step (what a resume cost before checkpoints) and the floor of reading the rows.

- score pad, 10,000 events: `Journal.open` + `Engine` (every event read and checked, the steps
  after the newest checkpoint folded), the game put away once before as the app does (its
  checkpoint written). Target: p50 ≤ 100 ms.
- Trajan, a random legal 4-player game played to its end through the engine (checkpoints
  written as they fall due): the same resume, and a whole replay of it (checkpoints ignored).
  Targets: resume p50 ≤ 100 ms, whole replay p50 ≤ 20 ms.
- memory: what an engine holds (tracemalloc) once it has opened a 100,000-event score pad,
  resumed from its checkpoint and replayed whole. Target: ≤ 20 MB.

"before" in the table is replaying every step (the path a resume took before checkpoints);
"floor" is `Journal.open` and reading every row (`Journal.records`: each checked), which both
must do. Wall and CPU (`time.process_time`) p50 and p99 of `--runs` runs each, alternated so they
see the same machine.

Run: python benchmarks/resume.py [--runs 15] [--events 10000] [--memory-events 100000] [--dir DIR]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import Figure, emit  # noqa: E402

from benchmarks.inapp import percentile  # noqa: E402
from benchmarks.journal import build_journal  # noqa: E402
from companion.core.engine import Engine  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.games.scorepad.rules import SCOREPAD  # noqa: E402
from companion.games.trajan.commands import SetupTrajan  # noqa: E402
from companion.games.trajan.legal import legal_commands  # noqa: E402
from companion.games.trajan.rules import TRAJAN  # noqa: E402


def open_engine(game: Any, path: Path, whole: bool) -> Engine:
    """The engine a resume builds; `whole`: its checkpoints ignored, every step folded."""
    journal = Journal.open(path)
    if whole:
        journal.checkpoints = lambda: []  # type: ignore[method-assign]
    return Engine(game, journal)


def put_away(game: Any, path: Path) -> int:
    """Opens the game and puts it away as the app does (the checkpoint due written); returns the
    step the next resume folds from."""
    engine = open_engine(game, path, whole=False)
    engine.write_checkpoint()
    engine.journal.close()
    engine = open_engine(game, path, whole=False)
    engine.journal.close()
    return engine.resumed_from


def play_trajan(path: Path, seed: int) -> int:
    """A random legal 4-player Trajan game played to its end through the engine; its events."""
    rnd = random.Random(seed)
    engine = Engine(TRAJAN, Journal.create(path, "trajan"))
    engine.execute(SetupTrajan(("P0", "P1", "P2", "P3"), ("red", "blue", "green", "yellow"), seed=seed))
    while not engine.is_finished:
        engine.execute(rnd.choice(legal_commands(engine.state)))
    events = engine.journal.last_seq
    engine.journal.close()
    return events


def timed(fn: Callable[[], Any]) -> tuple[float, float]:
    gc.collect()
    w0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w0, time.process_time() - c0


def measure(game: Any, path: Path, runs: int) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) samples of a resume, a whole replay and the floor, alternated."""
    def resume() -> None:
        open_engine(game, path, whole=False).journal.close()

    def whole() -> None:
        open_engine(game, path, whole=True).journal.close()

    def floor() -> None:
        with Journal.open(path) as journal:
            for _ in journal.records():
                pass

    out: dict[str, list[tuple[float, float]]] = {"resume": [], "whole": [], "floor": []}
    for _ in range(runs):
        out["resume"].append(timed(resume))
        out["whole"].append(timed(whole))
        out["floor"].append(timed(floor))
    return out


def held_mb(game: Any, path: Path, whole: bool) -> float:
    """MB an engine holds once open (traced from before the open to after it, collected)."""
    gc.collect()
    tracemalloc.start()
    engine = open_engine(game, path, whole)
    gc.collect()
    held, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    engine.journal.close()
    return held / 2**20


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_dir = Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local/share"))
    ap.add_argument("--dir", type=Path, default=default_dir)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--events", type=int, default=10_000)
    ap.add_argument("--memory-events", type=int, default=100_000, help="0: memory not measured")
    ap.add_argument("--seed", type=int, default=1001)
    args = ap.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=args.dir, prefix="companion-resume-bench-") as d:
        directory = Path(d)
        pad = directory / "pad.journal"
        build_journal(pad, args.events)
        pad_from = put_away(SCOREPAD, pad)
        trajan = directory / "trajan.journal"
        trajan_events = play_trajan(trajan, args.seed)
        trajan_from = put_away(TRAJAN, trajan)
        with Journal.open(trajan) as journal:
            trajan_steps = journal.last_step
        pad_t = measure(SCOREPAD, pad, args.runs)
        trajan_t = measure(TRAJAN, trajan, args.runs)
        memory = None
        if args.memory_events:
            big = directory / "memory.journal"
            build_journal(big, args.memory_events)
            put_away(SCOREPAD, big)
            memory = (held_mb(SCOREPAD, big, whole=False), held_mb(SCOREPAD, big, whole=True))

    ms = 1000.0

    def p(samples: list[tuple[float, float]], which: int, q: float) -> float:
        return percentile([s[which] for s in samples], q) * ms

    print(f"resume benchmark ({args.runs} runs each; score pad {args.events} events resumed from step {pad_from}; "
          f"Trajan {trajan_events} events, {trajan_steps} steps, resumed from step {trajan_from})")
    print(f"{'measure':<44}{'after':>9}{'before':>9}{'floor':>9}{'ratio':>7}{'target':>11}")
    print(f"{'':<44}{'resume':>9}{'replay':>9}{'read':>9}{'/floor':>7}")
    rows = []
    for label, samples, target in ((f"score pad {args.events} ev", pad_t, 100.0), ("Trajan game", trajan_t, 100.0)):
        for which, kind in ((0, "wall"), (1, "CPU")):
            for q in (50, 99):
                after, before, floor = (p(samples[k], which, q) for k in ("resume", "whole", "floor"))
                goal = f"<= {target:.0f} ms" if (which, q) == (0, 50) else ""
                rows.append((f"{label} resume {kind} p{q} (ms)", after, before, floor, goal))
    whole_p50 = p(trajan_t["whole"], 0, 50)
    for name, after, before, floor, goal in rows:
        print(f"{name:<44}{after:>9.1f}{before:>9.1f}{floor:>9.1f}{after / floor:>7.2f}{goal:>11}")
    print(f"{'whole 4-player Trajan replay wall p50 (ms)':<44}{whole_p50:>9.1f}{'':>9}"
          f"{p(trajan_t['floor'], 0, 50):>9.1f}{whole_p50 / p(trajan_t['floor'], 0, 50):>7.2f}{'<= 20 ms':>11}")
    print(f"{'whole 4-player Trajan replay CPU p50 (ms)':<44}{p(trajan_t['whole'], 1, 50):>9.1f}")
    ok = rows[0][1] <= 100 and rows[4][1] <= 100 and whole_p50 <= 20
    if memory is not None:
        resumed, whole = memory
        print(f"{f'engine memory, {args.memory_events} events (MB)':<44}{resumed:>9.1f}{whole:>9.1f}{'':>9}{'':>7}"
              f"{'<= 20 MB':>11}")
        print("  (after: resumed from its checkpoint; before column here: the same engine replayed whole)")
        ok = ok and max(resumed, whole) <= 20
    print("targets met" if ok else "TARGET MISSED")
    figures = [Figure("resume", name.replace(" (ms)", ""), after, "ms", target if kind == "wall" else None,
                      f"replayed whole {before:.1f}; {after / floor:.2f}x reading the rows")
               for (name, after, before, floor, _goal), (kind, target) in
               zip(rows, [(k, 100.0) for _ in range(2) for k in ("wall", "wall", "CPU", "CPU")])]
    figures.append(Figure("resume", "whole 4-player Trajan replay wall p50", whole_p50, "ms", 20.0,
                          f"CPU p50 {p(trajan_t['whole'], 1, 50):.1f}"))
    if memory is not None:
        figures.append(Figure("resume", f"engine memory, {args.memory_events} events", max(memory), "MB", 20.0,
                              f"resumed {memory[0]:.1f}, replayed whole {memory[1]:.1f}"))
    emit(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
