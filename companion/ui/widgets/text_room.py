"""Room for a few lines of text, reserved whatever the text is now.

A notice or a prompt whose area is as tall as its text changes height when the text goes from one
line to two (a dice read's notice, the next player's prompt), and every widget below it is laid out
again, the whole screen on a table. Its area reserves `lines_height(2, …)` instead and grows only
for a text longer than that (nothing is ever cut): a read that rewords it redraws its words alone.
"""

from __future__ import annotations

from functools import lru_cache


def lines_height(lines: int, font_size: float, font_name: str = "Roboto", bold: bool = False) -> float:
    """The height of `lines` lines of a label's text at `font_size` (its texture's, without the
    label's padding): lines × the font's line height (Kivy's `line_height` 1), in pixels."""
    from kivy.core.text import LabelBase

    return lines * _line_height(float(font_size), font_name, str(LabelBase._fonts.get(font_name)), bool(bold))


@lru_cache(maxsize=64)
def _line_height(font_size: float, font_name: str, _font_file: str, bold: bool) -> int:
    """One line's height; cached by the font file registered under the name (the app registers
    its CJK font as Kivy's default before any screen is built, a test may register another)."""
    from kivy.core.text import Label as CoreLabel

    return int(CoreLabel(font_size=font_size, font_name=font_name, bold=bold).get_extents("Ag国")[1])
