"""core.views: a view is a frozen, typed dataclass that still reads as the plain mapping it replaced."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from collections.abc import Mapping

import pytest

from companion.core.views import FrozenMap, GameView, PlayerView, Seq, View, freeze, keyed, mismatches, optional, to_data


class Row(PlayerView):
    score: int


class Part(View):
    kinds: FrozenMap
    pairs: Seq[Seq[int]]


class Sample(GameView):
    finished: bool
    players: Seq[Row]
    part: Part | None
    final: FrozenMap | None = optional()


class Payment(View):
    payer: int = keyed("from")
    to: int | None
    amount: int


def sample(**changes):
    fields = dict(game="sample", finished=False, round=2,
                  players=Seq([Row(seat=0, name="Ann", colour="red", score=3), Row(seat=1, name="Bo", score=5)]),
                  part=Part(kinds=FrozenMap({"grain": 2}), pairs=Seq([Seq([1, 2])])))
    return Sample(**{**fields, **changes})


PLAIN = {"game": "sample", "finished": False, "round": 2,
         "players": [{"seat": 0, "name": "Ann", "colour": "red", "score": 3}, {"seat": 1, "name": "Bo", "score": 5}],
         "part": {"kinds": {"grain": 2}, "pairs": [[1, 2]]}}


def test_a_view_reads_as_the_mapping_it_replaced():
    view = sample()
    assert isinstance(view, Mapping) and isinstance(view["players"][0], Mapping)
    assert view == PLAIN and PLAIN == view and not view != PLAIN
    assert view["players"][1]["name"] == "Bo" and view.get("phase") is None and view.get("phase", "x") == "x"
    assert list(view) == ["game", "finished", "round", "players", "part"] and len(view) == 5
    assert {**view}["round"] == 2 and dict(view)["part"] == PLAIN["part"]
    assert json.loads(json.dumps(view)) == PLAIN
    assert view["players"][:1] == PLAIN["players"][:1] and view["players"] + [] == PLAIN["players"]
    assert view != {**PLAIN, "round": 3} and view["players"] != PLAIN["players"][:1]


def test_typed_attributes_and_the_fields_a_game_lacks():
    view = sample()
    assert view.players[1].name == "Bo" and view.players[0].colour == "red" and view.players[1].colour is None
    assert view.phase is None and view.current is None and view.final is None
    assert "colour" not in view["players"][1] and "phase" not in view and "final" not in view
    with pytest.raises(KeyError):
        view["final"]
    assert dataclasses.replace(view, final=FrozenMap({"Ann": 1}))["final"] == {"Ann": 1}
    assert "final" not in dataclasses.replace(view, final=None) and dataclasses.replace(view, round=None).round is None
    assert [f.name for f in dataclasses.fields(Row)] == ["seat", "name", "colour", "vp", "score"]
    with pytest.raises(KeyError):
        Row(seat=0, name="Ann").score  # a part built without a field it declares (mismatches says so)


def test_a_view_cannot_change():
    view = sample()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.round = 3  # type: ignore[misc]
    for change in (lambda: view.__setitem__("round", 3), lambda: view.update(round=3), lambda: view.pop("round"),
                   lambda: view.setdefault("x", 1), lambda: view.clear(), lambda: view.__delitem__("game"),
                   lambda: view["players"].append(None), lambda: view["players"].sort(),
                   lambda: view["players"].__setitem__(0, None), lambda: view.part.kinds.__setitem__("wine", 1)):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert view == PLAIN


def test_mismatches_names_what_differs_from_the_class():
    assert mismatches(sample()) == [] and mismatches(sample(final=FrozenMap({"Ann": 4}))) == []
    assert mismatches(Row(seat=0, name="Ann", score=1, colours="red")) == ["Row: 'colours' is no field of Row"]
    assert mismatches(Row(seat=0, name="Ann")) == ["Row.score: missing"]
    assert mismatches(Row(seat=0, name="Ann", score="3")) == ["Row.score: '3' is not a int"]
    assert mismatches(Row(seat=0, name="Ann", score=True)) == ["Row.score: a bool where an int is declared"]
    wrong = sample(players=[Row(seat=0, name="Ann", score=1)], part=Part(kinds={"grain": 2}, pairs=Seq([[1]])))
    assert mismatches(wrong) == ["Sample.players: a list, not a Seq", "Sample.part.kinds: a dict, not a FrozenMap",
                                 "Sample.part.pairs[0]: a list, not a Seq"]
    assert mismatches(sample(part=FrozenMap())) == ["Sample.part: a FrozenMap, not a Part"]
    assert mismatches(sample(final=FrozenMap({"x": [1]}))) == ["Sample.final: holds a plain list or dict"]


def test_view_classes_declare_no_defaults_but_none_and_no_init():
    with pytest.raises(TypeError, match="no default but None"):
        class Defaulted(View):
            count: int = 0
    with pytest.raises(TypeError, match="no __init__"):
        class Initialised(View):
            count: int

            def __init__(self, **fields):
                super().__init__(**fields)


def test_a_keyed_field_is_stored_under_its_key_in_order():
    payment = Payment(payer=1, to=None, amount=3)
    assert list(payment) == ["from", "to", "amount"] and payment == {"from": 1, "to": None, "amount": 3}
    assert payment.payer == 1 and mismatches(payment) == []
    assert dataclasses.replace(payment, amount=4) == {"from": 1, "to": None, "amount": 4}


@pytest.mark.parametrize("how", ["replace", "copy", "deepcopy", "pickle"])
def test_a_view_is_rebuilt_whole(how):
    view = sample(final=FrozenMap({"Ann": 4}))
    other = {"replace": lambda v: dataclasses.replace(v),
             "copy": copy.copy, "deepcopy": copy.deepcopy,
             "pickle": lambda v: pickle.loads(pickle.dumps(v))}[how](view)
    assert type(other) is Sample and other == view and dict(other) == dict(view)
    assert other.players[0].name == "Ann" and type(other.players) is Seq and type(other.part.kinds) is FrozenMap
    assert list(other) == list(view)


def test_to_data_is_plain_and_json_ready():
    data = to_data(sample(final=FrozenMap({"Ann": 4})))
    assert data == {**PLAIN, "final": {"Ann": 4}}

    def kinds(value):
        if isinstance(value, dict):
            return {type(value)} | {k for v in value.values() for k in kinds(v)}
        if isinstance(value, list):
            return {type(value)} | {k for v in value for k in kinds(v)}
        return {type(value)}

    assert kinds(data) <= {dict, list, str, int, bool}
    assert to_data(FrozenMap({1: (2, 3)})) == {"1": [2, 3]}


def test_freeze_makes_free_form_data_read_only_and_equal():
    plain = {"gain": [{"kind": "deniers", "n": 2}], "tags": ("a", "b")}
    frozen = freeze(plain)
    assert frozen == {"gain": [{"kind": "deniers", "n": 2}], "tags": ["a", "b"]}
    assert type(frozen) is FrozenMap and type(frozen["gain"]) is Seq and type(frozen["gain"][0]) is FrozenMap
    row = Row(seat=0, name="Ann", score=1)
    assert freeze(row) is row


def test_the_mapping_keeps_the_order_the_view_was_built_in():
    row = Row(score=1, name="Ann", seat=0)
    assert list(row) == ["score", "name", "seat"] and json.dumps(row) == '{"score": 1, "name": "Ann", "seat": 0}'
    assert str(row) == str({"score": 1, "name": "Ann", "seat": 0})
