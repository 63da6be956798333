"""Tribune's view-models and words, fed from a real session without any window: the table shows
money, the chariot and who has locked (never what) before the reveal, the outcome by the rules
after it; the panels build their intents and stay open on a refusal; the history says every event
in English, 简体中文 and 繁體中文 from public fields only."""

from __future__ import annotations

import pytest

from companion.session import Intent
from companion.ui.text import i18n
from companion.ui.gameui import game_ui_for
from uiharness import mentions, model_texts

pytestmark = pytest.mark.timeout(30)


def start(session, players=("Ann", "Bo", "Cy"), **setup):
    session.handle(Intent("new_game", {"game": "tribune", "setup": {"players": list(players), **setup}}))
    assert session.engine is not None, session.notice


def keys(session, seat, presses):
    """Seat's pad: + `presses` times, then OK."""
    for key in ["plus"] * presses + ["ok"]:
        session.handle(Intent("seat_key", {"seat": seat, "key": key}))


def every_text(vm):
    """Every string property of the table's view-model, of its rows and of its panels, flattened."""
    return model_texts(vm, vm.picker, vm.entry)


def table_vm(session, pads=None):
    from companion.ui.tribune.viewmodels import TribuneTableViewModel

    vm = TribuneTableViewModel(post=session.handle, pad_of_seat=pads or session.pad_of_seat)
    session.listeners.append(vm.update)
    return vm


def test_the_set_up_preview_gives_the_rules_start_money():
    from companion.games.tribune.money import start_money
    from companion.ui.tribune.format import start_money as preview

    for players in range(2, 6):
        for first in range(players):
            assert preview(players, first) == list(start_money(players, first))


def test_the_table_shows_money_and_locks_never_amounts_then_region_v_by_the_rules(session):
    vm = table_vm(session)
    start(session, start_player=1, pads=[0, None, 2])
    assert vm.active and vm.phase == "round" and vm.title == "Tribune · Round 1"
    assert [(r["name"], r["money_text"], r["start"]) for r in vm.rows] == [("Ann", "14", False), ("Bo", "12", True),
                                                                          ("Cy", "13", False)]
    assert vm.rows[1]["detail"] == "No pad" and vm.chariot_text == "Chariot on the board"
    assert vm.content == "money" and vm.actions == ["next_round"] and vm.can_region_v and vm.can_chariot

    vm.open_region_v()
    assert vm.content == "region_v_picker" and vm.picker.intent() is None
    vm.picker.choose(1, 0)
    vm.picker.choose(2, 0)  # the same player on space 2: space 1 is free again
    assert (vm.picker.space1, vm.picker.space2, vm.picker.ready) == (-1, 0, False)
    vm.picker.choose(1, 2)
    vm.start_region_v()
    assert vm.phase == "region_v" and vm.content == "bidding" and vm.title == "Round 1 · Region V"
    assert [(r["name"], r["detail"], r["status_text"]) for r in vm.bid_rows] == [
        ("Cy", "Space 1 · 13 denarii · Pad 3", "Waiting"), ("Ann", "Space 2 · 14 denarii · Pad 1", "Waiting")]

    keys(session, 2, 11)
    for _ in range(4):  # Ann's draft, not locked
        session.handle(Intent("seat_key", {"seat": 0, "key": "plus"}))
    text = every_text(vm)
    assert not mentions(text, 11) and vm.hint == "Waiting for Ann." and vm.bid_rows[0]["status_text"] == "✔ Locked"
    assert session.table_view().view["results"] == [], "one lock reveals nothing"
    vm.ask_reveal()
    assert vm.content == "confirm" and vm.confirm_text == \
        "Not locked yet: Ann.\nTheir bids count as the minimum, 0.\nReveal the bids now?"
    vm.cancel_reveal()
    session.handle(Intent("unlock_bid", {"seat": 2}))
    keys(session, 2, 0)  # locks again what it had
    session.handle(Intent("seat_key", {"seat": 0, "key": "ok"}))  # Ann locks her 4: the reveal
    assert vm.content == "result" and vm.actions == ["result_done"] and vm.phase == "round"
    assert [(r["name"], r["amount_text"], r["note"]) for r in vm.result_rows] == [("Cy", "11", "Space 1"),
                                                                                  ("Ann", "4", "Space 2")]
    assert vm.verdict == "Cy wins region V and pays 11 to Ann."
    assert vm.rule == "Tribune 3.3: the winner pays his bid to the other bidder, not to the bank."
    assert vm.money_after == "Money now: Cy\u00a02 · Ann\u00a025" and vm.hint == "Region V, round 1: bids revealed"
    assert [r["money_text"] for r in vm.rows] == ["25", "12", "2"]
    assert vm.undo_enabled and not vm.can_undo, "undo stays tappable after a reveal, to say why it refuses"
    vm.close_result()
    assert vm.content == "money" and not vm.can_region_v and vm.region_v_note == "Region V: done this round"


def test_a_region_v_tie_goes_to_space_1_and_a_chariot_tie_takes_the_chariot_off(session):
    vm = table_vm(session)
    start(session)  # Ann 12, Bo 13, Cy 14
    vm.open_region_v()
    vm.picker.choose(1, 1)
    vm.picker.choose(2, 0)
    vm.start_region_v()
    keys(session, 1, 5)
    keys(session, 0, 5)
    assert vm.verdict == "Tie at 5: Bo on space 1 wins and pays 5 to Ann."
    assert vm.rule == "Tribune 3.3: a tie goes to the player on space 1."
    assert [r["money_text"] for r in vm.rows] == ["17", "8", "14"]

    vm.start_chariot()
    assert vm.phase == "chariot" and vm.title == "Round 1 · Chariot auction" and len(vm.bid_rows) == 3
    keys(session, 0, 6)
    keys(session, 2, 6)
    assert not mentions(every_text(vm), 6)
    keys(session, 1, 2)
    assert vm.verdict == "Tie for the highest bid (6): Ann, Cy. Nobody pays; the chariot goes off the board."
    assert vm.rule == "Tribune 3.4: a tie for the highest bid gives every bid back and takes the chariot off the board."
    assert [r["money_text"] for r in vm.rows] == ["17", "8", "14"] and vm.chariot_text == "Chariot off the board"
    assert not vm.can_chariot and not vm.can_region_v
    assert vm.region_v_note == "Region V: done this round" and vm.chariot_note == "Chariot: auctioned this round"
    vm.place_chariot()
    assert vm.chariot_text == "Chariot on the board" and vm.chariot_on_board
    vm.next_round()
    assert vm.can_region_v and vm.can_chariot and vm.title == "Tribune · Round 2"
    vm.start_chariot()
    keys(session, 0, 9)
    keys(session, 1, 3)
    keys(session, 2, 0)
    assert vm.verdict == "Ann wins the chariot and pays 9 to the bank."
    assert vm.rule == "Tribune 3.4: the highest bid pays the bank; the others pay nothing."
    assert [r["money_text"] for r in vm.rows] == ["8", "8", "14"]
    assert vm.chariot_text == "Chariot on the board · won by Ann" and vm.rows[0]["detail"] == "Pad 1 · Chariot"


def test_the_money_panel_takes_and_pays_and_stays_open_on_a_refusal(session):
    vm = table_vm(session)
    start(session)
    vm.open_money(2)
    assert vm.content == "money_entry" and vm.entry.seat == 2 and vm.entry.take_text == "Take 1"
    vm.entry.choose_reason(1)
    assert (vm.entry.amount, vm.entry.reason, vm.entry.take_text) == (5, "coin bowl", "Take 5")
    vm.hand_money(True)
    assert vm.content == "money" and [r["money_text"] for r in vm.rows] == ["12", "13", "19"]
    vm.open_money()
    assert vm.entry.seat == -1 and vm.entry.intent(True) is None
    vm.entry.select(0)
    vm.entry.choose_reason(2)
    vm.entry.change(+12)
    assert vm.entry.reason == "card" and vm.entry.pay_text == "Pay 13"
    vm.hand_money(False)
    assert vm.content == "money_entry", "refused: the panel stays, to change the amount"
    assert vm.notice_text == "Ann has only 12 denarii and cannot pay 13." and vm.notice_level == "refused"
    vm.entry.change(-1)
    vm.hand_money(False)
    assert vm.content == "money" and vm.rows[0]["money_text"] == "0"
    vm.entry.change(-100)
    assert vm.entry.amount == 1, "at least 1"
    kinds = [e["kind"] for entry in session.history() for e in entry.events]
    assert kinds.count("tribune.money_adjusted") == 2


def test_the_set_up_offers_start_money_and_sends_the_start_player_and_pads(session):
    from companion.ui.shell.choices import GameChoice
    from companion.ui.tribune.controller import TribuneUI
    from companion.ui.shell.setup_pads import PadChoice
    from companion.ui.shell.viewmodels import SetupViewModel

    setup_vm = SetupViewModel()
    pads = PadChoice(int(setup_vm.count), 4)
    setup_vm.bind(count=lambda *_: pads.set_seats(int(setup_vm.count)))
    ui = TribuneUI(post=session.handle, seat_view=session.seat_view, pad_of_seat=session.pad_of_seat,
                   go=lambda name: None, setup_vm=setup_vm, setup_pads=pads)
    ui.configure(GameChoice("tribune", 2, 5, True))
    setup_vm.set_count(3)
    assert ui.start_labels == ["Start · 12", "13", "14"]
    ui.choose_start(2)
    assert ui.start_money == [13, 14, 12] and ui.start_labels == ["13", "14", "Start · 12"]
    setup_vm.set_count(2)
    assert ui.start_player == 0 and ui.start_labels == ["Start · 12", "13"], "the start player left: the first starts"
    setup_vm.set_count(4)
    ui.choose_start(3)
    for seat, name in enumerate(("Ann", "Bo", "Cy", "Di")):
        setup_vm.set_name(seat, name)
    pads.cycle(3)  # pad 4 → no pad
    assert ui.whole_game, "the whole game is the set-up's default"
    ui.start()  # without a victory card: refused, nothing started
    assert session.table_view().view is None and "victory" in session.table_view().notice.text.lower()
    ui.toggle_mode()  # money and bids only
    ui.start()
    view = session.table_view().view
    assert view["start_player"] == 3 and [p["money"] for p in view["players"]] == [13, 14, 15, 12]
    assert session.seat_pads == (0, 1, 2, None)
    i18n.set_language("zh-Hant")
    ui.relabel()
    assert ui.start_labels[3] == "起始 · 12"


def test_the_private_entry_serves_a_tribune_bidder_and_hands_back_at_the_reveal(session):
    from companion.ui.tribune.controller import TribuneUI
    from companion.ui.shell.viewmodels import SetupViewModel
    from companion.ui.shell.setup_pads import PadChoice

    went = []
    setup_vm = SetupViewModel()
    ui = TribuneUI(post=session.handle, seat_view=session.seat_view, pad_of_seat=session.pad_of_seat,
                   go=went.append, setup_vm=setup_vm, setup_pads=PadChoice(4, 4))
    session.listeners.append(ui.update)
    start(session, pads=[0, 1, None])
    ui.open_private(2)
    assert went == [], "no bid open: no private entry"
    session.handle(Intent("region_v", {"space1": 0, "space2": 2}))
    ui.open_private(1)
    assert went == [], "Bo is not in region V"
    ui.open_private(2)
    assert went == ["tribune_private"] and ui.private.stage == "handover" and ui.private.amount_text == ""
    ui.private.show()
    assert ui.private.amount_text == "0" and ui.private.limit_text == "Limit 14"
    for _ in range(3):
        ui.private.press("plus")
    assert session.seat_view(2)["draft"] == 3 and not mentions(every_text(ui.table), 3)
    keys(session, 0, 1)  # Ann's pad: she locks first
    ui.private.lock()
    assert ui.private.stage == "handback" and ui.private.handback_text == "The bids were revealed."
    assert ui.private.amount_text == "" and ui.table.verdict == "Cy wins region V and pays 3 to Ann."
    ui.private_done()
    assert went[-1] == "table" and ui.private.stage == ""


def history_texts(session):
    return [row["text"].replace("\u00a0", " ") for row in game_ui_for("tribune").history_rows(session.history())]


def test_history_lines_for_every_tribune_event_in_three_languages(session):
    start(session)
    session.handle(Intent("take_money", {"seat": 0, "amount": 7, "reason": "coin bowl"}))
    session.handle(Intent("pay_money", {"seat": 1, "amount": 2}))
    session.handle(Intent("region_v", {"space1": 0, "space2": 1}))
    keys(session, 0, 3)
    keys(session, 1, 3)
    session.handle(Intent("chariot_auction"))
    keys(session, 0, 4)
    keys(session, 2, 4)
    keys(session, 1, 1)
    session.handle(Intent("chariot", {"on_board": True}))
    session.handle(Intent("next_round"))
    session.handle(Intent("chariot_auction"))
    keys(session, 1, 2)
    session.handle(Intent("force_reveal"))
    session.handle(Intent("chariot", {"on_board": False}))
    session.handle(Intent("finish"))
    assert history_texts(session) == [
        "Seated Ann, Bo, Cy; Ann starts. Money: Ann 12 · Bo 13 · Cy 14.",
        "Ann took 7 (coin bowl).",
        "Bo paid 2.",
        "Region V bid opened: Ann (space 1) and Bo (space 2).",
        "Ann locked a bid.",
        "Bo locked a bid. Bids revealed: Ann 3 · Bo 3. Tie, space 1 wins: Ann pays 3 to Bo.",
        "Chariot auction opened: everybody bids.",
        "Ann locked a bid.",
        "Cy locked a bid.",
        "Bo locked a bid. Bids revealed: Ann 4 · Cy 4 · Bo 1. "
        "Tie for the chariot: Ann, Cy; every bid back, the chariot goes off the board.",
        "The chariot was put on the board.",
        "Round 2 began.",
        "Chariot auction opened: everybody bids.",
        "Bo locked a bid.",
        "Bids revealed early: Bo 2 · Ann 0 (not locked) · Cy 0 (not locked). Bo wins the chariot and pays 2 to the bank.",
        "The chariot was taken off the board.",
        "Tribune finished.",
    ]
    i18n.set_language("zh-Hans")
    hans = history_texts(session)
    assert hans[1] == "Ann 收入 7（钱碗）。" and hans[3] == "区域 V 暗标开始：Ann（位置 1）和 Bo（位置 2）。"
    assert hans[5].endswith("出价揭晓：Ann 3 · Bo 3。平手，位置 1 获胜：Ann 付 3 给 Bo。")
    assert hans[9].endswith("战车竞标平手：Ann、Cy；每人拿回出价，战车离开版图。")
    assert hans[14].endswith("Bo 赢得战车，付 2 给银行。") and hans[-1] == "护民官对局结束。"
    i18n.set_language("zh-Hant")
    hant = history_texts(session)
    assert hant[1] == "Ann 收入 7（碗公）。" and hant[6] == "競標戰車開始：所有人出價。"
    assert hant[9].endswith("競標戰車平手：Ann、Cy；每人拿回出價，戰車放離版圖。") and hant[11] == "第 2 輪開始。"


def test_no_history_line_names_an_amount_before_its_reveal(session):
    start(session)
    session.handle(Intent("region_v", {"space1": 2, "space2": 1}))
    keys(session, 2, 11)
    session.handle(Intent("seat_key", {"seat": 1, "key": "plus"}))
    lines = "\n".join(history_texts(session))
    assert not mentions(lines, 11) and lines.endswith("Cy locked a bid.")
