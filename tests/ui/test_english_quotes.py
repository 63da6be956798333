"""English words quote with straight quotes and trail off with three full stops: the app's one font
is a CJK font (the Chinese must never render as boxes), and a CJK font draws curly quotes
full-width, a wide gap each side of the quoted words ('stays  “not on the card” .' on Tribune's
victory-card set-up), and its "…" (U+2026) as full-width dots at mid-height ("Rules···"). The
Chinese catalogs keep their own quotes (“…” in zh-Hans, 「…」 in zh-Hant) and ellipses ("……"),
which are full-width by right.

Besides the catalogs' msgids, English reaches the screen as the values a refusal names ("expected
0 ... 2", a value cut short): every string literal in the code that is not a docstring and holds
no Chinese is checked too. Kivy's own ellipsis, for a label that is shortened (the app should never
shorten: the legibility checks fail on it), is three full stops, which the CJK font draws on the
baseline."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.ui.text import msgids

pytestmark = pytest.mark.timeout(120)

CURLY = "“”‘’"
ELLIPSIS = "…"
ROOT = Path(__file__).resolve().parents[2]
#: Code whose strings may reach a screen or a terminal in English.
CODE = ("companion", "hardware", "firmware_tools")
_CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_no_english_text_the_app_shows_has_curly_quotes():
    curly = {text: where for text, where in msgids.all_msgids().items() if any(q in text for q in CURLY)}
    assert not curly, "\n".join(f"{where}: {text!r}" for text, where in curly.items())


def test_no_english_text_the_app_shows_has_a_cjk_ellipsis():
    dots = {text: where for text, where in msgids.all_msgids().items() if ELLIPSIS in text}
    assert not dots, "\n".join(f"{where}: {text!r}" for text, where in dots.items())


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings, notes)."""
    return {id(node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)}


def english_literals_with(mark: str) -> list[str]:
    """Where a string literal of the code (not a docstring, no Chinese in it) holds `mark`."""
    found = []
    for top in CODE:
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
            skip = _docstrings(tree)
            found += [f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:80]!r}" for node in ast.walk(tree)
                      if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                      and mark in node.value and not _CJK.search(node.value)]
    return found


def test_no_english_string_in_the_code_has_a_cjk_ellipsis():
    found = english_literals_with(ELLIPSIS)
    assert not found, "\n".join(found)


def _ink_rows(text: str) -> tuple[int, int]:
    """(first, last) rows holding ink of `text` drawn in the app's font (the file Kivy is given) at 40 px."""
    from PIL import Image, ImageDraw, ImageFont

    from companion.ui.shell import fonts

    font = ImageFont.truetype(str(fonts.find_cjk_font()[0]), 40)
    image = Image.new("L", (160, 64))
    ImageDraw.Draw(image).text((0, 0), text, font=font, fill=255)
    ink = image.tobytes()
    rows = [y for y in range(64) if max(ink[y * 160:(y + 1) * 160]) > 64]
    return rows[0], rows[-1]


def test_kivys_own_ellipsis_draws_on_the_baseline_in_the_apps_font():
    from kivy.core.text import Label as CoreLabel

    from companion.ui.shell import fonts

    assert fonts.register_default_font() is not None
    label = CoreLabel(text="Check the cards against your box", font_size=20, shorten=True, text_size=(120, None))
    shortened = label.shorten(label.text)
    assert "..." in shortened and ELLIPSIS not in shortened, shortened
    top, bottom = _ink_rows("x")  # a small letter: the baseline and the middle of the line
    dots_top, dots_bottom = _ink_rows("...")
    assert dots_top > (top + bottom) / 2 and abs(dots_bottom - bottom) <= 2, (dots_top, dots_bottom, top, bottom)
    cjk_top, cjk_bottom = _ink_rows(ELLIPSIS)  # what the checks above keep out: dots at mid-height
    assert cjk_bottom < bottom - 4, (cjk_top, cjk_bottom, bottom)
