"""The score pad's set-up (the screen "setup", `ScorePadUI.screens`): names and pads, nothing more,
over the shared set-up's rows (`companion.ui.shell.screens.setup.PlayersSetupScreen`); Start is the
app's `start_game` (the shared set-up's intent)."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

from companion.ui.shell.screens.setup import PlayersSetupScreen


class ScorePadSetupScreen(PlayersSetupScreen):
    """The score pad's set-up: names and pads, nothing more."""


SCREEN_CLASS = ScorePadSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
