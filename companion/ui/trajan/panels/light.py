"""The light-mode panel (the table moves its own markers): how many markers moved, whether they
completed a Trajan tile, and the action of the tray where the last one landed; the time ring
previews where the markers being entered would move time."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty

from companion.ui.trajan import names
from companion.ui.trajan.panels.host import TableHost


def action_rows() -> list[dict[str, Any]]:
    """A button per action, in the trays' order (the tray where the last marker landed)."""
    return [{"action": a, "wid": f"trajan.light.action.{a}", "tray": i,
             "text": f"{names.TRAY_NUMERALS[i]} {names.action(a)}"}
            for i, a in enumerate(names.ACTIONS)]


class LightModeViewModel(EventDispatcher):
    markers = NumericProperty(0)
    completed = BooleanProperty(False)
    actions = ListProperty([])  # [{action, wid, tray, text}]
    preview_time = NumericProperty(-1)  # where the markers entered would move time, or -1

    def __init__(self, table: TableHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table
        self._time = 0

    def update(self, view: Mapping[str, Any], shown: bool) -> None:
        self._time = int(view["time"])
        self.preview_time = -1
        if shown and self.markers:
            self.preview_time = self._time + int(self.markers)
        self.actions = action_rows()

    def set_markers(self, n: int) -> None:
        """`n` markers moved; the same number again clears it."""
        self.markers = n if self.markers != n else 0
        self.preview_time = self._time + n if self.markers else -1

    def toggle_completed(self) -> None:
        self.completed = not self.completed

    def move(self, tray: int) -> None:
        """The markers moved and the action of the tray where the last one landed."""
        if not self.markers:
            return
        intent = {"name": "move", "args": {"markers": int(self.markers), "tray": int(tray),
                                           "completed": bool(self.completed)}}
        before = self._table.step
        self._table.play(intent)
        if self._table.step != before:  # the markers moved (a refused move keeps the entry)
            self.markers = 0
            self.completed = False
            self.preview_time = -1
