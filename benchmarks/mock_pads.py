"""The pads the whole-path benchmarks hand the app: opened the way the app opens real ones
(`open_pad_devices`, mode "real": a gpiozero `Pad` per seat, the pads' timer thread, a `PadDisplay`
and its writer thread per seat's OLED), on gpiozero `MockFactory` pins, with each seat's "I2C"
display a luma `dummy` device (`SimulatedOled`) that tells the benchmark when its image arrives.
Used by benchmarks/pads.py and benchmarks/augustus_call.py."""

from __future__ import annotations

from typing import Any, Callable

from companion.config.schema import DEFAULT_SEATS, OledConfig, SeatConfig
from hardware.handheld import oled as oled_module
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.twins import SimulatedOled

#: Pins for pads beyond the config's four (a six-player Augustus table).
EXTRA_PINS = ((7, 8, 9), (10, 11, 16))


class TimedOled(SimulatedOled):
    """A seat's OLED as luma's dummy device: `on_display(seat)` after each image it takes."""

    def __init__(self, seat: int, on_display: Callable[[int], None]) -> None:
        super().__init__()
        self.seat, self.on_display = seat, on_display

    def display(self, image: Any) -> None:
        super().display(image)
        self.on_display(self.seat)


def seats(count: int) -> tuple[SeatConfig, ...]:
    """`count` pads: the config's default pins, then EXTRA_PINS; seat k's OLED on "bus" k + 1."""
    pins = [(s.minus, s.plus, s.ok) for s in DEFAULT_SEATS] + list(EXTRA_PINS)
    if count > len(pins):
        raise ValueError(f"at most {len(pins)} benchmark pads")
    return tuple(SeatConfig(*pins[k], OledConfig(bus=k + 1)) for k in range(count))


class MockPinPads:
    """The pad plan the app is handed (`pad_panels.PadOpener`). `on_report` sees every fact the
    pads report before the bridge does; `feed` is the `SeatScreens` once open."""

    def __init__(self, factory: Any, count: int, on_display: Callable[[int], None], *,
                 on_report: Callable[[object], None] = lambda fact: None,
                 timings: PadTimings = PadTimings()) -> None:
        self.factory, self.on_display, self.on_report, self.timings = factory, on_display, on_report, timings
        self.seats = seats(count)
        self.feed: Any = None

    @property
    def pad_count(self) -> int:
        return len(self.seats)

    def open(self, session: Any, report: Callable[[object], None], *, words: Any, presenters: Any,
             on_image: Any = None, on_peek: Any = None) -> Any:
        from companion.wiring.pad_plan import PadPlan
        from companion.wiring.pads import open_pad_devices
        from companion.wiring.seat_feed import SeatScreens

        # Where a real display would open its I2C bus: the dummy device (seat k on bus k + 1).
        oled_module.open_luma_oled = lambda target, mux=None: TimedOled(target.bus - 1, self.on_display)

        def reported(fact: object) -> None:
            self.on_report(fact)
            report(fact)

        devices = open_pad_devices(PadPlan("real", self.seats, reason="benchmark: mock pins"), reported,
                                   pin_factory=self.factory, timings=self.timings)
        self.feed = SeatScreens(session, devices, words=words, presenters=presenters)
        return self.feed
