"""Troyes' card facts a table corrects (data/editable.json through the game kit): the game's rules
check an edit as a whole, a new game's set-up records the table's values (so a replay of an older
game keeps its own), and the engine plays with them (an activity card's divisor)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from companion.core.data_tables import read_entries
from companion.core.errors import IllegalCommand
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.troyes.parts.activity import activations
from companion.games.troyes.rules import TROYES
from companion.session import Intent, Session

from tests.games.troyes.troyes_helpers import NAMES


def test_troyes_declares_its_three_tables_with_the_entries_of_its_data_files():
    tables = {t.id: t for t in TROYES.data_tables()}
    assert list(tables) == ["cards", "events", "characters"]
    cards = read_entries(tables["cards"])
    assert len(cards) == 27 and cards[0].id == "blacksmith" and cards[0].values["divisor"] == 3
    assert cards[0].names["zh-Hans"] == "铁匠" and cards[0].mark == "U" and "placeholders" in cards[0].source
    events = read_entries(tables["events"])
    assert events[0].id == "raid" and len(events) == 17  # the permanent raid beside the 16 events
    militia = {e.id: e for e in cards}["militia"]
    marks = {f.name: militia.field_mark(f) for f in tables["cards"].fields}
    assert marks == {"colour": "U", "level": "S", "cost": "U", "divisor": "U"}  # its level has a source


@pytest.mark.parametrize("edits, rule_field", [
    ({"cards": {"blacksmith": {"divisor": 0}}}, "cards.blacksmith.divisor"),
    ({"cards": {"blacksmith": {"colour": "black"}}}, "cards.blacksmith.colour"),
    ({"events": {"raid": {"neutral": 3}}}, "raid.neutral"),  # grey cubes must leave a flag free
    ({"characters": {"thibaut_ii": {"measure": "sheep"}}}, "characters.thibaut_ii.measure"),
])
def test_a_bad_card_fact_is_refused_naming_the_field_and_the_rule(edits, rule_field):
    with pytest.raises(IllegalCommand) as info:
        TROYES.check_data(edits)
    assert info.value.rule == "Troyes card data" and info.value.params["field"] == rule_field


def test_the_tables_edits_go_under_what_a_set_up_names_itself():
    edits = {"cards": {"blacksmith": {"divisor": 4, "cost": 1}}, "events": {"raid": {"prizes.0": 5}}}
    setup = TROYES.setup_with_data({"players": ["A", "B"], "data": {"cards": {"blacksmith": {"cost": 3}}}}, edits)
    assert setup["data"]["cards"]["blacksmith"] == {"divisor": 4, "cost": 3}
    assert setup["data"]["raid"] == {"prizes": [5, 1]}
    assert TROYES.setup_with_data({"players": ["A", "B"]}, {}) == {"players": ["A", "B"]}


def _start(session: Session) -> None:
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": list(NAMES[:2]), "seed": 3}}))


def test_a_new_game_plays_with_the_tables_divisor_and_an_old_game_keeps_its_own(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    _start(session)
    old = session.engine.journal.path
    assert session.engine.state.catalog.cards["blacksmith"].divisor == 3
    sheet = session.set_data("troyes", "cards", "blacksmith", "divisor", 5)
    assert sheet.own("cards", "blacksmith", "divisor") == 5
    saved = json.loads((tmp_path / "card-facts" / "troyes.json").read_text())
    assert saved["edits"] == {"cards": {"blacksmith": {"divisor": 5}}}
    _start(session)
    card = session.engine.state.catalog.cards["blacksmith"]
    assert card.divisor == 5 and activations(card, SimpleNamespace(total=11)) == 2  # floor(11 / 5), S004 行动一
    session.set_data("troyes", "cards", "blacksmith", "divisor", None)  # back to the printed value
    assert not (tmp_path / "card-facts" / "troyes.json").read_text().count("blacksmith")
    session.resume(old)
    assert session.engine.state.catalog.cards["blacksmith"].divisor == 3  # replayed with its own facts


def test_a_refused_value_writes_nothing(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    session.set_data("troyes", "cards", "blacksmith", "divisor", 4)
    before = (tmp_path / "card-facts" / "troyes.json").read_bytes()
    with pytest.raises(IllegalCommand):
        session.set_data("troyes", "events", "raid", "neutral", 3)
    assert (tmp_path / "card-facts" / "troyes.json").read_bytes() == before


def test_a_damaged_file_is_told_on_home_and_games_start_with_the_shipped_facts(tmp_path):
    (tmp_path / "card-facts").mkdir()
    (tmp_path / "card-facts" / "troyes.json").write_text("{oops")
    session = Session(all_rules(), JournalStore(tmp_path))
    _start(session)
    assert session.engine.state.catalog.cards["blacksmith"].divisor == 3
    (notice,) = [n for n in session.data_notices() if n.kind == "card_facts"]
    assert notice.params["file"] == "troyes.json"
    assert session.data_games() == ["troyes"]
