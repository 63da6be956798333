"""Chinese text wraps by the rules of Chinese typesetting: no closing mark starts a line, no opening
one ends it, a number stays with the word it counts ("共剩 21 個"), wherever our labels wrap
(`companion.ui.text.linebreak`, used by every AppLabel and AppButton that wraps).

First the breaks chosen, with a width per character standing in for a font; then real labels laid
out by Kivy in a window, at every width where Kivy's own layout breaks these rules."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.ui.text.linebreak import bad_breaks, wrap_text  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402


pytestmark = pytest.mark.timeout(180)

#: The Trajan season header's line in zh-Hant that broke as "（黃色面\n）；…" at 720×1280.
CONSUL = "執政官王芳：拿一塊獎勵板塊（黃色面）；張敏得到另一塊（灰色面）。"
#: The Augustus call's bag line that broke as "共剩\n21 個" at 800×480.
BAG = "袋中還有 4 個同類 · 共剩 21 個"


def _width(text: str) -> float:
    """A stand-in font: a CJK character two units, anything else one."""
    return float(sum(2 if ord(char) >= 0x2E80 else 1 for char in text))


def _lines(text: str, room: float, markup: bool = False) -> list[str]:
    return wrap_text(text, room, _width, markup=markup).split("\n")


@pytest.mark.parametrize("room", range(8, 70))
def test_no_line_starts_with_a_closing_mark_or_ends_with_an_opening_one(room):
    lines = _lines(CONSUL, room)
    assert all(line[0] not in "）」』】，。、；：！？" for line in lines[1:]), lines
    assert all(line[-1] not in "（「『【" for line in lines[:-1]), lines
    assert "".join(lines) == CONSUL, "a break between Chinese characters drops nothing"
    assert all(_width(line) <= room for line in lines), lines
    assert bad_breaks(CONSUL, lines) == []


@pytest.mark.parametrize("room", range(10, 31))
def test_a_number_stays_with_its_words(room):
    lines = _lines(BAG, room)
    assert all(_width(line) <= room for line in lines), lines
    for first, second in zip(lines, lines[1:]):
        assert not (first[-1].isdigit() and "\u4e00" <= second[0] <= "\u9fff"), lines
        assert not ("\u4e00" <= first[-1] <= "\u9fff" and second[0].isdigit()), lines
    assert bad_breaks(BAG, lines) == []
    assert " ".join(lines).replace(" ", "") == BAG.replace(" ", ""), "a break swallows only spaces"


def test_a_line_breaks_at_a_phrase_space_before_a_fuller_line():
    assert _lines(BAG, 24) == ["袋中還有 4 個同類 ·", "共剩 21 個"]


def test_what_kivy_did_is_named_a_bad_break():
    assert bad_breaks(CONSUL, ["執政官王芳：拿一塊獎勵板塊（黃色面", "）；張敏得到另一塊（灰色面）。"]) == ["（黃色面|）；張敏"]
    assert bad_breaks(BAG, ["袋中還有 4 個同類 · 共剩", "21 個"]) == ["· 共剩|21 個"]
    assert bad_breaks("第 2 季\n21 個", ["第 2 季", "21 個"]) == [], "the text's own newline is never one"


def test_text_without_chinese_and_text_that_fits_come_back_unchanged():
    assert wrap_text("Take a bonus tile (yellow side)", 5, _width) == "Take a bonus tile (yellow side)"
    assert wrap_text(CONSUL, _width(CONSUL), _width) == CONSUL


def test_markup_tags_measure_nothing_and_stay_where_they_were():
    text = "[b]第 2 季已計分[/b] " + CONSUL
    wrapped = wrap_text(text, 16, _width, markup=True)
    assert wrapped.startswith("[b]第 2 季已計分\n[/b]"), wrapped
    assert wrapped.replace("\n", "") == text.replace("[/b] ", "[/b]")
    visible = wrapped.replace("[b]", "").replace("[/b]", "").split("\n")
    assert all(_width(line) <= 16 for line in visible), visible


def test_a_word_too_wide_for_any_break_is_left_to_kivy():
    # nothing fits 3 units but the first character: a break lands wherever the rules allow it
    lines = _lines("（黃色）", 3)
    assert "".join(lines) == "（黃色）" and all(line[0] != "）" for line in lines[1:])


def _core_lines(core) -> list[str]:
    return ["".join(word.text for word in line.words) for line in core._cached_lines]


@pytest.mark.parametrize("markup", [False, True])
def test_a_wrapping_label_breaks_chinese_by_the_rules_where_kivy_would_not(session, markup):
    """At every width from 120 to 700 px where Kivy's own layout of the two texts breaks a rule,
    an AppLabel's lines break none, and still fit its width."""
    seen: dict[str, list] = {"kivy": [], "ours": [], "wide": []}

    def script(ui):
        from kivy.core.text import Label as CoreLabel
        from kivy.core.text.markup import MarkupLabel
        from kivy.core.window import Window
        from kivy.uix.floatlayout import FloatLayout

        from companion.ui import widgets

        box = FloatLayout()
        Window.add_widget(box)
        label = widgets.AppLabel(text="", font_size=26, wrap=True, markup=markup, size_hint=(None, None),
                                 size=(200, 400), pos=(0, 0))
        box.add_widget(label)
        for text in (CONSUL, BAG):
            shown = f"[b]{text[:2]}[/b]{text[2:]}" if markup else text
            for width in range(120, 700, 6):
                core = (MarkupLabel if markup else CoreLabel)(text=shown, font_size=26, font_name=label.font_name,
                                                              text_size=(width, None))
                core.refresh()
                if not bad_breaks(shown, _core_lines(core), markup=markup):
                    continue
                seen["kivy"].append((text, width))
                label.text, label.width = shown, width
                yield from settle()
                seen["ours"] += bad_breaks(shown, _core_lines(label._label), markup=markup)
                if label.texture_size[0] > width + 1:
                    seen["wide"].append((text, width, label.texture_size[0]))
        Window.remove_widget(box)

    run_ui(session, script)
    assert len(seen["kivy"]) >= 4, "Kivy's own layout breaks these texts against the rules at some widths"
    assert seen["ours"] == [], seen["ours"]
    assert seen["wide"] == [], "every line still fits the label"


#: A notice with a file name and a command in it (zh-Hans), and the Augustus crier's line with a
#: name: the command broke as "；co\nmpanion", the name as "Anna\nbelle".
DOCTOR = "对局记录 scorepad.journal 已损坏：请在主页恢复其完好的步骤；companion doctor 会指出损坏之处。"
CRIER = "公告员：Annabelle"
NAMES = "放置一个军团或跳过：Annabelle, Bartholomew, Cyrus。"
LATIN = (DOCTOR, CRIER, NAMES, "请修改提示中的那一行（companion doctor 也会指出），或把文件移走，从头开始。")


def _is_han(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff"


def _latin_words(text: str) -> list[str]:
    import re

    return re.findall(r"[A-Za-z0-9][A-Za-z0-9.,]*", text)


@pytest.mark.parametrize("text", LATIN)
@pytest.mark.parametrize("room", range(6, 60))
def test_a_latin_word_is_never_broken_inside_and_the_rest_still_wraps(text, room):
    lines = _lines(text, room)
    for word in _latin_words(text):
        assert any(word in line for line in lines), (word, lines)
    assert all(_width(line) <= room or len(_latin_words(line)) == 1 and not any(map(_is_han, line))
               for line in lines), ("a word wider than the line has a line of its own: the lines after it "
                                    "are wrapped all the same", lines)
    assert bad_breaks(text, lines, measure=_width, room=room) == [], lines


@pytest.mark.parametrize("room", range(18, 40))
def test_latin_words_that_fit_a_line_stay_on_one(room):
    assert any("companion doctor" in line for line in _lines(DOCTOR, room)), _lines(DOCTOR, room)
    assert any("Annabelle, Bartholomew, Cyrus" in line for line in _lines(NAMES, room)) == (room >= 31), "with its 。"


def test_latin_words_break_at_their_space_only_when_they_must():
    assert _lines("请修改（companion doctor 也会指出）", 12) == ["请修改", "（companion", "doctor", "也会指出）"]
    assert _lines("请修改（companion doctor 也会指出）", 18) == ["请修改", "（companion doctor", "也会指出）"]


def test_a_broken_latin_word_and_latin_words_parted_needlessly_are_named_bad_breaks():
    assert bad_breaks(CRIER, ["公告员：Anna", "belle"]) == ["Anna|bell"]
    assert bad_breaks(DOCTOR, [DOCTOR[:41], DOCTOR[41:]]) == ["骤；co|mpan"], DOCTOR[:41]
    parted = ["对局记录 scorepad.journal 已损坏：请在主页恢复其完好的步骤；companion", "doctor 会指出损坏之处。"]
    assert bad_breaks(DOCTOR, parted, measure=_width, room=40) == ["nion|doct"]
    assert bad_breaks(DOCTOR, parted, measure=_width, room=15) == [], "16 wide: it must part at its space"
    assert bad_breaks(DOCTOR, parted) == [], "without a measure a space is a break like any other"


@pytest.mark.parametrize("markup", [False, True])
def test_a_wrapping_label_keeps_latin_words_whole_in_chinese(session, markup):
    """An AppLabel with a name or a command in Chinese text, at every width from 80 to 600 px:
    no Latin word broken that fits the width, no run of them parted at a space that fits it."""
    found: list = []

    def script(ui):
        from kivy.core.window import Window
        from kivy.uix.floatlayout import FloatLayout

        from companion.ui import widgets

        box = FloatLayout()
        Window.add_widget(box)
        label = widgets.AppLabel(text="", font_size=20, wrap=True, markup=markup, size_hint=(None, None),
                                 size=(200, 400), pos=(0, 0))
        box.add_widget(label)
        measure = lambda line: label._label.get_extents(line)[0]  # noqa: E731
        for text in LATIN:
            shown = f"[b]{text[:2]}[/b]{text[2:]}" if markup else text
            for width in range(80, 600, 8):
                label.text, label.width = shown, width
                yield from settle()
                lines = _core_lines(label._label)
                # a word with the marks that must not part from it ("（companion") wider than the line
                too_wide = [w for w in _latin_words(text) if measure(f"（{w}。") > width]
                bad = [b for b in bad_breaks(shown, lines, markup=markup, measure=measure, room=width)
                       if not any(b[b.index("|") - 1] + b[b.index("|") + 1] in w for w in too_wide)]
                if bad:
                    found.append((width, bad, lines))
        Window.remove_widget(box)

    run_ui(session, script)
    assert found == [], found
