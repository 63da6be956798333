"""The dice tray as a stand-alone tool (home → Dice tray): its title and read count, a notice when
there is one, the panel, and Home, History, Undo always one tap away; "Roll (simulated)" only when
the scanner is the in-app twin (it throws the dice set, or re-rolls a cocked die)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.ui.dice.model import GAME
from companion.ui.dice.panel import DiceTrayPanel  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import FitButton  # noqa: F401  (used in the kv rules)


class DiceTrayScreen(Screen):
    def __init__(self, **kwargs: Any) -> None:
        from kivy.app import App

        App.get_running_app().game_ui(GAME).made()  # its kv reads app.dice: made before the rules are applied
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        # The roll button leaves the tree without a simulated scanner: a hidden widget would still
        # take touches, and "Roll" means nothing for dice the players throw themselves.
        self._roll = self.ids.roll.__self__
        tray = App.get_running_app().dice.tray
        tray.bind(simulated=lambda *_: self._show_roll(tray.simulated))
        self._show_roll(tray.simulated)

    def _show_roll(self, simulated: bool) -> None:
        bar = self.ids.bar.__self__
        if simulated and self._roll.parent is None:
            bar.add_widget(self._roll, index=0)
        elif not simulated and self._roll.parent is bar:
            bar.remove_widget(self._roll)

    def on_pre_leave(self, *_args: Any) -> None:
        """A notice belongs to its moment, not to whoever comes back."""
        from kivy.app import App

        App.get_running_app().dice.tray.clear_notice()


SCREEN_CLASS = DiceTrayScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
