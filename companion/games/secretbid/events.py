"""Secret bid events. Each round's bids are the core's sealed-bid events (`companion.core.sealed`)."""

from __future__ import annotations

import dataclasses

from companion.core import sealed
from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class BidsStarted(Event):
    """The table is seated: names, each seat's limit, the change of one press, and how unlocked
    seats count on a forced reveal. All public; the first round opens in the same step."""

    kind = "secretbid.started"
    players: tuple[str, ...]
    limits: tuple[int, ...]
    step: int
    unlocked: str


@dataclasses.dataclass(frozen=True)
class BidsFinished(Event):
    kind = "secretbid.finished"


EVENT_TYPES: tuple[type[Event], ...] = (BidsStarted, BidsFinished, *sealed.EVENT_TYPES)
