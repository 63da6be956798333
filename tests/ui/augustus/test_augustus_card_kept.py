"""The card entry's pages keep their widgets (companion/ui/augustus/card_pages.py): a tap gives the
kept buttons new words and state instead of making a page of 88 anew, by touch through a real
offscreen window at 800×480.

- a number taken is disabled on the next seat's page by the same button, and enabled again by Undo;
- a kept page out of sight takes no touch (its widgets are out of the window);
- at the idle moment after the numbers show, the next pages are made off screen at the page's size
  and the tap that opens them shows those very widgets, unmoved in size;
- a language chosen while a kept page shows relabels it, and it still fits (LayoutProblems).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, run_ui, settle  # noqa: E402
from test_augustus_card_taps import new_game  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, kind="green", vp=1, symbols=("shield",)):
    return {"number": number, "kind": kind, "vp": vp, "gold": 0, "wheat": 0, "symbols": list(symbols), "power": None}


#: In the table's card file: 1–6 and 30–33 (pink, 3 VP, swords-chariot).
FILE = [*[card(n) for n in range(1, 7)], *[card(n, "pink", 3, ("swords", "chariot")) for n in (30, 31, 32, 33)]]


def begin(session):
    """A new 2-player game at its start: each player takes three objectives on the card entry."""
    new_game(session, FILE, 5)
    assert session.table_view().view["phase"] == "start", session.notice


def pages_of(ui):
    """The table screen's card pages (their kept widgets by key)."""
    return ui.app.sm.get_screen("augustus_table")._card_pages.kept


def test_a_taken_number_is_disabled_on_the_same_button_and_undo_enables_it(session):
    begin(session)

    def script(ui):
        yield from settle()
        button = ui.find("augustus.card.n.31")
        assert ui.drawn("augustus.card.n.31") == "31✔" and not button.disabled
        yield from ui.tap("augustus.card.n.31")
        yield from settle()
        objectives = [o["number"] for p in session.table_view().view["players"] for o in p["objectives"]]
        assert 31 in objectives, session.notice
        assert ui.find("augustus.card.n.31") is button, "the page kept its button"
        assert button.disabled and ui.text("augustus.card.n.31") == "31", "in play: not offered again"
        assert ui.drawn("augustus.card.n.32") == "32✔" and not ui.find("augustus.card.n.32").disabled

        yield from ui.tap("augustus.undo")
        yield from settle()
        assert 31 not in [o["number"] for p in session.table_view().view["players"] for o in p["objectives"]]
        assert ui.find("augustus.card.n.31") is button and not button.disabled
        assert ui.drawn("augustus.card.n.31") == "31✔"
        yield from ui.tap("augustus.card.n.31")  # the kept button takes its card again
        yield from settle()
        assert 31 in [o["number"] for p in session.table_view().view["players"] for o in p["objectives"]]

    run_ui(session, script, start_screen="augustus_table")


def test_a_kept_page_out_of_sight_takes_no_touch_and_comes_back_as_it_was(session):
    begin(session)

    def script(ui):
        yield from settle()
        numbers = ui.find("augustus.card.n.40")
        yield from ui.tap("augustus.card.n.40")  # not in the file: its kind and VP are asked
        yield from settle()
        assert ui.shown("augustus.card.kind.pink.3")
        assert ui.app.find_widget("augustus.card.n.40") is None and numbers.get_root_window() is None, \
            "the numbers left the window: no hidden button takes a touch"
        yield from ui.tap("augustus.card.kind.pink.3")
        yield from settle()
        assert ui.app.find_widget("augustus.card.kind.pink.3") is None
        assert ui.text("augustus.card.summary").startswith("#40")
        yield from ui.tap("augustus.card.back")
        yield from settle()
        assert ui.find("augustus.card.kind.pink.3").selected, "Back shows the kind and VP chosen"
        yield from ui.tap("augustus.card.back")
        yield from settle()
        assert ui.find("augustus.card.n.40") is numbers and ui.shown("augustus.card.n.40")
        assert ui.app.find_widget("augustus.card.kind.pink.3") is None and ui.app.find_widget("augustus.card.back") is None

    run_ui(session, script, start_screen="augustus_table")


def test_the_next_pages_are_made_at_the_idle_moment_and_shown_at_their_tap_unmoved(session):
    begin(session)

    def script(ui):
        yield from settle()
        kept = pages_of(ui)
        ui.app._collector.idle_now()  # the table's pause while a player finds the card's number
        yield from settle()
        grid_button, row_button = kept.get("augustus.card.kind.pink.3"), kept.get("augustus.card.symbol.shield")
        assert grid_button is not None and row_button is not None, "made while the numbers show"
        assert grid_button.get_root_window() is None and ui.app.find_widget("augustus.card.kind.pink.3") is None
        made_at = tuple(grid_button.size)
        assert made_at != (100, 100) and made_at[1] > 1, "laid out off screen, not left at a widget's default size"

        yield from ui.tap("augustus.card.n.40")
        yield from settle()
        assert ui.find("augustus.card.kind.pink.3") is grid_button and tuple(grid_button.size) == made_at, \
            "the page made at the idle moment, at the size it is shown at"
        yield from ui.tap("augustus.card.kind.pink.3")
        yield from settle()
        assert ui.find("augustus.card.symbol.shield") is row_button
        yield from ui.tap("augustus.card.row.0")
        yield from settle()
        mine = next(o for o in session.table_view().view["players"][0]["objectives"] if o["number"] == 40)
        assert (mine["kind"], mine["vp"], list(mine["symbols"])) == ("pink", 3, ["swords", "chariot"])

    run_ui(session, script, start_screen="augustus_table")


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant"])
def test_a_language_chosen_while_a_kept_page_shows_relabels_it_and_it_fits(session, language):
    begin(session)
    problems = LayoutProblems("800x480")

    def script(ui):
        yield from settle()
        yield from ui.tap("augustus.card.n.40")
        yield from settle()
        back, orange = ui.find("augustus.card.back"), ui.find("augustus.card.kind.orange")
        assert (back.text, orange.text) == ("Back", "Orange")
        ui.app.set_language(language)  # on the kind-and-VP page: nothing but the words changes
        yield from problems.check(ui, "the kind-and-VP page, relabelled")
        assert ui.find("augustus.card.back") is back and ui.find("augustus.card.kind.orange") is orange
        assert back.text != "Back" and orange.text != "Orange", (back.text, orange.text)
        yield from ui.tap("augustus.card.kind.orange.5")
        yield from problems.check(ui, "the symbols page, made off screen in English, shown in the new language")
        gold = ui.find("augustus.card.gold")
        assert not gold.text.startswith("Gold") and ui.text("augustus.card.back") == back.text
        ui.app.set_language("en")
        yield from problems.check(ui, "the symbols page, relabelled")
        assert ui.find("augustus.card.gold") is gold and gold.text == "Gold 0" and back.text == "Back"
        yield from ui.tap("augustus.card.back")
        yield from ui.tap("augustus.card.back")
        yield from problems.check(ui, "the numbers")
        assert ui.drawn("augustus.card.n.31") == "31✔"

    run_ui(session, script, start_screen="augustus_table")
    assert not problems, "\n".join(problems)


def test_a_caps_way_back_to_no_cap_is_offered_once_there_is_a_cap(session):
    """An end-game power's cap: "No cap" once (the cap's own button while there is none); a tap
    gives Cap 1 and only then the way back, which takes the cap off again."""
    begin(session)

    def script(ui):
        yield from settle()
        for wid in ("augustus.card.n.40", "augustus.card.kind.green.2", "augustus.card.power",
                    "augustus.card.power.vp_per_symbol"):
            yield from ui.tap(wid)
        yield from settle()
        assert ui.text("augustus.card.cap") == "No cap" and not ui.shown("augustus.card.cap.reset")
        yield from ui.tap("augustus.card.cap")
        yield from settle()
        assert ui.text("augustus.card.cap") == "Cap 1" and ui.text("augustus.card.cap.reset") == "No cap"
        yield from ui.tap("augustus.card.cap.reset")
        yield from settle()
        assert ui.text("augustus.card.cap") == "No cap" and not ui.shown("augustus.card.cap.reset")
        assert ui.app.augustus.table.entry.cap == 0

    run_ui(session, script, start_screen="augustus_table")
