"""Drives the real app through its real window: touches at a widget's window coordinates.

`run_ui(session, script)` runs the app offscreen; `script(ui)` is a generator that the Kivy clock
advances one step per frame, so touches, layout and drawing interleave as on a real screen. A
touch is UnitTestTouch down → one frame → up → one frame (see notes/platform.md).
"""

from __future__ import annotations

from typing import Any, Callable, Generator, Iterator

Script = Callable[["UI"], Iterator[Any]]


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
        """Touches the widget's centre through the window, as a finger would."""
        from kivy.tests.common import UnitTestTouch

        widget = self.find(wid)
        assert self.shown(wid), f"{wid!r} is not on the current screen ({self.app.sm.current})"
        assert not widget.disabled, f"{wid!r} is disabled"
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

    @property
    def screen(self) -> str:
        return self.app.sm.current


def run_ui(session: Any, script: Script, *, language: str = "en", profile: str = "800x480",
           start_screen: str = "home", watchdog: float = 30.0, **kwargs: Any) -> Any:
    """Runs the app with `script`; re-raises the script's failure after the app has stopped."""
    from kivy.clock import Clock

    from companion.ui.app import run_app

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
            outcome.setdefault("error", TimeoutError(f"script still running after {watchdog} s"))
            app.stop()

        Clock.schedule_interval(step, 0)
        outcome["watchdog"] = Clock.schedule_once(give_up, watchdog)

    kwargs.setdefault("games", choices())
    run_app(session, language=language, profile=profile, start_screen=start_screen, on_ready=on_ready, **kwargs)
    if "watchdog" in outcome:
        outcome["watchdog"].cancel()
    if "error" in outcome:
        raise outcome["error"]
    assert "app" in outcome, "the app never showed a frame"
    return outcome["app"]


def choices():
    """Every game for the home screen, as the CLI (the composition root) passes them."""
    from companion.cli import game_choices

    return game_choices()
