"""The dark, high-contrast palette: legible from across a table under kitchen light.

Text on every background here has a contrast ratio of at least 4.5:1 (WCAG AA; most pairs ≥ 7:1,
AAA), the disabled grey included (`TEXT_ON_BACKGROUND` lists the pairs, a test computes each
ratio); colours also differ in brightness, not only hue, so +/− read apart
for colour-blind players (and carry their sign as text anyway).
"""

from __future__ import annotations

RGBA = tuple[float, float, float, float]

# -- the type scale: px at 800×480, times the profile's scale (`app.scale`) ------------------------
# What a player reads from their seat (names, scores, whose turn, prompts, demands, a summary's
# rows) is at least READ: 18 px is ≈ 3.5 mm on the official 7" panel, legible across a table.
# SMALL is only for secondary detail a player leans in for (a rule's page, a unit, a hint), and a
# label showing it says so (`small_print: True`), which the layout tests check.

#: Secondary detail only (marked `small_print`).
SMALL = 16
#: The least a player reads from their seat.
READ = 18
#: Body text: rows, prompts, names in a list.
BODY = 20
#: Buttons.
BUTTON = 22
#: A panel's heading, a player's name in a seat box.
HEADING = 24
#: A screen's title.
TITLE = 30
#: A score or a number that is the point of its box.
SCORE = 32


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
# ≥ 4.5:1 on DISABLED_BG too: a greyed Redo still says what it would do, across the table.
DISABLED_FG = hex_rgba("#8A94A3")
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


# -- contrast (WCAG 2.x) -------------------------------------------------------------------------

def relative_luminance(color: RGBA) -> float:
    """WCAG 2.x relative luminance of an sRGB colour (alpha ignored)."""

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(fg: RGBA, bg: RGBA) -> float:
    """WCAG contrast ratio of two colours, 1 … 21; AA asks ≥ 4.5 for text, AAA ≥ 7."""
    a, b = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


#: Every text colour on every background it is drawn on (the contrast test checks each ≥ 4.5).
TEXT_ON_BACKGROUND: tuple[tuple[str, str], ...] = tuple(
    [(fg, bg) for fg in ("TEXT", "MUTED", "GOLD") for bg in ("BG", "PANEL", "PANEL_HI")]
    + [("TEXT", bg) for bg in ("ACCENT", "NEUTRAL", "PLUS", "MINUS", "SELECTED")]
    + [("TEXT", f"NOTICE_BG[{level!r}]") for level in ("refused", "error", "info")]
    + [("DISABLED_FG", "DISABLED_BG"), ("INPUT_FG", "INPUT_BG")])


def named_colour(name: str) -> RGBA:
    """A colour of this module by its name in `TEXT_ON_BACKGROUND` ("PANEL", "NOTICE_BG['info']")."""
    if name.startswith("NOTICE_BG["):
        return NOTICE_BG[name[len("NOTICE_BG['"):-2]]
    return globals()[name]
