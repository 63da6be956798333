"""Where a Trajan tap's frame goes: the frame after each tap split into phases, with the work Kivy
does for text and widgets counted, and the unchanged table's frame taken apart by instruction kind.

The app runs offscreen at 800×480 (Mesa llvmpipe) and plays the same scripted 4-player Trajan games
as `trajan_ui.py` (same seeds, same picks). For every tap, from the finger's release until the
frame is drawn and finished (`glFinish`):

- phases: `app` (touch_up: intent, session, journal, view-models, widget properties), `tick` (the
  rest of the clock tick before drawing: kv bindings, Label texture layouts, layouts), `draw` (the
  window's canvas walked and sent to GL, including the deferred text rasterisation and texture
  uploads), `finish` (glFinish: llvmpipe rasterising the frame);
- label layouts: `CoreLabel.refresh` calls (one per Label whose text or style changed: a text
  measured, a texture (re)sized), their time, how many were markup, how many made a new texture;
- text rasterised: deferred texture fills (SDL2_ttf rendering + upload), their time and pixels, and
  the time of each frame's first, second … upload (the first one waits for any earlier frame
  llvmpipe is still rasterising);
- widgets created.

Options:
  --settle   let the touch_down frame finish rasterising before the release (a finger rests on the
             glass far longer than one frame); without it a release right after the press frame
             also pays for the rest of that frame
  --floor N  after the first game's set-up: N rounds of unchanged frames per variant, the whole
             table and the table with one kind of instruction left out (or drawn another way):
             wall and CPU time per frame (CPU includes llvmpipe's threads and is steadier when
             other work shares the cores); also the largest quads drawn (with --top)
  --paced    the idle moment between turns, as at a table (see trajan_ui.py)
  --slow N   the N slowest taps: phases, counts and the labels re-laid out
  --top N    the N labels re-laid out most often over the run

Run: python benchmarks/frame_profile.py [--actions 300] [--seed 1] [--settle] [--floor 20] [--slow 10]
"""

from __future__ import annotations

import argparse
import collections
import logging
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

_HOME = tempfile.mkdtemp(prefix="companion-frame-profile-")
for _name, _value in {"KIVY_NO_ARGS": "1", "KIVY_NO_CONSOLELOG": "1", "KIVY_NO_FILELOG": "1",
                      "KIVY_USE_DEFAULTCONFIG": "1", "KIVY_LOG_MODE": "PYTHON", "SDL_VIDEODRIVER": "offscreen",
                      "KIVY_HOME": os.path.join(_HOME, "kivy"), "XDG_DATA_HOME": os.path.join(_HOME, "data"),
                      "XDG_CONFIG_HOME": os.path.join(_HOME, "config")}.items():
    os.environ.setdefault(_name, _value)


class FrameProbe:
    """Counters patched into Kivy's text and widget classes; `start()` opens a tap's window,
    `stop()` closes it and keeps its row. Install before the app builds its widgets."""

    def __init__(self, track_labels: bool = False) -> None:
        self.rows: list[dict[str, float]] = []
        self.cur: dict[str, float] | None = None
        self.track_labels = track_labels
        self.who: collections.Counter = collections.Counter()
        self.filled: set[int] = set()
        self.tap_labels: collections.Counter = collections.Counter()
        self.blits: list[tuple[bool, int, float, float]] = []  # (first fill, pixels, upload ms, nth in frame)
        self._installed = False

    def _add(self, key: str, value: float = 1) -> None:
        if self.cur is not None:
            self.cur[key] = self.cur.get(key, 0) + value

    def install(self) -> None:
        if self._installed:
            return
        self._installed = True
        from kivy.core.text import LabelBase
        from kivy.core.text.markup import MarkupLabel
        from kivy.uix.label import Label
        from kivy.uix.widget import Widget

        probe = self
        refresh = LabelBase.refresh
        fill = LabelBase._texture_fill
        texture_update = Label.texture_update
        widget_init = Widget.__init__

        def timed_refresh(label: Any) -> None:
            before = label.texture
            t = time.perf_counter()
            refresh(label)
            probe._add("refresh_ms", (time.perf_counter() - t) * 1000)
            probe._add("refresh")
            if isinstance(label, MarkupLabel):
                probe._add("refresh_markup")
            if label.texture is not before and label.texture is not label.texture_1px:
                probe._add("new_texture")

        def timed_fill(label: Any, texture: Any) -> None:
            t = time.perf_counter()
            fill(label, texture)
            t1 = time.perf_counter()
            probe._add("fill_ms", (t1 - t) * 1000)
            if probe.cur is not None:
                first = id(texture) not in probe.filled
                probe.filled.add(id(texture))
                probe.blits.append((first, texture.width * texture.height, (t1 - marks.get("end", t1)) * 1000,
                                    probe.cur.get("fill", 0)))
            probe._add("fill")
            probe._add("fill_kpx", texture.width * texture.height / 1000)

        def counted_texture_update(label: Any, *largs: Any) -> None:
            if probe.cur is not None:
                probe.tap_labels[getattr(label, "wid", "") or type(label).__name__] += 1
            if probe.track_labels and probe.cur is not None:
                probe.who[(type(label).__name__, getattr(label, "wid", "") or "", bool(label.markup))] += 1
            t = time.perf_counter()
            texture_update(label, *largs)
            probe._add("texture_update_ms", (time.perf_counter() - t) * 1000)
            probe._add("texture_update")

        def counted_init(widget: Any, **kwargs: Any) -> None:
            probe._add("widgets_created")
            widget_init(widget, **kwargs)

        # Kivy keeps some of these as WeakMethods, found again by name.
        timed_refresh.__name__, timed_fill.__name__ = "refresh", "_texture_fill"
        counted_texture_update.__name__ = "texture_update"
        LabelBase.refresh = timed_refresh
        from kivy.core.text import Label as CoreLabel

        begin, end = CoreLabel._render_begin, CoreLabel._render_end
        marks: dict[int, float] = {}

        def marked_begin(label: Any) -> None:
            marks[id(label)] = time.perf_counter()
            begin(label)

        def marked_end(label: Any) -> Any:
            data = end(label)
            marks["end"] = time.perf_counter()
            probe._add("raster_ms", (time.perf_counter() - marks.pop(id(label), time.perf_counter())) * 1000)
            return data

        CoreLabel._render_begin, CoreLabel._render_end = marked_begin, marked_end
        LabelBase._texture_fill = timed_fill
        Label.texture_update = counted_texture_update
        Widget.__init__ = counted_init

    def start(self) -> None:
        self.cur = {}

    def stop(self) -> dict[str, float]:
        row, self.cur = self.cur or {}, None
        self.rows.append(row)
        return row

    def mean(self, key: str) -> float:
        return sum(r.get(key, 0) for r in self.rows) / max(1, len(self.rows))

    def report(self, out: Any = sys.stdout) -> None:
        n = len(self.rows)
        print(f"Per tap (mean of {n}):", file=out)
        lines = [
            ("Label.texture_update calls (text/style changed)", "texture_update", ""),
            ("  time in them (ms)", "texture_update_ms", "ms"),
            ("CoreLabel layouts (refresh)", "refresh", ""),
            ("  of them markup", "refresh_markup", ""),
            ("  new GL textures (size changed)", "new_texture", ""),
            ("  time in them (ms)", "refresh_ms", "ms"),
            ("text rasterised + uploaded (texture fills)", "fill", ""),
            ("  kilopixels uploaded", "fill_kpx", ""),
            ("  time in them (ms, inside draw)", "fill_ms", "ms"),
            ("    of which SDL2_ttf rasterising (ms)", "raster_ms", "ms"),
            ("widgets created", "widgets_created", ""),
        ]
        for name, key, _unit in lines:
            print(f"  {name:<52}{self.mean(key):>8.2f}", file=out)


def canvas_stats(window: Any) -> tuple[int, int]:
    """(widgets in the window's tree, canvas instructions drawn per frame)."""
    from kivy.graphics.instructions import InstructionGroup

    def count(group: Any) -> int:
        n = 0
        for child in group.children:
            n += 1
            if isinstance(child, InstructionGroup):
                n += count(child)
        return n

    widgets = 0
    stack = [window]
    while stack:
        w = stack.pop()
        widgets += 1
        stack.extend(w.children)
    return widgets - 1, count(window.canvas)


def _iter_tree(window: Any):
    stack = list(window.children)
    while stack:
        w = stack.pop()
        yield w
        stack.extend(w.children)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=0, help="the N labels re-laid out most often")
    ap.add_argument("--settle", action="store_true",
                    help="let the touch_down frame finish rasterising (glFinish) before the release")
    ap.add_argument("--floor", type=int, default=0,
                    help="after the first game's start: N frames of the unchanged table per variant, with "
                         "one kind of instruction left out at a time (what the GL floor is made of)")
    ap.add_argument("--paced", action="store_true",
                    help="a table's pace: the idle moment runs (untimed) whenever a tap ended a turn, as in trajan_ui.py")
    ap.add_argument("--slow", type=int, default=0, help="print the N slowest taps with their counts")
    ap.add_argument("--cprofile", default="", help="write a cProfile of the timed frames here")
    ap.add_argument("--cprofile-over", type=float, default=0.0, metavar="MS",
                    help="with --cprofile: keep only the taps that took longer than MS (touch -> finished)")
    args = ap.parse_args()

    from companion.ui.shell import environment

    environment.prepare(offscreen=True)
    logging.getLogger("companion").setLevel(logging.WARNING)  # not a line per journaled step
    import random

    from kivy.tests.common import UnitTestTouch

    from companion.session import Intent
    from trajan_ui import machine_line, offered, pause_if_the_turn_passed, percentile, pick, play_script, seeded_session, whose_turn

    probe = FrameProbe(track_labels=args.top > 0)
    probe.install()
    profiler = None
    kept_profiles: list[Any] = []  # with --cprofile-over: one profile per slow tap
    if args.cprofile:
        import cProfile

        profiler = cProfile.Profile()

    session = seeded_session(args.seed, _HOME)
    phases: dict[str, list[float]] = {"app": [], "tick": [], "draw": [], "finish": [], "total": []}
    stamps: dict[str, float] = {}
    state = {"timing": False, "stats": None, "machine": ""}

    def on_draw_wrapper(window: Any, original: Any) -> Any:
        def on_draw(*a: Any) -> Any:
            if state["timing"]:
                stamps["draw0"] = time.perf_counter()
            return original(*a)
        return on_draw

    def on_flip(*_a: Any) -> None:
        nonlocal profiler
        if not state["timing"]:
            return
        from kivy.graphics.opengl import glFinish

        t_draw1 = time.perf_counter()
        glFinish()
        t_end = time.perf_counter()
        if profiler is not None:
            profiler.disable()
            if args.cprofile_over:
                if (t_end - stamps["up"]) * 1000 > args.cprofile_over:
                    kept_profiles.append(profiler)
                profiler = cProfile.Profile()  # the next tap's, from zero
        state["timing"] = False
        draw0 = stamps.get("draw0", t_draw1)
        phases["app"].append(stamps["app1"] - stamps["up"])
        phases["tick"].append(draw0 - stamps["app1"])
        phases["draw"].append(t_draw1 - draw0)
        phases["finish"].append(t_end - t_draw1)
        phases["total"].append(t_end - stamps["up"])
        row = probe.stop()
        row.update(wid=stamps.get("wid", ""), app=stamps["app1"] - stamps["up"], tick=draw0 - stamps["app1"],
                   draw=t_draw1 - draw0, finish=t_end - t_draw1, total=t_end - stamps["up"],
                   labels=dict(probe.tap_labels))

    floor_rows: list[tuple[str, int, float, float]] = []

    def floor_variants(window: Any):
        from kivy.graphics import Ellipse, Line, Rectangle, RoundedRectangle
        from kivy.graphics.instructions import InstructionGroup
        from kivy.graphics.opengl import glFinish

        def walk(group: Any):
            for child in list(group.children):
                yield group, child
                if isinstance(child, InstructionGroup):
                    yield from walk(child)

        from kivy.graphics import BorderImage

        try:
            from companion.ui.widgets import RoundedBox
        except ImportError:  # an older tree, compared against
            RoundedBox = RoundedRectangle  # noqa: N806
        from kivy.uix.label import Label

        def label_text(i: Any) -> bool:
            return id(i) in text_ids

        kinds = {
            "everything (only the clear left)": lambda i: i is not None and i is root_canvas,
            "ScreenManager's stencil clip (2 window quads)": None,
            "Labels' text quads": label_text,
            "Buttons' BorderImages (transparent)": lambda i: isinstance(i, BorderImage),
            "rounded backgrounds (panels, buttons)": lambda i: isinstance(i, (RoundedRectangle, RoundedBox)),
            "other Rectangles": lambda i: type(i) is Rectangle and not label_text(i) and id(i) not in stencil,
            "RoundedRectangles drawn as 2-triangle Rectangles": lambda i: isinstance(i, RoundedRectangle),
            "RoundedRectangles drawn as RoundedBoxes": lambda i: isinstance(i, RoundedRectangle),
            "Labels' text quads drawn 1x1 px (their count, not area)": label_text,
            "Lines (outlines, mostly transparent)": lambda i: isinstance(i, Line),
            "Ellipses (time ring)": lambda i: isinstance(i, Ellipse),
        }
        root_canvas = window.children[0].canvas
        replacements = {"Labels' text quads drawn 1x1 px (their count, not area)":
                        lambda i: Rectangle(pos=i.pos, size=(1, 1), texture=i.texture),
                        "RoundedRectangles drawn as 2-triangle Rectangles":
                        lambda i: Rectangle(pos=i.pos, size=i.size),
                        "RoundedRectangles drawn as RoundedBoxes":
                        lambda i: RoundedBox(pos=i.pos, size=i.size, radius=[r[0] for r in i.radius])}
        sm = window.children[0]
        stencil = {id(c) for grp in (sm.canvas.before, sm.canvas.after) for c in grp.children}
        text_ids = {id(c) for w in _iter_tree(window) if isinstance(w, Label) for c in w.canvas.children
                    if type(c) is Rectangle}
        text_rects = [c for _g, c in walk(window.canvas) if id(c) in text_ids]
        area = sum(r.size[0] * r.size[1] for r in text_rects)
        print(f"label text quads: {len(text_rects)}, {area / 1000:.0f} kpx drawn "
              f"({area / (window.width * window.height):.2f} x the window); largest: "
              + ", ".join(f"{int(r.size[0])}x{int(r.size[1])}" for r in
                          sorted(text_rects, key=lambda r: -r.size[0] * r.size[1])[:8]))
        if args.top:
            owners = []
            for w in _iter_tree(window):
                for grp in (w.canvas.before, w.canvas, w.canvas.after):
                    for c in grp.children:
                        if isinstance(c, Rectangle):
                            owners.append((c.size[0] * c.size[1], type(c).__name__, type(w).__name__, getattr(w, "wid", ""),
                                           getattr(w, "text", "")[:30], tuple(map(int, c.size)),
                                           getattr(w, "opacity", 1)))
            owners.sort(reverse=True)
            print("largest textured quads (px, owner, wid, text, size, opacity):")
            for row in owners[:args.top]:
                print("  ", row)
        times: dict[str, list[float]] = {name: [] for name in ["full", *kinds]}
        cpu: dict[str, list[float]] = {name: [] for name in ["full", *kinds]}
        counts: dict[str, int] = {}
        for _round in range(args.floor):
            for name in times:
                removed = []
                if kinds.get(name) is None and name != "full":
                    saved = [(grp, list(grp.children)) for grp in (sm.canvas.before, sm.canvas.after)]
                    for grp, _children in saved:
                        grp.clear()
                    removed = [(None, 0, saved)]
                elif name != "full":
                    for group, child in walk(window.canvas):
                        if kinds[name](child):
                            removed.append((group, group.children.index(child), child))
                    stand_ins = []
                    for group, index, child in reversed(removed):
                        group.remove(child)
                        if name in replacements:
                            stand_in = replacements[name](child)
                            group.insert(index, stand_in)
                            stand_ins.append((group, stand_in))
                counts[name] = len(removed)
                for _ in range(2):  # the first frame after a change may build vertices
                    window.canvas.ask_update()
                    yield
                glFinish()
                window.canvas.ask_update()
                state["floor_t0"] = time.perf_counter()
                state["floor_c0"] = time.process_time()
                yield
                times[name].append(state.pop("floor_t", 0.0))
                cpu[name].append(state.pop("floor_c", 0.0))
                if name in replacements:
                    for group, stand_in in stand_ins:
                        group.remove(stand_in)
                for group, index, child in removed:
                    if group is None:
                        for grp, children in child:
                            for c in children:
                                grp.add(c)
                        continue
                    group.insert(index, child)
        for name, values in times.items():
            floor_rows.append((name, counts[name], percentile(values, 50) * 1000, percentile(values, 90) * 1000,
                               percentile(cpu[name], 50) * 1000))
        window.canvas.ask_update()
        yield

    def on_flip_floor(*_a: Any) -> None:
        if "floor_t0" in state:
            from kivy.graphics.opengl import glFinish

            glFinish()
            state["floor_t"] = time.perf_counter() - state.pop("floor_t0")
            state["floor_c"] = time.process_time() - state.pop("floor_c0")

    def script(app: Any):
        from kivy.core.window import Window

        Window.on_draw = on_draw_wrapper(Window, Window.on_draw)
        Window.bind(on_flip=on_flip)
        Window.bind(on_flip=on_flip_floor)
        state["machine"] = machine_line()
        rnd = random.Random(args.seed)

        def tap(wid: str, timed: bool):
            widget = app.find_widget(wid)
            assert widget is not None and not widget.disabled, wid
            touch = UnitTestTouch(*widget.to_window(*widget.center))
            touch.touch_down()
            yield
            if timed and args.settle:
                from kivy.graphics.opengl import glFinish

                glFinish()
            if timed:
                stamps.clear()
                probe.start()
                if profiler is not None:
                    profiler.enable()
                stamps["wid"] = wid
                probe.tap_labels.clear()
                stamps["up"] = time.perf_counter()
                state["timing"] = True
            touch.touch_up()
            if timed:
                stamps["app1"] = time.perf_counter()
            yield
            while state["timing"]:
                yield

        # the score pad first, as trajan_ui.py does (its seeds and the Trajan seeds then match)
        app.post(Intent("new_game", {"game": "scorepad", "setup": {"players": ["A", "B"], "seed": 1}}))
        for _ in range(3):
            yield
        game = 0
        timed = 0
        while timed < args.actions:
            app.go("home")
            yield
            yield from tap("home.game.trajan", False)
            while app.trajan_setup_vm.count < 4:
                yield from tap("trajan.setup.count.plus", False)
            yield from tap("trajan.setup.start", False)
            for _ in range(3):
                yield
            if state["stats"] is None:
                state["stats"] = canvas_stats(Window)
                if args.floor:
                    yield from floor_variants(Window)
            vm = app.trajan_vm
            while vm.phase != "over" and timed < args.actions:
                kinds = {row["wid"]: row["kind"] for row in vm.choices}
                wid = pick(offered(app), kinds, rnd)
                turn = whose_turn(app)
                yield from tap(wid, True)
                timed += 1
                if args.paced:
                    yield from pause_if_the_turn_passed(app, turn)
            game += 1

    play_script(session, script)

    ms = 1000.0
    n = len(phases["total"])
    print(f"Trajan frame profile: {n} taps, 800x480 offscreen ({state['machine']})")
    if state["stats"]:
        print(f"window tree: {state['stats'][0]} widgets, {state['stats'][1]} canvas instructions per frame")
    print(f"{'phase (ms)':<40}{'mean':>8}{'p50':>8}{'p99':>8}")
    for key, name in (("app", "app: touch_up (intent..widget props)"), ("tick", "tick: kv, label layouts, layouts"),
                      ("draw", "draw: canvas -> GL, text raster+upload"), ("finish", "finish: glFinish (rasterise)"),
                      ("total", "total: touch -> frame finished")):
        v = phases[key]
        print(f"{name:<40}{sum(v) / max(1, n) * ms:>8.2f}{percentile(v, 50) * ms:>8.2f}{percentile(v, 99) * ms:>8.2f}")
    probe.report()
    if args.slow:
        print(f"the {args.slow} slowest taps (ms):")
        for r in sorted(probe.rows, key=lambda r: -r.get("total", 0))[:args.slow]:
            print(f"  {r['wid']:<40} total {r['total'] * ms:6.1f} app {r['app'] * ms:5.1f} tick {r['tick'] * ms:5.1f} "
                  f"draw {r['draw'] * ms:5.1f} finish {r['finish'] * ms:5.1f}  layouts {r.get('refresh', 0):.0f} "
                  f"fills {r.get('fill', 0):.0f} widgets {r.get('widgets_created', 0):.0f}")
            print("     ", ", ".join(f"{k}x{v}" for k, v in sorted(r["labels"].items(), key=lambda kv: -kv[1])[:14]))
    if floor_rows:
        print(f"The unchanged table's frame (ask_update -> glFinish), {args.floor} frames per variant:")
        print(f"{'left out':<46}{'instr':>7}{'p50 ms':>8}{'p90 ms':>8}{'CPU ms':>8}")
        for name, count, p50, p90, cpu_ms in floor_rows:
            print(f"{name:<46}{count:>7}{p50:>8.2f}{p90:>8.2f}{cpu_ms:>8.2f}")
        print("(CPU ms: the process's CPU time for the frame, llvmpipe's threads included; steadier than "
              "wall time when other work shares the cores)")
    if args.top:
        print(f"labels re-laid out most often (texture_update calls over {n} taps):")
        for (cls, wid, markup), count in probe.who.most_common(args.top):
            print(f"  {count:>6}  {cls:<16}{'markup ' if markup else '':<8}{wid}")
    if probe.blits:
        for first in (True, False):
            b = [x for x in probe.blits if x[0] == first]
            if b:
                print(f"uploads to {'new' if first else 'reused'} textures: {len(b)}, "
                      f"mean {sum(x[2] for x in b) / len(b):.3f} ms, p50 {percentile([x[2] for x in b], 50):.3f}, "
                      f"mean {sum(x[1] for x in b) / len(b) / 1000:.1f} kpx")
        for nth in range(0, 6):
            b = [x[2] for x in probe.blits if x[3] == nth]
            if b:
                print(f"  upload #{nth + 1} in its frame: n={len(b)} mean {sum(b) / len(b):.3f} ms p50 {percentile(b, 50):.3f}")
    if profiler is not None and not args.cprofile_over:
        profiler.dump_stats(args.cprofile)
    elif kept_profiles:
        import pstats

        stats = pstats.Stats(kept_profiles[0])
        for kept in kept_profiles[1:]:
            stats.add(kept)
        stats.dump_stats(args.cprofile)
        print(f"cProfile of the {len(kept_profiles)} taps over {args.cprofile_over:g} ms: {args.cprofile}")
    import shutil

    shutil.rmtree(_HOME, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
