"""The whole game's victory card at the set-up (digest 3.5): the table enters the card in play,
its six thresholds for this player count (a condition the card does not print stays "not on the
card") and how many conditions a player must meet. The thresholds are printed on the 26 cards and
in no source (U): the rules check what is entered and refuse a card nobody could win. Or the table
gives the path of its card file (`victory_cards`, as Augustus' set-up takes one) and taps the card
in play among its ids (`victory_card`); the rules check the file at Start, and a bad card's
refusal (above the names) names the line and field."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.widgets import RepeatButton  # noqa: F401  (used in the kv rules)
from companion.ui.shell.screens.setup import NameInput  # noqa: F401  (its kv rule: the card file's path)
from companion.ui.text.i18n import _
from companion.ui.widgets import FitButton
from companion.ui.tribune import board_words as words

NEEDED = "needed"


class TribuneThresholdRow(BoxLayout):
    """One number of the card: a condition's threshold (index 0–5) or how many are needed."""

    condition = StringProperty("")
    index = NumericProperty(0)
    title = StringProperty("")
    value_text = StringProperty("")

    def step(self, delta: int) -> None:
        from kivy.app import App

        tribune = App.get_running_app().tribune
        if self.condition == NEEDED:
            tribune.step_needed(delta)
        else:
            tribune.step_threshold(int(self.index), delta)


class TribuneVictoryScreen(Screen):
    def on_kv_post(self, _base: Any) -> None:
        from kivy.app import App

        tribune = App.get_running_app().tribune
        for index, condition in enumerate((*words.CONDITIONS, NEEDED)):
            self.ids.rows.add_widget(TribuneThresholdRow(condition=condition, index=index))
        tribune.bind(threshold_texts=lambda *_: self.relabel(), needed=lambda *_: self.relabel(),
                     card_ids=lambda *_: self.update_cards(), card_id=lambda *_: self.update_cards())
        self.relabel()
        self.update_cards()
        App.get_running_app().bind(portrait=lambda *_: self.place_rules())
        self.place_rules()

    def place_rules(self) -> None:
        """At 800×480 the title's row holds the rules' line and their button too, so the card's
        seven numbers fit under the card file and the intro without scrolling; in portrait they
        keep a row of their own at the bottom (there is room, and the title's row is narrow)."""
        from kivy.app import App

        row = self.ids.rules_bar if App.get_running_app().portrait else self.ids.title_row
        for widget in (self.ids.rules_text, self.ids.rules_button):
            if widget.parent is not row:
                widget.parent.remove_widget(widget)
                # the title's row: before Done (children run right to left); the bar: in order
                row.add_widget(widget, index=1 if row is self.ids.title_row else 0)

    def update_cards(self) -> None:
        """One button per card of the table's file (rebuilt when the file changes); the picked one
        selected, and the numbers above then count for nothing."""
        from kivy.app import App

        tribune = App.get_running_app().tribune
        grid = self.ids.card_ids
        if [b.card for b in reversed(grid.children)] != list(tribune.card_ids):
            grid.clear_widgets()
            for card in tribune.card_ids:
                button = FitButton(text=str(card), wid=f"tribune.victory.card.{card}")
                button.card = card
                button.bind(on_release=lambda b: App.get_running_app().tribune.pick_card(b.card))
                grid.add_widget(button)
        for button in grid.children:
            button.selected = button.card == tribune.card_id

    def relabel(self) -> None:
        from kivy.app import App

        tribune = App.get_running_app().tribune
        texts = list(tribune.threshold_texts)
        for row in reversed(self.ids.rows.children):
            if row.condition == NEEDED:
                row.title, row.value_text = _("Conditions needed"), str(int(tribune.needed))
            else:
                row.title = words.condition_name(row.condition)
                row.value_text = texts[row.index] if row.index < len(texts) else ""

    def on_pre_enter(self, *_args: Any) -> None:
        self.relabel()


SCREEN_CLASS = TribuneVictoryScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
