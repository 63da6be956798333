"""The documented default file, `companion/config.default.toml`: the only copy of it. The settings
screen starts a missing config file from it, and `python -m companion.config` prints it."""

from __future__ import annotations

from pathlib import Path

SHIPPED = Path(__file__).resolve().parent.parent / "config.default.toml"
"""Shipped as package data beside the `config` package (pyproject's package-data)."""

DEFAULT_CONFIG_TEXT = SHIPPED.read_text(encoding="utf-8")
