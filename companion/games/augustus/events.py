"""Augustus events: facts, each with a unique kind. The token the app drew is in the event (replay
never asks the world); what the rules then do by themselves (completions, powers, rewards, the
end) is folded from the same moves. Nothing in Augustus is secret: every fact lies open on the
table, so the public event is the whole event."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class AugustusSetUp(Event):
    """The set-up: seats, the first crier (the oldest), every setting played with, the table's
    card file (each card's facts), the generator's state for the app's bag, the seats' colours."""

    kind = "augustus.setup"
    players: tuple[str, ...]
    oldest: int
    settings: Mapping[str, Any]
    cards: tuple[Mapping[str, Any], ...]
    rng_state: int
    #: Each seat's colour (a journal written before colours were chosen has none).
    colours: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class Played(Event):
    """A move (commands.MOVES) by `seat`, or by the crier or the table (None); `detail` is the
    command's fields, which `apply` runs through the same rules."""

    kind = "augustus.played"
    seat: int | None
    move: str
    detail: Mapping[str, Any]


EVENT_TYPES = (AugustusSetUp, Played)
