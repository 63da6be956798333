"""Secret bid settings: limits that keep the tool usable on a pad, not rules of any board game."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class SecretBidSettings:
    """`max_bid`: the largest amount a seat may bid (and its limit when the table gives none); seven
    digits fit a pad's 128x64 OLED in a legible font. `max_step`: the largest change one press may
    make, so a slip in the set-up cannot make every press jump past every limit."""

    min_players: int = 2
    max_players: int = 8
    max_name_length: int = 16
    max_bid: int = 9_999_999
    max_step: int = 100_000


DEFAULT = SecretBidSettings()
