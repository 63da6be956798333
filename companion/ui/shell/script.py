"""Input scripts: a documented, line-based script of simulated inputs played into the running app.

For demos and end-to-end tests (docs/input-script.md). Every input takes the same road a real one
does: touches go through the window to the widget, pad presses and dice reads are posted to the
bridge from a device thread, so what a script proves is what a table would see.

    # comment
    wait 0.5                       pause, in seconds
    touch table.seat.0.plus1       touch the widget with this id (waits up to 5 s for it to show)
    text setup.name.0 Ann          type into a text field (replaces what is there)
    press 1 plus                   pad 1 (pads count from 1): minus, plus, ok, or ok_long (OK held)
    hold 1 plus 1.2                hold pad 1's key for 1.2 s: the pad's own repeat / long press
    dice red:3 white:5 yellow:2    a settled read from the dice scanner
    answer '[["red", 3]]' 2        answer the table's ask (JSON), or seat 2's (seats count from 1)
    expect table.seat.0.score 5    the widget's text must be exactly this, or the script fails
    screenshot out.png             save the window as a PNG
    quit                           close the app (exit status 0)

A script that fails (unknown widget, unmet expectation) stops the app with exit status 4 and names
the line. Parsing is pure and happens before the window opens, so a typo fails at once. `hold`
plays through the pads' own key logic, which the composition root hands the player (`keys`).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import shlex
import threading
from pathlib import Path
from typing import Any, Callable, Protocol

log = logging.getLogger("companion.script")

PAD_KEYS = ("minus", "plus", "ok")
PRESS_KEYS = PAD_KEYS + ("ok_long",)
"""`press` sends one fact; `ok_long` is what a pad reports for OK held past the long-press time."""
DICE_COLOURS = ("red", "white", "yellow", "black")
TOUCH_TIMEOUT = 5.0
HOLD_PADS = 6
"""`hold` runs the keyboard twin's key logic, which has keys for six pads."""


class HeldKeys(Protocol):
    """The pads' key logic for `hold` (`companion.wiring.script_keys.ScriptKeys`): keys go down and
    up as a thumb's would; `settle` is how long after a key-up its last fact may still come."""

    settle: float

    def down(self, seat: int, key: str) -> None: ...

    def up(self, seat: int, key: str) -> None: ...

    def close(self) -> None: ...


KeysOpener = Callable[[Callable[[object], None], int], HeldKeys]
"""(report, pads) -> the key logic of that many pads, reporting through `report`."""
MAX_HOLD = 60.0


class ScriptError(Exception):
    """A script line that cannot be parsed or played; names the file line."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"input script line {line}: {message}")
        self.line = line


@dataclasses.dataclass(frozen=True)
class ScriptStep:
    line: int
    verb: str
    args: tuple[str, ...]


_ARITY = {"wait": 1, "touch": 1, "press": 2, "hold": 3, "expect": 2, "screenshot": 1, "quit": 0}


def parse_script(text: str) -> list[ScriptStep]:
    steps = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            words = shlex.split(line)
        except ValueError as exc:
            raise ScriptError(number, str(exc)) from None
        verb, args = words[0], tuple(words[1:])
        if verb == "text":
            if len(args) < 1:
                raise ScriptError(number, "text needs a widget id and the text")
            args = (args[0], " ".join(args[1:]))
        elif verb == "expect":
            if len(args) < 1:
                raise ScriptError(number, "expect needs a widget id and the text")
            args = (args[0], " ".join(args[1:]))
        elif verb == "dice":
            for die in args:
                colour, _, face = die.partition(":")
                if colour not in DICE_COLOURS or not face.isdigit() or not 1 <= int(face) <= 6:
                    raise ScriptError(number, f"a die is colour:face with colour one of {', '.join(DICE_COLOURS)} and face 1-6, not {die!r}")
            if not args:
                raise ScriptError(number, "dice needs at least one die")
        elif verb == "answer":
            if len(args) not in (1, 2):
                raise ScriptError(number, f"answer takes the answer (JSON) and maybe a seat number, got {len(args)} argument(s)")
            try:
                json.loads(args[0])
            except ValueError:
                raise ScriptError(number, f"answer takes its answer as JSON (5, '\"owl\"', '[[\"red\", 3]]'), "
                                  f"not {args[0]!r}") from None
            if len(args) == 2 and (not args[1].isdigit() or int(args[1]) < 1):
                raise ScriptError(number, f"answer takes a seat number from 1, not {args[1]!r}")
        elif verb in _ARITY:
            if len(args) != _ARITY[verb]:
                raise ScriptError(number, f"{verb} takes {_ARITY[verb]} argument(s), got {len(args)}")
        else:
            raise ScriptError(number, f"unknown input {verb!r} (wait, touch, text, press, hold, dice, answer, "
                              "expect, screenshot, quit)")
        if verb == "wait":
            try:
                if float(args[0]) < 0:
                    raise ValueError
            except ValueError:
                raise ScriptError(number, f"wait takes seconds (a number ≥ 0), not {args[0]!r}") from None
        if verb in ("press", "hold"):
            if not args[0].isdigit() or int(args[0]) < 1:
                raise ScriptError(number, f"{verb} takes a seat number from 1, not {args[0]!r}")
            if verb == "hold" and int(args[0]) > HOLD_PADS:
                raise ScriptError(number, f"hold works for seats 1 to {HOLD_PADS} (the keyboard twin's keys), "
                                  f"not {args[0]}")
            keys = PRESS_KEYS if verb == "press" else PAD_KEYS
            if args[1] not in keys:
                raise ScriptError(number, f"a pad key is one of {', '.join(keys)}, not {args[1]!r}")
        if verb == "hold":
            try:
                if not 0 < float(args[2]) <= MAX_HOLD:
                    raise ValueError
            except ValueError:
                raise ScriptError(number, f"hold takes seconds (more than 0, at most {MAX_HOLD:.0f}), "
                                  f"not {args[2]!r}") from None
        steps.append(ScriptStep(number, verb, args))
    return steps


def load_script(path: str | Path) -> list[ScriptStep]:
    try:
        return parse_script(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScriptError(0, f"cannot read {path}: {exc.strerror}") from None


@dataclasses.dataclass
class ScriptResult:
    """Filled in while the script plays: `error` is set when it failed."""

    done: bool = False
    error: str | None = None


def _widget_text(widget: Any) -> str:
    return str(getattr(widget, "text", ""))


def _is_shown(widget: Any) -> bool:
    """In the window's tree now (its screen is the current one) with its centre inside the window.

    A disabled widget counts as shown: a finger can touch it, and nothing happens, as at the table.
    """
    from kivy.core.window import Window

    from companion.ui.widgets import is_shown

    if not is_shown(widget):
        return False
    x, y = widget.to_window(*widget.center)
    return 0 <= x < Window.width and 0 <= y < Window.height


def _touch(widget: Any, after: Callable[[], None]) -> None:
    from kivy.base import EventLoop
    from kivy.clock import Clock
    from kivy.input.motionevent import MotionEvent

    class ScriptTouch(MotionEvent):
        def depack(self, args: dict[str, float]) -> None:
            self.sx, self.sy = args["x"], args["y"]
            super().depack(args)

    win = EventLoop.window
    x, y = widget.to_window(*widget.center)
    touch = ScriptTouch("script", 1, {"x": x / (win.width - 1.0), "y": y / (win.height - 1.0)},
                        is_touch=True, type_id="touch")
    touch.profile = ["pos"]
    EventLoop.post_dispatch_input("begin", touch)

    def release(dt: float) -> None:
        EventLoop.post_dispatch_input("end", touch)
        Clock.schedule_once(lambda dt: after(), 0)

    Clock.schedule_once(release, 0)


class _HeldKeys:
    """`hold`: a key held for a while, through the pads' own key logic (`keys`, opened at the
    first hold with `HOLD_PADS` pads), its facts posted to the bridge from its timer thread as a
    real pad's are. Its own pads, so it works whatever pads the app has."""

    def __init__(self, app: Any, keys: KeysOpener | None) -> None:
        self.app = app
        self.open_keys = keys
        self.keys: HeldKeys | None = None

    def hold(self, seat: int, key: str, seconds: float, then: Callable[[], None]) -> None:
        from kivy.clock import Clock

        if self.keys is None:
            assert self.open_keys is not None  # play_script refuses a hold without them
            self.keys = self.open_keys(self.app.bridge.post, HOLD_PADS)
        keys = self.keys
        keys.down(seat, key)

        def release(_dt: float) -> None:
            if self.keys is not None:
                self.keys.up(seat, key)
            # OK is reported when let go, after the debounce: wait for it before the next line.
            Clock.schedule_once(lambda _dt: then(), keys.settle)

        Clock.schedule_once(release, seconds)

    def close(self) -> None:
        if self.keys is not None:
            self.keys.close()
            self.keys = None


def play_script(app: Any, steps: list[ScriptStep], result: ScriptResult | None = None, *,
                keys: KeysOpener | None = None) -> ScriptResult:
    """Plays `steps` on the Kivy main thread, one after another, starting now. Returns at once.
    `keys`: the pads' key logic for `hold` lines (the CLI gives `ScriptKeys`); without it a `hold`
    fails the script."""
    from kivy.clock import Clock
    from kivy.core.window import Window

    from companion.session import ButtonPressed, DiceRead, Intent

    result = result or ScriptResult()
    queue = list(steps)
    dice_seq = [0]
    held = _HeldKeys(app, keys)

    def fail(step: ScriptStep, message: str) -> None:
        held.close()
        result.error = str(ScriptError(step.line, message))
        log.error("%s", result.error)
        app.exit_code = 4
        app.stop()

    def from_device_thread(fact: object, then: Callable[[], None]) -> None:
        # Like a GPIO or serial callback: posted from another thread, drained on the main thread.
        t = threading.Thread(target=app.bridge.post, args=(fact,), daemon=True)
        t.start()
        t.join()
        Clock.schedule_once(lambda dt: then(), 0)

    def next_step(*_: object) -> None:
        if not queue:
            held.close()
            result.done = True
            return
        step = queue.pop(0)
        verb, args = step.verb, step.args
        if verb == "wait":
            Clock.schedule_once(next_step, float(args[0]))
        elif verb in ("touch", "text", "expect"):
            find(step, 0.0)
        elif verb == "press":
            from_device_thread(ButtonPressed(int(args[0]) - 1, args[1]), next_step)
        elif verb == "hold":
            if keys is None:
                fail(step, "hold needs the pads' key logic, which this player was not given")
                return
            held.hold(int(args[0]) - 1, args[1], float(args[2]), next_step)
        elif verb == "dice":
            dice_seq[0] += 1
            dice = tuple((d.split(":")[0], int(d.split(":")[1])) for d in args)
            from_device_thread(DiceRead(dice_seq[0], dice), next_step)
        elif verb == "answer":
            # What a device does with an ask: its intent posted with the answer (`answer`, the
            # session's), here from the script as the touchscreen posts.
            answer: dict[str, Any] = {"value": json.loads(args[0])}
            if len(args) == 2:
                answer["seat"] = int(args[1]) - 1
            app.post(Intent("answer", answer))
            Clock.schedule_once(next_step, 0)
        elif verb == "screenshot":
            target = Path(args[0])
            written = Window.screenshot(str(target))  # Kivy inserts a counter: x.png -> x0001.png
            if written and Path(written) != target:
                Path(written).replace(target)
            Clock.schedule_once(next_step, 0)
        elif verb == "quit":
            held.close()
            result.done = True
            app.stop()

    def find(step: ScriptStep, waited: float) -> None:
        widget = app.find_widget(step.args[0])
        if widget is None or not _is_shown(widget):
            if waited >= TOUCH_TIMEOUT:
                where = "is not on the current screen" if widget is not None else "does not exist"
                fail(step, f"widget {step.args[0]!r} {where} (waited {TOUCH_TIMEOUT:.0f} s)")
                return
            Clock.schedule_once(lambda dt: find(step, waited + dt), 0.05)
            return
        if step.verb == "touch":
            _touch(widget, next_step)
        elif step.verb == "text":
            widget.text = step.args[1]
            Clock.schedule_once(next_step, 0)
        else:
            actual = _widget_text(widget)
            if actual != step.args[1]:
                fail(step, f"expected {step.args[0]!r} to show {step.args[1]!r}, it shows {actual!r}")
                return
            Clock.schedule_once(next_step, 0)

    next_step()
    return result
