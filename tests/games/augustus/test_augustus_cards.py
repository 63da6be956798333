"""Objective cards: the facts the table enters when a card comes into play (an Ask with their
shape), or a card file of its own box, validated naming the field (and, in a file, the line)."""

from __future__ import annotations

import json

import pytest

from companion.core.asks import AnswerNeeded
from companion.core.errors import IllegalCommand
from companion.games.augustus.parts.cards import SHAPE, parse_card, parse_card_file
from augustus_helpers import card, decide, play, refused, set_up


def test_a_card_the_file_does_not_hold_is_asked_for_with_its_shape():
    state = set_up(2)
    with pytest.raises(AnswerNeeded) as asked:
        decide(state, "take", seat=1, number=12)
    ask = asked.value.ask
    assert (ask.kind, ask.field, ask.who) == ("augustus.card", "card", 1)
    assert ask.about["number"] == 12 and ask.about["shape"] == SHAPE
    name, args = ask.answered(card(12, symbols=("shield", "shield")))
    state = play(state, name, **args)
    assert state.player(1).objectives[0].card.symbols == ("shield", "shield")


def test_a_card_in_the_file_is_taken_by_its_number_alone():
    state = set_up(2, cards=[card(12, kind="pink", vp=4, symbols=("chariot",))])
    state = play(state, "take", seat=0, number=12)
    assert state.player(0).objectives[0].card.kind == "pink"


@pytest.mark.parametrize("facts, field", [
    ({"vp": 31}, "card.vp"), ({"kind": "blue"}, "card.kind"), ({"symbols": []}, "card.symbols"),
    ({"symbols": ["eagle"]}, "card.symbols"), ({"gold": -1}, "card.gold"),
    ({"power": {"kind": "fly"}}, "card.power.kind"), ({"power": {"kind": "legions"}}, "card.power.amount"),
    ({"power": {"kind": "vp_per_symbol", "amount": 1, "of": "green"}}, "card.power.of"),
    ({"power": {"kind": "vp_per_kind", "amount": 2, "of": "green", "cap": 99}}, "card.power.cap"),
    ({"colour": "green"}, "card.colour"), ({"number": 13}, "card.number"),
])
def test_entered_facts_are_checked_naming_the_field(facts, field):
    state = set_up(2)
    error = refused(state, "take", seat=0, number=12, card={**card(12), **facts})
    assert error.params["field"] == field and error.rule == "Augustus 4.1 objectives"


def test_a_number_is_one_card_never_twice():
    state = set_up(2)
    state = play(state, "take", seat=0, number=12, card=card(12))
    assert refused(state, "take", seat=1, number=12, card=card(12)).rule == "Augustus 4.1 objectives"
    assert refused(state, "take", seat=1, number=89, card=card(89)).params["field"] == "number"


def test_entered_facts_must_agree_with_the_card_file():
    state = set_up(2, cards=[card(12, vp=4)])
    assert refused(state, "take", seat=0, number=12, card=card(12, vp=5)).params["field"] == "card"


def test_three_objectives_each_at_the_start_then_the_first_draw():
    state = set_up(2)
    for seat in (0, 1):
        for number in range(3):
            state = play(state, "take", seat=seat, number=10 * seat + number + 1, card=card(10 * seat + number + 1))
            assert state.phase == ("draw" if (seat, number) == (1, 2) else "start")
    assert refused(set_up(2), "draw", token="shield").rule == "Augustus 4.2 play"


def test_a_fourth_objective_at_the_start_is_refused():
    state = set_up(2)
    for number in (1, 2, 3):
        state = play(state, "take", seat=0, number=number, card=card(number))
    assert refused(state, "take", seat=0, number=4, card=card(4)).rule == "Augustus 4.1 objectives"


def test_the_set_up_checks_its_card_file_naming_the_card():
    with pytest.raises(IllegalCommand) as error:
        set_up(2, cards=[card(1), {**card(2), "kind": "blue"}])
    assert error.value.params["field"] == "cards[1].kind"
    with pytest.raises(IllegalCommand) as error:
        set_up(2, cards=[card(1), card(1)])
    assert error.value.params["field"] == "cards[1]"


def test_a_card_file_names_the_line_and_field_of_a_bad_card():
    good = [card(1), card(2, kind="senator", symbols=("shield", "dagger"), power={"kind": "remove_objective"})]
    text = "[\n" + ",\n".join(json.dumps(c) for c in good + [{**card(3), "vp": "many"}]) + "\n]\n"
    with pytest.raises(IllegalCommand) as error:
        parse_card_file(text)
    assert error.value.rule == "Augustus card file" and error.value.params["field"] == "line 4: vp"
    assert [c.number for c in parse_card_file(json.dumps({"cards": good}, indent=2))] == [1, 2]


def test_a_card_file_that_is_not_json_names_its_line():
    with pytest.raises(IllegalCommand) as error:
        parse_card_file('[\n{"number": 1,\n "kind": green}\n]')
    assert error.value.params["line"] == 3


def test_a_card_file_giving_a_number_twice_names_both_lines():
    text = "[\n" + json.dumps(card(5)) + ",\n\n" + json.dumps(card(5)) + "\n]"
    with pytest.raises(IllegalCommand) as error:
        parse_card_file(text)
    assert error.value.params == {"field": "line 4", "number": 5, "first": "line 2"}


def test_a_card_reads_back_from_its_data():
    from companion.games.augustus.parts.cards import card_data

    facts = card(70, symbols=("shield", "chariot"), gold=1, power={"kind": "mobilise", "amount": 2})
    assert card_data(parse_card(facts)) == {**facts, "power": {"kind": "mobilise", "amount": 2}}


def test_the_set_up_takes_the_card_files_text_and_names_a_bad_line():
    text = "[\n" + json.dumps(card(1)) + ",\n" + json.dumps({**card(2), "symbols": ["eagle"]}) + "\n]"
    with pytest.raises(IllegalCommand) as error:
        set_up(2, cards=text)
    assert error.value.params["field"] == "line 3: symbols" and error.value.rule == "Augustus card file"
    state = set_up(2, cards=text.replace("eagle", "dagger"))
    assert sorted(state.catalog) == [1, 2]


def test_the_rules_doc_lists_every_setting_with_its_source():
    from pathlib import Path

    from companion.games.augustus.settings import describe

    doc = (Path(__file__).resolve().parents[3] / "docs" / "augustus-rules.md").read_text(encoding="utf-8")
    for name, default, source in describe():
        assert f"| `{name}` | {default} | {source} |" in doc
