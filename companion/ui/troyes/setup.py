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
from companion.ui.widgets import FitButton, theme


class TroyesSeatRow(BoxLayout):
    """One seat: name, pad, colour (tap: the next free colour), Start? (tap: this seat starts)."""

    seat = NumericProperty(0)


class TroyesSetupScreen(PlayersSetupScreen):
    ROW = TroyesSeatRow
    PREFIX = "troyes.setup"

    def bind_more(self, app: Any) -> None:
        app.troyes_setup.bind(colour_labels=lambda *_: self._relabel(), start_labels=lambda *_: self._relabel(),
                              facts_text=lambda *_: self._card_facts(app))
        self._facts = FitButton(wid="troyes.setup.card_facts", base_font=theme.READ * app.scale,
                                min_font=theme.READ * app.scale, fg=theme.GOLD)
        self._facts.bind(on_release=lambda *_: app.go("card_facts"))
        self._card_facts(app)

    def _card_facts(self, app: Any) -> None:
        """Beside the options while the table's own card facts are in force (a tap opens them);
        out of the row otherwise, so the row is as it was."""
        text = app.troyes_setup.facts_text
        self._facts.text = text
        options = self.ids.options
        if text and self._facts.parent is None:
            options.add_widget(self._facts, index=0)
        elif not text and self._facts.parent is not None:
            options.remove_widget(self._facts)

    def relabel_row(self, app: Any, row: Any) -> None:
        model = app.troyes_setup
        if row.seat < len(model.colour_labels):
            row.ids.colour.text = model.colour_labels[row.seat]
        if row.seat < len(model.start_labels):
            row.ids.start.text = model.start_labels[row.seat]
            row.ids.start.selected = model.start_player == row.seat


SCREEN_CLASS = TroyesSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
