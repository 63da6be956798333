"""Which pads to open: real GPIO pads or their twins, decided from `[devices.pads]` before the
window opens. Light on purpose (no Pillow, luma or gpiozero): the composition root plans before the
first frame and hands the plan to the app, which calls its `open` after it (`companion.wiring.pads`
opens the devices, docs there). The app is given what to call; it never chooses a device."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from companion.config import SeatConfig
from companion.presenters.game import Presenters
from companion.presenters.pad_screens import PadWords
from hardware.detect import FOUND, Probe, probe_gpio

if TYPE_CHECKING:  # the devices load when the pads open, not when the CLI plans them
    from companion.wiring.seat_feed import SeatScreens, SeatSource

REAL, SIMULATED, AUTO = "real", "simulated", "auto"
MODES = (AUTO, REAL, SIMULATED)


@dataclasses.dataclass(frozen=True)
class PadPlan:
    """What `open_pad_devices` opens. `mode`: "real" or "simulated" (auto already decided);
    `fallback`: real pads whose failures bring up their twin (mode "auto"); `reason`: one line
    for the log and the maker ("simulated: no /dev/gpiochip0 or /dev/gpiochip4")."""

    mode: str
    seats: tuple[SeatConfig, ...]
    png_dir: Path | None = None
    fallback: bool = False
    reason: str = ""

    @property
    def pad_count(self) -> int:
        return len(self.seats)

    def open(self, session: "SeatSource", report: Callable[[object], None], *, words: Callable[[], PadWords],
             presenters: Presenters, on_image: Callable[[int, Any], None] | None = None,
             on_peek: Callable[[int, bool], None] | None = None) -> "SeatScreens":
        """Opens these pads (`open_pad_devices`: facts through `report`, twin images to `on_image`,
        peeks to `on_peek`) and the feed that keeps their displays in step with `session` (a
        `SeatScreens`, whose `devices` they are; the caller makes `feed.update` a session
        listener). The app calls this after its first frame."""
        from companion.wiring.pads import open_pad_devices
        from companion.wiring.seat_feed import SeatScreens

        devices = open_pad_devices(self, report, on_image=on_image, on_peek=on_peek)
        return SeatScreens(session, devices, words=words, presenters=presenters)


def plan_pads(config: Any, *, mode: str | None = None, png_dir: str | Path | None = None,
              probe: Callable[[], Probe] = probe_gpio) -> PadPlan:
    """Decides real or simulated for `config` (a `companion.config.PadsConfig`); `mode` overrides
    the config's. Only "auto" looks at the machine (`probe`, the doctor's GPIO check)."""
    chosen = mode or config.mode
    source = "by the command line" if mode else "by config"
    if chosen not in MODES:
        raise ValueError(f"pads mode must be one of {', '.join(MODES)}, not {chosen!r}")
    seats = tuple(config.seats)
    png = None if png_dir is None else Path(png_dir)
    if chosen == SIMULATED:
        return PadPlan(SIMULATED, seats, png, reason=f"simulated, {source}")
    if chosen == REAL:
        return PadPlan(REAL, seats, png, reason=f"real, {source}")
    found = probe()
    if found.status == FOUND:
        return PadPlan(REAL, seats, png, fallback=True, reason=f"real: {found.detail}")
    return PadPlan(SIMULATED, seats, png, reason=f"simulated: {found.detail}")
