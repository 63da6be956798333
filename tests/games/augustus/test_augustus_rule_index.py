"""The digest's "often wrong" list (augustus.md §4.5, ten points) and every §4.6 point each have a
named test that exists: the index below is the table a reader checks the rules against, and a
renamed or deleted test fails here."""

from __future__ import annotations

import importlib

import pytest

#: point → (module, test) — where each point is tried.
POINTS = {
    "4.5.1 number rewards: exact count, right after a completion, one per player": [
        ("test_augustus_often_wrong", "test_a_number_reward_is_offered_at_the_exact_count_right_after_a_completion"),
        ("test_augustus_often_wrong", "test_a_number_reward_is_not_offered_to_a_player_who_did_not_complete"),
        ("test_augustus_often_wrong", "test_a_number_reward_is_one_per_player")],
    "4.5.2 gold/wheat: a tie takes it when gaining, the holder keeps it on a tie after a loss": [
        ("test_augustus_often_wrong", "test_gold_goes_to_a_player_who_equals_the_holder_when_gaining"),
        ("test_augustus_often_wrong", "test_gold_stays_when_an_equal_player_completes_an_objective_without_gold"),
        ("test_augustus_often_wrong", "test_the_holder_keeps_gold_on_a_tie_after_a_loss"),
        ("test_augustus_often_wrong", "test_gold_lost_goes_to_the_top_player_and_the_holder_chooses_among_tied"),
        ("test_augustus_often_wrong", "test_gold_returns_to_the_middle_when_nobody_has_any")],
    "4.5.3 one legion per token": [("test_augustus_often_wrong", "test_one_legion_per_token"),
                                   ("test_augustus_often_wrong", "test_a_legion_goes_only_on_a_symbol_of_the_token_drawn")],
    "4.5.4 a joker returns every token and passes the crier": [
        ("test_augustus_often_wrong", "test_a_joker_returns_every_token_and_passes_the_crier_left")],
    "4.5.5 simultaneous completions by card number": [
        ("test_augustus_often_wrong", "test_simultaneous_completions_resolve_by_objective_number_not_by_seat")],
    "4.5.6 pending completions are immune to attacks": [
        ("test_augustus_often_wrong", "test_pending_completions_are_immune_to_attacks")],
    "4.5.7 colour rewards are never lost": [("test_augustus_often_wrong", "test_colour_and_number_rewards_are_never_lost")],
    "4.5.8 the end at the close of the draw, not mid-resolution": [
        ("test_augustus_often_wrong", "test_the_game_ends_at_the_close_of_the_draw_not_mid_resolution")],
    "4.5.9 seven legions each, 48 in the box": [("test_augustus_often_wrong", "test_seven_legions_each_and_forty_eight_in_the_box")],
    "4.5.10 per-card end scoring caps": [("test_augustus_often_wrong", "test_end_game_powers_count_with_their_caps")],
    "4.6.1 number rewards are never lost": [
        ("test_augustus_second_reading", "test_4_6_1_a_number_reward_stays_when_an_objective_that_earned_it_is_lost")],
    "4.6.2 completions chain inside one player's resolution": [
        ("test_augustus_second_reading", "test_4_6_2_a_chain_is_the_s002_example")],
    "4.6.3 the victim chooses which and keeps the legions a power gave": [
        ("test_augustus_second_reading", "test_4_6_3_the_victim_chooses_and_keeps_the_legions_a_power_gave")],
    "4.6.4 the power kinds S002 shows": [
        ("test_augustus_second_reading", "test_4_6_4_a_clearing_power_lets_each_victim_choose_among_its_objectives_with_legions"),
        ("test_augustus_second_reading", "test_4_6_4_a_mobilisation_may_be_limited_to_a_symbol_and_skipped")],
    "4.6.5 gold and wheat count resources; one card may give both": [
        ("test_augustus_second_reading", "test_4_6_5_gold_and_wheat_count_resources_and_one_card_may_give_both")],
    "4.6.6 several colour rewards; claiming the number tile is optional": [
        ("test_augustus_second_reading", "test_4_6_6_several_colour_rewards_at_once_and_the_number_reward_is_optional")],
    "4.6.7 the oldest player is the first crier": [
        ("test_augustus_second_reading", "test_4_6_7_the_oldest_player_is_the_first_crier")],
    "4.6.8 no reward VP in S002: a setting, or asked at the end": [
        ("test_augustus_second_reading", "test_4_6_8_a_reward_value_no_source_gives_is_asked_at_the_end")],
}


def test_the_index_names_every_point_of_4_5_and_4_6():
    assert sorted(k.split()[0] for k in POINTS) == sorted([f"4.5.{n}" for n in range(1, 11)]
                                                          + [f"4.6.{n}" for n in range(1, 9)])


@pytest.mark.parametrize("point", POINTS)
def test_every_point_has_its_named_tests(point):
    for module, name in POINTS[point]:
        assert callable(getattr(importlib.import_module(module), name, None)), f"{point}: no {module}.{name}"
