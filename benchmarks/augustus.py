"""Augustus benchmark: what the rules cost per call at 6 players, and a whole game's replay.

- Random legal 6-player games are played to their end (the conformance suite's random player,
  tests/conformance/players.py, proposing intents from the public view; what the rules refuse is
  skipped) through the engine into a real journal.
- step: one step's rules work after a call, as the running app does it: the step decided and
  applied, the public view built, and every seat's pad menu (`pad_choices`) listed for its OLED.
  p99 over every step of the games, against the floor of building the public view alone.
  Target ≤ 4 ms here, a quarter of the 16 ms frame the issue's screen-and-OLED target allows.
- replay: opening a finished game's journal and folding every event (a restart). Target ≤ 50 ms.

Run: python benchmarks/augustus.py [--games 5] [--runs 5]
"""

from __future__ import annotations

import argparse
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
from companion.games.augustus.rules import AUGUSTUS  # noqa: E402
from tests.conformance.players import PLAYERS  # noqa: E402

STEP_TARGET_MS = 4.0
REPLAY_TARGET_MS = 50.0


def play_random_game(path: Path, seed: int, players: int = 6) -> tuple[list[float], list[float], int]:
    """One whole random legal game into `path`: per step, the step's cost and the view floor's."""
    rnd = random.Random(seed)
    player = PLAYERS["augustus"]()
    engine = Engine(AUGUSTUS, Journal.create(path, "augustus"))
    setup = {**player.setup(rnd), "players": [f"P{i}" for i in range(players)], "seed": seed,
             "settings": {"bag": "app"}}
    engine.execute(AUGUSTUS.parse_command("setup", setup))
    steps, floors = [], []
    while not engine.is_finished:
        intent = player.next_intent(engine.view(None), rnd)
        try:
            command = AUGUSTUS.parse_command(intent.name, dict(intent.args))
        except IllegalCommand:
            continue
        t0 = time.perf_counter()
        try:
            events = AUGUSTUS.decide(engine.state, command)
        except IllegalCommand:
            continue
        state = engine.state
        for event in events:
            state = AUGUSTUS.apply(state, event)
        AUGUSTUS.view(state, None)
        for seat in range(players):
            AUGUSTUS.pad_choices(state, seat)
        t1 = time.perf_counter()
        AUGUSTUS.view(state, None)
        t2 = time.perf_counter()
        engine.execute(command)
        steps.append(t1 - t0)
        floors.append(t2 - t1)
    last = engine.journal.last_step
    engine.journal.close()
    return steps, floors, last


def p99(values: list[float]) -> float:
    return statistics.quantiles(values, n=100)[98]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    steps, floors, replays, sizes = [], [], [], []
    with tempfile.TemporaryDirectory(prefix="companion-augustus-bench-") as d:
        for g in range(args.games):
            path = Path(d) / f"game{g}.journal"
            s, f, last = play_random_game(path, seed=3000 + g)
            steps += s
            floors += f
            sizes.append(last)
            for _ in range(args.runs):
                t0 = time.perf_counter()
                engine = Engine(AUGUSTUS, Journal.open(path))
                assert engine.is_finished
                engine.journal.close()
                replays.append(time.perf_counter() - t0)
    ms = 1000.0
    step, floor, replay = p99(steps) * ms, p99(floors) * ms, statistics.median(replays) * ms
    print(f"Augustus benchmark: {args.games} whole random legal 6-player games ({min(sizes)}–{max(sizes)} steps), "
          f"{len(steps)} steps timed, {args.runs} replays each")
    print(f"{'measure':<40}{'companion':>12}{'baseline':>12}{'ratio':>8}{'target':>10}")
    print(f"{'step + view + 6 pad menus, p99 (ms)':<40}{step:>12.3f}{floor:>12.3f}{step / floor:>8.1f}{'<= 4':>10}")
    print(f"{'whole-game replay, median (ms)':<40}{replay:>12.3f}{'':>12}{'':>8}{'<= 50':>10}")
    print("(baseline: building the public view alone)")
    ok = step <= STEP_TARGET_MS and replay <= REPLAY_TARGET_MS
    print("target met" if ok else "TARGET MISSED")
    emit([Figure("augustus", "step + view + 6 pad menus, p99", step, "ms", STEP_TARGET_MS, f"{step / floor:.1f}x baseline {floor:.3f} ms"),
          Figure("augustus", "whole-game replay, median", replay, "ms", REPLAY_TARGET_MS)])
    return 0  # a missed target is printed, not an exit code


if __name__ == "__main__":
    raise SystemExit(main())
