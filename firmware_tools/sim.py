"""`scanner-sim`: a simulated dice scanner on a pseudo-terminal, for the app, the tools and firmware
work without a tray on the desk.

    scanner-sim                                  # on /tmp/dice-scanner; type commands (help)
    scanner-sim --auto 3 --dice "red red white yellow"
    scanner-sim --script session.txt --fault corrupt=0.02
    scanner-sim --link /tmp/dice-scanner --tray "red:4 white:2"   # restarted: the dice still lie there

It prints the pty it made and keeps the stable link (default /tmp/dice-scanner) pointing at it,
replacing the link at start (a killed simulator's link is simply taken over), so an app reading
the link finds a restarted simulator as it finds a replugged scanner. Commands (the script
language, hardware/scanner/script.py) come from --script, then from standard input, one per
line; the simulator runs until `quit`, Ctrl-C or SIGTERM — also after a script or standard input
ends, as a device would.
"""

from __future__ import annotations

import argparse
import logging
import random
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Sequence

from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.ptyhost import PtyScanner
from hardware.scanner.script import COMMANDS, ScriptError, load_script, play, run_command
from hardware.scanner.twin import ScannerTwin, parse_dice

DEFAULT_LINK = "/tmp/dice-scanner"


def _pair(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    values = (float(low), float(high or low))
    if not 0 <= values[0] <= values[1]:
        raise argparse.ArgumentTypeError("LOW,HIGH seconds with 0 <= LOW <= HIGH")
    return values


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="scanner-sim", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="commands:\n  " + "\n  ".join(COMMANDS.values()))
    p.add_argument("--link", default=DEFAULT_LINK, help=f"stable name for the pty (default {DEFAULT_LINK})")
    p.add_argument("--no-link", action="store_true", help="no stable name: open the printed pty path")
    p.add_argument("--script", type=Path, help="play this command file first")
    p.add_argument("--auto", type=float, metavar="SECONDS", help="throw the dice set every SECONDS")
    p.add_argument("--dice", default="red white yellow", help='the dice set (default "red white yellow")')
    p.add_argument("--tray", default="", help="dice lying in the tray at power-on, e.g. \"red:4 white:2\"")
    p.add_argument("--fault", nargs="*", default=[], metavar="KIND=RATE",
                   help="random damage per line: corrupt=P drop=P duplicate=P garbage=P")
    p.add_argument("--seed", type=int, help="seed for dice and faults (boot ids stay random)")
    p.add_argument("--heartbeat", type=float, default=1.0, help="seconds between heartbeats (default 1)")
    p.add_argument("--roll-time", type=_pair, default=(0.4, 0.8), metavar="LOW,HIGH",
                   help="seconds a die tumbles (default 0.4,0.8)")
    p.add_argument("--frame-interval", type=float, default=0.05, help="camera frame period (default 0.05 s)")
    p.add_argument("--firmware", default="companion-sim-1.0", help="firmware name in the hello")
    p.add_argument("--boot", help="the first boot id (8 hex digits; default random)")
    p.add_argument("--no-stdin", action="store_true", help="do not read commands from standard input")
    p.add_argument("-v", "--verbose", action="store_true", help="log what the simulator does")
    return p


def _auto_roller(sim: PtyScanner, every: float, stop: threading.Event) -> None:
    while not stop.wait(every):
        sim.roll()


def _read_stdin(sim: PtyScanner, stop: threading.Event) -> None:
    interactive = sys.stdin.isatty()
    while not stop.is_set():
        if interactive:
            print("scanner-sim> ", end="", flush=True)
        line = sys.stdin.readline()
        if not line:
            return  # standard input ended: the scanner goes on
        if line.strip() in ("help", "?"):
            print("\n".join(COMMANDS.values()), flush=True)
            continue
        try:
            if not run_command(sim, line):
                stop.set()
        except (ScriptError, ValueError, RuntimeError) as exc:
            print(f"scanner-sim: {exc}", file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(name)s: %(message)s")
    if args.boot and not re.fullmatch(r"[0-9A-Fa-f]{8}", args.boot):
        print("scanner-sim: --boot takes 8 hex digits", file=sys.stderr)
        return 2
    try:
        steps = load_script(args.script) if args.script else []
        twin = ScannerTwin(rng=random.Random(args.seed), heartbeat=args.heartbeat,
                           frame_interval=args.frame_interval, roll_time=args.roll_time,
                           dice=parse_dice(args.dice), tray=parse_dice(args.tray),
                           firmware=args.firmware, boot=args.boot.upper() if args.boot else None)
        faults = FaultInjector(FaultRates.parse(args.fault), random.Random(args.seed))
    except (OSError, ValueError) as exc:
        print(f"scanner-sim: {exc}", file=sys.stderr)
        return 2
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    try:
        sim = PtyScanner(twin, link=None if args.no_link else args.link, faults=faults).start()
    except OSError as exc:
        print(f"scanner-sim: cannot make the pty or its link: {exc}", file=sys.stderr)
        return 2
    try:
        link = "" if args.no_link else f" (link {args.link})"
        print(f"scanner-sim: scanner on {sim.pty_path}{link}, boot {twin.boot}", flush=True)
        if args.auto:
            threading.Thread(target=_auto_roller, args=(sim, args.auto, stop), daemon=True).start()

        def run() -> None:
            try:
                if not play(sim, steps, stop):
                    stop.set()  # the script said quit
                elif not args.no_stdin:
                    _read_stdin(sim, stop)
            except (ScriptError, ValueError, RuntimeError) as exc:
                print(f"scanner-sim: {exc}", file=sys.stderr, flush=True)
                stop.set()

        # The commands run beside the main thread, which only waits: signals stay prompt.
        threading.Thread(target=run, name="scanner-sim-commands", daemon=True).start()
        while not stop.wait(0.2):
            pass
    finally:
        sim.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
