"""`companion doctor` and the probes under it, against a fake /dev and /proc tree in tmp_path."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from companion.config import Config, DevicesConfig, PadsConfig, ScannerConfig, SeatConfig, StatusDisplayConfig, TouchscreenConfig
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.doctor import exit_code, format_report, probe_journals, run_doctor
from hardware import detect
from hardware.detect import Probe

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


def doctor(config: Config, root: Path, *, answering=True, opens=True, lgpio=True, env=None, calls=None):
    def ping(device, address, channel):
        if calls is not None:
            calls.append(("ping", device, address, channel))
        return answering

    def opener(path, baud):
        if calls is not None:
            calls.append(("open", path, baud))
        if not opens:
            raise OSError(16, "Device or resource busy")

    return run_doctor(config, root=root, env=env or {}, ping=ping, opener=opener,
                      has_module=lambda name: lgpio)


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
    assert found["display"].status == "missing"
    assert found["CJK font"].status == "missing"
    assert exit_code(probes) == 0
    report = format_report(probes)
    assert "fix: enable I2C: sudo raspi-config nonint do_i2c 0" in report
    assert "fix: plug in the scanner; check `ls -l /dev/dice-scanner`" in report
    assert "fix: install a CJK font: sudo apt-get install fonts-wqy-microhei" in report
    assert "Worth a look: display, CJK font." in report


def test_real_devices_missing_fail_the_doctor(tmp_path):
    root = tmp_path / "root"
    root.mkdir()
    probes = doctor(config_for(tmp_path, pads="real", scanner="real"), root)
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


def test_journals_are_counted_and_damaged_ones_reported(tmp_path):
    data = tmp_path / "data"
    store = JournalStore(data)
    store.new("scorepad").close()
    finished = store.new("scorepad")
    finished.mark_finished()
    finished.close()
    touch(data / "games" / "broken.journal", "this is not SQLite")
    touch(data / "games" / "old.journal.set-aside-20240101-000000", "kept")
    probe = probe_journals(data)
    assert probe.status == "ok"
    assert probe.detail.startswith(f"2 games in {data / 'games'} (1 unfinished)")
    assert "set aside now: broken.journal (not a companion journal" in probe.detail
    assert "1 set aside earlier (kept for rescue by hand): old.journal.set-aside-20240101-000000" in probe.detail
    assert not (data / "games" / "broken.journal").exists()


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
