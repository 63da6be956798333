"""Views benchmark: building every game's views, as the session does after every step.

Each registered game with rules is played by the conformance suite's random player
(tests/conformance/players.py) through the engine into a journal in a temp dir, and about 40
states along the way are kept. Timed: the public view and every seat's view of each kept state
(what `Session.table_view` and the pads' `seat_view` build after each fact), and reading the
fields the generic readers read (players' seat and name, phase, round, game) from a built public
view. Medians over `--runs`, in µs per view.

Run: python benchmarks/views.py [--steps 200] [--runs 7]
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
from companion.games import all_rules  # noqa: E402
from tests.conformance.players import PLAYERS  # noqa: E402


def states_of(game_id: str, directory: Path, steps: int, seed: int) -> list:
    """The states a random legal game passes through (every `steps // 40`th is kept)."""
    rules = all_rules()[game_id]
    rnd = random.Random(f"{game_id}-{seed}")
    player = PLAYERS[game_id]()
    engine = Engine(rules, Journal.create(directory / f"{game_id}-{seed}.journal", game_id))
    engine.execute(rules.parse_command("setup", dict(player.setup(rnd))))
    for intent in player.opening(engine.view(None)):
        try:
            engine.execute(rules.parse_command(intent.name, dict(intent.args)))
        except IllegalCommand:
            pass
    kept = [engine.state]
    keep_every = max(1, steps // 40)
    for n in range(steps):
        if engine.is_finished:
            break
        intent = player.next_intent(engine.view(None), rnd)
        if intent.name in ("undo", "redo", "finish"):
            continue
        try:
            engine.execute(rules.parse_command(intent.name, dict(intent.args)))
        except IllegalCommand:
            continue
        if n % keep_every == 0:
            kept.append(engine.state)
    kept.append(engine.state)
    engine.journal.close()
    return kept


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--runs", type=int, default=7)
    args = ap.parse_args()
    rules = all_rules()
    print(f"Views benchmark: {args.steps} random steps per game, {args.runs} runs, medians, µs per view")
    print(f"{'game':<12}{'states':>8}{'public':>10}{'per seat':>10}{'read':>10}")
    figures = []
    with tempfile.TemporaryDirectory(prefix="companion-views-bench-") as d:
        for game_id in sorted(rules):
            game = rules[game_id]
            states = states_of(game_id, Path(d), args.steps, seed=1)
            seats = [len(game.view(s, None).get("players", ()) or ()) for s in states]
            public, seat, read = [], [], []
            for _ in range(args.runs):
                t0 = time.perf_counter()
                views = [game.view(s, None) for s in states]
                public.append((time.perf_counter() - t0) / len(states))
                n = sum(seats) or 1
                t0 = time.perf_counter()
                for s, count in zip(states, seats):
                    for k in range(count):
                        game.view(s, k)
                seat.append((time.perf_counter() - t0) / n)
                t0 = time.perf_counter()
                for v in views:
                    for p in v.get("players", ()):
                        p["seat"], p.get("name")
                    v.get("phase"), v.get("round"), v.get("game")
                read.append((time.perf_counter() - t0) / len(views))
            us = 1e6
            print(f"{game_id:<12}{len(states):>8}{statistics.median(public) * us:>10.1f}"
                  f"{statistics.median(seat) * us:>10.1f}{statistics.median(read) * us:>10.2f}")
            figures += [Figure("views", f"{game_id}: public view, median", statistics.median(public) * us, "µs"),
                        Figure("views", f"{game_id}: a seat's view, median", statistics.median(seat) * us, "µs")]
    print("(public: game.view(state, None); per seat: game.view(state, k); read: the generic readers'"
          " fields of a built public view)")
    emit(figures)  # no target: what the views cost, for the record
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
