"""Score pad settings. Not rules of any board game: limits that catch typos at the table."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class ScorepadSettings:
    """`max_players`: seats on the pad. `max_entry`: the largest points in one entry, either sign,
    so a slip like 1000 instead of 10 is refused rather than silently recorded."""

    max_players: int = 8
    max_entry: int = 999
    max_name_length: int = 16


DEFAULT = ScorepadSettings()
