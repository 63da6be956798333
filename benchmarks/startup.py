"""Start-up benchmark: start → first frame of `companion` resuming a 200-step Trajan game with 50
finished games on disk, against the bare Kivy app in the same run.

What a normal start does: `python -m companion` with no arguments resumes the unfinished game
played last, so its table is the first frame. The data folder is made once per run: a 4-player
Trajan game played 200 steps by the conformance suite's random player (the public view's
choices, through a `Session` into a real journal), and 50 finished score-pad games (30 steps and
the finish each) beside it. A third set-up, the same resumed game with no finished game on the
shelf, shows what the shelf costs (the issue's "a start with 200 finished games on disk is
within 5 % of a start with none" is the journal index's target, measured here with 50).

The three run alternately, N times each, offscreen (real pixels through Mesa), from compiled
bytecode (as an installed app starts). Wall: from spawning the child to reading its `first-frame`
line (printed once Kivy has displayed a frame; the child then exits). CPU: the child's user +
system time (wait4), start to exit (the CPU column beside the bare app's is the steadier figure
on a busy machine, where a child's wall time is mostly waiting for a core); CPU@frame: its CPU
time as its `first-frame` line arrives (/proc/PID/stat, 10 ms ticks), without what the app does
after the first frame (opening devices, making the other games' halves). Peak RSS: the child's ru_maxrss. Targets: first frame ≤ 1.5×
and peak RSS ≤ 1.3× the bare app; the shelf ≤ 1.05× the empty shelf.

Run: python benchmarks/startup.py [--runs 5] [--finished 50] [--json OUT] (`--finished 200`: the
issue's shelf of 200 finished games against none)
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.inapp import Figure, bench_args, percentile, write_json  # noqa: E402

RESUMED_STEPS = 200
FINISHED_GAMES = 50


def cpu_so_far(pid: int) -> float:
    """The running child's CPU seconds so far (user + system, /proc/PID/stat; clock ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measure(cmd: list[str], env: dict[str, str]) -> tuple[float, float, float, float]:
    """(seconds to first frame, CPU seconds, peak RSS in MB, CPU seconds to the first frame) of one
    child run. The last is read as the `first-frame` line arrives: what the app does after its
    first frame (opening the pads, the scanner and the status display; making the other games'
    halves) is in the CPU to exit, not in it."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = first_cpu = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-frame") and first is None:
            first = time.perf_counter() - t0
            try:
                first_cpu = cpu_so_far(proc.pid)
            except (OSError, ValueError, IndexError):  # not Linux: no figure of its own
                first_cpu = float("nan")
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if first is None or first_cpu is None or proc.returncode != 0:
        raise SystemExit(f"{cmd} did not show a first frame (exit {proc.returncode})")
    return first, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024.0, first_cpu


def make_shelf(data: Path, finished: int) -> None:
    """`data` (a companion data folder): `finished` finished score-pad games, then the Trajan game
    of RESUMED_STEPS steps, unfinished, played last."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session
    from tests.conformance.players import PLAYERS

    session = Session(built_games(), JournalStore(data))
    rnd = random.Random(24)
    try:
        for g in range(finished):
            session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": g}}))
            for i in range(30):
                session.handle(Intent("add_points", {"seat": i % 3, "points": 1 + i % 5}))
            session.handle(Intent("finish"))
            assert session.table_view().finished
        player = PLAYERS["trajan"]()
        setup = {"players": ["Ann", "Bo", "Cy", "Di"], "colours": ["red", "blue", "green", "yellow"],
                 "seed": 24, "mode": "full"}
        session.handle(Intent("new_game", {"game": "trajan", "setup": setup}))
        while session.engine.journal.last_step < RESUMED_STEPS:
            session.handle(player.next_intent(session.table_view().view, rnd))
        assert not session.table_view().finished, "the Trajan game to resume ended early"
    finally:
        session.shutdown()


def main() -> int:
    ap = bench_args(__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--finished", type=int, default=FINISHED_GAMES, help="finished games on the shelf")
    args = ap.parse_args()
    finished_games = args.finished
    home = Path(tempfile.mkdtemp(prefix="companion-startup-"))
    base = dict(os.environ)
    base.update(
        SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1",
        KIVY_USE_DEFAULTCONFIG="1", KIVY_HOME=str(home / "kivy"), KIVY_LOG_MODE="PYTHON",
        XDG_CONFIG_HOME=str(home / "config"), COMPANION_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT),
        # Both read compiled bytecode, as installed they do (pip compiles on install; a clone's
        # first run writes __pycache__): a cache of this run's own, so the clone stays clean and
        # PYTHONDONTWRITEBYTECODE cannot make one of them compile its source at every start.
        PYTHONPYCACHEPREFIX=str(home / "pycache"),
    )
    base.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["KIVY_HOME"] = str(home / "kivy-maker")
    t0 = time.perf_counter()
    envs = {}
    for name, finished in (("shelf", finished_games), ("empty", 0)):
        xdg = home / f"data-{name}"
        make_shelf(xdg / "companion", finished)
        envs[name] = {**base, "XDG_DATA_HOME": str(xdg)}
    made = time.perf_counter() - t0
    envs["bare"] = {**base, "XDG_DATA_HOME": str(home / "data-bare")}
    cmds = {"bare": [sys.executable, str(ROOT / "benchmarks" / "bare_kivy_app.py")],
            "shelf": [sys.executable, "-m", "companion"], "empty": [sys.executable, "-m", "companion"]}
    for name in cmds:  # warm the page and bytecode caches: a cold first run says nothing
        measure(cmds[name], envs[name])
    runs: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in cmds}
    for _ in range(args.runs):
        for name in cmds:
            runs[name].append(measure(cmds[name], envs[name]))

    def stat(name: str, i: int, p: float) -> float:
        return percentile([r[i] for r in runs[name]], p)

    labels = {"bare": "bare Kivy app (floor)", "shelf": f"resume {RESUMED_STEPS} steps, {finished_games} finished",
              "empty": f"resume {RESUMED_STEPS} steps, empty shelf"}
    print(f"start-up benchmark, offscreen, {args.runs} alternating runs each (data made in {made:.1f} s); "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'start -> first frame':<40}{'wall p50':>9}{'wall p99':>9}{'CPU p50':>9}{'CPU p99':>9}"
          f"{'RSS MB':>8}{'p50/bare':>9}{'CPU/bare':>9}{'CPU@frame':>10}{'/bare':>7}")
    for name in ("bare", "shelf", "empty"):
        print(f"{labels[name]:<40}{stat(name, 0, 50):>9.3f}{stat(name, 0, 99):>9.3f}{stat(name, 1, 50):>9.3f}"
              f"{stat(name, 1, 99):>9.3f}{stat(name, 2, 50):>8.1f}{stat(name, 0, 50) / stat('bare', 0, 50):>8.2f}x"
              f"{stat(name, 1, 50) / stat('bare', 1, 50):>8.2f}x{stat(name, 3, 50):>10.3f}"
              f"{stat(name, 3, 50) / stat('bare', 3, 50):>6.2f}x")
    print("CPU: start to exit; CPU@frame: start to the first frame (the rest is what the app does after it)")
    frame_ratio = stat("shelf", 0, 50) / stat("bare", 0, 50)
    rss_ratio = stat("shelf", 2, 50) / stat("bare", 2, 50)
    shelf_ratio = stat("shelf", 0, 50) / stat("empty", 0, 50)
    shelf_cpu = stat("shelf", 1, 50) / stat("empty", 1, 50)
    figures = [
        Figure("startup", "resume + shelf: first frame / bare app (p50)", frame_ratio, "x", 1.5,
               f"{stat('shelf', 0, 50):.3f} s against {stat('bare', 0, 50):.3f} s; CPU "
               f"{stat('shelf', 1, 50) / stat('bare', 1, 50):.2f}x, to the first frame "
               f"{stat('shelf', 3, 50) / stat('bare', 3, 50):.2f}x"),
        Figure("startup", "resume + shelf: peak RSS / bare app", rss_ratio, "x", 1.3,
               f"{stat('shelf', 2, 50):.0f} MB against {stat('bare', 2, 50):.0f} MB"),
        Figure("startup", f"{finished_games} finished games: first frame / empty shelf", shelf_ratio, "x", 1.05,
               f"CPU {shelf_cpu:.3f}x"),
        Figure("startup", "resume + shelf: first frame wall p99", stat("shelf", 0, 99) * 1000, "ms", None,
               f"CPU p99 {stat('shelf', 1, 99) * 1000:.0f} ms"),
    ]
    for f in figures[:3]:
        print(f"{f.name}: {f.value:.2f} (target <= {f.target:g}) {f.verdict()}  ({f.note})")
    write_json(args.json, figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
