"""Score pad events: what happened, journaled as JSON."""

from __future__ import annotations

import dataclasses

from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class PadStarted(Event):
    """Seats and names fixed; the start player was drawn from the seeded generator (state after it kept)."""

    kind = "scorepad.started"
    players: tuple[str, ...]
    start_player: int
    rng_state: int


@dataclasses.dataclass(frozen=True)
class PointsAdded(Event):
    kind = "scorepad.points"
    seat: int
    points: int


@dataclasses.dataclass(frozen=True)
class PadFinished(Event):
    kind = "scorepad.finished"


EVENT_TYPES = (PadStarted, PointsAdded, PadFinished)
