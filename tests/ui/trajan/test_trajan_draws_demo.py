"""The "draws" documentation picture (`companion screenshot --game trajan --state draws`): the set-up's
"What the table drew" page part-way through the first player, entered as a table would."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(60)


def test_the_draws_view_shows_the_first_players_trays_and_a_tile_entered():
    from companion.cli import game_choices
    from companion.ui.trajan.demo import TRAJAN_VIEWS, enter_some_draws
    from companion.ui.trajan.setup_draws import MARKERS, MARKERS_PER_COLOUR, TILE_PARTS
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    assert TRAJAN_VIEWS["draws"][0] == "setup"
    setup = TrajanSetupViewModel()
    setup.configure(next(c for c in game_choices() if c.id == "trajan"))
    enter_some_draws(setup)
    draws = setup.draws
    assert setup.draws_open and not setup.digital_draws
    colours = [row["colour"] for row in draws.markers]
    assert all(colours) and all(colours.count(c) == MARKERS_PER_COLOUR for c in colours)
    assert all(colours[t * 2] != colours[t * 2 + 1] for t in range(MARKERS // 2)), "two colours per tray"
    assert draws.seat == 0 and draws.cursor == MARKERS + TILE_PARTS, "the cursor waits on the second tile"
    assert not draws.complete
