"""What a Troyes table's pads and status display show: a seat's pad its own VP and character
card(s) (from its seat view only), the status display the round and whose move it is and never a
VP; a view handed to the wrong pad shows nothing secret; after the end each pad its total and
place."""

from __future__ import annotations

import pytest

from companion.session import Intent
from companion.ui.troyes.presenters import TroyesPresenter

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def game(session):
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo"], "seed": 5,
                                                                  "start_player": 1}}))
    return session


def test_a_pad_shows_its_own_vp_and_characters(game):
    presenter = TroyesPresenter(title=lambda: "Troyes")
    for seat in (0, 1):
        mine = game.seat_view(seat)["me"]
        screen = presenter.pad_screen(game.seat_view(seat), seat)
        assert screen.title == ("Ann", "Bo")[seat]
        assert screen.result[0] == f"{mine['vp']} VP"
        assert [line for line in screen.result[1:]] == [f"Character: {c['name']}" for c in mine["characters"]]
        assert len(mine["characters"]) == 2, "two characters each at 2 players"


def test_a_view_of_another_seat_shows_nothing_secret(game):
    presenter = TroyesPresenter(title=lambda: "Troyes")
    screen = presenter.pad_screen(game.seat_view(0), 1)
    assert screen.result == ()
    public = game.table_view().view
    assert presenter.pad_screen(public, 0).result == ()


def test_the_status_display_shows_round_and_move_never_vp(game):
    presenter = TroyesPresenter(title=lambda: "Troyes")
    status = presenter.status_screen(game.table_view().view)
    assert status.title == "Troyes · round 1"
    assert status.status == "Starting citizens", "the phase the table is in"
    assert "VP" not in status.title + status.status
    names = [c["name"] for s in (0, 1) for c in game.seat_view(s)["me"]["characters"]]
    assert not any(n in status.title + status.status for n in names)
