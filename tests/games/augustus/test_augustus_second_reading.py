"""Augustus: every point of §4.6 (what a second reading of S002 adds) and the §4.7 readings we
take by default, each with its setting's other reading, one named test each."""

from __future__ import annotations

import pytest

from companion.core.asks import AnswerNeeded
from companion.core.values import evolve
from companion.games.augustus.scoring import final_summary
from augustus_helpers import (NO_UNKNOWN_VP, REMOVE, call, card, decide, game, hand, holding, play, refused,
                              s002_example, set_up, spares)


def test_4_6_1_a_number_reward_stays_when_an_objective_that_earned_it_is_lost():
    """「不可能失去一個顏色或數字的目標獎勵」: Ann takes the 3-objectives tile at her third, then
    loses one of the three to a removal; she keeps the tile (and may not take it again)."""
    state = game([hand(0, card(12, symbols=("shield",))), hand(1, card(81, symbols=("swords",), power=REMOVE))],
                 spare=spares(80, 82), **NO_UNKNOWN_VP)
    state = holding(state, 0, card(10, kind="pink"), card(11, kind="orange"))
    state = call(state, "shield", {0: (12, 0)})
    state = play(state, "claim", seat=0)
    assert "number_3" in state.player(0).rewards and "number_3" not in state.middle
    state = play(state, "take", seat=0, number=80)
    state = call(state, "swords", {1: (81, 0)})
    state = play(state, "lose", seat=0, number=10)
    assert len(state.player(0).controlled) == 2 and "number_3" in state.player(0).rewards

def test_4_6_2_a_chain_is_the_s002_example():
    state = s002_example()
    for slot in (0, 1):
        state = play(state, "place", seat=0, number=1, slot=slot)
    assert [c.number for c in state.player(0).controlled][-2:] == [70, 1] and state.resolving == 0


def test_4_6_3_the_victim_chooses_and_keeps_the_legions_a_power_gave():
    """「阿德里安選擇移除目標（6）。儘管如此，他仍然保留了軍團的獲得」."""
    state = game([hand(0, card(6, symbols=("swords",), power={"kind": "legions", "amount": 1})),
                  hand(1, card(81, symbols=("shield",), power=REMOVE))], spare=spares(80, 82), **NO_UNKNOWN_VP)
    state = holding(state, 0, card(40))
    state = call(state, "swords", {0: (6, 0)})
    state = play(state, "skip", seat=0)  # number_2
    state = play(state, "take", seat=0, number=80)
    assert state.player(0).supply == 8
    state = call(state, "shield", {1: (81, 0)})
    assert (state.duty.kind, state.duty.seat) == ("lose", 0), "two controlled: Ann chooses"
    assert refused(state, "lose", seat=0, number=99).rule == "Augustus 4.6 powers"
    state = play(state, "lose", seat=0, number=6)
    assert [c.number for c in state.player(0).controlled] == [40] and state.player(0).supply == 8


def test_4_6_4_a_clearing_power_lets_each_victim_choose_among_its_objectives_with_legions():
    state = game([hand(0, card(10, symbols=("swords", "dagger")), card(11, symbols=("swords", "dagger"))),
                  hand(1, card(76, symbols=("shield",), power={"kind": "clear_objective"}))], spare=spares(80))
    state = call(state, "swords", {0: (10, 0)})
    state = call(state, "swords", {0: (11, 0)})
    state = call(state, "shield", {1: (76, 0)})
    assert (state.duty.kind, state.duty.seat) == ("clear", 0)
    assert refused(state, "clear", seat=0, number=50).rule == "Augustus 4.6 powers"  # no legions on it
    state = play(state, "clear", seat=0, number=11)
    assert state.player(0).objective(11).legions == (False, False) and state.player(0).objective(10).legions[0]
    assert state.player(0).supply == 6


def test_4_6_4_a_mobilisation_may_be_limited_to_a_symbol_and_skipped():
    state = game([hand(0, card(10, symbols=("shield",), power={"kind": "mobilise", "amount": 2, "of": "chariot"}),
                       card(11, symbols=("chariot", "swords", "swords"))), hand(1)], spare=spares(80))
    state = call(state, "shield", {0: (10, 0)})
    assert (state.duty.kind, state.duty.of) == ("mobilise", "chariot")
    assert refused(state, "place", seat=0, number=11, slot=1).rule == "Augustus 4.2 mobilisation"
    state = play(state, "place", seat=0, number=11, slot=0)
    assert state.duty.kind == "take", "no other chariot to fill: the second mobilisation passes by itself"


def test_4_6_5_gold_and_wheat_count_resources_and_one_card_may_give_both():
    """「她失去了一個小麥資源」: resources, not cards; 「生產黃金和/或小麥」."""
    state = game([hand(0, card(10, symbols=("shield",), gold=2, wheat=1)),
                  hand(1, card(11, symbols=("swords",), gold=1), card(12, symbols=("chariot",), gold=1))],
                 spare=spares(80, 81, 82))
    state = call(state, "shield", {0: (10, 0)})
    state = play(state, "take", seat=0, number=80)
    assert (state.gold, state.wheat) == (0, 0)
    state = call(state, "swords", {1: (11, 0)})
    state = play(state, "take", seat=1, number=81)
    assert state.gold == 0, "two cards are not two resources: 1 against Ann's 2"
    state = call(state, "chariot", {1: (12, 0)})
    state = play(state, "skip", seat=1)
    state = play(state, "take", seat=1, number=82)
    assert (state.gold, state.wheat) == (1, 0)


def test_4_6_6_several_colour_rewards_at_once_and_the_number_reward_is_optional():
    state = game([hand(0, card(10, kind="senator", symbols=("shield",))), hand(1)], spare=spares(80),
                 **NO_UNKNOWN_VP)
    state = holding(state, 0, card(40, kind="green"), card(41, kind="pink"), card(42, kind="orange"),
                    card(43, kind="senator"), card(44, kind="senator"))
    state = call(state, "shield", {0: (10, 0)})
    assert {"senators", "one_each"} <= set(state.player(0).rewards)
    assert state.duty.kind == "number" and state.duty.of == "number_6"
    state = play(state, "skip", seat=0)
    assert "number_6" in state.middle and "number_6" in state.player(0).declined


def test_4_6_7_the_oldest_player_is_the_first_crier():
    state = game([hand(0), hand(1), hand(2)], oldest=2)
    assert state.crier == 2
    with pytest.raises(AnswerNeeded) as asked:
        decide(state, "draw")
    assert asked.value.ask.about["crier"] == 2 and asked.value.ask.kind == "augustus.token"


def test_4_6_8_a_reward_value_no_source_gives_is_asked_at_the_end():
    state = game([hand(0, card(20, symbols=("shield",))), hand(1)], spare=spares(80))
    state = holding(state, 0, *[card(40 + i, kind="green") for i in range(6)])
    state = state.with_player(evolve(state.player(0), rewards=("green",)))
    state = evolve(state, middle=tuple(r for r in state.middle if r != "green"))
    state = call(state, "shield", {0: (20, 0)})
    state = play(state, "take", seat=0, number=80)
    assert state.phase == "values"
    with pytest.raises(AnswerNeeded) as asked:
        decide(state, "reward_value", reward="green")
    assert asked.value.ask.kind == "augustus.reward_vp" and asked.value.ask.about == {"reward": "green"}
    assert refused(state, "reward_value", reward="green", vp=31).rule == "Augustus 4.7 reward values"
    state = play(state, "reward_value", reward="green", vp=6)
    assert state.phase == "over"
    line = next(line for line in state.final["scores"][0]["lines"] if line["item"] == "green")
    assert line["points"] == 6


# 4.7 -------------------------------------------------------------------------------------------

def test_4_7_1_in_a_chain_the_number_reward_is_offered_once_at_the_final_count():
    state = s002_example()
    for slot in (0, 1):
        state = play(state, "place", seat=0, number=1, slot=slot)
    assert [d.of for d in state.duties if d.kind == "number"] == ["number_4"]


def test_4_7_1_the_other_reading_offers_at_each_count_of_the_chain():
    dimitri = [card(70, symbols=("shield",), power={"kind": "mobilise", "amount": 2}),
               card(1, symbols=("swords", "catapult")), card(4, symbols=("chariot", "dagger"))]
    state = game([dimitri, hand(1)], spare=spares(82, 83), number_offer="each", **NO_UNKNOWN_VP)
    state = holding(state, 0, card(40), card(41))
    state = call(state, "shield", {0: (70, 0)})
    for slot in (0, 1):  # S002 step 2, the power, before 3 and 4
        state = play(state, "place", seat=0, number=1, slot=slot)
    assert state.duty.kind == "number" and state.duty.of == "number_3", "70 controlled: 3"
    state = play(state, "skip", seat=0)
    assert state.duty.kind == "number" and state.duty.of == "number_4", "then 1 in the chain: 4"


def test_4_7_1_a_declined_number_tile_is_lost_to_that_player_for_good():
    def again(**settings):
        state = game([hand(0, card(10, symbols=("shield",)), card(11, symbols=("swords",))),
                      hand(1, card(81, symbols=("chariot",), power=REMOVE))], spare=spares(80, 82, 83),
                     **NO_UNKNOWN_VP, **settings)
        state = holding(state, 0, card(40))
        state = call(state, "shield", {0: (10, 0)})
        state = play(state, "skip", seat=0)  # number_2 declined
        state = play(state, "take", seat=0, number=80)
        state = call(state, "chariot", {1: (81, 0)})
        state = play(state, "lose", seat=0, number=10)
        state = play(state, "take", seat=1, number=82)
        return call(state, "swords", {0: (11, 0)})  # back to 2 controlled, right after a completion

    assert again().duty.kind == "take"
    assert again(declined_number_lost=False).duty.of == "number_2"


def test_4_7_4_a_removal_hitting_several_players_checks_gold_once_after_all_removed():
    state = game([hand(0), hand(1), hand(2), hand(3, card(81, symbols=("shield",), power=REMOVE))], spare=spares(84))
    state = holding(state, 0, card(20, gold=3))
    state = holding(state, 1, card(22, gold=2), card(23))
    state = holding(state, 2, card(25, gold=2), card(26))
    state = state.with_player(evolve(state.player(0), rewards=("gold",)))
    state = evolve(state, gold=0, middle=tuple(r for r in state.middle if r != "gold"))
    state = call(state, "shield", {3: (81, 0)})  # Ann's one objective goes by itself
    assert [(d.kind, d.seat) for d in state.duties[:3]] == [("lose", 1), ("lose", 2), ("recheck", None)]
    state = play(state, "lose", seat=1, number=23)
    state = play(state, "lose", seat=2, number=26)
    assert (state.duty.kind, state.duty.seat, state.duty.options) == ("give", 0, (1, 2))


def test_4_7_5_a_tie_goes_to_the_most_senators_then_is_shared():
    state = set_up(3, **NO_UNKNOWN_VP)
    state = holding(state, 0, card(1, vp=5, kind="senator"))
    state = holding(state, 1, card(2, vp=5))
    state = holding(state, 2, card(3, vp=2))
    result = final_summary(state)
    assert result["winners"] == [0] and result["tie_break"] == "senators"
    state = holding(state, 1, card(4, vp=0, kind="senator"))
    state = holding(state, 0, card(5, vp=0))
    result = final_summary(state)
    assert result["winners"] == [0, 1] and result["tie_break"] == "shared"


def test_a_chain_may_run_through_several_objectives():
    """§4.6.2 once more: a mobilisation completing a card whose own power mobilises again."""
    cards = [card(20, symbols=("shield",), power={"kind": "mobilise", "amount": 1}),
             card(30, symbols=("swords",), power={"kind": "mobilise", "amount": 1}), card(40, symbols=("chariot",))]
    state = game([cards, hand(1, card(25, symbols=("shield",)))], spare=spares(82, 83, 84, 85), **NO_UNKNOWN_VP)
    state = call(state, "shield", {0: (20, 0), 1: (25, 0)})
    state = play(state, "place", seat=0, number=30, slot=0)
    state = play(state, "place", seat=0, number=40, slot=0)
    assert [c.number for c in state.player(0).controlled] == [20, 30, 40] and state.pending == ((25, 1),)
    assert state.duty.of == "number_3"
    state = play(state, "claim", seat=0)
    assert (state.duty.kind, state.duty.amount) == ("take", 3)
    for number in (82, 83, 84):
        state = play(state, "take", seat=0, number=number)
    assert state.resolving == 1
