"""`python -m firmware_tools.tray`: the dice tray's program.

    tray run --device /dev/ttyGS0                     # on the Zero (the systemd unit runs this)
    tray run --pty /tmp/dice-scanner --synth 2        # no Zero: generated throws every 2 s
    tray run --pty /tmp/dice-scanner --frames photos/ # a folder of pictures, in name order
    tray calibrate --dice "red white yellow black"    # one throw of known dice, left to right
    tray look photo.png ...                           # what the vision sees in pictures

docs/scanner-build.md is the maker's guide.
"""

from __future__ import annotations

import argparse
import logging
import random
import signal
import sys
import threading
from pathlib import Path
from typing import Sequence

from firmware_tools.tray.colours import DEFAULT, DEFAULT_PATH, ColourTable, ColourTableError


def _size(text: str) -> tuple[int, int]:
    w, _, h = text.lower().partition("x")
    try:
        size = int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError("WIDTHxHEIGHT, e.g. 480x360") from None
    if not (64 <= size[0] <= 4096 and 48 <= size[1] <= 4096):
        raise argparse.ArgumentTypeError("WIDTHxHEIGHT within 64x48 and 4096x4096")
    return size


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tray", description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__.split("\n\n")[1])
    p.add_argument("-v", "--verbose", action="store_true")
    sub = p.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="read dice and speak the protocol")
    where = run.add_mutually_exclusive_group(required=True)
    where.add_argument("--device", help="the serial port to the table's Pi (/dev/ttyGS0 in USB gadget mode)")
    where.add_argument("--pty", metavar="LINK", help="make a pty, reachable as LINK (tests, a bench)")
    what = run.add_mutually_exclusive_group()
    what.add_argument("--frames", type=Path, metavar="DIR", help="pictures from a folder instead of the camera")
    what.add_argument("--synth", type=float, metavar="SECONDS", help="generated throws every SECONDS")
    run.add_argument("--dice", default="red white yellow black", help="the dice --synth throws")
    run.add_argument("--seed", type=int, default=None, help="seed for --synth")
    run.add_argument("--colours", type=Path, help=f"the colour table (default {DEFAULT_PATH} if it exists)")
    run.add_argument("--fps", type=float, default=30.0, help="pictures a second (default 30)")
    run.add_argument("--size", type=_size, default=(480, 360), help="camera picture size (default 480x360)")
    run.add_argument("--heartbeat", type=float, default=1.0, help="seconds between heartbeats (default 1)")
    cal = sub.add_parser("calibrate", help="measure the colour table from one throw of known dice")
    cal.add_argument("--dice", required=True, help='the dice in the tray, left to right ("red white green=U")')
    cal.add_argument("--image", type=Path, help="a picture instead of the camera")
    cal.add_argument("--out", type=Path, default=DEFAULT_PATH, help=f"where to save it (default {DEFAULT_PATH})")
    cal.add_argument("--size", type=_size, default=(480, 360))
    look = sub.add_parser("look", help="print what the vision sees in pictures")
    look.add_argument("images", nargs="+", type=Path)
    look.add_argument("--colours", type=Path)
    return p


def load_table(path: Path | None, out=sys.stderr) -> ColourTable:
    if path is None:
        if not DEFAULT_PATH.exists():
            print(f"tray: no colour table at {DEFAULT_PATH}: using the defaults (run `tray calibrate`)",
                  file=out, flush=True)
            return DEFAULT
        path = DEFAULT_PATH
    return ColourTable.load(path)


def _read_image(path: Path):
    import cv2

    image = cv2.imread(str(path), cv2.IMREAD_COLOR)
    if image is None:
        raise ValueError(f"{path}: not an image OpenCV can read")
    return image


def _synth_feeder(source, every: float, dice: list[str], seed: int | None, stop: threading.Event) -> None:
    from firmware_tools.tray import synth

    rng = random.Random(seed)
    while True:
        source.show(synth.render(scene, rng) for scene in synth.throw(rng, dice))
        if stop.wait(every):
            return


def cmd_run(args: argparse.Namespace) -> int:
    from firmware_tools.tray.firmware import TrayFirmware
    from firmware_tools.tray.runner import PtyPort, Tray, TrayRunner, open_device
    from firmware_tools.tray.sources import CameraSource, DirectorySource, FeedSource
    from firmware_tools.tray.vision import Vision

    table = load_table(args.colours)
    stop = threading.Event()
    if args.synth is not None:
        from firmware_tools.tray import synth

        names = args.dice.replace(",", " ").split()
        unknown = [n for n in names if n not in synth.PAINT]
        if unknown:
            print(f"tray: --dice: {unknown[0]!r} is not one of {', '.join(synth.PAINT)}", file=sys.stderr)
            return 2
        feed = FeedSource(fps=args.fps)
        threading.Thread(target=_synth_feeder, args=(feed, args.synth, names, args.seed, stop), daemon=True).start()
        factory = lambda: feed  # noqa: E731
    elif args.frames is not None:
        factory = lambda: DirectorySource(args.frames, fps=args.fps)  # noqa: E731
    else:
        factory = lambda: CameraSource(args.size, args.fps)  # noqa: E731
    try:
        port = PtyPort(args.pty) if args.pty else open_device(args.device)
    except OSError as exc:
        print(f"tray: cannot open {args.pty or args.device}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    tray = Tray(Vision(table), TrayFirmware(heartbeat=args.heartbeat))
    runner = TrayRunner(tray, factory, port)
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    runner.start()
    print(f"tray: on {port.name}" + (f" ({port.pty_path})" if args.pty else "") + f", boot {tray.firmware.boot}",
          flush=True)
    try:
        while not stop.wait(0.5):
            pass
    finally:
        runner.close()
    return 0


def cmd_calibrate(args: argparse.Namespace) -> int:
    from firmware_tools.tray.calibrate import CalibrationError, calibrate, parse_names

    try:
        names = parse_names(args.dice)
        if args.image:
            image = _read_image(args.image)
        else:
            from firmware_tools.tray.sources import CameraSource

            camera = CameraSource(args.size)
            try:
                image = camera.read()
            finally:
                camera.close()
        table = calibrate(image, names)
    except (CalibrationError, ValueError, ColourTableError) as exc:
        print(f"tray calibrate: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # the camera's own errors (SourceError and picamera2's)
        print(f"tray calibrate: {exc}", file=sys.stderr)
        return 1
    try:
        table.save(args.out)
    except OSError as exc:
        print(f"tray calibrate: cannot write {args.out}: {exc.strerror} (sudo?)", file=sys.stderr)
        return 1
    print(f"floor hue {table.floor_hue:.0f}, a die {table.die_px:.1f} px")
    for colour in table.colours:
        L, a, b = colour.lab
        print(f"{colour.name:<10} {colour.letter}  Lab {L:.0f} {a:.0f} {b:.0f}, {colour.pips} pips")
    from firmware_tools.tray.vision import Vision, sight_summary

    print(f"read back: {sight_summary(Vision(table).look(image))}")
    print(f"saved {args.out}")
    return 0


def cmd_look(args: argparse.Namespace) -> int:
    from firmware_tools.tray.vision import Vision, sight_summary

    vision = Vision(load_table(args.colours))
    code = 0
    for path in args.images:
        try:
            sight = vision.look(_read_image(path))
        except ValueError as exc:
            print(f"tray look: {exc}", file=sys.stderr)
            code = 1
            continue
        light = f" ({sight.light})" if sight.light else ""
        print(f"{path}: {len(sight.dice)} dice{light}: {sight_summary(sight)}")
    return code


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING, stream=sys.stderr,
                        format="%(name)s: %(message)s")
    try:
        return {"run": cmd_run, "calibrate": cmd_calibrate, "look": cmd_look}[args.command](args)
    except ColourTableError as exc:
        print(f"tray: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
