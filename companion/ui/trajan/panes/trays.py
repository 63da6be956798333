"""The trays pane (`panels.trays`): the mover's six trays as big buttons, three a row (two in
portrait), a tray that ends the round in amber; a tap picks the tray up."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import theme
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panes.colours import AMBER
from companion.ui.trajan.panes.layout import running_app


class TraysPane(BoxLayout):
    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        vm = app.trajan_vm
        self.grid = tw.ButtonGrid(cols=3, spacing=6 * app.scale, row_height=96 * app.scale, font=theme.READ * app.scale,
                                  fixed_cols=2 if app.portrait else 3)
        app.bind(portrait=lambda _a, portrait: setattr(self.grid, "fixed_cols", 2 if portrait else 3))
        self.grid.on_choose = lambda row: vm.choose(row["index"])
        self.add_widget(self.grid)
        vm.trays.bind(rows=lambda *_: self.update())
        self.update()

    def update(self) -> None:
        rows = []
        for tray in running_app().trajan_vm.trays.rows:
            rows.append({"wid": tray["wid"], "text": tray["markup"], "enabled": tray["enabled"], "markup_on": True,
                         "index": tray["index"], "selected": tray.get("selected", False),
                         "bg": AMBER if tray["ends_round"] else theme.NEUTRAL})
        self.grid.show(rows)
