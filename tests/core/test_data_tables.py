"""The game kit's editable data tables (core.data_tables) and the table's own card facts file
(core.data_edits): a declaration read from JSON, each field's kind checked with a refusal naming
the field and the rule, the edits saved atomically in the data directory, and a damaged file named
in a notice while the shipped facts are used, never a crash."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.core import data_edits
from companion.core.data_notices import CARD_FACTS
from companion.core.data_tables import (DataSheet, check_edits, check_value, edited_entries, load_tables,
                                        read_entries, value_at, with_value)
from companion.core.errors import IllegalCommand


def _declare(folder: Path) -> Path:
    (folder / "things.json").write_text(json.dumps({
        "one": {"id": "solo", "name": "Solo", "size": 2, "box": {"tint": "red", "n": 1}, "mark": "S"},
        "things": [{"id": "a", "name": "A", "names": {"zh-Hans": "甲"}, "size": 1, "box": {"tint": "red", "n": 3},
                    "mark": "U", "sourced": ["size"], "source": "the box"},
                   {"id": "b", "name": "B", "size": 4, "box": {"tint": "blue", "n": 5}, "mark": "U"}]}))
    path = folder / "editable.json"
    path.write_text(json.dumps({"rule": "Toy data", "tables": [{
        "id": "things", "title": "Things", "file": "things.json", "keys": ["one", "things"], "fields": [
            {"name": "size", "label": "Size", "kind": "number", "low": 1, "high": 6},
            {"name": "box.tint", "label": "Tint", "kind": "choice",
             "choices": [{"value": "red", "label": "Red"}, {"value": "blue", "label": "Blue"}]},
            {"name": "box.n", "label": "N", "kind": "number", "low": 0, "high": 9}]}]}))
    return path


def test_a_declaration_reads_its_tables_and_the_entries_with_their_marks(tmp_path):
    (table,) = load_tables(_declare(tmp_path))
    assert table.file == tmp_path / "things.json" and table.rule == "Toy data"
    entries = read_entries(table)
    assert [e.id for e in entries] == ["solo", "a", "b"]  # a single entry's key, then the list
    a = entries[1]
    assert a.values == {"size": 1, "box.tint": "red", "box.n": 3} and a.names == {"zh-Hans": "甲"}
    assert [a.field_mark(f) for f in table.fields] == ["S", "U", "U"]  # only `size` has a source
    assert [entries[0].field_mark(f) for f in table.fields] == ["S", "S", "S"]  # an S entry: all


def test_a_wrong_declaration_names_its_place(tmp_path):
    path = tmp_path / "editable.json"
    path.write_text(json.dumps({"rule": "Toy", "tables": [{"id": "t", "title": "T", "file": "x.json", "keys": ["x"],
                                                           "fields": [{"name": "n", "label": "N", "kind": "number",
                                                                       "low": 5, "high": 1}]}]}))
    with pytest.raises(IllegalCommand) as info:
        load_tables(path)
    assert info.value.params["field"] == "tables[0].fields[0].low"


def test_each_kind_refuses_what_it_does_not_take_naming_field_and_rule(tmp_path):
    (table,) = load_tables(_declare(tmp_path))
    size, tint, _n = table.fields
    check_value(table, size, 6)
    for bad in (0, 7, 2.5, True, "3"):
        with pytest.raises(IllegalCommand) as info:
            check_value(table, size, bad, "a")
        assert info.value.rule == "Toy data" and info.value.params["field"] == "things.a.size"
        assert "1 to 6" in info.value.message
    with pytest.raises(IllegalCommand) as info:
        check_value(table, tint, "green", "a")
    assert info.value.message == "things.a.box.tint must be one of red, blue."


def test_edits_name_known_tables_entries_and_fields(tmp_path):
    tables = load_tables(_declare(tmp_path))
    check_edits(tables, {"things": {"a": {"size": 2, "box.n": 0}}})
    for edits, field in (({"stuff": {}}, "stuff"), ({"things": {"zz": {"size": 2}}}, None),
                         ({"things": {"a": {"colour": 2}}}, "colour")):
        with pytest.raises(IllegalCommand) as info:
            check_edits(tables, edits)
        assert field is None or info.value.params["field"] == field


def test_a_nested_edit_rebuilds_its_container_from_the_shipped_entry(tmp_path):
    (table,) = load_tables(_declare(tmp_path))
    assert edited_entries(table, {"things": {"a": {"box.n": 7}, "b": {}}}) == {"a": {"box": {"tint": "red", "n": 7}}}
    entry = {"prizes": [4, 2], "combat": {"divisor": 3}}
    assert value_at(entry, "prizes.1") == 2 and value_at(entry, "combat.divisor") == 3 and value_at(entry, "x.y") is None
    assert with_value(entry, "prizes.0", 5) == {"prizes": [5, 2], "combat": {"divisor": 3}}
    assert entry == {"prizes": [4, 2], "combat": {"divisor": 3}}  # the shipped entry untouched


def test_a_sheet_sets_and_restores_one_field(tmp_path):
    tables = load_tables(_declare(tmp_path))
    sheet = DataSheet("toy", tables, {}, {"things": {"a": {"size": 2}}})
    assert sheet.own("things", "a", "size") == 2 and sheet.own("things", "b", "size") is None
    assert sheet.edited("things", "b", "size", 3) == {"things": {"a": {"size": 2}, "b": {"size": 3}}}
    assert sheet.edited("things", "a", "size", None) == {}  # back to the shipped value: nothing left
    assert sheet.edits == {"things": {"a": {"size": 2}}}


# -- the table's own file -------------------------------------------------------------------------

def _accept(edits):
    return None


def test_saved_edits_load_back_from_the_data_directory(tmp_path):
    path = data_edits.save(tmp_path, "toy", {"things": {"a": {"size": 2}, "b": {}}, "empty": {}})
    assert path == tmp_path / "card-facts" / "toy.json"
    assert json.loads(path.read_text())["edits"] == {"things": {"a": {"size": 2}}}
    assert data_edits.load(tmp_path, "toy", _accept) == data_edits.Loaded({"things": {"a": {"size": 2}}})
    assert data_edits.load(tmp_path, "other", _accept) == data_edits.Loaded({})  # no file: no edits
    assert [p.name for p in path.parent.iterdir()] == ["toy.json"]  # no temporary left behind


def test_a_failed_write_leaves_the_old_file_whole(tmp_path, monkeypatch):
    data_edits.save(tmp_path, "toy", {"things": {"a": {"size": 2}}})

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        data_edits.save(tmp_path, "toy", {"things": {"a": {"size": 5}}})
    monkeypatch.undo()
    folder = tmp_path / "card-facts"
    assert [p.name for p in folder.iterdir()] == ["toy.json"]
    assert data_edits.load(tmp_path, "toy", _accept).edits == {"things": {"a": {"size": 2}}}


@pytest.mark.parametrize("text, says", [
    ("{not json", "not JSON"),
    (json.dumps({"format": 1, "game": "other", "edits": {}}), "not a card facts file of toy"),
    (json.dumps({"format": 1, "game": "toy", "edits": {"things": {"a": {"size": 99}}}}), "from 1 to 6"),
])
def test_a_damaged_file_names_itself_and_the_shipped_facts_are_used(tmp_path, text, says):
    (tmp_path / "pkg").mkdir()
    tables = load_tables(_declare(tmp_path / "pkg"))
    path = data_edits.path_for(tmp_path, "toy")
    path.parent.mkdir(parents=True)
    path.write_text(text)
    loaded = data_edits.load(tmp_path, "toy", lambda edits: check_edits(tables, edits))
    assert loaded.edits == {}
    assert loaded.notice.kind == CARD_FACTS and loaded.notice.params["file"] == "toy.json"
    assert says in loaded.notice.text and loaded.notice.path == path
    # the next save keeps the damaged bytes, set aside, and writes a good file
    data_edits.save(tmp_path, "toy", {"things": {"a": {"size": 3}}}, damaged=True)
    kept = [p for p in path.parent.iterdir() if p.name != "toy.json"]
    assert len(kept) == 1 and kept[0].read_text() == text
    assert data_edits.load(tmp_path, "toy", lambda e: check_edits(tables, e)).edits == {"things": {"a": {"size": 3}}}


def test_an_entry_says_who_backs_each_sourced_field_and_a_bad_said_is_left_out(tmp_path):
    path = _declare(tmp_path)
    things = json.loads((tmp_path / "things.json").read_text())
    things["things"][0]["said"] = [{"by": "box", "page": 3, "fields": ["size"]}, {"by": "rumour", "fields": ["box"]},
                                   {"by": "report", "fields": "box"}, "nonsense"]
    (tmp_path / "things.json").write_text(json.dumps(things))
    (table,) = load_tables(path)
    a = read_entries(table)[1]
    assert [(s.by, s.fields, s.page) for s in a.said] == [("box", ("size",), "3")]
    assert a.said_of("size").by == "box" and a.said_of("box") is None


@pytest.mark.parametrize("game", ["troyes"])
def test_a_games_said_names_exactly_the_fields_its_sourced_does(game):
    """The players' words on the card-facts screen come from `said`, the marks from `sourced`:
    they must tell the same story of every entry."""
    from companion.core.data_tables import SAID_BY
    from companion.games import built_games

    tables = built_games()[game].data_tables()
    assert tables
    for table in tables:
        for entry in read_entries(table):
            assert all(s.by in SAID_BY for s in entry.said), entry.id
            said = sorted(f for s in entry.said for f in s.fields)
            assert said == sorted(entry.sourced), (table.id, entry.id)
            raw = entry.raw.get("said", [])
            assert len(raw) == len(entry.said), (table.id, entry.id)  # none malformed, none left out
