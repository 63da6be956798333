"""Widgets kept by name and handed out again, so a panel rebuilt from new words reuses its widgets.

Making a Kivy button costs about 2 ms here (its kv rules, its canvas, its first text layout); a
call on Augustus' table rebuilt the seats' panel — twenty-odd buttons — several times over. A
`Shelf` keeps each widget under its key (a button's `wid`): the panel's builder asks for it, sets
its words and colours, and `fill` puts the widgets into their container only when the container
does not already hold exactly those, in that order. A kept widget that leaves the panel leaves the
widget tree too (it takes no touch while out of sight) and comes back when the panel shows it again.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable


class Shelf:
    """Widgets by key (`take`), and the tap each kept button does now (`taps`, by the same key:
    a kept button is bound once, to whatever its panel last asked of it)."""

    def __init__(self) -> None:
        self._kept: dict[str, Any] = {}
        self.taps: dict[str, Callable[[], None]] = {}

    def take(self, key: str, make: Callable[[], Any]) -> Any:
        """The widget kept under `key`, made by `make()` the first time. It stays where it is until
        `fill` puts it elsewhere."""
        widget = self._kept.get(key)
        if widget is None:
            widget = self._kept[key] = make()
        return widget

    @staticmethod
    def fill(container: Any, widgets: Iterable[Any]) -> None:
        """`container` holds `widgets`, in that order, and nothing else; untouched when it already
        does (no relayout). The widgets it already holds first, in that order, stay (a seat's
        choices one more or one fewer at a call: the others are not taken out and put back)."""
        wanted = list(widgets)
        held = list(reversed(container.children))
        if held == wanted:
            return
        same = 0
        while same < min(len(held), len(wanted)) and held[same] is wanted[same]:
            same += 1
        for widget in held[same:]:
            container.remove_widget(widget)
        for widget in wanted[same:]:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
            container.add_widget(widget)


def grid_as_high_as_its_rows() -> Any:
    """A new GridLayout whose height follows its rows: what the panels keep their rows of
    buttons in (`Shelf.take`'s maker for a grid)."""
    from kivy.uix.gridlayout import GridLayout

    grid = GridLayout(size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    return grid
