"""The action wheel (Trajan 1.2): sowing, the target tray, completing tiles, predicting, start trays."""

from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given, settings, strategies as st

from tests.properties import examples

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import PlayerState, TrajanTile
from companion.games.trajan.wheel import (
    Landing, completes, deal_start_trays, predict, sow, sow_player, target_of, validate_start_trays,
)

SEAPORT, FORUM, MILITARY, SENATE, TRAJAN, CONSTRUCTION = range(6)
START = (("blue", "yellow"), ("green", "orange"), ("pink", "white"),
         ("blue", "yellow"), ("green", "orange"), ("pink", "white"))


def player(wheel=START, slots=(None,) * 6):
    return PlayerState(seat=0, name="Ann", colour="red", wheel=tuple(tuple(sorted(t)) for t in wheel),
                       trajan_slots=tuple(slots))


def refusal(call, *args):
    with pytest.raises(IllegalCommand) as info:
        call(*args)
    return info.value


def test_the_digests_example_two_markers_from_trajan_end_in_the_seaport():
    wheel, target = sow(START, TRAJAN, ("orange", "green"))
    assert target == SEAPORT
    assert wheel[TRAJAN] == ()
    assert wheel[CONSTRUCTION] == ("orange", "pink", "white")
    assert wheel[SEAPORT] == ("blue", "green", "yellow")


def test_sowing_puts_one_marker_in_each_following_tray_in_the_chosen_order():
    wheel = ((), ("blue", "green", "pink", "white"), (), (), (), ())
    after, target = sow(wheel, FORUM, ("white", "blue", "pink", "green"))
    assert target == CONSTRUCTION
    assert after == ((), (), ("white",), ("blue",), ("pink",), ("green",))


def test_seven_or_more_markers_lap_the_wheel_one_per_tray():
    wheel = (("blue",) * 2 + ("green",) * 2 + ("pink",) * 2 + ("white",), ("yellow",), (), (), (), ())
    order = ("white", "blue", "blue", "green", "green", "pink", "pink")
    after, target = sow(wheel, SEAPORT, order)
    assert target == FORUM  # the 7th marker goes once round and lands one past the start
    assert after == (("pink",), ("pink", "white", "yellow"), ("blue",), ("blue",), ("green",), ("green",))


def test_all_twelve_markers_in_one_tray_go_round_twice_and_end_where_they_started():
    tray = tuple(c for c in R.COLOURS for _ in range(2))
    wheel = ((), (), tray, (), (), ())
    after, target = sow(wheel, MILITARY, tray)
    assert target == MILITARY
    assert all(len(t) == 2 for t in after)
    assert Counter(c for t in after for c in t) == Counter(tray)


def test_an_empty_tray_cannot_be_picked_up():
    error = refusal(sow, ((), *START[1:]), SEAPORT, ())
    assert error.rule == "Trajan 1.2 action wheel" and "Tray I is empty" in error.message


@pytest.mark.parametrize("order", [("blue",), ("blue", "yellow", "yellow"), ("blue", "pink"), ()])
def test_the_order_must_be_exactly_the_trays_markers(order):
    error = refusal(sow, START, SEAPORT, order)
    assert error.rule == "Trajan 1.2 action wheel" and "holds 2 markers" in error.message


@pytest.mark.parametrize("tray", [-1, 6, True, "1"])
def test_a_tray_outside_the_wheel_is_refused(tray):
    error = refusal(sow, START, tray, ("blue", "yellow"))
    assert error.rule == "Trajan 1.2 action wheel"


def test_rule_1_14_1_only_the_last_markers_tray_completes_and_markers_already_there_count():
    tile = TrajanTile("victory", ("yellow", "orange"))
    # Forum (II) already holds orange; 3 markers from Trajan go to Construction, Seaport, Forum.
    wheel = ((), ("orange",), (), (), ("yellow", "blue", "pink"), ())
    p = player(wheel, slots=(None, tile, None, None, None, None))
    landing = predict(p, TRAJAN, ("pink", "blue", "yellow"))
    assert landing.target == FORUM and landing.completes == tile
    # The same colours dropped into Forum by a marker that is not the last complete nothing.
    other = player(((), ("orange",), (), (), ("yellow", "blue", "pink", "white"), ()),
                   slots=(None, tile, None, None, None, None))
    landing = predict(other, TRAJAN, ("pink", "blue", "yellow", "white"))
    assert landing.target == MILITARY and landing.completes is None
    assert landing.wheel[FORUM] == ("orange", "yellow")  # both colours are there, but it is not the target


def test_rule_1_14_1_extra_colours_do_not_block():
    tile = TrajanTile("cards", ("blue", "white"))
    tray = ("blue", "green", "pink", "white", "yellow")
    assert completes(tile, tray)
    assert not completes(tile, ("blue", "green", "pink"))
    assert not completes(None, tray)


def test_a_tile_showing_one_colour_twice_needs_two_such_markers():
    tile = TrajanTile("cards", ("blue", "blue"))
    assert not completes(tile, ("blue", "white"))
    assert completes(tile, ("blue", "blue", "white"))


def test_an_unfinished_tile_stays_on_the_wheel():
    tile = TrajanTile("victory", ("pink", "white"))
    p = player(slots=(tile, None, None, None, None, None))
    after, landing = sow_player(p, SEAPORT, ("blue", "yellow"))  # ends in Military: no tile there
    assert landing.completes is None and landing.target == MILITARY
    assert after.trajan_slots == p.trajan_slots
    assert after.wheel == landing.wheel != p.wheel


def test_sow_player_leaves_a_completed_tile_for_tiles_to_remove():
    tile = TrajanTile("victory", ("blue", "green"))
    p = player(slots=(None, None, None, tile, None, None))
    after, landing = sow_player(p, FORUM, ("green", "orange"))  # Senate (blue, yellow) gets orange
    assert landing.target == SENATE and landing.completes is None
    after, landing = sow_player(p, FORUM, ("orange", "green"))  # Senate gets green: complete
    assert landing.target == SENATE and landing.completes == tile
    assert after.trajan_slots == p.trajan_slots and after.wheel[SENATE] == ("blue", "green", "yellow")


def test_predict_without_an_order_finds_one_that_completes():
    tile = TrajanTile("victory", ("white", "pink"))
    # 7 markers from Seaport: the target is Forum, reached by the 1st and the 7th marker.
    wheel = (("white", "pink", "blue", "blue", "green", "green", "orange"), (), (), (), (), ())
    p = player(wheel, slots=(None, tile, None, None, None, None))
    landing = predict(p, SEAPORT)
    assert landing.completes == tile and landing.target == FORUM and landing.markers == 7
    assert predict(p, SEAPORT, landing.order) == landing
    assert p.wheel == tuple(tuple(sorted(t)) for t in wheel)  # nothing committed


def test_predict_without_an_order_says_so_when_no_order_completes():
    tile = TrajanTile("victory", ("white", "pink"))
    p = player(slots=(None, None, None, None, tile, None))
    landing = predict(p, MILITARY)  # pink, white → Trajan holds green, orange; only 1 marker arrives there
    assert landing.target == TRAJAN and landing.completes is None
    assert landing.markers == 2 and sorted(landing.order) == ["pink", "white"]
    p = player(slots=(None, None, None, None, TrajanTile("victory", ("white", "yellow")), None))
    assert predict(p, MILITARY).completes is None  # yellow is neither in Trajan nor picked up
    p = player(slots=(None, None, None, None, TrajanTile("victory", ("white", "green")), None))
    assert predict(p, MILITARY).completes is not None  # green is there, white can be the last


def test_predict_refuses_what_sow_refuses():
    assert refusal(predict, player(((), *START[1:])), SEAPORT).rule == "Trajan 1.2 action wheel"
    assert refusal(predict, player(), 7).rule == "Trajan 1.2 action wheel"
    assert refusal(predict, player(), SEAPORT, ("pink", "pink")).rule == "Trajan 1.2 action wheel"


# ---- start trays (Trajan 1.2 setup) -------------------------------------------------------------

def test_often_wrong_12_start_trays_take_any_two_markers():
    # S000 p3: 每个圆盘可以任意分配两个行动指示物 — any two markers a tray; two of one colour is fine.
    same = (("blue", "blue"), ("yellow", "yellow"), ("green", "orange"), ("green", "orange"),
            ("pink", "white"), ("pink", "white"))
    assert validate_start_trays(same, False)[0] == ("blue", "blue")
    # "two different colours" (KNOB, MONO) is only the setting start_trays_two_colours:
    error = refusal(validate_start_trays, same, True)
    assert error.rule == "Trajan 1.2 setup" and "tray I must be different colours" in error.message
    assert validate_start_trays(START, True) == tuple(tuple(sorted(t)) for t in START)


@pytest.mark.parametrize("trays, words", [
    (START[:5], "6 trays, not 5"),
    ((("blue",), *START[1:]), "Tray I starts with 1 markers"),
    ((("blue", "red"), *START[1:]), "red is not an action marker colour"),
    ((("blue", "blue"), *START[1:]), "yellow is there 1 times"),
])
def test_bad_start_trays_name_the_problem(trays, words):
    error = refusal(validate_start_trays, trays, False)
    assert error.rule == "Trajan 1.2 setup" and words in error.message


def test_dealt_start_trays_are_valid_reproducible_and_varied():
    layouts = set()
    for seed in range(30):
        trays, rng = deal_start_trays(SeededRandom.from_seed(seed), two_colours=True)
        assert validate_start_trays(trays, True) == trays
        assert deal_start_trays(SeededRandom.from_seed(seed), two_colours=True) == (trays, rng)
        assert rng != SeededRandom.from_seed(seed)
        layouts.add(trays)
    assert len(layouts) == 30
    loose = {deal_start_trays(SeededRandom.from_seed(s))[0] for s in range(60)}  # the default: any two
    assert all(validate_start_trays(t, False) == t for t in loose)
    assert any(len(set(tray)) == 1 for t in loose for tray in t)  # "any two" really deals pairs too


# ---- invariants ---------------------------------------------------------------------------------

MARKERS = tuple(c for c in R.COLOURS for _ in range(R.MARKERS_PER_COLOUR))


@st.composite
def wheels(draw):
    """Any placement of a player's 12 markers, a non-empty tray, an order of its markers, and tiles."""
    places = draw(st.lists(st.integers(0, 5), min_size=12, max_size=12))
    trays = [[] for _ in range(6)]
    for colour, where in zip(MARKERS, places):
        trays[where].append(colour)
    wheel = tuple(tuple(sorted(t)) for t in trays)
    tray = draw(st.sampled_from([i for i, t in enumerate(wheel) if t]))
    order = tuple(draw(st.permutations(wheel[tray])))
    colour = st.sampled_from(R.COLOURS)
    slots = tuple(draw(st.one_of(st.none(), st.builds(lambda a, b: TrajanTile("victory", (a, b)), colour, colour)))
                  for _ in range(6))
    return wheel, tray, order, slots


@settings(max_examples=examples(100), deadline=None)
@given(wheels())
def test_sowing_conserves_markers_and_lands_at_tray_plus_n(case):
    wheel, tray, order, _slots = case
    after, target = sow(wheel, tray, order)
    n = len(order)
    assert Counter(c for t in after for c in t) == Counter(MARKERS)  # 12 markers, 2 of each colour
    assert target == (tray + n) % 6 == target_of(tray, n)
    assert order[-1] in after[target]
    received = [sum(1 for i in range(n) if (tray + 1 + i) % 6 == k) for k in range(6)]
    assert [len(after[k]) - (0 if k == tray else len(wheel[k])) for k in range(6)] == received
    assert max(received) - min(received) <= 1  # one marker per tray per lap


@settings(max_examples=examples(100), deadline=None)
@given(wheels())
def test_predict_agrees_with_sow_and_completes(case):
    wheel, tray, order, slots = case
    p = player(wheel, slots)
    landing = predict(p, tray, order)
    after, target = sow(wheel, tray, order)
    tile = slots[target]
    assert landing == Landing(target, len(order), tile if completes(tile, after[target]) else None, order, after)
    assert sow_player(p, tray, order) == (p.__class__(**{**p.__dict__, "wheel": after}), landing)


@settings(max_examples=examples(100), deadline=None)
@given(wheels())
def test_predict_without_order_completes_exactly_when_some_order_does(case):
    wheel, tray, order, slots = case
    p = player(wheel, slots)
    best = predict(p, tray)
    assert best.target == target_of(tray, len(wheel[tray])) and sorted(best.order) == sorted(wheel[tray])
    if best.completes is not None:
        assert predict(p, tray, best.order) == best  # the offered order really completes
    else:
        assert predict(p, tray, order).completes is None  # any order the player might choose fails too
    if len(wheel[tray]) <= 5:  # exhaustive for small pick-ups
        some = any(predict(p, tray, o).completes for o in set(permutations(wheel[tray])))
        assert some == (best.completes is not None)
