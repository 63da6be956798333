"""The drawn tile's pane (`panels.drawn_tile`): the kinds the named stack holds, then the six
marker colours (two to tap), and Cancel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import theme
from companion.ui.trajan import names
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panes.layout import running_app

DARK_TEXT = (0.05, 0.07, 0.09, 1)  # on the light marker colours


class DrawnTilePane(BoxLayout):
    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        drawn = app.trajan_vm.drawn_tile
        self._colour_buttons = []
        for colour in names.MARKER_COLOURS:
            button = tw.FitButton(wid=f"trajan.tile.colour.{colour}", text=names.colour(colour), size_hint_min_y=0,
                                  base_font=18 * app.scale, bg=theme.hex_rgba("#" + names.COLOUR_HEX[colour]),
                                  fg=DARK_TEXT)
            button.bind(on_release=lambda _b, c=colour: drawn.pick_colour(c))
            self.ids.colours.add_widget(button)
            self._colour_buttons.append((colour, button))
        drawn.bind(entry=lambda *_: self.update())

    def update(self) -> None:
        app = running_app()
        drawn = app.trajan_vm.drawn_tile
        entry = drawn.entry
        kinds = self.ids.kinds
        kinds.clear_widgets()
        if not entry:
            return
        for kind in entry.get("kinds", ()):
            button = tw.FitButton(wid=f"trajan.tile.kind.{kind}", text=names.trajan_tile(kind), size_hint_min_y=0,
                                  base_font=18 * app.scale, selected=entry.get("kind") == kind)
            button.bind(on_release=lambda _b, k=kind: drawn.pick_kind(k))
            kinds.add_widget(button)
        for colour, button in self._colour_buttons:
            button.selected = colour in entry.get("colours", ())
            button.disabled = not entry.get("kind")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
