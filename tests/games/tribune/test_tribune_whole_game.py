"""Tribune, the whole game (mode "full"): the digest's "often wrong" points (3.6) and every §3.7
point as a named test, the regions, take-overs, benefits, the chariot and the victory check.
Rules: /work/shared/rules/tribune.md."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalCommand
from companion.core.views import mismatches, to_data
from companion.games.tribune import victory as vic
from companion.games.tribune.board import FOLLOWERS
from tests.games.tribune.whole_helpers import CARD, Table

ONLY_MONEY = {"factions": None, "laurels": None, "legions": None, "denarii": 40, "tribune": None, "favour": None,
              "needed": 1}


def _to_takeovers(t: Table) -> None:
    """Answer the regions' asks with "no" until the take-overs (or a bid) come."""
    t.pass_until("tribune.takeover")


def _to_chariot(t: Table) -> None:
    t.pass_until("never")
    assert t.view.phase == "chariot", t.view.phase


def _end_round(t: Table, **bids: int) -> None:
    """From anywhere in phases 3–5: pass to the chariot, bid (default everybody 0: a tie), and end."""
    _to_chariot(t)
    t.lock(**(bids or {f"s{i}": 0 for i in range(len(t.view.players))}))
    if t.ask is not None and t.ask.kind == "tribune.chariot_move":
        t.answer("stay")


# -- the set-up (3.1) ----------------------------------------------------------------------------


@pytest.mark.parametrize("players, followers", [(2, 6), (3, 6), (4, 5), (5, 4)])
def test_often_wrong_1_followers_by_player_count_6_6_5_4(players, followers):
    t = Table(players)
    assert FOLLOWERS[players] == followers
    assert [h.followers for h in t.board.holdings] == [followers] * players
    assert [h.left for h in t.board.holdings] == [followers] * players


def test_often_wrong_2_start_money_12_13_14_clockwise_from_the_start_player():
    t = Table(4, start_player=2)
    assert t.money() == [14, 15, 12, 13]
    assert t.board.placer == 2  # the start player places first


def test_one_laurel_lies_on_every_faction_field_and_the_first_take_over_takes_it():
    t = Table(3)
    assert all(f.laurel for f in t.board.factions)
    t.place_all({0: ["faction:legates"]})
    _to_takeovers(t)
    t.answer(["legates:3", "legates:2"])
    legates = next(f for f in t.board.factions if f.faction == "legates")
    assert legates.controller == 0 and not legates.laurel and t.holding(0).laurels == 1


def test_37_item_7_the_two_unkept_cards_go_face_down_on_the_pile_or_back_into_the_deck():
    assert Table(3).board.hidden_discards == 6  # S003: 「蓋著棄掉兩張」
    assert Table(3, unkept_cards="shuffle").board.hidden_discards == 0


def test_the_victory_card_is_entered_as_seven_numbers_and_refused_naming_the_field():
    t = Table(3)
    assert t.board.victory.thresholds == {k: CARD[k] for k in vic.CONDITIONS} and t.board.victory.needed == 3
    with pytest.raises(IllegalCommand, match="victory.needed"):
        Table(3, victory={**CARD, "needed": 6})  # only 5 printed
    with pytest.raises(IllegalCommand, match="victory.laurels"):
        Table(3, victory={**CARD, "laurels": 0})
    with pytest.raises(IllegalCommand, match="victory.favour' is missing"):
        Table(3, victory={k: v for k, v in CARD.items() if k != "favour"})


CARD_FILE = """[
  {"id": "A1", "columns": {"3": {"factions": 3, "laurels": 7, "legions": 4, "denarii": 35, "tribune": 1,
                               "favour": 2, "needed": 4},
                         "4": {"factions": 2, "laurels": 6, "legions": 3, "denarii": 30, "tribune": 1,
                               "favour": 2, "needed": 3}}},
  {"id": "B7", "columns": {"5": {"factions": 2, "laurels": 5, "legions": 3, "denarii": 25, "tribune": null,
                               "favour": 1, "needed": 3}}}
]"""


def test_37_item_8_the_victory_card_is_picked_from_the_tables_card_file_for_the_player_count():
    from companion.games.tribune.rules import TRIBUNE

    state = TRIBUNE.initial_state()
    command = TRIBUNE.parse_command("setup", {"players": ["A", "B", "C", "D"], "mode": "full",
                                              "victory_card": "A1", "victory_cards": CARD_FILE})
    for event in TRIBUNE.decide(state, command):
        state = TRIBUNE.apply(state, event)
    board = TRIBUNE.view(state).board
    assert board.victory.id == "A1" and board.victory.needed == 3 and board.victory.thresholds["denarii"] == 30
    with pytest.raises(IllegalCommand, match="prints no column for 2 players"):  # no 2-player column is attested
        TRIBUNE.decide(TRIBUNE.initial_state(), TRIBUNE.parse_command(
            "setup", {"players": ["A", "B"], "mode": "full", "victory_card": "A1", "victory_cards": CARD_FILE}))
    with pytest.raises(IllegalCommand, match="has no card Z9"):
        vic.pick(vic.parse_card_file(CARD_FILE), "Z9", 3)


def test_a_bad_card_file_is_refused_naming_its_line_and_field():
    bad = CARD_FILE.replace('"laurels": 5', '"laurels": "five"')
    with pytest.raises(IllegalCommand) as caught:
        vic.parse_card_file(bad)
    assert caught.value.params["field"] == "line 6" and "columns.5.laurels" in caught.value.params["problem"]
    with pytest.raises(IllegalCommand, match="not JSON"):
        vic.parse_card_file("[{")
    with pytest.raises(IllegalCommand) as caught:
        vic.parse_card_file('[\n {"id": "A", "columns": {"3": {}}},\n {"id": "A", "columns": {"7": {}}}\n]')
    assert caught.value.params["field"] == "line 2"


# -- phase 2: placing (3.3) --------------------------------------------------------------------


def test_often_wrong_9_the_coin_bowl_pays_7_to_the_first_then_5_at_once():
    t = Table(3)
    t.place("bowl")
    assert t.money() == [19, 13, 14]  # at once, when placed
    t.place("bowl", "bowl", "bowl")
    assert t.money() == [24, 18, 19]


def test_followers_go_in_turn_one_per_space():
    t = Table(3)
    t.place("I.1")
    with pytest.raises(IllegalCommand, match="Bo's turn"):
        t.do("place", seat=0, space="I.2")
    with pytest.raises(IllegalCommand, match="one follower per space"):
        t.place("I.1")
    with pytest.raises(IllegalCommand, match="no space 'IX.1'"):
        t.place("IX.1")
    assert t.ask.kind == "tribune.place" and t.ask.who == 1 and "I.1" not in t.ask.options


def test_often_wrong_8_region_vii_needs_a_vestals_marker_and_v_or_vii_never_twice_one_players():
    t = Table(2)
    with pytest.raises(IllegalCommand, match="Vestals faction marker"):
        t.place("VII.1")
    t.place("V.1", "bowl")
    assert "V.2" not in t.ask.options  # Ann's turn again: region V's other space is not hers to take
    with pytest.raises(IllegalCommand, match="both spaces of region V"):
        t.place("V.2")


def test_37_item_1_region_vii_needs_a_vestals_marker_not_control():
    t = Table(3)
    t.place_all({0: ["faction:vestals"]})
    _to_takeovers(t)
    t.answer(["vestals:2", "vestals:3"])  # Ann takes the Vestals: control and a marker
    _end_round(t)
    with pytest.raises(IllegalCommand, match="Vestals faction marker"):  # round 2: Bo starts, no marker
        t.place("VII.1")
    t.place_all({2: ["faction:vestals"]})
    _to_takeovers(t)
    t.answer(["vestals:1", "vestals:1", "vestals:1"])  # Cy takes them from Ann (more cards)
    _end_round(t)
    assert [f.controller for f in t.board.factions if f.faction == "vestals"] == [2]
    assert t.holding(0).markers["vestals"] == 1 and t.holding(0).factions == []
    t.place("VII.1")  # round 3: Cy (control and a marker), then Ann: a marker, no control
    t.place("VII.2")
    assert [s.seat for s in t.board.spaces if s.region == "VII"] == [2, 0]


def test_37_item_2_a_take_over_gives_a_faction_marker_six_per_faction():
    t = Table(2)
    t.place_all({0: ["faction:senators"]})
    _to_takeovers(t)
    t.answer(["senators:1", "senators:2"])
    senators = next(f for f in t.board.factions if f.faction == "senators")
    assert t.holding(0).markers == {**{f.faction: 0 for f in t.board.factions}, "senators": 1}
    assert senators.markers_left == 5


def test_37_item_3_face_down_cards_stay_secret_region_vi_buys_an_unknown_card():
    t = Table(3)
    t.place_all({0: ["VI.1"], 1: ["VI.2"], 2: ["VI.3"]})
    before = t.money()
    assert t.ask.kind == "tribune.region_vi" and t.ask.about["price"] == 4 and list(t.ask.options) == ["buy", "pass"]
    t.answer("buy")
    t.answer("pass")  # looking is free (3.8 item 2)
    t.answer("buy")
    assert t.money() == [before[0] - 4, before[1], before[2] - 2]
    assert t.board.colosseum == 6  # paid to the Colosseum, not the bank
    assert "card" not in json.dumps(to_data(t.board.spaces))  # which card was bought is never entered


def test_region_vi_pay_to_look_setting_charges_a_look_too():
    t = Table(3, region_vi_pay_to_look=True)
    t.place_all({0: ["VI.1"]})
    before = t.money()[0]
    assert list(t.ask.options) == ["buy", "look", "pass"]
    t.answer("look")
    assert t.money()[0] == before - 4 and t.board.colosseum == 4


def test_37_item_4_region_v_turns_up_two_cards_after_its_first_follower_then_the_rest():
    t = Table(3)
    assert t.board.region_v_cards == "none"
    t.place("V.1")
    assert t.board.region_v_cards == "two"
    t.place("V.2")
    assert t.board.region_v_cards == "all"


def test_37_item_5_region_iv_with_more_than_two_cards_one_match_is_enough():
    t = Table(3)
    t.place_all({0: ["IV.1"]})
    assert t.ask.kind == "tribune.region_iv"
    with pytest.raises(IllegalCommand, match="matching each card"):  # two cards: one discard per card
        t.answer({"cards": ["vestals:1", "senators:2"], "discard": ["vestals:3"]})
    with pytest.raises(IllegalCommand, match="matching one of their colours"):
        t.answer({"cards": ["vestals:1", "senators:2", "legates:1"], "discard": ["plebeians:3"]})
    t.answer({"cards": ["vestals:1", "senators:2", "legates:1"], "discard": ["senators:4"]})
    assert [(c.faction, c.value) for c in t.board.discards] == [("senators", 4)]


def test_region_iv_with_two_cards_takes_a_match_for_each():
    t = Table(3)
    t.place_all({0: ["IV.1"]})
    t.answer({"cards": ["vestals:1", "senators:2"], "discard": ["senators:1", "vestals:5"]})
    assert len(t.board.discards) == 2


def test_regions_i_and_ii_pay_the_cards_value_or_discard_it():
    t = Table(3)
    t.place_all({0: ["I.1", "II.1"]})
    t.do("pay_money", seat=0, amount=t.money()[0] - 3)  # Ann keeps 3 denarii
    with pytest.raises(IllegalCommand, match="cannot pay 9"):
        t.answer(9)
    t.answer(3)
    assert t.money()[0] == 0
    hidden = t.board.hidden_discards
    t.answer(None)  # region II: not bought, discarded
    assert t.board.hidden_discards == hidden + 1


def test_region_iii_takes_the_money_or_buys_the_card():
    t = Table(3)
    t.place_all({0: ["III.1", "III.2"]})
    money = t.money()[0]
    t.answer({"value": 4, "take": "money"})
    t.answer({"value": 3, "take": "card"})
    assert t.money()[0] == money + 4 - 3


# -- region V and the chariot: the two sealed bids --------------------------------------------


def test_often_wrong_3_region_v_winner_pays_the_other_bidder_and_a_tie_goes_to_space_1():
    t = Table(3)
    t.place_all({1: ["V.1"], 2: ["V.2"]})
    assert t.view.phase == "region_v" and t.ask is None  # the bid is on the pads, not the screen
    before = t.money()
    t.lock(s1=3, s2=3)
    assert t.money() == [before[0], before[1] - 3, before[2] + 3]
    assert t.view.results[-1]["tie"] and t.view.results[-1]["winner"] == 1


def test_region_v_with_one_occupant_pays_1_for_two_cards_or_declines():
    t = Table(3)
    t.place_all({0: ["V.1"]})
    assert t.ask.kind == "tribune.region_v_single" and t.ask.options == [True, False]
    money = t.money()[0]
    t.answer(True)
    assert t.money()[0] == money - 1


def test_often_wrong_4_chariot_winner_pays_the_bank_moves_it_and_it_protects_a_faction_next_round():
    t = Table(3)
    t.place_all({})
    _to_chariot(t)
    before = t.money()
    t.lock(s0=2, s1=5, s2=1)
    assert t.money() == [before[0], before[1] - 5, before[2]]  # to the bank, nobody else paid
    assert t.ask.kind == "tribune.chariot_move" and t.ask.who == 1
    t.answer("vestals")
    assert t.view.round == 2 and t.board.protected == "vestals" and t.board.chariot_at == "vestals"
    with pytest.raises(IllegalCommand, match="chariot protects the vestals"):
        t.place("faction:vestals")
    assert "faction:vestals" not in t.ask.options


def test_often_wrong_4_a_chariot_tie_refunds_every_bid_and_takes_it_off_the_board():
    t = Table(3)
    t.place_all({})
    _to_chariot(t)
    before = t.money()
    t.lock(s0=4, s1=4, s2=0)
    assert t.money() == before and not t.view.chariot.on_board and t.board.chariot_at is None
    assert t.view.round == 2 and t.board.protected is None


# -- take-overs (3.4) ----------------------------------------------------------------------------


def test_often_wrong_5_a_take_over_needs_two_cards_and_more_cards_or_a_higher_total():
    t = Table(3)
    t.place_all({0: ["faction:legates"]})
    _to_takeovers(t)
    with pytest.raises(IllegalCommand, match="at least 2 cards"):
        t.answer(["legates:9"])
    with pytest.raises(IllegalCommand, match="the legates"):
        t.answer(["legates:3", "vestals:2"])
    t.answer(["legates:3", "legates:2"])
    _end_round(t)
    t.place_all({1: ["faction:legates"]})
    _to_takeovers(t)
    with pytest.raises(IllegalCommand, match="more cards or a higher total"):
        t.answer(["legates:1", "legates:4"])  # 2 cards, total 5: neither more nor higher
    t.answer(["legates:1", "legates:5"])  # a higher total
    legates = next(f for f in t.board.factions if f.faction == "legates")
    assert legates.controller == 1 and (legates.size, legates.total) == (2, 6)
    assert t.holding(1).legions == 2  # the take-over's legion, then phase 5's (placeholders, benefit table U)


def _plebeians_held_by_ann_with_2_3_4(**settings) -> Table:
    t = Table(3, **settings)
    t.place_all({0: ["faction:plebeians"]})
    _to_takeovers(t)
    t.answer(["plebeians:2", "plebeians:3", "plebeians:4"])
    _end_round(t)
    t.place_all({1: ["faction:plebeians"], 2: ["faction:plebeians"]})  # round 2: Bo space 1, Cy space 2
    _to_takeovers(t)
    assert t.ask.who == 2 and t.ask.about["step"] == 2  # space 2 plays first
    t.answer(["plebeians:5", "plebeians:1", "plebeians:1", "plebeians:0"])  # more cards: holds it for a moment
    assert t.ask.who == 1 and t.ask.about["challenger"] == 2
    return t


def test_often_wrong_6_two_claimants_the_german_rule_space_1_beats_space_2_only():
    """S003 reply's example: 2,3,4 (9) held; space 2 plays 5,1,1,0 (7, 4 cards); space 1 plays 2,6
    (8): under the German rules space 1 takes the faction."""
    t = _plebeians_held_by_ann_with_2_3_4()
    t.answer(["plebeians:2", "plebeians:6"])
    plebeians = next(f for f in t.board.factions if f.faction == "plebeians")
    assert plebeians.controller == 1 and plebeians.total == 8
    assert t.holding(2).markers["plebeians"] == 0  # 3.8 item 5: a moment's control gives nothing


def test_often_wrong_6_two_claimants_the_ffg_rule_space_1_beats_both():
    t = _plebeians_held_by_ann_with_2_3_4(takeover_rule="ffg")
    with pytest.raises(IllegalCommand, match="more cards or a higher total"):
        t.answer(["plebeians:2", "plebeians:6"])  # beats 7 but not Ann's 9
    t.answer(None)  # Bo passes: Cy's set takes the faction
    plebeians = next(f for f in t.board.factions if f.faction == "plebeians")
    assert plebeians.controller == 2 and plebeians.size == 4 and t.holding(2).markers["plebeians"] == 1


def test_often_wrong_7_an_own_set_is_never_reinforced_nor_a_faction_claimed_twice():
    t = Table(3)
    t.place_all({0: ["faction:legates"]})
    _to_takeovers(t)
    t.answer(["legates:3", "legates:2"])
    _end_round(t)
    t.place("bowl", "bowl")  # round 2: Bo, Cy; then Ann
    with pytest.raises(IllegalCommand, match="never reinforced"):
        t.place("faction:legates")
    t.place("faction:senators", "faction:senators")  # Ann, then Bo
    t.place("bowl")  # Cy
    with pytest.raises(IllegalCommand, match="not two followers on one faction"):
        t.place("faction:senators")  # Ann again
    t.place("bowl", "bowl")  # Ann, Bo
    with pytest.raises(IllegalCommand, match="Both spaces"):
        t.place("faction:senators")  # Cy


def test_37_item_6_first_take_over_at_most_two_cards_is_a_setting():
    t = Table(3, first_takeover_max_two=True)
    t.place_all({0: ["faction:legates"]})
    _to_takeovers(t)
    with pytest.raises(IllegalCommand, match="at most 2 cards"):
        t.answer(["legates:1", "legates:2", "legates:3"])
    t.answer(["legates:1", "legates:2"])
    free = Table(3)
    free.place_all({0: ["faction:legates"]})
    _to_takeovers(free)
    free.answer(["legates:1", "legates:2", "legates:3"])
    assert free.board.factions[1].size == 3


def test_a_leader_in_the_set_gives_the_leaders_benefit_too():
    t = Table(3)
    t.place_all({0: ["faction:plebeians"]})
    _to_takeovers(t)
    money = t.money()[0]
    t.answer(["plebeians:0", "plebeians:4"])
    # take-over 3, leader 2, then phase 5's benefit 2 (placeholders, benefit table U)
    assert t.money()[0] == money + 3 + 2 + 2
    with pytest.raises(IllegalCommand, match="one leader"):
        t2 = Table(3)
        t2.place_all({0: ["faction:plebeians"]})
        _to_takeovers(t2)
        t2.answer(["plebeians:0", "plebeians:0"])


# -- benefits, the Colosseum, favour, the tribune ------------------------------------------------


def test_faction_benefits_every_round_in_order_and_the_gladiators_take_the_colosseum():
    t = Table(3)
    t.place_all({0: ["faction:gladiators", "VI.1"], 1: ["faction:patricians"]})
    t.answer("buy")  # Ann pays 4 into the Colosseum
    t.answer(["gladiators:1", "gladiators:2"])
    money = t.money()[0]
    assert t.board.colosseum == 4
    t.answer(["patricians:1", "patricians:2"])  # the last take-over: phase 5 follows by itself
    _to_chariot(t)
    assert t.money()[0] == money + 4 and t.board.colosseum == 0  # the pot, in phase 5
    assert t.holding(1).proconsul
    t.lock(s0=0, s1=0, s2=0)
    assert t.holding(1).followers == FOLLOWERS[3] + 1  # the Proconsul's extra follower this round


def test_the_vestals_benefit_gives_a_temporary_favour_tile_each_round():
    t = Table(2)
    t.place_all({0: ["faction:vestals"]})
    _to_takeovers(t)
    t.answer(["vestals:1", "vestals:2"])
    _to_chariot(t)
    assert (t.holding(0).eternal, t.holding(0).temporary, t.holding(0).favour) == (1, 1, 2)


def test_region_vii_discard_of_the_revealed_colour_gives_eternal_favour():
    t = Table(2)
    t.place_all({0: ["faction:vestals"]})
    _to_takeovers(t)
    t.answer(["vestals:1", "vestals:2"])
    _end_round(t)
    t.place("bowl", "VII.1")  # round 2: Bo, then Ann
    t.place_all({})
    with pytest.raises(IllegalCommand, match="revealed card's colour"):
        t.answer({"revealed": "senators", "discard": "legates:2"})
    eternal = t.holding(0).eternal
    t.answer({"revealed": "senators", "discard": "senators:2"})
    assert t.holding(0).eternal == eternal + 1


def test_scrolls_turn_into_a_tribune_tile():
    t = Table(2, scrolls_per_tribune=2)
    t.place_all({0: ["faction:senators"]})
    _to_takeovers(t)
    t.answer(["senators:1", "senators:2"])  # take-over: a scroll
    _to_chariot(t)  # benefit: a second scroll
    assert (t.holding(0).scrolls, t.holding(0).tribune) == (0, 1)


def test_the_benefit_table_is_data_a_table_replaces_row_by_row():
    from companion.games.tribune.rules import TRIBUNE

    rows = {r.faction: r for r in Table(2).board.benefits}
    assert rows["gladiators"].mark == "S" and rows["legates"].mark == "U" and all(r.source for r in rows.values())
    state = TRIBUNE.initial_state()
    command = TRIBUNE.parse_command("setup", {"players": ["A", "B"], "mode": "full", "victory": CARD,
                                              "benefits": {"legates": {"benefit": [["money", 4]], "source": "box"}}})
    for event in TRIBUNE.decide(state, command):
        state = TRIBUNE.apply(state, event)
    legates = next(r for r in TRIBUNE.view(state).board.benefits if r.faction == "legates")
    assert legates.benefit == [["money", 4]] and legates.mark == "table" and legates.source == "box"
    with pytest.raises(IllegalCommand, match=r"benefits.legates.benefit\[0\]"):
        TRIBUNE.decide(TRIBUNE.initial_state(), TRIBUNE.parse_command(
            "setup", {"players": ["A", "B"], "mode": "full", "victory": CARD,
                      "benefits": {"legates": {"benefit": [["gold", 4]]}}}))


# -- region VIII ---------------------------------------------------------------------------------


def test_region_viii_pairs_are_locked_in_secret_and_the_highest_takes_2_laurels_the_others_1():
    t = Table(3)
    t.place_all({0: ["VIII.1", "VIII.3"], 1: ["VIII.2"], 2: ["VIII.4"]})
    assert t.view.phase == "region_viii" and [s["seat"] for s in t.view.bid["seats"]] == [0, 1, 2]
    assert t.view.bid["kind"] == "region_viii" and t.view.bid["round"] == 1
    t.lock(s0=9, s1=12)
    assert "12" not in json.dumps(to_data(t.view.bid)) and t.view.results == []  # not before the reveal
    t.lock(s2=0)  # no pair
    assert [h.laurels for h in t.board.holdings] == [2, 2, 0]  # Ann: 2 pairs, 1 each; Bo: the highest, 2
    assert t.view.results[-1]["kind"] == "region_viii" and t.view.results[-1]["winners"] == [1]


# -- the victory check (3.5) ---------------------------------------------------------------------

SPEND = {1: ["I.1", "I.2", "I.3", "II.1", "II.2", "II.3"], 2: ["III.1", "III.2", "IV.1", "VI.1", "VI.2", "VI.3"]}


def test_often_wrong_10_a_declared_win_must_still_hold_at_the_round_end():
    t = Table(3, victory=ONLY_MONEY)
    t.place_all(SPEND)
    assert t.money()[0] == 12 + 7 + 5 * 5
    t.do("declare", seat=0)
    assert t.board.grid[0].qualifies and t.board.holdings[0].declared
    _to_chariot(t)
    t.lock(s0=10, s1=0, s2=0)  # Ann wins the chariot and drops to 34
    t.answer("stay")
    check = t.board.checks[-1]
    assert check.declared == [0] and check.qualifiers == [] and not t.view.finished
    assert check.standings[0].conditions[3].margin == -6  # short by 6 denarii
    assert t.view.round == 2 and not t.board.holdings[0].declared


def test_a_player_meeting_the_card_without_declaring_wins_and_must_declare_is_a_setting():
    t = Table(3, victory=ONLY_MONEY)
    t.place_all(SPEND)
    _end_round(t)
    assert t.view.finished and t.board.winners == [0] and t.view.phase == "finished"
    strict = Table(3, victory=ONLY_MONEY, must_declare=True)
    strict.place_all(SPEND)
    _end_round(strict)
    assert not strict.view.finished and strict.board.checks[-1].qualifiers == []


def test_several_qualifiers_the_table_picks_with_the_margins_shown():
    t = Table(3, victory=ONLY_MONEY)
    t.place_all({})  # everybody in the bowl: 44, 43, 44
    _to_chariot(t)
    t.lock(s0=0, s1=0, s2=0)
    assert t.view.phase == "winner" and t.ask.kind == "tribune.winner" and t.ask.who is None
    assert list(t.ask.options) == [0, 1, 2, "shared"]
    assert [r.margin for r in t.board.checks[-1].standings] == [4, 3, 4]
    with pytest.raises(IllegalCommand, match="qualified"):
        t.answer(7)
    t.answer(2)
    assert t.view.finished and t.board.winners == [2]


@pytest.mark.parametrize("rule, winners", [("most_met", [0, 1, 2]), ("margin", [0, 2]), ("shared", [0, 1, 2])])
def test_several_qualifiers_by_the_settings_rule(rule, winners):
    t = Table(3, victory=ONLY_MONEY, several_winners=rule)
    t.place_all({})
    _end_round(t)
    assert t.view.finished and t.board.winners == winners


def test_the_grid_shows_each_condition_met_or_its_margin_and_a_condition_not_printed_is_never_met():
    t = Table(2, victory={**CARD, "tribune": None})
    row = t.board.grid[0]
    cells = {c.name: (c.value, c.threshold, c.met, c.margin) for c in row.conditions}
    assert cells["denarii"] == (12, 40, False, -28) and cells["tribune"] == (0, None, False, None)
    assert row.met == 0 and row.short == 3 and not row.qualifies


def test_the_view_is_typed_and_public_and_the_keeper_view_is_unchanged():
    t = Table(4)
    assert mismatches(t.view) == [] and t.view.mode == "full"
    from companion.games.tribune.rules import TRIBUNE

    keeper = TRIBUNE.initial_state()
    for event in TRIBUNE.decide(keeper, TRIBUNE.parse_command("setup", {"players": ["A", "B"]})):
        keeper = TRIBUNE.apply(keeper, event)
    assert "board" not in TRIBUNE.view(keeper) and "mode" not in TRIBUNE.view(keeper)
    with pytest.raises(IllegalCommand, match="whole game"):
        TRIBUNE.decide(keeper, TRIBUNE.parse_command("place", {"seat": 0, "space": "bowl"}))
    with pytest.raises(IllegalCommand, match="rules open the bids"):
        t.do("next_round")


def test_a_whole_game_ends_with_its_winner_from_the_victory_card():
    t = Table(2, victory={"factions": 2, "laurels": None, "legions": None, "denarii": None, "tribune": None,
                          "favour": None, "needed": 1})
    t.place_all({0: ["faction:legates", "faction:senators"]})
    _to_takeovers(t)
    t.answer(["legates:1", "legates:2"])
    t.answer(["senators:1", "senators:2"])
    _end_round(t, s0=1, s1=0)
    assert t.view.finished and t.board.winners == [0] and t.board.checks[-1].qualifiers == [0]
    assert "winner: Ann" in __import__("companion.games.tribune.rules", fromlist=["TRIBUNE"]).TRIBUNE.summary_text(
        to_data(t.view))
