"""Troyes benchmark: a whole 4-player game's replay, beside a baseline from the same run.

- Random legal 4-player games are played to their end (the conformance suite's random player,
  tests/conformance/players.py, proposing intents from the public view; what the rules refuse is
  skipped) through the engine into a real journal.
- replay: opening that journal and folding every event into the live state (what a restart after a
  power cut does), against the floor of reading the same rows and parsing their JSON, alternating
  so both see the same machine. Target: CPU p99 ≤ 20 ms (the process's CPU time, which a shared
  machine's load does not inflate as it does the wall time; both are printed, with p50 and p99
  and the ratio to the floor).

A missed target is printed, never an exit code. `--profile N` prints cProfile's top N functions of
the replays (by their own time), to see where the time goes.

Run: python benchmarks/troyes.py [--games 5] [--runs 7] [--json OUT] [--profile 25]
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import PathStats, bench_args, print_paths, write_json  # noqa: E402
from companion.core.engine import Engine  # noqa: E402
from companion.core.errors import IllegalCommand  # noqa: E402
from companion.core.journal import Journal  # noqa: E402
from companion.games.troyes.rules import TROYES  # noqa: E402
from tests.conformance.players import PLAYERS  # noqa: E402

TARGET_MS = 20.0


def play_random_game(path: Path, seed: int, players: int = 4) -> tuple[int, int]:
    """Plays one whole random legal game into `path`; returns (steps, events)."""
    rnd = random.Random(seed)
    player = PLAYERS["troyes"]()
    engine = Engine(TROYES, Journal.create(path, "troyes"))
    setup = {**player.setup(rnd), "players": [f"P{i}" for i in range(players)], "seed": seed}
    engine.execute(TROYES.parse_command("setup", setup))
    while not engine.is_finished:
        intent = player.next_intent(engine.view(None), rnd)
        try:
            engine.execute(TROYES.parse_command(intent.name, dict(intent.args)))
        except IllegalCommand:
            continue
    steps, events = engine.journal.last_step, engine.journal.last_seq
    engine.journal.close()
    return steps, events


def timed(fn: Callable[[], None]) -> tuple[float, float]:
    """(wall, CPU) seconds of one call."""
    t0, c0 = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - t0, time.process_time() - c0


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--profile", type=int, default=0, metavar="N", help="print cProfile's top N of the replays")
    args = ap.parse_args()
    replay = PathStats("whole-game replay (journal -> live state)", TARGET_MS, target_on="cpu")
    floor = PathStats("floor: read and parse the same journal rows")
    sizes = []
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()
    with tempfile.TemporaryDirectory(prefix="companion-troyes-bench-") as d:
        for g in range(args.games):
            path = Path(d) / f"game{g}.journal"
            sizes.append(play_random_game(path, seed=2000 + g))

            def do_replay() -> None:
                engine = Engine(TROYES, Journal.open(path))
                assert engine.is_finished
                engine.journal.close()

            def do_floor() -> None:
                with Journal.open(path) as j:
                    for r in j.records():
                        json.loads(r.payload)

            do_replay()  # warm: the catalog parsed, the modules' caches filled, as in a running app
            for _ in range(args.runs):  # alternate so both see the same machine
                replay.add(timed(do_replay))
                floor.add(timed(do_floor))
            if profiler is not None:
                profiler.runcall(do_replay)
    figures = print_paths(
        f"Troyes benchmark: {args.games} whole random legal 4-player games "
        f"({min(s for s, _ in sizes)}–{max(s for s, _ in sizes)} steps, "
        f"{min(e for _, e in sizes)}–{max(e for _, e in sizes)} events each), {args.runs} runs each",
        [replay], floor, bench="troyes rules")
    if profiler is not None:
        import pstats

        pstats.Stats(profiler).sort_stats("tottime").print_stats(args.profile)
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
