"""The .po parser, choosing a language, and translating notices (no Kivy, no window)."""

from __future__ import annotations

import pytest

from companion.ui.text import i18n

pytestmark = pytest.mark.timeout(10)


def test_parser_reads_entries_continuations_escapes_and_skips_header_fuzzy_and_empty():
    text = r'''
# translator comment
msgid ""
msgstr ""
"Language: zh_Hans\n"

#: somewhere.py:1
msgid "Undo"
msgstr "撤销"

msgid ""
"Two "
"lines"
msgstr "两行\n第二行 \"引号\" \\ \t"

#, fuzzy
msgid "Unsure"
msgstr "不确定"

msgid "Untranslated"
msgstr ""

msgctxt "button"
msgid "Back"
msgstr "返回"
msgid "Next"
msgstr "下一个"
msgid "Apples"
msgid_plural "Apples"
msgstr[0] "苹果"
'''
    catalog = i18n.parse_po(text)
    assert catalog == {
        "Undo": "撤销",
        "Two lines": '两行\n第二行 "引号" \\ \t',
        "button\x04Back": "返回",
        "Next": "下一个",
        "Apples": "苹果",
    }


@pytest.mark.parametrize("bad, words", [
    ('msgid "a"\nmsgstr "b\n', "quoted string"),
    ('msgid "a"\nmsgstr "\\q"\n', "unknown escape"),
    ('"orphan"\n', "nothing to continue"),
    ('msgid "a"\nmsgid "b"\n', "twice"),
    ('msgfoo "a"\n', "unknown keyword"),
])
def test_parser_names_the_line_of_a_mistake(bad, words):
    with pytest.raises(i18n.PoSyntaxError) as info:
        i18n.parse_po(bad, "x.po")
    assert words in str(info.value) and "x.po:" in str(info.value)


@pytest.mark.parametrize("locale, language", [
    ("zh_CN.UTF-8", "zh-Hans"), ("zh_SG", "zh-Hans"), ("zh", "zh-Hans"), ("zh_Hans_CN", "zh-Hans"),
    ("zh_TW.UTF-8", "zh-Hant"), ("zh_HK.UTF-8", "zh-Hant"), ("zh_MO", "zh-Hant"), ("zh_Hant", "zh-Hant"),
    ("en_US.UTF-8", "en"), ("de_DE", "en"), ("C.UTF-8", "en"),
])
def test_locale_names_map_to_our_three_languages(locale, language):
    assert i18n.language_from_locale(locale) == language


def test_no_locale_at_all_means_english():
    assert i18n.auto_language({}) == "en"


def test_auto_prefers_lc_all_then_lc_messages_then_lang():
    assert i18n.auto_language({"LANG": "zh_TW.UTF-8"}) == "zh-Hant"
    assert i18n.auto_language({"LANG": "zh_TW.UTF-8", "LC_ALL": "zh_CN.UTF-8"}) == "zh-Hans"
    assert i18n.auto_language({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_HK"}) == "zh-Hant"
    assert i18n.auto_language({"LC_ALL": "C", "LANG": "zh_CN"}) == "zh-Hans"


def test_set_language_auto_reads_the_environment(monkeypatch):
    monkeypatch.setenv("LANG", "zh_HK.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert i18n.set_language("auto") == "zh-Hant"
    assert i18n._("Undo") == "復原"


def test_unknown_language_is_an_error_not_silent_english():
    with pytest.raises(ValueError, match="zh-Hans"):
        i18n.set_language("fr")


def test_translate_notice_translates_the_template_then_fills_it():
    i18n.set_language("zh-Hans")
    assert i18n.translate_notice("One entry is at most {max} points either way.", {"max": 999}) == "每次最多加减 999 分。"
    assert i18n.translate_notice("Not in any catalog {x}", {"x": 1}) == "Not in any catalog 1"
    i18n.set_language("en")
    assert i18n.translate_notice("One entry is at most {max} points either way.", {"max": 999}) == \
        "One entry is at most 999 points either way."


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    i18n.set_language("zh-Hans")
    monkeypatch.setitem(i18n.load_catalog("zh-Hans"), "There is no seat {n}.", "没有座位 {seat}")
    assert i18n.translate_notice("There is no seat {n}.", {"n": 3}) == "There is no seat 3."


@pytest.mark.parametrize("template, values, shown", [
    ("輪到 {name}", {"name": "李偉"}, "輪到李偉"),  # Chinese sets no space between words
    ("輪到 {name}", {"name": "Alice"}, "輪到 Alice"),  # but a Latin name stands apart
    ("{name} 獲勝", {"name": "王芳"}, "王芳獲勝"),
    ("請輸入在 {province} 找到的論壇板塊。", {"province": "雷蒂亞"}, "請輸入在雷蒂亞找到的論壇板塊。"),
    ("{name}：{province} 放著哪塊？", {"name": "李偉", "province": "雷蒂亞"}, "李偉：雷蒂亞放著哪塊？"),
    ("第 {n} 季", {"n": 2}, "第 2 季"),  # digits keep their spaces
    ("{a} {b}", {"a": "雷蒂亞", "b": "麵包"}, "雷蒂亞 麵包"),  # a space between two values separates them
    ("圖拉真 輸入 {n}", {"n": "三"}, "圖拉真 輸入三"),  # the template's own spaces stay
    ("{{a}} {b} 人", {"b": "三"}, "{a} 三人"),
    ("{x:>3} 分", {"x": 7}, "  7 分"),
])
def test_a_filled_in_chinese_value_is_set_without_spaces_a_latin_one_with(template, values, shown):
    assert i18n.Template(template).format(**values) == shown


def test_translations_fill_chinese_names_the_chinese_way():
    i18n.set_language("zh-Hant")
    try:
        assert i18n._("{name}'s turn").format(name="李偉") == "輪到李偉"
        assert i18n._("{name}'s turn").format(name="Bob") == "輪到 Bob"
        assert i18n.translate_notice("{name} wins", {"name": "王芳"}) == "王芳獲勝"
    finally:
        i18n.set_language("en")


def test_sentences_join_with_a_space_in_english_and_none_after_chinese_punctuation():
    assert i18n.join_sentences(["Alice ends the turn.", "", "Season 2 scored."]) == \
        "Alice ends the turn. Season 2 scored."
    assert i18n.join_sentences(["王芳结束回合。", "第 2 季计分。"]) == "王芳结束回合。第 2 季计分。"
    assert i18n.join_sentences(["王芳结束回合。", "Bob 拿起圆盘。"]) == "王芳结束回合。Bob 拿起圆盘。"


def test_an_aside_is_bracketed_as_each_language_sets_it():
    """The notice's rule and a history line's "undone" (the .kv files) follow their text in
    brackets: half-width after two spaces in English, full-width and unspaced in Chinese."""
    template = "{text}  ({aside})"
    assert i18n._(template).format(text="No.", aside="Rule: undo") == "No.  (Rule: undo)"
    for language, expected in (("zh-Hans", "不行。（规则：撤销）"), ("zh-Hant", "不行。（規則：撤銷）")):
        i18n.set_language(language)
        try:
            assert i18n._(template).format(text="不行。", aside=expected[4:-1]) == expected
        finally:
            i18n.set_language("en")
