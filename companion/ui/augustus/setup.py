"""Augustus set-up: 2–6 players, their names and pads (the shared set-up: a game night keeps its
players), the oldest player (the first crier), the bag (the app draws, or the physical bag) and the
table's card file (a path, optional). Refusals (two equal names, a bad card in the file, naming its
line) show above the names; the rules decide what is valid."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.augustus.colours import tint
from companion.ui.augustus.format import GAME
from companion.ui.shell.screens.setup import PlayersSetupScreen


class AugustusSeatRow(BoxLayout):
    """One seat: name, pad (tap: the next free pad, then none), colour (tap: the next free one,
    its word in its tint) and Oldest (tap: this seat is the oldest player, the first crier)."""

    seat = NumericProperty(0)


class AugustusSetupScreen(PlayersSetupScreen):
    ROW = AugustusSeatRow
    PREFIX = "augustus.setup"

    def bind_more(self, app: Any) -> None:
        app.augustus.bind(oldest_labels=lambda *_: self._relabel(), colour_labels=lambda *_: self._relabel())

    def relabel_row(self, app: Any, row: Any) -> None:
        labels = app.augustus.oldest_labels
        if row.seat < len(labels):
            row.ids.oldest.text = labels[row.seat]
        colours = app.augustus.colours
        if row.seat < len(colours):
            row.ids.colour.text = app.augustus.colour_labels[row.seat]
            row.ids.colour.fg = tint(colours[row.seat])

    def on_pre_enter(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        app.augustus.configure(next((c for c in app.games if c.id == GAME), None))
        app.augustus.relabel()


SCREEN_CLASS = AugustusSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
