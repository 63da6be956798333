"""Every string the app can show is translated in both Chinese catalogs, placeholders intact.

Sources: every IllegalCommand(rule, template) and Notice(level, template) in the core, the session
and every game, and every _("…") literal in companion/ui (Python and .kv). A failure lists what to
add; `python -m companion.ui.text.msgids` prints the missing entries as .po stubs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.ui.text import i18n
from companion.ui.text import msgids

pytestmark = pytest.mark.timeout(30)

CHINESE = ("zh-Hans", "zh-Hant")
# Forms that exist in only one script: finding one in the other catalog means a mix-up.
SIMPLIFIED_ONLY = set("这设计记录对开继续结数选择语尽义为发现将请没获显"
                      "库图护鲁奥宽说时间过还让给输认识确误资")
TRADITIONAL_ONLY = set("這設計記錄對開繼續結數選擇語盡義為發現將請沒獲顯"
                       "庫圖護魯奧寬說時間過還讓給輸認識確誤資")


def catalog(language):
    path = i18n.LOCALE_DIR / f"{language.replace('-', '_')}.po"
    return i18n.parse_po(path.read_text(encoding="utf-8"), str(path))


def test_the_sources_are_found():
    engine = msgids.engine_msgids()
    assert "Nothing to undo: the setup of the game stays." in engine  # core/engine.py
    assert "No game is open: start or resume one first." in engine  # session.py
    assert "Two players have the same name." in engine and "score pad setup" in engine  # games/scorepad
    assert "The journal could not be used: {reason}" in engine  # a Notice
    assert "Trajan input" in engine  # a rule raised by its module constant (games/trajan/parse.py RULE)
    ui = msgids.ui_msgids()
    assert "Undo" in ui and "Trajan" in ui and "Last played {when}" in ui
    assert "{file} is damaged ({reason}) and was set aside." in engine  # a DataNotice, home shows


@pytest.mark.parametrize("language", CHINESE)
def test_every_refusal_template_and_rule_is_translated(language):
    have = catalog(language)
    missing = {m: where for m, where in msgids.engine_msgids().items() if m not in have}
    assert not missing, f"add to {language.replace('-', '_')}.po: {missing}"


@pytest.mark.parametrize("language", CHINESE)
def test_every_ui_literal_is_translated(language):
    have = catalog(language)
    missing = {m: where for m, where in msgids.ui_msgids().items() if m not in have}
    assert not missing, f"add to {language.replace('-', '_')}.po: {missing}"


@pytest.mark.parametrize("language", CHINESE)
def test_translations_keep_every_placeholder(language):
    wrong = {m: t for m, t in catalog(language).items() if i18n.placeholders(m) != i18n.placeholders(t)}
    assert not wrong, wrong


@pytest.mark.parametrize("language", CHINESE)
def test_no_stale_entries(language):
    stale = set(catalog(language)) - set(msgids.all_msgids())
    assert not stale, f"no longer used, remove from {language}: {stale}"


def test_each_catalog_is_in_its_own_script():
    hans = "".join(catalog("zh-Hans").values())
    hant = "".join(catalog("zh-Hant").values())
    assert not (set(hant) & SIMPLIFIED_ONLY), set(hant) & SIMPLIFIED_ONLY
    assert not (set(hans) & TRADITIONAL_ONLY), set(hans) & TRADITIONAL_ONLY


def test_game_names_are_the_agreed_ones():
    assert [catalog("zh-Hans")[g] for g in ("Trajan", "Troyes", "Tribune", "Augustus", "Score pad")] == \
        ["图拉真", "特鲁瓦", "护民官", "奥古斯都", "计分板"]
    assert [catalog("zh-Hant")[g] for g in ("Trajan", "Troyes", "Tribune", "Augustus", "Score pad")] == \
        ["圖拉真", "特魯瓦", "護民官", "奧古斯都", "計分板"]


def test_every_character_shown_has_a_glyph_in_the_cjk_font():
    """A character the font lacks renders as an empty box: check every msgstr and every literal."""
    from companion.ui.shell import fonts

    pil = pytest.importorskip("PIL.ImageFont")
    from PIL import Image, ImageDraw

    try:
        path, _bold = fonts.find_cjk_font()
    except fonts.FontNotFound:
        pytest.skip("no CJK font installed")
    font = pil.truetype(str(path), 32, index=0)

    def render(ch):
        image = Image.new("L", (48, 48))
        ImageDraw.Draw(image).text((4, 4), ch, font=font, fill=255)
        return image.tobytes()

    missing_glyph = render("\U0010fffd")
    texts = [*catalog("zh-Hans").values(), *catalog("zh-Hant").values(), *msgids.all_msgids()]
    for kv in Path(msgids.UI).rglob("*.kv"):
        texts.append(kv.read_text(encoding="utf-8"))
    texts.append("−★←±")
    chars = {ch for text in texts for ch in text if not ch.isspace() and ord(ch) > 32}
    lacking = sorted(ch for ch in chars if render(ch) == missing_glyph)
    assert not lacking, f"{path.name} has no glyph for {lacking}"
