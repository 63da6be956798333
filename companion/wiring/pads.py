"""The handheld pads of `[devices.pads]`, opened: real GPIO buttons and OLEDs, or their twins.

Two steps, so the choice is pure and the opening is one call (the app makes it, as `plan.open`,
which also makes the devices' `SeatScreens` feed):

    plan = plan_pads(config.devices.pads, mode=args.pads, png_dir=runtime_dir / "pads")   # the CLI
    devices = open_pad_devices(plan, bridge.post, on_image=panels.image, on_peek=panels.peek)
    devices.show(pad, screen)    # main thread: each display's screen, written on a writer thread
    devices.interrupt()          # at a reveal or phase change: a held + stops repeating
    devices.close()              # buttons, timer, writers, displays (cleared), multiplexers

Modes (config `mode`, or `companion --pads`):

- "simulated": the keyboard twin (`KeyboardPads`, keys in docs/hardware.md) and a simulated OLED
  per pad (`SimulatedOled`: its image to `on_image` for the private panels, and a PNG per pad in
  `png_dir`);
- "real": a gpiozero `Pad` per configured seat (one `ThreadScheduler` wakes them all) and the real
  OLED of each seat that has one (`open_pad_displays`). What fails is reported as a
  `DeviceStatus` and the game goes on without it; nothing stands in ("real" means real);
- "auto": "real" when the GPIO chip is there (`hardware.detect.probe_gpio`), else "simulated". With
  real pads, a pad whose buttons cannot claim their pins or whose display is missing or stops
  answering gets its twin: its keyboard keys and its private panel start working (docs/hardware.md:
  "its simulated twin stands in"); a display that comes back takes over again.

Pad numbers are the config's seat order (pad k = `[[devices.pads.seats]]` k, from 0): the
`ButtonPressed.pad` a pad reports; the session maps pads to the open game's seats.

Nothing here touches Kivy: `report`, `on_image` and `on_peek` are plain callables (the bridge's
`post` is thread-safe; `on_image` runs on a writer thread, `on_peek` on the thread that feeds keys).
"""

from __future__ import annotations

import dataclasses
import logging
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

from companion.config import SeatConfig
from companion.wiring.pad_plan import AUTO, MODES, REAL, SIMULATED, PadPlan, plan_pads
from hardware.facts import DeviceStatus
from hardware.handheld.clock import Scheduler, ThreadScheduler
from hardware.handheld.keyboard import MAX_SEATS, KeyboardPads
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.oled import OledTarget, PadDisplay, Tca9548a, open_pad_displays
from hardware.handheld.screen import PadScreen
from hardware.handheld.twins import SimulatedOled, open_simulated_displays
from hardware.handheld.writer import DisplayWriter

log = logging.getLogger("companion.pads")

def oled_target(seat: SeatConfig) -> OledTarget | None:
    """The config's OLED of a seat as the display adapter takes it (None: the seat has none)."""
    if seat.oled is None:
        return None
    o = seat.oled
    return OledTarget(driver=o.driver, bus=o.bus, address=o.address, mux_channel=o.mux_channel)


class PadDevices:
    """Every pad's buttons and displays, as opened by `open_pad_devices`. Main-thread methods
    (`show`, `key_down`, `key_up`, `release_all`, `interrupt`, `close`) except where noted."""

    def __init__(self, plan: PadPlan, *, buttons: dict[int, Any], keyboard: KeyboardPads | None,
                 displays: dict[int, PadDisplay], twins: dict[int, PadDisplay],
                 twin_devices: dict[int, SimulatedOled], muxes: Sequence[Tca9548a],
                 scheduler: ThreadScheduler | None, twin_pads: set[int]) -> None:
        self.plan = plan
        self.buttons = buttons
        self.keyboard = keyboard
        self.displays = displays
        self.twins = twins
        self.twin_devices = twin_devices
        self._muxes = list(muxes)
        self._scheduler = scheduler
        self._lock = threading.Lock()
        self._twin_pads = set(twin_pads)  # pads whose twin stands in (all of them when simulated)
        self._held: set[str] = set()  # keys this twin took down: only their key-ups are ours
        self._writer = DisplayWriter(name="oled-writer") if displays else None
        self._twin_writer = DisplayWriter(name="oled-twin-writer") if twins else None
        self._closed = False

    @property
    def pads(self) -> range:
        """Every configured pad's number."""
        return range(self.plan.pad_count)

    def is_twin_active(self, pad: int) -> bool:
        """Does pad's twin (keys, private panel, PNG) stand in for it now? Any thread."""
        with self._lock:
            return pad in self._twin_pads

    def note(self, fact: object) -> None:
        """A real display's status (from its writer thread): with fallback, a pad whose display is
        missing or failed gets its twin, and loses it again when the display is back (unless its
        buttons failed too: then the twin's keys are still needed)."""
        if not self.plan.fallback or not isinstance(fact, DeviceStatus) or fact.pad not in self.twins:
            return
        with self._lock:
            if fact.status in ("missing", "failed"):
                self._twin_pads.add(fact.pad)
            elif fact.status == "ok" and fact.pad in self.buttons:
                self._twin_pads.discard(fact.pad)

    # -- screens -------------------------------------------------------------------------------

    def show(self, pad: int, screen: PadScreen) -> None:
        """Pad `pad`'s display (and its twin while it stands in) should show `screen`. Returns at
        once: the drawing and the I2C write happen on a writer thread."""
        if self._closed:
            return
        real = self.displays.get(pad)
        if real is not None and self._writer is not None:
            self._writer.submit(real, screen)
        twin = self.twins.get(pad)
        if twin is not None and self._twin_writer is not None and self.is_twin_active(pad):
            self._twin_writer.submit(twin, screen)

    def flush(self, timeout: float | None = 2.0) -> bool:
        """Waits until every submitted screen was written (tests, and before closing)."""
        done = True
        for writer in (self._writer, self._twin_writer):
            if writer is not None:
                done = writer.flush(timeout) and done
        return done

    # -- keys ----------------------------------------------------------------------------------

    def key_down(self, name: str) -> bool:
        """A keyboard key went down: True when it is the key of a pad whose twin stands in."""
        keyboard = self.keyboard
        if keyboard is None or self._closed:
            return False
        binding = keyboard.keymap.lookup(name)
        if binding is None or binding.seat >= keyboard.seats or not self.is_twin_active(binding.seat):
            return False
        taken = keyboard.key_down(name)
        if taken:
            self._held.add(name.lower())
        return taken

    def key_up(self, name: str) -> bool:
        """A key went up: True when this twin took it down (whatever happened since: a twin
        switched off or a text field focused meanwhile still ends the hold). Other key-ups are left
        to the window (a text field's own keys)."""
        if self.keyboard is None or self._closed or name.lower() not in self._held:
            return False
        self._held.discard(name.lower())
        return self.keyboard.key_up(name)

    def release_all(self) -> None:
        """Every key up: the window lost the focus and will not see the real key-ups."""
        if self.keyboard is not None and not self._closed:
            self._held.clear()
            self.keyboard.release_all()

    def interrupt(self) -> None:
        """Ends every hold in progress (a + held through a reveal must not walk into the next bid)."""
        for pad in self.buttons.values():
            pad.interrupt()
        if self.keyboard is not None:
            self.keyboard.interrupt()

    # -- the end -------------------------------------------------------------------------------

    def close(self) -> None:
        """Closes in the order the adapters ask for: the buttons first (no more facts), then the
        shared timer, then the writers (pending screens written), then the displays (each cleared,
        so no secret stays on a pad), then the multiplexers (after their displays). Idempotent;
        never raises for a device's trouble."""
        if self._closed:
            return
        self._closed = True
        for pad in self.buttons.values():
            _quietly(pad.close, f"closing {pad!r}")
        if self.keyboard is not None:
            _quietly(self.keyboard.close, "closing the keyboard pads")
        if self._scheduler is not None:
            _quietly(self._scheduler.close, "stopping the pad timer")
        for writer in (self._writer, self._twin_writer):
            if writer is not None:
                _quietly(writer.close, "stopping a display writer")
        for display in [*self.displays.values(), *self.twins.values()]:
            _quietly(display.close, f"closing {display.name}")
        for mux in self._muxes:
            _quietly(mux.close, "closing a TCA9548A")

    def describe(self) -> str:
        """One line for the log: what stands where (no seat's secret, only devices)."""
        parts = [f"pads {self.plan.reason}"]
        if self.buttons:
            parts.append("buttons on GPIO for " + _pads(self.buttons))
        if self.displays:
            parts.append("OLEDs for " + _pads(self.displays))
        with self._lock:
            twins = sorted(self._twin_pads)
        if twins and self.keyboard is not None:
            keys = "; ".join(f"pad {p + 1}: {self.keyboard.keymap.describe(p)}" for p in twins if p < self.keyboard.seats)
            parts.append(f"keyboard twin: {keys}")
        return "; ".join(parts)


def open_pad_devices(plan: PadPlan, report: Callable[[object], None], *,
                     on_image: Callable[[int, Any], None] | None = None,
                     on_peek: Callable[[int, bool], None] | None = None,
                     pin_factory: Any = None, timings: PadTimings = PadTimings(),
                     scheduler: Scheduler | None = None) -> PadDevices:
    """Opens what `plan` says. Never raises for a device: a pin that cannot be claimed or a display
    that does not answer is reported (`DeviceStatus`, through `report`) and, with `plan.fallback`,
    its twin stands in. Displays open at their first screen (each reports then, from its writer).

    `scheduler` wakes the pads for repeats, long presses and debounce: by default one
    `ThreadScheduler` that the devices own and stop at `close()`. Tests pass a `ManualScheduler`
    (theirs to keep) so that holds last exactly as long as they say, however slow the machine."""
    count = plan.pad_count
    keyboard_pads = min(count, MAX_SEATS)
    if count > MAX_SEATS:
        log.warning("pads: the keyboard twin has keys for %d pads; pads %d-%d have none",
                    MAX_SEATS, MAX_SEATS + 1, count)
    owned = ThreadScheduler(name="pad-timer") if scheduler is None else None
    if scheduler is None:
        scheduler = owned
    devices: PadDevices | None = None

    def report_real_display(fact: object) -> None:
        # Runs on a writer thread: the twin switches over before the session hears of it, so the
        # update the fact causes already shows the seat's screen on its twin.
        if devices is not None:
            devices.note(fact)
        report_logged(fact)

    def report_logged(fact: object) -> None:
        _log_status(fact)
        report(fact)

    buttons: dict[int, Any] = {}
    displays: dict[int, PadDisplay] = {}
    muxes: list[Tca9548a] = []
    twin_pads: set[int] = set()
    if plan.mode == REAL:
        from hardware.handheld.buttons import Pad, PadPinError

        for pad, seat in enumerate(plan.seats):
            try:
                buttons[pad] = Pad(pad, seat.pins, report, pin_factory=pin_factory, timings=timings,
                                   scheduler=scheduler)
            except PadPinError as exc:
                stands_in = plan.fallback and pad < keyboard_pads
                if stands_in:
                    twin_pads.add(pad)
                report_logged(DeviceStatus(f"pad {pad + 1} buttons", "failed", _pin_detail(exc, stands_in), pad))
        targets = {pad: target for pad, seat in enumerate(plan.seats) if (target := oled_target(seat)) is not None}
        displays, muxes = open_pad_displays(targets, report_real_display)
    else:
        twin_pads = set(range(keyboard_pads))
    keyboard = None
    twins: dict[int, PadDisplay] = {}
    twin_devices: dict[int, SimulatedOled] = {}
    if plan.mode == SIMULATED or plan.fallback:
        keyboard = KeyboardPads(keyboard_pads, report, timings=timings, scheduler=scheduler, on_peek=on_peek)
        if plan.png_dir is not None:
            plan.png_dir.mkdir(parents=True, exist_ok=True)
        twins, twin_devices = open_simulated_displays(range(keyboard_pads), report_logged, png_dir=plan.png_dir,
                                                      on_image=on_image)
    devices = PadDevices(plan, buttons=buttons, keyboard=keyboard, displays=displays, twins=twins,
                         twin_devices=twin_devices, muxes=muxes, scheduler=owned, twin_pads=twin_pads)
    log.info("%s", devices.describe())
    return devices


def _pin_detail(exc: Exception, stands_in: bool) -> str:
    then = ("Its keyboard keys and its panel on the screen stand in." if stands_in
            else "The game goes on without it.")
    return (f"{exc}. {then} Check the wiring and that no other program uses the pin "
            f"(companion doctor).")


def _log_status(fact: object) -> None:
    if isinstance(fact, DeviceStatus):
        level = logging.INFO if fact.status == "ok" else logging.WARNING
        log.log(level, "%s: %s. %s", fact.device, fact.status, fact.detail)


def _pads(numbers: Any) -> str:
    return ", ".join(str(p + 1) for p in sorted(numbers))


def _quietly(action: Callable[[], None], what: str) -> None:
    try:
        action()
    except Exception:  # closing must reach every device, whatever one of them does
        log.exception("%s failed", what)
