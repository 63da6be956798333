"""The light-mode pane (`panels.light`): twelve buttons for the markers moved, the action of the
tray where the last one landed (enabled once the markers are entered), and "Trajan tile
completed"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import theme
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panels.light import action_rows
from companion.ui.trajan.panes.layout import running_app
from companion.ui.widgets import AppButton

MOST_MARKERS = 12


class LightPane(BoxLayout):
    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        light = app.trajan_vm.light
        self._marker_buttons = []
        for n in range(1, MOST_MARKERS + 1):
            button = AppButton(wid=f"trajan.light.markers.{n}", text=str(n), size_hint_min_y=0,
                               font_size=20 * app.scale)
            button.bind(on_release=lambda _b, n=n: light.set_markers(n))
            self.ids.markers.add_widget(button)
            self._marker_buttons.append(button)
        self._action_buttons = []
        for i, row in enumerate(light.actions or action_rows()):
            button = tw.FitButton(wid=row["wid"], text=row["text"], size_hint_min_y=0, base_font=18 * app.scale,
                                  bg=theme.ACCENT)
            button.bind(on_release=lambda _b, tray=i: light.move(tray))
            self.ids.actions.add_widget(button)
            self._action_buttons.append(button)
        light.bind(markers=lambda *_: self.update(), completed=lambda *_: self.update())
        self.update()

    def update(self) -> None:
        light = running_app().trajan_vm.light
        for n, button in enumerate(self._marker_buttons, start=1):
            button.selected = light.markers == n
        for button, row in zip(self._action_buttons, light.actions or action_rows()):
            button.text = row["text"]
            button.disabled = not light.markers


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
