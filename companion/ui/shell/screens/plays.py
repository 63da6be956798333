"""The history of finished plays: the rows of plays (tap one to open it) and the statistics per
player, built here from the plays view-model's lists (`PlaysViewModel`); the words are its."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.ui.widgets import AppButton, AppLabel, theme
from companion.ui.widgets.charts import PlayScoreChart, PlayerStatsChart  # noqa: F401  (the .kv's classes)
from companion.ui.widgets.qr import QRCode  # noqa: F401


def fit_height(widget: Any, least: float = 0, pad: float = 0) -> None:
    """The widget as tall as its wrapped text (and at least `least`): nothing is cut."""
    widget.bind(texture_size=lambda w, size: setattr(w, "height", max(least, size[1] + pad)))


class PlaysScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().plays_vm
        vm.bind(rows=lambda *_: self.rebuild(), stats=lambda *_: self.rebuild())
        self.rebuild()

    def rebuild(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm, scale = app.plays_vm, app.scale
        rows = self.ids.rows
        rows.clear_widgets()
        for row in vm.rows:
            text = f"[b]{escape_markup(row['title'])}[/b]\n{escape_markup(row['players'])}"
            button = AppButton(wid=f"plays.row.{row['index']}", text=text, markup=True, halign="left",
                               font_size=theme.READ * scale, size_hint_y=None)
            fit_height(button, least=64 * scale, pad=14 * scale)
            button.bind(on_release=lambda _b, i=row["index"]: app.open_play(i))
            rows.add_widget(button)
        stats = self.ids.stats
        stats.clear_widgets()
        for index, row in enumerate(vm.stats):
            label = AppLabel(wid=f"plays.stats.{index}", text=row["text"], color=row["rgba"], wrap=True,
                             size_hint_y=None, font_size=theme.READ * scale)
            fit_height(label, pad=4 * scale)
            stats.add_widget(label)


SCREEN_CLASS = PlaysScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
