"""How seats that had not locked count when the table forces a sealed round's reveal
(`core.sealed`): names only, in a module of their own, so a game's settings can offer them
(Tribune's `unlocked_bids`) without importing the sealed bids themselves, which a start-up that
lists the games' set-up offers does not need."""

from __future__ import annotations

COUNT_CURRENT = "current"  # the amount their pad shows counts as their bid
COUNT_MINIMUM = "minimum"  # they bid the round's minimum (their draft stays secret)
EXCLUDED = "excluded"  # they take no part in the result (their draft stays secret)
UNLOCKED_POLICIES = (COUNT_CURRENT, COUNT_MINIMUM, EXCLUDED)

__all__ = ["COUNT_CURRENT", "COUNT_MINIMUM", "EXCLUDED", "UNLOCKED_POLICIES"]
