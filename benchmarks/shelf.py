"""Shelf benchmark: what a start, home and the history cost with 200 finished games on disk,
against the same with none.

Two data folders, each holding one unfinished score-pad game of `--steps` steps (what the start
resumes); one also holds `--finished` finished games (copies of one real finished score-pad game of
40 entries, each its own journal). Timed, CPU and wall, medians over `--runs` alternating runs:

- listing: a fresh `JournalStore` (as a start makes one) and `Session.resumable()`,
  `unfinished_games()` and `finished_games()` — what start-up, home and the history read; first
  with the catalog (`core.catalog`) as the app uses it (the rows made by an earlier start), then
  with it left out (every journal opened and checked, as before the catalog);
- `--app`: the whole app, `companion` started to its first frame (resuming the unfinished game),
  in a child process, as benchmarks/startup.py measures it.

Target: the shelf of 200 finished games within 5 % of the empty one.

Run: python benchmarks/shelf.py [--finished 200] [--steps 200] [--runs 9] [--app]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

TARGET = 1.05


def _score_pad(session: Any, steps: int, finish: bool) -> None:
    from companion.session import Intent

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy", "Di"], "seed": 1}}))
    for i in range(steps - 1):
        session.handle(Intent("add_points", {"seat": i % 4, "points": 1 + i % 7}))
    if finish:
        session.handle(Intent("finish", {}))


def make_shelves(root: Path, finished: int, steps: int) -> tuple[Path, Path]:
    """(empty shelf, full shelf): data folders with the same unfinished game, the second with
    `finished` finished games beside it."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session

    empty, full = root / "empty" / "companion", root / "full" / "companion"
    session = Session(built_games(), JournalStore(root / "model"))
    _score_pad(session, 40, finish=True)
    session.shutdown()
    (model,) = (root / "model" / "games").glob("*.journal")
    session = Session(built_games(), JournalStore(empty))
    _score_pad(session, steps, finish=False)
    session.shutdown()
    shutil.copytree(empty, full)
    for n in range(finished):
        shutil.copyfile(model, full / "games" / f"20240101-{n // 3600:02d}{n // 60 % 60:02d}{n % 60:02d}-000000-scorepad.journal")
    return empty, full


def listing(data: Path, catalog: bool) -> tuple[float, float]:
    """(CPU ms, wall ms) of a start's, home's and the history's reads of the shelf in `data`."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session

    store = JournalStore(data)
    if not catalog and hasattr(store, "catalog"):  # left out, and the store's memory of it: every journal read at every listing, as before
        store.catalog._broken = True
        listed = store._listing

        def every_time(past: bool) -> Any:
            store._known = None
            return listed(past)

        store._listing = every_time  # type: ignore[method-assign]
    session = Session(built_games(), store)
    cpu, wall = time.process_time(), time.perf_counter()
    session.resumable()
    session.unfinished_games()
    session.finished_games()
    out = ((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000)
    session.shutdown()
    return out


def _medians(runs: int, measures: dict[str, Callable[[], tuple[float, ...]]]) -> dict[str, tuple[float, ...]]:
    got: dict[str, list[tuple[float, ...]]] = {name: [] for name in measures}
    for name, measure in measures.items():  # warm-up: the page cache, the catalog's first rows
        measure()
    for _ in range(runs):
        for name, measure in measures.items():
            got[name].append(measure())
    return {name: tuple(statistics.median(v[i] for v in values) for i in range(len(values[0])))
            for name, values in got.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--finished", type=int, default=200)
    parser.add_argument("--steps", type=int, default=200, help="steps of the unfinished game resumed")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--app", action="store_true", help="also the whole app's start to its first frame")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="companion-shelf-") as tmp:
        empty, full = make_shelves(Path(tmp), args.finished, args.steps)
        figures = _medians(args.runs, {
            "empty": lambda: listing(empty, True), "full": lambda: listing(full, True),
            "empty, no catalog": lambda: listing(empty, False), "full, no catalog": lambda: listing(full, False)})
        print(f"shelf benchmark: {args.finished} finished games beside a {args.steps}-step unfinished one, "
              f"medians of {args.runs} runs")
        print(f"{'listing (start, home, history)':<34}{'CPU ms':>9}{'wall ms':>9}")
        for name, (cpu, wall) in figures.items():
            print(f"  {name:<32}{cpu:>9.2f}{wall:>9.2f}")
        from benchmarks.inapp import Figure, emit

        for label, a, b in (("with the catalog", "full", "empty"), ("without (before)", "full, no catalog", "empty, no catalog")):
            extra = figures[a][0] - figures[b][0]
            print(f"  {args.finished} finished games add {extra:7.2f} ms CPU {label}")
            emit([Figure("shelf", f"listing, full / empty shelf CPU, {label}", figures[a][0] / figures[b][0], "x",
                         TARGET if label == "with the catalog" else None,
                         f"{args.finished} finished games add {extra:.2f} ms CPU")])
        if args.app:
            _app(Path(tmp), args.runs)


def _start(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds to the first frame, CPU seconds of the whole child) of one start: the wall time as
    benchmarks/startup.py takes it, and the child's own CPU (user + system, from wait4), which a
    loaded machine changes far less."""
    import subprocess

    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-frame") and first is None:
            first = time.perf_counter() - t0
    _, status, usage = os.wait4(proc.pid, 0)
    if first is None or os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{cmd} did not show a first frame")
    return first, usage.ru_utime + usage.ru_stime


def _app(root: Path, runs: int) -> None:
    """The whole start, resuming the unfinished game, with each shelf as the data folder."""
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1",
               KIVY_USE_DEFAULTCONFIG="1", KIVY_HOME=str(root / "kivy"), KIVY_LOG_MODE="PYTHON",
               XDG_CONFIG_HOME=str(root / "config"), COMPANION_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT),
               PYTHONPYCACHEPREFIX=str(root / "pycache"))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, "-m", "companion"]
    shelves = {"empty": root / "empty", "full": root / "full"}
    got: dict[str, list[tuple[float, float]]] = {name: [] for name in shelves}
    for n in range(runs + 1):
        for name, data in shelves.items():
            figures = _start(cmd, {**env, "XDG_DATA_HOME": str(data)})
            if n:  # the first: a warm-up (bytecode, page cache, the catalog's rows)
                got[name].append(figures)
    for i, label in ((0, "first frame, wall"), (1, "whole start, CPU")):
        full, empty = (statistics.median(v[i] for v in got[name]) for name in ("full", "empty"))
        ratio = full / empty
        print(f"whole start resuming, {label}: full shelf {full:.3f} s, empty {empty:.3f} s, ratio {ratio:.3f} "
              f"(target ≤ {TARGET:.2f}: {'met' if ratio <= TARGET else 'MISSED'})")
        from benchmarks.inapp import Figure, emit

        emit([Figure("shelf", f"whole start resuming, {label}: full / empty shelf", ratio, "x", TARGET,
                     f"full {full:.3f} s, empty {empty:.3f} s")])


if __name__ == "__main__":
    main()
