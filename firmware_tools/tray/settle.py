"""The settle tracker: dice seen picture by picture -> each die's protocol state. One picture cannot
tell a die at rest from one caught mid-flight; a run of pictures can. A die is **settled** only when
it has lain in one place, flat, with one face and one colour, for `debounce` seconds and at least
`frames` pictures in a row (PROTOCOL.md: "the same for a debounce time, 150 ms or more");
until then it is **rolling** (with the face glimpsed, if any). Cocked and unreadable dice keep
those states once they hold still; while they move they are rolling too.

Why this errs the way it does: a read reported settled while a die still moves would put a wrong
face into the game; a settled read reported a few frames late costs nothing. So the place is
compared with where the die was when it came to rest (not with the last picture, which would
let a slowly creeping die pass), and any change starts the wait again.
"""

from __future__ import annotations

import dataclasses
import math
from typing import Sequence

from hardware.scanner.codec import COLOUR_LETTERS, Die
from firmware_tools.tray.vision import Seen

DEBOUNCE = 0.15
FRAMES = 3


@dataclasses.dataclass
class _Track:
    seen: Seen
    anchor: tuple[float, float]
    since: float
    frames: int


class SettleTracker:
    """Feed it every picture's dice (`update`); it returns the dice as the protocol has them, in
    the tray's order (left to right). `tolerance`: how far (in die sides) a die may seem to move
    from where it came to rest and still be at rest (the vision's jitter, well under a pixel or
    two on a still picture)."""

    def __init__(self, die_px: float, *, debounce: float = DEBOUNCE, frames: int = FRAMES,
                 tolerance: float = 0.05) -> None:
        self.die_px = die_px
        self.debounce = debounce
        self.frames = frames
        self.tolerance = tolerance * die_px
        self._tracks: list[_Track] = []

    def update(self, dice: Sequence[Seen], now: float) -> tuple[Die, ...]:
        previous = self._tracks
        pairs = sorted((math.hypot(d.x - t.seen.x, d.y - t.seen.y), i, j)
                       for i, d in enumerate(dice) for j, t in enumerate(previous) if d.letter == t.seen.letter)
        matched: dict[int, _Track] = {}
        used: set[int] = set()
        for dist, i, j in pairs:
            if dist > 0.6 * self.die_px:
                break
            if i not in matched and j not in used:
                matched[i] = previous[j]
                used.add(j)
        tracks = []
        for i, d in enumerate(dice):
            track = matched.get(i)
            if track is None:
                tracks.append(_Track(d, (d.x, d.y), now, 1))
                continue
            moved = math.hypot(d.x - track.anchor[0], d.y - track.anchor[1]) > self.tolerance
            changed = (d.face, d.kind) != (track.seen.face, track.seen.kind)
            if moved or changed:
                tracks.append(_Track(d, (d.x, d.y), now, 1))
            else:
                tracks.append(_Track(d, track.anchor, track.since, track.frames + 1))
        self._tracks = tracks
        return tuple(self._state(t, now) for t in tracks)

    def _state(self, track: _Track, now: float) -> Die:
        d = track.seen
        colour = COLOUR_LETTERS[d.letter]
        if now - track.since < self.debounce or track.frames < self.frames:
            return Die(colour, d.face, "rolling")
        if d.kind == "flat":
            return Die(colour, d.face, "settled")
        return Die(colour, 0, "cocked" if d.kind == "cocked" else "unreadable")

    def judged(self, now: float) -> bool:
        """Has every die (if any) held still long enough to be judged? (At power-on, frame 1
        waits for this, so that dice lying at rest are reported settled, not rolling.)"""
        return all(t.frames >= self.frames and now - t.since >= self.debounce for t in self._tracks)

    def reset(self) -> None:
        self._tracks = []
