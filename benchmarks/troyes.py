"""Troyes benchmark: a whole 4-player game's replay, beside a baseline from the same run.

- Random legal 4-player games are played to their end (the conformance suite's random player,
  tests/conformance/players.py, proposing intents from the public view; what the rules refuse is
  skipped) through the engine into a real journal.
- replay: opening that journal and folding every event into the live state (what a restart after a
  power cut does), against the floor of reading the same rows and parsing their JSON. Target ≤ 20 ms.

Run: python benchmarks/troyes.py [--games 5] [--runs 7]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import Figure, emit  # noqa: E402
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


def timed(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    replay, floor, sizes = [], [], []
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

            for _ in range(args.runs):  # alternate so both see the same machine
                replay.append(timed(do_replay))
                floor.append(timed(do_floor))
    ms = 1000.0
    value, base = statistics.median(replay) * ms, statistics.median(floor) * ms
    print(f"Troyes benchmark: {args.games} whole random legal 4-player games "
          f"({min(s for s, _ in sizes)}–{max(s for s, _ in sizes)} steps, "
          f"{min(e for _, e in sizes)}–{max(e for _, e in sizes)} events each), {args.runs} runs, medians")
    print(f"{'measure':<32}{'companion':>12}{'baseline':>12}{'ratio':>8}{'target':>10}")
    print(f"{'whole-game replay (ms)':<32}{value:>12.3f}{base:>12.3f}{value / base:>8.1f}{'<= 20':>10}")
    print("(baseline: reading and parsing the same journal rows)")
    ok = value <= TARGET_MS
    print("target met" if ok else "TARGET MISSED")
    emit([Figure("troyes", "whole-game replay, median", value, "ms", TARGET_MS, f"{value / base:.1f}x baseline {base:.3f} ms")])
    return 0  # a missed target is printed, not an exit code


if __name__ == "__main__":
    raise SystemExit(main())
