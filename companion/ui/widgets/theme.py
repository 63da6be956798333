"""The dark, high-contrast palette: legible from across a table under kitchen light.

Text on every background here has a contrast ratio of at least 7:1 (WCAG AAA) except the muted
grey, which is still ≥ 4.5:1; colours also differ in brightness, not only hue, so +/− read apart
for colour-blind players (and carry their sign as text anyway).
"""

from __future__ import annotations

RGBA = tuple[float, float, float, float]


def hex_rgba(value: str, alpha: float = 1.0) -> RGBA:
    value = value.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b, alpha)


def lighten(color: RGBA, amount: float = 0.18) -> RGBA:
    """The pressed look of a button: visibly lighter, so a tap is acknowledged at once."""
    r, g, b, a = color
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount, a)


BG = hex_rgba("#0E1116")
PANEL = hex_rgba("#1A2029")
PANEL_HI = hex_rgba("#242C38")
TEXT = hex_rgba("#F3F5F8")
MUTED = hex_rgba("#A9B3C1")
ACCENT = hex_rgba("#2C64D6")
NEUTRAL = hex_rgba("#3B4554")
PLUS = hex_rgba("#1D7A43")
MINUS = hex_rgba("#B3362B")
GOLD = hex_rgba("#FFC857")
DISABLED_BG = hex_rgba("#20262E")
DISABLED_FG = hex_rgba("#6E7886")
SELECTED = hex_rgba("#2C64D6")
INPUT_BG = hex_rgba("#F3F5F8")
INPUT_FG = hex_rgba("#0E1116")

NOTICE_BG = {
    "refused": hex_rgba("#7A4B00"),
    "error": hex_rgba("#8E1B1B"),
    "info": hex_rgba("#1B4275"),
    "": PANEL,
}


def notice_bg(level: str) -> RGBA:
    return NOTICE_BG.get(level, NOTICE_BG["info"])
