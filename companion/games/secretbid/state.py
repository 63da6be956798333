"""Secret bid state: immutable, so the engine keeps one per step for instant undo."""

from __future__ import annotations

import dataclasses

from companion.core.sealed import Reveal, SealedRound


@dataclasses.dataclass(frozen=True)
class SecretBidState:
    """`limits` are the table's standing limits (a new round may change them); `round` is the
    current round (its amounts are secret until its reveal); `results` every revealed round, oldest
    first, public for good."""

    players: tuple[str, ...] = ()
    limits: tuple[int, ...] = ()
    step: int = 1
    unlocked: str = "current"
    rounds: int = 0
    round: SealedRound | None = None
    results: tuple[Reveal, ...] = ()
    finished: bool = False

    @property
    def is_set_up(self) -> bool:
        return bool(self.players)

    @property
    def is_bidding(self) -> bool:
        return self.round is not None and self.round.is_open

    @property
    def phase(self) -> str:
        if not self.is_set_up:
            return "setup"
        if self.finished:
            return "finished"
        return "bidding" if self.is_bidding else "revealed"
