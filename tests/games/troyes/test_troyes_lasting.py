"""Events' lasting effects (S004 四; parts/lasting.py): an event's `lasting` effect, entered from its
card in the data, is in force from the round it is drawn for its `rounds` rounds, or while it stays
in the queue, and changes what the rules compute — the income and the wages of phase 1, the dice a
building gives in phase 2, the price of dice bought — and stops when it is resolved. The raid's is
in force every round. The table sees it on the board."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import flow
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import buildings, lasting
from companion.games.troyes.parts.catalog import merged_data, parse_catalog
from companion.games.troyes.rules import TROYES
from companion.games.troyes.state import EventState
from troyes_helpers import at_actions, play, seat, table

N = R.NEUTRAL


def with_lasting(state, event_id, effect):
    key = "raid" if event_id == "raid" else "events"
    edits = {"lasting": effect} if key == "raid" else {event_id: {"lasting": effect}}
    return evolve(state, catalog=parse_catalog(merged_data({key: edits})))


@pytest.fixture
def game():
    state = at_actions(3)
    for s in range(3):
        state = seat(state, s, deniers=20, influence=5, vp=0)
    return table(state, square=(), current=0, start_player=0, queue=())


def test_a_lasting_effect_counts_its_rounds_from_its_draw(game):
    state = with_lasting(game, "white_1", {"kind": "income", "amount": -3, "rounds": 2})
    queued = evolve(state, queue=(EventState("white_1", (N,), since=state.round),))
    assert lasting.income(queued) == R.INCOME - 3
    assert lasting.income(evolve(queued, round=state.round + 1)) == R.INCOME - 3
    assert lasting.income(evolve(queued, round=state.round + 2)) == R.INCOME, "two rounds, then over"
    forever = with_lasting(queued, "white_1", {"kind": "income", "amount": -3, "rounds": None})
    assert lasting.income(evolve(forever, round=6)) == R.INCOME - 3, "while it stays in the queue"
    assert lasting.income(evolve(forever, queue=())) == R.INCOME, "resolved: over"


def test_income_and_wages_in_force_at_phase_1(game):
    state = with_lasting(game, "white_1", {"kind": "wages", "building": "palace", "extra": 1, "rounds": None})
    state = evolve(state, queue=(EventState("white_1", (N,), since=1),), phase="income",
                   buildings=((0, 0, N, N, N, N), (0, N, N, N, N, N), (N,) * 6))
    assert buildings.wages(state, 0) == 2 * 3 + 1
    event = flow.next_event(state)
    row = next(r for r in event.rows if r[0] == 0)
    assert row[1] == 7
    after = TROYES.apply(state, event)
    assert after.player(0).deniers == 20 + 10 - 7


def test_a_building_kept_from_giving_dice(game):
    state = with_lasting(game, "yellow_1", {"kind": "no_dice", "building": "city_hall", "rounds": None})
    state = evolve(state, queue=(EventState("yellow_1", (N,), since=1),),
                   buildings=((0, N, N, N, N, N), (N,) * 6, (0, 0, N, N, N, N)))
    assert buildings.dice_due(state, 0) == {"red": 1}
    assert buildings.dice_due(evolve(state, queue=()), 0) == {"red": 1, "yellow": 2}


def test_dice_cost_more_while_an_event_is_in_force(game):
    state = with_lasting(game, "red_2", {"kind": "dice_price", "extra": 1, "rounds": 1})
    state = table(evolve(state, queue=(EventState("red_2", (N,), since=state.round),)),
                  square=[(1, "yellow", 4), (0, "yellow", 4)])
    after = play(state, "agriculture", dice=[[1, "yellow", 4], [0, "yellow", 4]])
    assert after.player(0).deniers == 20 - (4 + 1) + 4 and after.player(1).deniers == 25


def test_the_raids_lasting_effect_is_in_force_every_round(game):
    state = with_lasting(game, "raid", {"kind": "income", "amount": -1, "rounds": 1})
    assert all(lasting.income(evolve(state, round=r)) == R.INCOME - 1 for r in range(1, 7))


def test_a_drawn_event_remembers_its_round(game):
    from troyes_helpers import draw_events, place_all, reveal_round, set_up, throw_all

    state = draw_events(throw_all(reveal_round(place_all(set_up(3)))))
    assert [e.since for e in state.queue] == [1, 1]


def test_a_lasting_effect_of_the_wrong_shape_is_refused_naming_it():
    for effect, field in (({"kind": "plague"}, "events[8].lasting.kind"),
                          ({"kind": "wages", "extra": 1, "building": "tavern"}, "events[8].lasting.building"),
                          ({"kind": "income", "amount": 0}, "events[8].lasting.amount")):
        with pytest.raises(IllegalCommand) as info:
            parse_catalog(merged_data({"events": {"white_1": {"lasting": effect}}}))
        assert info.value.params["field"] == field


def test_the_board_shows_a_lasting_effect_in_force(game):
    from companion.core.views import to_data
    from companion.ui.troyes.board import event_lines

    state = with_lasting(game, "white_1", {"kind": "no_dice", "building": "palace", "rounds": 1})
    state = evolve(state, queue=(EventState("white_1", (N,), since=state.round),))
    line = event_lines(to_data(TROYES.view(state)))[1]
    assert "no dice from the Palace, for 1 round(s) from its draw" in line
    later = event_lines(to_data(TROYES.view(evolve(state, round=state.round + 1))))[1]
    assert "no dice" not in later
