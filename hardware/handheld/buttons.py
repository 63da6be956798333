"""A seat's handheld pad on GPIO: three gpiozero Buttons (− / + / OK), each joining a pin to ground.

The Pi's internal pull-ups are used, so a button needs no resistor. gpiozero only tells us raw
edges (its `bounce_time` is left off: mock pins ignore it, and our debounce is tested with an
injectable clock); what they mean over time (debounce, repeat, long press) is
`keylogic.PadLogic`, shared with the keyboard twin. Facts go to the `report` callable as
`ButtonPressed(pad, key)` with key "minus", "plus", "ok" or "ok_long".

    scheduler = ThreadScheduler()
    pad = Pad(0, {"minus": 17, "plus": 27, "ok": 22}, bridge.post, scheduler=scheduler)
    ...
    pad.interrupt()      # at a reveal: a + held through it must not walk into the next bid
    pad.close()          # releases the pins

On a Pi, callbacks come from gpiozero's own thread; with `MockFactory` they run in whichever
thread drives the pin. Either way `report` is called outside our locks.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from hardware.facts import PAD_KEYS
from hardware.handheld.clock import Scheduler, ThreadScheduler
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.presses import SeatPresses


class PadPinError(Exception):
    """A pad's button could not claim its pin: names the seat (from 1, as players count), the key
    and the BCM number, with gpiozero's reason. No pin stays claimed after this is raised."""

    def __init__(self, seat: int, key: str, pin: int, reason: BaseException) -> None:
        self.seat, self.key, self.pin, self.reason = seat, key, pin, reason
        super().__init__(f"seat {seat + 1}'s {key} button on GPIO {pin}: "
                         f"{type(reason).__name__}: {reason}")


@dataclasses.dataclass(frozen=True)
class PadPins:
    """BCM GPIO numbers of one pad's buttons."""

    minus: int
    plus: int
    ok: int

    @classmethod
    def from_mapping(cls, pins: Mapping[str, int]) -> "PadPins":
        missing = [key for key in PAD_KEYS if key not in pins]
        if missing:
            raise ValueError(f"a pad needs pins for {', '.join(PAD_KEYS)}; missing {', '.join(missing)}")
        return cls(int(pins["minus"]), int(pins["plus"]), int(pins["ok"]))

    def as_dict(self) -> dict[str, int]:
        return {"minus": self.minus, "plus": self.plus, "ok": self.ok}


class Pad:
    """Seat `seat`'s three buttons. `pins`: `PadPins` or {"minus": 17, "plus": 27, "ok": 22}.

    pin_factory: gpiozero's (None: gpiozero's default, lgpio on a Pi; tests pass `MockFactory()`).
    scheduler: wakes the pad for repeats and long presses and owns the clock edges are stamped
    with; share one `ThreadScheduler` between pads. None: the pad starts (and closes) its own.
    A button already pressed when the pad opens is ignored until released.
    """

    def __init__(self, seat: int, pins: PadPins | Mapping[str, int], report: Callable[[object], None], *,
                 pin_factory: Any = None, timings: PadTimings = PadTimings(),
                 scheduler: Scheduler | None = None) -> None:
        from gpiozero import Button

        self.seat = seat
        self.pins = pins if isinstance(pins, PadPins) else PadPins.from_mapping(pins)
        self._own_scheduler = scheduler is None
        self._scheduler: Scheduler = ThreadScheduler() if scheduler is None else scheduler
        self._presses = SeatPresses(seat, report, self._scheduler, timings)
        self._buttons: dict[str, Any] = {}
        try:
            for key, pin in self.pins.as_dict().items():
                try:
                    # hold_time: gpiozero's hold thread (unused: we time holds ourselves) waits
                    # this long on a pressed button before close() can stop it; its default 1 s
                    # made closing a pad with a button held take a second.
                    self._buttons[key] = Button(pin, pull_up=True, bounce_time=None, hold_time=0.01,
                                                pin_factory=pin_factory)
                except Exception as exc:  # gpiozero's GPIOPinInUse, PinInvalidPin, BadPinFactory …
                    raise PadPinError(seat, key, pin, exc) from exc
        except PadPinError:
            self.close()
            raise
        for key, button in self._buttons.items():
            if button.is_pressed:
                self._presses.start_held(key)
            button.when_pressed = self._edge_handler(key, True)
            button.when_released = self._edge_handler(key, False)

    def _edge_handler(self, key: str, pressed: bool) -> Callable[[], None]:
        edge = self._presses.edge

        def on_edge() -> None:
            edge(key, pressed)

        return on_edge

    @property
    def timings(self) -> PadTimings:
        return self._presses.timings

    def is_pressed(self, key: str) -> bool:
        """The debounced state of `key` ("minus", "plus", "ok")."""
        return self._presses.is_down(key)

    def interrupt(self) -> None:
        """Ends the holds in progress: a held key reports nothing more until released and pressed
        again. Thread-safe; the session calls it when a phase ends (e.g. at a reveal)."""
        self._presses.interrupt()

    def close(self) -> None:
        """Stops reporting and releases the pins (they can be claimed again at once). Idempotent."""
        self._presses.close()
        for button in self._buttons.values():
            # Each Button's hold thread polls for its stop flag every 0.1 s, and close() waits for
            # it: raising all three flags first makes closing a pad take 0.1 s, not 0.3 s. Only a
            # speed-up: without the (private) attribute close() is just slower.
            stopping = getattr(getattr(button, "_hold_thread", None), "stopping", None)
            if stopping is not None:
                stopping.set()
        for button in self._buttons.values():
            button.close()  # our callbacks go with it; SeatPresses is already deaf
        self._buttons.clear()
        if self._own_scheduler and isinstance(self._scheduler, ThreadScheduler):
            self._scheduler.close()

    @property
    def closed(self) -> bool:
        return not self._buttons

    def __enter__(self) -> "Pad":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        p = self.pins
        return f"Pad(seat={self.seat}, minus=GPIO{p.minus}, plus=GPIO{p.plus}, ok=GPIO{p.ok})"
