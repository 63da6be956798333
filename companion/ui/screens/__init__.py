"""Screens: each a thin .py (building repeated rows, nothing else) beside its .kv layout.

Screens bind to the app's view-models and call the app's actions; they never import
`companion.games` and never see game state. `load(name)` imports a screen only when first shown,
so start-up pays only for the first screen.
"""

from __future__ import annotations

import importlib
from typing import Any

from companion.ui import environment

environment.prepare()

SCREENS = ("home", "setup", "table", "history", "settings")


def create(name: str) -> Any:
    """A new instance of the named screen (its module and .kv are loaded on first use)."""
    if name not in SCREENS:
        raise ValueError(f"unknown screen {name!r}; choose one of {', '.join(SCREENS)}")
    module = importlib.import_module(f"companion.ui.screens.{name}")
    return module.SCREEN_CLASS(name=name)
