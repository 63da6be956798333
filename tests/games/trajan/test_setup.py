"""Trajan setup (Trajan 1.2, 1.3, 1.4, 1.7, 1.11, 1.13) for 2, 3 and 4 players, drawn or entered."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from companion.core.errors import IllegalCommand
from companion.games.trajan import commands as c
from companion.games.trajan import rules_data as R
from companion.games.trajan.rules import TRAJAN
from companion.games.trajan.settings import DEFAULT, FORMER_DEFAULTS, PROVINCES

COLOURS = ("red", "blue", "green", "yellow")


def set_up(players: int, seed: int = 1, **kw):
    state = TRAJAN.initial_state()
    cmd = c.SetupTrajan(tuple(f"P{i}" for i in range(players)), COLOURS[:players], seed=seed, **kw)
    for event in TRAJAN.decide(state, cmd):
        state = TRAJAN.apply(state, event)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_at_start(players):
    s = set_up(players, seed=players)
    assert len(s.forum_display) == {2: 6, 3: 9, 4: 12}[players]  # Trajan 1.7
    assert len(s.extra_display) == 3 and all(t.startswith("extra_") for t in s.extra_display)
    assert [p for p, _ in s.province_tiles] == list(PROVINCES) and all(t for _, t in s.province_tiles)
    assert len(s.senate_bonus) == 2  # Trajan 1.11
    assert len(s.demand_bag) == 15 and Counter(s.demand_bag) == {"bread": 5, "games": 5, "religion": 5}
    used_forum = len(s.forum_display) + 10 + len(s.forum_bag)
    assert used_forum == 70
    assert len(s.site) == 20 and Counter(sp.tile[0] for sp in s.site) == {t: 4 for t in R.CONSTRUCTION_TYPES}
    # The senate stack: start player at the bottom, then clockwise (Trajan 1.4).
    assert s.senate_stack == tuple((s.start_player + i) % players for i in range(players))
    assert s.current == s.start_player and s.season == 1 and s.round == 1 and s.time == 0
    for p in s.players:
        assert [len(t) for t in p.wheel] == [2] * 6  # Trajan 1.2
        assert Counter(m for t in p.wheel for m in t) == {col: 2 for col in R.COLOURS}
        slots = [i for i, t in enumerate(p.trajan_slots) if t is not None]
        assert slots == [1, 3, 5] and p.arch == 0  # Trajan 1.2: slots II, IV, VI; arch on I
        stacks = {next(st for st, kinds in R.TRAJAN_STACKS.items() if t.kind in kinds) for t in p.trajan_slots if t}
        assert len(stacks) == 3  # three different stacks
        assert (p.supply, p.military_camp, p.workers_camp, p.leader) == (13, 1, 1, "camp")  # Trajan 1.13
        assert len(p.bonus_tiles) == 1 and p.bonus_tiles[0][1] == "yellow"
    taken = sum(1 for p in s.players for t in p.trajan_slots if t)
    assert len(s.trajan_supply) == 54 - taken
    all_bonus = [b for p in s.players for b, _ in p.bonus_tiles] + list(s.senate_bonus) + list(s.bonus_bag)
    assert sorted(all_bonus) == sorted(R.BONUS_TILES)


def test_same_seed_same_table_and_different_seed_differs():
    assert set_up(3, seed=9) == set_up(3, seed=9)
    assert set_up(3, seed=9).forum_display != set_up(3, seed=10).forum_display or \
        set_up(3, seed=9).players != set_up(3, seed=10).players


def test_table_can_enter_what_it_drew():
    trays = (("yellow", "orange"), ("green", "white"), ("pink", "blue"),
             ("yellow", "orange"), ("green", "white"), ("pink", "blue"))
    tiles = (("victory", "yellow", "blue"), ("cards", "green", "pink"), ("demand_bread", "white", "orange"))
    s = set_up(2, start_player=1, start_trays=(trays, trays), start_tiles=(tiles, tiles),
               start_bonus=("workers", "legionnaires"))
    assert s.start_player == 1 and s.players[0].wheel[0] == ("yellow", "orange")
    assert s.players[1].trajan_slots[1].kind == "victory" and s.players[1].trajan_slots[1].colours == ("yellow", "blue")
    assert [b for p in s.players for b, _ in p.bonus_tiles] == ["workers", "legionnaires"]


@pytest.mark.parametrize("kw, words", [
    ({"start_trays": ((("yellow", "yellow"),) * 6,) * 2}, "Trajan 1.2"),
    ({"start_tiles": ((("victory", "yellow", "blue"),) * 3,) * 2}, "3 different stacks"),
    ({"start_bonus": ("workers", "workers")}, "different bonus tile"),
    ({"start_bonus": ("workers", "wine")}, "There is no bonus tile called wine"),
    ({"start_tiles": ((("victory", "yellow", "blue"), ("cards", "green", "pink"), ("demand_bread", "white", "orange")),)},
     "every player"),
    ({"start_tiles": ((("victory", "yellow"), ("cards", "green", "pink"), ("demand_bread", "white", "orange")),) * 2},
     "No such Trajan tile: victory yellow"),
    ({"start_player": 5}, "start player"),
    ({"mode": "turbo"}, "'full' or 'light'"),
])
def test_bad_setups_are_refused_by_rule(kw, words):
    with pytest.raises(IllegalCommand) as info:
        set_up(2, **kw)
    assert words in str(info.value)


def test_player_count_and_names():
    with pytest.raises(IllegalCommand, match="2 to 4 players, not 5"):
        TRAJAN.decide(TRAJAN.initial_state(), c.SetupTrajan(tuple("ABCDE"), tuple("abcde"), seed=1))
    with pytest.raises(IllegalCommand, match="same name"):
        TRAJAN.decide(TRAJAN.initial_state(), c.SetupTrajan(("A", "A"), ("red", "blue"), seed=1))


# -- what the set-up event records: journals replay the same under later defaults --------------------


def setup_event(**kw):
    cmd = c.SetupTrajan(("A", "B"), COLOURS[:2], seed=3, **kw)
    (event,) = TRAJAN.decide(TRAJAN.initial_state(), cmd)
    return event


def test_the_set_up_event_names_every_setting_whose_default_moved():
    # Every setting in FORMER_DEFAULTS is named with the value played, untouched or not.
    event = setup_event()
    assert {name: event.settings[name] for name in FORMER_DEFAULTS} == {
        name: getattr(DEFAULT, name) for name in FORMER_DEFAULTS}
    assert set(event.settings) == set(FORMER_DEFAULTS)  # nothing else: other settings only when changed
    changed = setup_event(settings={"demand_wildcard_counts_for_bonus": not DEFAULT.demand_wildcard_counts_for_bonus,
                                    "senate_values": [1, 2, 3, 4, 5, 6, 7]})
    assert changed.settings["demand_wildcard_counts_for_bonus"] is not DEFAULT.demand_wildcard_counts_for_bonus
    assert changed.settings["senate_values"] == [1, 2, 3, 4, 5, 6, 7]
    assert TRAJAN.apply(TRAJAN.initial_state(), changed).settings.senate_values == (1, 2, 3, 4, 5, 6, 7)


def test_a_set_up_event_that_names_no_setting_is_read_with_the_former_defaults():
    # A journal written before the defaults moved names no setting: it was played under the former ones.
    old = dataclasses.replace(setup_event(), settings={})
    state = TRAJAN.apply(TRAJAN.initial_state(), old)
    assert {name: getattr(state.settings, name) for name in FORMER_DEFAULTS} == dict(FORMER_DEFAULTS)
    named = dataclasses.replace(setup_event(), settings={name: not v for name, v in FORMER_DEFAULTS.items()})
    state = TRAJAN.apply(TRAJAN.initial_state(), named)
    assert {name: getattr(state.settings, name) for name in FORMER_DEFAULTS} == {
        name: not v for name, v in FORMER_DEFAULTS.items()}


def test_often_wrong_12_the_table_may_start_a_tray_with_two_markers_of_one_colour():
    # S000 p3 (任意分配两个): any two markers a tray, by default; "two different colours" (KNOB,
    # MONO) is the setting start_trays_two_colours, which refuses the same layout by its rule.
    pairs = (("blue", "blue"), ("yellow", "yellow"), ("green", "green"), ("orange", "orange"),
             ("pink", "pink"), ("white", "white"))
    loose = ("blue", "yellow"), ("blue", "yellow"), ("green", "orange"), ("green", "orange"), \
        ("pink", "white"), ("pink", "white")
    s = set_up(2, start_trays=(pairs, loose))
    assert s.players[0].wheel == pairs and not s.settings.start_trays_two_colours
    with pytest.raises(IllegalCommand) as info:
        set_up(2, start_trays=(pairs, loose), settings={"start_trays_two_colours": True})
    assert info.value.rule == "Trajan 1.2 setup"


def test_the_app_deals_any_two_markers_a_tray_by_default():
    dealt = [p.wheel for seed in range(12) for p in set_up(4, seed=seed).players]
    assert any(len(set(t)) == 1 for wheel in dealt for t in wheel)  # some tray holds a pair
    strict = [p.wheel for seed in range(12)
              for p in set_up(4, seed=seed, settings={"start_trays_two_colours": True}).players]
    assert all(len(set(t)) == 2 for wheel in strict for t in wheel)


@pytest.mark.parametrize("settings", [
    {"demand_tiles_per_type": 10 ** 9},  # no billion-tile bag (it ran the app out of memory)
    {"demand_tiles_per_type": True},
    {"extra_action_tiles_per_action": 0},
    {"lap_length": {"2": 11, "3": 16}},
    {"lap_length": {"2": 11, "3": 16, "4": "21"}},
    {"senate_values": [2, 3, 4, 5, 6, 7, True]},
    {"province_vp": {**DEFAULT.province_vp, "alpes": "3"}},
    {"province_links": [["camp", "rome"]]},
    {"province_links": [[1, 2]]},
    {"ship_vp": {**DEFAULT.ship_vp, "pairs": {"yellow": [5, 10], "grey": [1]}}},
    {"forum_tiles": {**DEFAULT.forum_tiles, "demand_bread": "many"}},
    {"forum_tiles": {**DEFAULT.forum_tiles, "demand_bread": 10 ** 9}},
    {"first_construction_bonus": {**DEFAULT.first_construction_bonus, "roof": "nap"}},
    {"bonus_tile_counts_itself": "yes"},
])
def test_a_setting_of_the_wrong_kind_shape_or_size_is_refused_by_name(settings):
    with pytest.raises(IllegalCommand) as info:
        set_up(2, settings=settings)
    assert info.value.rule == "Trajan settings" and info.value.params == {"name": next(iter(settings))}


def test_every_setting_takes_its_own_default_and_a_variant_within_bounds():
    plain = {"lap_length": {"2": 12, "3": 17, "4": 22}, "senate_values": [1, 2, 3, 4, 5, 6, 99],
             "province_links": [["camp", "alpes"], ["alpes", "raetia"]], "forum_tiles": {**DEFAULT.forum_tiles, "senate_2": 0},
             "ship_vp": {kind: {side: list(vps) for side, vps in sides.items()} for kind, sides in DEFAULT.ship_vp.items()}}
    state = set_up(2, settings=plain)
    assert state.settings.lap(2) == 12 and state.settings.senate_values[-1] == 99
    assert state.settings.ship_vp == DEFAULT.ship_vp  # lists read as the tuples they default to
    assert set_up(2, settings={f.name: getattr(DEFAULT, f.name) for f in dataclasses.fields(DEFAULT)}).settings == DEFAULT
