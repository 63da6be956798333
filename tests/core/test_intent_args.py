"""The intent readers: a value of the wrong kind, shape or range is refused naming its field, in the
caller's rule; a right one comes back as the type a command declares (lists as tuples)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalCommand
from companion.core.intent_args import (
    IntentArgs, as_choice, as_shaped, as_whole, is_text, is_whole, list_of, mapping_of, optional, record, shown,
    whole_in)

RULE = "some game input"


def refusal(call) -> IllegalCommand:
    with pytest.raises(IllegalCommand) as info:
        call()
    assert info.value.rule == RULE
    return info.value


@pytest.mark.parametrize("raw", [None, [], ["a", 1], "a", 3, True, {1: "a"}])
def test_args_that_are_not_named_values_are_refused_at_once(raw):
    error = refusal(lambda: IntentArgs(raw, RULE))
    assert error.params["field"] == "args" and error.message.startswith("'args' must give its values by name")


@pytest.mark.parametrize("value", [None, "3", 3.0, True, [3], {"n": 3}])
def test_a_whole_number_is_an_int_and_not_a_bool(value):
    error = refusal(lambda: IntentArgs({"n": value}, RULE).whole("n"))
    assert error.params == {"field": "n", "value": repr(value)}


def test_a_range_is_named_with_its_bounds():
    assert as_whole(3, "n", RULE, low=1, high=6) == 3
    assert refusal(lambda: as_whole(7, "n", RULE, low=1, high=6)).message == "'n' must be from 1 to 6, got 7"
    assert refusal(lambda: as_whole(-1, "n", RULE, low=0)).message == "'n' must be 0 or more, got -1"


def test_a_hidden_amount_is_never_repeated():
    for value in ("4812345", 4812345):
        error = refusal(lambda: as_whole(value, "amount", RULE, low=0, high=10, hidden=True))
        assert "4812345" not in error.message and "4812345" not in str(error.params)


def test_a_default_is_for_an_absent_field_and_optional_takes_none_as_absent():
    args = IntentArgs({"given": None}, RULE)
    assert args.whole("absent", 1) == 1 and args.text("absent", "full") == "full"
    assert args.optional_whole("given") is None and args.optional_text("given") is None
    assert refusal(lambda: args.whole("given", 1)).params["field"] == "given"  # null is not "not given"
    assert refusal(lambda: args.whole("absent")).message == "'absent' must be a whole number, got None"


def test_flags_texts_choices_and_mappings():
    args = IntentArgs({"on": "yes", "names": ["Ann", 3], "key": "enter", "settings": [1]}, RULE)
    assert refusal(lambda: args.flag("on")).message == "'on' must be true or false, got 'yes'"
    assert refusal(lambda: args.texts("names")).params["field"] == "names"
    assert refusal(lambda: args.choice("key", ("minus", "plus"))).message == \
        "'key' must be one of minus, plus, got 'enter'"
    assert refusal(lambda: args.mapping("settings")).params["field"] == "settings"
    assert IntentArgs({"names": ["Ann", "Bo"]}, RULE).texts("names") == ("Ann", "Bo")


def test_a_choice_is_never_matched_by_a_bool_or_an_unhashable_value():
    for value in (True, [1], {"a": 1}):
        refusal(lambda: as_choice(value, "n", RULE, (1, 2)))


def test_shapes_nest_and_come_back_frozen():
    dice = list_of(record(is_text, whole_in(1, 6)))
    assert as_shaped([["red", 3], ("white", 6)], "dice", RULE, dice, "'{field}' is dice") == (("red", 3), ("white", 6))
    for wrong in ([["red", 7]], [["red"]], [[3, "red"]], "red 3", [["red", True]]):
        error = refusal(lambda: as_shaped(wrong, "dice", RULE, dice, "'{field}' must be dice, got {value}"))
        assert error.params == {"field": "dice", "value": repr(wrong)}
    # a template without {value} does not carry it (words that need none, or a secret)
    assert refusal(lambda: as_shaped(None, "dice", RULE, dice, "'{field}' is dice")).params == {"field": "dice"}
    assert list_of(optional(is_whole), at_least=1)([None, 2]) and not list_of(is_whole, at_least=1)([])


def test_a_mapping_of_names_exactly_its_keys():
    table = mapping_of((2, 3), is_whole)
    assert table({"2": 11, "3": 16}) and table({2: 11, 3: 16})
    assert not table({"2": 11}) and not table({"2": 11, "3": "16"}) and not table({"2": 1, "3": 1, "4": 1})
    assert not table([("2", 11), ("3", 16)])


def test_a_value_shown_is_short_and_never_fails():
    assert shown("x" * 100) == repr("x" * 100)[:37] + "..." and len(shown(list(range(100)))) == 40
    assert shown(10 ** 5000) == "<int>"  # more digits than Python prints
