"""Six players at 800×480 (and the other profiles) during a call, through a real offscreen window:
every player card's objectives are whole and at a size read from a seat (≥ 18 px), nothing cut,
the call and the seats' choices on the screen too; the cards are the seats' tabs. The documentation's pictures seat two, so the
screens' other layout tests never see a table of six."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, duplicate_wids, run_ui  # noqa: E402
from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(240)

NAMES = ["Annabelle", "Bartholomew", "Cyrus", "Dimitra", "Edmund", "Francesca"]
#: The longest objectives a seat can hold: four symbols each, the senators' and oranges' names.
KINDS = ("senator", "orange", "pink", "green", "senator", "orange")
SYMBOLS = (("swords", "catapult", "standard", "chariot"), ("swords", "shield", "shield", "dagger"),
           ("chariot", "swords", "catapult", "standard"))


def card(number, kind, vp, symbols):
    return {"number": number, "kind": kind, "vp": vp, "gold": 0, "wheat": 0, "symbols": list(symbols),
            "power": None}


def six_at_a_call(session) -> None:
    """A six-player game (the physical bag), every seat holding three four-symbol objectives, the
    crier's swords called: every seat has placements to choose."""
    cards = [card(10 + 3 * seat + i, KINDS[seat], 10 + i, SYMBOLS[i]) for seat in range(6) for i in range(3)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": NAMES, "seed": 5, "oldest": 0, "settings": {"bag": "table"}, "cards": cards}}))
    for seat in range(6):
        for i in range(3):
            session.handle(Intent("take", {"seat": seat, "number": 10 + 3 * seat + i}))
    assert session.table_view().view["phase"] == "draw", session.notice
    session.handle(Intent("draw", {"token": "swords"}))
    view = session.table_view().view
    assert view["phase"] == "place" and all(p["choices"] for p in view["players"]), session.notice


def whole_objectives(ui, seat: int) -> list[str]:
    """What is wrong with seat's objectives on its card: too small to read, or not all shown."""
    from kivy.core.text import Label as CoreLabel

    label = ui.find(f"augustus.player.{seat}.objectives")
    problems = []
    if label.font_size < 18:
        problems.append(f"seat {seat}'s objectives at {label.font_size:.0f} px")
    core = CoreLabel(text=label.text, font_size=label.font_size, font_name=label.font_name,
                     text_size=(label.width, None), halign=label.halign, line_height=label.line_height)
    core.refresh()
    needed_w, needed_h = core.content_size
    if needed_h > label.height + 1 or needed_w > label.width + 1:
        problems.append(f"seat {seat}'s objectives need {needed_w:.0f}×{needed_h:.0f} px, "
                        f"their box is {label.width:.0f}×{label.height:.0f}")
    card = ui.find(f"augustus.player.{seat}")
    if label.y < card.y - 1 or label.top > card.top + 1:
        problems.append(f"seat {seat}'s objectives ({label.y:.0f}–{label.top:.0f}) reach out of its card "
                        f"({card.y:.0f}–{card.top:.0f})")
    return problems


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_six_players_read_their_objectives_during_a_call(session, profile, language):
    six_at_a_call(session)
    problems = LayoutProblems(profile)

    def script(ui):
        yield from problems.check(ui, "six players at a call")
        for seat in range(6):
            problems.extend(f"{profile} {language}: {p}" for p in whole_objectives(ui, seat))
        assert ui.shown("augustus.call") and ui.shown("augustus.crier")
        assert all(ui.shown(f"augustus.player.{seat}") for seat in range(6)), "every seat's card, its tab"
        assert ui.shown("augustus.choice.0")
        assert not duplicate_wids(ui.app.root)

    run_ui(session, script, start_screen="augustus_table", language=language, profile=profile)
    assert not problems, "\n".join(problems)


def test_at_a_table_of_six_a_tap_on_a_players_card_chooses_that_seat(session):
    """No row of six names on the panel: the cards are the seats' tabs, the chosen one outlined,
    and the panel's choices are its own."""
    six_at_a_call(session)

    def script(ui):
        vm = ui.app.augustus.table
        assert vm.crowded and vm.seat == 0 and ui.find("augustus.player.0").selected
        assert not ui.shown("augustus.seat.0"), "no tabs: the cards are the tabs"
        yield from ui.tap("augustus.player.2")
        assert vm.seat == 2 and ui.find("augustus.player.2").selected and not ui.find("augustus.player.0").selected
        assert ui.text("augustus.choice.0").startswith("#16"), ui.text("augustus.choice.0")
        yield from ui.tap("augustus.choice.0")
        cyrus = session.table_view().view["players"][2]
        assert cyrus["acted"] and cyrus["objectives"][0]["legions"][0], cyrus
        assert vm.seat != 2, "the seat that placed leaves the panel to the next"

    run_ui(session, script, start_screen="augustus_table", language="en", profile="800x480")


def test_a_refresh_that_keeps_the_panels_height_leaves_the_players_cards_where_they_are(session):
    """Issue 21's call (≤ 16 ms): the panel's update set the players' row to no height at every
    call, and the middle then gave it its height back, so the six cards (and their labels) were
    laid out twice at every call; now only a panel whose height changes moves them."""
    from uiharness import settle

    six_at_a_call(session)

    def script(ui):
        yield from settle()
        card = ui.find("augustus.player.0")
        heights: list[float] = []
        card.bind(height=lambda _card, height: heights.append(height))
        ui.app.sm.get_screen("augustus_table").update_panel()  # as every refresh does
        yield from settle()
        assert heights == [], f"the cards were laid out again at {heights}"
        assert ui.shown("augustus.player.5") and ui.shown("augustus.choice.0")

    run_ui(session, script, start_screen="augustus_table")
