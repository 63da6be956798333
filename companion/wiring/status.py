"""The table status display of `[devices.status_display]`, opened and fed: season, round and the
time track on a small OLED beside the board (or its PNG twin), kept in step with the session.

Two steps, as for the pads (`companion.wiring.pads`), so the choice is pure and the opening is
one call:

    plan = plan_status(config.devices.status_display, mode=args.status_display, png_path=...)  # the CLI
    feed = plan.open(bridge.post, words=status_words, presenters=presenters)  # the app; None for "off"
    session.listeners.append(feed.update)   # main thread: a screen per update, drawn on a writer
    feed.close()                            # at exit: pending screen written, display cleared

Modes (config `mode`, or `companion --status-display`):

- "real": the SSD1306/SH1106 at `address` on /dev/i2c-`bus`. Missing or failing, it is reported
  as `DeviceStatus("status display", ...)` (once, and again when it is back) and the game goes on;
  nothing stands in ("real" means real);
- "simulated": the twin (`SimulatedOled`): each frame replaces a PNG file, by default
  `$XDG_RUNTIME_DIR/companion/status.png` (RAM on a Pi), else `status.png` in the data directory;
- "auto" (the default): "real" when `hardware.detect.probe_i2c` finds the display (the doctor's
  check), else "simulated". Off a Pi that is the PNG in the runtime folder beside the pads'
  twins: one small file rewritten only when the picture changes, so a maker sees what the table's
  display would show without one;
- "off" (command line only: `--status-display off`): nothing opens, nothing is drawn.

No Kivy here: `report` is a plain callable (the bridge's `post`, thread-safe: the display reports
from its writer thread); the app opens the feed after its first frame, as it does the pads, so
Pillow, luma and a thread are not paid for before the screen appears.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from companion.presenters.game import NO_PRESENTERS, Presenters, status_screen
from companion.presenters.status_screens import ENGLISH, StatusWords
from hardware.detect import FOUND, Probe, probe_i2c
from hardware.facts import DeviceStatus
from hardware.status_display.screen import StatusScreen

if TYPE_CHECKING:  # Pillow and luma load when a display opens, not when the CLI plans one
    from hardware.status_display.display import StatusDisplay

log = logging.getLogger("companion.status")

REAL, SIMULATED, AUTO, OFF = "real", "simulated", "auto", "off"
MODES = (AUTO, REAL, SIMULATED, OFF)
I2cProbe = Callable[[int, int], Probe]


@dataclasses.dataclass(frozen=True)
class StatusPlan:
    """What `StatusFeed.open` opens. `mode`: "real", "simulated" or "off" (auto already decided);
    `png_path`: the twin's file (None: the twin keeps its image in memory only); `reason`: one
    line for the log ("simulated: no /dev/i2c-1")."""

    mode: str
    driver: str = "ssd1306"
    bus: int = 1
    address: int = 0x3D
    png_path: Path | None = None
    reason: str = ""

    def open(self, report: Callable[[object], None], *, words: Callable[[], StatusWords],
             presenters: Presenters) -> "StatusFeed | None":
        """The feed of this plan's display (`StatusFeed.open`), None when the plan is "off". The app
        calls this after its first frame; the caller makes `feed.update` a session listener."""
        return StatusFeed.open(self, report, words=words, presenters=presenters)


def plan_status(config: Any, *, mode: str | None = None, png_path: str | Path | None = None,
                probe: I2cProbe | None = None) -> StatusPlan:
    """Decides real, simulated or off for `config` (a `companion.config.StatusDisplayConfig`);
    `mode` overrides the config's. Only "auto" looks at the machine (`probe`: the doctor's I2C
    check, by default `probe_i2c(bus, address)`)."""
    chosen = mode or config.mode
    source = "by the command line" if mode else "by config"
    if chosen not in MODES:
        raise ValueError(f"status display mode must be one of {', '.join(MODES)}, not {chosen!r}")
    png = None if png_path is None else Path(png_path)
    plan = StatusPlan(REAL, config.driver, config.bus, config.address, png)
    if chosen == OFF:
        return dataclasses.replace(plan, mode=OFF, reason=f"off, {source}")
    if chosen == SIMULATED:
        return dataclasses.replace(plan, mode=SIMULATED, reason=f"simulated, {source}")
    if chosen == REAL:
        return dataclasses.replace(plan, reason=f"real, {source}")
    found = (probe or _probe)(config.bus, config.address)
    if found.status == FOUND:
        return dataclasses.replace(plan, reason=f"real: {found.detail}")
    return dataclasses.replace(plan, mode=SIMULATED, reason=f"simulated: {found.detail}")


def _probe(bus: int, address: int) -> Probe:
    return probe_i2c(bus, address, name="status display")


def open_status_display(plan: StatusPlan, report: Callable[[object], None], *,
                        on_image: Callable[[Any], None] | None = None,
                        retry_after: float = 5.0) -> "StatusDisplay | None":
    """The display `plan` names (None for "off"). Nothing is sent yet: the first `show` opens a
    real display and reports if it does not answer. `on_image` gets each twin frame (tests)."""
    if plan.mode == OFF:
        return None
    from hardware.status_display.display import StatusDisplay

    def report_logged(fact: object) -> None:
        if isinstance(fact, DeviceStatus):
            log.log(logging.INFO if fact.status == "ok" else logging.WARNING, "%s: %s. %s",
                    fact.device, fact.status, fact.detail)
        report(fact)

    if plan.mode == REAL:
        return StatusDisplay.real(report_logged, driver=plan.driver, bus=plan.bus, address=plan.address,
                                  retry_after=retry_after)
    if plan.png_path is not None:
        try:
            plan.png_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:  # the twin's first write fails too, and is reported as its failure
            log.warning("status display: cannot make %s: %s", plan.png_path.parent, exc.strerror or exc)
    return StatusDisplay.simulated(report_logged, png_path=plan.png_path, on_image=on_image,
                                   retry_after=retry_after)


class StatusFeed:
    """Keeps the status display in step with the table. `update(table)` is a session listener (main
    thread, after every fact, with the public `TableView`): it maps the table to a screen and hands
    it to a writer thread, so the UI thread never waits on I2C. It reads nothing but that public
    view: the status display faces the whole table. `words()` gives the texts in the current
    language (called at each update, so a language switch shows at the next one); `presenters` says
    what each game shows (default: every game by its view's shape, without a name: dark)."""

    def __init__(self, display: "StatusDisplay", *, words: Callable[[], StatusWords] = lambda: ENGLISH,
                 presenters: Presenters = NO_PRESENTERS, describe: str = "") -> None:
        from hardware.handheld.writer import DisplayWriter

        self.display = display
        self.words = words
        self.presenters = presenters
        self.describe = describe or f"status display: {display.where}"
        self.screen: StatusScreen | None = None
        """The screen last submitted (what the display shows, or will in a moment)."""
        self.submitted = 0
        """Screens handed to the writer: every update, but an unchanged one on a working display."""
        self._writer = DisplayWriter(name="status-display")
        self._closed = False

    @classmethod
    def open(cls, plan: StatusPlan, report: Callable[[object], None], *,
             words: Callable[[], StatusWords] = lambda: ENGLISH, presenters: Presenters = NO_PRESENTERS,
             on_image: Callable[[Any], None] | None = None, retry_after: float = 5.0) -> "StatusFeed | None":
        """The feed of `plan`'s display, or None when the plan is "off". Never raises for the
        device: its trouble arrives through `report` as a `DeviceStatus`."""
        display = open_status_display(plan, report, on_image=on_image, retry_after=retry_after)
        if display is None:
            return None
        feed = cls(display, words=words, presenters=presenters,
                   describe=f"status display {plan.reason} ({display.where})")
        log.info("%s", feed.describe)
        return feed

    def update(self, table: Any) -> None:
        """The screen for `table`, to the display soon. Returns at once."""
        if self._closed:
            return
        try:
            screen = status_screen(table, self.words(), self.presenters)
        except Exception as exc:  # a view this layer does not understand must not stop the game
            log.error("status display: no screen for this table (%s)", type(exc).__name__)
            screen = StatusScreen()
        # Most facts (a pad's + held down, a tap on the board) leave the status as it was: no render
        # for them. A display in trouble gets it again, so it is retried at its next show (after
        # its retry interval).
        if screen == self.screen and self.display.is_working:
            return
        self.screen = screen
        self.submitted += 1
        self._writer.submit(self.display, screen)

    def flush(self, timeout: float | None = 2.0) -> bool:
        """Waits until the submitted screen was written or tried (tests, and before closing)."""
        return self._writer.flush(timeout)

    def close(self) -> None:
        """Writes what is pending, stops the writer, then clears and releases the display, so the
        table does not keep a finished game's status. Idempotent; never raises."""
        if self._closed:
            return
        self._closed = True
        try:
            self._writer.close()
        except Exception:  # closing must reach the display, whatever the writer does
            log.exception("stopping the status display writer failed")
        self.display.close()
