"""Augustus call benchmark: the crier's call → every pad's OLED and the shared screen drawn, 6 players,
in the running app (issue 21's target: p99 ≤ 16 ms).

The app runs offscreen at 800×480 (real pixels through Mesa) with a 6-player Augustus game (the
app's bag) and six pads opened as real ones on mock pins, each seat's OLED a luma dummy device
behind the real display writer (benchmarks/mock_pads.py). One sample starts on the main thread
as the caller's Draw does (`Intent("draw")` through the bridge) and ends when both are shown:

    Draw → session → rules (the token drawn, journaled) → view-models → widgets → frame drawn
                   → every seat's pad screen → writer thread → render → luma device (each pad
                     whose screen changed)

Between calls the conformance suite's random player (tests/conformance/players.py) plays the
placements and resolutions, untimed, until the next draw; a game that ends is followed by a new
one. Floor, same run, alternating: a frame with nothing changed, asked for on the main thread.

Run: python benchmarks/augustus_call.py [--calls 60] [--json OUT]
"""

from __future__ import annotations

import random
import sys
import threading
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import (PathStats, PathTimer, bench_args, prepare, print_paths,  # noqa: E402
                              run_with_driver, wait_for, write_json)

HOME = prepare("augustus-call")

from gpiozero.pins.mock import MockFactory  # noqa: E402

from benchmarks.mock_pads import MockPinPads  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fa"]


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=60, help="calls timed (and as many floor frames)")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()

    from kivy.core.window import Window

    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session
    from companion.ui.shell.bridge import on_main_thread
    from tests.conformance.players import PLAYERS as RANDOM_PLAYERS

    session = Session(built_games(), JournalStore(HOME / "games"))
    timer = PathTimer()
    factory = MockFactory()
    lock = threading.Lock()
    watch: dict[str, Any] = {"old": None, "expected": None, "shown": set()}

    def check() -> None:
        expected = watch["expected"]
        if expected is not None and expected <= watch["shown"]:
            timer.mark("oleds")

    def on_display(seat: int) -> None:
        with lock:
            if watch["old"] is not None:
                watch["shown"].add(seat)
                check()

    plan = MockPinPads(factory, len(PLAYERS), on_display)
    calls = PathStats("Draw -> 6 pads' OLEDs + screen drawn", 16.0)
    floor = PathStats("floor: a frame with nothing changed")
    rnd = random.Random(args.seed)
    player = RANDOM_PLAYERS["augustus"]()
    games = [0]

    def after_update(_table: Any) -> None:  # a session listener, after the pads' feed
        with lock:
            if watch["old"] is not None and watch["expected"] is None and timer.armed:
                screens = plan.feed.screens
                watch["expected"] = {p for p, s in screens.items() if watch["old"].get(p) != s}
                check()

    def to_the_next_call(done: threading.Event) -> None:
        """Main thread, untimed: plays until the next draw (a new game when one ends)."""
        for _ in range(5000):
            view = session.table_view().view or {}
            if session.table_view().game != "augustus" or session.table_view().finished:
                games[0] += 1
                app.bridge.post(Intent("new_game", {"game": "augustus", "setup": {
                    "players": PLAYERS, "seed": args.seed * 1000 + games[0], "oldest": 0,
                    "settings": {"bag": "app"}}}))
                continue
            if view.get("phase") == "draw" and not view.get("ask"):
                break
            app.bridge.post(player.next_intent(view, rnd))
        done.set()

    def drive(the_app: Any) -> None:
        nonlocal app
        app = the_app
        wait_for(lambda: plan.feed is not None, "the pads")
        session.listeners.append(after_update)
        for _ in range(args.calls):
            done = threading.Event()
            on_main_thread(lambda: to_the_next_call(done))
            if not done.wait(60):
                raise TimeoutError("no draw came")
            plan.feed.devices.flush()
            with lock:
                watch.update(old=dict(plan.feed.screens), expected=None, shown=set())
            timer.arm("frame", "oleds")
            on_main_thread(lambda: (timer.restart(), app.bridge.post(Intent("draw"))))
            calls.add(timer.wait("a call"))
            with lock:
                watch["old"] = None
            timer.arm("frame")

            def nothing_changed() -> None:
                timer.restart()
                timer.handled()
                Window.canvas.ask_update()

            on_main_thread(nothing_changed)
            floor.add(timer.wait("the floor"))

    app: Any = None
    try:
        run_with_driver(session, drive, timer, pad_plan=plan, pad_count=len(PLAYERS))
    finally:
        factory.reset()
    figures = print_paths(
        f"Augustus call benchmark: {len(calls.wall)} calls over {games[0]} 6-player games, six pads on mock pins "
        f"with luma dummy OLEDs, 800x480 offscreen", [calls], floor, bench="augustus_call")
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
