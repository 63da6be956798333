"""The five face-up objectives on the table, by touch through a real offscreen window: the table
lays them out from the card panel (the toggle, a card not in the file entered by its facts), a
completed player takes one with a single tap, the gap is laid out again from the draw's panel; the
card entry fits the window unscrolled, its button in sight, in every profile."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, duplicate_wids, run_ui  # noqa: E402
from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, kind="green", vp=1, symbols=("dagger",), **more):
    return {"number": number, "kind": kind, "vp": vp, "gold": 0, "wheat": 0, "symbols": list(symbols),
            "power": more.get("power")}


#: Ann: 1 (one shield), 2, 3; Bo: 4, 5, 6; face up 82–85 from the file, 86 entered by hand; 87 the gap's.
FILE = [card(1, symbols=("shield",)), *[card(n) for n in (2, 3, 4, 5, 6)],
        *[card(n, "pink", 3, ("swords", "chariot")) for n in (82, 83, 84, 85, 87)]]


def started(session):
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo"], "seed": 3, "settings": {"bag": "table"}, "cards": FILE}}))
    for seat, numbers in ((0, (1, 2, 3)), (1, (4, 5, 6))):
        for number in numbers:
            session.handle(Intent("take", {"seat": seat, "number": number}))
    assert session.table_view().view["phase"] == "draw", session.notice


def test_the_row_is_laid_out_and_a_completed_player_takes_from_it_with_one_tap(session):
    started(session)
    problems = LayoutProblems("800x480")

    def script(ui):
        vm = ui.app.augustus.table
        assert vm.content == "token"
        yield from ui.tap("augustus.card.face_up")  # lay out the row
        assert vm.content == "card" and ui.text("augustus.notice") == "Lay out a face-up objective (0/5)"
        for number in (82, 83, 84, 85):
            yield from ui.tap(f"augustus.card.n.{number}")  # in the file: one tap lays it out
            assert number in session.table_view().view["seen"], session.notice
        # 86 is not in the file: its facts by touch, the entry whole in the window
        yield from ui.tap("augustus.card.n.86")
        yield from ui.tap("augustus.card.kind.orange.1")
        yield from ui.tap("augustus.card.symbol.shield")
        yield from ui.tap("augustus.card.power")
        yield from ui.tap("augustus.card.power.vp_per_symbol")  # every extra: amount, of, cap
        assert ui.shown("augustus.card.cap") and ui.shown("augustus.card.of") and ui.shown("augustus.card.take")
        assert ui.text("augustus.card.take") == "Lay out face up"
        yield from problems.check(ui, "the card entry with every field")
        yield from ui.tap("augustus.card.take")
        v = session.table_view().view
        assert [c["number"] for c in v["face_up"]] == [82, 83, 84, 85, 86]
        assert v["face_up"][4]["kind"] == "orange" and v["face_up"][4]["power"]["kind"] == "vp_per_symbol"
        assert vm.content == "token" and vm.entry_mode == "take", "the row is whole: back to the call"
        assert not ui.shown("augustus.card.face_up"), "five face up: nothing to lay out"

        # Ann completes 1: the five face up, one tap takes 84
        yield from ui.tap("augustus.token.shield")
        yield from ui.tap("augustus.choice.0")  # Ann on 1's shield (Bo has none: the call closes)
        assert session.table_view().view["duty"]["kind"] == "take"
        assert vm.content == "card" and vm.row_full
        assert not ui.shown("augustus.card.kind.green"), "a full row asks no facts: only a pick"
        assert ui.text("augustus.face_up.84") == "#84 Pink 3 VP: Sw Ch"
        yield from problems.check(ui, "the face-up pick")
        steps = session.engine.journal.last_step
        yield from ui.tap("augustus.face_up.84")
        v = session.table_view().view
        assert session.engine.journal.last_step == steps + 1, "one tap, one step"
        assert [o["number"] for o in v["players"][0]["objectives"]] == [2, 3, 84]
        assert [c["number"] for c in v["face_up"]] == [82, 83, 85, 86] and v["phase"] == "draw"

        # the gap, laid out again from the call's panel (87 is in the file: its number alone)
        assert ui.text("augustus.card.face_up") == "Row 4/5"
        yield from ui.tap("augustus.card.face_up")
        yield from ui.tap("augustus.card.n.87")
        assert [c["number"] for c in session.table_view().view["face_up"]] == [82, 83, 85, 86, 87]
        assert vm.content == "token"
        assert not duplicate_wids(ui.app.root)

    run_ui(session, script, start_screen="augustus_table")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_the_card_entry_fits_unscrolled_with_a_partial_row_to_pick_from(session, profile, language):
    """Each page of the entry beside a partial row (its cards picked from the numbers) — every
    widget inside the window, nothing cut, in every profile and language; Back keeps the way to
    the pick open."""
    started(session)
    session.handle(Intent("reveal", {"number": 82}))
    session.handle(Intent("draw", {"token": "shield"}))
    session.handle(Intent("place", {"seat": 0, "number": 1, "slot": 0}))
    assert session.table_view().view["duty"]["kind"] == "take", session.notice
    problems = LayoutProblems(profile)

    def script(ui):
        vm = ui.app.augustus.table
        assert vm.content == "card" and vm.picking and not vm.row_full
        assert ui.shown("augustus.card.n.82") and ui.text("augustus.card.n.82") == "82", "face up: picked by a tap"
        yield from problems.check(ui, "a partial row's pick among every number")
        yield from ui.tap("augustus.card.n.20")  # not in the file: every fact asked
        yield from problems.check(ui, "the kind and VP grid")
        yield from ui.tap("augustus.card.kind.senator.12")
        yield from ui.tap("augustus.card.power")
        yield from problems.check(ui, "the power kinds")
        yield from ui.tap("augustus.card.power.vp_per_symbol")  # amount, of, cap, no cap
        yield from ui.tap("augustus.card.cap")
        assert ui.shown("augustus.card.cap.reset") and ui.shown("augustus.card.take") and ui.shown("augustus.card.row.0")
        yield from problems.check(ui, "the symbols page with every extra")
        yield from ui.tap("augustus.card.back")
        yield from ui.tap("augustus.card.back")
        assert vm.entry.stage == "number"
        yield from ui.tap("augustus.card.n.82")
        assert [o["number"] for o in session.table_view().view["players"][0]["objectives"]][-1] == 82

    run_ui(session, script, start_screen="augustus_table", language=language, profile=profile)
    assert not problems, "\n".join(problems)
