"""The new objective after a completion, taps counted (issue 21: "at most 4 taps, or 1 with a card
file"), by touch through a real offscreen window at 800×480 in English and 简体中文. The count runs
from the tap that completes the objective (the placement the player confirms) to the new objective
in play: every tap in between goes through `counted`, and the journal says what went in.

- a card the table's card file holds: 1 tap (its number);
- a new card of typical facts (no gold, wheat or power; a symbols row the table has seen): 3 taps
  (its number, its kind and VP, its row), and the card goes into the table's own card file in the
  data folder, so the next game's set-up (which uses that file by default) takes it with 1 tap;
- a new row not seen yet costs a tap per symbol and Take; a power two taps more (panels.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, run_ui, settle  # noqa: E402
from companion.games.augustus.parts.cards import parse_card_file  # noqa: E402
from companion.session import Intent  # noqa: E402
from companion.ui.augustus.card_file import RELATIVE, format_cards  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, kind="green", vp=1, symbols=("shield",), **more):
    return {"number": number, "kind": kind, "vp": vp, "gold": more.get("gold", 0), "wheat": more.get("wheat", 0),
            "symbols": list(symbols), "power": more.get("power")}


#: Ann 1 (one dagger), 2, 3; Bo 4, 5, 6; 30–33 pink, 3 VP, swords-chariot: a row the table has seen.
FILE = [card(1, symbols=("dagger",)), *[card(n) for n in (2, 3, 4, 5, 6)],
        *[card(n, "pink", 3, ("swords", "chariot")) for n in (30, 31, 32, 33)]]


def new_game(session, cards, seed):
    """Ann and Bo's new game, the crier's bag; the table's own card file holds `cards` and the
    set-up takes its text, as the set-up screen does."""
    own = Path(session.store.data_dir) / RELATIVE
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text(format_cards(cards), encoding="utf-8")
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo"], "seed": seed, "settings": {"bag": "table"}, "cards": own.read_text(encoding="utf-8")}}))


def start(session):
    """FILE in the table's card file; each player's three objectives taken; a dagger drawn."""
    new_game(session, FILE, 3)
    for seat, numbers in ((0, (1, 2, 3)), (1, (4, 5, 6))):
        for number in numbers:
            session.handle(Intent("take", {"seat": seat, "number": number}))
    session.handle(Intent("draw", {"token": "dagger"}))
    assert session.table_view().view["phase"] == "place", session.notice


class Counted:
    """Every tap from the completion's on, counted."""

    def __init__(self, ui):
        self.ui, self.taps = ui, 0

    def tap(self, wid):
        self.taps += 1
        yield from self.ui.tap(wid)


def takes(session):
    """The journal's take steps: (seat, number, the facts entered or None)."""
    out = []
    for entry in session.history():
        for event in entry.events:
            if event.get("kind") == "augustus.played" and event.get("move") == "take" and not entry.undone:
                detail = event["detail"]
                out.append((detail["seat"], detail["number"], detail.get("card")))
    return out


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_a_card_in_the_file_is_one_tap_from_the_completion(session, language):
    start(session)
    problems = LayoutProblems("800x480")

    def script(ui):
        vm = ui.app.augustus.table
        yield from settle()
        counted = Counted(ui)
        yield from counted.tap("augustus.choice.0")  # Ann on 1's dagger: Ave Caesar (Bo has none to place)
        assert session.table_view().view["duty"]["kind"] == "take" and vm.content == "card"
        yield from problems.check(ui, "the numbers after a completion")
        assert ui.drawn("augustus.card.n.31") == "31✔", "in the card file: its number takes it"
        yield from counted.tap("augustus.card.n.31")
        v = session.table_view().view
        assert v["phase"] == "draw" and [o["number"] for o in v["players"][0]["objectives"]] == [2, 3, 31]
        assert counted.taps - 1 == 1, "one tap after the completion's"
        assert takes(session)[-1] == (0, 31, None), "taken by its number: the file's facts"

    run_ui(session, script, start_screen="augustus_table", language=language)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_a_new_card_of_typical_facts_is_three_taps_and_the_next_game_takes_it_with_one(session, language):
    start(session)
    own = Path(session.store.data_dir) / RELATIVE
    problems = LayoutProblems("800x480")

    def script(ui):
        vm = ui.app.augustus.table
        yield from settle()
        counted = Counted(ui)
        yield from counted.tap("augustus.choice.0")  # the completion
        assert vm.content == "card"
        yield from counted.tap("augustus.card.n.40")  # not in the file: its facts are asked
        yield from problems.check(ui, "the kind and VP grid")
        yield from counted.tap("augustus.card.kind.pink.3")
        yield from problems.check(ui, "the symbols page")
        rows = [list(row) for row in vm.entry.rows]
        assert rows[0] == ["swords", "chariot"], "the pink cards' row first"
        yield from counted.tap("augustus.card.row.0")
        assert counted.taps - 1 == 3, "number, kind and VP, row"
        v = session.table_view().view
        assert v["phase"] == "draw", session.notice
        new = next(o for o in v["players"][0]["objectives"] if o["number"] == 40)
        assert (new["kind"], new["vp"], list(new["symbols"]), new["power"]) == ("pink", 3, ["swords", "chariot"], None)
        seat, number, facts = takes(session)[-1]
        assert (seat, number, facts["kind"], facts["vp"], facts["symbols"]) == (0, 40, "pink", 3, ["swords", "chariot"])

        # the table's own card file learnt it (and the file's cards came along): valid for the rules
        assert ui.app.augustus.own_cards.wait(30), "written off the main thread, soon after"
        learnt = {c.number: c for c in parse_card_file(own.read_text(encoding="utf-8"))}
        assert 40 in learnt and learnt[40].symbols == ("swords", "chariot") and set(learnt) >= {1, 2, 31}

        # the next game: the set-up uses that file with no path named; 40 is one tap
        ui.app.go("home")
        yield from settle()
        yield from ui.tap("home.game.augustus")
        assert ui.app.augustus.card_file == "" and str(len(learnt)) in ui.text("augustus.setup.cards.note")
        yield from ui.tap("augustus.setup.start")
        assert ui.screen == "augustus_table", ui.text("augustus.setup.notice")
        assert ui.drawn("augustus.card.n.40") == "40✔"
        steps = session.engine.journal.last_step
        yield from ui.tap("augustus.card.n.40")
        v = session.table_view().view
        assert session.engine.journal.last_step == steps + 1 and v["players"][0]["objectives"][0]["number"] == 40
        assert takes(session)[-1] == (0, 40, None)

    run_ui(session, script, start_screen="augustus_table", language=language)
    assert not problems, "\n".join(problems)


def test_a_row_not_seen_yet_and_a_power_cost_a_tap_each_more(session):
    """A card whose row no card of the table has: a tap per symbol and Take; its power: Power and
    the kind (the amount 1 preset): here 1 + 1 + 2 + 3 + 1 = 8 taps, as panels.py counts."""
    start(session)

    def script(ui):
        vm = ui.app.augustus.table
        yield from settle()
        counted = Counted(ui)
        yield from counted.tap("augustus.choice.0")
        yield from counted.tap("augustus.card.n.50")
        yield from counted.tap("augustus.card.kind.orange.5")
        yield from counted.tap("augustus.card.power")
        yield from counted.tap("augustus.card.power.legions")
        for symbol in ("catapult", "standard", "catapult"):
            yield from counted.tap(f"augustus.card.symbol.{symbol}")
        assert ui.text("augustus.card.summary") == "#50 Orange 5 VP: Ca St Ca"
        yield from counted.tap("augustus.card.take")
        assert counted.taps - 1 == 8
        new = next(o for o in session.table_view().view["players"][0]["objectives"] if o["number"] == 50)
        assert list(new["symbols"]) == ["catapult", "standard", "catapult"]
        assert dict(new["power"]) == {"kind": "legions", "amount": 1} and new["vp"] == 5

    run_ui(session, script, start_screen="augustus_table")


def test_a_bad_card_in_the_tables_own_file_is_refused_at_the_set_up_naming_its_line(session):
    own = Path(session.store.data_dir) / RELATIVE
    own.parent.mkdir(parents=True, exist_ok=True)
    good, bad = json.dumps(card(7)), json.dumps({**card(9), "vp": -2})
    own.write_text(f"[\n{good},\n{bad}\n]\n", encoding="utf-8")

    def script(ui):
        yield from ui.tap("home.game.augustus")
        yield from ui.tap("augustus.setup.start")
        assert ui.screen == "augustus_setup"
        notice = ui.text("augustus.setup.notice")
        assert "line 3" in notice and "vp" in notice, notice

    run_ui(session, script)
    assert own.read_text(encoding="utf-8").count("\n") == 4, "the table's file is never overwritten"
