"""Drives the real app through its real window: touches at a widget's window coordinates.

`run_ui(session, script)` runs the app offscreen; `script(ui)` is a generator that the Kivy clock
advances one step per frame, so touches, layout and drawing interleave as on a real screen. A
touch is UnitTestTouch down → one frame → up → one frame (see notes/platform.md).

Also what several screen tests share: `LayoutProblems` (every screen fits), `duplicate_wids`,
`texts_under` / `showing` / `mentions` / `model_texts` (is an amount on screen or in a view-model),
`check_bid_panels` (a sealed bid's panels, any game), the pads' keyboard twin (`key`, `tap_key`),
and waiting (`until`, `settled` / `settle`, `wait`).

No step waits for a number of frames or a duration and then assumes something happened: it waits
for the condition itself (`until`, `settle`), so it holds on a loaded machine whose frames are
slow, whose 1 s idle moment comes within a few frames, and whose timers fire late. A timeout is
only the limit for failing, and generous (a loaded CI machine runs this suite ~5× slower).
"""

from __future__ import annotations

import os
import re
import time
from typing import Any, Callable, Generator, Iterable, Iterator

from tests.machine_load import slowdown

Script = Callable[["UI"], Iterator[Any]]

#: COMPANION_TEST_SLOW_FRAMES=0.2: each frame of `run_ui` sleeps that long more, as on a loaded
#: machine (the idle moment then comes within a few frames, a held key spans fewer). Off: 0.
SLOW_FRAMES = float(os.environ.get("COMPANION_TEST_SLOW_FRAMES", "0") or 0)


class UI:
    def __init__(self, app: Any) -> None:
        self.app = app

    def find(self, wid: str) -> Any:
        widget = self.app.find_widget(wid)
        assert widget is not None, f"no widget {wid!r}"
        return widget

    def shown(self, wid: str) -> bool:
        from companion.ui.widgets import is_shown

        widget = self.app.find_widget(wid)
        return widget is not None and is_shown(widget)

    def tap(self, wid: str) -> Generator[None, None, None]:
        """Touches the widget's centre through the window, as a finger would. The touch is up at
        the very next Clock step, before any timer its down started (this script's step comes
        first in the Clock's list), however long that frame took: a − / + that repeats when held,
        or a ScrollView's scroll timeout, never fires in between (checked with a 0.8 s frame)."""
        from kivy.tests.common import UnitTestTouch

        widget = self.find(wid)
        assert self.shown(wid), f"{wid!r} is not on the current screen ({self.app.sm.current})"
        assert not widget.disabled, f"{wid!r} is disabled"
        yield from _scrolled_into_view(widget)  # a finger scrolls to a button before it taps it
        x, y = widget.to_window(*widget.center)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        yield
        touch.touch_up()
        yield

    def frames(self, n: int = 1) -> Generator[None, None, None]:
        for _ in range(n):
            yield

    def text(self, wid: str) -> str:
        return str(self.find(wid).text)

    def drawn(self, wid: str) -> str:
        """The widget's words as drawn: its text without markup tags ("31✔" for "31[size=18]✔[/size]")."""
        widget = self.find(wid)
        return re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", widget.text) if widget.markup else str(widget.text)

    @property
    def screen(self) -> str:
        return self.app.sm.current


def _scrolled_into_view(widget: Any) -> Generator[None, None, None]:
    """Scrolls each ScrollView the widget is in until its centre is inside the view (nothing when
    it is already: a tap on what shows is a tap, as before)."""
    from kivy.uix.scrollview import ScrollView

    node = widget.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ScrollView) and (node.do_scroll_x or node.do_scroll_y):
            cx, cy = widget.to_window(*widget.center)
            x0, y0 = node.to_window(node.x, node.y)
            x1, y1 = node.to_window(node.right, node.top)
            if not (x0 <= cx <= x1 and y0 <= cy <= y1):
                node.scroll_to(widget, padding=0, animate=False)
                yield from settle()
        node = node.parent


def run_ui(session: Any, script: Script, *, language: str = "en", profile: str = "800x480",
           start_screen: str = "home", watchdog: float = 45.0, **kwargs: Any) -> Any:
    """Runs the app with `script`; re-raises the script's failure after the app has stopped.
    `watchdog`: seconds after which a script still running fails (≥ 5× its time on an idle machine),
    stretched by the machine's load (`tests.machine_load`)."""
    from kivy.clock import Clock

    from companion.ui.shell.app import run_app

    outcome: dict[str, Any] = {}

    def on_ready(app: Any) -> None:
        outcome["app"] = app
        steps = script(UI(app))

        def step(_dt: float) -> bool | None:
            try:
                next(steps)
            except StopIteration:
                app.stop()
                return False
            except BaseException as exc:  # noqa: BLE001 - reported after the app stops
                outcome["error"] = exc
                app.stop()
                return False
            return None

        def give_up(_dt: float) -> None:
            outcome.setdefault("error", TimeoutError(f"script still running after {limit:.0f} s"))
            app.stop()

        Clock.schedule_interval(step, 0)
        limit = watchdog * slowdown()
        outcome["watchdog"] = Clock.schedule_once(give_up, limit)
        if SLOW_FRAMES:  # every frame this much longer: a loaded machine, to find timing assumptions
            outcome["slow"] = Clock.schedule_interval(lambda _dt: time.sleep(SLOW_FRAMES), 0)

    kwargs.setdefault("games", choices())
    run_app(session, language=language, profile=profile, start_screen=start_screen, on_ready=on_ready, **kwargs)
    for event in ("watchdog", "slow"):
        if event in outcome:
            outcome[event].cancel()
    if "error" in outcome:
        raise outcome["error"]
    assert "app" in outcome, "the app never showed a frame"
    return outcome["app"]


def choices():
    """Every game for the home screen, as the CLI (the composition root) passes them."""
    from companion.cli import game_choices

    return game_choices()


def layout_problems(ui, where):
    """Interactive widgets without a wid, too small to hit, outside the window, or whose text does
    not fit; and any shown widget reaching outside the window (cut off)."""
    from kivy.core.window import Window
    from kivy.uix.behaviors import ButtonBehavior
    from kivy.uix.label import Label
    from kivy.uix.textinput import TextInput

    from companion.ui.widgets import is_shown, iter_widgets

    from kivy.uix.scrollview import ScrollView

    problems = []
    for widget in iter_widgets(ui.app.root):
        if not is_shown(widget) or widget.height <= 1 or widget.opacity == 0:
            continue
        x0, y0 = widget.to_window(widget.x, widget.y)
        x1, y1 = widget.to_window(widget.right, widget.top)
        name = getattr(widget, "wid", "") or f"{type(widget).__name__} {getattr(widget, 'text', '')!r}"
        scrolled = any(isinstance(w, ScrollView) for w in _ancestors(widget))  # clipped, and scrolls
        if not scrolled and (x0 < -1 or y0 < -1 or x1 > Window.width + 1 or y1 > Window.height + 1):
            problems.append(f"{where}: {name} reaches outside the window ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f})")
        if isinstance(widget, (ButtonBehavior, TextInput)):
            if not getattr(widget, "wid", ""):
                problems.append(f"{where}: {name} has no wid")
            elif widget.width < 48 or widget.height < 48:
                problems.append(f"{where}: {widget.wid} is {widget.width:.0f}×{widget.height:.0f} px")
        if isinstance(widget, Label) and widget.text and not widget.shorten:
            tw, th = widget.texture_size
            if tw > widget.width + 2 or th > widget.height + 2:
                problems.append(f"{where}: text of {name} is {tw:.0f}×{th:.0f}, its box {widget.width:.0f}×{widget.height:.0f}")
    return problems


def _ancestors(widget):
    node = widget.parent
    while node is not None and node is not node.parent:
        yield node
        node = node.parent


class LayoutProblems(list):
    """What `layout_problems` finds at each step a script checks: `yield from problems.check(ui,
    where)` waits until the layout has settled (`settle`), then adds the problems, each labelled
    with the profile, the language and `where`. A test ends with `assert not problems`."""

    def __init__(self, profile: str) -> None:
        super().__init__()
        self.profile = profile

    def check(self, ui: UI, where: str) -> Generator[None, None, None]:
        yield from settle()
        self.extend(layout_problems(ui, f"{self.profile} {ui.app.language} {where}"))


def duplicate_wids(root: Any) -> list[str]:
    """Every wid that more than one widget under `root` has (a test finds widgets by wid)."""
    from companion.ui.widgets import iter_widgets

    wids = [w.wid for w in iter_widgets(root) if getattr(w, "wid", "")]
    return sorted({w for w in wids if wids.count(w) > 1})


# -- what the screens show ------------------------------------------------------------------------

def texts_under(widget: Any) -> list[str]:
    """Every text and hint under `widget`, one line each: "<wid or class>: <text>"."""
    from companion.ui.widgets import iter_widgets

    out = []
    for w in iter_widgets(widget):
        for name in ("text", "hint_text"):
            value = getattr(w, name, None)
            if isinstance(value, str) and value:
                out.append(f"{getattr(w, 'wid', '') or type(w).__name__}: {value}")
    return out


def showing(lines: Iterable[str], amount: int, *, step_numbers: bool = True) -> list[str]:
    """Lines of `texts_under` showing `amount` as a number of its own (not inside another number or
    a time). `step_numbers=False` passes over a history row's step number ("#4"): it is the
    journal's count of steps, not an amount."""
    pattern = re.compile(rf"(?<![\d:]){amount}(?![\d:])")

    def text(line: str) -> str:
        shown = line.split(": ", 1)[1]
        return shown if step_numbers else re.sub(r"#\d+", "", shown)

    return [line for line in lines if pattern.search(text(line))]


def mentions(text: str, amount: int) -> bool:
    """The amount as a number of its own in `text` (not part of another number or a time)."""
    return re.search(rf"(?<![\d:]){amount}(?![\d:])", text) is not None


def model_texts(*models: Any) -> str:
    """Every string property of the view-models and of their rows, flattened, one per line."""
    out = []
    for model in models:
        for name in model.properties():
            value = getattr(model, name)
            if isinstance(value, str):
                out.append(value)
            elif isinstance(value, list):
                out.extend(str(item) for item in value)
    return "\n".join(out)


def check_bid_panels(ui: UI, check: Callable[[UI, str], Iterator[Any]], prefix: str,
                     seat: int) -> Generator[Any, None, None]:
    """With a sealed bid open on the table of the game whose wids start with `prefix`: Reveal now's
    question (then Cancel), and `seat`'s private entry through its hand-over, entry (then Cancel)
    and hand-back, each checked by `check(ui, where)` (a `LayoutProblems.check`)."""
    yield from ui.tap(f"{prefix}.reveal")
    yield from check(ui, "confirm")
    yield from ui.tap(f"{prefix}.confirm.cancel")
    yield from ui.tap(f"{prefix}.seat.{seat}.private")
    yield from check(ui, "hand-over")
    yield from ui.tap(f"{prefix}.private.show")
    yield from check(ui, "entry")
    yield from ui.tap(f"{prefix}.private.cancel")
    yield from check(ui, "hand-back")
    yield from ui.tap(f"{prefix}.private.done")


# -- the pads' keyboard twin ----------------------------------------------------------------------

def key(name: str, down: bool = True) -> None:
    """A key of the keyboard twin goes down (or up) in the window."""
    from kivy.core.window import Keyboard, Window

    code = Keyboard.keycodes[name]
    if down:
        Window.dispatch("on_key_down", code, 0, name, [])
    else:
        Window.dispatch("on_key_up", code, 0)


def wait(seconds: float) -> Generator[None, None, None]:
    """Frames until `seconds` of real time have passed: for a stimulus that lasts that long (a
    touch held), never to let something happen (wait for that with `until`)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        yield


#: `until`'s default limit: only for failing (polling returns as soon as the condition holds), so
#: generous: a loaded machine runs this suite ~5× slower than an idle one.
UNTIL_TIMEOUT = 30.0


def until(condition: Callable[[], Any], timeout: float = UNTIL_TIMEOUT,
          what: str | Callable[[], str] = "condition") -> Generator[None, None, None]:
    """Frames until `condition()` holds; fails after `timeout` seconds (`what` names what was
    waited for; a callable is asked then, for what is still in the way). The limit stretches by
    the machine's load (`tests.machine_load`)."""
    limit = timeout * slowdown()
    end = time.monotonic() + limit
    while not condition():
        if time.monotonic() >= end:
            raise AssertionError(f"timed out after {limit:.0f} s waiting for {what() if callable(what) else what}")
        yield


def settled() -> bool:
    """Nothing waits for the coming frame: every layout, text, fit and `schedule_once(…, 0)` (a
    thread's post to the main thread among them) that was asked for has run. Delayed events (the
    idle moment, a held button's repeat) and intervals are not waited for."""
    return not unsettled()


def unsettled() -> list[Any]:
    """The Clock's events that `settled` waits for: each one-shot event due at the coming frame."""
    from kivy.clock import Clock
    from kivy.uix.widget import Widget

    waiting = []
    for event in Clock.get_events():
        if event.loop or event.timeout > 0:
            continue
        owner = getattr(event.get_callback(), "__self__", None)
        if isinstance(owner, Widget) and owner.get_root_window() is None:
            # A widget in no window (a panel out of the tree, or one of an earlier test's app not
            # yet collected) draws nothing that is checked: its triggers are not waited for.
            continue
        waiting.append(event)
    return waiting


def _still_unsettled() -> str:
    return "the layout to settle; still due: " + "; ".join(_described(event) for event in unsettled()[:5])


def _described(event: Any) -> str:
    """An event as the timeout names it: a scroll effect's with its ScrollView (the screen and the
    kv id it has there) and its state, so that a list that never comes to rest is found at once."""
    from kivy.effects.kinetic import KineticEffect

    effect = getattr(event.get_callback(), "__self__", None)
    if not isinstance(effect, KineticEffect):
        return repr(event)
    view = getattr(getattr(effect, "target_widget", None), "parent", None)
    where, node = [], view
    while node is not None and node is not node.parent:
        name = next((key for key, value in getattr(node, "ids", {}).items()
                     if getattr(value, "__self__", value) is view), None)  # kv ids hold weak proxies
        if name or getattr(node, "name", None) and hasattr(node, "manager"):
            where.append(f"{getattr(node, 'name', '') or type(node).__name__}:{name or ''}")
        node = node.parent
    content = getattr(getattr(effect, "target_widget", None), "wid", "")
    if content:
        where.insert(0, f"content {content}")
    state = {k: round(float(getattr(effect, k)), 2) for k in ("value", "min", "max", "overscroll", "velocity")}
    return (f"{repr(event)} of {type(view).__name__} at {' < '.join(where) or '?'} "
            f"(is_manual={effect.is_manual}, {state})")


def settle(timeout: float = UNTIL_TIMEOUT) -> Generator[None, None, None]:
    """Frames until the screen has settled (`settled`) and a frame was drawn since: what is
    checked then is laid out, and a screenshot shows it."""
    from kivy.clock import Clock

    yield from until(settled, timeout, _still_unsettled)
    drawn = Clock.frames_displayed
    yield from until(lambda: Clock.frames_displayed > drawn and settled(), timeout, _still_unsettled)


#: How long `tap_key` holds a key and then waits, key up: longer than the pads' 20 ms debounce.
KEY_HOLD = 0.04


def tap_key(name: str, hold: float = KEY_HOLD) -> Generator[None, None, None]:
    """A press and a release of a pad's key: each held longer than the 20 ms debounce, and far
    shorter than a hold (the first repeat of + / − at 0.5 s, OK's long press at 0.8 s). The pads'
    timer runs in real time on its own thread, so the key is held by sleeping on the main thread,
    not over frames: one slow frame of a loaded machine would otherwise make the press a hold."""
    from hardware.handheld.keylogic import PadTimings

    timings = PadTimings()
    start = time.monotonic()
    key(name, True)
    time.sleep(hold)
    key(name, False)
    held = time.monotonic() - start
    assert held < min(timings.repeat_delay, timings.long_press), \
        f"the machine stalled: a {hold * 1000:.0f} ms press of {name!r} lasted {held:.2f} s, a hold"
    time.sleep(hold)  # up for longer than the debounce before the next edge
    yield
