"""Trajan tap CPU benchmark: what one tap costs the main thread's CPU — the session, the view-models and
Kivy's layout up to the frame being sent to GL — not the rasteriser, in the running app.

Scripted 4-player Trajan games are played by touches through the window at a table's pace, as in
benchmarks/trajan_ui.py (same seeds, same choice of taps, the idle moment between turns). For each
tap the main thread's CPU time (`time.thread_time`: llvmpipe's rasterising threads are not in it)
runs from the finger's release until the window's flip (before `glFinish`): the intent handled and
journaled, the view-models refreshed, kv bindings, text laid out, layouts, the canvas to GL, less
what the main loop does meanwhile that is not the tap's (`NotTheTaps`: the passes that flip no
frame while a later one is awaited, the idle collector's young passes).
"touch -> widgets" is the part before the clock's next tick (the session and the view-models).
Floor, same run: the score pad's +1, measured the same way. Target: p99 ≤ 4 ms here, so that a
Raspberry Pi 4 (about 3× slower a core) stays inside one 60 Hz frame.

`--profile OUT` also writes a cProfile of the timed taps' main-thread work (touch-up to flip) to
OUT and prints its top functions by cumulative time; with `--slow MS` only the taps whose CPU went
over MS ms are in it (each tap profiled alone, the slow ones merged; each alone in OUT.1, OUT.2, ...).
`--slow MS` lists the taps over MS ms of CPU: the button tapped, the phase before and after, and the
main loop's passes until the frame (more than one: the frame came later than the tap's own work).
`--parts` says where a tap's CPU goes (`Parts`): the median tap's and the slowest 1 %'s milliseconds
by part (the wrappers that time them add a little to every figure).

Run: python benchmarks/trajan_tap.py [--taps 300] [--seed 1] [--slow MS] [--profile OUT] [--parts] [--json OUT]
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import PathStats, bench_args, prepare, print_paths, write_json  # noqa: E402

HOME = prepare("trajan-tap")

from benchmarks.trajan_ui import offered, pause_if_the_turn_passed, pick, play_script, seeded_session, whose_turn  # noqa: E402,E501


class NotTheTaps:
    """Main-thread CPU between a tap's release and its frame that is not the tap's, left out of its
    figure. A pass of the main loop that flips no frame changed nothing on screen: when the frame
    comes at a later pass than the tap's own (a redraw the clock holds back, a button's release
    shown 35 ms later), the passes between are the loop spinning (uncapped, as the benchmark runs
    it) while it waits, and are left out whole; so is the idle collector's young pass at the start
    of the frame's pass (`IdleCollector.between_frames`: earlier frames' garbage, collected between
    frames by design). `late` counts the taps whose frame came after their own pass, `cpu` what was
    left out in all."""

    def __init__(self) -> None:
        import functools

        from kivy.base import EventLoopBase

        from companion.ui.shell.idle_collector import IdleCollector

        self.cpu = self.collected = self.second = self.latest = 0.0
        self.late = self.passes = 0
        self.armed = False
        real_between, real_idle = IdleCollector.between_frames, EventLoopBase.idle

        @functools.wraps(real_between)  # Kivy's clock calls a method by its name
        def between_frames(collector: Any, dt: float = 0.0) -> None:
            c0 = time.thread_time()
            try:
                real_between(collector, dt)
            finally:
                if self.armed:
                    self.collected += time.thread_time() - c0

        @functools.wraps(real_idle)
        def idle(loop: Any) -> Any:
            if self.armed:  # a new pass of the main loop starts
                self.passes += 1
                self.latest = time.thread_time()
                if self.passes == 2:
                    self.second = self.latest
                self.collected = 0.0  # only the frame's own pass's collection is left out
            return real_idle(loop)

        IdleCollector.between_frames = between_frames  # type: ignore[method-assign]
        EventLoopBase.idle = idle  # type: ignore[method-assign]

    def start(self) -> None:
        self.armed, self.passes, self.collected = True, 1, 0.0

    def end(self) -> tuple[float, int]:
        """The tap's frame flipped now: (the CPU to leave out of its figure, the passes it took)."""
        self.armed = False
        out = self.collected + (self.latest - self.second if self.passes > 1 else 0.0)
        self.late += self.passes > 1
        self.cpu += out
        return out, self.passes


class Parts:
    """Main-thread CPU of a tap by part: a few functions wrapped to add their `thread_time` to
    their part (an inner call of the same part is not counted twice)."""

    NAMES = ("rules and journal (Session._intent)", "the table's view (Session.table_view)",
             "view-models, panes, kv bindings (the session's listeners)", "texts laid out (Kivy's Label)",
             "texts drawn, uploaded, kept (KeepsTextures, the rest)", "the clock before the frame, the rest "
             "(layouts, fits, rings)", "kv rules applied (Builder.sync)", "the canvas to GL (Window.on_draw)")

    def __init__(self) -> None:
        import functools

        from kivy.clock import ClockBaseBehavior
        from kivy.core.window import WindowBase
        from kivy.lang.builder import BuilderBase
        from kivy.uix.label import Label

        from companion.session import Session
        from companion.ui.shell.app import CompanionApp
        from companion.ui.widgets import KeepsTextures

        self.now: dict[str, float] = {}
        self.taps: list[tuple[float, dict[str, float]]] = []
        inside: set[str] = set()

        def wrap(owner: Any, name: str, part: str, within: str = "") -> None:
            real = getattr(owner, name)

            @functools.wraps(real)  # Kivy's triggers call a method by its name
            def timed(*args: Any, **kwargs: Any) -> Any:
                if part in inside or (within and within not in inside):
                    return real(*args, **kwargs)
                inside.add(part)
                c0 = time.thread_time()
                try:
                    return real(*args, **kwargs)
                finally:
                    self.now[part] = self.now.get(part, 0.0) + time.thread_time() - c0
                    inside.discard(part)

            setattr(owner, name, timed)

        wrap(Session, "_intent", "intent")
        wrap(Session, "table_view", "view")
        wrap(CompanionApp, "_on_table_view", "listeners")
        wrap(Label, "texture_update", "layout", within="clock")  # the texts the clock lays out
        wrap(KeepsTextures, "texture_update", "texts", within="clock")
        wrap(ClockBaseBehavior, "tick_draw", "clock")
        wrap(BuilderBase, "sync", "sync")
        wrap(WindowBase, "on_draw", "draw")

    def start(self) -> None:
        self.now = {}

    def end(self, cpu: float) -> None:
        n = self.now
        texts = n.get("texts", 0.0) - n.get("layout", 0.0)
        clock = n.get("clock", 0.0) - n.get("texts", 0.0)
        self.taps.append((cpu, dict(zip(("intent", "view", "listeners", "layout", "texts", "clock", "sync", "draw"),
                                        (n.get("intent", 0.0), n.get("view", 0.0), n.get("listeners", 0.0),
                                         n.get("layout", 0.0), texts, clock, n.get("sync", 0.0), n.get("draw", 0.0))))))

    def print(self) -> None:
        import statistics

        if not self.taps:
            return
        ordered = sorted(self.taps, key=lambda tap: tap[0])
        median = ordered[len(ordered) // 2]
        slowest = ordered[-max(1, len(ordered) // 100):]
        print(f"Where a Trajan tap's CPU goes, ms: the median tap, and the mean of the slowest {len(slowest)}")
        keys = list(median[1])
        for key, name in zip(keys, self.NAMES):
            print(f"  {name:<70}{median[1][key] * 1000:>7.2f}{statistics.mean(t[1][key] for t in slowest) * 1000:>8.2f}")
        rest = [cpu - sum(parts.values()) for cpu, parts in (median, *slowest)]
        print(f"  {'the rest (touch dispatch, the main loop, the clock after the tap)':<70}{rest[0] * 1000:>7.2f}"
              f"{statistics.mean(rest[1:]) * 1000:>8.2f}")
        print(f"  {'the whole tap':<70}{median[0] * 1000:>7.2f}{statistics.mean(t[0] for t in slowest) * 1000:>8.2f}")


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--taps", type=int, default=300, help="Trajan taps timed (and as many score-pad taps)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", type=Path, help="write a cProfile of the timed Trajan taps here")
    ap.add_argument("--slow", type=float, default=0.0, help="list (and profile only) the taps over this many ms of CPU")
    ap.add_argument("--parts", action="store_true", help="where a tap's CPU goes, by part")
    args = ap.parse_args()

    from kivy.tests.common import UnitTestTouch

    from companion.session import Intent

    parts = Parts() if args.parts else None
    session = seeded_session(args.seed, str(HOME))
    trajan = PathStats("Trajan tap: touch -> flip", 4.0, target_on="cpu")
    trajan_app = PathStats("Trajan tap: touch -> widgets updated")
    floor = PathStats("floor: score pad +1: touch -> flip")
    floor_app = PathStats("score pad +1: touch -> widgets updated")
    pending: list[tuple[float, float, PathStats]] = []
    profiler: Any = None
    slow: list[Any] = []  # the slow taps' own profiles (--slow)
    slow_taps: list[str] = []
    tapped: list[str] = [""]
    passes = [0]  # the main loop's passes since the finger lifted
    not_the_taps = NotTheTaps()
    if args.profile:
        import cProfile

        profiler = cProfile.Profile(time.thread_time)  # CPU, not waiting (fsync, GL)

    def on_flip(*_args: Any) -> None:
        nonlocal profiler
        if pending:
            t0, c0, stats = pending.pop()
            if profiler is not None and stats is trajan:
                profiler.disable()
            left_out, passes[0] = not_the_taps.end()
            cpu = time.thread_time() - c0 - left_out
            stats.add((time.perf_counter() - t0, cpu))
            if parts is not None and stats is trajan:
                parts.end(cpu)
            if stats is trajan and args.slow and cpu * 1000 > args.slow:
                slow_taps.append(f"{cpu * 1000:7.2f} ms  {passes[0]:5d} passes  {tapped[0]}")
                if profiler is not None:
                    slow.append(profiler)
            if profiler is not None and stats is trajan and args.slow:
                profiler = cProfile.Profile(time.thread_time)

    def script(app: Any):
        from kivy.core.window import Window

        Window.bind(on_flip=on_flip)
        rnd = random.Random(args.seed)

        def tap(wid: str, stats: PathStats | None, app_stats: PathStats | None):
            widget = app.find_widget(wid)
            assert widget is not None and not widget.disabled, wid
            touch = UnitTestTouch(*widget.to_window(*widget.center))
            touch.touch_down()
            yield
            from kivy.graphics.opengl import glFinish

            glFinish()  # the press's frame is on the glass before the finger lifts
            if stats is not None:
                if profiler is not None and stats is trajan:
                    profiler.enable()
                if parts is not None:
                    parts.start()
                not_the_taps.start()
                t0, c0 = time.perf_counter(), time.thread_time()
                pending.append((t0, c0, stats))
            tapped[0] = f"{wid} ({app.trajan_vm.phase})" if stats is trajan else wid
            touch.touch_up()
            if stats is trajan:
                tapped[0] += f" -> {app.trajan_vm.phase}"
            if app_stats is not None:
                app_stats.add((time.perf_counter() - t0, time.thread_time() - c0))
            yield
            released = time.perf_counter()
            while pending:
                if time.perf_counter() - released > 2.0:  # nothing changed on screen: no frame to time
                    pending.clear()
                    not_the_taps.armed = False
                    if profiler is not None:
                        profiler.disable()
                    if stats is not None:
                        (app_stats or stats).wall.pop()
                        (app_stats or stats).cpu.pop()
                    break
                yield

        app.post(Intent("new_game", {"game": "scorepad", "setup": {"players": ["A", "B"], "seed": 1}}))
        for _ in range(3):
            yield
        for i in range(args.taps):
            yield from tap(f"table.seat.{i % 2}.plus1", floor, floor_app)
        while len(trajan.wall) < args.taps:
            app.go("home")
            yield
            yield from tap("home.game.trajan", None, None)
            while app.trajan_setup_vm.count < 4:
                yield from tap("trajan.setup.count.plus", None, None)
            yield from tap("trajan.setup.start", None, None)
            vm = app.trajan_vm
            while vm.phase != "over" and len(trajan.wall) < args.taps:
                turn = whose_turn(app)
                kinds = {row["wid"]: row["kind"] for row in vm.choices.rows}
                yield from tap(pick(offered(app), kinds, rnd), trajan, trajan_app)
                yield from pause_if_the_turn_passed(app, turn)

    play_script(session, script)
    figures = print_paths(
        f"Trajan tap CPU benchmark: {len(trajan.wall)} Trajan taps at a table's pace, {len(floor.wall)} score-pad "
        f"taps, 800x480 offscreen; CPU is the main thread's (thread_time), wall is to the flip",
        [trajan_app, trajan, floor_app], floor, bench="trajan_tap")
    print("(the target is the Trajan tap's main-thread CPU p99; p99/floor compares wall times)")
    print(f"{not_the_taps.late} taps' frames came after their own pass of the main loop: "
          f"{not_the_taps.cpu * 1000:.2f} ms of CPU left out in all (the loop's passes between, young collections)")
    if parts is not None:
        parts.print()
    if args.slow:
        print(f"{len(slow_taps)} Trajan taps over {args.slow:g} ms of CPU:")
        print("\n".join(slow_taps))
    if profiler is not None:
        import pstats

        if args.slow:
            if slow:
                merged = pstats.Stats(slow[0])
                for one in slow[1:]:
                    merged.add(one)
                merged.dump_stats(str(args.profile))
                for n, one in enumerate(slow, 1):  # each slow tap alone too: OUT.1, OUT.2, ...
                    one.dump_stats(f"{args.profile}.{n}")
        else:
            profiler.dump_stats(str(args.profile))
        if not args.slow or slow:
            pstats.Stats(str(args.profile)).sort_stats("cumulative").print_stats(40)
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
