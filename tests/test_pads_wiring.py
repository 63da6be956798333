"""The pads wired to the session, without a window: what each seat's display shows (pure), which
devices open in each mode and what stands in when one fails, the feed from the session to every
pad's display, holds ended at a reveal, and no amount in a log line.

Seats count from 0 here; pad k is `[[devices.pads.seats]]` k. Real pins are gpiozero's MockFactory.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from PIL import Image

from companion.config import Config, OledConfig, PadsConfig, SeatConfig
from companion.core.store import JournalStore
from companion.presenters.game import GamePresenter, pad_screen
from companion.presenters.pad_screens import ENGLISH, PadWords
from companion.wiring.pads import PadPlan, open_pad_devices, plan_pads
from companion.wiring.seat_feed import SeatScreens, phase_marker
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.detect import FOUND, MISSING, Probe
from hardware.facts import ButtonPressed, DeviceStatus
from hardware.handheld.clock import ManualScheduler
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen
from tests.waiting import wait_for

pytestmark = pytest.mark.timeout(60)

SEATS = Config().devices.pads.seats
FAST = PadTimings(debounce=0.005, repeat_delay=0.05, repeat_interval=0.02, repeat_min_interval=0.01,
                  long_press=0.15)
"""Pad timings ten times quicker than a thumb's: the same logic. Time itself is a `ManualScheduler`
(the `clock` fixture) that only the test moves, so a hold lasts exactly as long as a test says."""


@pytest.fixture
def clock() -> ManualScheduler:
    return ManualScheduler()


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def bid_game(session, players=("Ann", "Bo", "Cy"), **setup):
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": list(players), **setup}}))
    assert session.notice is None, session.notice


def texts(screen: PadScreen) -> str:
    return " ".join([screen.title, screen.status, *screen.result])


def tap(clock, devices, name, hold=0.02):
    devices.key_down(name)
    clock.advance(hold)  # shorter than FAST's repeat delay and long press
    devices.key_up(name)
    clock.advance(0.02)  # past the debounce before the next edge of this key


# -- what a seat's display shows (pure) -------------------------------------------------------------


def test_a_bidding_seat_sees_its_own_draft_and_limit_unlocked(session):
    bid_game(session, limits=[20, 15, 10])
    for _ in range(7):
        session.handle(ButtonPressed(0, "plus"))
    screen = pad_screen(session.seat_view(0), 0)
    assert screen == PadScreen(title="Ann · round 1", amount=7, limit=20, locked=False, status="OK locks your bid")


def test_a_locked_seat_sees_its_amount_the_padlock_and_how_many_are_waiting(session):
    bid_game(session, limits=[20, 15, 10])
    for _ in range(4):
        session.handle(ButtonPressed(1, "plus"))
    session.handle(ButtonPressed(1, "ok"))
    screen = pad_screen(session.seat_view(1), 1)
    assert (screen.amount, screen.limit, screen.locked, screen.status) == (4, 15, True, "waiting for 2")
    session.handle(ButtonPressed(0, "ok"))
    assert pad_screen(session.seat_view(1), 1).status == "waiting for 1"


def test_after_the_reveal_each_seat_sees_the_verdict_from_its_side_and_the_ranking(session):
    bid_game(session)
    for seat, presses in ((0, 3), (1, 5), (2, 1)):
        for _ in range(presses):
            session.handle(ButtonPressed(seat, "plus"))
        session.handle(ButtonPressed(seat, "ok"))
    assert session.table_view().view["phase"] == "revealed"
    bo = pad_screen(session.seat_view(1), 1)
    ann = pad_screen(session.seat_view(0), 0)
    assert bo.result == ("You win: 5", "1. Bo 5", "2. Ann 3", "3. Cy 1") and bo.amount is None
    assert ann.result[0] == "Bo wins: 5"


def test_a_tie_names_every_winner(session):
    bid_game(session)
    for seat in range(3):
        session.handle(ButtonPressed(seat, "plus" if seat < 2 else "minus"))
        session.handle(ButtonPressed(seat, "ok"))
    assert pad_screen(session.seat_view(0), 0).result[0] == "You tie: 1"
    assert pad_screen(session.seat_view(2), 2).result[0] == "Tie: Ann, Bo 1"


def test_a_seat_never_sees_another_seats_draft(session):
    bid_game(session, limits=[99, 99, 99])
    for _ in range(37):
        session.handle(ButtonPressed(0, "plus"))
    for seat in (1, 2):
        screen = pad_screen(session.seat_view(seat), seat)
        assert screen.amount == 0 and "37" not in texts(screen)
    # A view that reached the wrong pad (seat 0's, shown as seat 1's) shows no amount at all.
    wrong = pad_screen(session.seat_view(0), 1)
    assert wrong.amount is None and "37" not in texts(wrong) and wrong.status == "not in this round"


def test_no_game_and_unknown_views_are_blank():
    assert pad_screen(None, 0).is_blank
    assert pad_screen({"game": "troyes", "players": [{"seat": 0, "name": "Ann"}]}, 0).is_blank


def test_a_score_pad_seat_sees_its_score_and_place(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "d"))
    try:
        s.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "start_player": 0}}))
        s.handle(ButtonPressed(1, "plus"))
        screen = pad_screen(s.seat_view(1), 1)
        assert screen == PadScreen(title="Bo", result=("1 points", "place 1"), status="-/+ one point")
    finally:
        s.shutdown()


@pytest.mark.parametrize("state", ["preview", "choices", "season"])
def test_the_trajan_pad_menu_is_the_rules_pad_choices(tmp_path, state):
    from companion.demo import demo_game_session
    from companion.games import built_games
    from companion.games.trajan.parse import intent_of
    from companion.ui.trajan.presenters import TrajanPresenter, pad_menu

    trajan = {"trajan": TrajanPresenter(label=lambda intent, _view: intent["name"])}
    s = demo_game_session(tmp_path, "en", "trajan", state, built_games())
    try:
        game, st = s.engine.game, s.engine.state
        menus = []
        for seat in range(len(st.players)):
            expected = [intent_of(c) for c in game.pad_choices(st, seat)]
            assert pad_menu(s.seat_view(seat), seat) == expected
            menus.append(expected)
        assert any(menus), "the demo state gives some seat a menu"
        seat = next(i for i, m in enumerate(menus) if m)
        screen = pad_screen(s.seat_view(seat), seat, cursor=len(menus[seat]) + 1, presenters=trajan)
        i = (len(menus[seat]) + 1) % len(menus[seat])
        assert screen.result[:2] == (f"{i + 1}/{len(menus[seat])}", "> " + menus[seat][i]["name"])
        others = [o for o in range(len(st.players)) if not menus[o]]
        assert all(pad_screen(s.seat_view(o), o, presenters=trajan).amount is None for o in others)
    finally:
        s.shutdown()


def test_the_ui_words_are_the_english_defaults_and_translate():
    from companion.ui.text import i18n
    from companion.ui.text.pad_words import pad_words

    assert pad_words() == ENGLISH
    i18n.set_language("zh-Hans")
    try:
        chinese = pad_words()
    finally:
        i18n.set_language("en")
    import dataclasses

    untranslated = [f.name for f in dataclasses.fields(PadWords) if getattr(chinese, f.name) == getattr(ENGLISH, f.name)]
    assert untranslated == []


# -- which devices open ---------------------------------------------------------------------------


def test_plan_follows_the_mode_and_auto_probes_the_gpio_chip():
    pads = PadsConfig(mode="auto")
    found = lambda: Probe("gpio", FOUND, "/dev/gpiochip0, lgpio")  # noqa: E731
    missing = lambda: Probe("gpio", MISSING, "no /dev/gpiochip0 or /dev/gpiochip4")  # noqa: E731
    assert plan_pads(pads, probe=found) == PadPlan("real", pads.seats, fallback=True, reason="real: /dev/gpiochip0, lgpio")
    assert plan_pads(pads, probe=missing).mode == "simulated"
    assert "no /dev/gpiochip0" in plan_pads(pads, probe=missing).reason
    never = lambda: pytest.fail("only auto probes")  # noqa: E731
    assert plan_pads(PadsConfig(mode="real"), probe=never).mode == "real"
    assert plan_pads(pads, mode="simulated", probe=never).fallback is False
    with pytest.raises(ValueError):
        plan_pads(pads, mode="sometimes")


@pytest.fixture
def pins():
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    yield factory
    factory.reset()


def no_oleds(seats=SEATS):
    return tuple(SeatConfig(s.minus, s.plus, s.ok) for s in seats)


def test_real_pads_report_a_pin_in_use_and_go_on_without_a_twin(pins):
    from gpiozero import Button

    squatter = Button(SEATS[1].plus, pin_factory=pins)  # another program holds seat 2's + pin
    facts = []
    devices = open_pad_devices(PadPlan("real", no_oleds()), facts.append, pin_factory=pins)
    try:
        assert sorted(devices.buttons) == [0, 2, 3] and devices.keyboard is None
        [status] = facts
        assert (status.device, status.status, status.pad) == ("pad 2 buttons", "failed", 1)
        assert "GPIO 6" in status.detail and "goes on without it" in status.detail
        pins.pin(SEATS[0].plus).drive_low()
        pins.pin(SEATS[0].plus).drive_high()
        assert ButtonPressed(0, "plus") in facts
    finally:
        devices.close()
        squatter.close()


def test_auto_gives_a_pad_whose_pins_fail_its_keyboard_keys_and_panel(pins, tmp_path, clock):
    from gpiozero import Button

    squatter = Button(SEATS[1].ok, pin_factory=pins)
    facts = []
    plan = PadPlan("real", no_oleds(), tmp_path / "png", fallback=True)
    devices = open_pad_devices(plan, facts.append, pin_factory=pins, timings=FAST, scheduler=clock)
    try:
        assert "keyboard keys and its panel" in facts[0].detail
        assert devices.is_twin_active(1) and not devices.is_twin_active(0)
        assert devices.key_down("q") is False  # pad 1 has its buttons: its keys stay a keyboard's
        assert devices.key_up("q") is False  # … and so do their key-ups
        tap(clock, devices, "s")  # pad 2's +
        assert wait_for(lambda: ButtonPressed(1, "plus") in facts)
        devices.show(1, PadScreen(title="Bo", amount=3))
        devices.show(0, PadScreen(title="Ann", amount=8))
        assert devices.flush(30)
        assert (tmp_path / "png" / "pad-seat2.png").exists()
        assert not (tmp_path / "png" / "pad-seat1.png").exists()  # pad 1 has no twin to feed
    finally:
        devices.close()
        squatter.close()


def test_auto_brings_up_the_twin_of_a_display_that_does_not_answer(pins, tmp_path):
    seats = (SeatConfig(17, 27, 22, OledConfig(bus=97)), SeatConfig(5, 6, 13))
    facts = []
    devices = open_pad_devices(PadPlan("real", seats, tmp_path, fallback=True), facts.append, pin_factory=pins)
    try:
        assert not devices.is_twin_active(0)
        devices.show(0, PadScreen(title="Ann", amount=5))
        assert devices.flush(30)
        assert wait_for(lambda: any(isinstance(f, DeviceStatus) for f in facts))
        status = next(f for f in facts if isinstance(f, DeviceStatus))
        assert (status.device, status.status, status.pad) == ("pad 1 OLED", "missing", 0)
        assert devices.is_twin_active(0) and not devices.is_twin_active(1)
        devices.show(0, PadScreen(title="Ann", amount=5))  # the update the status fact causes
        assert devices.flush(30)
        assert Image.open(tmp_path / "pad-seat1.png").tobytes() == render(PadScreen(title="Ann", amount=5)).tobytes()
        devices.note(DeviceStatus("pad 1 OLED", "ok", "back", 0))  # what the display says when it answers again
        assert not devices.is_twin_active(0), "the real display takes over again"
    finally:
        devices.close()


def test_simulated_pads_are_keys_and_twins_for_every_configured_pad(tmp_path, clock):
    facts, peeks = [], []
    devices = open_pad_devices(PadPlan("simulated", SEATS, tmp_path), facts.append,
                               on_peek=lambda pad, shown: peeks.append((pad, shown)), timings=FAST,
                               scheduler=clock)
    try:
        assert not devices.buttons and not devices.displays and sorted(devices.twins) == [0, 1, 2, 3]
        assert all(devices.is_twin_active(p) for p in range(4))
        tap(clock, devices, "x")
        assert wait_for(lambda: ButtonPressed(2, "plus") in facts)
        devices.key_down("p")
        devices.release_all()  # the window lost the focus: the peek ends with it
        assert peeks == [(3, True), (3, False)]
        assert devices.key_down("1") is False  # a fifth seat is not configured
        assert devices.key_up("w") is False  # never taken down here (typed into a text field)
    finally:
        devices.close()


# -- the feed: session → every pad's display --------------------------------------------------------


def open_simulated(session, tmp_path, clock, **kwargs):
    facts = []
    devices = open_pad_devices(PadPlan("simulated", SEATS, tmp_path / "png"), facts.append, timings=FAST,
                               scheduler=clock, **kwargs)
    feed = SeatScreens(session, devices)
    session.listeners.append(feed.update)
    return devices, feed, facts


def handle_all(session, facts):
    while facts:
        session.handle(facts.pop(0))


def png(tmp_path, pad):
    return Image.open(tmp_path / "png" / f"pad-seat{pad + 1}.png").convert("1").tobytes()


def test_keys_of_three_seats_reach_the_session_and_each_png_holds_only_its_seats_amount(session, tmp_path, clock):
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        bid_game(session, limits=[50, 50, 50])
        for name, times in (("w", 3), ("s", 5), ("x", 2)):
            for _ in range(times):
                tap(clock, devices, name)
        tap(clock, devices, "d")  # seat 2 locks its 5
        assert wait_for(lambda: len(facts) == 11)
        handle_all(session, facts)
        assert devices.flush(30)
        expected = {
            0: PadScreen(title="Ann · round 1", amount=3, limit=50, status="OK locks your bid"),
            1: PadScreen(title="Bo · round 1", amount=5, limit=50, locked=True, status="waiting for 2"),
            2: PadScreen(title="Cy · round 1", amount=2, limit=50, status="OK locks your bid"),
            3: PadScreen(),
        }
        for pad, screen in expected.items():
            assert png(tmp_path, pad) == render(screen).tobytes(), f"pad {pad + 1}"
            for other, theirs in expected.items():
                if other != pad and theirs.amount != screen.amount:
                    assert png(tmp_path, pad) != render(theirs).tobytes()
        public = session.table_view().view
        assert [p["locked"] for p in public["players"]] == [False, True, False]
    finally:
        devices.close()


def test_a_pad_plays_the_seat_the_setup_gave_it(session, tmp_path, clock):
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        bid_game(session, players=("Ann", "Bo"), pads=[3, 0])  # Ann holds pad 4, Bo pad 1
        tap(clock, devices, "i")  # pad 4's +
        assert wait_for(lambda: facts == [ButtonPressed(3, "plus")])
        handle_all(session, facts)
        assert devices.flush(30)
        assert png(tmp_path, 3) == render(PadScreen(title="Ann · round 1", amount=1, limit=9_999_999,
                                                    status="OK locks your bid")).tobytes()
        assert feed.screens[0].title == "Bo · round 1" and feed.screens[0].amount == 0
        assert feed.screens[1].is_blank and feed.screens[2].is_blank
    finally:
        devices.close()


def test_a_reveal_interrupts_a_held_plus(session, tmp_path, clock):
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        bid_game(session)
        devices.key_down("w")  # Ann holds + …
        clock.advance(0.1)  # its repeats at 0.05, 0.07 and 0.087 s
        assert facts == [ButtonPressed(0, "plus")] * 4
        handle_all(session, facts)
        session.handle(Intent("force_reveal"))  # … while the table reveals
        assert session.table_view().view["phase"] == "revealed"
        clock.advance(0.2)  # ten repeat gaps
        assert facts == []  # nothing more from the held key
        devices.key_up("w")
        clock.advance(0.2)
        assert facts == []
    finally:
        devices.close()


def test_the_phase_marker_changes_at_a_reveal_and_a_new_round_only(session):
    bid_game(session)
    before = phase_marker(session.table_view())
    session.handle(ButtonPressed(0, "plus"))
    session.handle(ButtonPressed(0, "ok"))
    assert phase_marker(session.table_view()) == before
    session.handle(Intent("force_reveal"))
    revealed = phase_marker(session.table_view())
    assert revealed != before
    session.handle(Intent("new_round"))
    assert phase_marker(session.table_view()) not in (before, revealed)


class CountingPresenter(GamePresenter):
    """The secret bid's pads as by shape, counting the screens it was asked to make, per seat."""

    def __init__(self) -> None:
        super().__init__()
        self.made: list[int] = []

    def pad_screen(self, view, seat, *, cursor=None, words=ENGLISH):
        self.made.append(seat)
        return super().pad_screen(view, seat, cursor=cursor, words=words)


class ShownScreens:
    """A pad sink that keeps every screen it is handed, in order."""

    pads = range(3)

    def __init__(self) -> None:
        self.shown: list[tuple[int, PadScreen]] = []

    def show(self, pad, screen):
        self.shown.append((pad, screen))

    def interrupt(self):
        pass


def test_a_pad_whose_seat_view_is_unchanged_keeps_its_screen_without_the_presenter(session):
    presenter, sink = CountingPresenter(), ShownScreens()
    words = [ENGLISH]
    feed = SeatScreens(session, sink, words=lambda: words[0], presenters={"secretbid": presenter})
    session.listeners.append(feed.update)
    bid_game(session)
    assert sorted(presenter.made) == [0, 1, 2]
    presenter.made.clear()
    session.handle(ButtonPressed(1, "plus"))  # Bo's draft: only Bo's view changed
    assert presenter.made == [1] and feed.screens[1].amount == 1
    sink.shown.clear()
    presenter.made.clear()
    session.handle(ButtonPressed(1, "ok"))  # the lock is public: every seat's view changed
    assert sorted(presenter.made) == [0, 1, 2] and feed.screens[1].locked
    assert [pad for pad, _ in sink.shown] == [0, 1, 2]  # every pad handed its screen, kept or new
    presenter.made.clear()
    words[0] = PadWords(ok_to_lock="OK: lock")  # another language: every screen made again
    feed.update(session.table_view())
    assert sorted(presenter.made) == [0, 1, 2] and feed.screens[0].status == "OK: lock"


def test_closing_clears_every_display_and_png(session, tmp_path, clock):
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    bid_game(session)
    session.handle(ButtonPressed(0, "plus"))
    assert devices.flush(30)
    assert png(tmp_path, 0) != render(PadScreen()).tobytes()
    devices.close()
    assert png(tmp_path, 0) == render(PadScreen()).tobytes()
    assert all(d.image.tobytes() == render(PadScreen()).tobytes() for d in devices.twin_devices.values())
    devices.close()  # idempotent


def test_no_log_line_holds_an_amount(session, tmp_path, clock, caplog):
    caplog.set_level(logging.DEBUG)
    devices, feed, facts = open_simulated(session, tmp_path, clock)
    try:
        bid_game(session, limits=[9_000_000, 9_000_000, 9_000_000], step=1111)
        for _ in range(3):
            tap(clock, devices, "w")  # Ann's draft: 3333
        tap(clock, devices, "e")
        for name in ("s", "s", "d", "c"):
            tap(clock, devices, name)  # Bo 2222, Cy 0: the reveal
        assert wait_for(lambda: len(facts) == 8)
        handle_all(session, facts)
        assert devices.flush(30)
        assert session.table_view().view["phase"] == "revealed"
    finally:
        devices.close()
    lines = [r.getMessage() for r in caplog.records]
    assert any("durable step" in line for line in lines) and any("pads" in line for line in lines)
    # whole numbers only: a journal's file name holds the time ("…-222232-…" at 22:22:32)
    leaks = [line for line in lines if re.search(r"(?<!\d)(3333|2222)(?!\d)", line)]
    assert leaks == []
