"""The start's last take (issue 21: card-entry taps ≤ 16 ms of the main thread): what it shows
next — the players' cards and the crier's bag's panel — is made at the idle moment while the card
entry shows (companion/ui/augustus/table.py `_prepare_after_card`), at the width it is shown at,
so the take only gives it its words. A take that comes before any idle moment makes them itself.
By touch through a real offscreen window at 800×480.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import run_ui, settle  # noqa: E402
from test_augustus_card_kept import FILE  # noqa: E402
from test_augustus_card_taps import new_game  # noqa: E402
from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def five_taken(session):
    """Ann has taken 1, 2, 3 and Bo 4, 5: Bo's 6 is the start's last take."""
    new_game(session, FILE, 5)
    for seat, number in ((0, 1), (0, 2), (0, 3), (1, 4), (1, 5)):
        session.handle(Intent("take", {"seat": seat, "number": number}))
    assert session.table_view().view["phase"] == "start", session.notice


def table_of(ui):
    return ui.app.sm.get_screen("augustus_table")


def test_the_last_take_shows_the_players_and_the_bag_made_at_the_idle_moment(session):
    five_taken(session)

    def script(ui):
        yield from settle()
        screen = table_of(ui)
        assert ui.app.find_widget("augustus.player.0") is None, "the card entry has the players' room"
        ui.app._collector.idle_now()  # the table's pause while Bo finds the card's number
        yield from settle()
        cards = screen._player_cards(2)
        shield = screen._shelf._kept.get("augustus.token.shield")
        assert shield is not None and shield.get_root_window() is None, "made off screen"
        assert [c.get_root_window() for c in cards] == [None, None]
        assert cards[0].objectives.startswith("#1") and cards[1].name == "Bo"
        made = [round(c.width) for c in cards], round(shield.width)

        yield from ui.tap("augustus.card.n.6")
        yield from settle()
        assert session.table_view().view["phase"] == "draw", session.notice
        assert ui.find("augustus.player.0") is cards[0] and ui.find("augustus.player.1") is cards[1]
        assert ui.find("augustus.token.shield") is shield and ui.text("augustus.token.shield") == "Shield · 5"
        assert ([round(c.width) for c in cards], round(shield.width)) == made, \
            "made at the width they are shown at: their words are not fitted again"
        assert "#6" in ui.text("augustus.player.1.objectives")

    run_ui(session, script, start_screen="augustus_table")


def test_a_last_take_before_any_idle_moment_makes_them_itself(session):
    five_taken(session)

    def script(ui):
        yield from settle()
        assert table_of(ui)._shelf._kept.get("augustus.token.shield") is None, "no idle moment yet"
        yield from ui.tap("augustus.card.n.6")
        yield from settle()
        assert ui.shown("augustus.player.1") and "#6" in ui.text("augustus.player.1.objectives")
        assert ui.text("augustus.token.shield") == "Shield · 5" and ui.shown("augustus.token.joker")

    run_ui(session, script, start_screen="augustus_table")


@pytest.mark.parametrize("profile", ["800x480", "720x1280"])
def test_the_first_page_of_numbers_is_made_while_the_set_up_shows_at_its_size(session, profile):
    """The Start tap showed a new table screen and made its 88 numbers' buttons (500-700 ms of the
    main thread here): made at the set-up's idle moment, the tap shows those very buttons."""

    def script(ui):
        yield from settle()
        yield from ui.tap("home.game.augustus")
        yield from settle()
        assert ui.screen == "augustus_setup" and not ui.app.sm.has_screen("augustus_table")
        ui.app._collector.idle_now()  # the table's pause while it enters its names
        yield from settle()
        pages = table_of(ui)._card_pages.kept
        button = pages.get("augustus.card.n.40")
        assert button is not None and button.get_root_window() is None, "made off screen"
        made_at = tuple(button.size)
        assert made_at != (100, 100), "laid out at the page's size, not left at a widget's default"

        yield from ui.tap("augustus.setup.start")
        yield from settle()
        assert ui.screen == "augustus_table", ui.text("augustus.setup.notice")
        assert ui.find("augustus.card.n.40") is button, "the page made while the set-up showed"
        # in portrait the notice above may take another line in the game than at the set-up: the
        # buttons are then sized again (their words fitted), but not made again
        assert profile != "800x480" or tuple(button.size) == made_at, "at the size it is shown at"
        yield from ui.tap("augustus.card.n.40")  # a new card: its kind and VP are asked
        yield from settle()
        assert ui.shown("augustus.card.kind.pink.3")

    run_ui(session, script, profile=profile)
