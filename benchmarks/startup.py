"""Start-up benchmark: time to first frame and peak RSS of `companion` against a bare Kivy app.

Both run offscreen (real pixels through Mesa), alternately, N times each in the same run, so both
see the same machine, and both from compiled bytecode (as an installed app starts). Time to first frame is measured by this parent process: from spawning the
child to reading its `first-frame` line (printed once Kivy has displayed a frame). Peak RSS is the
child's ru_maxrss from wait4(). Targets: first frame ≤ 1.5× and peak RSS ≤ 1.3× the bare app.

Run: python benchmarks/startup.py [--runs 5]   (uses the python running it, so run it from the venv)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def measure(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(seconds to first frame, peak RSS in MB) of one child run."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    first = None
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("first-frame") and first is None:
            first = time.perf_counter() - t0
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if first is None or proc.returncode != 0:
        raise SystemExit(f"{cmd} did not show a first frame (exit {proc.returncode})")
    return first, usage.ru_maxrss / 1024.0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    home = tempfile.mkdtemp(prefix="companion-startup-")
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1",
        KIVY_USE_DEFAULTCONFIG="1", KIVY_HOME=os.path.join(home, "kivy"), KIVY_LOG_MODE="PYTHON",
        XDG_CONFIG_HOME=os.path.join(home, "config"), XDG_DATA_HOME=os.path.join(home, "data"),
        COMPANION_EXIT_AFTER_FIRST_FRAME="1", PYTHONPATH=str(ROOT),
        # Both read compiled bytecode, as installed they do (pip compiles on install; a clone's
        # first run writes __pycache__): a cache of this run's own, so the clone stays clean and
        # an environment that forbids writing bytecode (PYTHONDONTWRITEBYTECODE) cannot make one
        # of them compile its source at every start. The warm-up runs below fill it.
        PYTHONPYCACHEPREFIX=os.path.join(home, "pycache"),
    )
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    bare = [sys.executable, str(ROOT / "benchmarks" / "bare_kivy_app.py")]
    app = [sys.executable, "-m", "companion", "--home"]
    measure(bare, env)  # warm the page and bytecode caches for both: a cold first run says nothing
    measure(app, env)
    results: dict[str, list[tuple[float, float]]] = {"bare": [], "companion": []}
    for _ in range(args.runs):
        results["bare"].append(measure(bare, env))
        results["companion"].append(measure(app, env))
    frame = {k: statistics.median(v[0] for v in r) for k, r in results.items()}
    rss = {k: statistics.median(v[1] for v in r) for k, r in results.items()}
    print(f"start-up benchmark, offscreen, {args.runs} alternating runs each, medians")
    print(f"{'measure':<28}{'companion':>12}{'bare Kivy':>12}{'ratio':>8}{'target':>10}")
    f_ratio, r_ratio = frame["companion"] / frame["bare"], rss["companion"] / rss["bare"]
    print(f"{'time to first frame (s)':<28}{frame['companion']:>12.3f}{frame['bare']:>12.3f}{f_ratio:>8.2f}{'<= 1.50':>10}")
    print(f"{'peak RSS (MB)':<28}{rss['companion']:>12.1f}{rss['bare']:>12.1f}{r_ratio:>8.2f}{'<= 1.30':>10}")
    ok = f_ratio <= 1.5 and r_ratio <= 1.3
    print("targets met" if ok else "TARGET MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
