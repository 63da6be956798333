"""English words quote with straight quotes: the app's one font is a CJK font (the Chinese must never
render as boxes), and a CJK font draws curly quotes full-width, a wide gap each side of the quoted
words ('stays  “not on the card” .' on Tribune's victory-card set-up). The Chinese catalogs keep
their own quotes (“…” in zh-Hans, 「…」 in zh-Hant), which are full-width by right."""

from __future__ import annotations

import pytest

from companion.ui.text import msgids

pytestmark = pytest.mark.timeout(60)

CURLY = "“”‘’"


def test_no_english_text_the_app_shows_has_curly_quotes():
    curly = {text: where for text, where in msgids.all_msgids().items() if any(q in text for q in CURLY)}
    assert not curly, "\n".join(f"{where}: {text!r}" for text, where in curly.items())
