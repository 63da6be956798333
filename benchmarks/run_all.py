"""Runs every benchmark and prints one table of every figure with its target and whether it was met.

Each benchmark runs in a process of its own (each in-app one opens its own Kivy window), one after
the other, with quick settings by default (a few minutes in all) or `--full` for the counts their
own defaults use. The whole-path benchmarks (benchmarks/inapp.py: pads, scanner, augustus_call,
trajan_tap, startup) hand over their figures as JSON; pads and scanner run twice, the second time
with Kivy's default clock (`KIVY_CLOCK=default`), which is how a device fact reached the main
thread before the bridge woke the main loop: both are in the table, "before wake-up" marked.
The others (rules, journal, views, Trajan's and Troyes' screens …) print their own tables. Every
benchmark hands over its figures the same way, one `FIGURE {json}` line each on its standard
output (`benchmarks.inapp.emit`: name, value, unit, target, note): the table shows each figure with
its target and met/MISSED from those numbers, never from words in a benchmark's prose. A benchmark
that prints no figure is a MISSED row of its own.

A missed target is printed (MISSED), never an exit code: the exit code is 1 only when a
benchmark failed to run. The machine may be shared: each in-app figure's ratio to the floor
measured beside it says more than the figure alone; the load average is printed with the table.

Run: python benchmarks/run_all.py [--full] [--only NAME ...] [--verbose]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.inapp import FIGURE_LINE, Figure, parse_figures, read_json  # noqa: E402

#: name: (script, quick arguments, full arguments, environment, takes --json PATH); every one prints FIGURE lines
BENCHMARKS: dict[str, tuple[str, list[str], list[str], dict[str, str], bool]] = {
    "pads": ("pads.py", ["--cycles", "24"], ["--cycles", "200"], {}, True),
    "pads (before wake-up)": ("pads.py", ["--cycles", "24"], ["--cycles", "200"], {"KIVY_CLOCK": "default"}, True),
    "scanner": ("scanner.py", ["--reads", "120", "--rounds", "4", "--stream", "10000"], [], {}, True),
    "scanner (before wake-up)": ("scanner.py", ["--reads", "120", "--rounds", "4", "--stream", "10000"], [],
                                 {"KIVY_CLOCK": "default"}, True),
    "augustus_call": ("augustus_call.py", ["--calls", "30"], ["--calls", "200"], {}, True),
    "augustus_card": ("augustus_card.py", ["--games", "4"], ["--games", "10"], {}, True),
    "trajan_tap": ("trajan_tap.py", ["--taps", "150"], ["--taps", "1000"], {}, True),
    "startup": ("startup.py", ["--runs", "3"], ["--runs", "10"], {}, True),
    "trajan rules": ("trajan.py", ["--games", "2", "--runs", "3"], [], {}, False),
    "troyes rules": ("troyes.py", ["--games", "2", "--runs", "3"], [], {}, True),
    "augustus rules": ("augustus.py", ["--games", "2", "--runs", "3"], [], {}, False),
    "journal": ("journal.py", ["--appends", "200", "--events", "10000", "--runs", "3"], [], {}, False),
    "resume": ("resume.py", ["--runs", "7"], [], {}, False),
    "views": ("views.py", ["--runs", "3"], [], {}, False),
    "trajan_ui": ("trajan_ui.py", ["--actions", "150"], [], {}, False),
    "troyes_scanner": ("troyes_scanner.py", ["--reads", "60", "--rounds", "2"], [], {}, True),
    "history": ("history.py", ["--runs", "3", "--scroll-frames", "30"], [], {}, False),
    "shelf": ("shelf.py", ["--runs", "3"], ["--app"], {}, False),
    "tray_vision": ("tray_vision.py", ["--scenes", "60", "--throws", "8"], [], {}, False),
    "card_facts": ("card_facts.py", ["--runs", "9"], ["--runs", "31"], {}, False),
}


def failed(name: str, why: str) -> Figure:
    """A row for a benchmark that gave no figures: its verdict is MISSED, never a blank."""
    return Figure(name, "(the benchmark itself)", float("nan"), "", 0.0, why)


def run(name: str, full: bool, verbose: bool) -> tuple[list[Figure], str | None]:
    """Runs one benchmark; its figures are the `FIGURE` lines it printed (`inapp.emit`), or the
    JSON file it wrote (`--json`, for a structured one): never words read out of its table."""
    script, quick, full_args, env_extra, structured = BENCHMARKS[name]
    args = full_args if full else quick
    env = {**os.environ, **env_extra}
    with tempfile.TemporaryDirectory(prefix="companion-run-all-") as d:
        out_json = Path(d) / "figures.json"
        cmd = [sys.executable, str(ROOT / "benchmarks" / script), *args] + (["--json", str(out_json)] if structured else [])
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, env=env, cwd=ROOT, capture_output=True, text=True)
        took = time.perf_counter() - t0
        print(f"--- {name}: {' '.join(cmd[1:])} ({took:.0f} s, exit {proc.returncode})", flush=True)
        table = "\n".join(line for line in proc.stdout.splitlines() if not line.startswith(FIGURE_LINE))
        if verbose or not structured:
            print(table)
        try:
            figures = parse_figures(proc.stdout)
        except ValueError as exc:
            return [failed(name, str(exc))], f"{name}: {exc}"
        if not figures and structured and out_json.exists():
            figures = read_json(out_json)
        if "Traceback" in proc.stderr or not figures:
            print(proc.stderr[-3000:])
            why = f"failed (exit {proc.returncode})" if "Traceback" in proc.stderr else \
                f"printed no figures (exit {proc.returncode})"
            return [failed(name, why)], f"{name} {why}"
        for f in figures:
            f.bench = name
        return figures, None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--full", action="store_true", help="the benchmarks' real counts (much longer)")
    ap.add_argument("--only", nargs="*", choices=sorted(BENCHMARKS), help="only these benchmarks")
    ap.add_argument("--verbose", action="store_true", help="also print every in-app benchmark's own table")
    args = ap.parse_args()
    names = args.only or list(BENCHMARKS)
    figures: list[Figure] = []
    failures: list[str] = []
    for name in names:
        got, failure = run(name, args.full, args.verbose)
        figures += got
        if failure:
            failures.append(failure)
    print()
    print(f"=== every figure ({'full' if args.full else 'quick'} settings; load average "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs)")
    print(f"{'benchmark':<26}{'figure':<52}{'value':>14}{'target':>14}  {'':<7}note")
    for f in figures:
        value = "" if f.value != f.value else f"{f.value:,.2f} {f.unit}".strip()
        goal = ">=" if f.at_least else "<="
        target = "" if f.target is None or f.value != f.value else f"{goal} {f.target:g} {f.unit}".strip()
        state = "" if f.met is None else ("met" if f.met else "MISSED")
        print(f"{f.bench[:25]:<26}{f.name[:51]:<52}{value:>14}{target:>14}  {state:<7}{f.note}")
    met = sum(1 for f in figures if f.met)
    missed = sum(1 for f in figures if f.met is False)
    print(f"{len(figures)} figures, {sum(1 for f in figures if f.target is not None)} with a target: {met} met, "
          f"{missed} missed" + (f"; FAILED: {'; '.join(failures)}" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
