"""Tribune's whole game through a real offscreen window, by touch only: the set-up (two players,
the victory card entered number by number: laurels 2, one condition needed), every follower placed
with one tap on its space (an illegal space is not offered; Undo takes a placement back), region
VIII's pairs locked on the private entry (nothing shown on the shared screen before the reveal),
the chariot's auction, a take-over's set entered card by card, and the round's end: the victory
grid shows each condition met or its margin, and the app says who won."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.session import Intent  # noqa: E402
from test_tribune_screens import assert_hidden, private_bid  # noqa: E402
from uiharness import LayoutProblems, duplicate_wids, run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(240)

#: Each seat's spaces in its turns (six followers each at two players; the rest to the bowl).
PLAN = {0: ["VIII.1", "faction:vestals", "I.1"], 1: ["VIII.2", "faction:senators"]}
PAIRS = {0: 16, 1: 6}  # region VIII: Ann's pair beats Bo's (neither number is on the screen before)


def board(ui):
    return ui.app.tribune.table.board


def test_a_whole_game_of_tribune_by_touch_to_its_winner(session):
    seen = {}

    def script(ui):
        app = ui.app
        yield from ui.tap("home.game.tribune")
        while app.setup_vm.count > 2:
            yield from ui.tap("tribune.setup.count.minus")
        for seat, name in enumerate(("Ann", "Bo")):
            ui.find(f"tribune.setup.name.{seat}").text = name
        for seat in range(2):
            while ui.text(f"tribune.setup.pad.{seat}") != "No pad":
                yield from ui.tap(f"tribune.setup.pad.{seat}")
        assert ui.text("tribune.setup.victory") == "Victory card: not entered yet"
        yield from ui.tap("tribune.setup.start")  # no card entered: refused, naming the rule
        assert ui.screen == "tribune_setup" and "victory" in ui.text("tribune.setup.notice").lower()
        yield from ui.tap("tribune.setup.victory_card")
        assert ui.screen == "tribune_victory"
        for _ in range(2):
            yield from ui.tap("tribune.victory.laurels.plus")
        yield from ui.tap("tribune.victory.needed.plus")
        assert ui.text("tribune.victory.laurels.value") == "Laurels\n2"
        assert ui.text("tribune.victory.favour.value") == "Favour\nnot on the card"
        yield from ui.tap("tribune.victory.done")
        assert ui.text("tribune.setup.victory") == "Needs 1 of: Laurels\u00a02"
        yield from ui.tap("tribune.setup.start")
        assert ui.screen == "tribune_table", ui.text("tribune.setup.notice")
        view = session.table_view().view
        assert view["mode"] == "full" and view["board"]["victory"]["thresholds"]["laurels"] == 2

        # -- placing: one tap a follower; Undo takes one back --------------------------------
        assert ui.shown("tribune.board.space.bowl") and not ui.shown("tribune.money.0")
        yield from ui.tap("tribune.board.space.VIII.1")
        assert ui.find("tribune.board.space.VIII.1").disabled, "a space taken is no longer offered"
        assert "Ann" in ui.text("tribune.board.space.VIII.1")
        yield from ui.tap("tribune.undo")
        assert not ui.find("tribune.board.space.VIII.1").disabled and board(ui).ask["who"] == 0
        # -- Ann declares a win on the players' tab (it must still hold at the round's end) ---
        yield from ui.tap("tribune.board.tab.players")
        yield from ui.tap("tribune.board.declare.0")
        assert ui.text("tribune.board.declare.0") == "Declared" and ui.find("tribune.board.declare.0").disabled
        assert session.table_view().view["board"]["holdings"][0]["declared"]
        yield from ui.tap("tribune.board.tab.round")
        queues = {seat: list(spaces) for seat, spaces in PLAN.items()}
        while board(ui).ask_kind == "tribune.place":
            seat = board(ui).ask["who"]
            space = queues[seat].pop(0) if queues[seat] else "bowl"
            assert f"{'Ann' if seat == 0 else 'Bo'}: place a follower" in ui.text("tribune.board.question")
            yield from ui.tap(f"tribune.board.space.{space}")
        # -- region I: Ann pays 2 for the card there -----------------------------------------
        assert board(ui).ask_kind == "tribune.region_i", board(ui).ask_kind
        money = [p["money"] for p in session.table_view().view["players"]]
        for _ in range(2):
            yield from ui.tap("tribune.board.value.plus")
        yield from ui.tap("tribune.board.send.pay")
        assert [p["money"] for p in session.table_view().view["players"]][0] == money[0] - 2

        # -- region VIII: the pairs on the private entry, never on the shared screen ---------
        assert app.tribune.table.content == "bidding", (app.tribune.table.content, board(ui).ask_kind)
        yield from private_bid(ui, 0, "Ann", PAIRS[0], PAIRS.values())
        yield from private_bid(ui, 1, "Bo", PAIRS[1], [PAIRS[0]], reveals=True)
        assert app.tribune.table.content == "result"
        assert "highest pair (16)" in ui.text("tribune.result.verdict")
        yield from ui.tap("tribune.continue")
        laurels = [h["laurels"] for h in session.table_view().view["board"]["holdings"]]
        assert laurels == [2, 1], laurels

        # -- the take-overs: Bo passes on the Senators, Ann plays two Vestals ----------------
        while board(ui).ask_kind == "tribune.takeover":
            if board(ui).ask["who"] == 1:
                yield from ui.tap("tribune.board.send.none")
                continue
            yield from ui.tap("tribune.board.card.plus")  # 1 → 2
            yield from ui.tap("tribune.board.card.add")
            yield from ui.tap("tribune.board.send.send_cards")  # one card: refused, the set kept
            assert "at least 2" in app.tribune.table.notice_text
            yield from ui.tap("tribune.board.card.plus")
            yield from ui.tap("tribune.board.card.add")
            assert ui.text("tribune.board.entry") == "Set: Vestals\u00a02 · Vestals\u00a03 (2 cards, total 5)"
            yield from ui.tap("tribune.board.send.send_cards")
        vestals = next(f for f in session.table_view().view["board"]["factions"] if f["faction"] == "vestals")
        assert vestals["controller"] == 0 and vestals["total"] == 5

        # -- the chariot: both bid 0 on the private entry (a tie: nobody pays) ---------------
        if app.tribune.table.content == "bidding":
            yield from private_bid(ui, 0, "Ann", 0, [])
            yield from private_bid(ui, 1, "Bo", 0, [], reveals=True)
            yield from ui.tap("tribune.continue")
        while board(ui).ask_kind == "tribune.chariot_move":
            yield from ui.tap("tribune.board.choice.0")

        # -- the round's end: the grid, and the winner -----------------------------------------
        assert session.table_view().view["finished"], session.table_view().view["phase"]
        yield from ui.tap("tribune.board.tab.victory")
        seen["grid"] = [ui.text(f"tribune.board.grid.{r}.{c}") for r in range(2) for c in range(7)]
        yield from ui.tap("tribune.board.tab.round")
        seen["winner"] = ui.text("tribune.board.question")
        seen["check"] = app.tribune.table.board.check_text
        assert not duplicate_wids(app.root), duplicate_wids(app.root)

    run_ui(session, script)
    grid = seen["grid"]
    assert grid[0] == "Ann" and grid[2] == "✓\u00a03", grid  # 2 for the highest pair, 1 the Vestals' laurel
    assert grid[7] == "Bo" and grid[9] == "1 (−1)", grid
    assert grid[1] == "—", "a condition not on the card is never met"
    assert seen["winner"] == "Ann wins Tribune.", seen
    assert seen["check"] == "Round 1: Ann won by the victory card.", seen


def test_whole_game_panels_fit_in_every_profile(session):
    """Every tab and the card entry, five long names, English and Chinese: nothing cut, no text
    outside its box."""
    from test_tribune_screens import FIVE

    card = {"factions": 3, "laurels": 6, "legions": 4, "denarii": 40, "tribune": None, "favour": 2, "needed": 3}
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": FIVE, "start_player": 0, "pads": [0, 1, 2, None, None], "mode": "full", "victory": card}}))
    for seat in range(5):
        session.handle(Intent("place", {"seat": seat, "space": "faction:vestals" if seat < 2 else "bowl"}))
    problems = {profile: LayoutProblems(profile) for profile in ("800x480",)}

    def script(ui):
        app = ui.app
        check = problems["800x480"].check
        for language in ("en", "zh-Hans"):
            app.set_language(language)
            app.go("tribune_table")
            yield from check(ui, f"{language} placing")
            for tab in ("players", "factions", "victory"):
                yield from ui.tap(f"tribune.board.tab.{tab}")
                yield from check(ui, f"{language} {tab}")
            yield from ui.tap("tribune.board.tab.round")

    run_ui(session, script)
    assert not any(problems.values()), "\n".join(str(p) for p in problems.values())
