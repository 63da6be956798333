"""Trajan scoring: demands (1.5), senate (1.4), the season, bonus tiles (1.11) and the final breakdown (1.12).

The digest's "often wrong" points that concern scoring (Trajan 1.14: 3, 4, 5, 6, 9, 11, 13) each have
a test named after them; the demand payment is checked against a brute force over every assignment.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings as hsettings, strategies as st

from tests.properties import examples

from companion.core.errors import IllegalCommand
from companion.games.trajan import rules_data as R
from companion.games.trajan import scoring as S
from companion.games.trajan.settings import DEFAULT, PROVINCES
from companion.games.trajan.state import PlayerState, TrajanState, TrajanTile, bag

# The HEM reading, a setting: an unused demand wildcard stands in for a demand bonus tile's forum tile.
# The default is the rulebook's (S000 p11–12): it never does.
WILD_BONUS = dataclasses.replace(DEFAULT, demand_wildcard_counts_for_bonus=True)


def player(seat=0, name=None, **changes) -> PlayerState:
    base = PlayerState(seat=seat, name=name or "ABCD"[seat], colour="")
    if "forum" in changes:
        changes["forum"] = bag(changes["forum"])
    return dataclasses.replace(base, **changes)


def table(*players, **changes) -> TrajanState:
    changes.setdefault("senate_stack", tuple(range(len(players))))
    return TrajanState(players=tuple(players), **changes)


def tile(kind="victory"):
    return TrajanTile(kind, ("yellow", "blue"))


# -- Trajan 1.14 point 3: the penalty is 4/9/15, not linear ---------------------------------------


@pytest.mark.parametrize("unmet, penalty", [(0, 0), (1, 4), (2, 9), (3, 15)])
def test_often_wrong_3_demand_penalty_is_not_linear(unmet, penalty):
    demands = ("bread", "games", "religion")
    held = [f"demand_{d}" for d in demands[unmet:]]
    payment = S.pay_demands(demands, player(forum=held), DEFAULT)
    assert (payment.unmet, payment.penalty) == (unmet, penalty)


def test_often_wrong_3_a_penalty_can_take_the_score_below_zero():
    state = table(player(0, vp=5), player(1, vp=0, forum=["demand_bread"]), demands=("bread", "bread", "games"))
    scored, report = S.season_scoring(state)
    assert [p.vp for p in scored.players] == [5 - 15, 0 - 9]
    assert [(r.vp_before, r.vp_after) for r in report.players] == [(5, -10), (0, -9)]


# -- Trajan 1.14 point 4: paying is compulsory; a Trajan tile meets one demand a season and stays ---


def test_often_wrong_4_demands_must_be_met_when_able():
    # The player would rather keep the bread tile (no bonus tile makes it worth keeping, though):
    # the payment is not a choice, so the tile goes and no penalty is taken.
    payment = S.pay_demands(("bread",), player(forum=["demand_bread"]), DEFAULT)
    assert payment.sources == ("forum",) and payment.penalty == 0 and payment.forum_after == ()


def test_often_wrong_4_a_demand_bonus_never_excuses_an_unmet_demand():
    # Keeping the bread tile would be worth 9 at the end, but fewer unmet demands come first.
    p = player(forum=["demand_bread"], bonus_tiles=(("demand_bread", "yellow"),))
    payment = S.pay_demands(("bread",), p, DEFAULT)
    assert payment.unmet == 0 and payment.forum_after == ()


def test_often_wrong_4_a_trajan_demand_tile_meets_one_demand_per_season_and_is_kept():
    p = player(trajan_demand=("bread",))
    payment = S.pay_demands(("bread", "bread", "games"), p, DEFAULT)
    assert payment.sources == ("trajan", None, None) and payment.penalty == 9
    state = table(p, player(1), demands=("bread", "bread", "games"))
    scored, _ = S.season_scoring(state)
    assert scored.players[0].trajan_demand == ("bread",)  # kept for the next season
    again, _ = S.season_scoring(dataclasses.replace(scored, demands=("bread", "games", "religion")))
    assert again.players[0].vp == -9 - 9


def test_often_wrong_4_forum_tiles_and_wildcards_are_discarded():
    p = player(forum=["demand_games", "wild_demand", "senate_2"])
    payment = S.pay_demands(("games", "religion", "bread"), p, DEFAULT)
    assert payment.sources == ("forum", "wildcard", None)
    assert payment.tiles_spent == ("demand_games", "wild_demand")
    assert payment.forum_after == ("senate_2",)


def test_two_trajan_tiles_of_a_type_meet_two_demands():
    payment = S.pay_demands(("religion", "religion", "religion"), player(trajan_demand=("religion", "religion")), DEFAULT)
    assert payment.sources == ("trajan", "trajan", None) and payment.penalty == 4


# -- demand payment tie-breaks --------------------------------------------------------------------


def test_payment_keeps_the_tile_a_demand_bonus_needs():
    # Bread bonus tile; by default (S000 p11–12) the wildcard does not count for it: pay the bread
    # demand with the wildcard and keep the bread forum tile, worth 9 at the end.
    p = player(forum=["demand_bread", "wild_demand"], bonus_tiles=(("demand_bread", "yellow"),))
    payment = S.pay_demands(("bread",), p, DEFAULT)
    assert payment.sources == ("wildcard",) and payment.forum_after == ("demand_bread",)
    assert S.demand_bonus_vp(p.bonus_tiles, payment.forum_after, DEFAULT) == 9


def test_a_season_keeps_the_forum_tile_a_demand_bonus_needs_when_a_wildcard_can_pay():
    # Trajan 1.5 with 1.11, issue #16: a demand wildcard and a forum demand tile could both pay the
    # games demand, and Ann holds a games bonus tile. Fewest unmet first (none either way), then keep
    # what the bonus needs: the wildcard pays, the games forum tile stays, and her bonus scores.
    holding = ["demand_games", "wild_demand", "demand_bread", "demand_bread"]
    ann = player(0, vp=20, forum=holding, bonus_tiles=(("demand_games", "grey"),))
    bo = player(1, vp=20, forum=holding)  # no bonus tile: forum tiles before the wildcard
    state = table(ann, bo, demands=("games", "bread", "bread"))
    scored, report = S.season_scoring(state)
    assert [r.payment.sources for r in report.players] == [("wildcard", "forum", "forum"), ("forum", "forum", "forum")]
    assert report.players[0].payment.tiles_spent == ("demand_bread", "demand_bread", "wild_demand")
    assert scored.players[0].forum == ("demand_games",) and scored.players[1].forum == ("wild_demand",)
    assert [p.vp for p in scored.players] == [20, 20]
    bonus = [S.final_breakdown(scored).players[i].vp("bonus_tiles") for i in (0, 1)]
    assert bonus == [6, 0]  # Ann's grey games bonus tile, kept alive by the forum tile


def test_fewest_unmet_comes_before_the_tile_a_demand_bonus_needs():
    # The wildcard could save the games tile only by leaving religion unmet: paying is compulsory,
    # so the games tile goes, the wildcard meets religion, and the bonus is lost.
    ann = player(0, forum=["demand_games", "wild_demand", "demand_bread"], bonus_tiles=(("demand_games", "yellow"),))
    payment = S.pay_demands(("games", "bread", "religion"), ann, DEFAULT)
    assert payment.sources == ("forum", "forum", "wildcard") and payment.unmet == 0 and payment.forum_after == ()


def test_payment_prefers_forum_tiles_to_wildcards_when_the_bonus_is_kept_either_way():
    # With the HEM setting the wildcard counts for the bonus: keeping it is as good, forum tile first.
    p = player(forum=["demand_bread", "wild_demand"], bonus_tiles=(("demand_bread", "yellow"),))
    payment = S.pay_demands(("bread",), p, WILD_BONUS)
    assert payment.sources == ("forum",) and payment.forum_after == ("wild_demand",)


def test_payment_keeps_the_yellow_bonus_before_the_grey_one():
    p = player(forum=["demand_bread", "demand_games", "wild_demand"],
               bonus_tiles=(("demand_bread", "grey"), ("demand_games", "yellow")))
    payment = S.pay_demands(("bread", "games"), p, DEFAULT)
    assert payment.sources == ("forum", "wildcard") and payment.forum_after == ("demand_games",)


def test_payment_keeps_a_wildcard_worth_two_bonus_tiles():
    # With the HEM setting: keeping the wildcard (it stands in for the yellow bread tile) or the
    # bread tile is worth 9, keeping the games tile only 6; of the two 9s, forum tiles go first.
    p = player(forum=["demand_bread", "demand_games", "wild_demand"],
               bonus_tiles=(("demand_bread", "yellow"), ("demand_games", "grey")))
    payment = S.pay_demands(("bread", "games"), p, WILD_BONUS)
    assert payment.sources == ("forum", "forum") and payment.forum_after == ("wild_demand",)
    # By default the wildcard is worth no bonus: keep the yellow bread tile, pay bread with the wildcard.
    payment = S.pay_demands(("bread", "games"), p, DEFAULT)
    assert payment.sources == ("wildcard", "forum") and payment.forum_after == ("demand_bread",)


def test_payment_uses_trajan_tiles_before_forum_tiles():
    p = player(trajan_demand=("games",), forum=["demand_games"])
    payment = S.pay_demands(("games",), p, DEFAULT)
    assert payment.sources == ("trajan",) and payment.forum_after == ("demand_games",)


def test_payment_uses_forum_tiles_before_wildcards():
    p = player(forum=["demand_religion", "wild_demand"])
    payment = S.pay_demands(("religion",), p, DEFAULT)
    assert payment.sources == ("forum",) and payment.forum_after == ("wild_demand",)


def test_payment_meets_the_earlier_demand_first_when_nothing_else_decides():
    payment = S.pay_demands(("games", "bread"), player(forum=["wild_demand"]), DEFAULT)
    assert payment.sources == ("wildcard", None)
    payment = S.pay_demands(("bread", "bread"), player(forum=["wild_demand", "demand_bread"]), DEFAULT)
    assert payment.sources == ("forum", "wildcard")


def test_payment_refuses_what_is_not_a_season():
    with pytest.raises(ValueError):
        S.pay_demands(("cheese",), player(), DEFAULT)
    with pytest.raises(ValueError):
        S.pay_demands(("bread",) * 4, player(), DEFAULT)


# -- brute force: the payment is optimal against every assignment ---------------------------------

ORDER = {"trajan": 0, "forum": 1, "wildcard": 2, None: 3}


def independent_bonus(bonus_tiles, after: Counter, wild_counts: bool) -> int:
    """Trajan 1.11 demand bonus, written out again: a forum tile of the type, else one wildcard each."""
    value = {"yellow": 9, "grey": 6}
    total, missing = 0, []
    for kind, side in bonus_tiles:
        if after[kind] > 0:
            total += value[side]
        else:
            missing.append(value[side])
    if wild_counts:
        total += sum(sorted(missing, reverse=True)[: after["wild_demand"]])
    return total


def brute_force(demands, p: PlayerState, settings):
    held = Counter(p.forum)
    trajan = Counter(p.trajan_demand)
    best = None
    for sources in itertools.product(("trajan", "forum", "wildcard", None), repeat=len(demands)):
        by_trajan = Counter(d for d, s in zip(demands, sources) if s == "trajan")
        by_forum = Counter(f"demand_{d}" for d, s in zip(demands, sources) if s == "forum")
        wild = sources.count("wildcard")
        if any(n > trajan[t] for t, n in by_trajan.items()) or any(n > held[k] for k, n in by_forum.items()):
            continue
        if wild > held["wild_demand"]:
            continue
        after = held - by_forum - Counter({"wild_demand": wild})
        key = (sources.count(None), -independent_bonus(p.bonus_tiles, after, settings.demand_wildcard_counts_for_bonus),
               -sources.count("trajan"), wild, tuple(ORDER[s] for s in sources))
        if best is None or key < best[0]:
            best = (key, sources, bag(after.elements()))
    return best


demand_type = st.sampled_from(R.DEMAND_TYPES)
holdings = st.builds(
    lambda trajan, forum, bonus, sides: player(
        trajan_demand=bag(trajan), forum=forum,
        bonus_tiles=tuple(sorted((f"demand_{k}", side) for k, side in zip(bonus, sides)))),
    st.lists(demand_type, max_size=3),
    st.lists(st.sampled_from(["demand_bread", "demand_games", "demand_religion", "wild_demand", "wild_demand",
                              "senate_3"]), max_size=7),
    st.lists(demand_type, max_size=3, unique=True),
    st.lists(st.sampled_from(["yellow", "grey"]), min_size=3, max_size=3),
)


@hsettings(max_examples=examples(100), deadline=None)
@given(demands=st.lists(demand_type, max_size=3).map(tuple), p=holdings, wild_counts=st.booleans())
def test_payment_is_optimal_against_brute_force(demands, p, wild_counts):
    settings = dataclasses.replace(DEFAULT, demand_wildcard_counts_for_bonus=wild_counts)
    payment = S.pay_demands(demands, p, settings)
    key, sources, after = brute_force(demands, p, settings)
    assert payment.sources == sources
    assert payment.forum_after == after
    assert payment.unmet == key[0] and payment.penalty == R.DEMAND_PENALTY[key[0]]
    # and the fewest unmet demands, in closed form:
    need, trajan, held = Counter(demands), Counter(p.trajan_demand), Counter(p.forum)
    short = sum(max(0, need[t] - trajan[t] - held[f"demand_{t}"]) for t in R.DEMAND_TYPES)
    assert payment.unmet == max(0, short - held["wild_demand"])


# -- Trajan 1.14 point 5: demand bonus tiles count unused forum tiles, once ------------------------


def test_often_wrong_5_demand_bonus_counts_only_forum_tiles_and_only_once():
    bonus = (("demand_bread", "yellow"),)
    assert S.demand_bonus_vp(bonus, ["demand_bread"] * 3, DEFAULT) == 9  # not 27
    assert S.demand_bonus_vp((("demand_bread", "grey"),), ["demand_bread"], DEFAULT) == 6
    assert S.demand_bonus_vp(bonus, ["demand_games"], DEFAULT) == 0
    # Trajan demand tiles never count:
    state = table(player(0, trajan_demand=("bread", "bread"), bonus_tiles=bonus), player(1))
    assert S.final_breakdown(state).players[0].vp("bonus_tiles") == 0


def test_demand_wildcards_with_the_hem_setting_one_bonus_tile_each():
    bonus = (("demand_bread", "grey"), ("demand_games", "yellow"))
    assert S.demand_bonus_vp(bonus, ["wild_demand"], WILD_BONUS) == 9  # yellow first
    assert S.demand_bonus_vp(bonus, ["wild_demand"] * 2, WILD_BONUS) == 15
    assert S.demand_bonus_vp(bonus, ["wild_demand"] * 2, DEFAULT) == 0


# -- Trajan 1.14 point 13: a demand wildcard never satisfies a demand bonus tile; a commodity one does --


def test_often_wrong_13_a_demand_wildcard_never_satisfies_a_demand_bonus_tile():
    # S000 p11: at least one forum demand tile of the type (论坛板块，非图拉真板块); p12: the demand
    # wildcard only pays demands. An unused demand wildcard and a demand bonus tile, but no forum
    # tile of that type: the tile scores 0, on either side.
    assert DEFAULT.demand_wildcard_counts_for_bonus is False
    ann = player(0, vp=50, forum=["wild_demand", "wild_demand", "demand_bread"],
                 bonus_tiles=(("demand_games", "yellow"), ("demand_religion", "grey"), ("demand_bread", "grey")))
    state = table(ann, player(1))
    final = S.final_breakdown(state)
    assert final.players[0].vp("bonus_tiles") == 6  # bread grey only: games 0, religion 0
    values = {t: (vp, how.text()) for t, _side, vp, how in S.bonus_tile_values(state, state.players[0])}
    assert values == {"demand_games": (0, "no unused games forum tile"),
                      "demand_religion": (0, "no unused religion forum tile"),
                      "demand_bread": (6, "1 unused bread forum tile")}
    # The HEM reading is a setting: there each wildcard stands in for one of them, yellow first.
    hem = S.final_breakdown(dataclasses.replace(state, settings=WILD_BONUS))
    assert hem.players[0].vp("bonus_tiles") == 9 + 6 + 6 and hem.players[0].total == final.players[0].total + 15


def test_often_wrong_13_a_commodity_wildcard_counts_as_one_card_for_a_commodity_bonus_tile():
    # S000 p12: an unused commodity wildcard may go with a bonus tile at the final scoring, one card each.
    ann = player(0, display=("wine",), forum=["wild_commodity", "wild_commodity"],
                 bonus_tiles=(("commodity_wine_fish", "yellow"),))
    state = table(ann, player(1))
    assert S.final_breakdown(state).players[0].vp("bonus_tiles") == (1 + 2) * 3


# -- Trajan 1.14 point 6: votes = space value + senate tiles; ties: space, then stack --------------


def test_often_wrong_6_votes_are_space_value_plus_senate_tiles():
    assert S.votes(player(senate=0), DEFAULT) == 0
    assert S.votes(player(senate=1), DEFAULT) == 2
    assert S.votes(player(senate=7), DEFAULT) == 8  # the top space, after which no senate action
    assert S.votes(player(senate=3, forum=["senate_2", "senate_5", "demand_bread"]), DEFAULT) == 4 + 7
    assert S.votes(player(senate=2), dataclasses.replace(DEFAULT, senate_values=(1, 10, 20))) == 10


def test_often_wrong_6_senate_ties_go_to_the_higher_space_then_the_higher_disc():
    a = player(0, senate=2, forum=["senate_3"])  # 3 + 3 = 6
    b = player(1, senate=4)  # 5 + 0 = 5 ... and a tie on 6 for c
    c = player(2, senate=1, forum=["senate_4"])  # 2 + 4 = 6
    result = S.senate_result(table(a, b, c, senate_stack=(0, 1, 2)))
    assert result.votes == (6, 5, 6)
    assert (result.consul, result.proconsul) == (0, 2)  # space 2 beats space 1
    consul, proconsul, votes = result  # unpacks as (consul, proconsul, votes)
    assert (consul, proconsul, votes) == (0, 2, (6, 5, 6))
    same_space = table(player(0, senate=3), player(1, senate=3), player(2), senate_stack=(2, 1, 0))
    assert S.senate_result(same_space).ranking == (0, 1, 2)  # seat 0 is higher in the stack
    assert S.senate_result(dataclasses.replace(same_space, senate_stack=(2, 0, 1))).ranking == (1, 0, 2)


def test_two_players_the_proconsul_is_the_other_player():
    state = table(player(0), player(1, senate=1))
    assert tuple(S.senate_result(state))[:2] == (1, 0)


def test_rebuilt_stack_puts_fewest_votes_at_the_bottom_and_the_consul_on_top():
    state = table(player(0, senate=5), player(1, senate=1), player(2, senate=1), player(3, senate=3),
                  senate_stack=(0, 1, 3, 2))
    assert S.rebuilt_stack(state) == (1, 2, 3, 0)  # seats 1 and 2 tie: 2 was higher, so it stays above


# -- a whole season with 3 players -----------------------------------------------------------------


def season_table():
    ann = player(0, "Ann", vp=30, senate=5, trajan_demand=("bread",),
                 forum=["demand_games", "demand_religion", "senate_4"], bonus_tiles=(("demand_religion", "yellow"),))
    bo = player(1, "Bo", vp=25, senate=7, forum=["wild_demand"])
    cy = player(2, "Cy", vp=33, senate=2, forum=["demand_bread", "demand_bread", "demand_games", "senate_5", "senate_2"])
    return table(ann, bo, cy, season=2, demands=("bread", "games", "bread"), senate_stack=(1, 0, 2),
                 senate_bonus=("workers", "commodity_wine_fish"))


def test_a_whole_season_with_three_players():
    state = season_table()
    scored, report = S.season_scoring(state)
    ann, bo, cy = report.players
    # Ann: Trajan bread, forum games, the second bread unmet (one demand per Trajan tile): -4.
    assert ann.payment.sources == ("trajan", "forum", None) and ann.payment.penalty == 4
    # Bo: one wildcard, two unmet: -9.
    assert bo.payment.sources == ("wildcard", None, None) and bo.payment.penalty == 9
    # Cy: everything from the forum.
    assert cy.payment.sources == ("forum", "forum", "forum") and cy.payment.penalty == 0
    assert [(r.vp_before, r.vp_after) for r in report.players] == [(30, 26), (25, 16), (33, 33)]
    assert [p.vp for p in scored.players] == [26, 16, 33]
    assert scored.players[0].forum == ("demand_religion", "senate_4")  # the religion tile stays for the bonus
    assert scored.players[1].forum == ()
    assert scored.players[2].forum == ("senate_2", "senate_5")
    # votes: Ann 6 + 4 = 10, Bo 8, Cy 3 + 7 = 10: Ann and Cy tie, Ann's space (5) is higher.
    assert [r.votes for r in report.players] == [10, 8, 10]
    assert (report.consul, report.proconsul) == (0, 2)
    assert (scored.consul, scored.proconsul, scored.phase) == (0, 2, "consul")
    assert report.stack_after == (1, 2, 0)
    assert scored.season_reports == state.season_reports  # journaling the report is the rules module's job
    as_dict = report.as_dict()
    assert as_dict["players"][1]["paid"][0] == {"demand": "bread", "with": "wildcard"}
    assert as_dict["senate_stack_after"] == [1, 2, 0]

    after = S.award_bonus_tiles(scored, "commodity_wine_fish")
    assert after.players[0].bonus_tiles == (("commodity_wine_fish", "yellow"), ("demand_religion", "yellow"))
    assert after.players[2].bonus_tiles == (("workers", "grey"),)
    assert after.players[1].bonus_tiles == ()
    assert all(p.senate == 0 for p in after.players)
    assert all(not t.startswith("senate_") for p in after.players for t in p.forum)
    assert after.players[0].forum == ("demand_religion",)
    assert after.senate_stack == (1, 2, 0) and after.senate_bonus == ()


def test_the_consul_can_only_take_a_tile_beside_the_senate():
    scored, _ = S.season_scoring(season_table())
    with pytest.raises(IllegalCommand) as info:
        S.award_bonus_tiles(scored, "legionnaires")
    assert info.value.rule == "Trajan 1.4 senate" and "workers, commodity_wine_fish" in info.value.message
    with pytest.raises(IllegalCommand) as info:
        S.award_bonus_tiles(season_table(), "workers")
    assert "no consul" in info.value.message


# -- Trajan 1.14 point 9: grey workers bonus is half, rounded up ------------------------------------


@pytest.mark.parametrize("workers, yellow, grey", [(0, 0, 0), (1, 1, 1), (4, 4, 2), (5, 5, 3), (7, 7, 4)])
def test_often_wrong_9_grey_workers_bonus_is_half_rounded_up(workers, yellow, grey):
    for side, vp in (("yellow", yellow), ("grey", grey)):
        p = player(0, site_workers=tuple(range(workers)), bonus_tiles=(("workers", side),))
        assert S.final_breakdown(table(p, player(1))).players[0].vp("bonus_tiles") == vp


# -- Trajan 1.14 point 11: +1 per unfinished Trajan tile on the wheel -------------------------------


def test_often_wrong_11_unfinished_trajan_tiles_score_one_each():
    p = player(0, trajan_slots=(tile(), None, tile("cards"), None, None, tile("demand_bread")),
               trajan_demand=("bread", "games"))  # completed demand tiles are not on the wheel
    assert S.final_breakdown(table(p, player(1))).players[0].vp("trajan_tiles") == 3


# -- the final breakdown ----------------------------------------------------------------------------


def test_final_categories_in_order_each_with_its_rule():
    p = player(0, vp=50, hand=3, workers_camp=2, military_camp=4)
    final = S.final_breakdown(table(p, player(1)))
    cats = final.players[0].categories
    assert [c.id for c in cats] == ["in_game", "cards", "workers_camp", "military_camp", "trajan_tiles",
                                    "construction", "bonus_tiles"]
    assert [c.vp for c in cats] == [50, 3, 2, 4, 0, 0, 0]
    assert [c.rule for c in cats] == ["Trajan 1.12"] * 4 + ["Trajan 1.3", "Trajan 1.9", "Trajan 1.11"]
    assert final.players[0].total == 59


def construction(**counts):
    return tuple((kind, vp) for kind, n in counts.items() for vp in R.CONSTRUCTION_VP[:n])


@pytest.mark.parametrize("tiles, wild, vp", [
    ({"fountain": 3}, 0, 10),
    ({"fountain": 4}, 0, 20),
    ({"fountain": 2}, 0, 0),
    ({"fountain": 3}, 1, 20),
    ({"fountain": 2}, 1, 10),
    ({"fountain": 2}, 2, 20),
    ({"fountain": 1}, 2, 10),
    ({"fountain": 4, "roof": 2}, 1, 30),  # the wildcard goes where it scores
    ({"fountain": 3, "roof": 3}, 1, 30),
    ({"fountain": 3, "roof": 2, "door": 2}, 2, 30),
    ({"fountain": 2, "roof": 2}, 2, 20),
    ({}, 2, 0),  # wildcards alone make no set
])
def test_construction_sets_with_wildcards_placed_to_score_most(tiles, wild, vp):
    p = player(0, construction=construction(**tiles), forum=["wild_construction"] * wild)
    assert S.final_breakdown(table(p, player(1))).players[0].vp("construction") == vp


def test_commodity_bonus_counts_display_cards_of_either_commodity_and_commodity_wildcards():
    p = player(0, display=bag(["wine", "wine", "fish", "gems"]), forum=["wild_commodity"],
               bonus_tiles=(("commodity_wine_fish", "yellow"),), hand=4)
    values = S.bonus_tile_values(table(p, player(1)), p)
    assert values[0][:3] == ("commodity_wine_fish", "yellow", 3 * 4)  # hand cards do not count
    grey = dataclasses.replace(p, bonus_tiles=(("commodity_wine_fish", "grey"),))
    assert S.bonus_tile_values(table(grey, player(1)), grey)[0][2] == 2 * 4


def test_a_commodity_wildcard_counts_once_for_the_best_paying_commodity_tile():
    p = player(0, display=("cattle", "wine"), forum=["wild_commodity"],
               bonus_tiles=(("commodity_cattle_wheat", "grey"), ("commodity_wine_fish", "yellow")))
    values = {t: vp for t, _side, vp, _how in S.bonus_tile_values(table(p, player(1)), p)}
    assert values == {"commodity_cattle_wheat": 2, "commodity_wine_fish": 3 * 2}


def test_legionnaires_bonus_counts_own_legionnaires_in_provinces():
    p = player(0, military_camp=5, bonus_tiles=(("legionnaires", "yellow"),))
    state = table(p, player(1), legionnaires=(("alpes", 0), ("alpes", 1), ("britannia", 0), ("noricum", 1)))
    assert S.final_breakdown(state).players[0].vp("bonus_tiles") == 2 * 2
    grey = dataclasses.replace(p, bonus_tiles=(("legionnaires", "grey"),))
    assert S.final_breakdown(state.with_player(grey)).players[0].vp("bonus_tiles") == 2


def test_bonus_tiles_bonus_counts_yellow_tiles_itself_per_setting():
    p = player(0, bonus_tiles=(("bonus", "yellow"), ("workers", "yellow"), ("legionnaires", "grey")))
    state = table(p, player(1))
    assert S.final_breakdown(state).players[0].vp("bonus_tiles") == 3 * 2
    strict = dataclasses.replace(state, settings=dataclasses.replace(DEFAULT, bonus_tile_counts_itself=False))
    assert S.final_breakdown(strict).players[0].vp("bonus_tiles") == 3 * 1
    grey = state.with_player(dataclasses.replace(p, bonus_tiles=(("bonus", "grey"), ("workers", "yellow"))))
    assert S.final_breakdown(grey).players[0].vp("bonus_tiles") == 2 * 1


# -- how each category was counted: templates and parameters, never prose to parse back ---------------


def details(final, seat, category):
    return [d.as_dict() for d in next(c for c in final.players[seat].categories if c.id == category).detail]


def test_each_detail_is_a_template_with_its_numbers():
    p = player(0, vp=50, hand=3, workers_camp=2, military_camp=1, trajan_slots=(tile(), None, None, None, None, None))
    final = S.final_breakdown(table(p, player(1)))
    assert details(final, 0, "in_game") == [{"template": "on the score track", "params": {}}]
    assert details(final, 0, "cards") == [{"template": "{n} in hand × 1", "params": {"n": 3}}]
    assert details(final, 0, "workers_camp") == [{"template": "{n} × 1", "params": {"n": 2}}]
    assert details(final, 0, "military_camp") == [{"template": "{n} × 1", "params": {"n": 1}}]
    assert details(final, 0, "trajan_tiles") == [{"template": "{n} on the wheel × 1", "params": {"n": 1}}]
    assert details(final, 0, "construction") == [{"template": "no tiles", "params": {}}]
    assert details(final, 0, "bonus_tiles") == [{"template": "no bonus tiles", "params": {}}]


def test_construction_detail_has_a_part_per_type_with_the_wildcards_it_used():
    p = player(0, construction=construction(roof=2, fountain=4, door=1), forum=["wild_construction"])
    final = S.final_breakdown(table(p, player(1)))
    assert final.players[0].vp("construction") == 20 + 10  # the wildcard makes roof 2 a set of 3
    assert details(final, 0, "construction") == [  # the rules' type order, not the player's
        {"template": "{type} {n}", "params": {"type": "fountain", "n": 4}},
        {"template": "{type} {n}", "params": {"type": "door", "n": 1}},
        {"template": "{type} {n} + {wild} wildcard", "params": {"type": "roof", "n": 2, "wild": 1}},
    ]
    one = S.final_breakdown(table(player(0, construction=construction(fountain=3), forum=["wild_construction"]),
                                  player(1)))
    assert details(one, 0, "construction") == [
        {"template": "{type} {n} + {wild} wildcard", "params": {"type": "fountain", "n": 3, "wild": 1}}]
    two = S.final_breakdown(table(player(0, construction=construction(fountain=2), forum=["wild_construction"] * 2),
                                  player(1)))
    assert details(two, 0, "construction")[0]["template"] == "{type} {n} + {wild} wildcards"


def test_bonus_tile_detail_names_tile_side_vp_and_how_as_a_nested_detail():
    p = player(0, display=("wine", "wine", "fish"), forum=["wild_commodity", "demand_bread", "demand_bread"],
               bonus_tiles=(("commodity_wine_fish", "yellow"), ("demand_bread", "grey"), ("demand_games", "yellow")))
    final = S.final_breakdown(table(p, player(1)))
    assert details(final, 0, "bonus_tiles") == [
        {"template": "{tile} {side}: {vp} ({how})", "params": {
            "tile": "commodity_wine_fish", "side": "yellow", "vp": 12, "how": {
                "template": "{a} {na} + {b} {nb} + {wild} wildcard = {cards} × {each}",
                "params": {"a": "wine", "na": 2, "b": "fish", "nb": 1, "cards": 4, "each": 3, "wild": 1}}}},
        {"template": "{tile} {side}: {vp} ({how})", "params": {
            "tile": "demand_bread", "side": "grey", "vp": 6, "how": {
                "template": "{n} unused {kind} forum tiles", "params": {"n": 2, "kind": "bread"}}}},
        {"template": "{tile} {side}: {vp} ({how})", "params": {
            "tile": "demand_games", "side": "yellow", "vp": 0, "how": {
                "template": "no unused {kind} forum tile", "params": {"kind": "games"}}}},
    ]
    assert final.players[0].vp("bonus_tiles") == 12 + 6 + 0


@pytest.mark.parametrize("side, counted, template", [
    ("yellow", 1, "{n} yellow bonus tile × {each}"), ("yellow", 2, "{n} yellow bonus tiles × {each}"),
    ("grey", 0, "{n} yellow bonus tiles × {each}"),
])
def test_a_count_picks_the_singular_or_plural_template(side, counted, template):
    tiles = (("bonus", side),) + (("workers", "yellow"),) * (counted - (side == "yellow"))
    p = player(0, bonus_tiles=tiles)
    how = S.bonus_tile_values(table(p, player(1)), p)[0][3]
    assert (how.template, how.params) == (template, {"n": counted, "each": S.BONUS_BONUS_VP[side]})


def test_detail_text_is_the_english_rendering_nested_details_first():
    how = S.Detail("{n} in provinces × {each}", {"n": 3, "each": 1})
    part = S.Detail("{tile} {side}: {vp} ({how})", {"tile": "legionnaires", "side": "grey", "vp": 3, "how": how})
    assert part.text() == "legionnaires grey: 3 (3 in provinces × 1)"
    assert S.detail_text(part.as_dict()) == part.text()
    assert S.Detail("no tiles").text() == "no tiles"


def test_winner_without_a_tie():
    final = S.final_breakdown(table(player(0, vp=10), player(1, vp=12), player(2, vp=11)))
    assert (final.ranking, final.tied, final.winners, final.tie_break) == ((1, 2, 0), (1,), (1,), "none")


def test_a_tie_goes_to_the_higher_senate_space():
    final = S.final_breakdown(table(player(0, vp=10), player(1, vp=10, senate=1), senate_stack=(1, 0)))
    assert (final.tied, final.winners, final.tie_break) == ((1, 0), (1,), "senate space")


def test_a_tie_on_the_start_space_goes_to_the_higher_disc():
    state = table(player(0, vp=10), player(1, vp=10), player(2, vp=10), senate_stack=(0, 2, 1))
    final = S.final_breakdown(state)
    assert (final.ranking, final.winners, final.tie_break, final.tie_break_rule) == \
        ((1, 2, 0), (1,), "senate stack", "Trajan 1.12")


# -- scores do not depend on seat order ---------------------------------------------------------------


@st.composite
def final_tables(draw):
    n = draw(st.integers(2, 4))
    bonus = list(draw(st.permutations(R.BONUS_TILES)))
    construction_left = {t: 4 for t in R.CONSTRUCTION_TYPES}
    players, legion = [], []
    for seat in range(n):
        tiles = []
        for kind in draw(st.lists(st.sampled_from(R.CONSTRUCTION_TYPES), max_size=6)):
            if construction_left[kind]:
                construction_left[kind] -= 1
                tiles.append((kind, R.CONSTRUCTION_VP[construction_left[kind]]))
        held = [bonus.pop() for _ in range(draw(st.integers(0, 3)))]
        players.append(player(
            seat, f"P{seat}",
            vp=draw(st.integers(-20, 150)), hand=draw(st.integers(0, 8)),
            workers_camp=draw(st.integers(0, 4)), military_camp=draw(st.integers(0, 4)),
            senate=draw(st.integers(0, 7)),
            site_workers=tuple(range(draw(st.integers(0, 7)))),
            trajan_slots=tuple(tile() if draw(st.booleans()) else None for _ in range(6)),
            construction=tuple(sorted(tiles)),
            forum=draw(st.lists(st.sampled_from(["demand_bread", "demand_games", "demand_religion", "wild_demand",
                                                 "wild_commodity", "wild_construction"]), max_size=6)),
            display=bag(draw(st.lists(st.sampled_from(R.COMMODITIES), max_size=8))),
            bonus_tiles=tuple(sorted((t, draw(st.sampled_from(["yellow", "grey"]))) for t in held)),
        ))
        legion += [(prov, seat) for prov in draw(st.sets(st.sampled_from(PROVINCES), max_size=4))]
    stack = tuple(draw(st.permutations(range(n))))
    return table(*players, senate_stack=stack, legionnaires=tuple(sorted(legion)))


def reseat(state: TrajanState, order) -> TrajanState:
    """The same table with seat order[i] sitting at seat i."""
    new_seat = {old: new for new, old in enumerate(order)}
    players = tuple(dataclasses.replace(state.players[old], seat=new) for new, old in enumerate(order))
    return dataclasses.replace(
        state, players=players, senate_stack=tuple(new_seat[s] for s in state.senate_stack),
        legionnaires=tuple(sorted((prov, new_seat[s]) for prov, s in state.legionnaires)))


@hsettings(max_examples=examples(80), deadline=None)
@given(state=final_tables(), data=st.data())
def test_final_scores_do_not_depend_on_seat_order(state, data):
    order = data.draw(st.permutations(range(state.player_count)))
    before, after = S.final_breakdown(state), S.final_breakdown(reseat(state, order))
    by_name = {p.name: p for p in before.players}
    for p in after.players:
        assert p.categories == by_name[p.name].categories
    assert sorted(p.total for p in before.players) == sorted(p.total for p in after.players)
    names = lambda final, seats: [final.players[s].name for s in seats]  # noqa: E731
    assert names(before, before.ranking) == names(after, after.ranking)
    assert names(before, before.winners) == names(after, after.winners)
    assert before.tie_break == after.tie_break


@hsettings(max_examples=examples(80), deadline=None)
@given(state=final_tables(), data=st.data())
def test_season_scoring_does_not_depend_on_seat_order(state, data):
    demands = tuple(data.draw(st.lists(demand_type, min_size=3, max_size=3)))
    state = dataclasses.replace(state, demands=demands)
    order = data.draw(st.permutations(range(state.player_count)))
    _, before = S.season_scoring(state)
    _, after = S.season_scoring(reseat(state, order))
    rows = {r.name: (r.payment, r.votes, r.vp_after) for r in before.players}
    assert all(rows[r.name] == (r.payment, r.votes, r.vp_after) for r in after.players)
    name = lambda report, seat: report.players[seat].name  # noqa: E731
    assert (name(before, before.consul), name(before, before.proconsul)) == \
        (name(after, after.consul), name(after, after.proconsul))
