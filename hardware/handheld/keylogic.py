"""What a seat's keys mean over time: debounce, hold-to-repeat with acceleration, long press.

Pure and single-threaded: `PadLogic` is fed raw key edges and the passing of time, both with
timestamps (seconds on any monotonic clock), and answers with the keys to report. The GPIO pad
(`buttons.Pad`) and the keyboard twin (`keyboard.KeyboardPads`) both drive this one class, so a
key on a laptop behaves exactly like a button on the table.

Debounce is a leading-edge lockout: the first edge that changes a key's level is taken at once
(a press reaches the screen with no added delay), then the key is deaf for `debounce` seconds;
if at the end of that window the raw level differs from the accepted one, the change is taken
then. So a contact that chatters for a few milliseconds gives one press, and a press shorter
than the window still gives its press and its release. gpiozero's own `bounce_time` is not
used: mock pins ignore it, and we want it tested with an injectable clock.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Iterable, Mapping


@dataclasses.dataclass(frozen=True)
class PadTimings:
    """How long things take, in seconds. The defaults suit a thumb on a tactile switch.

    debounce:             after a key's level changes, edges are ignored this long (contact chatter
                          on cheap switches lasts 1-5 ms; 20 ms also hides a sloppy double tap).
    repeat_delay:         − / + held this long sends its first repeat (a deliberate hold, not a press).
    repeat_interval:      the gap before the second repeat …
    repeat_acceleration:  … and each later gap is the previous one times this (< 1 speeds up) …
    repeat_min_interval:  … but never shorter than this (so a held + climbs 1, 2, 3 … at up to 20/s).
    long_press:           OK held this long is "ok_long" (unlock and change a locked bid) instead of "ok".

    With the defaults a held + reports at 0, 0.5, 0.7, 0.87, 1.01 s …, reaching 20 per second
    after about 2.2 s.
    """

    debounce: float = 0.020
    repeat_delay: float = 0.500
    repeat_interval: float = 0.200
    repeat_acceleration: float = 0.85
    repeat_min_interval: float = 0.050
    long_press: float = 0.800

    def __post_init__(self) -> None:
        for name in ("debounce", "repeat_delay", "repeat_interval", "repeat_min_interval", "long_press"):
            value = getattr(self, name)
            if not (isinstance(value, (int, float)) and math.isfinite(value) and value >= 0):
                raise ValueError(f"PadTimings.{name} must be a finite number of seconds >= 0, got {value!r}")
        if min(self.repeat_delay, self.repeat_interval, self.repeat_min_interval) <= 0:
            raise ValueError("PadTimings: the repeat delay and intervals must be > 0 (a zero gap repeats at once)")
        if not 0 < self.repeat_acceleration <= 1:
            raise ValueError(f"PadTimings.repeat_acceleration must be in (0, 1], got {self.repeat_acceleration!r}")
        if self.long_press <= self.debounce:
            raise ValueError("PadTimings.long_press must be longer than debounce")

    def repeat_gap(self, repeats_so_far: int) -> float:
        """The wait before the next repeat once `repeats_so_far` (≥ 1) repeats have been sent."""
        gap = self.repeat_interval * self.repeat_acceleration ** (repeats_so_far - 1)
        return max(self.repeat_min_interval, gap)


@dataclasses.dataclass
class _Key:
    raw: bool = False
    """The last level seen on the wire (True: pressed)."""
    down: bool = False
    """The debounced level."""
    changed_at: float = -math.inf
    """When `down` last changed: the lockout runs from here for `debounce`."""
    settle_at: float | None = None
    """End of the lockout, set while the raw level disagrees with `down`."""
    repeat_at: float | None = None
    repeats: int = 0
    long_at: float | None = None
    long_fired: bool = False
    swallowed: bool = False
    """Held through an interrupt (or since start): report nothing until it is released."""


class PadLogic:
    """Debounce, repeat and long press for a fixed set of keys. Not thread-safe: one caller at a time.

    `repeating`: keys that repeat while held (reported on press, then by `PadTimings`).
    `long_names`: keys with a long press, mapped to what it reports ({"ok": "ok_long"}); such a key
    reports its own name on release when released before `long_press`, else the long name once,
    when the time is reached (while still held: the player feels it happen).
    Any other key reports its name on press.
    """

    def __init__(self, keys: Iterable[str], timings: PadTimings = PadTimings(), *,
                 repeating: Iterable[str] = (), long_names: Mapping[str, str] | None = None) -> None:
        self.timings = timings
        self._keys: dict[str, _Key] = {key: _Key() for key in keys}
        self._order = {key: i for i, key in enumerate(self._keys)}
        self._repeating = frozenset(repeating)
        self._long = dict(long_names or {})
        unknown = (self._repeating | set(self._long)) - set(self._keys)
        if unknown:
            raise ValueError(f"repeating or long-press keys that are not keys: {sorted(unknown)}")
        if self._repeating & set(self._long):
            raise ValueError("a key cannot both repeat and have a long press")
        self._now = -math.inf

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self._keys)

    def is_down(self, key: str) -> bool:
        """The debounced level of `key`."""
        return self._key(key).down

    def start_held(self, key: str, now: float) -> None:
        """`key` was already held when we started (or the pin reads pressed): it reports nothing
        until released, as a stuck or leaned-on button must not act on its own."""
        state = self._key(key)
        self._now = max(self._now, now)
        state.raw = state.down = state.swallowed = True
        state.changed_at = self._now

    def edge(self, key: str, pressed: bool, now: float) -> list[str]:
        """A raw level change on `key` at `now`. Returns the keys to report, in order (deadlines
        that fell due before `now` come first)."""
        out = self.advance(now)
        state = self._key(key)
        state.raw = pressed
        if pressed == state.down:
            state.settle_at = None  # chatter came back to where it was: nothing to settle
        elif self._now - state.changed_at < self.timings.debounce:
            state.settle_at = state.changed_at + self.timings.debounce
        else:
            self._set(key, state, pressed, self._now, out)
        return out

    def advance(self, now: float) -> list[str]:
        """Time passed up to `now`: every deadline due by then runs at its own time, in time order."""
        out: list[str] = []
        now = max(self._now, now)
        while True:
            due = self._earliest()
            if due is None or due[0] > now:
                break
            when, _, kind, key = due
            self._now = max(self._now, when)
            state = self._keys[key]
            if kind == "settle":
                state.settle_at = None
                if state.raw != state.down:
                    self._set(key, state, state.raw, when, out)
            elif kind == "repeat":
                state.repeats += 1
                state.repeat_at = when + self.timings.repeat_gap(state.repeats)
                out.append(key)
            else:
                state.long_at = None
                state.long_fired = True
                out.append(self._long[key])
        self._now = now
        return out

    def next_deadline(self) -> float | None:
        """When `advance` next has something to do, or None while nothing is pending."""
        due = self._earliest()
        return None if due is None else due[0]

    def interrupt(self, now: float) -> list[str]:
        """Ends every hold in progress: a key held now reports nothing more (no repeat, no "ok",
        no "ok_long") until released and pressed again. Returns what fell due before `now`."""
        out = self.advance(now)
        for state in self._keys.values():
            if state.down:
                state.swallowed = True
                state.repeat_at = state.long_at = None
        return out

    # -- internals ------------------------------------------------------------------------------

    def _key(self, key: str) -> _Key:
        try:
            return self._keys[key]
        except KeyError:
            raise ValueError(f"unknown key {key!r}; keys are {', '.join(self._keys)}") from None

    def _earliest(self) -> tuple[float, int, str, str] | None:
        best: tuple[float, int, str, str] | None = None
        for key, state in self._keys.items():
            for kind, when in (("settle", state.settle_at), ("repeat", state.repeat_at), ("long", state.long_at)):
                if when is not None:
                    candidate = (when, self._order[key], kind, key)
                    if best is None or candidate < best:
                        best = candidate
        return best

    def _set(self, key: str, state: _Key, pressed: bool, when: float, out: list[str]) -> None:
        state.down = pressed
        state.changed_at = when
        state.settle_at = None
        if pressed:
            if key in self._repeating:
                out.append(key)
                state.repeats = 0
                state.repeat_at = when + self.timings.repeat_delay
            elif key in self._long:
                state.long_fired = False
                state.long_at = when + self.timings.long_press
            else:
                out.append(key)
            return
        if key in self._long and not state.long_fired and not state.swallowed:
            out.append(key)
        state.repeat_at = state.long_at = None
        state.long_fired = state.swallowed = False
