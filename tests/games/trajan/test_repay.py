"""Paying demands differently from the app's choice (Trajan 1.5): allowed when legal, refused by rule."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import commands as c
from companion.games.trajan import events as e
from companion.games.trajan.rules import TRAJAN


def scored_state():
    state = TRAJAN.initial_state()
    for event in TRAJAN.decide(state, c.SetupTrajan(("Ann", "Bo"), ("red", "blue"), seed=3)):
        state = TRAJAN.apply(state, event)
    ann = evolve(state.player(0), forum=("demand_bread", "demand_games", "wild_demand"), vp=20, trajan_demand=("bread",))
    bo = evolve(state.player(1), forum=(), vp=10)
    state = evolve(state.with_player(ann).with_player(bo), demands=("bread", "bread", "religion"))
    return TRAJAN.apply(state, e.SeasonScored(1))


def test_app_pays_best_and_table_may_choose_another_legal_payment():
    state = scored_state()
    row = state.season_reports[-1]["players"][0]
    assert row["unmet"] == 0 and state.player(0).vp == 20  # trajan + forum bread, wildcard for religion
    events = TRAJAN.decide(state, c.RepayDemands(0, ("forum", "trajan", "wildcard")))
    for event in events:
        state = TRAJAN.apply(state, event)
    assert state.player(0).vp == 20 and "demand_bread" not in state.player(0).forum
    assert state.season_reports[-1]["players"][0]["paid"][0] == {"demand": "bread", "with": "forum"}


@pytest.mark.parametrize("sources, words", [
    (("forum", "forum", "wildcard"), "no bread demand tile left"),
    (("trajan", "trajan", "wildcard"), "each meets one demand per season"),
    (("trajan", "forum", None), "paying is compulsory"),
    (("trajan", "forum"), "each of the 3 demands"),
    (("trajan", "forum", "coins"), "not 'coins'"),
])
def test_wrong_payments_are_refused_naming_the_rule(sources, words):
    state = scored_state()
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(state, c.RepayDemands(0, sources))
    assert info.value.rule == "Trajan 1.5 demands" and words in info.value.message


def test_a_player_who_cannot_pay_takes_the_penalty():
    state = scored_state()
    assert state.player(1).vp == 10 - 15  # three unmet: -15, scores may go negative (Trajan 1.5)
    for event in TRAJAN.decide(state, c.RepayDemands(1, (None, None, None))):
        state = TRAJAN.apply(state, event)
    assert state.player(1).vp == -5
