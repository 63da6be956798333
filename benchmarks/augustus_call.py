"""Augustus call benchmark: the crier's call → every pad's OLED and the shared screen drawn, 6 players,
in the running app (issue 21's target: p99 ≤ 16 ms).

The app runs offscreen at 800×480 (real pixels through Mesa) with a 6-player Augustus game (the
app's bag) and six pads opened as real ones on mock pins, each seat's OLED a luma dummy device
behind the real display writer (benchmarks/mock_pads.py). One sample starts on the main thread
as the caller's Draw does (`Intent("draw")` through the bridge) and ends when both are shown:

    Draw → session → rules (the token drawn, journaled) → view-models → widgets → frame drawn
                   → every seat's pad screen → writer thread → render → luma device (each pad
                     whose screen changed)
                   → the speech hook → announcer thread (espeak-ng, each phrase once; the WAV
                     played, or copied to its twin without an audio device)

The speech runs as the app runs it (`[devices.speech]` on) when espeak-ng is installed, else it is
left out and the title says so (`--no-speech` leaves it out too); its synthesis and playing are on
the announcer's thread, so they count in the CPU figures, not in the path's end.

Between calls the conformance suite's random player (tests/conformance/players.py) plays the
placements and resolutions, untimed, until the next draw; a game that ends is followed by a new
one. Then, as at a table (the players move their legions on the board before the crier draws
again), the app's idle moment runs (`IdleCollector.idle_now`, instead of waiting the second for
it) and two frames pass before the timed Draw; `--back-to-back` draws at once instead, so the
call also pays for collecting the garbage of every untimed step before it (the worst case: the
crier drawing before anyone could have moved a legion). Floor, same run, alternating: a frame with
nothing changed, asked for on the main thread.

On this machine's software GL the floor frame alone can take more than the 16 ms target, so the
benchmark also prints the app's own share of a call: from the Draw to the start of drawing the
frame that shows it (the window's `on_draw`), the wall time and the main thread's own CPU —
session, journal, view-models, the pads' feed, widgets, layout and texts, a figure other
processes on a shared machine hardly inflate.

Run: python benchmarks/augustus_call.py [--calls 60] [--back-to-back] [--json OUT]
"""

from __future__ import annotations

import random
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import (PathStats, PathTimer, bench_args, prepare, print_paths,  # noqa: E402
                              run_with_driver, wait_for, write_json)

HOME = prepare("augustus-call")

from gpiozero.pins.mock import MockFactory  # noqa: E402

from benchmarks.mock_pads import MockPinPads  # noqa: E402

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Fa"]


def speech_plan(wanted: bool) -> tuple[Any, str]:
    """The app's speech plan with speech on (its cache and twin in the benchmark's home), and
    the words for the title; (None, why) when it is left out."""
    import shutil
    from types import SimpleNamespace

    from companion.wiring.speech import plan_speech

    if not wanted:
        return None, "no speech (--no-speech)"
    if shutil.which("espeak-ng") is None:
        return None, "no speech (espeak-ng is not installed)"
    plan = plan_speech(SimpleNamespace(enabled=True), cache_dir=HOME / "speech", twin_path=HOME / "speech.wav")
    return plan, "speech on (" + ("played through SDL" if plan.audio else "no audio device: the WAV twin") + ")"


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=60, help="calls timed (and as many floor frames)")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--no-speech", action="store_true", help="without the speech hook")
    ap.add_argument("--back-to-back", action="store_true",
                    help="draw right after the untimed placements (no idle moment, no frame between)")
    args = ap.parse_args()

    from kivy.clock import Clock
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
    share = PathStats("app's share: Draw -> drawing starts (main)")
    started: list[tuple[float, float]] = []
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
        if not args.back_to_back:
            app._collector.idle_now()  # the table's pause before the crier draws again
        done.set()

    def frames_pass(count: int) -> None:
        """Driver thread: waits until `count` more frames were drawn."""
        box: dict[str, int] = {}
        on_main_thread(lambda: box.setdefault("from", Clock.frames_displayed))
        wait_for(lambda: "from" in box and Clock.frames_displayed >= box["from"] + count, "frames")

    def drawing(*_args: Any) -> None:
        """Bound before the window's own on_draw (main thread): the frame showing the call starts
        drawing; what the main thread spent since the Draw (its own CPU, `time.thread_time`) is the
        app's software — session, journal, view-models, pads' feed, widgets, layout, texts."""
        if started:
            wall, cpu = started.pop()
            share.add((time.perf_counter() - wall, time.thread_time() - cpu))

    def drive(the_app: Any) -> None:
        nonlocal app
        app = the_app
        wait_for(lambda: plan.feed is not None, "the pads")
        on_main_thread(lambda: Window.bind(on_draw=drawing))
        session.listeners.append(after_update)
        for _ in range(args.calls):
            done = threading.Event()
            on_main_thread(lambda: to_the_next_call(done))
            if not done.wait(60):
                raise TimeoutError("no draw came")
            plan.feed.devices.flush()
            if not args.back_to_back:
                frames_pass(2)
            with lock:
                watch.update(old=dict(plan.feed.screens), expected=None, shown=set())
            timer.arm("frame", "oleds")
            on_main_thread(lambda: (timer.restart(), started.append((time.perf_counter(), time.thread_time())),
                                    app.bridge.post(Intent("draw"))))
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
    speech, heard = speech_plan(not args.no_speech)
    try:
        run_with_driver(session, drive, timer, pad_plan=plan, pad_count=len(PLAYERS), speech_plan=speech)
    finally:
        factory.reset()
    figures = print_paths(
        f"Augustus call benchmark: {len(calls.wall)} calls over {games[0]} 6-player games, six pads on mock pins "
        f"with luma dummy OLEDs, 800x480 offscreen, {heard}, "
        f"{'back to back' if args.back_to_back else 'at a table pace (the idle moment before each draw)'}",
        [calls, share], floor, bench="augustus_call")
    print(f"  the floor frame alone (wall p99 {floor.ms('wall', 99):.2f} ms) is Mesa's software GL drawing the "
          f"window; the app's own share of a call is its main thread's CPU until that drawing starts "
          f"(p50 {share.ms('cpu', 50):.2f}, p99 {share.ms('cpu', 99):.2f} ms)")
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
