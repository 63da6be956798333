"""What the whole-path benchmarks share: the app running offscreen, a device thread driving it, and
one way to time and report a path (wall and CPU, p50/p99, against a floor measured beside it).

A benchmark that times "X → drawn" in the running app:

    env = prepare()                        # before any Kivy import: offscreen, private folders
    timer = PathTimer()
    def drive(app):                        # a device thread, started after the first frame
        timer.arm("frame")                 # what this sample waits for
        ...make X happen...                # a GPIO edge, bytes on the pty, a tap posted
        sample = timer.wait()              # (wall s, CPU s) once every mark is in
    run_with_driver(session, drive, timer, **run_app_kwargs)

The marks: "frame" is set by the first frame finished (`glFinish`) after the session told its
listeners (`handled`) — the view-models and widgets were updated before it, so that frame shows
the fact; other marks ("oled" …) are set by the benchmark's own hooks (`timer.mark`). A sample
ends at the last of its marks. CPU is the process's (`time.process_time`: every thread, the
device's, the writer's and the main loop's) over the same interval.

`Figure`s are what `run_all.py` gathers: each benchmark prints its own table, then each figure as
one `FIGURE {json}` line (`emit`, `write_json`; with `--json PATH` also a JSON file).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 20.0


def prepare(prefix: str) -> Path:
    """Kivy's environment for a benchmark (offscreen, no logs, its own Kivy home and XDG folders),
    before any Kivy import; returns the benchmark's temporary home. A variable already set wins,
    so `KIVY_CLOCK=default python benchmarks/pads.py` measures the clock before the wake-up
    (free_all, the wake-up, unless told otherwise)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    home = Path(tempfile.mkdtemp(prefix=f"companion-{prefix}-bench-"))
    from companion.ui.shell.environment import WAKE_CLOCK

    for name, value in {"SDL_VIDEODRIVER": "offscreen", "KIVY_HOME": str(home / "kivy"), "KIVY_CLOCK": WAKE_CLOCK,
                        "XDG_DATA_HOME": str(home / "data"), "XDG_CONFIG_HOME": str(home / "config")}.items():
        os.environ.setdefault(name, value)
    from companion.ui.shell import environment

    environment.prepare(offscreen=True)
    import logging

    logging.getLogger("companion").setLevel(logging.WARNING)  # not a line per journaled step
    return home


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))]


def clock_name() -> str:
    """Which Kivy clock ran (free_all: device facts wake the main loop; default: the next frame)."""
    return os.environ.get("KIVY_CLOCK", "default")


class PathTimer:
    """Times one path at a time: `arm(*marks)` starts a sample, `mark(name)` (any thread) notes a
    mark's time, `wait()` returns (wall, CPU) seconds once every armed mark is in."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._need: set[str] = set()
        self._got: dict[str, tuple[float, float]] = {}
        self._handled = False
        self.t0 = self.c0 = 0.0
        self.end_wall = self.end_cpu = 0.0

    def arm(self, *marks: str) -> None:
        with self._lock:
            self._need = set(marks)
            self._got = {}
            self._handled = False
            self._done.clear()
            self.c0 = time.process_time()
            self.t0 = time.perf_counter()

    def restart(self) -> None:
        """The sample starts now instead (any thread): for a path that begins with a device's own
        report rather than with the benchmark's edge (a long press the pads' timer reports)."""
        with self._lock:
            self.c0 = time.process_time()
            self.t0 = time.perf_counter()

    def mark(self, name: str) -> None:
        now, cpu = time.perf_counter(), time.process_time()
        with self._lock:
            if name not in self._need or name in self._got:
                return
            self._got[name] = (now, cpu)
            if len(self._got) == len(self._need):
                self.end_wall, self.end_cpu = now, cpu
                self._done.set()

    def at(self, name: str) -> tuple[float, float]:
        """After `wait`: (wall, CPU) seconds from the start to mark `name`."""
        wall, cpu = self._got[name]
        return wall - self.t0, cpu - self.c0

    @property
    def armed(self) -> bool:
        return bool(self._need) and not self._done.is_set()

    def handled(self, *_args: Any) -> None:
        """A session listener (main thread): the fact was handled, view-models and widgets updated."""
        if self.armed:
            self._handled = True
            self.mark("handled")

    def on_flip(self, *_args: Any) -> None:
        """The window's flip (main thread): the first frame after `handled` is the one that shows it."""
        if self._handled and "frame" in self._need and "frame" not in self._got:
            from kivy.graphics.opengl import glFinish

            glFinish()  # rendered, not merely queued
            self.mark("frame")

    def wait(self, what: str = "the path") -> tuple[float, float]:
        if not self._done.wait(TIMEOUT):
            with self._lock:
                missing = sorted(self._need - set(self._got))
            raise TimeoutError(f"{what}: no {', '.join(missing)} within {TIMEOUT} s")
        with self._lock:
            self._need = set()
        return self.end_wall - self.t0, self.end_cpu - self.c0


def redraw_on_main(timer: PathTimer) -> Callable[[], None]:
    """The floor's main-thread side: the hop to the main thread (the bridge's own wake-up,
    `on_main_thread`), then a frame with nothing changed, drawn and finished."""
    from kivy.core.window import Window

    from companion.ui.shell.bridge import on_main_thread

    def arrived() -> None:
        timer.handled()
        Window.canvas.ask_update()

    return lambda: on_main_thread(arrived)


def mark_reads_on_main(app: Any, timer: PathTimer, software: "PathStats | None" = None) -> None:
    """Marks "woken" when a read's first fact (its `DiceLive`) and "main" when its `DiceRead` is
    handed to the session on the main thread: the scanner benchmarks' split between the hop from
    the reader thread and the session's own work (a mark the sample did not arm is ignored).

    `software`, if given, gets one sample per timed read: from its `DiceRead` handed to the session
    to the start of drawing the frame that shows it (the window's `on_draw`), the wall time and the
    main thread's own CPU (`time.thread_time`): what the read's software — session, journal,
    view-models, widgets and their layout — costs the main thread before the rasteriser starts,
    a figure other processes on a shared machine hardly inflate (the wall figures wait for them)."""
    from kivy.core.window import Window

    from hardware.facts import DiceLive, DiceRead

    handle = app.bridge._handle  # the session's handle, behind the bridge's queue
    started: list[tuple[float, float]] = []

    def on_main(fact: object) -> None:
        if isinstance(fact, (DiceLive, DiceRead)):
            timer.mark("woken")
        if isinstance(fact, DiceRead):
            timer.mark("main")
            if software is not None and timer.armed and not started:
                started.append((time.perf_counter(), time.thread_time()))
        handle(fact)

    def drawing(*_args: Any) -> None:  # bound before the window's own on_draw: drawing starts
        if started:
            wall, cpu = started.pop()
            software.add((time.perf_counter() - wall, time.thread_time() - cpu))  # type: ignore[union-attr]

    app.bridge._handle = on_main
    if software is not None:
        Window.bind(on_draw=drawing)


def run_with_driver(session: Any, drive: Callable[[Any], None], timer: PathTimer, *,
                    language: str = "en", profile: str = "800x480", listen: bool = True, **kwargs: Any) -> Any:
    """Runs the app offscreen over `session`; after its first frame `drive(app)` runs on a thread
    of its own (a device's), and the app stops when it returns. What `drive` raised is raised
    here, after the session is shut down. `listen`: the timer's `handled` is a session listener
    (else the benchmark calls it from its own binding, e.g. the view-model property it waits for)."""
    from kivy.core.window import Window

    from companion.cli import game_choices
    from companion.ui.shell.app import run_app
    from companion.ui.shell.bridge import on_main_thread

    failure: list[BaseException] = []
    box: dict[str, Any] = {}

    def on_ready(app: Any) -> None:
        box["app"] = app
        if listen:
            session.listeners.append(timer.handled)
        Window.bind(on_flip=timer.on_flip)

        def run() -> None:
            try:
                drive(app)
            except BaseException as exc:  # noqa: BLE001 - reported after the app stops
                failure.append(exc)
            finally:
                on_main_thread(app.stop)

        threading.Thread(target=run, name="bench-driver", daemon=True).start()

    kwargs.setdefault("games", game_choices())
    try:
        run_app(session, language=language, profile=profile, on_ready=on_ready, **kwargs)
    finally:
        Window.unbind(on_flip=timer.on_flip)
        session.shutdown()
    if failure:
        raise failure[0]
    return box.get("app")


def wait_for(condition: Callable[[], Any], what: str, timeout: float = TIMEOUT) -> None:
    """Polls `condition` from a driver thread (set-up steps, never a timed sample)."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise TimeoutError(what)
        time.sleep(0.001)


@dataclasses.dataclass
class Figure:
    """One printed figure: `value` in `unit`, met when ≤ `target` (None: shown, no target), or
    when ≥ it for a figure where more is better (`at_least`: an accuracy, a throughput)."""

    bench: str
    name: str
    value: float
    unit: str = "ms"
    target: float | None = None
    note: str = ""
    at_least: bool = False

    @property
    def met(self) -> bool | None:
        if self.target is None:
            return None
        if self.value != self.value:  # NaN: nothing was measured, so nothing was met
            return False
        return self.value >= self.target if self.at_least else self.value <= self.target

    def verdict(self) -> str:
        return "" if self.met is None else ("met" if self.met else "MISSED")


@dataclasses.dataclass
class PathStats:
    """A path's samples: wall and CPU seconds each; `target`: the p99 it must meet, in ms, of the
    wall time or (`target_on="cpu"`) of the CPU time."""

    name: str
    target: float | None = None
    note: str = ""
    target_on: str = "wall"
    wall: list[float] = dataclasses.field(default_factory=list)
    cpu: list[float] = dataclasses.field(default_factory=list)

    def add(self, sample: tuple[float, float]) -> None:
        self.wall.append(sample[0])
        self.cpu.append(sample[1])

    def ms(self, which: str, p: float) -> float:
        return percentile(getattr(self, which), p) * 1000


def print_paths(title: str, paths: Sequence[PathStats], floor: PathStats, *, bench: str,
                extra: Iterable[Figure] = ()) -> list[Figure]:
    """Prints wall and CPU p50/p99 of every path, each p99's ratio to the floor's, and whether the
    wall p99 met the path's target; returns the figures, `extra` last (a missed target is printed,
    never an exit code)."""
    print(title)
    print(f"  Kivy clock: {clock_name()}; Python {sys.version.split()[0]}; {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.2f} (the machine may be shared: read the floor ratio)")
    head = f"{'ms':<44}{'wall p50':>9}{'wall p99':>9}{'CPU p50':>9}{'CPU p99':>9}{'p99/floor':>10}{'target':>8}"
    print(head[:-8] + f"{'target':>10}")
    figures: list[Figure] = []
    f99 = floor.ms("wall", 99)
    for stats in [floor, *paths]:
        w50, w99, c50, c99 = (stats.ms("wall", 50), stats.ms("wall", 99), stats.ms("cpu", 50), stats.ms("cpu", 99))
        is_floor, target_ms, on_cpu = stats is floor, stats.target, stats.target_on == "cpu"
        goal = "" if target_ms is None else f"{'CPU ' if on_cpu else ''}<= {target_ms:g}"
        verdict = "" if target_ms is None else ("" if (c99 if on_cpu else w99) <= target_ms else "  MISSED")
        print(f"{stats.name[:44]:<44}{w50:>9.2f}{w99:>9.2f}{c50:>9.2f}{c99:>9.2f}"
              f"{(w99 / f99 if f99 else 0):>9.2f}x{goal:>10}{verdict}")
        ratio = f"; {w99 / f99:.2f}x floor" if f99 and not is_floor else ""
        note = f"; {stats.note}" if stats.note else ""
        figures.append(Figure(bench, f"{stats.name}: wall p99", w99, "ms", None if on_cpu else target_ms,
                              f"p50 {w50:.2f}{ratio}{note}"))
        figures.append(Figure(bench, f"{stats.name}: CPU p99", c99, "ms", target_ms if on_cpu else None,
                              f"p50 {c50:.2f}"))
    for figure in extra:
        figures.append(figure)
    for figure in figures:
        if figure.met is False:
            print(f"TARGET MISSED: {figure.name} {figure.value:.2f} {figure.unit} > {figure.target:g}")
    if all(f.met is not False for f in figures):
        print("targets met")
    return figures


def bench_args(description: str) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--json", type=Path, help="also write the figures there (for run_all.py)")
    return ap


#: How a benchmark hands its figures to `run_all.py`: one line each on its standard output,
#: this prefix and the figure as JSON (`emit`); the table reads only these lines, never prose.
FIGURE_LINE = "FIGURE "


def emit(figures: Iterable[Figure]) -> list[Figure]:
    """Prints each figure as a `FIGURE_LINE` (after the benchmark's own table); returns them."""
    figures = list(figures)
    for figure in figures:
        print(FIGURE_LINE + json.dumps(dataclasses.asdict(figure), ensure_ascii=False), flush=True)
    return figures


def parse_figures(out: str) -> list[Figure]:
    """Every `FIGURE_LINE` in a benchmark's output, as figures (other lines are its own table).
    Raises ValueError naming the line when one does not hold a figure."""
    fields = {f.name for f in dataclasses.fields(Figure)}
    figures = []
    for number, line in enumerate(out.splitlines(), 1):
        if not line.startswith(FIGURE_LINE):
            continue
        try:
            row = json.loads(line[len(FIGURE_LINE):])
            figures.append(Figure(**{k: v for k, v in row.items() if k in fields}))
        except (ValueError, TypeError) as exc:
            raise ValueError(f"output line {number} is not a figure ({exc}): {line[:120]}") from exc
    return figures


def write_json(path: Path | None, figures: Iterable[Figure]) -> None:
    """The figures as `FIGURE_LINE`s on standard output (what `run_all.py` reads) and, with
    `--json PATH`, as a JSON list there too."""
    figures = emit(figures)
    if path is not None:
        path.write_text(json.dumps([dataclasses.asdict(f) for f in figures]), encoding="utf-8")


def read_json(path: Path) -> list[Figure]:
    fields = {f.name for f in dataclasses.fields(Figure)}
    return [Figure(**{k: v for k, v in row.items() if k in fields}) for row in json.loads(path.read_text(encoding="utf-8"))]
