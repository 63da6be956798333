"""Helpers the screen and its panes share to keep exactly one panel of a group in the tree
(hidden widgets would eat touches), and to make ahead, while the table is idle, what a later tap
would otherwise make: a panel not on screen laid out, a grid's buttons."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.uix.layout import Layout
from kivy.uix.scrollview import ScrollView


def running_app() -> Any:
    """The app: its `scale`, `portrait`, `when_idle` and the table's view-model `trajan_vm`."""
    return App.get_running_app()


def strong(widget: Any) -> Any:
    """The widget itself for a weak proxy (as `ids` holds them)."""
    return getattr(widget, "__self__", widget)


def show_only(container: Any, wanted: Any, candidates: tuple[Any, ...]) -> None:
    """`wanted` is the one of `candidates` in `container`."""
    container = strong(container)
    for widget in candidates:
        if widget is not wanted and widget.parent is container:
            container.remove_widget(widget)
    if wanted.parent is None:
        container.add_widget(wanted)


class ReservesButtons:
    """A pane whose button grids make buttons ahead: `RESERVED` names each grid (an attribute of
    the pane) and how many buttons it keeps, the most it shows at once."""

    RESERVED: dict[str, int] = {}

    def reserve(self) -> None:
        for name, count in self.RESERVED.items():
            getattr(self, name).reserve(count)


def lay_out_unshown(panel: Any, area: Any) -> None:
    """Lays out `panel`, while it is not on screen, as `area` will when it is shown: its texts are
    then laid out once, at the size they are shown at."""
    if panel.parent is not None:
        return
    panel.pos, panel.size = area.pos, area.size
    queue = [panel]
    while queue:  # parents first: a layout sizes its children, then they lay out theirs
        widget = queue.pop(0)
        if isinstance(widget, Layout):
            widget.do_layout()
        elif isinstance(widget, ScrollView):
            widget.update_from_scroll()
        queue.extend(reversed(widget.children))
