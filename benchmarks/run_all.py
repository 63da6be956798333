"""Runs every benchmark and prints one table of every figure with its target and whether it was met.

Each benchmark runs in a process of its own (each in-app one opens its own Kivy window), one after
the other, with quick settings by default (a few minutes in all) or `--full` for the counts their
own defaults use. The whole-path benchmarks (benchmarks/inapp.py: pads, scanner, augustus_call,
trajan_tap, startup) hand over their figures as JSON; pads and scanner run twice, the second time
with Kivy's default clock (`KIVY_CLOCK=default`), which is how a device fact reached the main
thread before the bridge woke the main loop: both are in the table, "before wake-up" marked.
The older benchmarks (rules, journal, views, Trajan's and Troyes' screens) print their own tables;
their lines that state a target are quoted and their verdict taken from what they print.

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

from benchmarks.inapp import Figure, read_json  # noqa: E402

#: name: (script, quick arguments, full arguments, environment, figures as JSON)
BENCHMARKS: dict[str, tuple[str, list[str], list[str], dict[str, str], bool]] = {
    "pads": ("pads.py", ["--cycles", "24"], ["--cycles", "200"], {}, True),
    "pads (before wake-up)": ("pads.py", ["--cycles", "24"], ["--cycles", "200"], {"KIVY_CLOCK": "default"}, True),
    "scanner": ("scanner.py", ["--reads", "120", "--rounds", "4", "--stream", "10000"], [], {}, True),
    "scanner (before wake-up)": ("scanner.py", ["--reads", "120", "--rounds", "4", "--stream", "10000"], [],
                                 {"KIVY_CLOCK": "default"}, True),
    "augustus_call": ("augustus_call.py", ["--calls", "30"], ["--calls", "200"], {}, True),
    "trajan_tap": ("trajan_tap.py", ["--taps", "150"], ["--taps", "1000"], {}, True),
    "startup": ("startup.py", ["--runs", "3"], ["--runs", "10"], {}, True),
    "trajan rules": ("trajan.py", ["--games", "2", "--runs", "3"], [], {}, False),
    "troyes rules": ("troyes.py", ["--games", "2", "--runs", "3"], [], {}, False),
    "augustus rules": ("augustus.py", ["--games", "2", "--runs", "3"], [], {}, False),
    "journal": ("journal.py", ["--appends", "200", "--events", "10000", "--runs", "3"], [], {}, False),
    "views": ("views.py", ["--runs", "3"], [], {}, False),
    "trajan_ui": ("trajan_ui.py", ["--actions", "150"], [], {}, False),
    "troyes_scanner": ("troyes_scanner.py", ["--reads", "60", "--rounds", "2"], [], {}, False),
    "history": ("history.py", ["--runs", "3", "--scroll-frames", "30"], [], {}, False),
    "shelf": ("shelf.py", ["--runs", "3"], ["--app"], {}, False),
    "tray_vision": ("tray_vision.py", ["--scenes", "60", "--throws", "8"], [], {}, False),
    "card_facts": ("card_facts.py", ["--runs", "9"], ["--runs", "31"], {}, False),
}


def printed_figures(name: str, out: str) -> list[Figure]:
    """An older benchmark's lines that state a target, and its verdict, as figures (value: NaN,
    the line itself in the note; met from its own "target(s) met" / "TARGET MISSED")."""
    lower = out.lower()
    met = None if "target" not in lower else not ("target missed" in lower)
    figures = [Figure(name, line.strip()[:60], float("nan"), "", None, line.strip())
               for line in out.splitlines() if ("<=" in line or "≤" in line) and not line.lower().startswith("target")]
    verdict = Figure(name, "the benchmark's own verdict", float("nan"), "", None, "met" if met else "MISSED" if met is False
                     else "no target printed")
    return figures + [verdict]


def run(name: str, full: bool, verbose: bool) -> tuple[list[Figure], str | None]:
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
        if verbose or (proc.returncode != 0 and "Traceback" in proc.stderr):
            print(proc.stdout)
        if "Traceback" in proc.stderr or (structured and not out_json.exists()):
            print(proc.stderr[-3000:])
            return [], f"{name} failed (exit {proc.returncode})"
        if structured:
            figures = read_json(out_json)
            for f in figures:
                f.bench = name
            return figures, None
        if not verbose:
            print(proc.stdout)
        return printed_figures(name, proc.stdout), None


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
    print(f"{'benchmark':<26}{'figure':<52}{'value':>12}{'target':>12}  {'':<7}note")
    for f in figures:
        if f.value != f.value:  # an older benchmark's own line, or its verdict
            if f.name == "the benchmark's own verdict":
                print(f"{f.bench[:25]:<26}{f.name:<52}{'':>12}{'':>12}  {f.note}")
            else:
                print(f"{f.bench[:25]:<26}  | {f.note}")
            continue
        value = f"{f.value:,.2f} {f.unit}".strip()
        target = "" if f.target is None else f"<= {f.target:g} {f.unit}".strip()
        state = "" if f.met is None else ("met" if f.met else "MISSED")
        print(f"{f.bench[:25]:<26}{f.name[:51]:<52}{value:>12}{target:>12}  {state:<7}{f.note}")
    verdicts = [f.note for f in figures if f.name == "the benchmark's own verdict"]
    met = sum(1 for f in figures if f.met) + verdicts.count("met")
    missed = sum(1 for f in figures if f.met is False) + verdicts.count("MISSED")
    print(f"{len(figures)} figures, {met} targets met, {missed} missed"
          + (f"; FAILED to run: {', '.join(failures)}" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
