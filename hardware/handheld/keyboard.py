"""The pads' simulated twin: keyboard keys are each seat's − / + / OK, and a fourth key peeks.

Pure (no Kivy): whoever owns the window forwards key-down and key-up events by key name, and
gets the same facts a GPIO pad reports — `ButtonPressed(pad, "minus" | "plus" | "ok" | "ok_long")`
through `report` — with the same debounce, hold-to-repeat and long-press timing, since both run
`keylogic.PadLogic` (through `presses.SeatPresses`). The OS's own key auto-repeat is ignored:
a key that is already down stays one hold.

Default keys (`DEFAULT_SEAT_KEYS`; names as Kivy's keyboard gives them in `keycode[1]`):

    seat   −   +   OK   peek (hold)
    1      q   w   e    r
    2      a   s   d    f
    3      z   x   c    v
    4      u   i   o    p
    5      1   2   3    4
    6      7   8   9    0

Holding a seat's peek key shows that seat's private OLED panel; releasing it hides it again
(a player peeks at their own secret the way they would tilt a pad towards themselves).

API for the Kivy panel (someone else's widget; all calls on the Kivy main thread):

    pads = KeyboardPads(4, bridge.post, on_peek=panel.set_peek, scheduler=ThreadScheduler())
    names = {code: name for name, code in Keyboard.keycodes.items()}   # kivy.core.window.Keyboard
    Window.bind(on_key_down=lambda w, key, *args: pads.key_down(names.get(key, "")))
    Window.bind(on_key_up=lambda w, key, *args: pads.key_up(names.get(key, "")))
    Window.bind(focus=lambda w, focused: focused or pads.release_all())   # no key stays held
    pads.keymap.describe(seat)   # "q −  w +  e OK  hold r: peek" for the panel's caption
    pads.interrupt()             # at a reveal, like Pad.interrupt()
    pads.close()

`key_down`/`key_up` return True when the key belongs to a pad (the window should then not
use it for anything else). `on_peek(seat, shown)` is called on the caller's thread when a peek
key goes down (True) or up (False). Repeats and long presses are reported from the scheduler's
thread: `report` must be thread-safe (the bridge's `post` is). Forward keys only while no text
field has the focus, or typing a name would press buttons.
"""

from __future__ import annotations

import dataclasses
from typing import Callable, Iterator, Sequence

from hardware.handheld.clock import Scheduler, ThreadScheduler
from hardware.handheld.keylogic import PadTimings
from hardware.handheld.presses import SeatPresses

PEEK = "peek"


@dataclasses.dataclass(frozen=True)
class SeatKeys:
    """The four key names of one seat."""

    minus: str
    plus: str
    ok: str
    peek: str

    def items(self) -> tuple[tuple[str, str], ...]:
        """(pad key, key name) pairs: ("minus", "q"), …, ("peek", "r")."""
        return (("minus", self.minus), ("plus", self.plus), ("ok", self.ok), (PEEK, self.peek))


DEFAULT_SEAT_KEYS: tuple[SeatKeys, ...] = (
    SeatKeys("q", "w", "e", "r"),
    SeatKeys("a", "s", "d", "f"),
    SeatKeys("z", "x", "c", "v"),
    SeatKeys("u", "i", "o", "p"),
    SeatKeys("1", "2", "3", "4"),
    SeatKeys("7", "8", "9", "0"),
)
"""Seats 1-6, left hand first: each seat is a run of four neighbouring keys."""

MAX_SEATS = len(DEFAULT_SEAT_KEYS)


@dataclasses.dataclass(frozen=True)
class KeyBinding:
    """What a key name does: seat (from 0) and key ("minus", "plus", "ok" or "peek")."""

    seat: int
    key: str


class KeyMap:
    """Key names → (seat, key). Names are compared lower-case; a name may be used once only."""

    def __init__(self, seats: Sequence[SeatKeys]) -> None:
        self._seats = tuple(SeatKeys(*(name.lower() for name in (s.minus, s.plus, s.ok, s.peek))) for s in seats)
        self._bindings: dict[str, KeyBinding] = {}
        for seat, keys in enumerate(self._seats):
            for key, name in keys.items():
                if not name:
                    raise ValueError(f"seat {seat + 1}'s {key} key has no name")
                if name in self._bindings:
                    other = self._bindings[name]
                    raise ValueError(f"key {name!r} is both seat {other.seat + 1}'s {other.key} "
                                     f"and seat {seat + 1}'s {key}")
                self._bindings[name] = KeyBinding(seat, key)

    @classmethod
    def default(cls, seats: int) -> "KeyMap":
        """The documented keys for the first `seats` seats (1 to 6)."""
        if not 1 <= seats <= MAX_SEATS:
            raise ValueError(f"the default keys cover 1 to {MAX_SEATS} seats, not {seats}")
        return cls(DEFAULT_SEAT_KEYS[:seats])

    @property
    def seats(self) -> int:
        return len(self._seats)

    def lookup(self, name: str) -> KeyBinding | None:
        """The binding of key `name` ("q", "Q"), or None when no pad uses it."""
        return self._bindings.get(name.lower())

    def seat_keys(self, seat: int) -> SeatKeys:
        return self._seats[seat]

    def describe(self, seat: int) -> str:
        """A caption for seat `seat`'s panel: "q −  w +  e OK  hold r: peek"."""
        k = self._seats[seat]
        return f"{k.minus} −  {k.plus} +  {k.ok} OK  hold {k.peek}: peek"

    def __iter__(self) -> Iterator[SeatKeys]:
        return iter(self._seats)


class KeyboardPads:
    """Every seat's pad, played on one keyboard. See the module docstring for the keys and API.

    seats: how many seats play (their keys come from `keymap`, default `KeyMap.default(seats)`).
    scheduler: as for `buttons.Pad` (None: own `ThreadScheduler`, closed by `close()`).
    """

    def __init__(self, seats: int, report: Callable[[object], None], *, keymap: KeyMap | None = None,
                 timings: PadTimings = PadTimings(), scheduler: Scheduler | None = None,
                 on_peek: Callable[[int, bool], None] | None = None) -> None:
        self.keymap = KeyMap.default(seats) if keymap is None else keymap
        if seats > self.keymap.seats:
            raise ValueError(f"{seats} seats but keys for only {self.keymap.seats}")
        self._own_scheduler = scheduler is None
        self._scheduler: Scheduler = ThreadScheduler() if scheduler is None else scheduler
        self._seats = [SeatPresses(seat, report, self._scheduler, timings) for seat in range(seats)]
        self._on_peek = on_peek
        self._down: set[str] = set()
        self._peeking: set[int] = set()

    @property
    def seats(self) -> int:
        return len(self._seats)

    def key_down(self, name: str) -> bool:
        """A key went down. True when it is a pad's key (handled here)."""
        binding = self._binding(name)
        if binding is None:
            return False
        name = name.lower()
        if name in self._down:
            return True  # the OS's auto-repeat: still the same hold
        self._down.add(name)
        if binding.key == PEEK:
            self._peek(binding.seat, True)
        else:
            self._seats[binding.seat].edge(binding.key, True)
        return True

    def key_up(self, name: str) -> bool:
        """A key went up. True when it is a pad's key."""
        binding = self._binding(name)
        if binding is None:
            return False
        name = name.lower()
        if name not in self._down:
            return True  # went down before we listened, or while a text field had the focus
        self._down.discard(name)
        if binding.key == PEEK:
            self._peek(binding.seat, False)
        else:
            self._seats[binding.seat].edge(binding.key, False)
        return True

    def release_all(self) -> None:
        """Every key up (the window lost the focus and will not see the real key-ups)."""
        for name in sorted(self._down):
            self.key_up(name)

    def is_peeking(self, seat: int) -> bool:
        return seat in self._peeking

    def is_pressed(self, seat: int, key: str) -> bool:
        """The debounced state of seat `seat`'s `key` ("minus", "plus", "ok")."""
        return self._seats[seat].is_down(key)

    def interrupt(self, seat: int | None = None) -> None:
        """Ends the holds in progress on `seat` (None: every seat), like `Pad.interrupt`."""
        for presses in self._seats if seat is None else [self._seats[seat]]:
            presses.interrupt()

    def close(self) -> None:
        for presses in self._seats:
            presses.close()
        for seat in sorted(self._peeking):
            self._peek(seat, False)
        self._down.clear()
        if self._own_scheduler and isinstance(self._scheduler, ThreadScheduler):
            self._scheduler.close()

    def _binding(self, name: str) -> KeyBinding | None:
        binding = self.keymap.lookup(name)
        return binding if binding is not None and binding.seat < len(self._seats) else None

    def _peek(self, seat: int, shown: bool) -> None:
        if shown:
            self._peeking.add(seat)
        else:
            self._peeking.discard(seat)
        if self._on_peek is not None:
            self._on_peek(seat, shown)
