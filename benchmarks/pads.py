"""Pads benchmark: a GPIO edge on a mock pin, from a device thread → that seat's OLED image and the
shared screen's lock row drawn, in the running app.

The app runs offscreen at 800×480 (real pixels through Mesa) with a 4-player secret bid open and
its pads opened the way the app opens real ones (`open_pad_devices`, mode "real"): a gpiozero
`Pad` per seat on `MockFactory` pins (the config's default pins), the pads' real timer thread, and
each seat's OLED a luma `dummy` device (the simulated OLED, `SimulatedOled`) behind the real
`PadDisplay` and its writer thread, where an I2C display would be. This script is the device: it
drives the mock pins from its own thread, as gpiozero's thread does on a Pi. Each sample starts
just before the edge and ends when every part of what it changes is shown:

    drive_low()/drive_high() → gpiozero → Pad (debounce, key logic) → ButtonPressed → bridge
    → main loop woken → session (a press is the seat's private draft; OK journals the lock)
    → view-models → the seat's screen → writer thread → render → luma device   ("OLED")
                  → the bid table's lock row → frame drawn and finished          ("frame")

Rows: a ± press (the draft: the seat's OLED only; the shared screen must not change, the amount is
secret); an OK release (a short OK is reported at the release): the lock, on the OLED and on the
shared screen; an OK held (the long press that unlocks, reported by the pads' timer thread:
timed from the pad's report, not the edge).

Floor, same run, same app, alternating: a bare gpiozero `Button` on another mock pin whose
`when_pressed` hops to the main thread the same way (`on_main_thread`) and has a frame drawn with
nothing changed. Target: p99 ≤ 16 ms for every row (one 60 Hz frame; on a real display add the
I2C frame, ~23 ms at 400 kHz, written off the UI thread).

Before the first sample the app's idle moment runs once (`IdleCollector.idle_now`, as after a
table's first pause of a second): its first garbage pass is a whole one and its idle jobs run
(0.1-0.9 s of the main thread here, printed). Without it a slow set-up let that moment fall on
the first samples (a ± press's hop measured 0.5 and 1.4 s), and a short run's p99 (24 cycles:
its worst sample) could be that wait rather than the path's.

Where each row's time goes is printed under the table (p50 and p99 of each part, and the slowest
sample's parts): the hop (edge or report → the fact handed to the session on the main thread), the
session (rules, the journal's durable commit, view-models, the pads' screens submitted), the
clock's passes before the frame (layout, label textures), the canvas (Kivy's GL calls), the raster
(the flip's `glFinish`: here Mesa's software rasteriser, which the floor pays too) and the OLED
(its writer thread). The "app's own CPU" rows are the main thread's `thread_time` from the fact
handed to the session to the canvas issued: what a Pi's CPU must do before its GPU draws, held to
the Trajan tap's CPU p99 ≤ 4 ms (a Pi 4, about 3× slower a core, stays inside one 60 Hz frame).

Run: python benchmarks/pads.py [--cycles 100] [--json OUT]
(KIVY_CLOCK=default measures the main loop before the wake-up: the next frame's tick.)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import (PathStats, PathTimer, bench_args, percentile, prepare, print_paths,  # noqa: E402
                              redraw_on_main, run_with_driver, wait_for, write_json)

HOME = prepare("pads")

from gpiozero import Button  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from benchmarks.mock_pads import MockPinPads  # noqa: E402
from hardware.facts import ButtonPressed  # noqa: E402
from hardware.handheld.keylogic import PadTimings  # noqa: E402

#: The parts of a sample, each from the mark before it (the first from the edge or the report).
PARTS = (("main", "hop to the main thread"), ("told", "session: rules, journal, views"),
         ("drawing", "clock passes: layout, textures"), ("drawn", "canvas: Kivy's GL calls"),
         ("frame", "raster: flip + glFinish"))


class SplitTimer(PathTimer):
    """A `PathTimer` that also marks where the main thread's work on the armed pad's fact starts
    and ends (`main`, `told`: the bridge's handler, wrapped) and where the frame that shows it is
    drawn (`drawing`: the window's on_draw starts; `drawn`: its GL calls issued, at the flip), and
    keeps the main thread's own CPU (`thread_time`) from `main` to `drawn`."""

    def __init__(self) -> None:
        super().__init__()
        self.seat = -1
        self._told = False
        self.reached = False
        """The armed fact has reached the session: an OLED image before it is an earlier one's."""
        self._cpu0 = 0.0
        self.app_cpu = 0.0

    def arm(self, *marks: str) -> None:
        self._told = self.reached = False
        self.app_cpu = float("nan")
        super().arm(*marks)

    def wrap_handle(self, handle: Callable[[object], None]) -> Callable[[object], None]:
        def on_main(fact: object) -> None:
            ours = self.armed and isinstance(fact, ButtonPressed) and fact.pad == self.seat
            if ours:
                self._cpu0 = time.thread_time()
                self.reached = True
                self.mark("main")
            handle(fact)
            if ours:
                self._told = True
                self.mark("told")
        return on_main

    def drawing(self, *_args: Any) -> None:  # bound to the window's on_draw: runs before it draws
        if self._told:
            self.mark("drawing")

    def on_flip(self, *args: Any) -> None:
        if self._told and self.armed:
            self.app_cpu = time.thread_time() - self._cpu0
            self.mark("drawn")
            self._told = False
        super().on_flip(*args)


class Split:
    """Each sample's parts (ms, from the mark before), for the table under the figures."""

    def __init__(self, name: str, marks: tuple[str, ...]) -> None:
        self.name, self.marks = name, marks
        self.samples: list[dict[str, float]] = []

    def add(self, timer: PathTimer) -> None:
        at = {name: timer.at(name)[0] * 1000 for name in self.marks}
        parts, before = {}, 0.0
        for name, _label in PARTS:
            if name in at:
                parts[name] = at[name] - before
                before = at[name]
        if "oled" in at:
            parts["oled"] = at["oled"]
        parts["total"] = max(at.values())
        self.samples.append(parts)

    def print(self) -> None:
        if not self.samples:
            return
        labels = dict(PARTS, oled="OLED image (writer thread), from the start")
        slowest = max(self.samples, key=lambda parts: parts["total"])
        print(f"  {self.name}: where the time goes (ms)        p50      p99  slowest sample")
        for name in [n for n, _ in PARTS if n in slowest] + ["oled"]:
            values = [parts[name] for parts in self.samples]
            print(f"    {labels[name][:42]:<42}{percentile(values, 50):>8.2f} {percentile(values, 99):>8.2f} "
                  f"{slowest[name]:>8.2f}")

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
FLOOR_PIN = 4
#: The long press that unlocks, shorter than a thumb's 0.8 s so that a run is quick; what it
#: starts (the report from the timer thread onwards) is the same.
TIMINGS = PadTimings(long_press=0.25)
SETTLE = 0.04  # between edges: longer than the debounce (20 ms), as a thumb is


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--cycles", type=int, default=100, help="press cycles (±, lock, unlock), round-robin over 4 seats")
    args = ap.parse_args()

    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(HOME / "games"))
    timer = SplitTimer()
    factory = MockFactory()
    armed_seat = [-1]
    unlock_reported = [False]

    def on_report(fact: object) -> None:
        if isinstance(fact, ButtonPressed) and fact.key == "ok_long" and fact.pad == armed_seat[0]:
            timer.restart()  # the unlock is the timer thread's report, not an edge: timed from it
            unlock_reported[0] = True

    def on_display(seat: int) -> None:
        if seat == armed_seat[0] and timer.reached:  # not a write still due from before the edge
            timer.mark("oled")

    plan = MockPinPads(factory, len(PLAYERS), on_display, on_report=on_report, timings=TIMINGS)
    adjust = PathStats("± press -> seat's OLED (draft)", 16.0)
    lock = PathStats("OK release -> OLED + lock row drawn", 16.0)
    unlock = PathStats("OK held -> OLED + lock row drawn", 16.0, "from the timer thread's report")
    lock_cpu = PathStats("OK release: the app's own CPU (main thread)", 4.0, "session to canvas, not the raster",
                         target_on="cpu")
    unlock_cpu = PathStats("OK held: the app's own CPU (main thread)", 4.0, "session to canvas, not the raster",
                           target_on="cpu")
    floor = PathStats("floor: bare Button -> main thread -> frame")
    drawn = ("main", "told", "drawing", "drawn", "frame", "oled")
    splits = {adjust.name: Split("± press", ("main", "told", "oled")), lock.name: Split("OK release", drawn),
              unlock.name: Split("OK held", drawn)}
    own_cpu = {lock.name: lock_cpu, unlock.name: unlock_cpu}
    warm_up: list[float] = []

    def drive(app: Any) -> None:
        app.bridge.post(Intent("new_game", {"game": "secretbid", "setup": {"players": PLAYERS, "pads": [0, 1, 2, 3]}}))
        wait_for(lambda: session.table_view().game == "secretbid" and plan.feed is not None, "the secret bid")
        app.bridge._handle = timer.wrap_handle(app.bridge._handle)  # the session's, behind the queue
        from kivy.core.window import Window

        from companion.ui.shell.bridge import on_main_thread

        on_main_thread(lambda: Window.bind(on_draw=timer.drawing))  # before the window's own drawing
        idle: list[float] = []

        def idle_now() -> None:  # the table's first pause, before any sample (see the docstring)
            t0 = time.perf_counter()
            app._collector.idle_now()
            idle.append(time.perf_counter() - t0)

        on_main_thread(idle_now)
        wait_for(lambda: idle, "the app's first idle moment")
        warm_up.append(idle[0])
        pins = [{key: factory.pin(number) for key, number in seat.pins.items()} for seat in plan.seats]
        bare = Button(FLOOR_PIN, pin_factory=factory)
        bare.when_pressed = redraw_on_main(timer)
        floor_pin = factory.pin(FLOOR_PIN)

        def sample(stats: PathStats, seat: int, edge: Callable[[], None], *marks: str) -> None:
            split = splits.get(stats.name)
            armed_seat[0] = timer.seat = seat
            timer.arm(*(split.marks if split is not None else marks))
            edge()
            timer.wait(stats.name)
            stats.add(max((timer.at(mark) for mark in marks), key=lambda at: at[0]))  # the row's own end
            if split is not None:
                split.add(timer)
            if stats.name in own_cpu:
                own_cpu[stats.name].add((timer.at("drawn")[0] - timer.at("main")[0], timer.app_cpu))
            armed_seat[0] = timer.seat = -1
            time.sleep(SETTLE)

        try:
            time.sleep(0.5)  # the first screens written
            for cycle in range(args.cycles):
                seat = cycle % len(PLAYERS)
                p = pins[seat]
                key = "plus" if (cycle // len(PLAYERS)) % 2 == 0 else "minus"
                sample(adjust, seat, p[key].drive_low, "oled")
                p[key].drive_high()
                time.sleep(SETTLE)
                p["ok"].drive_low()
                time.sleep(SETTLE)
                sample(lock, seat, p["ok"].drive_high, "oled", "frame")
                unlock_reported[0] = False
                sample(unlock, seat, p["ok"].drive_low, "oled", "frame")
                assert unlock_reported[0], "the OK held did not unlock"
                p["ok"].drive_high()
                time.sleep(SETTLE)
                for _ in range(3):
                    sample(floor, -1, floor_pin.drive_low, "frame")
                    floor_pin.drive_high()
            assert not any(p["locked"] for p in session.table_view().view["players"]), "every seat ended unlocked"
        finally:
            bare.close()

    try:
        run_with_driver(session, drive, timer, pad_plan=plan, pad_count=4)
    finally:
        factory.reset()
    figures = print_paths(
        f"pads benchmark: {args.cycles} cycles over 4 seats of a secret bid, gpiozero mock pins driven from a "
        f"device thread, luma dummy OLEDs behind the real display writer, 800x480 offscreen",
        [adjust, lock, unlock, lock_cpu, unlock_cpu], floor, bench="pads")
    print("(on a real display add the I2C frame: ~23 ms at 400 kHz, written off the UI thread)")
    print(f"(OK held is timed from the pads' timer reporting the long press: the hold itself, "
          f"{TIMINGS.long_press:g} s here, {PadTimings().long_press:g} s by default, is not in it)")
    print(f"(before the samples: the app's first idle moment, its whole garbage pass and idle jobs, "
          f"{warm_up[0] * 1000:.0f} ms of the main thread; a press during it waits that long)")
    for split in splits.values():
        split.print()
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
