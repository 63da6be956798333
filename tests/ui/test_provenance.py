"""Where a value comes from, in the players' words (`ui.text.provenance`): built from the kind of
source alone, in all three languages, never a digest's source key ("S:", "U:", "HEM") or address."""

from __future__ import annotations

import pytest

from companion.ui.text import i18n
from companion.ui.text.provenance import said_note, said_short, said_sentence

KEYS = ("S:", "U:", "S/U", "HEM", "S004", "troyes.md", "ultraboardgames", "http")


@pytest.mark.parametrize("language", ["en", "zh-Hans", "zh-Hant"])
def test_every_kind_of_source_is_said_in_the_players_words(language):
    i18n.set_language(language)
    texts = [said_short(by) for by in ("box", "printing", "report", "source", "", "nonsense")]
    texts += [said_short("box", page="11–12"), said_short("box", section="4")]
    texts += [said_sentence(by, ["A", "B"]) for by in ("box", "printing", "report", "source", "")]
    for text in texts:
        assert text and not any(key in text for key in KEYS), text
    if language != "en":  # translated, not English
        assert not any(word in text for text in texts for word in ("box", "source", "rulebook"))


def test_the_box_says_where_and_the_rest_say_to_check_against_the_box():
    i18n.set_language("en")
    assert said_short("box", page="3") == "The rulebook in your box, page 3"
    assert said_short("box", section="4") == "The rulebook in your box, section 4"
    assert said_short("") == "No source: check your box"
    assert said_sentence("box", ["Name"], section="4") == "The rulebook in your box gives Name (section 4)."
    assert said_sentence("printing", ["Name", "Black dice"]).startswith("Name, Black dice: from another printing")
    i18n.set_language("zh-Hans")
    assert said_short("box", page="3") == "你游戏盒里的规则书，第 3 页"
    assert said_sentence("", ["颜色", "除数"]).startswith("颜色、除数：没有来源；")


def test_a_note_puts_the_box_first_and_placeholders_last_one_a_line():
    i18n.set_language("en")
    note = said_note([(("", "", ""), ["Cost"]), (("report", "", ""), ["Colour"]), (("printing", "", ""), []),
                      (("box", "", "4"), ["Name"])])
    assert note.split("\n") == ["The rulebook in your box gives Name (section 4).",
                                "Colour: from players' reports and reviews of their games; check against your box.",
                                "Cost: no source; the app's values are placeholders: enter your box's."]
