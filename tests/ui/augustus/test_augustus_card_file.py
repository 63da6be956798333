"""The table's own card file (companion/ui/augustus/card_file.py): it learns the cards the rules
accepted, one a line in number order, so the rules read it back and name a bad card's line; a
file the app cannot read is never written over."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalCommand
from companion.games.augustus.parts.cards import parse_card_file
from companion.ui.augustus.card_file import CardFile, format_cards


def card(number, symbols=("shield",), **more):
    return {"number": number, "kind": more.get("kind", "green"), "vp": more.get("vp", 1), "gold": 0, "wheat": 0,
            "symbols": list(symbols), "power": more.get("power")}


def test_learnt_cards_are_written_in_number_order_and_read_back_by_the_rules(tmp_path):
    own = CardFile(tmp_path / "augustus" / "cards.json")
    assert own.cards() == {} and own.text() is None
    assert own.learn([card(40, ("swords", "chariot")), card(7)]) == [7, 40]
    assert own.learn([card(7)]) == [], "known already: nothing written"
    assert own.learn([{**card(7), "vp": 9}]) == [], "a differing card never overwrites the file's"
    assert own.learn([card(3, power={"kind": "mobilise", "amount": 2})]) == [3]
    text = own.text()
    assert [c.number for c in parse_card_file(text)] == [3, 7, 40]
    assert text.splitlines()[2].startswith('{"number": 7,'), "card k of the file on line k + 1"
    assert not list((tmp_path / "augustus").glob(".cards-*")), "no temporary file left"


def test_a_file_the_app_cannot_read_is_left_alone_and_a_bad_card_named_by_its_line(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[\n{"number": 5, "kind": "green", "vp": 1, "symbols": ["dagger"]},\n{"kind": "pink"}\n]\n',
                    encoding="utf-8")
    own = CardFile(path)
    before = path.read_text(encoding="utf-8")
    assert own.learn([card(9)]) == [] and path.read_text(encoding="utf-8") == before
    assert own.problem == "Card 2 of the card file has no number from 1 to 88."
    path.write_text(format_cards([card(1), {**card(2), "vp": -1}]), encoding="utf-8")
    with pytest.raises(IllegalCommand) as refused:
        parse_card_file(path.read_text(encoding="utf-8"))
    assert refused.value.params["field"] == "line 3: vp"
    path.write_text("[{", encoding="utf-8")
    assert CardFile(path).cards() == {} and json.dumps(CardFile(path).problem)


def test_a_card_held_against_the_file_once_is_passed_over_and_a_differing_one_logged_once(tmp_path, caplog):
    """The table hands `learn` every card in play at every view: one the file has is compared once
    (a differing one logged once, not at every call); a new card, or the file changed on disk,
    is looked at again."""
    path = tmp_path / "cards.json"
    own = CardFile(path)
    assert own.learn([card(7), card(8)]) == [7, 8]
    differing = {**card(7), "vp": 9}
    with caplog.at_level("WARNING", logger="companion.augustus"):
        for _ in range(5):
            assert own.learn([card(8), differing]) == []
    assert [r.getMessage() for r in caplog.records].count(
        f"objective 7 as entered differs from the card file {path}: the file keeps its own") == 1
    assert own.learn([card(8), card(9)]) == [9], "a new card among known ones is still written"
    path.write_text(format_cards([card(1)]), encoding="utf-8")  # edited on disk: read and compared anew
    assert own.learn([card(7)]) == [7]
    caplog.clear()
    with caplog.at_level("WARNING", logger="companion.augustus"):
        own.learn([{**card(7), "vp": 9}])
    assert len(caplog.records) == 1
