"""Forum tiles a table that draws by hand laid out without telling the app (Trajan 1.6, 1.7, 1.8).

With table draws the forum display, the extra-action spaces and the provinces are filled from the
table's own bags, at set-up and at every season's refill. Entering 25 tiles each time would cost
more taps than the game has turns, so the app does not ask: those places hold `UNSEEN` tiles
(the app knows how many lie where, not what they are), and a player names a tile only when taking
it, in the same tap that takes it (the forum) or right after choosing the province (the leader's
move). The tiles named so far are kept (`TrajanState.forum_seen`, `extra_seen`), so a tile the box
no longer has is refused by the count the box holds.
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import TrajanState

#: A forum tile lying face up that the table did not name (table draws).
UNSEEN = "unseen"

FORUM_RULE = "Trajan 1.7 forum"


def extra_space_counts(state: TrajanState) -> dict[str, int]:
    """How many of each extra-action tile for the yellow spaces the box holds (Trajan 1.7)."""
    return {f"extra_{action}": state.settings.extra_action_tiles_per_action for action in R.ACTIONS}


def kinds_left(state: TrajanState, from_extra: bool = False) -> list[str]:
    """The tiles a table may still name, in the box's order: those of which fewer have been named
    than the box holds (forum tiles, or with `from_extra` the extra-action spaces' tiles)."""
    counts = extra_space_counts(state) if from_extra else dict(state.settings.forum_tiles)
    seen = state.extra_seen if from_extra else state.forum_seen
    return [kind for kind, count in counts.items() if seen.count(kind) < count]


def check_named(state: TrajanState, tile: str, from_extra: bool = False) -> None:
    """Refuses a tile the table named that the box does not have, or of which every one is out."""
    counts = extra_space_counts(state) if from_extra else dict(state.settings.forum_tiles)
    if tile not in counts:
        raise IllegalCommand(FORUM_RULE, "There is no forum tile called {tile}.", tile=tile)
    if tile not in kinds_left(state, from_extra):
        raise IllegalCommand(FORUM_RULE, "All {count} {tile} tiles are already out.", count=counts[tile], tile=tile)


def named(state: TrajanState, tile: str, from_extra: bool = False) -> TrajanState:
    """The state with `tile` counted as named (after `check_named`)."""
    if from_extra:
        return evolve(state, extra_seen=tuple(sorted(state.extra_seen + (tile,))))
    return evolve(state, forum_seen=tuple(sorted(state.forum_seen + (tile,))))
