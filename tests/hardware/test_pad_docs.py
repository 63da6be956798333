"""docs/hardware.md's pin table must agree with the shipped config and with the header's pinout."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = (ROOT / "docs" / "hardware.md").read_text(encoding="utf-8")
CONFIG = tomllib.loads((ROOT / "companion" / "config.default.toml").read_text(encoding="utf-8"))

def _header() -> tuple[dict[int, int], set[int]]:
    """BCM GPIO → physical pin, and the ground pins, from gpiozero's own board data (a Pi's J8)."""
    from gpiozero.pins.mock import MockFactory

    pins = MockFactory().board_info.headers["J8"].pins
    gpio = {int(p.name[4:]): n for n, p in pins.items() if p.name.startswith("GPIO")}
    return gpio, {n for n, p in pins.items() if p.name == "GND"}


HEADER, GROUNDS = _header()
RESERVED = {0, 1, 2, 3, 14, 15}  # HAT EEPROM, I2C bus 1, UART


def pin_rows() -> list[tuple[int, list[tuple[int, int]], list[int]]]:
    rows = []
    for line in DOCS.splitlines():
        m = re.match(r"^\| (\d) \| GPIO (\d+) \(pin (\d+)\) \| GPIO (\d+) \(pin (\d+)\) \| GPIO (\d+) \(pin (\d+)\) \| (.*) \|$", line)
        if m:
            numbers = [int(g) for g in m.groups()[1:7]]
            grounds = [int(g) for g in re.findall(r"\d+", m.group(8))]
            rows.append((int(m.group(1)), list(zip(numbers[0::2], numbers[1::2])), grounds))
    return rows


def test_six_seats_are_documented_with_correct_header_pins_and_grounds():
    rows = pin_rows()
    assert [seat for seat, _, _ in rows] == [1, 2, 3, 4, 5, 6]
    used = [gpio for _, pins, _ in rows for gpio, _ in pins]
    assert len(used) == len(set(used)) == 18, "no pin used twice"
    assert not set(used) & RESERVED
    for seat, pins, grounds in rows:
        for gpio, header in pins:
            assert HEADER[gpio] == header, f"seat {seat}: GPIO {gpio} is pin {HEADER[gpio]}, not {header}"
        assert grounds and set(grounds) <= GROUNDS, f"seat {seat}: {grounds} are not all ground pins"


def test_seats_1_to_4_are_the_config_defaults():
    seats = CONFIG["devices"]["pads"]["seats"]
    documented = [[gpio for gpio, _ in pins] for _, pins, _ in pin_rows()[: len(seats)]]
    assert documented == [[s["minus"], s["plus"], s["ok"]] for s in seats]
    assert [s["oled"]["mux_channel"] for s in seats] == list(range(len(seats)))
