"""Troyes set-up: how many players (2–4), their names and pads (the shared set-up: a game night
keeps its players), each seat's colour, the start player (tap a seat's Start?; none chosen: the app
draws one) and the tie-break (Troyes 2.4, U). The characters are dealt by the app, each seen only
on its owner's pad. Refusals (two equal names, say) show above the names; the rules decide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.shell.screens.setup import PlayersSetupScreen


class TroyesSeatRow(BoxLayout):
    """One seat: name, pad, colour (tap: the next free colour), Start? (tap: this seat starts)."""

    seat = NumericProperty(0)


class TroyesSetupScreen(PlayersSetupScreen):
    ROW = TroyesSeatRow
    PREFIX = "troyes.setup"

    def bind_more(self, app: Any) -> None:
        app.troyes_setup.bind(colour_labels=lambda *_: self._relabel(), start_labels=lambda *_: self._relabel())

    def relabel_row(self, app: Any, row: Any) -> None:
        model = app.troyes_setup
        if row.seat < len(model.colour_labels):
            row.ids.colour.text = model.colour_labels[row.seat]
        if row.seat < len(model.start_labels):
            row.ids.start.text = model.start_labels[row.seat]
            row.ids.start.selected = model.start_player == row.seat


SCREEN_CLASS = TroyesSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
