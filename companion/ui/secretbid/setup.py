"""Secret bid set-up: how many players, their names and pads (the shared set-up view-model and pad
choice: a game night keeps its players), and each player's limit or none, then Start.
Refusals (two equal names, say) show above the names; the rules decide what is valid.

The rows, their names and pads are the shared set-up's (`companion.ui.shell.screens.setup.PlayersSetupScreen`,
Tribune's too); this screen names its row class and adds each row's limit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.shell.screens.setup import NameInput, PlayersSetupScreen  # noqa: F401  (NameInput: its kv rule)
from companion.ui.secretbid.widgets import LimitEditor  # noqa: F401  (used in the kv rules)


class BidSeatRow(BoxLayout):
    """One seat: name, pad (tap: the next free pad, then none) and limit (tap: edit it below)."""

    seat = NumericProperty(0)


class SecretBidSetupScreen(PlayersSetupScreen):
    ROW = BidSeatRow
    PREFIX = "secretbid.setup"

    def bind_more(self, app: Any) -> None:
        app.secretbid.setup_limits.bind(labels=lambda *_: self._relabel())

    def relabel_row(self, app: Any, row: Any) -> None:
        limits = app.secretbid.setup_limits.labels
        if row.seat < len(limits):
            row.ids.limit.text = limits[row.seat]

    def on_pre_enter(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        app.secretbid.configure(next((c for c in app.games if c.id == "secretbid"), None))

    def on_pre_leave(self, *_args: Any) -> None:
        from kivy.app import App

        App.get_running_app().secretbid.setup_limits.close()


SCREEN_CLASS = SecretBidSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
