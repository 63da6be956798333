"""The theme's text colours on the backgrounds they are drawn on meet WCAG AA (≥ 4.5:1), computed
from the colours themselves; and the type scale keeps what a player reads ≥ 18 px at 800×480."""

from __future__ import annotations

import pytest

from companion.ui.widgets import theme


def test_the_contrast_ratio_is_wcags():
    black, white = theme.hex_rgba("#000000"), theme.hex_rgba("#FFFFFF")
    assert theme.contrast_ratio(black, white) == pytest.approx(21.0)
    assert theme.contrast_ratio(white, white) == pytest.approx(1.0)
    # WCAG's own example: #777777 on white is just under AA (4.48:1)
    assert theme.contrast_ratio(theme.hex_rgba("#777777"), white) == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("fg, bg", theme.TEXT_ON_BACKGROUND, ids=[f"{f} on {b}" for f, b in theme.TEXT_ON_BACKGROUND])
def test_every_text_colour_on_its_background_is_wcag_aa(fg, bg):
    ratio = theme.contrast_ratio(theme.named_colour(fg), theme.named_colour(bg))
    assert ratio >= 4.5, f"{fg} on {bg}: {ratio:.2f}:1, WCAG AA asks ≥ 4.5:1"


def test_the_game_panes_button_colours_carry_white_text_at_aa():
    from companion.ui.trajan.panes import colours

    for name, bg in {"AMBER": colours.AMBER, "VIOLET": colours.VIOLET, **{
            f"BY_KIND[{k}]": v for k, v in colours.BY_KIND.items()}}.items():
        assert theme.contrast_ratio(theme.TEXT, bg) >= 4.5, name


def test_the_type_scale_reads_from_a_seat():
    assert theme.READ >= 18, "≥ 18 px at 800×480 (≈ 3.5 mm on the 7\" panel)"
    sizes = [theme.SMALL, theme.READ, theme.BODY, theme.BUTTON, theme.HEADING, theme.TITLE, theme.SCORE]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)
    assert theme.SMALL >= 14, "small print is still printed to be read, leaning in"
