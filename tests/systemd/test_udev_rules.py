"""systemd/70-companion.rules, checked by a small parser of udev's rule syntax (systemd 252 has no
`udevadm verify`; it came in 254) and matched against simulated devices the way udev matches them.

The grammar checked (udev(7)): a rule is one line of comma-separated `KEY[{attr}]OP"value"` pairs;
`==` and `!=` only with match keys, `=`, `+=`, `-=`, `:=` only with assignment keys; every value
in double quotes. On top of the grammar, the policy: devices go to a group with mode 0660, never
to root or to everyone.
"""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from companion.config import ScannerConfig
from unitlint import SYSTEMD_DIR

RULES = SYSTEMD_DIR / "70-companion.rules"
MATCH_KEYS = {"ACTION", "DEVPATH", "KERNEL", "KERNELS", "NAME", "SYMLINK", "SUBSYSTEM", "SUBSYSTEMS",
              "DRIVER", "DRIVERS", "ATTR", "ATTRS", "SYSCTL", "ENV", "CONST", "TAG", "TAGS", "TEST",
              "PROGRAM", "RESULT"}
ASSIGN_KEYS = {"NAME", "SYMLINK", "OWNER", "GROUP", "MODE", "SECLABEL", "ATTR", "SYSCTL", "ENV", "TAG",
               "RUN", "LABEL", "GOTO", "IMPORT", "OPTIONS"}
NEEDS_ATTR = {"ATTR", "ATTRS", "SYSCTL", "ENV", "TEST", "IMPORT", "RUN", "SECLABEL"}
PAIR = re.compile(r'\s*(?P<key>[A-Z]+)(?:\{(?P<attr>[^}]+)\})?\s*(?P<op>==|!=|\+=|-=|:=|=)\s*"(?P<value>[^"]*)"\s*(?:,|$)')


@dataclass(frozen=True)
class Pair:
    key: str
    attr: str | None
    op: str
    value: str

    @property
    def is_match(self) -> bool:
        return self.op in ("==", "!=")


def parse_rule(line: str) -> list[Pair]:
    """One rule line as its pairs; raises ValueError naming what udev would reject."""
    pairs, at = [], 0
    while at < len(line):
        found = PAIR.match(line, at)
        if not found:
            raise ValueError(f"cannot parse from column {at + 1}: {line[at:]!r}")
        pair = Pair(found["key"], found["attr"], found["op"], found["value"])
        if pair.is_match and pair.key not in MATCH_KEYS:
            raise ValueError(f"{pair.key} cannot be matched with {pair.op}")
        if not pair.is_match and pair.key not in ASSIGN_KEYS:
            raise ValueError(f"{pair.key} cannot be assigned with {pair.op}")
        if pair.key in NEEDS_ATTR and not pair.attr:
            raise ValueError(f"{pair.key} needs {{attribute}}")
        pairs.append(pair)
        at = found.end()
    if not any(p.is_match for p in pairs) or all(p.is_match for p in pairs):
        raise ValueError("a rule needs at least one match and one assignment")
    return pairs


def parse_rules(text: str) -> list[list[Pair]]:
    rules, pending = [], ""
    for raw in text.splitlines():
        line = pending + raw
        if line.endswith("\\"):
            pending = line[:-1]
            continue
        pending = ""
        if line.strip() and not line.lstrip().startswith("#"):
            rules.append(parse_rule(line.strip()))
    return rules


@dataclass
class Device:
    """What udev knows of a device: its own keys, and the ATTRS of itself and its parents."""

    subsystem: str
    kernel: str
    parents_attrs: tuple[dict[str, str], ...] = ()


def pattern_matches(value: str, pattern: str) -> bool:
    """udev's patterns: shell globs, and "|" between alternatives ("ttyACM*|ttyUSB*")."""
    return any(fnmatch.fnmatchcase(value, alternative) for alternative in pattern.split("|"))


def matches(rule: list[Pair], device: Device) -> bool:
    """udev's matching for the keys our rules use: glob patterns, ATTRS from one ancestor."""
    ancestor_attrs = [p for p in rule if p.is_match and p.key == "ATTRS"]
    for pair in rule:
        if not pair.is_match or pair.key == "ATTRS":
            continue
        actual = {"SUBSYSTEM": device.subsystem, "KERNEL": device.kernel}[pair.key]
        if pattern_matches(actual, pair.value) != (pair.op == "=="):
            return False
    if ancestor_attrs:  # all ATTRS of a rule must match the same ancestor
        return any(all(attrs.get(a.attr) == a.value for a in ancestor_attrs) for attrs in device.parents_attrs)
    return True


def applied(rules: list[list[Pair]], device: Device) -> dict[str, list[str]]:
    result: dict[str, list[str]] = {}
    for rule in rules:
        if matches(rule, device):
            for pair in rule:
                if not pair.is_match:
                    key = pair.key + (f"{{{pair.attr}}}" if pair.attr else "")
                    result.setdefault(key, []).append(pair.value)
    return result


RULESET = parse_rules(RULES.read_text(encoding="utf-8"))
PICO_ACM = Device("tty", "ttyACM0", ({"dev": "166:0"}, {"bInterfaceClass": "02"},
                                      {"idVendor": "2e8a", "idProduct": "000a", "product": "Board CDC"}))


def test_every_rule_parses_and_there_are_three():
    assert len(RULESET) == 3


@pytest.mark.parametrize("line, error", [
    ('SUBSYSTEM=="tty", GROUP=="dialout"', "GROUP cannot be matched"),
    ('SUBSYSTEM="tty", GROUP="dialout"', "SUBSYSTEM cannot be assigned"),
    ('SUBSYSTEM=="tty" GROUP="dialout"', "cannot parse"),
    ("SUBSYSTEM=='tty', GROUP='dialout'", "cannot parse"),
    ('ATTRS=="2e8a", GROUP="dialout"', "ATTRS needs {attribute}"),
    ('SUBSYSTEM=="tty", KERNEL=="ttyACM0"', "one match and one assignment"),
])
def test_the_parser_rejects_what_udev_rejects(line, error):
    with pytest.raises(ValueError, match=re.escape(error)):
        parse_rule(line)


def test_no_device_goes_to_root_or_to_everyone():
    for rule in RULESET:
        assigned = {p.key: p.value for p in rule if not p.is_match}
        assert "OWNER" not in assigned
        if "GROUP" in assigned or "MODE" in assigned:
            assert assigned["GROUP"] in {"dialout", "gpio", "i2c"}
            assert assigned["MODE"] == "0660"


def test_the_scanner_gets_the_configured_name_for_dialout():
    result = applied(RULESET, PICO_ACM)
    assert "/dev/" + result["SYMLINK"][0] == ScannerConfig().port == "/dev/dice-scanner"
    assert result["GROUP"] == ["dialout"] and result["MODE"] == ["0660"]
    assert result["ENV{ID_MM_DEVICE_IGNORE}"] == ["1"]  # ModemManager keeps its AT commands away


def test_patterns_with_alternatives_match_as_udev_matches_them():
    assert pattern_matches("ttyUSB0", "ttyACM[0-9]*|ttyUSB[0-9]*")
    assert pattern_matches("ttyACM12", "ttyACM[0-9]*|ttyUSB[0-9]*")
    assert not pattern_matches("ttyUSB", "ttyACM[0-9]*|ttyUSB[0-9]*")
    assert not pattern_matches("ttyS0", "ttyACM[0-9]*|ttyUSB[0-9]*")


def usb_serial(kernel: str, vendor: str, product: str) -> Device:
    """A tty of a USB device as udev walks it: a CDC-ACM port sits on the USB interface; an adapter's
    ttyUSB on a usb-serial port below the interface; the IDs are on the USB device above both."""
    below = ({"port_number": "0"},) if kernel.startswith("ttyUSB") else ()
    return Device("tty", kernel, (*below, {"bInterfaceNumber": "00"},
                                  {"idVendor": vendor, "idProduct": product}))


@pytest.mark.parametrize("kernel", ["ttyACM0", "ttyACM12", "ttyUSB0", "ttyUSB3"])
def test_the_scanner_is_named_on_a_cdc_acm_port_or_behind_a_usb_serial_adapter(kernel):
    result = applied(RULESET, usb_serial(kernel, "2e8a", "000a"))
    assert result["SYMLINK"] == ["dice-scanner"] and result["GROUP"] == ["dialout"] and result["MODE"] == ["0660"]
    assert result["ENV{ID_MM_DEVICE_IGNORE}"] == ["1"]


@pytest.mark.parametrize("device", [
    Device("tty", "ttyACM1", ({"idVendor": "2341", "idProduct": "0043"},)),  # an Arduino Uno: another device
    usb_serial("ttyUSB0", "1a86", "7523"),  # a CH340 adapter, not the scanner's IDs
    Device("tty", "ttyS0", ({"idVendor": "2e8a", "idProduct": "000a"},)),
    Device("tty", "ttyAMA0", ({"idVendor": "2e8a", "idProduct": "000a"},)),
    Device("tty", "ttyGS0", ({"idVendor": "2e8a", "idProduct": "000a"},)),  # a gadget port: not ours
    Device("usb", "1-1.3", ({"idVendor": "2e8a", "idProduct": "000a"},)),
    # IDs split over two ancestors are not a match: udev matches all ATTRS on one of them.
    Device("tty", "ttyACM0", ({"idVendor": "2e8a"}, {"idProduct": "000a"})),
])
def test_other_devices_get_no_scanner_name(device):
    assert "SYMLINK" not in applied(RULESET, device)


def test_gpio_and_i2c_nodes_go_to_their_groups():
    assert applied(RULESET, Device("gpio", "gpiochip4"))["GROUP"] == ["gpio"]
    assert applied(RULESET, Device("i2c-dev", "i2c-1"))["GROUP"] == ["i2c"]
    assert applied(RULESET, Device("i2c-dev", "i2c-10"))["GROUP"] == ["i2c"]
    assert applied(RULESET, Device("tty", "tty1")) == {}


def test_udevadm_verify_when_there_is_one():
    udevadm = shutil.which("udevadm")
    if udevadm is None or subprocess.run([udevadm, "verify", "--help"], capture_output=True).returncode != 0:
        pytest.skip("no `udevadm verify` here (systemd < 254): the parser above stands in")
    result = subprocess.run([udevadm, "verify", str(RULES)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_docs_show_the_scanner_rule_as_installed_by_default():
    line = next(raw for raw in RULES.read_text(encoding="utf-8").splitlines() if 'SYMLINK+="dice-scanner"' in raw)
    assert 'KERNEL=="ttyACM[0-9]*|ttyUSB[0-9]*"' in line
    assert line in (SYSTEMD_DIR.parent / "docs" / "scanner.md").read_text(encoding="utf-8")
    assert 'KERNEL=="ttyACM[0-9]*|ttyUSB[0-9]*"' in (SYSTEMD_DIR.parent / "docs" / "kiosk.md").read_text(encoding="utf-8")
