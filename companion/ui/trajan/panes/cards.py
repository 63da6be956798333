"""The card composer's pane (`panels.cards`): the ships (when shipping), a button per card kind
(tapped once per card), what was named so far, and Clear, Cancel and Confirm."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import theme
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panes.layout import running_app


class CardsPane(BoxLayout):
    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        cards = app.trajan_vm.cards
        self.card_grid = tw.ButtonGrid(cols=7, spacing=4 * app.scale, row_height=48 * app.scale, font=theme.READ * app.scale)
        self.card_grid.on_choose = lambda row: cards.add(row["card"])
        self.ids.cards_holder.add_widget(self.card_grid)
        self.ship_grid = tw.ButtonGrid(cols=3, spacing=4 * app.scale, row_height=44 * app.scale, font=theme.READ * app.scale,
                                       fixed_cols=3)
        self.ship_grid.on_choose = lambda row: cards.choose_ship(row["ship"])
        self.ids.ships_holder.add_widget(self.ship_grid)
        cards.bind(card_buttons=lambda *_: self.update(), ship_buttons=lambda *_: self.update())

    def update(self) -> None:
        cards = running_app().trajan_vm.cards
        self.card_grid.show([{**row, "bg": theme.NEUTRAL} for row in cards.card_buttons])
        self.ship_grid.show([{**row, "bg": theme.NEUTRAL} for row in cards.ship_buttons])


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
