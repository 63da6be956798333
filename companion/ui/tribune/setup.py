"""Tribune set-up: how many players (2–5), their names and pads (the shared set-up view-model and
pad choice: a game night keeps its players), and the start player, each seat showing
the denarii it starts with (12 for the start player, then 13, 14… clockwise). Refusals (two equal
names, say) show above the names; the rules decide what is valid.

The rows, their names and pads are the shared set-up's (`companion.ui.shell.screens.setup.PlayersSetupScreen`);
this screen adds the start money button and its own layout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.shell.screens.setup import PlayersSetupScreen
from companion.ui.tribune.format import GAME


class TribuneSeatRow(BoxLayout):
    """One seat: name, pad (tap: the next free pad, then none) and start money (tap: this seat
    is the start player)."""

    seat = NumericProperty(0)


class TribuneSetupScreen(PlayersSetupScreen):
    ROW = TribuneSeatRow
    PREFIX = "tribune.setup"

    def bind_more(self, app: Any) -> None:
        app.tribune.bind(start_labels=lambda *_: self._relabel())

    def relabel_row(self, app: Any, row: Any) -> None:
        labels = app.tribune.start_labels
        if row.seat < len(labels):
            row.ids.money.text = labels[row.seat]

    def on_pre_enter(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        app.tribune.configure(next((c for c in app.games if c.id == GAME), None))


SCREEN_CLASS = TribuneSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
