"""One finished play: its breakdown's cells are built here from the plays view-model's `grid`
(the header of names, each category with its rule, the totals); the chart and the QR code are
bound in the .kv."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.ui.shell.screens.plays import fit_height
from companion.ui.widgets import AppLabel, theme
from companion.ui.widgets.charts import PlayScoreChart  # noqa: F401  (the .kv's classes)
from companion.ui.widgets.qr import QRCode  # noqa: F401


class PlayScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().plays_vm
        # Held strongly: while the large code is shown the breakdown is out of the tree, and kv's
        # `ids` keep only a weak proxy, which the garbage collector may clear meanwhile.
        self._breakdown = getattr(self.ids.breakdown, "__self__", self.ids.breakdown)
        self._grid = getattr(self.ids.grid, "__self__", self.ids.grid)
        vm.bind(grid=lambda *_: self.rebuild())
        self._grid.bind(width=lambda *_: self.rebuild())
        vm.bind(qr_large=lambda _vm, large: self.show_large(large))
        self.rebuild()

    def show_large(self, large: bool) -> None:
        """The QR code over the whole screen: the breakdown leaves the layout, and comes back
        where it was."""
        breakdown = self._breakdown
        if large and breakdown.parent is not None:
            self._panes = breakdown.parent
            self._panes.remove_widget(breakdown)
        elif not large and breakdown.parent is None and getattr(self, "_panes", None) is not None:
            self._panes.add_widget(breakdown, index=len(self._panes.children))

    def rebuild(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm, scale = app.plays_vm, app.scale
        grid = self._grid
        grid.clear_widgets()
        last = len(vm.grid) - 1
        widths = self.widths(grid.width - 10 * scale, max(1, vm.columns - 1), scale)
        for r, row in enumerate(vm.grid):
            for c, cell in enumerate(row):
                first = c == 0
                label = AppLabel(wid=f"play.cell.{r}.{c}", text=cell, wrap=True, size_hint_y=None,
                                 font_size=theme.READ * scale, bold=r in (0, last) and not (r == last and first and r == 0),
                                 color=theme.MUTED if r == 0 else theme.TEXT,
                                 halign="left" if first else "right", size_hint_x=None)
                label.width = widths[0] if first else widths[1]
                fit_height(label, pad=4 * scale)
                grid.add_widget(label)


    @staticmethod
    def widths(room: float, players: int, scale: float) -> tuple[float, float]:
        """(category column, each player's column) filling `room`: a player's column 76 px at
        most, narrower for many players (a name then wraps, never cut), the category the rest."""
        gap = 8 * scale
        each = max(40 * scale, min(76 * scale, (room - 150 * scale) / players - gap))
        return max(100 * scale, room - players * (each + gap)), each


SCREEN_CLASS = PlayScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
