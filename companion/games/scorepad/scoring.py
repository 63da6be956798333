"""Score pad scoring: the totals are the entries' sums; the ranking is the only rule."""

from __future__ import annotations


def places(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Place of each seat, 1 = best. Rule (score pad): highest total wins; equal totals share a
    place and the next place is skipped ("1, 1, 3"), since a generic pad knows no game's tie-break."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
