"""The seats' colours as Augustus' screens draw them: a light tint of each colour the set-up offers
(the rules' `parts.setup.COLOURS`), so a name written in it reads on every dark surface it sits on
(the panels, a player's card waiting, a button) at WCAG AA, and its word for the pads' and status
display's monochrome text. A name is always written too: the colour only helps find one's seat."""

from __future__ import annotations

from typing import Any

from companion.ui.text.i18n import N_, _
from companion.ui.widgets import theme

#: The set-up's colours in its order (the rules' `COLOURS`; the set-up cycles them).
COLOURS = ("red", "blue", "green", "yellow", "purple", "white")
TINTS: dict[str, theme.RGBA] = {
    "red": theme.hex_rgba("#FFA199"), "blue": theme.hex_rgba("#8AB4FF"), "green": theme.hex_rgba("#7BE495"),
    "yellow": theme.hex_rgba("#FFE27A"), "purple": theme.hex_rgba("#E3A6FF"), "white": theme.TEXT,
}
#: The surfaces a tinted name is drawn on (the contrast test checks each pair ≥ 4.5:1).
SURFACES = ("BG", "PANEL", "PANEL_HI", "NEUTRAL")
WORDS = {"red": N_("red"), "blue": N_("blue"), "green": N_("green"), "yellow": N_("yellow"), "purple": N_("purple"),
         "white": N_("white")}


def tint(colour: Any) -> theme.RGBA:
    """The seat's colour as text on a dark surface (the plain text colour for a seat without one)."""
    return TINTS.get(str(colour or ""), theme.TEXT)


def word(colour: Any) -> str:
    """The colour's name in the current language ("" for none)."""
    msgid = WORDS.get(str(colour or ""))
    return _(msgid) if msgid else ""
