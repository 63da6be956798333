"""On a Pi with the hardware attached only: skipped unless a variable names the device.

COMPANION_TEST_GPIO=1                 the config's seat 1 pins (17, 27, 22) open with gpiozero's real
                                      pin factory, read released, and close again.
COMPANION_TEST_OLED=BUS:ADDR[:CH]     a display at that I2C bus and address (behind a TCA9548A at
                                      0x70 on channel CH) shows a test screen, e.g. 1:0x3C:0.
"""

from __future__ import annotations

import os

import pytest

from hardware.handheld.screen import PadScreen

GPIO = os.environ.get("COMPANION_TEST_GPIO") == "1"
OLED = os.environ.get("COMPANION_TEST_OLED", "")


@pytest.mark.skipif(not GPIO, reason="set COMPANION_TEST_GPIO=1 on a Pi")
def test_real_pins_open_read_released_and_close():
    from gpiozero.pins.lgpio import LGPIOFactory  # Bookworm's backend; the tests' default is the mock

    from hardware.handheld.buttons import Pad

    factory = LGPIOFactory()
    facts: list = []
    try:
        with Pad(0, {"minus": 17, "plus": 27, "ok": 22}, facts.append, pin_factory=factory) as pad:
            assert not any(pad.is_pressed(key) for key in ("minus", "plus", "ok")), "nobody is pressing a button"
    finally:
        factory.close()
    assert facts == []


@pytest.mark.skipif(not OLED, reason="set COMPANION_TEST_OLED=BUS:ADDR[:CHANNEL] on a Pi with a display")
def test_real_display_shows_a_screen():
    from hardware.handheld.oled import OledTarget, PadDisplay, Tca9548a

    bus, address, *channel = OLED.split(":")
    target = OledTarget("ssd1306", int(bus), int(address, 0), int(channel[0]) if channel else None)
    mux = Tca9548a.on_bus(target.bus) if channel else None
    facts: list = []
    display = PadDisplay.for_target(0, target, facts.append, mux=mux)
    try:
        assert display.show(PadScreen("companion test", 42, 99, True, (), target.describe())), facts
    finally:
        display.close()
        if mux is not None:
            mux.close()
