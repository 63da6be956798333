"""Augustus: every point of the digest's "often wrong" list (../shared/rules/augustus.md §4.5), one
named test each (several where a point says several things), in the words of S002 where it speaks."""

from __future__ import annotations

from companion.core.values import evolve
from companion.games.augustus.parts.bag import FULL
from companion.games.augustus.scoring import final_summary
from augustus_helpers import (NO_UNKNOWN_VP, REMOVE, call, card, game, hand, holding, legions, play, refused,
                              s002_example, set_up, spares)

# 1. number rewards: the exact count, only right after a completion, one per player --------------

def test_a_number_reward_is_offered_at_the_exact_count_right_after_a_completion():
    state = game([hand(0, card(10, symbols=("shield",))), hand(1)], spare=spares(80))
    state = holding(state, 0, card(40, vp=2), card(41, vp=3))
    state = call(state, "shield", {0: (10, 0)})
    assert state.duty.kind == "number" and state.duty.seat == 0 and state.duty.of == "number_3"
    state = play(state, "claim", seat=0)
    assert "number_3" in state.player(0).rewards and "number_3" not in state.middle
    assert state.duty.kind == "take"


def test_a_number_reward_is_not_offered_to_a_player_who_did_not_complete():
    """S002: 「獎勵只在當玩家宣布控制正確目標的數量會顯示」: Bo already controls 3, but only Ann completes."""
    state = game([hand(0, card(10, symbols=("shield",))), hand(1)], spare=spares(80))
    state = holding(state, 1, card(40), card(41), card(42))
    state = call(state, "shield", {0: (10, 0)})
    assert state.duty.kind == "take" and state.duty.seat == 0, "Ann controls 1: no tile; Bo completed nothing"
    assert all(d.seat == 0 for d in state.duties if d.kind == "number")
    assert refused(state, "claim", seat=1).rule == "Augustus 4.2 completion"


def test_a_number_reward_is_one_per_player():
    state = game([hand(0, card(10, symbols=("shield",))), hand(1)], spare=spares(80))
    state = holding(state, 0, card(40), card(41), card(42))
    state = state.with_player(evolve(state.player(0), rewards=("number_3",)))
    state = evolve(state, middle=tuple(r for r in state.middle if r != "number_3"))
    state = call(state, "shield", {0: (10, 0)})  # 4 controlled, number_4 in the middle
    assert state.duty.kind == "take", "a second number tile is never offered"


# 2. gold and wheat change hands on a tie when gaining; the holder keeps them on a tie after a loss

def test_gold_goes_to_a_player_who_equals_the_holder_when_gaining():
    """S002's example: Marilyn 1 then 2 gold, Roman 1 (she keeps it), Roman 2 (he takes it)."""
    state = game([hand(0, card(11, symbols=("shield",), gold=1), card(12, symbols=("chariot",), gold=1)),
                  hand(1, card(13, symbols=("catapult",), gold=1), card(14, symbols=("swords",), gold=1))],
                 spare=spares(80, 81, 82, 83))
    state = call(state, "shield", {0: (11, 0)})
    state = play(state, "take", seat=0, number=80)
    assert state.gold == 0 and "gold" in state.player(0).rewards
    state = call(state, "chariot", {0: (12, 0)})
    state = play(state, "skip", seat=0)  # the number_2 tile: not now
    state = play(state, "take", seat=0, number=81)
    state = call(state, "catapult", {1: (13, 0)})
    state = play(state, "take", seat=1, number=82)
    assert state.gold == 0, "1 against 2: the holder keeps it"
    state = call(state, "swords", {1: (14, 0)})
    state = play(state, "claim", seat=1)
    state = play(state, "take", seat=1, number=83)
    assert state.gold == 1 and "gold" in state.player(1).rewards and "gold" not in state.player(0).rewards


def test_gold_stays_when_an_equal_player_completes_an_objective_without_gold():
    """"On a tie when gaining" (§4.5.2): only gaining gold takes it. Bo and Di each control one
    gold; Cy equals Di by gaining and takes it; Di then completes an objective without gold and
    the gold stays with Cy (it used to go back to Di, who gained nothing)."""
    hands = [hand(0), hand(1, card(20, symbols=("swords",), gold=1)), hand(2, card(30, symbols=("shield",), gold=1)),
             hand(3, card(40, symbols=("swords",), gold=1), card(41, symbols=("shield",)))]
    state = game(hands, spare=spares(80, 81, 82, 83, 84), **NO_UNKNOWN_VP)
    state = call(state, "swords", {1: (20, 0), 3: (40, 0)})  # 20 first: Bo; then Di equals and takes it
    state = play(state, "take", seat=1, number=80)
    state = play(state, "take", seat=3, number=81)
    assert state.gold == 3
    state = call(state, "shield", {2: (30, 0), 3: (41, 0)})  # 30: Cy equals Di by gaining; 41 gives none
    assert state.gold == 2 and "gold" in state.player(2).rewards and "gold" not in state.player(3).rewards


def _attacked(hands, spare, holder_cards, others):
    """Seat 0 holds gold (its `holder_cards`), seats 1.. hold `others`; the last seat completes 81
    (every other player removes a controlled objective)."""
    state = game(hands, spare=spare)
    state = holding(state, 0, *holder_cards)
    for seat, cards in others.items():
        state = holding(state, seat, *cards)
    state = state.with_player(evolve(state.player(0), rewards=("gold",)))
    return evolve(state, gold=0, middle=tuple(r for r in state.middle if r != "gold"))


def test_the_holder_keeps_gold_on_a_tie_after_a_loss():
    """S002 (瑪麗蓮): after losing a resource, 「如果仍然是她（即使並列），她保留該獎勵」."""
    state = _attacked([hand(0), hand(1), hand(2, card(81, symbols=("shield",), power=REMOVE))], spares(84),
                      [card(20, gold=1), card(21, gold=1)], {1: [card(22, gold=1), card(23)]})
    state = call(state, "shield", {2: (81, 0)})
    assert (state.duty.kind, state.duty.seat) == ("lose", 0)
    state = play(state, "lose", seat=0, number=20)
    state = play(state, "lose", seat=1, number=23)
    assert state.gold == 0 and "gold" in state.player(0).rewards  # 1 against 1: kept


def test_gold_lost_goes_to_the_top_player_and_the_holder_chooses_among_tied():
    state = _attacked([hand(0), hand(1), hand(2), hand(3, card(81, symbols=("shield",), power=REMOVE))], spares(84),
                      [card(20, gold=2), card(24)], {1: [card(22, gold=1), card(23)], 2: [card(25, gold=1), card(26)]})
    state = call(state, "shield", {3: (81, 0)})
    state = play(state, "lose", seat=0, number=20)  # Ann 0, Bo 1, Cy 1
    state = play(state, "lose", seat=1, number=23)
    state = play(state, "lose", seat=2, number=26)
    assert (state.duty.kind, state.duty.seat, state.duty.options) == ("give", 0, (1, 2))
    assert refused(state, "give", seat=0, to=3).rule == "Augustus 4.3 gold and wheat"
    state = play(state, "give", seat=0, to=2)
    assert state.gold == 2 and "gold" in state.player(2).rewards and "gold" not in state.player(0).rewards


def test_gold_returns_to_the_middle_when_nobody_has_any():
    state = _attacked([hand(0), hand(1, card(81, symbols=("shield",), power=REMOVE))], spares(84),
                      [card(20, gold=1)], {})
    state = call(state, "shield", {1: (81, 0)})  # Ann's only objective goes by itself
    assert state.gold is None and "gold" in state.middle and "gold" not in state.player(0).rewards


# 3. one legion per token -----------------------------------------------------------------------

def test_one_legion_per_token():
    state = game([hand(0, card(10, symbols=("shield", "shield"))), hand(1, card(11, symbols=("shield",)))])
    state = play(state, "draw", token="shield")
    state = play(state, "place", seat=0, number=10, slot=0)
    assert refused(state, "place", seat=0, number=10, slot=1).rule == "Augustus 4.2 mobilisation"
    assert refused(state, "place", seat=0, number=10, slot=1, from_number=10, from_slot=0).rule \
        == "Augustus 4.2 mobilisation"


def test_a_legion_goes_only_on_a_symbol_of_the_token_drawn():
    state = game([hand(0, card(10, symbols=("shield", "swords"))), hand(1)])
    state = play(state, "draw", token="shield")
    error = refused(state, "place", seat=0, number=10, slot=1)
    assert error.rule == "Augustus 4.2 mobilisation" and error.params["symbol"] == "swords"


def test_a_legion_may_be_moved_from_another_symbol_instead():
    state = game([hand(0, card(10, symbols=("swords", "dagger")), card(11, symbols=("shield", "chariot"))),
                  hand(1)])
    state = call(state, "swords", {0: (10, 0)})
    state = call(state, "shield", {0: (11, 0, 10, 0)})
    assert state.player(0).objective(10).legions == (False, False)
    assert state.player(0).objective(11).legions == (True, False)
    assert state.player(0).supply == 6


# 4. the joker: every drawn token back in the bag, the crier passes left ------------------------

def test_a_joker_returns_every_token_and_passes_the_crier_left():
    state = game([hand(0), hand(1), hand(2)], oldest=2)
    state = call(state, "shield")
    state = call(state, "swords")
    assert state.crier == 2 and sum(state.bag) == 21
    state = play(state, "draw", token="joker")
    assert state.phase == "place" and state.drawn == ("shield", "swords", "joker")
    for seat in range(3):
        if state.phase == "place" and not state.acted[seat]:
            state = play(state, "skip", seat=seat)
    assert state.bag == FULL and state.drawn == () and state.crier == 0, "left of seat 2 is seat 0"


def test_a_joker_mobilises_onto_any_symbol():
    state = game([hand(0, card(10, symbols=("catapult",))), hand(1)], spare=spares(80))
    state = call(state, "joker", {0: (10, 0)})
    assert state.player(0).controlled[0].number == 10


# 5. simultaneous completions resolve in ascending objective number ------------------------------

def test_simultaneous_completions_resolve_by_objective_number_not_by_seat():
    state = game([hand(0, card(30, symbols=("shield",))), hand(1, card(10, symbols=("shield",))),
                  hand(2, card(20, symbols=("shield",)))], spare=spares(80, 81, 82))
    state = call(state, "shield", {0: (30, 0), 1: (10, 0), 2: (20, 0)})
    assert state.resolving == 1 and state.pending == ((20, 2), (30, 0))
    assert refused(state, "take", seat=0, number=80).rule == "Augustus 4.2 completion"
    state = play(state, "take", seat=1, number=80)
    assert state.resolving == 2
    state = play(state, "take", seat=2, number=81)
    assert state.resolving == 0
    state = play(state, "take", seat=0, number=82)
    assert state.phase == "draw"


# 6. pending completions are immune to attacks; 4.6.2 a chain resolves before the next player -----

def test_pending_completions_are_immune_to_attacks():
    state = s002_example()
    state = play(state, "place", seat=0, number=1, slot=0)
    state = play(state, "place", seat=0, number=1, slot=1)
    state = play(state, "claim", seat=0)
    state = play(state, "take", seat=0, number=82)
    before = state
    state = play(state, "take", seat=0, number=83)
    # Roman's 76 has resolved its power: every other player cleared one objective's legions
    assert state.resolving == 1 and state.duty.kind == "take"
    assert state.player(2).objective(80).legions == (True,), "her 80 waits to resolve: immune"
    assert state.player(2).objective(5).legions == (False, False)
    assert state.player(0).objective(4).legions == (False, False), "Dimitri's only legion on (4) goes back"
    assert state.player(0).supply == before.player(0).supply + 1


def test_a_chain_inside_one_resolution_comes_before_the_next_player():
    """§4.6.2: 「這會在輪到下一位玩家之前立即執行，不考慮到其他玩家的數字」."""
    state = s002_example()
    assert (state.resolving, state.duty.kind, state.duty.amount) == (0, "mobilise", 2)
    state = play(state, "place", seat=0, number=1, slot=0)
    state = play(state, "place", seat=0, number=1, slot=1)
    dimitri = state.player(0)
    assert [c.number for c in dimitri.controlled] == [40, 41, 70, 1], "1 resolved before Roman's 76"
    assert state.pending == ((76, 1), (80, 2))
    assert "green" in dimitri.rewards, "first to control three green provinces"
    assert state.duty.kind == "number" and state.duty.of == "number_4", "§4.7.1: offered at the final count"
    state = play(state, "claim", seat=0)
    assert state.duty.kind == "take" and state.duty.amount == 2, "two new objectives after two completions"


# 7. colour rewards (and, 4.6.1, number rewards) are never lost ----------------------------------

def test_colour_and_number_rewards_are_never_lost():
    state = game([hand(0, card(12, symbols=("shield",))), hand(1, card(81, symbols=("swords",), power=REMOVE))],
                 spare=spares(80, 82), **NO_UNKNOWN_VP)
    state = holding(state, 0, card(10), card(11))
    state = call(state, "shield", {0: (12, 0)})
    assert "green" in state.player(0).rewards
    state = play(state, "claim", seat=0)
    state = play(state, "take", seat=0, number=80)
    state = call(state, "swords", {1: (81, 0)})
    state = play(state, "lose", seat=0, number=12)
    assert len(state.player(0).controlled) == 2
    assert {"green", "number_3"} <= set(state.player(0).rewards)


# 8. the game ends at the end of the draw, not in the middle of its resolutions -----------------

def test_the_game_ends_at_the_close_of_the_draw_not_mid_resolution():
    state = game([hand(0, card(20, symbols=("shield",))), hand(1, card(30, symbols=("shield",)))],
                 spare=spares(80, 81), **NO_UNKNOWN_VP)
    state = holding(state, 0, *[card(40 + i, kind="senator") for i in range(6)])
    state = holding(state, 1, card(47))
    state = call(state, "shield", {0: (20, 0), 1: (30, 0)})
    assert len(state.player(0).controlled) == 7
    state = play(state, "take", seat=0, number=80)
    assert state.phase == "resolve" and state.resolving == 1, "Bo's completion in the same draw still resolves"
    state = play(state, "claim", seat=1)
    state = play(state, "take", seat=1, number=81)
    assert state.phase == "over" and state.final["winners"] == [0]


def test_reaching_seven_then_losing_one_in_the_same_draw_does_not_end_the_game():
    """§4.7.3: judged at the close of the draw; the setting end_check "reached" is the other reading."""
    def draw_of(**settings):
        state = game([hand(0, card(20, symbols=("shield",))), hand(1, card(81, symbols=("shield",), power=REMOVE))],
                     spare=spares(80, 82), **NO_UNKNOWN_VP, **settings)
        state = holding(state, 0, *[card(40 + i, kind="senator") for i in range(6)])
        state = call(state, "shield", {0: (20, 0), 1: (81, 0)})
        state = play(state, "take", seat=0, number=80)
        state = play(state, "lose", seat=0, number=40)
        return play(state, "take", seat=1, number=82)

    assert draw_of().phase == "draw"
    assert draw_of(end_check="reached").phase == "over"


# 9. seven legions each at the start, 48 in the box ---------------------------------------------

def test_seven_legions_each_and_forty_eight_in_the_box():
    state = game([hand(s) for s in range(6)])
    assert [p.supply for p in state.players] == [7] * 6
    assert state.reserve == 48 - 42 and legions(state) == 48


def test_a_legions_power_gives_no_more_than_the_box_holds():
    state = game([hand(0, card(10, symbols=("shield",), power={"kind": "legions", "amount": 3}))]
                 + [hand(s) for s in range(1, 6)], spare=spares(80))
    state = evolve(state, reserve=2)
    state = call(state, "shield", {0: (10, 0)})
    assert state.player(0).supply == 7 + 2 and state.reserve == 0


# 10. end-game powers are capped per card ------------------------------------------------------

def test_end_game_powers_count_with_their_caps():
    """S002's example: 10 shields on controlled objectives at 1 VP each, capped at 8; 2 VP per
    controlled green province."""
    state = set_up(2, **NO_UNKNOWN_VP)
    shields = {"kind": "vp_per_symbol", "amount": 1, "of": "shield", "cap": 8}
    greens = {"kind": "vp_per_kind", "amount": 2, "of": "green"}
    state = holding(state, 0, card(1, vp=2, kind="orange", symbols=["shield"] * 4, power=shields),
                    card(2, vp=3, symbols=["shield"] * 6, kind="pink", power=greens), card(3, vp=1, kind="green"))
    score = final_summary(state)["scores"][0]
    powers = [line for line in score["lines"] if line["category"] == "powers"]
    assert [(p["item"], p["count"], p["points"], p["capped"]) for p in powers] == [(1, 10, 8, True), (2, 1, 2, False)]
    assert score["total"] == 2 + 3 + 1 + 8 + 2 and score["powers"] == 10
    assert all(line["rule"].startswith("Augustus 4.") for line in score["lines"])
