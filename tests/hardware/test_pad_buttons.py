"""The GPIO pad on gpiozero mock pins: presses, holds and repeat, bounce, two seats, a reveal mid-hold."""

from __future__ import annotations

import threading
import time

import pytest

from hardware.facts import ButtonPressed, DeviceStatus
from hardware.handheld.buttons import Pad, PadPinError, PadPins
from hardware.handheld.clock import ThreadScheduler
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.oled import PadDisplay
from hardware.handheld.screen import PadScreen
from hardware.handheld.twins import SimulatedOled

SEAT0 = {"minus": 17, "plus": 27, "ok": 22}
SEAT1 = {"minus": 5, "plus": 6, "ok": 13}
T = PadTimings()


@pytest.fixture
def pad(pin_factory, scheduler, facts):
    pad = Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler)
    yield pad
    pad.close()


def press(pin_factory, pin: int) -> None:
    pin_factory.pin(pin).drive_low()  # buttons join the pin to ground: pressed is low


def release(pin_factory, pin: int) -> None:
    pin_factory.pin(pin).drive_high()


def tap(pin_factory, scheduler, pin: int, hold: float = 0.1, after: float = 0.1) -> None:
    press(pin_factory, pin)
    scheduler.advance(hold)
    release(pin_factory, pin)
    scheduler.advance(after)


def test_each_button_reports_its_key_once_per_press(pad, pin_factory, scheduler, facts):
    tap(pin_factory, scheduler, 17)
    tap(pin_factory, scheduler, 27)
    tap(pin_factory, scheduler, 22)
    tap(pin_factory, scheduler, 27)
    assert facts == [ButtonPressed(0, "minus"), ButtonPressed(0, "plus"), ButtonPressed(0, "ok"), ButtonPressed(0, "plus")]


def test_plus_reports_at_the_edge_itself(pad, pin_factory, scheduler, facts):
    press(pin_factory, 27)
    assert facts.keys() == ["plus"] and facts.times == [scheduler.time]


def test_holding_plus_repeats_with_acceleration_and_stops_at_release(pad, pin_factory, scheduler, facts):
    start = scheduler.time
    press(pin_factory, 27)
    scheduler.advance(2.5)
    release(pin_factory, 27)
    scheduler.advance(2.0)
    offsets = [round(t - start, 6) for t in facts.times]
    expected, t, n = [0.0, T.repeat_delay], T.repeat_delay, 1
    while True:
        t += T.repeat_gap(n)
        n += 1
        if t > 2.5:
            break
        expected.append(round(t, 6))
    assert offsets == pytest.approx(expected)
    assert set(facts.keys()) == {"plus"} and len(facts) == len(expected) > 12


def test_holding_minus_repeats_too(pad, pin_factory, scheduler, facts):
    press(pin_factory, 17)
    scheduler.advance(1.0)
    release(pin_factory, 17)
    assert facts.keys() == ["minus"] * 4  # 0, 0.5, 0.7, 0.87


def test_ok_short_is_ok_at_release_and_long_is_ok_long_at_the_long_press_time(pad, pin_factory, scheduler, facts):
    start = scheduler.time
    tap(pin_factory, scheduler, 22, hold=0.3)
    assert facts.keys() == ["ok"] and facts.times == [pytest.approx(start + 0.3)]
    start = scheduler.time
    press(pin_factory, 22)
    scheduler.advance(T.long_press - 0.01)
    assert facts.keys() == ["ok"], "nothing while OK is held short of the long press"
    scheduler.advance(0.02)
    assert facts.keys() == ["ok", "ok_long"] and facts.times[-1] == pytest.approx(start + T.long_press)
    scheduler.advance(3.0)
    release(pin_factory, 22)
    scheduler.advance(0.5)
    assert facts.keys() == ["ok", "ok_long"], "OK does not repeat, and no ok follows an ok_long"


@pytest.mark.parametrize("pin,key", [(17, "minus"), (27, "plus"), (22, "ok")])
def test_a_bouncing_switch_gives_one_press(pad, pin_factory, scheduler, facts, pin, key):
    """10 edges within 5 ms (what a cheap tactile switch does), then held and released cleanly."""
    for i in range(10):
        (pin_factory.pin(pin).drive_low if i % 2 == 0 else pin_factory.pin(pin).drive_high)()
        scheduler.advance(0.0005)
    press(pin_factory, pin)  # the contact settles closed
    scheduler.advance(0.2)
    for i in range(10):  # and bounces open at release too
        (pin_factory.pin(pin).drive_high if i % 2 == 0 else pin_factory.pin(pin).drive_low)()
        scheduler.advance(0.0004)
    release(pin_factory, pin)
    scheduler.advance(1.0)
    assert facts.keys() == [key]
    assert not pad.is_pressed(key)


def test_a_burst_that_ends_open_is_one_press_and_one_release(pad, pin_factory, scheduler, facts):
    pin = pin_factory.pin(27)
    for i in range(10):  # 10 edges in 4.5 ms: starts low, ends high
        (pin.drive_low if i % 2 == 0 else pin.drive_high)()
        scheduler.advance(0.0005)
    scheduler.advance(0.1)
    assert facts.keys() == ["plus"] and not pad.is_pressed("plus")


def test_gpiozero_bounce_time_is_not_what_debounces(pad, pin_factory):
    assert all(pin_factory.pin(p).bounce is None for p in SEAT0.values())


def test_two_seats_pressing_at_once(pin_factory, scheduler, facts):
    with Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler), \
            Pad(1, SEAT1, facts, pin_factory=pin_factory, scheduler=scheduler):
        press(pin_factory, 27)   # seat 1 holds +
        press(pin_factory, 6)    # seat 2 holds + at the same instant
        press(pin_factory, 13)   # and seat 2 also holds OK
        scheduler.advance(1.0)
        release(pin_factory, 27)
        release(pin_factory, 6)
        scheduler.advance(0.5)
        release(pin_factory, 13)
        scheduler.advance(0.5)
    assert facts.keys(0) == ["plus"] * 4
    assert facts.keys(1) == ["plus"] * 3 + ["ok_long", "plus"]  # OK long at 0.8 s, + again at 0.87 s
    # interleaved in time order: the repeats at 0.5 s come from both seats before either's 0.7 s one
    assert [(f.pad, f.key) for f in facts][:5] == [(0, "plus"), (1, "plus"), (0, "plus"), (1, "plus"), (0, "plus")]
    assert facts.times == sorted(facts.times)


def test_two_seats_pressing_from_two_threads_with_the_real_scheduler(pin_factory):
    """Edges from two helper threads at once (as from gpiozero's thread on a Pi), deadlines from
    the scheduler's thread: each seat gets exactly its own facts, none lost."""
    got: list[ButtonPressed] = []
    lock = threading.Lock()

    def report(fact):
        with lock:
            got.append(fact)

    # Each edge comes at least 5 ms after the last (the players sleep between them), so the 2 ms
    # lockout never swallows one; no hold, however long a loaded machine makes it, reaches a repeat.
    timings = PadTimings(debounce=0.002, repeat_delay=3600, long_press=3600)
    scheduler = ThreadScheduler()
    pads = [Pad(0, SEAT0, report, pin_factory=pin_factory, scheduler=scheduler, timings=timings),
            Pad(1, SEAT1, report, pin_factory=pin_factory, scheduler=scheduler, timings=timings)]
    barrier = threading.Barrier(2)

    def player(pins, presses):
        barrier.wait()
        for _ in range(presses):
            pin_factory.pin(pins["minus"]).drive_low()
            time.sleep(0.005)
            pin_factory.pin(pins["minus"]).drive_high()
            time.sleep(0.005)

    threads = [threading.Thread(target=player, args=(SEAT0, 20)), threading.Thread(target=player, args=(SEAT1, 15))]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert not any(thread.is_alive() for thread in threads)
    finally:
        for p in pads:
            p.close()
        scheduler.close()
    assert [f.key for f in got if f.pad == 0] == ["minus"] * 20
    assert [f.key for f in got if f.pad == 1] == ["minus"] * 15


def test_a_button_held_through_a_reveal(pin_factory, scheduler, facts):
    """Seat 1 leans on + while the bids are revealed. The session shows the result on the pad's
    OLED and interrupts the pad: the held + must not walk into the next phase, not even when let
    go; OK held through it neither locks nor unlocks. A fresh press works again."""
    oled = SimulatedOled()
    display = PadDisplay(0, oled, facts)
    with Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler) as pad:
        display.show(PadScreen("Forum bid", 3, 20))
        press(pin_factory, 27)
        press(pin_factory, 22)
        scheduler.advance(0.6)
        assert facts.keys() == ["plus", "plus"]
        display.show(PadScreen("Forum bid", None, None, True, ("You won with 5",), "next: season end"))
        pad.interrupt()
        scheduler.advance(3.0)
        release(pin_factory, 27)
        release(pin_factory, 22)
        scheduler.advance(0.5)
        assert facts.keys() == ["plus", "plus"], "no repeat, no ok_long, no ok after the reveal"
        assert oled.frames == 2 and oled.image.getbbox() is not None
        tap(pin_factory, scheduler, 27)
        tap(pin_factory, scheduler, 22)
    assert facts.keys() == ["plus", "plus", "plus", "ok"]
    assert not any(isinstance(f, DeviceStatus) for f in facts)


def test_held_without_an_interrupt_keeps_reporting(pad, pin_factory, scheduler, facts):
    """The pad reports what happens; only the session decides a phase ended."""
    press(pin_factory, 27)
    scheduler.advance(0.9)
    assert len(facts) == 4


def test_a_button_pressed_when_the_pad_opens_is_ignored_until_released(pin_factory, scheduler, facts):
    press(pin_factory, 22)
    with Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler):
        scheduler.advance(2.0)
        release(pin_factory, 22)
        scheduler.advance(0.1)
        assert facts == []
        tap(pin_factory, scheduler, 22)
    assert facts.keys() == ["ok"]


def test_close_releases_the_pins_and_stops_reporting(pin_factory, scheduler, facts):
    pad = Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler)
    press(pin_factory, 27)
    pad.close()
    scheduler.advance(2.0)
    release(pin_factory, 27)
    tap(pin_factory, scheduler, 17)
    assert facts.keys() == ["plus"] and pad.closed
    pad.close()  # twice is fine
    again = Pad(0, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler)  # the pins are free
    tap(pin_factory, scheduler, 17)
    again.close()
    assert facts.keys() == ["plus", "minus"]


def test_a_pin_already_in_use_names_seat_key_and_pin_and_leaks_nothing(pin_factory, scheduler, facts):
    from gpiozero import Button

    blocker = Button(22, pin_factory=pin_factory)
    with pytest.raises(PadPinError, match=r"seat 2's ok button on GPIO 22: GPIOPinInUse") as info:
        Pad(1, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler)
    assert (info.value.seat, info.value.key, info.value.pin) == (1, "ok", 22)
    blocker.close()
    Pad(1, SEAT0, facts, pin_factory=pin_factory, scheduler=scheduler).close()  # 17 and 27 were released


def test_pins_as_a_value_and_missing_pins():
    assert PadPins.from_mapping(SEAT0) == PadPins(17, 27, 22)
    with pytest.raises(ValueError, match="missing ok"):
        PadPins.from_mapping({"minus": 1, "plus": 2})


def test_a_report_that_comes_straight_back_does_not_deadlock(pin_factory, scheduler):
    """The bridge handles a main-thread fact at once; the session may interrupt the pad from there."""
    got = []
    pad = None

    def report(fact):
        got.append(fact.key)
        pad.interrupt()  # re-entrant, on the same thread, inside the report

    pad = Pad(0, SEAT0, report, pin_factory=pin_factory, scheduler=scheduler)
    press(pin_factory, 27)
    scheduler.advance(1.0)
    release(pin_factory, 27)
    tap(pin_factory, scheduler, 27)
    pad.close()
    assert got == ["plus", "plus"]
