"""The whole game's victory card at the set-up (digest 3.5): the table enters the card in play,
its six thresholds for this player count (a condition the card does not print stays "not on the
card") and how many conditions a player must meet. The thresholds are printed on the 26 cards and
in no source (U): the rules check what is entered and refuse a card nobody could win."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.widgets import RepeatButton  # noqa: F401  (used in the kv rules)
from companion.ui.text.i18n import _
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
        tribune.bind(threshold_texts=lambda *_: self.relabel(), needed=lambda *_: self.relabel())
        self.relabel()

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
