"""Trajan touchscreen benchmark: touch → table updated, and taps against paper writes.

1. Latency. The app runs offscreen at 800×480 (real pixels through Mesa) and is played by touches
   through the window: scripted 4-player Trajan games, every tap chosen with a seeded random among
   the buttons the screen offers (an action rather than a pass, mostly, as at a real table). For
   each tap the time runs from the finger's release (the moment a button acts) until the next frame
   is drawn and finished (`glFinish`): the intent handled by the session and journaled, the
   view-models refreshed from the new view, the widgets updated and the frame rendered. Baseline,
   in the same run and window: the same measure for the score pad's "+1" button. Also printed:
   the app's own share (touch → view-models refreshed and widgets updated, before any drawing),
   Kivy's share before the frame is finished (kv bindings, text laid out and uploaded, layouts, the
   canvas sent to GL), the rasterising (glFinish) and the floor (the Trajan table redrawn with
   nothing changed). Target: p99 ≤ 16 ms (one frame at 60 Hz).
   Pace. At a table a turn ends and the next player thinks, then moves markers on the board:
   seconds in which the app is idle and makes ahead what a coming tap needs (a season's summary,
   the final table, the board: `app.when_idle`), then collects garbage. The timed taps come at
   that pace: whenever a tap ended a turn (or a phase) the idle moment runs, untimed
   (`IdleCollector.idle_now`, instead of waiting the second for it), while the taps within a turn
   follow each other at once. The same number of taps back to back, never idle, is printed too:
   the worst case, a table tapping faster than it could move its pieces. The two alternate game by
   game, so that a warm-up or a noisy stretch of the machine falls on both.
   The press's frame is finished before the finger lifts (a finger rests on the glass for several
   frames): otherwise the release's frame would also wait for llvmpipe to finish the press's frame,
   ~10 ms here, which no real tap sees. `--no-settle` measures that way anyway.
   `benchmarks/frame_profile.py` takes the frame apart further.

2. Taps against paper. One scripted 4-player game (seed 1) is counted per season: the taps it took
   on the touchscreen (the season a tap belongs to is the one on screen when it was made; the
   consul's bonus tile counts for the season just scored), against the writes the same game needs
   on a paper score pad, defined as:
   - one write for every change of a player's VP (each player whose VP a step changed: a senate
     advance, a forum tile's VP, a construction tile, a legionnaire, a ship, a completed Trajan tile,
     the season's demand penalty …), as a running total on a score pad;
   - one write for every demand turned up (noting which it is, rounds 1–3);
   - at each season's scoring, per player: one write for how the demands were paid (the tiles
     given up) and one for the senate votes; and one write for the consul and proconsul with the
     bonus tiles they take;
   - at the end, per player: one write for each final category that scores (cards, camps,
     unfinished Trajan tiles, construction sets, bonus tiles) and one for the total.
   The set-up taps (player count, Start) are counted apart; names typed are not counted.

3. The table idle after a tap. At a real table taps come seconds apart, and the app collects
   garbage in the pauses (`companion/ui/shell/idle_collector.py`): a tap arriving during that pass waits
   for it. After the timed taps, 8 rounds of one tap and a pause time the pass that follows each
   tap, against, in the same run, one pass over everything (what every idle pass cost before the
   passes were limited to what is new).

Every new game's seed derives from --seed, so a run plays the same games as the last.

Run: python benchmarks/trajan_ui.py [--actions 1000] [--seed 1]
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_HOME = tempfile.mkdtemp(prefix="companion-trajan-ui-bench-")
for _name, _value in {"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                      "KIVY_USE_DEFAULTCONFIG": "1", "KIVY_LOG_MODE": "PYTHON", "SDL_VIDEODRIVER": "offscreen",
                      "KIVY_HOME": os.path.join(_HOME, "kivy"), "XDG_DATA_HOME": os.path.join(_HOME, "data"),
                      "XDG_CONFIG_HOME": os.path.join(_HOME, "config")}.items():
    os.environ.setdefault(_name, _value)

PLAY = ("trajan.tray.", "trajan.choice.", "trajan.end_turn", "trajan.bonus.", "trajan.reveal.")


def whose_turn(app: Any) -> tuple[Any, Any]:
    """(current seat, phase): when a tap changes it, the turn (or a phase) passed."""
    view = app.session.table_view().view
    return view.get("current"), view.get("phase")


def pause_if_the_turn_passed(app: Any, before: tuple[Any, Any]) -> Iterator[None]:
    """A table's pace: when the tap just made ended a turn (`before` was `whose_turn` then), the
    next player thinks and moves markers and the table idles: its idle moment runs now, untimed
    (`IdleCollector.idle_now`), and two frames pass before the next tap."""
    if whose_turn(app) != before:
        app._collector.idle_now()
        yield
        yield


def offered(app) -> list[str]:
    from kivy.uix.behaviors import ButtonBehavior

    from companion.ui.widgets import is_shown, iter_widgets

    return sorted(w.wid for w in iter_widgets(app.root)
                  if getattr(w, "wid", "").startswith(PLAY) and isinstance(w, ButtonBehavior) and not w.disabled
                  and w.opacity > 0 and w.width > 1 and is_shown(w))


def pick(wids: list[str], kinds: dict[str, str], rnd: random.Random) -> str:
    """As a table plays: the turn's action rather than a pass (9 in 10); after it, a bonus action
    when one is pending (8 in 10), otherwise mostly the end of the turn (an extra action 1 in 5)."""
    def of(*wanted: str) -> list[str]:
        return [w for w in wids if kinds.get(w) in wanted]

    if of("action") and rnd.random() < 0.9:
        return rnd.choice(of("action"))
    if of("bonus", "plus2") and rnd.random() < 0.8:
        return rnd.choice(of("bonus", "plus2"))
    if "trajan.end_turn" in wids and rnd.random() < 0.8:
        return "trajan.end_turn"
    return rnd.choice(wids)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))] if ordered else 0.0


def seeded_session(seed: int, home: str) -> Any:
    """A session over `home` whose new games get seeds from `seed` (seed × 1000 + n for the n-th
    game started), so every run of a benchmark plays the same games as the last."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    class SeededSession(Session):
        games_started = 0

        def handle(self, fact: object) -> None:
            if isinstance(fact, Intent) and fact.name == "new_game" and "seed" not in fact.args.get("setup", {}):
                self.games_started += 1
                setup = {**fact.args.get("setup", {}), "seed": seed * 1000 + self.games_started}
                fact = Intent(fact.name, {**fact.args, "setup": setup})
            super().handle(fact)

    return SeededSession(built_games(), JournalStore(Path(home) / "games"))


def machine_line() -> str:
    """What ran the benchmark, for its header: the GL renderer (llvmpipe here, the Pi's V3D on a
    Pi) and the machine (a Pi's model, or the CPU's). Call once the window exists."""
    import platform

    from kivy.graphics.opengl import GL_RENDERER, glGetString

    renderer = glGetString(GL_RENDERER)
    renderer = renderer.decode(errors="replace") if isinstance(renderer, bytes) else str(renderer)
    machine = platform.machine()
    for path, prefix in (("/proc/device-tree/model", ""), ("/proc/cpuinfo", "model name")):
        try:
            text = Path(path).read_text(errors="replace")
        except OSError:
            continue
        lines = [text.strip("\0 \n")] if not prefix else \
            [line.split(":", 1)[1].strip() for line in text.splitlines() if line.startswith(prefix)]
        if lines and lines[0]:
            machine = lines[0]
            break
    return f"GL {renderer}; {machine}, {os.cpu_count()} CPUs"


def play_script(session: Any, script: Callable[[Any], Iterator[None]]) -> None:
    """Runs the app offscreen at 800×480 in English over `session` and steps `script(app)` once per
    clock tick (the UI tests' `run_ui`), with no 60 Hz cap (work is measured, not the frame rate);
    once the script ends the app stops, and whatever the script raised is raised here, after the
    session is shut down."""
    sys.path.insert(0, str(ROOT / "tests" / "ui"))
    from kivy.clock import Clock
    from uiharness import run_ui

    def uncapped(ui: Any) -> Iterator[None]:
        Clock._max_fps = 0
        yield from script(ui.app)

    try:
        run_ui(session, uncapped, watchdog=24 * 3600.0)  # a benchmark runs as long as it needs
    finally:
        session.shutdown()


class Paper:
    """Counts the writes a paper score pad needs for the same game (see the module docstring)."""

    def __init__(self) -> None:
        self.writes: dict = {}
        self.turns: dict = {}

    def step(self, before: dict, after: dict) -> None:
        season = min(int(before["season"]), 4)
        if before["turn"]["tray"] is not None and (after["turn"]["tray"] is None or after["current"] != before["current"]):
            self.turns[season] = self.turns.get(season, 0) + 1
        n = 0
        n += sum(1 for a, b in zip(before["players"], after["players"]) if a["vp"] != b["vp"])
        if len(after["demands"]) > len(before["demands"]):
            n += len(after["demands"]) - len(before["demands"])
        if len(after["season_reports"]) > len(before["season_reports"]):
            n += 2 * len(after["players"])  # demand payments and senate votes
        if before["phase"] == "consul" and after["phase"] != "consul":
            n += 1  # consul, proconsul and their bonus tiles
        self.writes[season] = self.writes.get(season, 0) + n
        if after["phase"] == "over" and before["phase"] != "over":
            final = after["final"]["players"]
            self.writes["final"] = sum(1 + sum(1 for c in p["categories"] if c["id"] != "in_game" and c["vp"])
                                       for p in final)


IDLE_ROUNDS = 8
#: A timed tap after which no frame comes in this long changed nothing on screen (see `tap`).
NO_FRAME_SECONDS = 2.0


def idle_rounds(app: Any, rnd: random.Random, tap: Callable[[str, bool], Iterator[None]],
                results: dict) -> Iterator[None]:
    """As at a real table, a tap and then a pause: the app's idle garbage-collection pass follows
    (a tap arriving during it would wait for it). Times each pass (the collector's generation-2
    collections), then, as the baseline, one pass over everything: what every idle pass cost when
    nothing was frozen. Into `results`: "idle_pass" and "whole_pass", in seconds."""
    import gc

    from companion.ui.shell.idle_collector import IDLE_COLLECT_SECONDS

    collector = app._collector
    timed: list[float] = []
    started: list[float] = []

    def on_gc(phase: str, info: dict) -> None:
        if info["generation"] == 2:
            if phase == "start":
                started.append(time.perf_counter())
            elif started:
                timed.append(time.perf_counter() - started.pop())

    gc.callbacks.append(on_gc)
    try:
        for _ in range(IDLE_ROUNDS):
            wids = offered(app)
            # the last game may be over: an Undo is a tap too (and takes the table back into play)
            wid = pick(wids, {row["wid"]: row["kind"] for row in app.trajan_vm.choices.rows}, rnd) if wids \
                else "trajan.undo"
            yield from tap(wid, False)
            passes, deadline = collector.passes, time.perf_counter() + IDLE_COLLECT_SECONDS + 5
            while collector.passes == passes and time.perf_counter() < deadline:
                yield
        idle = timed[:]
        timed.clear()
        collector.collect(whole=True)
        results.update(idle_pass=idle, whole_pass=timed[:])
    finally:
        gc.callbacks.remove(on_gc)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=1000, help="Trajan taps timed (and as many baseline taps)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-settle", action="store_true",
                    help="release right after the press's frame is queued, not once it is finished")
    args = ap.parse_args()

    from companion.ui.shell import environment

    environment.prepare(offscreen=True)
    logging.getLogger("companion").setLevel(logging.WARNING)  # not a line per journaled step
    from kivy.tests.common import UnitTestTouch

    from companion.session import Intent

    session = seeded_session(args.seed, _HOME)
    results: dict = {"trajan": [], "baseline": [], "trajan_app": [], "baseline_app": [], "floor": [],
                     "trajan_kivy": [], "trajan_finish": [], "back_to_back": [], "back_to_back_app": [],
                     "taps": {}, "setup_taps": 0, "no_frame": 0, "paper": None, "idle_pass": [], "whole_pass": []}
    pending: list[float] = []
    bucket: list[list[float]] = [results["baseline"]]
    app_bucket: list[list[float]] = [results["baseline_app"]]


    def on_flip(*_args) -> None:
        if pending:
            from kivy.graphics.opengl import glFinish

            t_drawn = time.perf_counter()
            glFinish()  # the frame is rendered, not merely queued
            t_end = time.perf_counter()
            start = pending.pop()
            bucket[0].append(t_end - start)
            if bucket[0] is results["trajan"] and app_done:  # the paced taps' figures, split into parts
                results["trajan_kivy"].append(t_drawn - app_done.pop())
                results["trajan_finish"].append(t_end - t_drawn)
            app_done.clear()

    app_done: list[float] = []

    def script(app):
        from kivy.core.window import Window

        Window.bind(on_flip=on_flip)
        results["machine"] = machine_line()
        rnd = random.Random(args.seed)

        def tap(wid: str, timed: bool):
            widget = app.find_widget(wid)
            assert widget is not None and not widget.disabled, wid
            touch = UnitTestTouch(*widget.to_window(*widget.center))
            touch.touch_down()
            yield
            if not args.no_settle:
                from kivy.graphics.opengl import glFinish

                glFinish()  # the press's frame is on the glass before the finger lifts
            if timed:
                pending.append(time.perf_counter())
            touch.touch_up()
            if timed:
                app_done.append(time.perf_counter())
                app_bucket[0].append(app_done[-1] - pending[-1])
            yield
            released = time.perf_counter()
            while pending:  # the frame after the release has not flipped yet
                if time.perf_counter() - released > NO_FRAME_SECONDS:
                    # The tap changed nothing on screen (the same pixels before and after): no
                    # frame comes to time it by, so it is left out rather than waited for forever.
                    pending.clear()
                    app_done.clear()
                    app_bucket[0].pop()
                    results["no_frame"] += 1
                    break
                yield

        # baseline: the score pad's +1
        app.post(Intent("new_game", {"game": "scorepad", "setup": {"players": ["A", "B"], "seed": 1}}))
        for _ in range(3):
            yield
        for i in range(args.actions):
            yield from tap(f"table.seat.{i % 2}.plus1", True)
        # Trajan: whole 4-player games by touch, from the set-up screen, alternately at a table's
        # pace (the idle moment between turns) and back to back, so that both meet the machine
        # alike (a warm-up, a noisy stretch), until each has its number of taps
        game = 0
        series = ((True, results["trajan"], results["trajan_app"]),
                  (False, results["back_to_back"], results["back_to_back_app"]))
        alternate = 0
        while any(len(taps) < args.actions for _paced, taps, _apps in series):
            paced, taps, apps = series[alternate % 2]
            alternate += 1
            if len(taps) >= args.actions:
                continue
            bucket[0], app_bucket[0] = taps, apps
            counting = game == 0
            app.go("home")
            yield
            yield from tap("home.game.trajan", False)
            setup_taps = 1
            while app.trajan_setup_vm.count < 4:  # a later game remembers the players
                yield from tap("trajan.setup.count.plus", False)
                setup_taps += 1
            yield from tap("trajan.setup.start", False)
            setup_taps += 1
            if counting:
                results["setup_taps"] = setup_taps
                paper = Paper()
                # the floor: a frame of the Trajan table with nothing changed, drawn and finished
                bucket[0] = results["floor"]
                for _ in range(min(200, args.actions)):
                    Window.canvas.ask_update()
                    pending.append(time.perf_counter())
                    while pending:
                        yield
                bucket[0] = taps
            vm = app.trajan_vm
            while vm.phase != "over" and len(taps) < args.actions:
                before, turn = session.table_view().view, whose_turn(app)
                season = min(int(before["season"]), 4)
                kinds = {row["wid"]: row["kind"] for row in vm.choices.rows}
                wid = pick(offered(app), kinds, rnd)
                yield from tap(wid, True)
                if counting:
                    results["taps"][season] = results["taps"].get(season, 0) + 1
                    paper.step(before, session.table_view().view)
                if paced:
                    yield from pause_if_the_turn_passed(app, turn)
            if counting:
                results["paper"] = paper.writes
                results["turns"] = paper.turns
                results["complete"] = vm.phase == "over"
            game += 1
        results["games"] = game
        yield from idle_rounds(app, rnd, tap, results)

    play_script(session, script)

    ms = 1000.0
    trajan, base = results["trajan"], results["baseline"]
    b2b = results["back_to_back"]
    print(f"Trajan touchscreen benchmark: {len(trajan)} Trajan taps at a table's pace and {len(b2b)} back to "
          f"back over {results['games']} scripted 4-player games, {len(base)} score-pad taps, 800x480 offscreen "
          f"({results['machine']})" + ("; released without waiting for the press's frame" if args.no_settle else "")
          + (f"; {results['no_frame']} taps changed nothing on screen, not timed" if results["no_frame"] else ""))
    print(f"{'milliseconds':<46}{'p50':>8}{'p99':>8}{'max':>8}")
    rows = [
        ("Trajan: touch -> view-models and widgets updated", results["trajan_app"]),
        ("Trajan:  then Kivy: text, layouts, canvas to GL", results["trajan_kivy"]),
        ("Trajan:  then rasterising (glFinish)", results["trajan_finish"]),
        ("Trajan: touch -> frame drawn and finished", trajan),
        ("Trajan, taps back to back: touch -> widgets", results["back_to_back_app"]),
        ("Trajan, taps back to back: touch -> frame", b2b),
        ("score pad +1: touch -> view-models and widgets", results["baseline_app"]),
        ("score pad +1: touch -> frame drawn and finished", base),
        ("Trajan table redrawn, nothing changed (GL floor)", results["floor"]),
    ]
    for name, values in rows:
        print(f"{name:<46}{percentile(values, 50) * ms:>8.2f}{percentile(values, 99) * ms:>8.2f}"
              f"{percentile(values, 100) * ms:>8.2f}")
    app99, frame99 = percentile(results["trajan_app"], 99) * ms, percentile(trajan, 99) * ms
    print(f"ratio to the score pad, touch -> frame: p50 {percentile(trajan, 50) / percentile(base, 50):.2f}, "
          f"p99 {percentile(trajan, 99) / percentile(base, 99):.2f}; target p99 <= 16 ms (at a table's pace)")
    print()
    print(f"Taps for one scripted 4-player game (seed {args.seed}) against a paper score pad:")
    print(f"{'season':<10}{'turns':>7}{'taps':>8}{'taps/turn':>11}{'paper writes':>14}{'taps/write':>12}")
    taps, paper, turns = results["taps"], results["paper"] or {}, results.get("turns") or {}
    for season in [s for s in (1, 2, 3, 4, "final") if s in taps or s in paper]:
        t, p, n = taps.get(season, 0), paper.get(season, 0), turns.get(season, 0)
        print(f"{season:<10}{n or '':>7}{t:>8}{(f'{t / n:.2f}' if n else ''):>11}{p:>14}"
              f"{(f'{t / p:.2f}' if t and p else ''):>12}")
    total_t, total_p, total_n = sum(taps.values()), sum(paper.values()), sum(turns.values())
    print(f"{'game':<10}{total_n:>7}{total_t:>8}{total_t / max(1, total_n):>11.2f}{total_p:>14}"
          f"{total_t / max(1, total_p):>12.2f}")
    print(f"(+ {results['setup_taps']} set-up taps. Paper leaves the time track, the demands, the senate and "
          f"the wheel to the board; the app's taps keep all of them, and score seasons and the end by itself.)")
    idle, whole = results["idle_pass"], results["whole_pass"]
    if idle and whole:
        print()
        print(f"The table idle after a tap ({len(idle)} rounds): the garbage-collection pass that follows takes "
              f"p50 {percentile(idle, 50) * ms:.1f} ms, max {percentile(idle, 100) * ms:.1f} ms (a tap arriving "
              f"then waits for it); a pass over everything, as every idle pass was before: "
              f"{whole[0] * ms:.1f} ms (ratio {percentile(idle, 50) / whole[0]:.3f})")
    ok = frame99 <= 16
    if ok:
        print("target met: p99 touch -> frame drawn <= 16 ms")
    else:
        print(f"TARGET MISSED: p99 touch -> frame drawn {frame99:.1f} ms > 16 ms "
              f"(the app's own work: p99 {app99:.1f} ms; a frame with nothing changed costs "
              f"{percentile(results['floor'], 50) * ms:.1f} ms on this GL)")
    from benchmarks.inapp import Figure, emit

    emit(Figure("trajan_ui", f"{name}, p99", percentile(values, 99) * ms, "ms",
                16.0 if values is trajan else None, f"p50 {percentile(values, 50) * ms:.2f}")
         for name, values in rows)
    return 0  # a missed target is printed, not an exit code


if __name__ == "__main__":
    raise SystemExit(main())
