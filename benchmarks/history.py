"""Step-history benchmark: a long game's history screen opened and scrolled, in the running app.

A score-pad game of `--steps` entries (and a 4-player Trajan game of `--trajan` steps, played by
the conformance suite's random player) is written to a temporary data folder; the app runs
offscreen at 800×480 with that game open, on its table. Timed, wall and CPU:

- open: from `app.open_history()` (what the table's History button calls) until the frame after
  it is drawn (the window's flip): the view-model's rows, the list laid out, the rows on screen
  made and drawn. Target: ≤ 100 ms for 1,000 steps.
- whole list: until every row the screen will ever make for the open list is made (the old screen
  made rows a few a frame after the first; a RecycleView makes only those on screen, so this is
  the same moment as `open`).
- scroll: `--scroll-frames` frames, each moving the list `SCROLL_PX` further down; the time
  from moving it to that frame's flip. Target: p99 ≤ 16.7 ms.
- read (no window): `Session.history()` of a resumed `--read-steps` score-pad game (10,000): the
  first read (every step's summary row read from the journal, `core.journal_summaries`: the
  engine keeps no events) and each read after it (`core.history_kept`: only the steps since, and
  undone marked again), CPU, beside the floor of reading the journal's rows alone (checked, not
  decoded) in the same run; and the first read of the same journal without its summary rows (one
  written before them: every step decoded from its events, and its row written).

Run: python benchmarks/history.py [--steps 1000] [--trajan 400] [--runs 5] [--scroll-frames 60]
     [--read-steps 10000]
"""

from __future__ import annotations

import argparse
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "offscreen")
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")

OPEN_TARGET_MS, FRAME_TARGET_MS = 100.0, 1000 / 60
#: How far the list moves a frame while scrolled: a brisk finger's flick (1,800 px/s at 60 Hz).
SCROLL_PX = 30.0


def scorepad_game(session: Any, steps: int) -> None:
    from companion.session import Intent

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy", "Di"], "seed": 1}}))
    for i in range(steps - 1):
        session.handle(Intent("add_points", {"seat": i % 4, "points": 1 + i % 7}))


def trajan_game(session: Any, steps: int, seed: int = 1) -> None:
    from companion.core.errors import IllegalCommand
    from companion.session import Intent
    from tests.conformance.players import PLAYERS

    rnd = random.Random(f"trajan-history-{seed}")
    player = PLAYERS["trajan"]()
    session.handle(Intent("new_game", {"game": "trajan", "setup": dict(player.setup(rnd))}))
    engine = session.engine
    for intent in player.opening(engine.view(None)):
        session.handle(Intent(intent.name, dict(intent.args)))
    while len(session.history()) < steps and not engine.is_finished:
        intent = player.next_intent(engine.view(None), rnd)
        if intent.name in ("undo", "redo", "finish"):
            continue
        session.handle(Intent(intent.name, dict(intent.args)))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def measure(data_dir: Path, runs: int, scroll_frames: int) -> dict[str, list[float]]:
    """Runs the app on the game in `data_dir` and times opening and scrolling its history."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session
    from companion.ui.shell.app import run_app
    from tests.ui.uiharness import choices

    session = Session(built_games(), JournalStore(data_dir))
    session.resume()
    out: dict[str, list[float]] = {"open_wall": [], "open_cpu": [], "all_wall": [], "frame_wall": [], "frame_cpu": [],
                                   "rows_made": []}

    def on_ready(app: Any) -> None:
        table = app.sm.current
        steps = iter(_script(app, table))

        def step(_dt: float) -> bool | None:
            try:
                next(steps)
            except StopIteration:
                app.stop()
                return False
            return None

        Clock.schedule_interval(step, 0)

    flips: list[tuple[float, float]] = []
    Window.bind(on_flip=lambda *_: flips.append((time.perf_counter(), time.process_time())))

    def _next_flip() -> Any:
        seen = len(flips)
        Window.canvas.ask_update()  # a frame is drawn only when something asks for one
        while len(flips) == seen:
            yield

    def _script(app: Any, table: str) -> Any:
        for _ in range(runs):
            yield from _next_flip()
            wall, cpu = time.perf_counter(), time.process_time()
            app.open_history()
            yield from _next_flip()
            out["open_wall"].append((flips[-1][0] - wall) * 1000)
            out["open_cpu"].append((flips[-1][1] - cpu) * 1000)
            screen = app.sm.get_screen("history")
            while getattr(screen, "filling", False):  # the older screen: rows a few a frame
                yield
            out["all_wall"].append((time.perf_counter() - wall) * 1000)
            out["rows_made"].append(float(len(_rows(screen))))
            app.go(table)
            yield from _next_flip()
        app.open_history()
        yield from _next_flip()
        view = _scroller(app.sm.get_screen("history"))
        for _n in range(scroll_frames):
            wall, cpu = time.perf_counter(), time.process_time()
            scrollable = max(1.0, view.children[0].height - view.height)
            view.scroll_y = max(0.0, view.scroll_y - SCROLL_PX / scrollable)
            yield from _next_flip()
            out["frame_wall"].append((flips[-1][0] - wall) * 1000)
            out["frame_cpu"].append((flips[-1][1] - cpu) * 1000)

    run_app(session, language="en", profile="800x480", on_ready=on_ready, games=choices())
    session.shutdown()
    return out


def _rows(screen: Any) -> list[Any]:
    rows = getattr(screen, "rows", None)
    if callable(rows):
        return rows()
    return list(screen.ids.steps.children)


def _scroller(screen: Any) -> Any:
    steps = screen.ids.steps
    return steps if hasattr(steps, "scroll_y") else steps.parent


def report(name: str, figures: dict[str, list[float]]) -> None:
    from benchmarks.inapp import Figure, emit

    def line(label: str, key: str, target: float | None) -> None:
        values = figures[key]
        if not values:
            return
        p50, p99 = statistics.median(values), _pct(values, 0.99)
        verdict = "" if target is None else ("  (target ≤ %.1f ms: %s)" % (target, "met" if p99 <= target else "MISSED"))
        print(f"  {label:<28} p50 {p50:8.1f} ms  p99 {p99:8.1f} ms{verdict}")
        emit([Figure("history", f"{name}: {label}, p99", p99, "ms", target, f"p50 {p50:.1f}")])

    print(f"{name}:")
    line("open, wall", "open_wall", OPEN_TARGET_MS)
    line("open, CPU", "open_cpu", None)
    line("every row made, wall", "all_wall", None)
    line("scroll frame, wall", "frame_wall", FRAME_TARGET_MS)
    line("scroll frame, CPU", "frame_cpu", None)
    print(f"  rows made (widgets)          {statistics.median(figures['rows_made']):.0f}")


def read_figures(data_dir: Path, steps: int, runs: int) -> None:
    """The history read without a window (see the module's docstring), printed and emitted."""
    from benchmarks.inapp import Figure, emit
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.games.scorepad.commands import AddPoints
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(data_dir))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy", "Di"], "seed": 1}}))
    engine = session.engine
    events_of = [engine.game.decide(engine.state, AddPoints(i % 4, 1 + i % 5)) for i in range(1, steps)]
    steps_of = [[engine.codec.encode(e) for e in events] for events in events_of]
    # The same rows as live play (the events and each step's summary row), in one transaction.
    engine.journal.append_steps(steps_of, fingerprint=engine.fingerprint,
                                summaries=[engine.summary_text(events) for events in events_of])
    path = engine.journal.path
    session.shutdown()
    first, again, floor, unsummarised = [], [], [], []
    for _ in range(runs):
        session = Session(built_games(), JournalStore(data_dir))
        session.resume(path)
        journal = session.engine.journal
        cpu = time.process_time()
        journal.rows(1, journal.last_seq)
        floor.append((time.process_time() - cpu) * 1000)
        cpu = time.process_time()
        count = len(session.history())
        first.append((time.process_time() - cpu) * 1000)
        for _n in range(5):
            cpu = time.process_time()
            session.history()
            again.append((time.process_time() - cpu) * 1000)
        session.shutdown()
        with sqlite3.connect(str(path)) as conn:  # as a journal written before the summary rows
            conn.execute("DELETE FROM summaries")
        session = Session(built_games(), JournalStore(data_dir))
        session.resume(path)
        cpu = time.process_time()
        session.history()
        unsummarised.append((time.process_time() - cpu) * 1000)
        session.shutdown()
    base = statistics.median(floor)
    print(f"history read, {count} steps (CPU; floor: the rows read alone, {base:.1f} ms):")
    for label, values in (("first read", first), ("read again", again),
                          ("first read, no summary rows", unsummarised)):
        p50, p99 = statistics.median(values), _pct(values, 0.99)
        print(f"  {label:<28} p50 {p50:8.1f} ms  p99 {p99:8.1f} ms  ({p50 / base:.2f}× the floor)")
        emit([Figure("history", f"history read, {count} steps: {label}, CPU p99", p99, "ms", None,
                     f"p50 {p50:.1f}, floor {base:.1f}")])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=1000, help="score-pad steps (0: none)")
    parser.add_argument("--trajan", type=int, default=400, help="Trajan steps (0: none)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scroll-frames", type=int, default=60)
    parser.add_argument("--read-steps", type=int, default=10_000, help="score-pad steps of the history read (0: none)")
    args = parser.parse_args()
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session

    for name, count, make in (("score pad", args.steps, scorepad_game), ("trajan", args.trajan, trajan_game)):
        if count <= 0:
            continue
        with tempfile.TemporaryDirectory(prefix="companion-history-") as tmp:
            session = Session(built_games(), JournalStore(Path(tmp) / "data"))
            make(session, count)
            steps = len(session.history())
            session.shutdown()
            figures = measure(Path(tmp) / "data", args.runs, args.scroll_frames)
        report(f"{name}, {steps} steps", figures)
    if args.read_steps > 0:
        with tempfile.TemporaryDirectory(prefix="companion-history-") as tmp:
            read_figures(Path(tmp) / "data", args.read_steps, args.runs)


if __name__ == "__main__":
    main()
