"""The secret bid through a real offscreen window: a whole round by touches only (two seats lock on
the private entry screen, the third is revealed by force after the confirmation), the result on
screen checked against the engine's; at every step no widget of the shared screens shows an
unrevealed amount, and once the private screen is handed back no widget anywhere holds one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from uiharness import LayoutProblems, check_bid_panels, duplicate_wids, run_ui, showing, texts_under, until  # noqa: E402

pytestmark = pytest.mark.timeout(150)

ANN, BO = 23, 17  # what Ann and Bo lock
SHARED_SCREENS = ("secretbid_table", "history")


def assert_hidden(ui, amounts, screens=SHARED_SCREENS, where=""):
    """No widget on the shared screens (built so far) shows any of `amounts`."""
    for name in screens:
        if ui.app.sm.has_screen(name):
            lines = texts_under(ui.app.sm.get_screen(name))
            for amount in amounts:
                assert not showing(lines, amount), f"{where}: {name} shows {amount}: {showing(lines, amount)}"


def assert_nowhere(ui, amounts, where=""):
    """No widget of any screen holds any of `amounts`."""
    lines = texts_under(ui.app.root)
    for amount in amounts:
        assert not showing(lines, amount), f"{where}: {showing(lines, amount)}"


def hold(ui, wid, condition, what):
    """Touches and holds the widget until `condition()` holds (a held − or + repeats, on the
    Clock: how many steps a given time brings depends on the machine's frames), then lets go."""
    from kivy.tests.common import UnitTestTouch

    widget = ui.find(wid)
    assert ui.shown(wid) and not widget.disabled, wid
    touch = UnitTestTouch(*widget.to_window(*widget.center))
    touch.touch_down()
    yield from until(condition, what=what)
    touch.touch_up()
    yield


def private_entry(ui, seat, name, presses, lock=True, reveals=False):
    """Seat's Private entry by touch: hand-over, `presses` taps of +, Lock (or Cancel), hand-back.
    `reveals`: this lock is the last one, so the amount is public once the screen is back."""
    yield from ui.tap(f"secretbid.seat.{seat}.private")
    assert ui.screen == "secretbid_private"
    assert ui.text("secretbid.private.handover.title") == f"Hand the screen to {name}"
    assert not ui.shown("secretbid.private.amount"), "nothing private before the seat says it alone sees"
    yield from ui.tap("secretbid.private.show")
    assert ui.text("secretbid.private.amount") == "0"
    assert ui.find("secretbid.private.minus").disabled, "at the minimum − would change nothing"
    for _ in range(presses):
        yield from ui.tap("secretbid.private.plus")
    assert ui.text("secretbid.private.amount") == str(presses)
    yield from ui.tap("secretbid.private.lock" if lock else "secretbid.private.cancel")
    assert ui.shown("secretbid.private.handback.title") and not ui.shown("secretbid.private.amount")
    private = ui.app.sm.get_screen("secretbid_private")
    assert not showing(texts_under(private), presses), f"{name}'s hand-back"
    if reveals:
        assert ui.text("secretbid.private.handback.text") == "The bids were revealed."
    else:
        assert_nowhere(ui, [presses], f"{name}'s hand-back")
    yield from ui.tap("secretbid.private.done")
    assert ui.screen == "secretbid_table"
    assert not showing(texts_under(private), presses), f"{name} handed back"
    if not reveals:
        assert_nowhere(ui, [presses], f"{name} handed back")


def test_a_three_player_round_by_touch_with_a_forced_reveal(session):
    seen = {}

    def script(ui):
        yield from ui.tap("home.game.secretbid")
        assert ui.screen == "secretbid_setup"
        assert ui.app.setup_vm.min_count == 2
        while ui.app.setup_vm.count > 3:
            yield from ui.tap("secretbid.setup.count.minus")
        for seat, name in enumerate(("Ann", "Bo", "Cy")):
            ui.find(f"secretbid.setup.name.{seat}").text = name  # what typing does (no keyboard here)
        for seat in (1, 2):  # Bo and Cy have no pad: next free pad, then none
            while ui.text(f"secretbid.setup.pad.{seat}") != "No pad":
                yield from ui.tap(f"secretbid.setup.pad.{seat}")
        yield from ui.tap("secretbid.setup.limit.0")
        for _ in range(4):
            yield from ui.tap("secretbid.setup.limits.plus10")
        yield from ui.tap("secretbid.setup.limits.all")
        yield from ui.tap("secretbid.setup.limits.done")
        yield from ui.tap("secretbid.setup.limit.2")
        yield from ui.tap("secretbid.setup.limits.minus10")
        yield from ui.tap("secretbid.setup.limit.2")  # tapping it again closes the editor
        assert [ui.text(f"secretbid.setup.limit.{s}") for s in range(3)] == ["Limit 40", "Limit 40", "Limit 30"]
        yield from ui.tap("secretbid.setup.start")
        assert ui.screen == "secretbid_table"
        view = session.table_view().view
        assert [(p["name"], p["limit"]) for p in view["players"]] == [("Ann", 40), ("Bo", 40), ("Cy", 30)]
        assert session.seat_pads == (0, None, None)
        assert ui.text("secretbid.seat.1.detail") == "Limit 40 · No pad"
        assert ui.find("secretbid.undo").disabled and ui.shown("secretbid.reveal")

        yield from private_entry(ui, 0, "Ann", ANN)
        assert ui.text("secretbid.seat.0.status") == "✔ Locked" and ui.text("secretbid.seat.1.status") == "Waiting"
        assert_hidden(ui, [ANN], where="after Ann locked")
        yield from ui.tap("secretbid.history")
        assert ui.screen == "history" and ui.app.history_vm.rows[0]["text"] == "Ann locked a bid."
        assert_hidden(ui, [ANN], where="history after Ann")
        yield from ui.tap("history.back")
        assert ui.screen == "secretbid_table"

        yield from private_entry(ui, 1, "Bo", BO)
        assert_hidden(ui, [ANN, BO], where="after Bo locked")

        # Cy holds + (it repeats) and leaves without locking: the draft stays hers, unrevealed.
        yield from ui.tap("secretbid.seat.2.private")
        yield from ui.tap("secretbid.private.show")
        yield from hold(ui, "secretbid.private.plus", lambda: int(ui.text("secretbid.private.amount")) >= 9,
                        "a held + to repeat up to 9")
        cy = int(ui.text("secretbid.private.amount"))
        assert 9 <= cy < BO, "a held + repeats (let go at 9: below Bo, as this round needs)"
        assert cy == session.seat_view(2)["draft"] and session.engine.journal.last_step == 3
        yield from ui.tap("secretbid.private.cancel")
        assert ui.text("secretbid.private.handback.text").startswith("Nothing was locked.")
        yield from ui.tap("secretbid.private.done")
        seen["cy"] = cy
        assert_hidden(ui, [ANN, BO, cy], where="after Cy cancelled")
        assert_nowhere(ui, [cy], "Cy handed back")

        yield from ui.tap("secretbid.reveal")
        assert ui.text("secretbid.confirm.text").startswith("Not locked yet: Cy.")
        assert session.table_view().view["phase"] == "bidding", "Reveal now asks first"
        assert_hidden(ui, [ANN, BO, cy], where="confirmation")
        yield from ui.tap("secretbid.confirm.cancel")
        assert ui.shown("secretbid.seat.0.private") and session.table_view().view["phase"] == "bidding"
        yield from ui.tap("secretbid.reveal")
        yield from ui.tap("secretbid.confirm.reveal")

        result = session.engine.view(None)["results"][0]
        seen["result"] = result
        for bid in result["bids"]:
            assert ui.text(f"secretbid.result.{bid['seat']}.amount") == str(bid["amount"])
        assert ui.text("secretbid.result.verdict") == "Highest bid: Ann."
        assert ui.text("secretbid.notice") == "Round 1: revealed early by the table"
        # Cy never locked: under the `current` policy the amount Cy's panel showed counts
        assert ui.text("secretbid.result.2.amount") == str(cy) and cy < BO
        yield from ui.tap("secretbid.undo")
        assert ui.text("secretbid.notice").startswith("Step 4 revealed what was secret; it cannot be undone.")
        yield from ui.tap("secretbid.history")
        texts = [r["text"].replace("\u00a0", " ") for r in ui.app.history_vm.rows]
        assert texts[0] == f"Bids revealed early: Ann {ANN} · Bo {BO} · Cy {seen['cy']} (not locked) — highest: Ann"
        assert texts[1:] == ["Bo locked a bid.", "Ann locked a bid.",
                             "Seated Ann, Bo, Cy; limits: Ann 40 · Bo 40 · Cy 30."]
        yield from ui.tap("history.back")

        yield from ui.tap("secretbid.new_round")
        yield from ui.tap("secretbid.round.limit.0")
        yield from ui.tap("secretbid.round.limits.minus10")
        yield from ui.tap("secretbid.round.limits.done")
        yield from ui.tap("secretbid.round.start")
        assert session.table_view().view["round"] == 2 and ui.shown("secretbid.reveal")
        assert [p["limit"] for p in session.table_view().view["players"]] == [30, 40, 30]
        assert ui.text("secretbid.title") == "Secret bid · Round 2"
        yield from ui.tap("secretbid.undo")
        assert session.table_view().view["phase"] == "revealed", "a new round can be taken back"
        yield from ui.tap("secretbid.finish")
        assert session.table_view().finished and ui.shown("secretbid.new_game")
        assert ui.app.secretbid.table.round_lines[0].startswith(f"Round 1, revealed early: Ann\u00a0{ANN}")

    run_ui(session, script)
    bids = {b["seat"]: (b["amount"], b["locked"]) for b in seen["result"]["bids"]}
    assert bids == {0: (ANN, True), 1: (BO, True), 2: (seen["cy"], False)}, "Cy's unlocked draft counts as shown"
    assert seen["result"]["winners"] == [0] and seen["result"]["forced"]


def test_a_locked_seat_unlocks_on_its_private_screen_and_the_last_lock_reveals(session):
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"], "pads": [None, None]}}))

    def script(ui):
        assert ui.screen == "secretbid_table", "an open secret bid at start opens its table"
        yield from private_entry(ui, 0, "Ann", 5)
        yield from ui.tap("secretbid.seat.0.private")
        yield from ui.tap("secretbid.private.show")
        assert ui.text("secretbid.private.amount") == "5" and ui.shown("secretbid.private.unlock")
        assert ui.find("secretbid.private.plus").disabled
        yield from ui.tap("secretbid.private.unlock")
        assert not session.engine.state.round.is_locked(0) and not ui.find("secretbid.private.plus").disabled
        yield from ui.tap("secretbid.private.plus")
        yield from ui.tap("secretbid.private.lock")
        yield from ui.tap("secretbid.private.done")
        assert ui.text("secretbid.notice") == "Waiting for Bo."
        yield from private_entry(ui, 1, "Bo", 6, reveals=True)
        assert ui.text("secretbid.notice") == "Round 1: bids revealed", "the last lock reveals by itself"
        assert ui.text("secretbid.result.verdict") == "Tie for the highest bid (6): Ann, Bo."

    run_ui(session, script)


def _eight(session):
    names = ["Bartholomew", "Chrysanthe", "Dorothea", "Evangeline", "Fitzgerald", "Gwendolyn", "Hieronymus", "Isadora"]
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {
        "players": names, "limits": [120, None, 9_999_998, 40, 40, 40, 40, 1], "pads": [0, 1, 2, 3] + [None] * 4}}))
    for seat in (0, 2, 5):
        for key in ("plus", "plus", "ok"):
            session.handle(Intent("seat_key", {"seat": seat, "key": key}))


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_secret_bid_screen_fits(session, profile):
    _eight(session)
    problems = LayoutProblems(profile)
    check = problems.check

    def script(ui):
        app = ui.app
        for language in ("en", "zh-Hans"):
            app.set_language(language)
            app.go("table")
            yield from check(ui, "bidding")
            yield from check_bid_panels(ui, check, "secretbid", 6)
            app.go("history")
            yield from check(ui, "history")
            app.go("home")
            app.open_game("secretbid")
            app.setup_vm.set_count(8)
            yield from check(ui, "setup 8")
            yield from ui.tap("secretbid.setup.limit.7")
            yield from check(ui, "setup limit editor")
            app.go("table")
        app.post(Intent("force_reveal"))
        for language in ("en", "zh-Hans"):
            app.set_language(language)
            yield from check(ui, "result")
            yield from ui.tap("secretbid.new_round")
            yield from check(ui, "new round")
            yield from ui.tap("secretbid.round.limit.1")
            yield from check(ui, "new round editor")
            yield from ui.tap("secretbid.round.limits.done")
            yield from ui.tap("secretbid.round.cancel")
        yield from ui.tap("secretbid.finish")
        yield from check(ui, "finished")
        assert not duplicate_wids(app.root), duplicate_wids(app.root)

    run_ui(session, script, profile=profile)
    assert not problems, "\n".join(problems)


def test_new_game_offers_the_same_players_and_the_score_pad_stays_the_score_pad(session):
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo", "Cy"]}}))
    session.handle(Intent("force_reveal"))
    session.handle(Intent("finish"))

    def script(ui):
        assert ui.screen == "secretbid_table" and ui.shown("secretbid.new_game")
        yield from ui.tap("secretbid.new_game")
        assert ui.screen == "secretbid_setup"
        assert [ui.find(f"secretbid.setup.name.{s}").text for s in range(3)] == ["Ann", "Bo", "Cy"]
        assert ui.app.setup_vm.min_count == 2
        yield from ui.tap("secretbid.setup.back")
        yield from ui.tap("home.game.scorepad")
        assert ui.screen == "setup" and ui.app.setup_vm.min_count == 1
        yield from ui.tap("setup.start")
        assert session.table_view().game == "scorepad" and ui.screen == "table"
        assert [p["name"] for p in session.table_view().view["players"]] == ["Ann", "Bo", "Cy"]

    run_ui(session, script)


def test_companion_game_secretbid_opens_its_set_up(session):
    def script(ui):
        assert ui.screen == "secretbid_setup" and ui.app.setup_vm.min_count == 2
        while ui.app.setup_vm.count > 2:
            yield from ui.tap("secretbid.setup.count.minus")
        assert ui.find("secretbid.setup.count.minus").disabled, "2 is the fewest"
        yield from ui.tap("secretbid.setup.start")
        view = session.table_view().view
        assert ui.screen == "secretbid_table" and view["game"] == "secretbid"
        assert [p["name"] for p in view["players"]] == ["Player 1", "Player 2"]
        assert [p["limit"] for p in view["players"]] == [9_999_999, 9_999_999], "no limits sent, none given"

    run_ui(session, script, start_screen="setup", start_game="secretbid")
