"""Troyes set-up (digest 2.1): seats, start values, citizens by player count placed in snake order,
grey citizens on the spaces left free, characters dealt by the seeded generator or each entered on
its own seat's pad."""

from __future__ import annotations

import json

import pytest

from companion.games import all_rules, registry
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.setup import snake
from companion.games.troyes.rules import TROYES
from troyes_helpers import NAMES, place_all, play, refused, set_up

N = R.NEUTRAL


def test_troyes_is_registered_with_its_rules_and_its_screens():
    entry = next(e for e in registry() if e.id == "troyes")
    assert entry.players == (2, 4) and all_rules()["troyes"] is TROYES
    assert entry.ui == "companion.ui.troyes.gameui:TroyesUI"  # a name, not an import: the rules stay pure


@pytest.mark.parametrize("players, citizens, rounds", [(2, 6, 4), (3, 5, 5), (4, 4, 6)])
def test_start_values_by_player_count(players, citizens, rounds):
    state = set_up(players)
    assert state.rounds == rounds and state.phase == "placement"
    for p in state.players:
        assert (p.deniers, p.influence, p.vp, p.supply) == (5, 4, 0, citizens)
    assert len(state.placements) == players * citizens


def test_snake_order_goes_clockwise_then_back():
    assert snake(1, 3, 3) == (1, 2, 0, 0, 2, 1, 1, 2, 0)
    assert snake(0, 2, 2) == (0, 1, 1, 0)


def test_placement_follows_the_snake_and_grey_citizens_fill_the_rest():
    state = set_up(3, start=1)
    assert state.current == 1
    state = play(state, "place_start", building="palace", space=2)
    assert state.buildings[0][2] == 1 and state.current == 2 and state.player(1).supply == 4
    assert refused(state, "place_start", building="palace", space=2).rule == "Troyes 2.1 setup"
    assert refused(state, "place_start", building="tower", space=0).rule == "Troyes 2.7.5 citizens"
    state = place_all(state)
    assert state.phase == "reveal"
    flat = [o for spaces in state.buildings for o in spaces]
    assert flat.count(N) == 18 - 15 and all(flat.count(s) == 5 for s in range(3)) and None not in flat
    assert all(p.supply == 0 for p in state.players)


def test_two_players_leave_six_spaces_to_grey_citizens():
    flat = [o for spaces in place_all(set_up(2)).buildings for o in spaces]
    assert flat.count(N) == 6 <= R.GREY_CITIZENS


def test_setup_refusals_name_their_rule():
    start = TROYES.initial_state()
    assert refused(start, "setup", players=["Ann"], seed=1).rule == "Troyes 2.1 setup"
    assert refused(start, "setup", players=["Ann", "Ann"], seed=1).rule == "Troyes 2.1 setup"
    assert refused(start, "setup", players=["Ann", "Bo"], seed=1, start_player=2).rule == "Troyes 2.1 setup"
    assert refused(start, "setup", players=["Ann", "Bo"], seed=1, settings={"nope": 1}).rule == "Troyes settings"
    assert refused(start, "setup", players=["Ann", "Bo"], seed=1,
                   data={"cards": {"merchant": {"divisor": 0}}}).rule == "Troyes card data"
    assert refused(start, "place_start", building="palace", space=0).rule == "Troyes 2.1 setup"


def test_the_seeded_deal_is_reproducible_and_differs_by_seed():
    one = [p.characters for p in set_up(4, seed=3).players]
    assert one == [p.characters for p in set_up(4, seed=3).players]
    assert any([p.characters for p in set_up(4, seed=s).players] != one for s in range(4, 9))


def test_each_seat_sees_only_its_own_characters():
    state = set_up(2)
    public = TROYES.view(state)
    assert "me" not in public and "vp" not in str(public["players"])
    for s in (0, 1):
        mine = TROYES.view(state, s)["me"]
        assert [c["id"] for c in mine["characters"]] == list(state.player(s).characters) and mine["vp"] == 0


def test_characters_entered_seat_by_seat_before_the_placement():
    state = set_up(2, deal_characters=False)
    assert state.phase == "characters"
    ask = TROYES.view(state)["ask"]
    assert ask["kind"] == "troyes.characters" and ask["who"] == 0 and ask["about"]["count"] == 2
    assert refused(state, "enter_characters", seat=0, characters=["urbain_iv"]).rule == "Troyes 2.4 characters"
    assert refused(state, "enter_characters", seat=0, characters=["urbain_iv", "nobody"]).rule == "Troyes 2.4 characters"
    events = TROYES.decide(state, TROYES.parse_command("enter_characters",
                                                        {"seat": 0, "characters": ["urbain_iv", "henri_ier"]}))
    assert TROYES.public_event(events[0]) == {"seat": 0} and "urbain" not in repr(events[0])
    state = play(state, "enter_characters", seat=0, characters=["urbain_iv", "henri_ier"])
    assert refused(state, "enter_characters", seat=0, characters=["le_florentin", "thibaut_ii"]).rule == \
        "Troyes 2.4 characters"
    state = play(state, "enter_characters", seat=1, characters=["le_florentin", "thibaut_ii"])
    assert state.phase == "placement" and state.player(0).characters == ("henri_ier", "urbain_iv")


def test_the_setup_event_records_every_setting_and_card_fact_it_was_played_with():
    event = TROYES.decide(TROYES.initial_state(), TROYES.parse_command(
        "setup", {"players": list(NAMES[:3]), "seed": 1, "data": {"cards": {"merchant": {"cost": 5}}},
                  "settings": {"tie_break": "deniers"}}))[0]
    assert event.settings["tie_break"] == "deniers" and event.settings["reroll_cost"] == 1
    merchant = next(c for c in json.loads(event.data)["cards"] if c["id"] == "merchant")
    assert merchant["cost"] == 5 and "source" not in merchant
    public = TROYES.public_event(event)
    assert "characters" not in public and public["characters_dealt"] is True


def test_the_data_files_give_every_entry_a_source_and_a_mark():
    from companion.games.troyes.parts import catalog

    marks = catalog.sources()
    assert len(marks["cards"]) == 27 and len(marks["events"]) == 17 and len(marks["characters"]) == 6
    for kind in marks.values():
        for entry_id, (mark, source) in kind.items():
            assert mark in ("S", "U") and source, entry_id
    parsed = catalog.parse_catalog(catalog.file_data())
    for colour in R.DICE_COLOURS:
        assert sum(1 for card in parsed.cards.values() if card.colour == colour) == 9
        for level in (1, 2, 3):
            assert any(card.colour == colour and card.level == level for card in parsed.cards.values())
    assert {deck: sum(1 for e in parsed.events.values() if e.deck == deck) for deck in R.EVENT_DECKS} == R.EVENT_DECKS


def test_every_card_event_and_character_has_its_chinese_names():
    """Digest 2.7 / S004: the names the table reads are in its language; the raid's is S004's own."""
    from companion.games.troyes.parts.catalog import default_catalog

    catalog = default_catalog()
    entries = [*catalog.cards.values(), *catalog.events.values(), catalog.raid, *catalog.characters.values()]
    assert all(set(entry.names) == {"zh-Hans", "zh-Hant"} for entry in entries)
    assert catalog.raid.names == {"zh-Hans": "掠袭", "zh-Hant": "掠襲"}


def test_a_names_field_of_the_wrong_shape_is_refused_naming_it():
    from companion.core.errors import IllegalCommand
    from companion.games.troyes.parts.catalog import merged_data, parse_catalog

    with pytest.raises(IllegalCommand) as info:
        parse_catalog(merged_data({"cards": {"monk": {"names": {"fr": "Moine"}}}}))
    assert info.value.params["field"] == "cards[4].names"


def test_the_two_player_neutral_variant_places_the_grey_citizens_first():
    """Digest 2.1 (U, a setting): "before" — at 2 players the start player first places the 6 grey
    citizens on spaces of the table's choice, then the players' snake; "after" (default) — grey
    citizens fill what the players leave free."""
    from companion.games.troyes import rules_data as R
    from troyes_helpers import place_all, play, set_up

    state = set_up(2, start=1, settings={"two_player_neutrals": "before"})
    assert state.placements[:6] == (R.NEUTRAL,) * 6 and len(state.placements) == 18
    assert state.current == 1 and TROYES.view(state)["placement"]["seat"] == R.NEUTRAL
    supplies = [p.supply for p in state.players]
    after = play(state, "place_start", building="city_hall", space=5)
    assert after.buildings[2][5] == R.NEUTRAL and [p.supply for p in after.players] == supplies
    done = place_all(state)
    assert sum(o == R.NEUTRAL for b in done.buildings for o in b) == 6 and done.phase == "reveal"
    assert all(p.supply == 0 for p in done.players)
    three = set_up(3, settings={"two_player_neutrals": "before"})
    assert R.NEUTRAL not in three.placements, "the variant is the 2-player game's only"
    default = set_up(2)
    assert R.NEUTRAL not in default.placements
