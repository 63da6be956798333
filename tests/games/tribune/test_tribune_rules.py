"""Tribune as a money-and-bids keeper: set-up money, hand adjustments, region V, the chariot, rounds,
pads, replay, undo and corrections. Digest: /work/shared/rules/tribune.md (3.6 lists the points
players get wrong; items 2, 3 and 4 are tested here)."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalCommand
from companion.core.sealed import AdjustBid, ForceReveal, LockBid, SetBid, UnlockBid
from companion.core.store import JournalStore
from companion.games import all_rules, registry
from companion.games.tribune import commands as c
from companion.games.tribune.money import start_money
from companion.games.tribune.rules import TRIBUNE
from companion.games.tribune.settings import DEFAULT, describe
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from tribune_helpers import bid, money, new_engine, reopen


def pad_draft(state, seat):
    """(minimum, limit, step, start) of the seat's bid ask, as its pad chooses it, or None."""
    ask = next((a for a in TRIBUNE.asks(state) if a.who == seat), None)
    return None if ask is None else (*ask.range, TRIBUNE.ask_start(state, ask))


def test_registered_with_rules_and_screens():
    entry = next(e for e in registry() if e.id == "tribune")
    assert entry.players == (2, 5) and entry.screens and entry.rules is TRIBUNE
    assert all_rules()["tribune"] is TRIBUNE


# -- set-up (digest 3.1) -----------------------------------------------------------------------


@pytest.mark.parametrize("setup, rule, words", [
    ({"players": ["Ann"]}, "Tribune 3.1 setup", "2 to 5 players, not 1"),
    ({"players": ["A", "B", "C", "D", "E", "F"]}, "Tribune 3.1 setup", "2 to 5 players, not 6"),
    ({"players": ["Ann", " "]}, "Tribune 3.1 setup", "Player 2 has no name"),
    ({"players": ["Ann", "Ann"]}, "Tribune 3.1 setup", "same name"),
    ({"players": ["Ann", "x" * 17]}, "Tribune 3.1 setup", "longer than 16"),
    ({"players": ["Ann", "Bo"], "start_player": 2}, "Tribune 3.1 setup", "one of the 2 players"),
    ({"players": "Ann, Bo"}, "Tribune 3.1 setup", "list of names"),
    ({"players": ["Ann", "Bo"], "settings": {"start_money": 99}}, "Tribune settings", "no Tribune setting 'start_money'"),
    ({"players": ["Ann", "Bo"], "settings": {"min_bid": -1}}, "Tribune settings", "'min_bid' has a value of the wrong kind"),
    ({"players": ["Ann", "Bo"], "settings": {"unlocked_bids": "excluded"}}, "Tribune settings", "wrong kind"),
    ({"players": ["Ann", "Bo"], "settings": {"region_v_tie_winner_pays": 1}}, "Tribune settings", "wrong kind"),
])
def test_setup_refusals_name_the_rule_and_what_is_wrong(setup, rule, words):
    with pytest.raises(IllegalCommand) as info:
        TRIBUNE.decide(TRIBUNE.initial_state(), TRIBUNE.parse_command("setup", {**setup, "seed": 1}))
    assert info.value.rule == rule and words in info.value.message


def test_start_money_is_12_for_the_start_player_then_one_more_clockwise(tmp_path):
    """Digest 3.6 item 2 (3.1, C): 12 / 13 / 14 / … from the start player, clockwise."""
    assert start_money(2, 0) == (12, 13)
    assert start_money(3, 0) == (12, 13, 14)
    assert start_money(4, 2) == (14, 15, 12, 13)
    assert start_money(5, 4) == (13, 14, 15, 16, 12)
    engine = new_engine(tmp_path / "g.journal", ("Ann", "Bo", "Cy", "Di", "Ed"), start_player=3)
    view = engine.view()
    assert money(engine) == [14, 15, 16, 12, 13]
    assert [p["start"] for p in view["players"]] == [False, False, False, True, False]
    assert view["round"] == 1 and view["phase"] == "round" and view["bid"] is None and view["results"] == []
    assert view["chariot"] == {"on_board": True, "holder": None, "auctioned_this_round": False}
    with pytest.raises(IllegalCommand, match="already seated"):
        engine.execute(c.StartTribune(("X", "Y")))


def test_every_setting_is_described_with_the_default_it_has():
    names = [name for name, _default, _source in describe()]
    assert names == list(DEFAULT.__dataclass_fields__)
    assert all(source for _n, _d, source in describe())


# -- money by hand -----------------------------------------------------------------------------


def test_the_table_takes_and_pays_by_hand_with_a_reason_and_nobody_goes_below_zero(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(TRIBUNE.parse_command("take_money", {"seat": 0, "amount": 7, "reason": "coin bowl"}))
    engine.execute(TRIBUNE.parse_command("pay_money", {"seat": 1, "amount": 13}))
    assert money(engine) == [19, 0, 14]
    last = engine.history()[-1].events[0]
    assert last == {"kind": "tribune.money_adjusted", "seat": 1, "delta": -13, "reason": ""}
    assert engine.history()[-2].events[0]["reason"] == "coin bowl"
    with pytest.raises(IllegalCommand) as info:
        engine.execute(TRIBUNE.parse_command("pay_money", {"seat": 2, "amount": 15}))
    assert info.value.rule == "Tribune money" and info.value.message == "Cy has only 14 denarii and cannot pay 15."
    with pytest.raises(IllegalCommand, match="at least 1 denarius"):
        TRIBUNE.parse_command("take_money", {"seat": 0, "amount": -3})
    with pytest.raises(IllegalCommand, match="from 1 to 9999999"):
        engine.execute(c.AdjustMoney(0, 10_000_000))
    with pytest.raises(IllegalCommand, match="at most 40 characters"):
        engine.execute(c.AdjustMoney(0, 1, "x" * 41))
    with pytest.raises(IllegalCommand, match="There is no seat 4"):
        engine.execute(c.AdjustMoney(3, 1))
    assert money(engine) == [19, 0, 14]


# -- region V (digest 3.3) ---------------------------------------------------------------------


def test_region_v_winner_pays_his_bid_to_the_other_bidder_not_the_bank(tmp_path):
    """Digest 3.6 item 3: the winner pays the **other bidder**; a third player is untouched and
    no money leaves the table."""
    engine = new_engine(tmp_path / "g.journal")  # 12, 13, 14
    engine.execute(c.OpenRegionV(0, 2))
    view = engine.view()
    assert view["phase"] == "region_v" and view["bid"]["kind"] == "region_v" and view["bid"]["spaces"] == [0, 2]
    assert [(s["seat"], s["limit"]) for s in view["bid"]["seats"]] == [(0, 12), (2, 14)]  # limit = money
    assert [p["bidding"] for p in view["players"]] == [True, False, True]
    bid(engine, s0=5, s2=9)
    assert money(engine) == [12 + 9, 13, 14 - 9] and sum(money(engine)) == 39
    result = engine.view()["results"][0]
    assert result["kind"] == "region_v" and result["winner"] == 2 and not result["tie"]
    assert result["payments"] == [{"from": 2, "to": 0, "amount": 9}]
    assert engine.view()["phase"] == "round" and engine.view()["region_v_this_round"]


@pytest.mark.parametrize("spaces, winner, loser", [((0, 1), 0, 1), ((1, 0), 1, 0)])
def test_region_v_tie_goes_to_the_player_on_space_1_who_pays_his_bid(tmp_path, spaces, winner, loser):
    engine = new_engine(tmp_path / "g.journal")  # 12, 13, 14
    engine.execute(c.OpenRegionV(*spaces))
    engine.execute(LockBid(spaces[1], 6))
    engine.execute(LockBid(spaces[0], 6))
    before = [12, 13, 14]
    after = money(engine)
    assert after[winner] == before[winner] - 6 and after[loser] == before[loser] + 6 and after[2] == 14
    result = engine.view()["results"][0]
    assert result["tie"] and result["winner"] == winner and result["winners"] == [winner]
    assert result["payments"] == [{"from": winner, "to": loser, "amount": 6}]


def test_a_table_may_read_a_region_v_tie_as_free_for_space_1(tmp_path):
    engine = new_engine(tmp_path / "g.journal", region_v_tie_winner_pays=False)
    engine.execute(c.OpenRegionV(1, 0))
    bid(engine, s0=4, s1=4)
    assert money(engine) == [12, 13, 14]
    assert engine.view()["results"][0]["payments"] == [{"from": 1, "to": 0, "amount": 0}]
    engine.execute(c.NextRound())
    engine.execute(c.OpenRegionV(1, 0))
    bid(engine, s0=5, s1=4)  # no tie: the winner pays as ever
    assert money(engine) == [7, 18, 14]


def test_a_player_may_not_occupy_both_spaces_of_region_v(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    with pytest.raises(IllegalCommand) as info:
        engine.execute(TRIBUNE.parse_command("region_v", {"space1": 1, "space2": 1}))
    assert info.value.rule == "Tribune 3.3 region V" and "both spaces of region V" in info.value.message
    with pytest.raises(IllegalCommand, match="There is no seat 5"):
        engine.execute(c.OpenRegionV(0, 4))
    assert engine.view()["bid"] is None


def test_a_seat_not_in_region_v_cannot_bid_there(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenRegionV(0, 1))
    for command in (LockBid(2, 1), SetBid(2, 1), AdjustBid(2, 1)):
        with pytest.raises(IllegalCommand, match="Seat 3 does not bid in this round"):
            engine.execute(command)
    state = engine.state
    assert TRIBUNE.command_for_button(state, 2, "plus") is None and TRIBUNE.command_for_button(state, 2, "ok") is None
    assert pad_draft(state, 2) is None
    assert pad_draft(state, 0) == (0, 12, 1, 0) and pad_draft(state, 1) == (0, 13, 1, 0)


def test_a_bid_can_never_cost_more_than_the_bidder_has(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.AdjustMoney(0, -10))  # Ann has 2
    engine.execute(c.OpenRegionV(0, 1))
    with pytest.raises(IllegalCommand) as info:
        engine.execute(SetBid(0, 3))
    assert info.value.message == "A bid must be from 0 to the seat's limit of 2." and "3" not in str(info.value.params)
    for _ in range(5):
        engine.execute(AdjustBid(0, 1))  # held at the limit
    assert engine.state.bid.amounts[0] == 2
    with pytest.raises(IllegalCommand) as info:  # her limit is her money as the bid opened
        engine.execute(c.AdjustMoney(0, 5, "coin bowl"))
    assert info.value.rule == "Tribune money" and "Ann is bidding" in info.value.message
    engine.execute(c.AdjustMoney(2, 5))  # Cy does not bid: the board goes on for him
    engine.execute(LockBid(0))
    engine.execute(LockBid(1, 0))
    assert money(engine) == [0, 15, 19]


# -- the chariot (digest 3.4) ------------------------------------------------------------------


def test_chariot_highest_pays_the_bank(tmp_path):
    """Digest 3.6 item 4: the winner pays the **bank**; nobody else pays or gets anything."""
    engine = new_engine(tmp_path / "g.journal")  # 12, 13, 14
    engine.execute(TRIBUNE.parse_command("chariot_auction", {}))
    view = engine.view()
    assert view["phase"] == "chariot" and [s["limit"] for s in view["bid"]["seats"]] == [12, 13, 14]
    bid(engine, s1=7, s0=3, s2=6)
    assert money(engine) == [12, 6, 14] and sum(money(engine)) == 39 - 7
    view = engine.view()
    assert view["chariot"] == {"on_board": True, "holder": 1, "auctioned_this_round": True}
    assert view["results"][0]["payments"] == [{"from": 1, "to": None, "amount": 7}]


def test_chariot_tie_gives_every_bid_back_and_takes_the_chariot_off_the_board(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenChariot())
    bid(engine, s0=3, s1=5, s2=5)
    assert money(engine) == [12, 13, 14]  # nobody paid
    view = engine.view()
    assert view["chariot"]["on_board"] is False and view["chariot"]["holder"] is None
    result = view["results"][0]
    assert result["tie"] and result["winner"] is None and result["winners"] == [1, 2]
    assert result["payments"] == [] and result["chariot_off"]
    # The digest does not say when it returns: a later win leaves it off, the table puts it back.
    engine.execute(c.NextRound())
    engine.execute(c.OpenChariot())
    bid(engine, s0=2, s1=0, s2=1)
    assert money(engine) == [10, 13, 14]
    assert engine.view()["chariot"] == {"on_board": False, "holder": 0, "auctioned_this_round": True}
    engine.execute(TRIBUNE.parse_command("chariot", {"on_board": True}))
    assert engine.view()["chariot"]["on_board"] is True
    with pytest.raises(IllegalCommand, match="already on the board"):
        engine.execute(c.PlaceChariot(True))
    engine.execute(c.PlaceChariot(False))
    with pytest.raises(IllegalCommand, match="already off the board"):
        engine.execute(c.PlaceChariot(False))


def test_a_table_may_let_the_next_winner_bring_the_chariot_back(tmp_path):
    engine = new_engine(tmp_path / "g.journal", ("Ann", "Bo"), chariot_win_returns_it=True)
    engine.execute(c.OpenChariot())
    bid(engine, s0=0, s1=0)  # nobody wants it: a tie all the same
    assert engine.view()["chariot"]["on_board"] is False
    engine.execute(c.NextRound())
    engine.execute(c.OpenChariot())
    bid(engine, s0=1, s1=0)
    assert engine.view()["chariot"] == {"on_board": True, "holder": 0, "auctioned_this_round": True}


def test_a_forced_reveal_counts_an_unlocked_seat_at_the_minimum(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenChariot())
    engine.execute(SetBid(2, 9))  # Cy's draft, never locked
    bid(engine, s0=4)
    engine.execute(ForceReveal())
    result = engine.view()["results"][0]
    assert result["forced"] and [(b["seat"], b["amount"], b["locked"]) for b in result["bids"]] == \
        [(0, 4, True), (1, 0, False), (2, 0, False)]
    assert money(engine) == [8, 13, 14]


# -- rounds ------------------------------------------------------------------------------------


def test_each_bid_once_a_round_region_v_before_the_chariot_and_nothing_moves_on_mid_bid(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenRegionV(0, 1))
    for command in (c.NextRound(), c.FinishTribune(), c.OpenChariot(), c.OpenRegionV(1, 2)):
        with pytest.raises(IllegalCommand, match="A sealed bid is open: reveal it first."):
            engine.execute(command)
    bid(engine, s0=1, s1=0)
    with pytest.raises(IllegalCommand, match="already resolved this round") as info:
        engine.execute(c.OpenRegionV(1, 2))
    assert info.value.rule == "Tribune 3.3 region V"
    engine.execute(c.OpenChariot())
    bid(engine, s0=1, s1=0, s2=0)
    with pytest.raises(IllegalCommand, match="already auctioned this round"):
        engine.execute(c.OpenChariot())
    engine.execute(c.NextRound())
    engine.execute(c.OpenChariot())
    bid(engine, s0=0, s1=1, s2=0)
    with pytest.raises(IllegalCommand) as info:
        engine.execute(c.OpenRegionV(1, 2))
    assert info.value.rule == "Tribune 3.2 phases"
    engine.execute(c.NextRound())
    assert engine.view()["round"] == 3 and not engine.view()["region_v_this_round"]
    engine.execute(c.FinishTribune())
    assert engine.is_finished and engine.view()["phase"] == "finished"


# -- pads --------------------------------------------------------------------------------------


def test_pads_choose_privately_lock_and_a_long_press_unlocks(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "tribune", "setup": {"players": ["Ann", "Bo", "Cy"]}}))
    session.handle(Intent("region_v", {"space1": 1, "space2": 0}))
    steps = session.engine.journal.last_step
    session.handle(ButtonPressed(pad=2, key="plus"))  # Cy is not in region V: means nothing
    session.handle(ButtonPressed(pad=2, key="ok"))
    assert session.engine.journal.last_step == steps and session.notice is None
    for key in ("plus", "plus", "plus", "minus"):
        session.handle(ButtonPressed(pad=0, key=key))
    assert session.seat_view(0)["draft"] == 2 and session.engine.journal.last_step == steps
    session.handle(ButtonPressed(pad=0, key="ok"))
    assert session.seat_view(0)["mine"]["amount"] == 2 and session.seat_view(0)["mine"]["locked"]
    session.handle(ButtonPressed(pad=0, key="ok_long"))  # change my bid
    session.handle(ButtonPressed(pad=0, key="plus"))
    session.handle(ButtonPressed(pad=0, key="ok"))
    session.handle(ButtonPressed(pad=1, key="plus"))
    session.handle(ButtonPressed(pad=1, key="plus"))
    session.handle(ButtonPressed(pad=1, key="plus"))
    session.handle(ButtonPressed(pad=1, key="ok"))  # tie at 3: Bo is on space 1 and wins
    view = session.table_view().view
    assert [p["money"] for p in view["players"]] == [15, 10, 14]
    assert view["results"][0]["winner"] == 1 and view["results"][0]["tie"]
    steps = session.engine.journal.last_step
    session.handle(ButtonPressed(pad=0, key="ok"))  # after the reveal a press does nothing
    assert session.engine.journal.last_step == steps
    session.shutdown()


# -- journal: replay, undo, corrections ----------------------------------------------------------


def _a_game(engine):
    engine.execute(c.AdjustMoney(0, 7, "coin bowl"))
    engine.execute(c.OpenRegionV(0, 1))
    engine.execute(SetBid(0, 4))
    engine.execute(LockBid(0))
    engine.execute(LockBid(1, 2))  # reveals and settles
    engine.execute(c.OpenChariot())
    engine.execute(LockBid(2, 3))
    engine.execute(UnlockBid(2))
    bid(engine, s0=3, s1=3, s2=3)  # a tie: the chariot off
    engine.execute(c.NextRound())
    engine.execute(c.PlaceChariot(True))
    engine.execute(c.OpenChariot())
    engine.execute(LockBid(1, 1))


def test_a_game_of_both_bids_moves_the_money_and_undo_leaves_a_redo(tmp_path):
    """(Replay equals the live state, redo included: the conformance suite, for every game.)"""
    engine = new_engine(tmp_path / "g.journal", region_v_tie_winner_pays=False)
    _a_game(engine)
    engine.undo()
    assert engine.can_redo
    assert money(engine) == [12 + 7 - 4, 13 + 4, 14] and engine.view()["round"] == 2


def test_undo_cannot_cross_a_reveal_and_the_money_it_moved_stays_moved(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenRegionV(0, 1))
    engine.execute(LockBid(0, 5))
    engine.undo()  # before the reveal a lock can be taken back
    assert not engine.state.bid.is_locked(0)
    engine.redo()
    engine.execute(LockBid(1, 2))  # reveals
    assert money(engine) == [7, 18, 14] and not engine.can_undo
    with pytest.raises(IllegalCommand, match="revealed what was secret; it cannot be undone"):
        engine.undo()
    with pytest.raises(IllegalCommand, match="a step since revealed what was secret"):
        engine.correct(2, c.OpenRegionV(0, 2))
    engine.execute(c.AdjustMoney(2, 1))
    engine.undo()  # a step after the reveal may be taken back; the reveal stays
    assert money(engine) == [7, 18, 14] and engine.view()["results"][0]["winner"] == 0 and not engine.can_undo
    engine = reopen(engine)
    assert not engine.can_undo and money(engine) == [7, 18, 14]


def test_a_correction_before_a_bid_opens_it_again_with_the_corrected_money(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.AdjustMoney(0, -2, "region I card"))  # step 2: the card cost 5, not 2
    engine.execute(c.OpenRegionV(0, 1))
    engine.execute(LockBid(1, 4))
    result = engine.correct(2, c.AdjustMoney(0, -5, "region I card"))
    assert not result.dropped and len(result.replayed) == 2
    assert money(engine)[0] == 7 and engine.view()["bid"]["seats"][0]["limit"] == 7
    assert engine.state.bid.is_locked(1)


def test_command_of_gives_each_step_back_as_its_command(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    _a_game(engine)
    commands = [TRIBUNE.command_of(engine.step(n).events) for n in range(1, engine.journal.last_step + 1)]
    assert commands == [
        None,  # the set-up is never entered again
        c.AdjustMoney(0, 7, "coin bowl"), c.OpenRegionV(0, 1), SetBid(0, 4), LockBid(0), LockBid(1),
        c.OpenChariot(), LockBid(2), UnlockBid(2), LockBid(0), LockBid(1), LockBid(2),
        c.NextRound(), c.PlaceChariot(True), c.OpenChariot(), LockBid(1),
    ]
    engine.execute(ForceReveal())
    engine.execute(c.FinishTribune())
    assert TRIBUNE.command_of(engine.step(engine.journal.last_step).events) == c.FinishTribune()
    forced = TRIBUNE.command_of(engine.step(engine.journal.last_step - 1).events)
    assert isinstance(forced, ForceReveal)  # with what the unlocked seats counted (the minimum here)
    assert all(amount == 0 for _seat, amount in forced.drafts)


# -- reading -----------------------------------------------------------------------------------


def test_summary_text_shows_money_the_chariot_locks_and_results(tmp_path):
    engine = new_engine(tmp_path / "g.journal")
    engine.execute(c.OpenRegionV(0, 1))
    bid(engine, s0=5, s1=5)
    engine.execute(c.OpenChariot())
    bid(engine, s2=4)
    text = TRIBUNE.summary_text(engine.view())
    assert text.splitlines()[:5] == [
        "Tribune: round 1, chariot auction bidding",
        "  money:   Ann 7 · Bo 18 · Cy 14",
        "  chariot: on the board",
        "  locked:  Cy",
        "  waiting: Ann, Bo",
    ]
    assert "Round 1, region V (space 1 Ann, space 2 Bo): Ann 5 · Bo 5 — tie, space 1 wins: Ann pays 5 to Bo" in text
    bid(engine, s0=4, s1=1)
    text = TRIBUNE.summary_text(engine.view())
    assert "Round 1, chariot: Ann 4 · Cy 4 · Bo 1 — tie: Ann, Cy; every bid back, the chariot off the board" in text
    assert "  chariot: off the board" in text
    engine.execute(c.NextRound())
    engine.execute(c.OpenChariot())
    bid(engine, s0=0, s1=2, s2=1)
    text = TRIBUNE.summary_text(engine.view())
    assert text.startswith("Tribune: round 2\n") and "chariot: off the board, last won by Bo" in text
    assert "Round 2, chariot: Bo 2 · Cy 1 · Ann 0 — Bo pays 2 to the bank" in text
    assert TRIBUNE.summary_text(TRIBUNE.view(TRIBUNE.initial_state())) == "Tribune: not set up\n"


def test_parse_command_names_bad_fields_and_never_echoes_a_bid():
    assert TRIBUNE.parse_command("pay_money", {"seat": 1, "amount": 3, "reason": " arena "}) == \
        c.AdjustMoney(1, -3, "arena")
    assert TRIBUNE.parse_command("region_v", {"space1": 2, "space2": 0}) == c.OpenRegionV(2, 0)
    assert TRIBUNE.parse_command("lock_bid", {"seat": 1, "amount": 5}) == LockBid(1, 5)
    assert TRIBUNE.parse_command("next_round", {}) == c.NextRound()
    with pytest.raises(IllegalCommand) as info:
        TRIBUNE.parse_command("set_bid", {"seat": 0, "amount": "4837261"})
    assert "'amount' must be a whole number" in info.value.message and "4837261" not in str(info.value)
    with pytest.raises(IllegalCommand, match="'seat' must be a whole number, got 'x'"):
        TRIBUNE.parse_command("unlock_bid", {"seat": "x"})
    with pytest.raises(IllegalCommand, match="'on_board' must be true or false"):
        TRIBUNE.parse_command("chariot", {"on_board": "yes"})
    with pytest.raises(IllegalCommand, match="'reason' must be text"):
        TRIBUNE.parse_command("take_money", {"seat": 0, "amount": 1, "reason": 5})
    with pytest.raises(IllegalCommand, match="'settings' must map"):
        TRIBUNE.parse_command("setup", {"players": ["A", "B"], "settings": ["min_bid"]})
    with pytest.raises(IllegalCommand, match="no action 'bribe'"):
        TRIBUNE.parse_command("bribe", {})


def test_the_player_page_lists_every_setting_with_its_default_in_both_languages():
    from pathlib import Path

    page = (Path(__file__).resolve().parents[3] / "docs" / "tribune.md").read_text(encoding="utf-8")
    english, chinese = page.split("## 简体中文")
    for name, _default, _source in describe():
        value = getattr(DEFAULT, name)
        if isinstance(value, bool):
            en, zh = ("yes", "是") if value else ("no", "否")
        else:
            en = zh = str(value)
        assert f"| `{name}` | {en} |" in english, name
        assert f"| `{name}` | {zh} |" in chinese, name
