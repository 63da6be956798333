"""The end warning ("Ann holds 6: this draw may end the game", augustus.md §4.4: the game ends at
the close of the draw in which someone holds 7) in the same words on the shared screen's
view-model and on the table's status display (where each name carries its seat's colour)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "augustus"))

from augustus_helpers import call, card, game, hand, holding  # noqa: E402
from companion.games.augustus.rules import AUGUSTUS  # noqa: E402
from companion.session import TableView  # noqa: E402
from companion.ui.augustus.presenters import AugustusPresenter  # noqa: E402
from companion.ui.augustus.viewmodels import AugustusTableViewModel  # noqa: E402

pytestmark = pytest.mark.timeout(60)


def table(state):
    return TableView("augustus", AUGUSTUS.view(state), False, False, False, None, "j", 1)


def test_one_completion_from_the_end_the_screen_and_the_status_display_warn():
    state = game([hand(0, card(12, symbols=("shield",))), hand(1)])
    state = holding(state, 0, *[card(40 + i) for i in range(5)])
    vm = AugustusTableViewModel()
    vm.update(table(state))
    assert vm.warning_text == "", "five controlled: no warning yet"
    state = holding(state, 0, card(45))
    vm.update(table(state))
    assert vm.warning_text == "Ann holds 6: this draw may end the game."
    status = AugustusPresenter(title=lambda: "Augustus").status_screen(AUGUSTUS.view(state))
    assert status.status == "Ann (red) holds 6: this draw may end the game."
    state = call(state, "swords")  # the warning stands while the draws go on
    vm.update(table(state))
    assert vm.warning_text.startswith("Ann holds 6")
