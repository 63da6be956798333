"""The time track (Trajan 1.1): round ends, carried surplus, demand reveals, seasons, game end."""

import dataclasses
import random

import pytest
from hypothesis import given, settings, strategies as st

from tests.properties import examples

from companion.core.errors import IllegalCommand
from companion.games.trajan.settings import TrajanSettings
from companion.games.trajan.state import PlayerState, TrajanState, TurnState
from companion.games.trajan.timetrack import (
    TurnOutcome, advance, apply_turn_end, carry, move_time, next_seat, turn_outcome,
)


def game(players=2, **fields):
    seats = tuple(PlayerState(seat=i, name=f"P{i}", colour=c) for i, c in enumerate(("red", "blue", "green", "black")[:players]))
    return dataclasses.replace(TrajanState(players=seats, phase="turn"), **fields)


def test_advance_counts_markers_and_ends_the_round_on_reaching_or_passing_the_start():
    assert advance(0, 4, 11) == (4, False)
    assert advance(7, 3, 11) == (10, False)
    assert advance(7, 4, 11) == (11, True)  # reaches the start
    assert advance(7, 9, 11) == (16, True)  # passes it


@pytest.mark.parametrize("markers", [0, 13, -2, True, 2.0])
def test_a_turn_moves_one_to_twelve_spaces(markers):
    with pytest.raises(IllegalCommand) as info:
        advance(0, markers, 11)
    assert info.value.rule == "Trajan 1.1 time track"


def test_rule_1_14_2_the_round_ends_after_the_turn_and_the_surplus_carries():
    state = game(players=2, time=9, current=1)
    state = move_time(state, 4)  # 13 ≥ 11: the start is passed
    assert state.round_ending and state.time == 13 and state.current == 1 and state.round == 1
    outcome = turn_outcome(state)
    assert outcome == TurnOutcome(next_player=0, new_round=True, reveal_demand=True, season_scoring=False,
                                  game_over_after_scoring=False, season=1, round=1)
    state = apply_turn_end(state)
    assert (state.current, state.round, state.season, state.time, state.round_ending) == (0, 2, 1, 2, False)


def test_a_turn_short_of_the_start_passes_play_on_without_ending_the_round():
    state = move_time(game(players=3, time=10), 5)  # 15 < 16 for 3 players
    assert not state.round_ending
    assert turn_outcome(state) == TurnOutcome(1, False, False, False, False, 1, 1)
    after = apply_turn_end(state)
    assert (after.current, after.round, after.time) == (1, 1, 15)


def test_carry_keeps_the_markers_place_on_the_cycle():
    assert carry(13, 11) == 2
    assert carry(11, 11) == 0
    assert carry(22, 11) == 0  # 12 markers from space 10 with 2 players: back on the start, one round ends


def test_the_lap_length_is_the_setting_for_the_player_count():
    frk = TrajanSettings(lap_length={2: 12, 3: 17, 4: 22})
    assert move_time(game(players=2, time=7), 4).round_ending
    assert not move_time(game(players=2, time=7, settings=frk), 4).round_ending
    assert move_time(game(players=4, time=17), 4).round_ending and not move_time(game(players=4, time=16), 4).round_ending


def test_next_seat_wraps():
    assert [next_seat(s, 3) for s in range(3)] == [1, 2, 0]


def test_rounds_one_to_three_reveal_a_demand_round_four_scores_the_season():
    for rnd in (1, 2, 3):
        outcome = turn_outcome(game(round=rnd, season=2, round_ending=True))
        assert outcome.reveal_demand and not outcome.season_scoring
        assert apply_turn_end(game(round=rnd, season=2, round_ending=True)).round == rnd + 1
    state = game(round=4, season=2, round_ending=True, time=12)
    outcome = turn_outcome(state)
    assert not outcome.reveal_demand and outcome.season_scoring and not outcome.game_over_after_scoring
    assert (outcome.season, outcome.round) == (2, 4)
    after = apply_turn_end(state)
    assert (after.season, after.round, after.time) == (3, 1, 1)  # time carries into the new season


def test_the_fourth_seasons_scoring_ends_the_game():
    state = game(round=4, season=4, round_ending=True, time=11, current=1)
    outcome = turn_outcome(state)
    assert outcome.season_scoring and outcome.game_over_after_scoring and not outcome.reveal_demand
    after = apply_turn_end(state)
    assert (after.season, after.round, after.current) == (4, 4, 0)


def test_the_turn_record_starts_fresh_for_the_next_player():
    state = game(turn=TurnState(tray=3, markers=4, acted=True, extra_used=True))
    assert apply_turn_end(state).turn == TurnState()


@settings(max_examples=examples(60), deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 2**32))
def test_a_whole_game_has_16_rounds_4_seasons_and_12_demand_reveals(players, seed):
    draw = random.Random(seed)
    state = game(players=players, current=draw.randrange(players))
    lap = state.settings.lap(players)
    seats = []
    rounds = reveals = scorings = 0
    seasons_scored = []
    while True:
        seats.append(state.current)
        state = move_time(state, draw.randint(1, 12))
        outcome = turn_outcome(state)
        state = apply_turn_end(state)
        if outcome.new_round:
            assert 0 <= state.time < lap  # the surplus carried
        rounds += outcome.new_round
        reveals += outcome.reveal_demand
        if outcome.season_scoring:
            scorings += 1
            seasons_scored.append(outcome.season)
        if outcome.game_over_after_scoring:
            break
        assert len(seats) <= 16 * lap  # every turn moves ≥ 1 space: a round takes at most `lap` turns
    assert (rounds, scorings, reveals) == (16, 4, 12)
    assert seasons_scored == [1, 2, 3, 4]
    assert all(b == (a + 1) % players for a, b in zip(seats, seats[1:]))  # strict turn order throughout
