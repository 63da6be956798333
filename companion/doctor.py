"""`companion doctor`: each device found, simulated or missing, with the fix; data and journals usable.

The probes (`hardware.detect`) only say what is there. Here the config decides what that means:

- mode "simulated": the twin is used and nothing is probed ("simulated, by config");
- mode "auto": a device found is used; otherwise the twin, and the fix that would make it real;
- mode "real": a device not found is a problem ("missing" or "fail"), and the exit code says so.

The data directory and the journals in it are always required. A display, a touchscreen and a CJK
font are reported with their fixes but never fail the doctor: the app says so itself when it starts.
Everything the probes touch is injectable (`root` for /dev and /proc, `ping` for I2C, `opener`
for serial ports), so tests run the doctor against a fake tree.
"""

from __future__ import annotations

import dataclasses
import os
import sqlite3
from pathlib import Path
from typing import Callable, Mapping, Sequence

from companion.config import Config
from companion.core.store import SUFFIX, JournalStore
from hardware import detect
from hardware.detect import FAIL, FOUND, MISSING, OK, SIMULATED, Probe


def _apply_mode(mode: str, name: str, probe: Callable[[], Probe], twin: str) -> Probe:
    """The config's view of one device probe; `twin` says what stands in when it is simulated."""
    if mode == "simulated":
        return Probe(name, SIMULATED, f"simulated, by config: {twin}")
    raw = probe()
    if raw.status in (FOUND, OK):
        return Probe(name, FOUND, raw.detail, required=mode == "real")
    if mode == "real":
        return Probe(name, raw.status, raw.detail, raw.fix, required=True)
    why = "no device found" if raw.status == MISSING else "device not usable"
    return Probe(name, SIMULATED, f"simulated ({why}): {raw.detail}; {twin}", raw.fix)


def _seat_pins(config: Config) -> str:
    seats = config.devices.pads.seats
    pins = "; ".join(f"{i}: {s.minus}/{s.plus}/{s.ok}" for i, s in enumerate(seats))
    return f"{len(seats)} seats, GPIO −/+/ok {pins}" if seats else "no seats configured"


def probe_journals(data_dir: Path) -> Probe:
    """Opens every journal as the app would (`JournalStore.list`), so a damaged one is set aside
    now, as at the app's next start; counts games and names what was set aside or refused."""
    games = data_dir / "games"
    if not games.exists():
        return Probe("journals", OK, "no games yet", required=True)
    if not games.is_dir() or not os.access(games, os.R_OK | os.W_OK | os.X_OK):
        return Probe("journals", FAIL, f"{games} is not a folder you can read and write",
                     f"make it yours: sudo chown -R $USER {data_dir}", required=True)
    store = JournalStore(data_dir)
    try:
        infos = store.list()
    except (OSError, sqlite3.Error) as exc:
        return Probe("journals", FAIL, f"the journals in {games} cannot be read: {exc}",
                     f"check the files' owner and permissions: ls -l {games}", required=True)
    unfinished = sum(1 for info in infos if not info.finished)
    detail = f"{len(infos)} game{'s' * (len(infos) != 1)} in {games} ({unfinished} unfinished)"
    moved_now = {entry.moved_to.name for entry in store.set_aside}
    if store.set_aside:
        detail += "; set aside now: " + ", ".join(f"{e.original.name} ({e.reason})" for e in store.set_aside)
    earlier = [p.name for p in sorted(games.glob(f"*{SUFFIX}.set-aside-*"))
               if not p.name.endswith(("-wal", "-shm")) and p.name not in moved_now]
    if earlier:
        detail += f"; {len(earlier)} set aside earlier (kept for rescue by hand): " + ", ".join(earlier)
    if store.refused:
        names = ", ".join(Path(exc.path).name for exc in store.refused)
        return Probe("journals", FAIL, f"{detail}; refused, written by a newer companion: {names}",
                     "update companion to open them (they were left untouched)", required=True)
    return Probe("journals", OK, detail, required=True)


def run_doctor(
    config: Config,
    *,
    root: str | os.PathLike[str] = "/",
    env: Mapping[str, str] | None = None,
    ping: Callable[[str, int, int | None], bool] = detect.smbus_ping,
    opener: Callable[[str, int], None] = detect.serial_open,
    has_module: Callable[[str], bool] = detect.has_module_installed,
    font_dirs: Sequence[str | os.PathLike[str]] = (),
) -> list[Probe]:
    """Every check, in the order a person setting up a table would go through them."""
    devices = config.devices
    probes: list[Probe] = []

    source = config.source
    if source is None:
        probes.append(Probe("config", OK, "built-in defaults"))
    elif config.is_file_present:
        probes.append(Probe("config", OK, str(source)))
    else:
        probes.append(Probe("config", OK, f"{source} is not there: all defaults"))
    model = detect.probe_raspberry_pi(root)
    probes.append(Probe("board", OK, model or "not a Raspberry Pi: in mode \"auto\" the devices are simulated"))

    probes.append(detect.probe_display(env, root))
    touch = devices.touchscreen.mode
    if touch == "off":
        probes.append(Probe("touchscreen", OK, "off, by config (touch input is ignored)"))
    else:
        probes.append(_apply_mode("auto", "touchscreen", lambda: detect.probe_touchscreen(root), "the mouse stands in"))
    probes.append(detect.probe_cjk_font(config.font, root, font_dirs))

    pads = devices.pads
    gpio = _apply_mode(pads.mode, "pads", lambda: detect.probe_gpio(root, has_module), "keyboard keys stand in")
    if gpio.status == FOUND:
        gpio = dataclasses.replace(gpio, detail=f"{gpio.detail}; {_seat_pins(config)}")
    probes.append(gpio)
    for i, seat in enumerate(pads.seats):
        if seat.oled is None:
            continue
        oled = seat.oled
        probes.append(_apply_mode(
            pads.mode, f"seat {i} OLED",
            lambda oled=oled, i=i: detect.probe_i2c(oled.bus, oled.address, oled.mux_channel,
                                                    name=f"seat {i} OLED", root=root, ping=ping),
            "a private panel on screen stands in",
        ))

    scanner = devices.scanner
    probes.append(_apply_mode(
        scanner.mode, "dice scanner",
        lambda: detect.probe_serial(scanner.port, scanner.baud, name="dice scanner", root=root, opener=opener),
        "a simulated scanner on a pseudo-terminal stands in",
    ))
    status = devices.status_display
    probes.append(_apply_mode(
        status.mode, "status display",
        lambda: detect.probe_i2c(status.bus, status.address, name="status display", root=root, ping=ping),
        "its picture is shown on screen instead",
    ))

    data_dir = config.data_path()
    data = detect.probe_data_dir(data_dir)
    probes.append(dataclasses.replace(data, required=True))
    probes.append(probe_journals(data_dir) if data.status == OK else
                  Probe("journals", FAIL, "not checked: the data directory is not usable", data.fix, required=True))
    return probes


def exit_code(probes: Sequence[Probe]) -> int:
    """0, unless a device configured "real" is missing or unusable, or the data directory or the
    journals cannot be used: then 1."""
    return 1 if any(p.is_problem for p in probes) else 0


def format_report(probes: Sequence[Probe]) -> str:
    """A plain-text table, one check per row, each fix on its own line below its check."""
    name_width = max([len("check")] + [len(p.name) for p in probes])
    status_width = max([len("status")] + [len(p.status) for p in probes])
    indent = " " * (2 + name_width + 2 + status_width + 2)
    lines = ["companion doctor", "", f"  {'check':<{name_width}}  {'status':<{status_width}}  detail"]
    for p in probes:
        lines.append(f"  {p.name:<{name_width}}  {p.status:<{status_width}}  {p.detail}".rstrip())
        if p.fix:
            lines.append(f"{indent}fix: {p.fix}")
    lines.append("")
    problems = [p for p in probes if p.is_problem]
    if problems:
        names = ", ".join(p.name for p in problems)
        lines.append(f"{len(problems)} problem{'s' * (len(problems) != 1)} to fix before companion can run "
                     f"as configured: {names}.")
    else:
        simulated = [p.name for p in probes if p.status == SIMULATED]
        lines.append("Nothing stops companion from running as configured"
                     + (f"; simulated: {', '.join(simulated)}." if simulated else "."))
    advice = [p.name for p in probes if not p.required and p.status in (MISSING, FAIL)]
    if advice:
        lines.append(f"Worth a look: {', '.join(advice)}.")
    return "\n".join(lines)
