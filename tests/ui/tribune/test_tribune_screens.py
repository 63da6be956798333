"""Tribune through a real offscreen window with the pads' keyboard twin: a scripted game of three
players. Region V between seats 0 and 1 locks from the keyboard (pad 1: q/w/e, pad 2: a/s/d) and
reveals only once both have locked, the winner paying the other bidder, and a tie going to space 1;
a chariot auction where Ann and Bo lock from the keyboard and Cy (no pad) on the private entry
screen, the highest paying the bank; a chariot tie where nobody pays and the chariot goes off the
board. At every step no widget of the shared screens shows an amount not yet revealed (the amounts
are chosen to appear nowhere else on those screens)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.config import Config  # noqa: E402
from companion.wiring.pads import PadPlan  # noqa: E402
from companion.session import Intent  # noqa: E402
import uiharness  # noqa: E402
from uiharness import (LayoutProblems, check_bid_panels, duplicate_wids, run_ui, tap_key,  # noqa: E402
                       texts_under, until)

pytestmark = pytest.mark.timeout(180)

SHARED_SCREENS = ("tribune_table", "history")
PAD_KEYS = {0: ("q", "w", "e"), 1: ("a", "s", "d"), 2: ("z", "x", "c")}  # minus, plus, ok


# -- reading the widget tree ---------------------------------------------------------------------

def showing(lines, amount):
    """`uiharness.showing`, past a history row's step number ("#4"): the journal's count of steps."""
    return uiharness.showing(lines, amount, step_numbers=False)


def assert_hidden(ui, amounts, where):
    """No widget of the shared screens built so far shows any of `amounts`; the history is shown
    too (built afresh from the journal's public events), so it is checked as it would be now."""
    ui.app.history_vm.refresh(ui.app.session.history(), None, "tribune")
    for name in SHARED_SCREENS:
        if ui.app.sm.has_screen(name):
            lines = texts_under(ui.app.sm.get_screen(name))
            for amount in amounts:
                assert not showing(lines, amount), f"{where}: {name} shows {amount}: {showing(lines, amount)}"
    history = [row["text"] for row in ui.app.history_vm.rows]
    for amount in amounts:
        assert not showing([f"h: {t}" for t in history], amount), f"{where}: the history shows {amount}"


# -- the keyboard twin ---------------------------------------------------------------------------

def pad_bid(ui, seat, amount, hidden, where):
    """Seat's pad, from the keyboard: + `amount` times, then OK; checks the shared screens at each
    step for every amount in `hidden` (its own and the others' not yet revealed)."""
    minus, plus, ok = PAD_KEYS[seat]
    session = ui.app.session
    steps = session.engine.journal.last_step
    for press in range(amount):
        yield from tap_key(plus)
        yield from until(lambda: session.seat_view(seat)["draft"] == press + 1, what=f"seat {seat}'s draft")
        assert_hidden(ui, hidden, f"{where}: seat {seat} pressed + {press + 1}×")
    assert session.engine.journal.last_step == steps, "a press is not journaled"
    yield from tap_key(ok)
    yield from until(lambda: session.engine.journal.last_step > steps, what=f"seat {seat}'s lock")


def private_bid(ui, seat, name, amount, hidden, reveals=False):
    """Seat's Private entry by touch: hand-over, + `amount` taps, Lock, hand-back."""
    yield from ui.tap(f"tribune.seat.{seat}.private")
    assert ui.screen == "tribune_private"
    assert ui.text("tribune.private.handover.title") == f"Hand the screen to {name}"
    assert not ui.shown("tribune.private.amount"), "nothing private before the seat says it alone sees"
    assert_hidden(ui, hidden, f"{name}'s hand-over")
    yield from ui.tap("tribune.private.show")
    assert ui.text("tribune.private.amount") == "0"
    for _ in range(amount):
        yield from ui.tap("tribune.private.plus")
    assert ui.text("tribune.private.amount") == str(amount)
    assert_hidden(ui, hidden, f"{name}'s entry")
    yield from ui.tap("tribune.private.lock")
    assert ui.shown("tribune.private.handback.title") and not ui.shown("tribune.private.amount")
    if reveals:
        assert ui.text("tribune.private.handback.text") == "The bids were revealed."
    else:
        assert not showing(texts_under(ui.app.root), amount), f"{name}'s hand-back"
    yield from ui.tap("tribune.private.done")
    assert ui.screen == "tribune_table"


def money(session):
    return [p["money"] for p in session.table_view().view["players"]]


def plan(tmp_path):
    return PadPlan("simulated", Config().devices.pads.seats, tmp_path / "png", reason="simulated, by the test")


def test_a_scripted_game_bids_from_the_keyboard_and_moves_the_money_by_the_rules(session, tmp_path):
    seen = {}

    def script(ui):
        app = ui.app
        # -- set-up: three players, Cy without a pad, Ann starts ------------------------------
        yield from ui.tap("home.game.tribune")
        assert ui.screen == "tribune_setup" and app.setup_vm.min_count == 2 and app.setup_vm.max_count == 5
        while app.setup_vm.count > 3:
            yield from ui.tap("tribune.setup.count.minus")
        for seat, name in enumerate(("Ann", "Bo", "Cy")):
            ui.find(f"tribune.setup.name.{seat}").text = name
        while ui.text("tribune.setup.pad.2") != "No pad":
            yield from ui.tap("tribune.setup.pad.2")
        yield from ui.tap("tribune.setup.money.1")
        assert [ui.text(f"tribune.setup.money.{s}") for s in range(3)] == ["14", "Start · 12", "13"]
        yield from ui.tap("tribune.setup.money.0")
        assert [ui.text(f"tribune.setup.money.{s}") for s in range(3)] == ["Start · 12", "13", "14"]
        assert ui.text("tribune.setup.mode") == "The whole game"
        yield from ui.tap("tribune.setup.mode")  # this game keeps money and bids only
        assert ui.text("tribune.setup.mode") == "Money and bids only"
        yield from ui.tap("tribune.setup.start")
        assert ui.screen == "tribune_table"
        assert money(session) == [12, 13, 14] and session.seat_pads == (0, 1, None)
        assert [ui.text(f"tribune.money.{s}.amount") for s in range(3)] == ["12", "13", "14"]
        assert ui.text("tribune.money.0.name") == "★ Ann" and ui.text("tribune.money.2.detail") == "No pad"

        # -- money by hand: Ann takes the coin bowl's 7 ---------------------------------------
        yield from ui.tap("tribune.money.0")
        assert ui.find("tribune.hand.seat.0").selected
        yield from ui.tap("tribune.hand.reason.0")
        assert ui.text("tribune.hand.take") == "Take 7"
        yield from ui.tap("tribune.hand.take")
        assert money(session) == [19, 13, 14] and ui.text("tribune.money.0.amount") == "19"
        assert not ui.shown("tribune.hand.take"), "the panel closes once the money moved"

        # -- region V, round 1: Ann (space 1) 6, Bo (space 2) 8, from the keyboard ------------
        yield from ui.tap("tribune.region_v")
        yield from ui.tap("tribune.region_v.space1.0")
        yield from ui.tap("tribune.region_v.space2.0")  # Ann cannot stand on both spaces
        assert ui.app.tribune.table.picker.space1 == -1 and ui.find("tribune.region_v.open").disabled
        yield from ui.tap("tribune.region_v.space1.0")
        yield from ui.tap("tribune.region_v.space2.1")
        yield from ui.tap("tribune.region_v.open")
        assert session.table_view().view["phase"] == "region_v"
        assert ui.text("tribune.title") == "Round 1 · Region V"
        assert ui.text("tribune.seat.0.detail") == "Space 1 · 19 denarii · Pad 1"
        assert not ui.shown("tribune.seat.2.private"), "Cy is not in region V"
        yield from pad_bid(ui, 0, 6, [6], "region V")
        bid = session.table_view().view["bid"]
        assert bid["phase"] == "bidding" and session.table_view().view["results"] == [], "one lock reveals nothing"
        assert ui.text("tribune.seat.0.status") == "✔ Locked" and ui.text("tribune.seat.1.status") == "Waiting"
        assert ui.text("tribune.notice") == "Waiting for Bo."
        assert_hidden(ui, [6], "region V, Ann locked")
        table_texts = texts_under(app.sm.get_screen("tribune_table"))
        assert showing(table_texts, 19) and showing(table_texts, 13), "the walk sees the money on the cards"
        yield from ui.tap("tribune.history")
        assert ui.screen == "history" and app.history_vm.rows[0]["text"] == "Ann locked a bid."
        assert_hidden(ui, [6], "the history, Ann locked")
        yield from ui.tap("history.back")
        assert ui.screen == "tribune_table"
        yield from tap_key("x")  # pad 3 plays nobody here (Cy has no pad): nothing happens
        yield from pad_bid(ui, 1, 8, [6, 8], "region V, Bo")
        yield from until(lambda: session.table_view().view["results"], what="the reveal")
        result = session.table_view().view["results"][0]
        assert {b["seat"]: b["amount"] for b in result["bids"]} == {0: 6, 1: 8}
        assert result["payments"] == [{"from": 1, "to": 0, "amount": 8}] and not result["tie"]
        assert money(session) == [27, 5, 14], "the winner pays his bid to the other bidder"
        assert ui.text("tribune.result.verdict") == "Bo wins region V and pays 8 to Ann."
        assert ui.text("tribune.result.money") == "Money now: Ann\u00a027 · Bo\u00a05"
        assert ui.text("tribune.result.0.amount") == "6" and ui.text("tribune.result.1.amount") == "8"
        yield from ui.tap("tribune.undo")
        assert ui.text("tribune.notice").startswith("Step 5 revealed what was secret; it cannot be undone.")
        yield from ui.tap("tribune.continue")
        assert ui.find("tribune.region_v").disabled and ui.text("tribune.region_v") == "Region V: done this round"

        # -- chariot, round 1: Ann 16 and Bo 4 on the keyboard, Cy 11 on the private entry ----
        yield from ui.tap("tribune.chariot_auction")
        assert session.table_view().view["phase"] == "chariot"
        assert ui.text("tribune.title") == "Round 1 · Chariot auction"
        yield from pad_bid(ui, 0, 16, [16], "chariot")
        yield from private_bid(ui, 2, "Cy", 11, [16, 11])
        assert_hidden(ui, [16, 11], "chariot, Cy locked")
        assert session.table_view().view["bid"]["phase"] == "bidding"
        yield from ui.tap("tribune.reveal")
        assert ui.text("tribune.confirm.text").startswith("Not locked yet: Bo.\nTheir bids count as the minimum, 0.")
        assert_hidden(ui, [16, 11], "the question")
        yield from ui.tap("tribune.confirm.cancel")
        yield from pad_bid(ui, 1, 4, [16, 11, 4], "chariot, Bo")
        yield from until(lambda: len(session.table_view().view["results"]) == 2, what="the chariot's reveal")
        result = session.table_view().view["results"][1]
        assert result["winner"] == 0 and result["payments"] == [{"from": 0, "to": None, "amount": 16}]
        assert money(session) == [11, 5, 14], "the highest bid pays the bank, the others nothing"
        assert ui.text("tribune.result.verdict") == "Ann wins the chariot and pays 16 to the bank."
        assert [ui.text(f"tribune.result.{s}.amount") for s in range(3)] == ["16", "4", "11"]
        yield from ui.tap("tribune.continue")
        assert ui.text("tribune.chariot") == "Chariot on the board · won by Ann"
        assert ui.text("tribune.money.0.detail") == "Pad 1 · Chariot"
        yield from ui.tap("tribune.next_round")
        assert ui.text("tribune.title") == "Tribune · Round 2" and not ui.find("tribune.region_v").disabled

        # -- region V, round 2: a tie (3 each) goes to space 1, who pays the other -------------
        yield from ui.tap("tribune.region_v")
        yield from ui.tap("tribune.region_v.space1.1")
        yield from ui.tap("tribune.region_v.space2.0")
        yield from ui.tap("tribune.region_v.open")
        yield from pad_bid(ui, 1, 3, [3], "tie")
        yield from pad_bid(ui, 0, 3, [3], "tie")
        yield from until(lambda: len(session.table_view().view["results"]) == 3, what="the tie's reveal")
        result = session.table_view().view["results"][2]
        assert result["tie"] and result["winner"] == 1 and result["payments"] == [{"from": 1, "to": 0, "amount": 3}]
        assert money(session) == [14, 2, 14], "a tie goes to space 1, who pays his bid to the other bidder"
        assert ui.text("tribune.result.verdict") == "Tie at 3: Bo on space 1 wins and pays 3 to Ann."
        assert ui.text("tribune.result.rule") == "Tribune 3.3: a tie goes to the player on space 1."
        yield from ui.tap("tribune.continue")

        # -- chariot, round 2: Ann and Cy tie at 10, Bo bids nothing: nobody pays ---------------
        yield from ui.tap("tribune.chariot_auction")
        yield from pad_bid(ui, 0, 10, [10], "chariot tie")
        yield from pad_bid(ui, 1, 0, [10], "chariot tie, Bo")
        yield from private_bid(ui, 2, "Cy", 10, [10], reveals=True)
        result = session.table_view().view["results"][3]
        assert result["winner"] is None and result["chariot_off"] and result["payments"] == []
        assert money(session) == [14, 2, 14], "a tie for the chariot: every bid back"
        view = session.table_view().view
        assert view["chariot"] == {"on_board": False, "holder": None, "auctioned_this_round": True}
        assert ui.text("tribune.result.verdict") == \
            "Tie for the highest bid (10): Ann, Cy. Nobody pays; the chariot goes off the board."
        yield from ui.tap("tribune.continue")
        assert ui.text("tribune.chariot") == "Chariot off the board"
        yield from ui.tap("tribune.chariot.place")
        assert session.table_view().view["chariot"]["on_board"]

        yield from ui.tap("tribune.history")
        seen["history"] = [row["text"].replace("\u00a0", " ") for row in app.history_vm.rows]

    run_ui(session, script, pad_plan=plan(tmp_path), watchdog=120)  # ~10 s here: ≥ 5× that
    history = list(reversed(seen["history"]))
    assert history[:3] == ["Seated Ann, Bo, Cy; Ann starts. Money: Ann 12 · Bo 13 · Cy 14.",
                           "Ann took 7 (coin bowl).", "Region V bid opened: Ann (space 1) and Bo (space 2)."]
    assert "Bo locked a bid. Bids revealed: Bo 8 · Ann 6. Bo pays 8 to Ann." in history
    assert "Tie, space 1 wins: Bo pays 3 to Ann." in " ".join(history)
    assert history[-1] == "The chariot was put on the board."
    print("\n".join(history))


FIVE = ["Bartholomew", "Chrysanthe", "Dorothea", "Evangeline", "Fitzgerald"]


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_tribune_screen_fits(session, profile):
    """Five long names, every panel, English and Chinese: nothing cut off, every target ≥ 48 px."""
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": FIVE, "start_player": 2, "pads": [0, 1, 2, None, None]}}))
    session.handle(Intent("take_money", {"seat": 0, "amount": 9_000_000, "reason": "coin bowl"}))
    problems = LayoutProblems(profile)
    check = problems.check

    def script(ui):
        app = ui.app
        for language in ("en", "zh-Hans"):
            app.set_language(language)
            app.go("table")
            yield from check(ui, "table")
            yield from ui.tap("tribune.money.3")
            yield from check(ui, "money entry")
            yield from ui.tap("tribune.hand.reason.1")
            yield from ui.tap("tribune.hand.cancel")
            yield from ui.tap("tribune.region_v")
            yield from ui.tap("tribune.region_v.space1.4")
            yield from check(ui, "region V picker")
            yield from ui.tap("tribune.region_v.cancel")
            yield from ui.tap("tribune.chariot_auction")
            yield from check(ui, "bidding")
            yield from check_bid_panels(ui, check, "tribune", 4)
            yield from ui.tap("tribune.reveal")
            yield from ui.tap("tribune.confirm.reveal")
            yield from check(ui, "chariot tie")
            yield from ui.tap("tribune.continue")
            yield from check(ui, "chariot off")
            app.go("history")
            yield from check(ui, "history")
            app.go("home")
            app.open_game("tribune")
            app.setup_vm.set_count(5)
            yield from check(ui, "setup 5")
            app.go("table")
            yield from ui.tap("tribune.next_round")
        assert not duplicate_wids(app.root), duplicate_wids(app.root)

    run_ui(session, script, profile=profile)
    assert not problems, "\n".join(problems)
