"""The secret bid's view-models and words, fed from a real session, without any window: the table
never holds an unrevealed amount, the private entry reads only its seat and forgets on leaving."""

from __future__ import annotations

import pytest

from companion.core.engine import HistoryEntry
from companion.session import Intent
from companion.ui.text import formatting as fmt
from companion.ui.text import i18n
from companion.ui.gameui import game_ui_for
from uiharness import mentions, model_texts

pytestmark = pytest.mark.timeout(30)


def format_history(entries):
    """The secret bid's history's rows as the app words them: through its GameUI, found by the game's id."""
    return game_ui_for("secretbid").history_rows(entries)

SECRET_A, SECRET_B = 23, 17


def seat_key(session, seat, key, times=1):
    for _ in range(times):
        session.handle(Intent("seat_key", {"seat": seat, "key": key}))


def start(session, players=("Ann", "Bo", "Cy"), limits=None, pads=None):
    setup = {"players": list(players)}
    if limits is not None:
        setup["limits"] = list(limits)
    if pads is not None:
        setup["pads"] = list(pads)
    session.handle(Intent("new_game", {"game": "secretbid", "setup": setup}))
    assert session.engine is not None, session.notice


def plain(text):
    """Text with its no-break spaces (between a name and its number) as plain spaces."""
    return text.replace("\u00a0", " ")


def test_no_limit_is_the_games_largest_bid():
    from companion.games.secretbid.settings import DEFAULT
    from companion.ui.secretbid.format import NO_LIMIT

    assert NO_LIMIT == DEFAULT.max_bid


def test_the_reveal_question_is_worded_only_while_asked(session):
    """Its label is laid out at every change of its text, shown or not: a lock must not re-word a
    question nobody asked; one asked follows the locks."""
    from companion.ui.secretbid.viewmodels import SecretBidTableViewModel

    vm = SecretBidTableViewModel()
    session.listeners.append(vm.update)
    start(session)
    seat_key(session, 0, "ok")
    assert vm.confirm_text == "" and not vm.confirming
    vm.ask_reveal()
    assert vm.confirm_text.startswith("Not locked yet: Bo, Cy.\n")
    seat_key(session, 1, "ok")
    assert vm.confirming and vm.confirm_text.startswith("Not locked yet: Cy.\n")
    vm.cancel_reveal()
    seat_key(session, 1, "ok_long")  # Bo unlocks: nobody asks, nothing worded
    assert vm.confirm_text == ""


def test_the_table_says_who_locked_never_what(session):
    from companion.ui.secretbid.viewmodels import SecretBidTableViewModel

    posted = []
    vm = SecretBidTableViewModel(post=posted.append, pad_of_seat=session.pad_of_seat)
    session.listeners.append(vm.update)
    start(session, limits=[40, None, 30], pads=[0, None, None])
    assert vm.active and vm.phase == "bidding" and vm.title == "Secret bid · Round 1"
    assert [r["detail"] for r in vm.rows] == ["Limit 40 · Pad 1", "No limit · No pad", "Limit 30 · No pad"]
    assert vm.hint == "Waiting for Ann, Bo, Cy." and not vm.undo_enabled
    seat_key(session, 0, "plus", SECRET_A)
    seat_key(session, 0, "ok")
    seat_key(session, 1, "plus", SECRET_B)  # a draft, not locked
    assert [r["locked"] for r in vm.rows] == [True, False, False]
    assert [r["status_text"] for r in vm.rows] == ["✔ Locked", "Waiting", "Waiting"]
    assert vm.hint == "Waiting for Bo, Cy."
    vm.ask_reveal()
    assert vm.confirming and vm.confirm_text.startswith("Not locked yet: Bo, Cy.\n")
    assert "count as their pads show them now" in vm.confirm_text and vm.confirm_text.endswith("Reveal the bids now?")
    for amount in (SECRET_A, SECRET_B):
        assert not mentions(model_texts(vm), amount)
    vm.cancel_reveal()
    assert not vm.confirming and not posted
    vm.ask_reveal()
    vm.reveal()
    assert posted == [Intent("force_reveal")]
    session.handle(posted.pop())
    assert vm.phase == "revealed" and not vm.confirming
    assert vm.result_title == "Round 1: revealed early by the table"
    assert [(r["name"], r["amount_text"], r["note"]) for r in vm.result_rows] == [
        ("Ann", str(SECRET_A), ""), ("Bo", str(SECRET_B), "not locked"), ("Cy", "0", "not locked")]
    assert vm.verdict == "Highest bid: Ann." and vm.hint == vm.result_title and vm.title == "Secret bid"
    assert vm.undo_enabled and not vm.can_undo, "Undo stays tappable so the refusal can say why"
    engine = session.engine.view(None)["results"][0]
    assert {b["seat"]: b["amount"] for b in engine["bids"]} == {0: SECRET_A, 1: SECRET_B, 2: 0}


def test_a_tie_is_said_plainly_and_a_new_round_takes_new_limits(session):
    from companion.ui.secretbid.viewmodels import SecretBidTableViewModel

    vm = SecretBidTableViewModel(post=session.handle)
    session.listeners.append(vm.update)
    start(session, players=("Ann", "Bo"), limits=[20, 20])
    for seat in (0, 1):
        seat_key(session, seat, "plus", 7)
        seat_key(session, seat, "ok")
    assert vm.phase == "revealed" and vm.result_title == "Round 1: bids revealed"
    assert vm.verdict == "Tie for the highest bid (7): Ann, Bo."
    assert [r["place_text"] for r in vm.result_rows] == ["Place 1", "Place 1"]
    vm.open_new_round()
    assert vm.new_round_open and vm.limits.labels == ["Limit 20", "Limit 20"]
    vm.limits.open(0)
    assert vm.limits.edit_title == "Limit for Ann"
    vm.limits.change(-7)
    vm.limits.open(1)
    vm.limits.clear()
    vm.start_round()
    assert vm.phase == "bidding" and vm.round == 2 and not vm.new_round_open
    assert [p["limit"] for p in session.table_view().view["players"]][0] == 13
    assert vm.rows[1]["detail"].startswith("No limit")
    session.handle(Intent("undo"))  # a new round can be taken back (it revealed nothing)
    assert vm.phase == "revealed"
    session.handle(Intent("undo"))
    assert vm.notice_text == "Step 3 revealed what was secret; it cannot be undone." and vm.notice_rule == "Rule: undo"
    session.handle(Intent("redo"))
    vm.finish()  # refused while bidding: the rules say so
    assert vm.notice_text == "Reveal this round's bids before finishing."


def test_finished_lists_every_round(session):
    from companion.ui.secretbid.viewmodels import SecretBidTableViewModel

    vm = SecretBidTableViewModel(post=session.handle)
    session.listeners.append(vm.update)
    start(session, players=("Ann", "Bo"))
    seat_key(session, 1, "plus", 3)
    seat_key(session, 1, "ok")
    seat_key(session, 0, "ok")
    vm.finish()
    assert vm.phase == "finished" and vm.hint == "Secret bid finished."
    assert [plain(line) for line in vm.round_lines] == ["Round 1: Bo 3 · Ann 0 — highest: Bo"]
    i18n.set_language("zh-Hans")
    vm.relabel()
    assert vm.title == "暗标" and [plain(line) for line in vm.round_lines] == ["第 1 轮：Bo 3 · Ann 0 — 最高：Bo"]


def test_the_private_entry_reads_only_its_seat_and_forgets_on_leaving(session):
    from companion.ui.secretbid.private import PrivateEntryModel

    asked = []

    def seat_view(seat):
        asked.append(seat)
        return session.seat_view(seat)

    model = PrivateEntryModel(seat_view=seat_view, post=session.handle)
    session.listeners.append(model.update)
    start(session, limits=[30, 30, 30])
    model.open(1, "Bo")
    assert model.stage == "handover" and model.handover_title == "Hand the screen to Bo"
    assert model.handover_hint == "Tap when only Bo can see it." and asked == [] and model.amount_text == ""
    model.show()
    assert model.stage == "entry" and model.amount_text == "0" and model.limit_text == "Limit 30"
    assert not model.can_lower and model.can_raise
    for _ in range(SECRET_B):
        model.press("plus")
    assert model.amount_text == str(SECRET_B) and session.engine.journal.last_step == 1, "drafts are not journaled"
    assert set(asked) == {1}
    model.lock()
    assert model.stage == "handback" and model.handback_text.startswith("Your bid is locked.")
    assert session.engine.state.round.is_locked(1)
    assert not mentions(model_texts(model), SECRET_B)
    count = len(asked)
    seat_key(session, 0, "plus")  # another seat's pad: the closed panel reads nothing
    assert len(asked) == count
    model.close()
    assert model.stage == "" and model.seat == -1
    model.open(1, "Bo")
    model.show()
    assert model.locked and model.amount_text == str(SECRET_B) and not model.can_raise
    model.unlock()
    assert not model.locked and not session.engine.state.round.is_locked(1) and model.amount_text == str(SECRET_B)
    model.press("minus")
    model.cancel()
    assert model.handback_text.startswith("Nothing was locked.") and not mentions(model_texts(model), SECRET_B - 1)
    assert session.seat_view(1)["draft"] == SECRET_B - 1, "the seat's draft is kept for it, as on a pad"


def test_the_private_entry_hands_back_when_another_lock_reveals(session):
    from companion.ui.secretbid.private import PrivateEntryModel

    model = PrivateEntryModel(seat_view=session.seat_view, post=session.handle)
    session.listeners.append(model.update)
    start(session, players=("Ann", "Bo"))
    seat_key(session, 1, "ok")
    model.open(0, "Ann")
    model.show()
    model.press("plus")
    session.handle(Intent("force_reveal"))
    assert model.stage == "handback" and model.handback_text == "The bids were revealed." and model.amount_text == ""


def test_limits_editor_counts_from_nothing_and_copies_to_all():
    from companion.ui.secretbid.limits import LimitsModel

    model = LimitsModel(names=lambda: ["Ann", "Bo", "Cy"])
    model.set_seats(3)
    assert model.labels == ["No limit"] * 3 and not model.any_limit()
    assert model.edit_value == "" and model.edit_title == ""
    model.open(2)
    model.change(10)
    model.change(-1)
    assert model.edit_value == "9" and model.edit_title == "Limit for Cy"
    model.change(-50)
    assert model.limits[2] == 0
    model.change(5)
    model.same_for_all()
    assert model.value() == [5, 5, 5]
    model.open(2)  # the same seat again closes the editor
    assert model.editing == -1 and model.edit_title == ""
    model.set_seats(4)
    model.set_seats(2)
    assert model.value() == [5, 5]
    model.set_all([12, 9_999_999])
    assert model.value() == [12, None] and model.labels == ["Limit 12", "No limit"]


ENTRIES = [
    HistoryEntry(1, "2026-01-02T03:04:05.000+00:00", (
        {"kind": "secretbid.started", "players": ["Ann", "Bo", "Cy"], "limits": [20, 9_999_999, 15], "step": 1,
         "unlocked": "current"},
        {"kind": "sealed.opened", "seats": [0, 1, 2], "limits": [20, 9_999_999, 15], "min_bid": 0, "step": 1,
         "unlocked": "current", "tie_order": []}), False),
    HistoryEntry(2, "2026-01-02T03:04:06.000+00:00", ({"kind": "sealed.locked", "seat": 1},), False),
    HistoryEntry(3, "2026-01-02T03:04:07.000+00:00", ({"kind": "sealed.unlocked", "seat": 1},), False),
    HistoryEntry(4, "2026-01-02T03:04:08.000+00:00", ({"kind": "sealed.revealed", "bids": [
        {"seat": 0, "amount": 10, "locked": True}, {"seat": 1, "amount": 12, "locked": True},
        {"seat": 2, "amount": 0, "locked": False}], "places": [[1], [0], [2]], "winners": [1], "forced": True},), False),
    HistoryEntry(5, "2026-01-02T03:04:09.000+00:00", ({"kind": "sealed.opened", "seats": [0, 1, 2],
        "limits": [8, 9_999_999, 15], "min_bid": 0, "step": 1, "unlocked": "current", "tie_order": []},), True),
    HistoryEntry(6, "2026-01-02T03:04:10.000+00:00", ({"kind": "core.undo", "step": 5},), False),
    HistoryEntry(7, "2026-01-02T03:04:11.000+00:00", ({"kind": "secretbid.finished"},), False),
]


def test_history_lines_in_three_languages():
    i18n.set_language("en")
    assert [plain(r["text"]) for r in format_history(ENTRIES)] == [
        "Seated Ann, Bo, Cy; limits: Ann 20 · Bo no limit · Cy 15.",
        "Bo locked a bid.",
        "Bo unlocked a bid to change it.",
        "Bids revealed early: Bo 12 · Ann 10 · Cy 0 (not locked) — highest: Bo",
        "New round; limits: Ann 8 · Bo no limit · Cy 15.",
        "Undid step 5: New round; limits: Ann 8 · Bo no limit · Cy 15.",
        "Secret bid finished.",
    ]
    i18n.set_language("zh-Hans")
    texts = [plain(r["text"]) for r in format_history(ENTRIES)]
    assert texts[0] == "入座：Ann、Bo、Cy；上限：Ann 20 · Bo 不设上限 · Cy 15。"
    assert texts[1] == "Bo 锁定了出价。" and texts[3] == "提前揭晓出价：Bo 12 · Ann 10 · Cy 0 （未锁定） — 最高：Bo"
    i18n.set_language("zh-Hant")
    texts = [r["text"] for r in format_history(ENTRIES)]
    assert texts[2] == "Bo 解鎖了出價以便修改。" and texts[6] == "暗標結束。"


def test_generic_sealed_lines_for_any_game_and_a_tie():
    i18n.set_language("en")
    reveal = {"kind": "sealed.revealed", "bids": [{"seat": 0, "amount": 5, "locked": True},
                                                  {"seat": 1, "amount": 5, "locked": True}],
              "places": [[0, 1]], "winners": [0, 1], "forced": False}
    assert plain(fmt.format_event(reveal, ["Ann", "Bo"])) == "Bids revealed: Ann 5 · Bo 5 — tie for highest: Ann, Bo"
    assert fmt.format_event({"kind": "sealed.locked", "seat": 3}, ["Ann"]) == "Seat 4 locked a bid."
    assert plain(fmt.format_event({"kind": "sealed.opened", "seats": [0], "limits": [9], "min_bid": 0, "step": 1,
                             "unlocked": "current", "tie_order": []}, ["Ann"])) == "Bidding opened; limits: Ann 9."
