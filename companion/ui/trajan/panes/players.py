"""The players pane: a card per player (`panels.players`), two rows of two in portrait when more
than two play; the mover's card outlined in their colour."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.gridlayout import GridLayout

from companion.ui.trajan.panes.layout import running_app
from companion.ui.widgets import Outline, Panel


class PlayerCard(Panel):
    seat = NumericProperty(0)
    name = StringProperty("")
    rgba = ListProperty([1, 1, 1, 1])
    vp_text = StringProperty("0")
    senate_text = StringProperty("")
    demand_markup = StringProperty("")
    is_current = BooleanProperty(False)
    is_start = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._outline = Outline(self, rgba=(1, 1, 1, 1), inset=1)
        super().__init__(**kwargs)
        self._outline.set_rgba(self.rgba)
        self._outline.ready(self.canvas.after)
        self._outline.show(self.is_current)

    def on_is_current(self, _instance: Any, current: bool) -> None:
        self._outline.show(current)

    def on_rgba(self, _instance: Any, rgba: Any) -> None:
        self._outline.set_rgba(rgba)


class PlayersPane(GridLayout):
    """Dispatches `on_new_seats` when it made its cards anew (another number of players): what
    the screen makes ahead for them is then due at the next idle moment."""

    __events__ = ("on_new_seats",)

    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        app.trajan_vm.players.bind(rows=lambda *_: self.update())
        app.bind(portrait=lambda *_: self.update())
        self.update()

    def on_new_seats(self) -> None:
        pass

    def update(self) -> None:
        app = running_app()
        rows = app.trajan_vm.players.rows
        if len(self.children) != len(rows):
            self.clear_widgets()
            for _ in rows:
                self.add_widget(PlayerCard())
            self.dispatch("on_new_seats")
        self.cols = 2 if app.portrait and len(rows) > 2 else max(1, len(rows))
        for card, row in zip(reversed(self.children), rows):
            card.seat = row["seat"]
            card.name = row["name"]
            card.rgba = row["rgba"]
            card.vp_text = row["vp_text"]
            card.senate_text = row["senate_text"]
            card.demand_markup = row["demand_markup"]
            card.is_current = row["is_current"]
            card.is_start = row["is_start"]


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
