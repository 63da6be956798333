"""Screens: each a thin .py (building repeated rows, nothing else) beside its .kv layout.

Screens bind to the app's view-models and call the app's actions; they never import
`companion.games` and never see game state. `create(name)` imports a screen only when first shown,
so start-up pays only for the first screen. A game's own screens live in its UI package
(companion/ui/<game>), listed by its GameUI, the screens `GameUI`'s defaults name ("setup" and
"table") too. `MODULES` says where each of the shell's is; `setup` holds the
parts every set-up over the shared names and pads is made of.
"""

from __future__ import annotations

import importlib
from typing import Any, Mapping


#: The shell's screens: screen name → the module defining `SCREEN_CLASS` (and loading its .kv).
#: A game's own screens are its GameUI's (`companion.ui.gameui.GameUI.screens`).
MODULES: dict[str, str] = {
    "home": "companion.ui.shell.screens.home",
    "history": "companion.ui.shell.screens.history",
    "settings": "companion.ui.shell.screens.settings",
    "card_facts": "companion.ui.shell.screens.card_facts",
    "plays": "companion.ui.shell.screens.plays",
    "play": "companion.ui.shell.screens.play",
}
#: A screen opened from another (its Back goes there): returning to the parent leaves the parent's
#: own Back where it was (Settings → Card facts → Settings → Back is home, not Card facts again).
PARENTS: dict[str, str] = {"card_facts": "settings"}
#: The screens the shell names, in the documentation's order (its pictures, `companion screenshot
#: --docs`): its own, and "setup" and "table", which mean the chosen game's set-up and the open
#: game's table (`GameUI.setup_screen` / `table_screen`; the defaults' are the score pad's).
SCREENS = ("home", "setup", "table", "history", "settings", "card_facts", "plays", "play")


def create(name: str, game_screens: Mapping[str, str] | None = None) -> Any:
    """A new instance of the named screen, the shell's or one of `game_screens` (name → module;
    its module and .kv are loaded on first use)."""
    modules = {**MODULES, **(game_screens or {})}
    if name not in modules:
        raise ValueError(f"unknown screen {name!r}; choose one of {', '.join(modules)}")
    module = importlib.import_module(modules[name])
    return module.SCREEN_CLASS(name=name)
