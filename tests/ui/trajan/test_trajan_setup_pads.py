"""Which handheld pad is whose, chosen on the set-up screens (no window): the cycle, the defaults,
what the setup sends, and that the session then plays each seat from its own pad."""

from __future__ import annotations

import pytest

from companion.session import Intent
from companion.ui.text import i18n
from hardware.facts import ButtonPressed

pytestmark = pytest.mark.timeout(60)


def pads(seats, count=4):
    from companion.ui.shell.setup_pads import PadChoice

    return PadChoice(seats, count)


def test_pad_k_plays_seat_k_by_default_and_later_seats_get_none():
    choice = pads(6)
    assert choice.value() == [0, 1, 2, 3, None, None] and choice.is_default()
    assert choice.labels == ["Pad 1", "Pad 2", "Pad 3", "Pad 4", "No pad", "No pad"]
    i18n.set_language("zh-Hans")
    choice.relabel()
    assert choice.labels[0] == "手柄 1" and choice.labels[-1] == "无手柄"


def test_a_tap_moves_one_seat_to_the_next_free_pad_then_to_none():
    choice = pads(3)
    choice.cycle(0)  # pads 2 and 3 are Bo's and Cy's: the only free one is pad 4
    assert choice.value() == [3, 1, 2]
    choice.cycle(0)
    assert choice.value() == [None, 1, 2] and choice.labels[0] == "No pad"
    choice.cycle(0)
    assert choice.value() == [0, 1, 2], "from no pad: the first free pad"
    choice.cycle(1), choice.cycle(1)  # Bo: pad 4, then none
    choice.cycle(0)
    assert choice.value() == [1, None, 2] and not choice.is_default(), "no pad twice, ever"


def test_seats_come_and_go_and_pads_follow_the_config():
    choice = pads(2)
    choice.cycle(0)  # Ann: pad 3
    choice.set_seats(4)
    assert choice.value() == [2, 1, 0, 3], "a new seat takes its own pad when free, else the lowest free"
    choice.set_pad_count(2)
    assert choice.value() == [None, 1, 0, None]
    choice.set_pad_count(0)
    assert not choice.shown and choice.value() == [None] * 4
    choice.cycle(1)
    assert choice.value() == [None] * 4


def test_an_earlier_games_pads_are_offered_when_they_still_fit():
    choice = pads(3)
    choice.remember([2, None, 0])
    assert choice.value() == [2, None, 0]
    for stale in ([1, 1, None], [0, 7, None], [0, 1], None):
        choice.remember(stale)
        assert choice.value() == [2, None, 0], stale


def test_the_trajan_setup_sends_pads_only_when_changed_and_the_session_plays_by_them(session):
    from companion.cli import game_choices
    from companion.games import all_rules
    from companion.session import Session
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    vm = TrajanSetupViewModel(pad_count=3)
    vm.configure(next(c for c in game_choices() if c.id == "trajan"))
    vm.choose_start(0)
    assert "pads" not in vm.intent().args["setup"], "pad k for seat k is the session's default"
    vm.cycle_pad(0)  # Ann takes pad 3
    assert vm.pads.labels == ["Pad 3", "Pad 2"]
    assert vm.intent().args["setup"]["pads"] == [2, 1]
    s = Session(all_rules(), session.store)
    s.handle(vm.intent())
    assert s.notice is None
    s.handle(ButtonPressed(pad=0, key="ok"))
    assert s.notice.text == "Pad 1 belongs to no player in this game: the press did nothing."
    s.handle(ButtonPressed(pad=2, key="ok"))
    assert s.engine.journal.last_step == 2, "pad 3 played Ann's turn"
    s.shutdown()


def test_the_score_pad_setup_sends_its_pads_through_the_app_helper(session):
    from companion.ui.shell.setup_pads import PadChoice
    from companion.ui.shell.viewmodels import SetupViewModel

    vm, choice = SetupViewModel(), PadChoice(4, 2)
    vm.set_count(3)
    choice.set_seats(3)
    assert choice.value() == [0, 1, None]
    choice.cycle(2)
    assert choice.value() == [0, 1, None], "both pads are taken: nothing to move to"
    choice.cycle(1), choice.cycle(2)
    assert choice.value() == [0, None, 1]
    setup = {**vm.intent().args["setup"], "pads": choice.value()}
    session.handle(Intent("new_game", {"game": "scorepad", "setup": setup}))
    session.handle(ButtonPressed(pad=1, key="plus"))
    assert [p["score"] for p in session.table_view().view["players"]] == [0, 0, 1]
    assert session.recent_players("scorepad").pads == (0, None, 1)
