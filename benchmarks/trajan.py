"""Trajan benchmark: full-game replay and season scoring, each beside a baseline from the same run.

- A generator plays random legal 4-player games (every command drawn from `legal_commands`) through
  the engine into a real journal.
- replay: opening that journal and folding every event into the live state (what a restart after a
  power cut did before checkpoints; a resume now folds from the newest, benchmarks/resume.py), against the floor of reading the same rows and parsing their JSON. Target ≤ 20 ms.
- season scoring: `scoring.season_scoring` on the state at a season's end, against the cheapest
  state change there is (one `dataclasses.replace`). Target ≤ 1 ms.

Run: python benchmarks/trajan.py [--games 5] [--runs 7]
"""

from __future__ import annotations

import argparse
import dataclasses
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
from companion.core.journal import Journal  # noqa: E402
from companion.games.trajan import scoring  # noqa: E402
from companion.games.trajan.commands import SetupTrajan  # noqa: E402
from companion.games.trajan.legal import legal_commands  # noqa: E402
from companion.games.trajan.rules import TRAJAN  # noqa: E402


def play_random_game(path: Path, seed: int, players: int = 4) -> tuple[int, list]:
    """Plays one random legal game into `path`; returns (events, states just before each season scoring)."""
    rnd = random.Random(seed)
    engine = Engine(TRAJAN, Journal.create(path, "trajan"))
    engine.execute(SetupTrajan(tuple(f"P{i}" for i in range(players)), ("red", "blue", "green", "yellow")[:players], seed=seed))
    before_scoring = []
    while not engine.is_finished:
        state = engine.state
        step = engine.execute(rnd.choice(legal_commands(state)))
        if any(e.kind == "trajan.season_scored" for e in step.events):
            # the state the scoring saw: after the turn ended, before SeasonScored was applied
            after_turn = state
            for event in step.events:
                if event.kind == "trajan.season_scored":
                    break
                after_turn = TRAJAN.apply(after_turn, event)
            before_scoring.append(dataclasses.replace(after_turn, season=event.season))
    events = engine.journal.last_seq
    engine.journal.close()
    return events, before_scoring


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    replay, floor, scoring_t, base_t, events_per_game = [], [], [], [], []
    with tempfile.TemporaryDirectory(prefix="companion-trajan-bench-") as d:
        for g in range(args.games):
            path = Path(d) / f"game{g}.journal"
            events, seasons = play_random_game(path, seed=1000 + g)
            events_per_game.append(events)

            def do_replay() -> None:
                journal = Journal.open(path)
                journal.checkpoints = lambda: []  # a whole replay: the checkpoints played into it ignored (benchmarks/resume.py)
                Engine(TRAJAN, journal).journal.close()

            def do_floor() -> None:
                with Journal.open(path) as j:
                    for r in j.records():
                        json.loads(r.payload)

            for _ in range(args.runs):  # alternate so both see the same machine
                replay += timed(do_replay, 1)
                floor += timed(do_floor, 1)
            for state in seasons:
                for _ in range(args.runs):
                    scoring_t += timed(lambda: scoring.season_scoring(state), 1)
                    base_t += timed(lambda: dataclasses.replace(state, time=state.time), 1)
    ms = 1000.0
    print(f"Trajan benchmark: {args.games} random legal 4-player games "
          f"({min(events_per_game)}–{max(events_per_game)} events each), {args.runs} runs, medians")
    print(f"{'measure':<32}{'companion':>12}{'baseline':>12}{'ratio':>8}{'target':>10}")
    rows = [
        ("full-game replay (ms)", statistics.median(replay) * ms, statistics.median(floor) * ms, "<= 20"),
        ("season scoring (ms)", statistics.median(scoring_t) * ms, statistics.median(base_t) * ms, "<= 1"),
    ]
    for name, value, base, target in rows:
        print(f"{name:<32}{value:>12.3f}{base:>12.3f}{value / base:>8.1f}{target:>10}")
    print(f"(baselines: reading and parsing the same journal rows; one dataclasses.replace of the state)")
    ok = rows[0][1] <= 20 and rows[1][1] <= 1
    print("targets met" if ok else "TARGET MISSED")
    emit(Figure("trajan", name.replace(" (ms)", ", median"), value, "ms", float(target.split()[-1]),
                f"{value / base:.1f}x baseline {base:.3f} ms") for name, value, base, target in rows)
    return 0  # a missed target is printed, not an exit code


if __name__ == "__main__":
    raise SystemExit(main())
