"""`companion doctor` and the probes under it, against a fake /dev, /proc and /sys tree in tmp_path,
gpiozero's mock pins and, for the scanner, a pseudo-terminal playing the device."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import select
import sys
import threading
import tty
import types
from pathlib import Path

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPin

from companion.config import Config, DevicesConfig, PadsConfig, ScannerConfig, SeatConfig, StatusDisplayConfig, TouchscreenConfig
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.doctor import exit_code, format_report, probe_journals, run_doctor
from hardware import detect
from hardware.detect import Probe
from hardware.scanner.codec import ChecksumError, Heartbeat, Hello, HelloRequest, format_frame

from tests.waiting import TIMEOUT

HELLO = Hello(1, "3F2A9C01", "tray-0.4.2", 1000)

FT5406_64 = """\
I: Bus=0019 Vendor=0001 Product=0001 Version=0100
N: Name="gpio_keys"
H: Handlers=kbd event1
B: EV=3

I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="generic ft5x06 (79)"
P: Phys=
S: Sysfs=/devices/platform/soc/soc:firmware/soc:firmware:touchscreen/input/input0
H: Handlers=mouse0 event0
B: PROP=2
B: EV=b
B: KEY=400 0 0 0 0 0 0 0 0 0 0
B: ABS=260800000000003
"""
FT5406_32 = FT5406_64.replace("B: ABS=260800000000003", "B: ABS=2608000 3")
RESISTIVE = 'I: Bus=0000\nN: Name="ADS7846 Touchscreen"\nH: Handlers=event2\nB: ABS=1000003\n'
KEYBOARD_ONLY = 'I: Bus=0003\nN: Name="Logitech USB Keyboard"\nH: Handlers=sysrq kbd leds event1\nB: EV=120013\n'


def touch(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def fake_pi(root: Path) -> Path:
    """A Raspberry Pi's /dev and /proc as the doctor sees them, with every device plugged in."""
    touch(root / "dev/gpiochip0")
    touch(root / "dev/i2c-1")
    touch(root / "dev/ttyACM0")
    os.symlink("ttyACM0", root / "dev/dice-scanner")
    touch(root / "dev/dri/card0")
    touch(root / "dev/input/event0")
    touch(root / "proc/bus/input/devices", FT5406_64)
    (root / "proc/device-tree").mkdir(parents=True)
    (root / "proc/device-tree/model").write_bytes(b"Raspberry Pi 4 Model B Rev 1.5\0")
    touch(root / "usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
    touch(root / "etc/udev/rules.d/70-companion.rules")
    return root


def config_for(tmp_path: Path, *, pads="auto", scanner="auto", status="auto", touchscreen="auto", **top) -> Config:
    return Config(
        data_dir=str(tmp_path / "data"),
        devices=DevicesConfig(
            pads=PadsConfig(mode=pads),
            scanner=ScannerConfig(mode=scanner),
            status_display=StatusDisplayConfig(mode=status),
            touchscreen=TouchscreenConfig(mode=touchscreen),
        ),
        **top,
    )


def doctor(config: Config, root: Path, *, answering=True, opens=True, lgpio=True, env=None, calls=None,
           pin_factory=None, received=(HELLO,), disk_usage=None):
    def exchange(path, baud):
        if calls is not None:
            calls.append(("hello", path, baud))
        return list(received), 0

    def ping(device, address, channel):
        if calls is not None:
            calls.append(("ping", device, address, channel))
        return answering

    def opener(path, baud):
        if calls is not None:
            calls.append(("open", path, baud))
        if not opens:
            raise OSError(16, "Device or resource busy")

    extra = {} if disk_usage is None else {"disk_usage": disk_usage}
    return run_doctor(config, root=root, env=env or {}, ping=ping, opener=opener,
                      has_module=lambda name: lgpio, exchange=exchange,
                      pin_factory=pin_factory if pin_factory is not None else MockFactory(), **extra)


def by_name(probes):
    return {p.name: p for p in probes}


# -- the whole doctor -------------------------------------------------------------------------------


def test_everything_found_on_a_pi(tmp_path):
    root = fake_pi(tmp_path / "root")
    calls = []
    probes = by_name(doctor(config_for(tmp_path, pads="real", scanner="real", status="real"), root, calls=calls))
    assert probes["board"].detail == "Raspberry Pi 4 Model B Rev 1.5"
    assert probes["display"].status == "found" and "card0" in probes["display"].detail
    assert probes["touchscreen"].status == "found" and "ft5x06" in probes["touchscreen"].detail
    assert probes["CJK font"].status == "ok"
    assert probes["pads"].status == "found"
    assert "0: 17/27/22" in probes["pads"].detail
    for seat in range(4):
        assert probes[f"seat {seat} OLED"].status == "found"
        assert f"channel {seat}" in probes[f"seat {seat} OLED"].detail
    assert probes["dice scanner"].status == "found"
    assert "/dev/dice-scanner -> /dev/ttyACM0" in probes["dice scanner"].detail
    assert probes["status display"].status == "found"
    assert probes["data dir"].status == "ok" and probes["journals"].status == "ok"
    assert exit_code(list(probes.values())) == 0
    # The OLEDs are looked for behind the mux, the status display straight on the bus.
    i2c = str(root / "dev/i2c-1")
    assert ("ping", i2c, 0x3C, 2) in calls and ("ping", i2c, 0x3D, None) in calls
    assert ("open", str(root / "dev/dice-scanner"), 115200) in calls
    report = format_report(list(probes.values()))
    assert "Nothing stops companion from running as configured." in report
    assert "fix:" not in report


def test_nothing_found_in_auto_means_simulated_with_the_fix(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path), root)
    found = by_name(probes)
    for name in ("pads", "seat 0 OLED", "dice scanner", "status display", "touchscreen"):
        assert found[name].status == "simulated", found[name]
        assert found[name].detail.startswith("simulated (no device found): ")
        assert found[name].fix
    assert found["seat 0 OLED"].fix == "enable I2C: sudo raspi-config nonint do_i2c 0 (then reboot)"
    assert found["dice scanner"].fix == (
        "plug in the scanner; check `ls -l /dev/dice-scanner` and the udev rule in systemd/")
    assert found["display"].status == "missing" and found["display"].required
    assert found["CJK font"].status == "missing"
    assert exit_code(probes) == 1, "without a display `companion` stops at once (exit 3)"
    report = format_report(probes)
    assert "fix: enable I2C: sudo raspi-config nonint do_i2c 0" in report
    assert "fix: plug in the scanner; check `ls -l /dev/dice-scanner`" in report
    assert "fix: install a CJK font: sudo apt-get install fonts-wqy-microhei" in report
    assert "1 problem to fix before companion can run as configured: display." in report
    assert "Nothing stops companion" not in report, "the summary agrees with the lines"
    assert "Worth a look: CJK font." in report


def test_with_a_display_and_simulated_devices_nothing_stops_companion(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path), root, env={"WAYLAND_DISPLAY": "wayland-0"})
    assert exit_code(probes) == 0
    report = format_report(probes)
    assert "Nothing stops companion from running as configured; simulated: touchscreen, pads" in report
    assert "Worth a look: CJK font." in report


def test_real_devices_missing_fail_the_doctor(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path, pads="real", scanner="real"), root, env={"DISPLAY": ":0"})
    found = by_name(probes)
    assert found["pads"].status == "missing" and found["pads"].required
    assert found["seat 1 OLED"].status == "missing"
    assert found["dice scanner"].status == "missing"
    assert found["status display"].status == "simulated"  # still auto
    assert exit_code(probes) == 1
    report = format_report(probes)
    assert "6 problems to fix before companion can run as configured: pads, seat 0 OLED" in report
    assert "dice scanner." in report
    assert "fix: plug in the scanner; check `ls -l /dev/dice-scanner` and the udev rule in systemd/" in report


def test_simulated_by_config_probes_nothing(tmp_path):
    root = fake_pi(tmp_path / "root")
    calls = []
    probes = by_name(doctor(config_for(tmp_path, pads="simulated", scanner="simulated", status="simulated"),
                            root, calls=calls))
    assert calls == []
    for name in ("pads", "seat 3 OLED", "dice scanner", "status display"):
        assert probes[name].status == "simulated"
        assert probes[name].detail.startswith("simulated, by config")
        assert probes[name].fix == ""


def test_only_the_real_device_that_is_missing_counts(tmp_path):
    root = fake_pi(tmp_path / "root")
    probes = doctor(config_for(tmp_path, scanner="real"), root, answering=False, opens=False)
    found = by_name(probes)
    assert found["seat 0 OLED"].status == "simulated"  # auto: the twin, with the fix
    assert "nothing answers at 0x3C on /dev/i2c-1 (mux 0x70 channel 0)" in found["seat 0 OLED"].detail
    assert "i2cdetect -y 1" in found["seat 0 OLED"].fix
    assert found["dice scanner"].status == "fail"
    assert "Device or resource busy" in found["dice scanner"].detail
    assert "fuser /dev/dice-scanner" in found["dice scanner"].fix
    assert exit_code(probes) == 1


def test_touchscreen_off_by_config(tmp_path):
    found = by_name(doctor(config_for(tmp_path, touchscreen="off"), fake_pi(tmp_path / "root")))
    assert found["touchscreen"].status == "ok"
    assert "off, by config" in found["touchscreen"].detail


def test_seats_without_oled_are_not_probed(tmp_path):
    config = dataclasses.replace(config_for(tmp_path), devices=DevicesConfig(
        pads=PadsConfig("auto", (SeatConfig(4, 5, 6), SeatConfig(7, 8, 9)))))
    names = [p.name for p in doctor(config, fake_pi(tmp_path / "root"))]
    assert not [n for n in names if n.endswith("OLED")]


def test_config_row_says_where_the_config_came_from(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    missing = dataclasses.replace(config_for(tmp_path), source=tmp_path / "none.toml")
    assert by_name(doctor(missing, root))["config"].detail.endswith("none.toml is not there: all defaults")
    present = touch(tmp_path / "config.toml")
    assert by_name(doctor(dataclasses.replace(missing, source=present), root))["config"].detail == str(present)


# -- data directory and journals --------------------------------------------------------------------


def test_data_dir_not_usable_fails_the_doctor(tmp_path):
    touch(tmp_path / "a-file")
    config = Config(data_dir=str(tmp_path / "a-file" / "data"))
    probes = doctor(config, tmp_path)
    found = by_name(probes)
    assert found["data dir"].status == "fail" and "is not a folder" in found["data dir"].detail
    assert found["journals"].status == "fail"
    assert exit_code(probes) == 1
    assert "problems to fix" in format_report(probes)


def test_data_dir_writable_with_free_space(tmp_path):
    (tmp_path / "data").mkdir()
    probe = detect.probe_data_dir(tmp_path / "data")
    assert probe.status == "ok" and "MB free" in probe.detail
    assert list((tmp_path / "data").iterdir()) == []  # the test file is gone
    assert detect.probe_data_dir(tmp_path / "data", min_free_mb=10**12).status == "fail"
    assert "created at the first game" in detect.probe_data_dir(tmp_path / "new" / "data").detail


SET_UP = [("scorepad.started", '{"players": ["Ann", "Bo"], "seed": 1}')]


def test_journals_are_counted_and_damaged_ones_reported(tmp_path):
    data = tmp_path / "data"
    store = JournalStore(data)
    store.new("scorepad", steps=[SET_UP]).close()
    finished = store.new("scorepad", steps=[SET_UP])
    finished.mark_finished()
    finished.close()
    empty = store.new("scorepad")
    empty.close()
    touch(data / "games" / "broken.journal", "this is not SQLite")
    touch(data / "games" / "old.journal.set-aside-20240101-000000", "kept")
    probe = probe_journals(data)
    assert probe.status == "warn"
    assert probe.detail.startswith(f"2 games in {data / 'games'} (1 unfinished)")
    assert "not companion journals (left as they are, never opened): broken.journal" in probe.detail
    assert f"1 without a set-up step (never resumed): {empty.path.name}" in probe.detail
    assert "1 set aside earlier (kept for rescue by hand): old.journal.set-aside-20240101-000000" in probe.detail
    assert (data / "games" / "broken.journal").exists(), "a check changes nothing"


def test_a_newer_journal_is_refused_and_fails_the_doctor(tmp_path):
    data = tmp_path / "data"
    Journal.create(data / "games" / "future.journal", "scorepad", version="99").close()
    probes = doctor(Config(data_dir=str(data)), tmp_path)
    journals = by_name(probes)["journals"]
    assert journals.status == "fail"
    assert "written by a newer companion: future.journal" in journals.detail
    assert "update companion" in journals.fix
    assert (data / "games" / "future.journal").exists()
    assert exit_code(probes) == 1


def test_no_games_yet(tmp_path):
    assert probe_journals(tmp_path).detail == "no games yet"


# -- single probes ----------------------------------------------------------------------------------


def test_gpio_probe(tmp_path, monkeypatch):
    assert detect.probe_gpio(tmp_path).status == "missing"
    touch(tmp_path / "dev/gpiochip4")
    assert detect.probe_gpio(tmp_path, lambda name: True).status == "found"
    no_lgpio = detect.probe_gpio(tmp_path, lambda name: False)
    assert no_lgpio.status == "fail" and ".[pi]" in no_lgpio.fix
    monkeypatch.setattr(detect, "_can_use", lambda path: False)  # tests often run as root
    no_access = detect.probe_gpio(tmp_path, lambda name: True)
    assert no_access.status == "fail"
    assert no_access.fix.startswith("add yourself to the gpio group: sudo usermod -aG gpio $USER")


def test_i2c_probe(tmp_path, monkeypatch):
    assert detect.probe_i2c(3, 0x3C, root=tmp_path).fix.startswith("add dtoverlay=i2c3 to /boot/firmware/config.txt")
    touch(tmp_path / "dev/i2c-1")
    assert detect.probe_i2c(1, 0x3C, root=tmp_path, ping=lambda *a: True).status == "found"

    def no_smbus(*args):
        raise ImportError("smbus2")

    unchecked = detect.probe_i2c(1, 0x3C, root=tmp_path, ping=no_smbus)
    assert unchecked.status == "found" and "not checked" in unchecked.detail
    monkeypatch.setattr(detect, "_can_use", lambda path: False)
    assert "i2c group" in detect.probe_i2c(1, 0x3C, root=tmp_path).fix


def test_smbus_ping_on_a_file_that_is_no_bus_raises_oserror(tmp_path):
    pytest.importorskip("smbus2")
    with pytest.raises(OSError):
        detect.smbus_ping(str(touch(tmp_path / "i2c-1")), 0x3C)


def test_serial_probe(tmp_path, monkeypatch):
    (tmp_path / "dev").mkdir()
    os.symlink("ttyACM9", tmp_path / "dev/dice-scanner")
    gone = detect.probe_serial("/dev/dice-scanner", root=tmp_path)
    assert gone.status == "missing" and "unplugged" in gone.detail
    touch(tmp_path / "dev/ttyACM9")
    assert detect.probe_serial("/dev/dice-scanner", root=tmp_path, opener=lambda p, b: None).status == "found"
    monkeypatch.setattr(detect, "_can_use", lambda path: False)
    assert "dialout" in detect.probe_serial("/dev/dice-scanner", root=tmp_path).fix


def test_serial_probe_opens_a_real_pty(tmp_path):
    pytest.importorskip("serial")
    master, slave = os.openpty()
    try:
        probe = detect.probe_serial(os.ttyname(slave))
        assert probe.status == "found", probe
    finally:
        os.close(master)
        os.close(slave)


@pytest.mark.parametrize("text, found", [
    (FT5406_64, True), (FT5406_32, True), (RESISTIVE, True), (KEYBOARD_ONLY, False), ("", False),
])
def test_touchscreen_probe(tmp_path, text, found):
    touch(tmp_path / "proc/bus/input/devices", text)
    probe = detect.probe_touchscreen(tmp_path)
    assert probe.status == ("found" if found else "missing")


def test_display_probe(tmp_path):
    assert detect.probe_display({"WAYLAND_DISPLAY": "wayland-0"}, tmp_path).detail == "Wayland session wayland-0"
    assert detect.probe_display({"DISPLAY": ":0"}, tmp_path).status == "found"
    assert detect.probe_display({}, tmp_path).status == "missing"
    touch(tmp_path / "dev/dri/card1")
    assert detect.probe_display({}, tmp_path).detail == "KMS/DRM /dev/dri/card1 (console)"


def test_font_probe(tmp_path):
    assert detect.probe_cjk_font("auto", tmp_path).status == "missing"
    touch(tmp_path / "usr/share/fonts/opentype/other/NotoSansCJKsc-Regular.otf")
    assert detect.probe_cjk_font("auto", tmp_path).status == "ok"
    wrong = detect.probe_cjk_font(str(tmp_path / "nope.ttf"), tmp_path)
    assert wrong.status == "fail" and "NotoSansCJKsc-Regular.otf" in wrong.detail
    mine = touch(tmp_path / "mine.ttf")
    assert detect.probe_cjk_font(str(mine), tmp_path).detail == f"{mine} (from the config)"


def test_probe_rejects_unknown_status():
    with pytest.raises(ValueError):
        Probe("x", "fine", "")


def test_report_lists_every_check_with_its_fix_below():
    probes = [Probe("data dir", "ok", "/d"), Probe("dice scanner", "missing", "no /dev/x", "plug it in", required=True)]
    assert format_report(probes).splitlines() == [
        "companion doctor",
        "",
        "  check         status   detail",
        "  data dir      ok       /d",
        "  dice scanner  missing  no /dev/x",
        "                         fix: plug it in",
        "",
        "1 problem to fix before companion can run as configured: dice scanner.",
    ]
    assert exit_code(probes) == 1
    assert exit_code(probes[:1]) == 0


def test_detect_imports_nothing_from_companion():
    import ast

    tree = ast.parse(Path(detect.__file__).read_text(encoding="utf-8"))
    modules = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    modules |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not [m for m in modules if m.split(".")[0] == "companion"]


# -- the pads' pins ---------------------------------------------------------------------------------


class GroundedPin(MockPin):
    """A pin whose wire touches ground (or whose button is held): the pull-up cannot lift it."""

    def _set_pull(self, value):
        super()._set_pull(value)
        self.drive_low()


def test_every_seats_pins_are_claimed_and_let_go(tmp_path):
    factory = MockFactory()
    found = by_name(doctor(config_for(tmp_path, pads="real"), fake_pi(tmp_path / "root"), pin_factory=factory))
    for seat, pins in enumerate(("17/27/22", "5/6/13", "19/26/12", "23/24/25")):
        row = found[f"seat {seat} buttons"]
        assert row.status == "found" and row.detail == f"GPIO {pins} free, none pressed"
    # Let go again: the app (or a second doctor) can claim every pin.
    for pin in (17, 27, 22, 25):
        Button(pin, pin_factory=factory).close()


def test_a_pin_held_elsewhere_fails_with_what_to_do(tmp_path):
    factory = MockFactory()
    held = Button(27, pin_factory=factory)  # as a running companion holds its pins
    try:
        probes = doctor(config_for(tmp_path, pads="real"), fake_pi(tmp_path / "root"), pin_factory=factory)
    finally:
        held.close()
    row = by_name(probes)["seat 0 buttons"]
    assert row.status == "fail" and row.required
    assert row.detail.startswith("GPIO 27 (plus) cannot be claimed: pin GPIO27 is already in use")
    assert "sudo systemctl stop companion" in row.fix
    assert by_name(probes)["seat 1 buttons"].status == "found"
    assert exit_code(probes) == 1
    assert "seat 0 buttons" in format_report(probes).splitlines()[-1]


def test_a_held_pin_in_auto_mode_means_the_keyboard_stands_in(tmp_path):
    factory = MockFactory()
    held = Button(5, pin_factory=factory)
    try:
        probes = doctor(config_for(tmp_path), fake_pi(tmp_path / "root"), pin_factory=factory)
    finally:
        held.close()
    row = by_name(probes)["seat 1 buttons"]
    assert row.status == "simulated" and "GPIO 5 (minus) cannot be claimed" in row.detail
    assert exit_code(probes) == 0


def test_a_pin_that_reads_pressed_is_a_warning(tmp_path):
    factory = MockFactory()
    factory.pin(22, pin_class=GroundedPin)
    probes = doctor(config_for(tmp_path, pads="real"), fake_pi(tmp_path / "root"), pin_factory=factory)
    row = by_name(probes)["seat 0 buttons"]
    assert row.status == "warn"
    assert row.detail == "GPIO 17/27/22 free, but GPIO 22 (ok) reads pressed with nobody pressing"
    assert exit_code(probes) == 0
    assert "Worth a look: seat 0 buttons." in format_report(probes)


def test_gpio_that_cannot_be_opened_is_said_on_every_seat(tmp_path, monkeypatch):
    @contextlib.contextmanager
    def no_chip():
        raise OSError(13, "Permission denied", "/dev/gpiochip0")
        yield

    monkeypatch.setattr(detect, "lgpio_factory", no_chip)
    root = fake_pi(tmp_path / "root")
    probes = run_doctor(config_for(tmp_path, pads="real"), root=root, env={}, ping=lambda *a: True,
                        opener=lambda *a: None, has_module=lambda name: True,
                        exchange=lambda *a: ([HELLO], 0))
    rows = [p for p in probes if p.name.endswith("buttons")]
    assert len(rows) == 4 and all(p.status == "fail" for p in rows)
    assert "the GPIO chip cannot be opened: [Errno 13] Permission denied" in rows[0].detail
    assert exit_code(probes) == 1


def test_pins_are_not_claimed_without_a_gpio_chip(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    names = [p.name for p in doctor(config_for(tmp_path), root)]
    assert not [n for n in names if n.endswith("buttons")]


def test_lgpio_is_opened_in_a_scratch_folder_and_closed(tmp_path, monkeypatch):
    # lgpio makes its notification pipe in the working directory and fails where it cannot.
    seen = {}

    class FakeLGPIOFactory:
        def __init__(self):
            seen["cwd"] = os.getcwd()
            Path(".lgd-nfy0").write_text("")  # what lgpio does at import
            self.closed = False

        def close(self):
            self.closed = True

    module = types.ModuleType("gpiozero.pins.lgpio")
    module.LGPIOFactory = FakeLGPIOFactory
    monkeypatch.setitem(sys.modules, "gpiozero.pins.lgpio", module)
    monkeypatch.chdir(tmp_path)
    with detect.lgpio_factory() as factory:
        assert os.getcwd() != str(tmp_path)
    assert factory.closed and os.getcwd() == str(tmp_path)
    assert not Path(seen["cwd"]).exists() and not list(tmp_path.iterdir())


# -- the scanner's handshake ------------------------------------------------------------------------


@contextlib.contextmanager
def pty_scanner(answer):
    """A pseudo-terminal playing the scanner: `answer(request_line)` gives the bytes it sends back."""
    master, slave = os.openpty()
    tty.setraw(master)
    tty.setraw(slave)
    stop = threading.Event()

    def device():
        buffer = b""
        while not stop.is_set():
            ready, _, _ = select.select([master], [], [], 0.02)
            if not ready:
                continue
            try:
                buffer += os.read(master, 256)
            except OSError:
                return
            while b"\n" in buffer:
                line, buffer = buffer.split(b"\n", 1)
                os.write(master, answer(line + b"\n"))

    thread = threading.Thread(target=device, daemon=True)
    thread.start()
    try:
        yield os.ttyname(slave)
    finally:
        stop.set()
        thread.join(TIMEOUT)  # it stops within 20 ms; its descriptors are closed only once it has
        assert not thread.is_alive()  # (a number closed under it could be another test's file by then)
        os.close(master)
        os.close(slave)


def test_the_scanner_answers_hello_over_a_real_serial_port():
    pytest.importorskip("serial")
    requests = []

    def answer(line):
        requests.append(line)
        return b"$K,3F2A9C01,7*0000\r\n" + format_frame(HELLO) if line == format_frame(HelloRequest()) else b""

    with pty_scanner(answer) as port:
        # The exchange ends when the hello comes: its bound is only a failure limit here.
        probe = detect.probe_scanner_handshake(port, 115200,
                                               exchange=lambda path, baud: detect.scanner_exchange(path, baud, TIMEOUT))
    assert requests == [b"$Q*AB24\r\n"]
    assert probe.status == "ok"
    assert probe.detail == "hello: firmware tray-0.4.2, protocol 1, boot 3F2A9C01, heartbeat 1000 ms"


def test_a_silent_device_fails_the_handshake():
    pytest.importorskip("serial")
    with pty_scanner(lambda line: b"") as port:
        probe = detect.probe_scanner_handshake(port, exchange=lambda path, baud: detect.scanner_exchange(path, baud, 0.2))
    assert probe.status == "fail" and probe.detail == f"no answer from {port} to the hello request"
    assert probe.fix.endswith(f"watch what it sends: scanner-monitor {port}")


@pytest.mark.parametrize("received, noise, status, words", [
    ([Hello(2, "3F2A9C01", "tray-9", 1000)], 0, "fail", "it speaks protocol 2; this companion reads protocol 1"),
    ([ChecksumError("bad crc")], 0, "fail", "answers, but not in companion's protocol (1 damaged line, no hello)"),
    ([], 37, "fail", "(37 bytes of noise, no hello)"),
    ([Heartbeat("3F2A9C01", 7)], 0, "warn", "sends frames but did not answer the hello request"),
])
def test_handshake_outcomes(received, noise, status, words):
    probe = detect.probe_scanner_handshake("/dev/dice-scanner", exchange=lambda path, baud: (received, noise))
    assert probe.status == status and words in probe.detail and probe.fix


def test_the_doctor_shakes_hands_only_with_a_port_that_is_there(tmp_path):
    calls = []
    root = fake_pi(tmp_path / "root")
    found = by_name(doctor(config_for(tmp_path, scanner="real"), root, calls=calls))
    assert found["scanner handshake"].status == "ok" and found["scanner handshake"].required
    assert ("hello", str(root / "dev/dice-scanner"), 115200) in calls
    failing = doctor(config_for(tmp_path, scanner="real"), root, received=())
    assert by_name(failing)["scanner handshake"].status == "fail" and exit_code(failing) == 1
    empty = tmp_path / "empty"
    empty.mkdir()
    assert "scanner handshake" not in by_name(doctor(config_for(tmp_path), empty))


def test_a_missing_scanner_names_the_usb_serial_ports_there_are(tmp_path):
    root = tmp_path / "root"
    usb = root / "sys/devices/platform/scb/fd500000.pcie/usb1/1-1"
    touch(usb / "idVendor", "303a\n")
    touch(usb / "idProduct", "1001\n")
    (usb / "1-1:1.0").mkdir()
    (root / "sys/class/tty/ttyACM0").mkdir(parents=True)
    os.symlink("../../../devices/platform/scb/fd500000.pcie/usb1/1-1/1-1:1.0", root / "sys/class/tty/ttyACM0/device")
    touch(root / "dev/ttyACM0")
    touch(root / "dev/ttyUSB3")  # no sysfs entry: named without IDs
    probe = detect.probe_serial("/dev/dice-scanner", name="dice scanner", root=root)
    assert probe.status == "missing"
    assert probe.detail == "no /dev/dice-scanner; USB serial ports here: /dev/ttyACM0 (USB 303a:1001), /dev/ttyUSB3"
    assert "sudo bash systemd/install.sh --scanner-id 303a:1001" in probe.fix


# -- data directory, journals, udev -----------------------------------------------------------------


def test_little_free_space_warns_and_almost_none_fails(tmp_path):
    (tmp_path / "data").mkdir()

    def free(mb):
        return lambda path: types.SimpleNamespace(free=mb * 1024 * 1024)

    warn = detect.probe_data_dir(tmp_path / "data", disk_usage=free(300))
    assert warn.status == "warn" and "300 MB free, less than 500 MB" in warn.detail and "apt-get clean" in warn.fix
    assert detect.probe_data_dir(tmp_path / "data", disk_usage=free(20)).status == "fail"
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path), root, disk_usage=free(300), env={"DISPLAY": ":0"})
    assert by_name(probes)["data dir"].status == "warn" and by_name(probes)["journals"].status == "ok"
    assert exit_code(probes) == 0


def damaged_journal(games: Path) -> Path:
    journal = Journal.create(games / "20250101-120000-000000-scorepad.journal", "scorepad")
    for points in range(200):
        journal.append([("PointsAdded", '{"seat": 1, "points": %d, "note": "%s"}' % (points, "x" * 50))])
    journal.close()
    data = bytearray(journal.path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[2 * page + 8: 2 * page + 200] = b"\x55" * 192  # a b-tree page's cells point nowhere now
    journal.path.write_bytes(bytes(data))
    return journal.path


def test_a_damaged_journal_fails_naming_it_and_stays_where_it_is(tmp_path):
    data = tmp_path / "data"
    JournalStore(data).new("scorepad", steps=[SET_UP]).close()
    damaged = damaged_journal(data / "games")
    before = damaged.read_bytes()
    for _ in range(2):  # the same answer until someone acts
        probes = doctor(Config(data_dir=str(data)), tmp_path)
        journals = by_name(probes)["journals"]
        assert journals.status == "fail" and exit_code(probes) == 1
        assert f"damaged: {damaged.name}: the database is damaged (" in journals.detail
        assert "\n" not in journals.detail and journals.detail.startswith("1 game in ")
        assert f"sqlite3 {damaged} .recover" in journals.fix and "companion replay" in journals.fix
        assert damaged.read_bytes() == before


def test_udev_rules_are_looked_for_on_a_pi_only(tmp_path):
    root = fake_pi(tmp_path / "root")
    assert by_name(doctor(config_for(tmp_path), root))["udev rules"].status == "ok"
    (root / "etc/udev/rules.d/70-companion.rules").unlink()
    probes = doctor(config_for(tmp_path), root)
    assert by_name(probes)["udev rules"].status == "warn"
    assert by_name(probes)["udev rules"].fix.startswith("install the kiosk's files: sudo bash systemd/install.sh")
    assert exit_code(probes) == 0
    laptop = tmp_path / "laptop"
    laptop.mkdir()
    assert "udev rules" not in by_name(doctor(config_for(tmp_path), laptop))


def test_any_failed_check_fails_the_doctor(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path, font=str(tmp_path / "gone.ttf")), root)
    assert by_name(probes)["CJK font"].status == "fail" and not by_name(probes)["CJK font"].required
    assert exit_code(probes) == 1
    assert exit_code([Probe("x", "warn", "w"), Probe("y", "skip", "s"), Probe("z", "missing", "m")]) == 0


def snapshot(directory: Path) -> dict[str, tuple[bytes, int]]:
    return {str(p.relative_to(directory)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in sorted(directory.rglob("*")) if p.is_file()}


def test_the_doctor_changes_nothing_on_disk_whatever_the_folder_holds(tmp_path):
    """A check must change nothing: every kind of file left exactly as it was, byte for byte."""
    import sqlite3

    data = tmp_path / "data"
    store = JournalStore(data)
    store.new("scorepad", steps=[SET_UP]).close()
    open_game = store.new("scorepad", steps=[SET_UP])
    open_game.append([("scorepad.points", '{"seat": 0, "points": 2}')])  # open: its -wal and -shm beside it
    store.new("scorepad").close()  # no set-up step
    games = data / "games"
    touch(games / "notes.journal", "shopping list")
    damaged = damaged_journal(games)
    with Journal.create(games / "20990101-000000-000000-scorepad.journal", "scorepad", steps=[SET_UP]) as newer:
        newer.set_meta("version", "99")
    touch(games / ".20250101-000000-000000-scorepad.journal.new", "SQLite format 3\0")
    touch(games / "gone.journal-wal", "orphan")
    touch(games / "20240101-000000-000000-scorepad.journal", "")
    conn = sqlite3.connect(games / "flipped.journal")
    conn.execute("CREATE TABLE t(x)")
    conn.close()
    before = snapshot(data)
    probes = doctor(Config(data_dir=str(data)), tmp_path, env={"DISPLAY": ":0"})
    journals = by_name(probes)["journals"]
    assert journals.status == "fail" and damaged.name in journals.detail
    assert snapshot(data) == before, "not a byte, not a name, not a time changed"
    open_game.close()


def test_the_doctor_names_the_companion_that_owns_the_data_directory(tmp_path):
    from companion.core.owner import TableLock

    data = tmp_path / "data"
    JournalStore(data).new("scorepad", steps=[SET_UP]).close()
    with TableLock.acquire(data):
        assert f"in use by companion (pid {os.getpid()}) now" in probe_journals(data).detail
    assert "in use by" not in probe_journals(data).detail


def test_a_game_closed_from_home_is_not_counted_unfinished(tmp_path):
    data = tmp_path / "data"
    store = JournalStore(data)
    for _ in range(2):
        store.new("scorepad", steps=[SET_UP]).close()
    closed = next(iter(store.list())).path
    store.close_game(closed)
    journals = by_name(doctor(Config(data_dir=str(data)), tmp_path, env={"DISPLAY": ":0"}))["journals"]
    assert "2 games in " in journals.detail and "(1 unfinished)" in journals.detail, journals.detail


def test_the_doctor_says_plainly_when_speech_is_off_by_the_setting_and_what_is_missing(tmp_path):
    """[devices.speech] enabled = false: one row saying so (not "no espeak-ng"); on, without
    espeak-ng or an audio device, the rows say which is missing. Neither is ever a fault."""
    from companion.config import SpeechConfig
    from hardware.speech.espeak import EspeakNG

    root = fake_pi(tmp_path / "root")
    off = Config(data_dir=str(tmp_path / "data"), devices=DevicesConfig(speech=SpeechConfig(enabled=False)))
    rows = {p.name: p for p in doctor(off, root)}
    assert rows["speech"].status == "ok" and rows["speech"].detail.startswith("off, by setting")
    assert "enabled = false" in rows["speech"].detail and "audio out" not in rows
    on = run_doctor(config_for(tmp_path), root=root, env={}, ping=lambda *a: True, opener=lambda *a: None,
                    has_module=lambda name: True, exchange=lambda *a: ([HELLO], 0), pin_factory=MockFactory(),
                    speech=EspeakNG(which=lambda name: None))
    rows = {p.name: p for p in on}
    assert "no espeak-ng" in rows["speech"].detail and not rows["speech"].is_problem
    assert rows["audio out"].status == "ok" and rows["audio out"].detail.startswith("none")
    assert "speech" in format_report(on) and exit_code(on) == exit_code(
        [p for p in on if p.name not in ("speech", "audio out")]), "speech never changes the exit code"


def test_every_row_of_the_doctor_is_said_in_chinese_with_no_english_word_left(tmp_path, monkeypatch):
    """Every detail and fix the probes and the doctor say, in the situations a table meets (all
    found on a Pi, a pin pressed, nothing found, devices required and missing, unusable nodes,
    a scanner speaking another protocol, noise, silence, a port elsewhere, little space, a font
    that is gone, no udev rules): each row in both Chinese scripts, no English word left in it
    (paths, commands and file names as they are), and the English report as before."""
    from companion.ui.text.i18n import set_language
    from tests.english_words import english_left

    def free(mb):
        return lambda path: types.SimpleNamespace(free=mb * 1024 * 1024)

    pi = fake_pi(tmp_path / "pi")
    bare = tmp_path / "bare"
    bare.mkdir()
    factory = MockFactory()
    factory.pin(22, pin_class=GroundedPin)
    reports = [doctor(config_for(tmp_path, pads="real", scanner="real", status="real"), pi, pin_factory=factory),
               doctor(config_for(tmp_path, pads="real", scanner="real", font=str(tmp_path / "gone.ttf")), bare,
                      disk_usage=free(300)),
               doctor(config_for(tmp_path), bare, env={"WAYLAND_DISPLAY": "wayland-0"}),
               doctor(config_for(tmp_path, scanner="real"), pi, received=(Hello(2, "B", "tray-9", 500),),
                      env={"DISPLAY": ":0"}),
               doctor(config_for(tmp_path, scanner="real"), pi, received=(ChecksumError("bad crc"),)),
               doctor(config_for(tmp_path, scanner="real"), pi, received=(), opens=True)]
    (pi / "etc/udev/rules.d/70-companion.rules").unlink()
    reports.append(doctor(config_for(tmp_path, pads="real"), pi, answering=False, disk_usage=free(20)))
    monkeypatch.setattr(detect, "_can_use", lambda path: False)  # tests often run as root
    reports.append([detect.probe_gpio(pi, lambda name: True), detect.probe_i2c(1, 0x3C, root=pi),
                    detect.probe_serial("/dev/ttyACM0", root=pi), detect.probe_display({}, pi),
                    detect.probe_data_dir(tmp_path / "nowhere" / "data"),
                    detect.probe_gpio(pi, lambda name: False)])
    monkeypatch.undo()
    reports.append([detect.probe_serial("/dev/dice-scanner", root=bare), detect.probe_i2c(4, 0x3C, root=bare),
                    detect.probe_i2c(9, 0x3C, root=bare)])
    english = "\n".join(format_report(probes) for probes in reports)
    assert "GPIO 17/27/22 free, but GPIO 22 (ok) reads pressed with nobody pressing" in english
    assert "it speaks protocol 2; this companion reads protocol 1 (firmware tray-9)" in english
    try:
        for language in ("zh-Hans", "zh-Hant"):
            set_language(language)
            for probes in reports:
                report = format_report(probes)
                for line in report.split("\n")[3:]:
                    assert not english_left(line), (language, english_left(line), line)
    finally:
        set_language("en")
    assert english_left(english), "the check would see English if it were left"
