"""The journal store: who sat at a game, readable without replaying it, from the newest file of that game."""

from __future__ import annotations

import json

from companion.core.journal import Journal
from companion.core.store import JournalStore, RecentPlayers, pads_from_meta, seating_meta


def test_seating_is_in_the_meta_from_creation_before_any_event(tmp_path):
    store = JournalStore(tmp_path)
    journal = store.new("trajan", **seating_meta(["Ann", "Bo"], ["red", "blue"], [1, None]))
    journal.close()
    with Journal.open(journal.path) as reopened:
        assert reopened.last_step == 0
        assert json.loads(reopened.meta["players"]) == ["Ann", "Bo"]
    assert store.recent_players("trajan") == RecentPlayers(("Ann", "Bo"), ("red", "blue"), (1, None))


def test_the_newest_game_of_that_kind_wins_and_other_kinds_are_not_read(tmp_path):
    store = JournalStore(tmp_path)
    store.games_dir.mkdir(parents=True)
    for stamp, game, names in (("20250101", "scorepad", ["Old"]), ("20250102", "scorepad", ["New", "Er"]),
                               ("20250103", "pad", ["Not", "Me"])):
        Journal.create(store.games_dir / f"{stamp}-000000-000000-{game}.journal", game,
                       **seating_meta(names)).close()
    assert store.recent_players("scorepad").names == ("New", "Er")
    assert store.recent_players("pad").names == ("Not", "Me")
    assert store.recent_players("trajan") is None


def test_unreadable_pads_mean_none_recorded():
    assert pads_from_meta({}) is None
    assert pads_from_meta({"pads": "[0, null, 3]"}) == (0, None, 3)
    for bad in ("[0, -1]", "[true]", "{\"a\": 1}", "not json", "[1.5]"):
        assert pads_from_meta({"pads": bad}) is None, bad


def test_colours_that_do_not_match_the_seats_are_dropped(tmp_path):
    store = JournalStore(tmp_path)
    store.new("trajan", players='["Ann", "Bo"]', colours='["red"]').close()
    assert store.recent_players("trajan") == RecentPlayers(("Ann", "Bo"), (), None)
