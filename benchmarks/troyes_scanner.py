"""Troyes scanner benchmark: a district's throw read by the scanner → assigned by the rules → the
Troyes table screen redrawn, in the running app; beside it, in the same run, the same path for the
generic dice tray (the baseline: a read recorded as it is, its panel redrawn).

The whole path, as at a table: the app runs offscreen at 800×480 (real pixels through Mesa). This
script plays the scanner on the master side of a pseudo-terminal; the app's own `ScannerReader`
reads the slave side in its thread and posts its facts on the app's bridge; the main loop, woken at once, drains
the bridge on the main thread, where the session turns the `DiceRead` into the rules' command
(`TroyesRules.command_for_dice`: the district whose due colours the read matches), journals it
(SQLite, synchronous=FULL), and the view-models and widgets are refreshed. One interval runs from
just before the settled frame is written to the master until the frame after the view-model
changed has been drawn (the window's flip). Each throw is then undone (an Undo posted on the
bridge, untimed) so that the same district throws again; every frame shows other faces than the
one before, so each is a new read. Frames are sent one at a time, each after the last was drawn, so
nothing queues; Troyes and the dice tray take turns in rounds, so whatever else the machine does
falls on both alike.

    os.write(master) → pty → reader thread (framer, CRC, tracker) → DiceLive, DiceRead → bridge
    → Kivy clock → session → rules → journal → TableView → view-models → widgets → frame drawn

Printed: median, p90, p99 and max per path; Troyes' p99 over the baseline's; the share before the
drawing (fact handled and view-models updated); the frame's wire time at 115,200 baud (the floor on
a real USB-UART cable).

Run: python benchmarks/troyes_scanner.py [--reads 200] [--rounds 4]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tty
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.inapp import Figure, PathTimer, emit, percentile, prepare, run_with_driver, wait_for  # noqa: E402

HOME = prepare("troyes-scanner")

from hardware.scanner.codec import DiceFrame, Die, Hello, format_frame  # noqa: E402
from hardware.scanner.reader import ScannerReader  # noqa: E402

BOOT = "BE0C4A12"
BAUD = 115200


def frame(seq: int, dice: list[str], n: int) -> bytes:
    return format_frame(DiceFrame(seq, tuple(Die(c, (n + k) % 6 + 1, "settled") for k, c in enumerate(dice))))


def drive(app: Any, timer: PathTimer, master: int, reads: int, rounds: int,
          out: dict[str, list[tuple[float, float]]], bind_tray: Any) -> None:
    """The scanner's side, in its own thread: the games set up, then the timed reads."""
    from companion.session import Intent

    session = app.session
    seq = [1]

    def read(dice: list[str], n: int) -> tuple[float, float]:
        seq[0] += 1
        timer.arm("handled", "frame")
        os.write(master, frame(seq[0], dice, n))
        drawn = timer.wait("the screen redrawn after a read")[0]
        return timer.at("handled")[0], drawn

    def post(intent: Intent) -> None:
        app.bridge.post(intent)

    def troyes_ready() -> list[str]:
        """A Troyes game in its dice phase (journal `troyes`), opened; its first district's dice."""
        view = session.table_view().view or {}
        if session.table_view().game != "troyes":
            post(Intent("resume", {"path": games["troyes"]}))
            wait_for(lambda: session.table_view().game == "troyes", "troyes opened")
            view = session.table_view().view
        due = view["ask"]["about"]["due"]
        return [c for c, n in due.items() for _ in range(n)]

    def tray_ready() -> list[str]:
        if session.table_view().game != "dicetray":
            post(Intent("resume", {"path": games["dicetray"]}))
            wait_for(lambda: session.table_view().game == "dicetray", "dice tray opened")
        bind_tray()
        return ["red", "red", "white", "white", "yellow"]

    # -- the two games, set up once through the bridge --------------------------------------------
    games: dict[str, str] = {}
    post(Intent("new_game", {"game": "dicetray", "setup": {}}))
    wait_for(lambda: session.table_view().game == "dicetray", "the dice tray")
    games["dicetray"] = str(session.engine.journal.path)
    post(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo", "Cy", "Di"], "seed": 3,
                                                         "start_player": 0}}))
    wait_for(lambda: session.table_view().game == "troyes", "troyes")
    games["troyes"] = str(session.engine.journal.path)
    while (session.table_view().view or {}).get("phase") in ("placement", "reveal"):
        view = session.table_view().view
        steps = session.engine.journal.last_step
        if view["phase"] == "placement":
            building, space = view["placement"]["free"][0]
            post(Intent("place_start", {"building": building, "space": space}))
        else:
            ask = view["ask"]
            post(Intent(ask["intent"]["name"], {ask["field"]: ask["options"][0]}))
        wait_for(lambda: session.engine.journal.last_step > steps, "a set-up step")
    assert session.table_view().view["phase"] == "dice"

    per_round = max(1, reads // rounds)
    n = 0
    for _ in range(rounds):
        for path, ready in (("troyes", troyes_ready), ("dicetray", tray_ready)):
            dice = ready()
            app.rig_path = path
            for _ in range(per_round):
                n += 1
                out[path].append(read(dice, n))
                steps = session.engine.journal.last_step
                post(Intent("undo"))  # the same district throws again (untimed)
                wait_for(lambda: session.engine.journal.last_step > steps and not timer.armed, "the undo")


def main() -> int:
    ap = argparse.ArgumentParser(description="Troyes: scanner read → rules → table screen drawn, vs the dice tray")
    ap.add_argument("--reads", type=int, default=200, help="timed reads per path (default 200)")
    ap.add_argument("--rounds", type=int, default=4, help="rounds the two paths alternate in (default 4)")
    args = ap.parse_args()

    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session

    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    path = os.ttyname(slave)
    session = Session(built_games(), JournalStore(HOME / "games"))
    timer = PathTimer()
    out: dict[str, list[tuple[float, float]]] = {"troyes": [], "dicetray": []}

    def run(app: Any) -> None:
        app.rig_path = ""
        reader = ScannerReader(path, app.bridge.post).start()
        try:
            heard = b""
            while b"$Q*" not in heard:  # the reader asks for a hello once it has opened the port
                heard += os.read(master, 64)
            os.write(master, format_frame(Hello(1, BOOT, "bench", 1000)) + format_frame(DiceFrame(1, ())))
            # the view-model the timed path changes: Troyes' square, the tray's count
            app.troyes_vm.bind(square=lambda *_: timer.handled() if app.rig_path == "troyes" else None)
            drive(app, timer, master, args.reads, args.rounds, out, lambda: bind_tray(app))
        finally:
            reader.close()

    def bind_tray(app: Any) -> None:
        if app.dice is not None and not getattr(app.dice, "_bench_bound", False):
            app.dice._bench_bound = True
            app.dice.tray.bind(count=lambda *_: timer.handled() if app.rig_path == "dicetray" else None)

    try:
        run_with_driver(session, run, timer, listen=False)
    finally:
        os.close(master)
        os.close(slave)

    size = len(frame(2, ["red"] * 5, 0))
    wire = size * 10 / BAUD * 1000
    print(f"Troyes scanner read → rules → table screen drawn ({len(out['troyes'])} reads per path, "
          f"800×480 offscreen, {args.rounds} alternating rounds)")
    print(f"{'path':<34}{'median':>9}{'p90':>9}{'p99':>9}{'max':>9}   (ms)")
    rows = {}
    for name, label in (("troyes", "Troyes: read → district → drawn"), ("dicetray", "baseline: dice tray → drawn")):
        total = [t * 1000 for _c, t in out[name]]
        before = [c * 1000 for c, _t in out[name]]
        rows[name] = total
        print(f"{label:<34}{statistics.median(total):>9.2f}{percentile(total, 90):>9.2f}"
              f"{percentile(total, 99):>9.2f}{max(total):>9.2f}")
        print(f"{'  of which before drawing':<34}{statistics.median(before):>9.2f}{percentile(before, 90):>9.2f}"
              f"{percentile(before, 99):>9.2f}{max(before):>9.2f}")
    ratio = percentile(rows["troyes"], 99) / percentile(rows["dicetray"], 99)
    print(f"Troyes p99 / baseline p99: {ratio:.2f}×; Troyes p99 − baseline p99: "
          f"{percentile(rows['troyes'], 99) - percentile(rows['dicetray'], 99):+.2f} ms")
    print(f"wire time of a {size}-byte frame at {BAUD} baud: {wire:.2f} ms (on a real USB-UART cable)")
    emit([Figure("troyes_scanner", "Troyes: read -> district -> drawn, p99", percentile(rows["troyes"], 99), "ms", None,
                 f"p50 {statistics.median(rows['troyes']):.2f}; {ratio:.2f}x the dice tray's"),
          Figure("troyes_scanner", "baseline: dice tray -> drawn, p99", percentile(rows["dicetray"], 99), "ms", None,
                 f"p50 {statistics.median(rows['dicetray']):.2f}")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
