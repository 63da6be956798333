"""The seats' colours as Augustus' screens draw them: a light tint of each colour the set-up offers
(the rules' `parts.setup.COLOURS`), so a name written in it reads on every dark surface it sits on
(the panels, a player's card waiting, a button) at WCAG AA, and its word for the pads' and status
display's monochrome text. A name is always written too: the colour only helps find one's seat."""

from __future__ import annotations

from typing import Any

from companion.ui.augustus.format import colour_word as word  # noqa: F401 - the words live beside the others
from companion.ui.widgets import theme

#: The set-up's colours in its order (the rules' `COLOURS`; the set-up cycles them).
COLOURS = ("red", "blue", "green", "yellow", "purple", "white")
TINTS: dict[str, theme.RGBA] = {
    "red": theme.hex_rgba("#FFA199"), "blue": theme.hex_rgba("#8AB4FF"), "green": theme.hex_rgba("#7BE495"),
    "yellow": theme.hex_rgba("#FFE27A"), "purple": theme.hex_rgba("#E3A6FF"), "white": theme.TEXT,
}
#: The surfaces a tinted name is drawn on (the contrast test checks each pair ≥ 4.5:1).
SURFACES = ("BG", "PANEL", "PANEL_HI", "NEUTRAL")


def tint(colour: Any) -> theme.RGBA:
    """The seat's colour as text on a dark surface (the plain text colour for a seat without one)."""
    return TINTS.get(str(colour or ""), theme.TEXT)
