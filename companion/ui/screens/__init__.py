"""Screens: each a thin .py (building repeated rows, nothing else) beside its .kv layout.

Screens bind to the app's view-models and call the app's actions; they never import
`companion.games` and never see game state. `create(name)` imports a screen only when first shown,
so start-up pays only for the first screen. A game's own screens live in its UI package
(companion/ui/trajan): `MODULES` says where each screen's module is.
"""

from __future__ import annotations

import importlib
from typing import Any


#: Screen name → the module defining `SCREEN_CLASS` (and loading its .kv).
MODULES: dict[str, str] = {
    "home": "companion.ui.screens.home",
    "setup": "companion.ui.screens.setup",
    "table": "companion.ui.screens.table",
    "history": "companion.ui.screens.history",
    "settings": "companion.ui.screens.settings",
    "trajan_setup": "companion.ui.trajan.setup",
    "trajan_table": "companion.ui.trajan.table",
    "secretbid_setup": "companion.ui.secretbid.setup",
    "secretbid_table": "companion.ui.secretbid.table",
    "secretbid_private": "companion.ui.secretbid.private_screen",
    "tribune_setup": "companion.ui.tribune.setup",
    "tribune_table": "companion.ui.tribune.table",
    "tribune_private": "companion.ui.tribune.private_screen",
    "dice_tray": "companion.ui.dice.screen",
}
SCREENS = tuple(MODULES)


def create(name: str) -> Any:
    """A new instance of the named screen (its module and .kv are loaded on first use)."""
    if name not in MODULES:
        raise ValueError(f"unknown screen {name!r}; choose one of {', '.join(SCREENS)}")
    module = importlib.import_module(MODULES[name])
    return module.SCREEN_CLASS(name=name)
