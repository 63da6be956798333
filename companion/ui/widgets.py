"""Shared widgets (every interactive one carries a stable `wid`) and finding them by `wid`.

`wid` is how tests and the input-script player name a widget ("table.undo") independently of
layout and language; `find_widget` searches every screen of every ScreenManager, not just the
visible one, because a script may check a widget before navigating to it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from companion.ui import environment

environment.prepare()

from kivy.lang import Builder  # noqa: E402
from kivy.properties import BooleanProperty, ColorProperty, StringProperty  # noqa: E402
from kivy.uix.boxlayout import BoxLayout  # noqa: E402
from kivy.uix.behaviors import ButtonBehavior  # noqa: E402
from kivy.uix.button import Button  # noqa: E402
from kivy.uix.label import Label  # noqa: E402
from kivy.uix.widget import Widget  # noqa: E402

from companion.ui import theme  # noqa: E402


class WidMixin:
    """A stable, language-independent name for a widget: "screen.part[.index].action"."""

    wid = StringProperty("")


class AppLabel(WidMixin, Label):
    """Text in the theme's colour and scale; `wrap` makes it wrap inside its width.

    Wrapping is set from Python, not in the class's kv rule: a class rule binding `text_size`
    would fight (and randomly win over) an instance rule that sets `text_size` itself.
    """

    wrap = BooleanProperty(False)

    def on_wrap(self, _instance: Any, _value: bool) -> None:
        self._fit_wrap()

    def on_width(self, _instance: Any, _value: float) -> None:
        self._fit_wrap()

    def _fit_wrap(self) -> None:
        if self.wrap:
            self.text_size = (self.width, None)


class AppButton(WidMixin, Button):
    """A flat, rounded, themed button; `bg` is its colour at rest (pressed is lighter)."""

    bg = ColorProperty(theme.NEUTRAL)
    fg = ColorProperty(theme.TEXT)
    selected = BooleanProperty(False)


class Panel(BoxLayout):
    """A box with the panel background, for grouping (a seat, a bar)."""

    bg = ColorProperty(theme.PANEL)


class WidButtonBox(WidMixin, ButtonBehavior, BoxLayout):
    """A tappable box holding several labels (a seat's name, place and score): one big target."""


def iter_widgets(root: Widget) -> Iterator[Widget]:
    """Every widget under `root` (root first), including screens a ScreenManager is not showing."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        children = list(reversed(widget.children))  # Kivy keeps the last added first
        for screen in getattr(widget, "screens", ()):  # ScreenManager: hidden screens are not children
            if screen not in children:
                children.append(screen)
        stack.extend(reversed(children))  # so pop() visits them in the order they were added


def find_widget(root: Widget, wid: str) -> Any | None:
    """The widget whose `wid` is `wid`, or None. Searches all screens, shown or not."""
    return next((w for w in iter_widgets(root) if getattr(w, "wid", None) == wid), None)


def all_wids(root: Widget) -> list[str]:
    """Every `wid` under root, in tree order: for scripts, docs and tests."""
    return [w.wid for w in iter_widgets(root) if getattr(w, "wid", "")]


def window_center(widget: Widget) -> tuple[float, float]:
    """The widget's centre in window coordinates: where a touch must land to hit it."""
    return widget.to_window(*widget.center)


def is_shown(widget: Widget) -> bool:
    """True if the widget is in the window's tree now (its screen is the current one)."""
    from kivy.core.window import Window

    node: Any = widget
    while node is not None:
        if node is Window:
            return True
        parent = node.parent
        if parent is node:
            return False
        node = parent
    return False


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))
