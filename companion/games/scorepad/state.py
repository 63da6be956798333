"""Score pad state: immutable, so the engine can keep one per step for instant undo."""

from __future__ import annotations

import dataclasses

from companion.core.rng import SeededRandom


@dataclasses.dataclass(frozen=True)
class PadState:
    players: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    start_player: int = 0
    entries: int = 0
    finished: bool = False
    rng: SeededRandom = SeededRandom(0)

    @property
    def is_set_up(self) -> bool:
        return bool(self.players)
