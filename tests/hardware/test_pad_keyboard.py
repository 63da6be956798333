"""The keyboard twin: documented keys, the same presses as the GPIO pad, peeking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hardware.facts import ButtonPressed
from hardware.handheld.buttons import Pad
from hardware.handheld.clock import ManualScheduler
from hardware.handheld.keyboard import DEFAULT_SEAT_KEYS, KeyBinding, KeyboardPads, KeyMap, SeatKeys
from hardware.handheld.keylogic import PadTimings

DOCS = Path(__file__).resolve().parents[2] / "docs" / "hardware.md"


@pytest.fixture
def peeks():
    return []


@pytest.fixture
def pads(scheduler, facts, peeks):
    pads = KeyboardPads(4, facts, scheduler=scheduler, on_peek=lambda seat, shown: peeks.append((seat, shown)))
    yield pads
    pads.close()


def test_default_keys_cover_six_seats_each_key_once():
    keymap = KeyMap.default(6)
    names = [name for keys in keymap for _, name in keys.items()]
    assert len(names) == len(set(names)) == 24
    assert keymap.lookup("q") == KeyBinding(0, "minus")
    assert keymap.lookup("W") == KeyBinding(0, "plus")
    assert keymap.lookup("r") == KeyBinding(0, "peek")
    assert keymap.lookup("d") == KeyBinding(1, "ok")
    assert keymap.lookup("0") == KeyBinding(5, "peek")
    assert keymap.lookup("spacebar") is None
    assert keymap.describe(0) == "q −  w +  e OK  hold r: peek"


def test_the_keys_in_the_docs_are_the_default_keys():
    """docs/hardware.md's key table and DEFAULT_SEAT_KEYS must not drift apart."""
    rows = re.findall(r"^\| (\d) \| `(\w)` \| `(\w)` \| `(\w)` \| `(\w)` \|", DOCS.read_text(encoding="utf-8"), re.M)
    assert [SeatKeys(*row[1:]) for row in rows] == list(DEFAULT_SEAT_KEYS)
    assert [int(row[0]) for row in rows] == [1, 2, 3, 4, 5, 6]


def test_a_key_used_twice_is_refused():
    with pytest.raises(ValueError, match="key 'q' is both seat 1's minus and seat 2's plus"):
        KeyMap([SeatKeys("q", "w", "e", "r"), SeatKeys("a", "Q", "d", "f")])
    with pytest.raises(ValueError):
        KeyMap.default(7)


def test_keys_press_like_buttons(pads, scheduler, facts):
    for name in ("q", "w", "e", "a", "x"):
        assert pads.key_down(name)
        scheduler.advance(0.1)
        assert pads.key_up(name)
        scheduler.advance(0.1)
    assert facts == [ButtonPressed(0, "minus"), ButtonPressed(0, "plus"), ButtonPressed(0, "ok"),
                     ButtonPressed(1, "minus"), ButtonPressed(2, "plus")]


def test_keys_of_seats_not_playing_and_other_keys_are_not_ours(pads, facts):
    assert not pads.key_down("7") and not pads.key_up("7")  # seat 6's key; only 4 seats play
    assert not pads.key_down("enter")
    assert facts == []


def test_os_auto_repeat_is_one_hold_with_our_own_repeat(pads, scheduler, facts):
    pads.key_down("w")
    for _ in range(30):  # the OS sends key-down again every 33 ms while held
        scheduler.advance(0.033)
        pads.key_down("w")
    pads.key_up("w")
    assert facts.keys() == ["plus"] * 4  # 0, 0.5, 0.7, 0.87 s: our schedule, not the OS's


def test_long_ok_on_the_keyboard(pads, scheduler, facts):
    pads.key_down("e")
    scheduler.advance(1.0)
    pads.key_up("e")
    assert facts.keys() == ["ok_long"]


def test_same_timing_as_the_gpio_pad(pin_factory, facts):
    """One script of presses, played on mock pins and on keys: the same facts at the same times."""
    script = [(0.0, "plus", True), (1.3, "plus", False), (1.5, "ok", True), (1.7, "ok", False),
              (2.0, "ok", True), (3.0, "ok", False), (3.2, "minus", True), (3.21, "minus", False)]
    pins = {"minus": 17, "plus": 27, "ok": 22}
    keys = {"minus": "q", "plus": "w", "ok": "e"}
    results = []
    for kind in ("gpio", "keyboard"):
        sched = ManualScheduler(start=50.0)
        got = []
        timings = PadTimings(debounce=0.015)
        if kind == "gpio":
            device = Pad(0, pins, lambda f: got.append((round(sched.time, 6), f)), pin_factory=pin_factory,
                         scheduler=sched, timings=timings)
        else:
            device = KeyboardPads(1, lambda f: got.append((round(sched.time, 6), f)), scheduler=sched, timings=timings)
        for when, key, down in script:
            sched.advance_to(50.0 + when)
            if kind == "gpio":
                (pin_factory.pin(pins[key]).drive_low if down else pin_factory.pin(pins[key]).drive_high)()
            else:
                (device.key_down if down else device.key_up)(keys[key])
        sched.advance(1.0)
        device.close()
        results.append(got)
    assert results[0] == results[1]
    assert [f.key for _, f in results[0]] == ["plus"] * 7 + ["ok", "ok_long", "minus"]  # + at 0 .5 .7 .87 1.01 1.14 1.24


def test_peek_shows_while_held(pads, peeks, facts):
    pads.key_down("f")
    pads.key_down("f")  # auto-repeat: no second call
    assert pads.is_peeking(1) and peeks == [(1, True)]
    pads.key_up("f")
    assert not pads.is_peeking(1) and peeks == [(1, True), (1, False)]
    assert facts == [], "peeking is the panel's business, not a fact for the session"


def test_release_all_lets_go_of_everything(pads, scheduler, facts, peeks):
    pads.key_down("w")
    pads.key_down("r")
    scheduler.advance(0.6)
    pads.release_all()
    scheduler.advance(2.0)
    assert facts.keys() == ["plus", "plus"] and peeks[-1] == (0, False)
    assert not pads.is_pressed(0, "plus")


def test_interrupt_one_seat(pads, scheduler, facts):
    pads.key_down("w")
    pads.key_down("s")
    scheduler.advance(0.1)
    pads.interrupt(0)
    scheduler.advance(1.0)
    assert facts.keys(0) == ["plus"] and facts.keys(1) == ["plus"] * 5  # 0, .5, .7, .87, 1.01 s


def test_a_key_up_never_seen_down_is_ignored(pads, facts):
    assert pads.key_up("e")
    assert facts == []
