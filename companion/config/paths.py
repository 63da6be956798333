"""Where the configuration file and the data directory live (the XDG base-directory spec)."""

from __future__ import annotations

import os
from pathlib import Path


def xdg_home(variable: str, fallback: str) -> Path:
    # The XDG spec says a relative value is invalid and must be ignored.
    value = os.environ.get(variable, "")
    if value and os.path.isabs(value):
        return Path(value)
    return Path.home() / fallback


def default_config_path() -> Path:
    """`$COMPANION_CONFIG` if set, else `$XDG_CONFIG_HOME/companion/config.toml` (~/.config/…)."""
    override = os.environ.get("COMPANION_CONFIG", "")
    if override:
        return Path(override).expanduser().absolute()
    return xdg_home("XDG_CONFIG_HOME", ".config") / "companion" / "config.toml"
