"""The five objectives face up in the middle (augustus.md §4.1, S002 step 5): the table lays them
out (their printed facts, or only the number with a card file), a completed player takes one of
them by its number alone, and the gap is laid out again; a full row refuses any other card."""

from __future__ import annotations

import pytest

from companion.core.asks import AnswerNeeded
from companion.games.augustus.rules import AUGUSTUS
from augustus_helpers import call, card, decide, game, hand, play, refused, spares


def row_of_five(*numbers):
    state = game([hand(0, card(1, symbols=("shield",))), hand(1)], spare=spares(82, 83, 84, 85, 86, 87, 88))
    for n in numbers or (82, 83, 84, 85, 86):
        state = play(state, "reveal", number=n)
    return state


def test_the_table_lays_out_five_and_no_sixth():
    state = row_of_five()
    assert [c.number for c in state.face_up] == [82, 83, 84, 85, 86]
    assert [c["number"] for c in AUGUSTUS.view(state)["face_up"]] == [82, 83, 84, 85, 86]
    error = refused(state, "reveal", number=87)
    assert error.rule == "Augustus 4.1 face-up objectives"
    four = row_of_five(82, 83, 84, 85)
    assert refused(four, "reveal", number=1).rule == "Augustus 4.1 objectives", "a card in play is not laid out"
    assert refused(four, "reveal", number=84).rule == "Augustus 4.1 objectives", "nor one face up already"


def test_a_face_up_card_not_in_the_file_asks_the_table_for_its_facts():
    state = game([hand(0), hand(1)])
    with pytest.raises(AnswerNeeded) as asked:
        decide(state, "reveal", number=20)
    ask = asked.value.ask
    assert (ask.kind, ask.field, ask.who, ask.intent["name"]) == ("augustus.card", "card", None, "reveal")
    state = play(state, "reveal", number=20, card=card(20, kind="orange", vp=4, symbols=("dagger",)))
    assert state.face_up[0].kind == "orange" and 20 in state.seen


def test_a_completed_player_takes_a_face_up_card_by_its_number_alone():
    state = call(row_of_five(), "shield", {0: (1, 0)})
    assert state.duty.kind == "take" and state.duty.seat == 0
    error = refused(state, "take", seat=0, number=87)
    assert error.rule == "Augustus 4.1 face-up objectives" and error.params["numbers"] == "82, 83, 84, 85, 86"
    differs = refused(state, "take", seat=0, number=84, card=card(84, vp=9, symbols=("dagger",)))
    assert differs.params["field"] == "card"
    state = play(state, "take", seat=0, number=84)
    assert [o.card.number for o in state.player(0).objectives][-1] == 84
    assert [c.number for c in state.face_up] == [82, 83, 85, 86] and state.phase == "draw"
    state = play(state, "reveal", number=87)  # the gap laid out again
    assert [c.number for c in state.face_up] == [82, 83, 85, 86, 87]


def test_a_face_up_card_is_not_one_of_the_start_objectives():
    state = play(game([hand(0), hand(1)], spare=spares(82)), "reveal", number=82)
    fresh = play(AUGUSTUS.initial_state(), "setup", players=["Ann", "Bo"], seed=1, settings={"bag": "table"},
                 cards=spares(82))
    fresh = play(fresh, "reveal", number=82)
    assert refused(fresh, "take", seat=0, number=82).rule == "Augustus 4.1 face-up objectives"
    assert state.face_up[0].number == 82


def test_an_untracked_row_takes_any_new_card_as_before():
    state = game([hand(0, card(1, symbols=("shield",))), hand(1)], spare=spares(82))
    state = call(state, "shield", {0: (1, 0)})
    state = play(state, "take", seat=0, number=82)
    assert state.face_up == () and state.phase == "draw"
