"""Tiles a table that draws by hand laid out without telling the app (Trajan 1.6-1.9).

With table draws the forum display, the extra-action spaces and the provinces are filled from the
table's own bags, at set-up and at every season's refill, and the construction site at set-up.
Entering them (45 tiles at a 4-player set-up, 25 at each refill: about as many taps as the game
has turns) is not asked for: those places hold `UNSEEN` tiles (the app knows how many lie where,
not what they are), and a player names a tile only when taking it, in the same tap that takes it
(the forum) or right after choosing the province (the leader's move) or the site's space (a
worker). The forum tiles named so far are kept (`TrajanState.forum_seen`, `extra_seen`) and the
construction tiles are the players' own, so a tile the box no longer has is refused by what the
box holds.
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import board
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import TrajanState

#: A forum tile lying face up that the table did not name (table draws).
UNSEEN = "unseen"
#: The same for a construction tile on the site (type, VP).
UNSEEN_SITE_TILE = (UNSEEN, 0)

FORUM_RULE = "Trajan 1.7 forum"
SITE_RULE = "Trajan 1.9 construction"


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
        if from_extra and tile in state.settings.forum_tiles:  # a forum tile, never on a yellow space
            raise IllegalCommand(FORUM_RULE, "{tile} is not on the extra-action spaces.", tile=tile)
        raise IllegalCommand(FORUM_RULE, "There is no forum tile called {tile}.", tile=tile)
    if tile not in kinds_left(state, from_extra):
        raise IllegalCommand(FORUM_RULE, "All {count} {tile} tiles are already out.", count=counts[tile], tile=tile)


def named(state: TrajanState, tile: str, from_extra: bool = False) -> TrajanState:
    """The state with `tile` counted as named (after `check_named`)."""
    if from_extra:
        return evolve(state, extra_seen=tuple(sorted(state.extra_seen + (tile,))))
    return evolve(state, forum_seen=tuple(sorted(state.forum_seen + (tile,))))


def site_tiles_left(state: TrajanState) -> list[tuple[str, int]]:
    """The construction tiles (type, VP; 5 types × 2-5 VP, each once) a table may still name:
    neither a player's nor lying named on the site (Trajan 1.9)."""
    gone = {tuple(tile) for player in state.players for tile in player.construction}
    gone |= {space.tile for space in state.site if space.tile is not None}
    return [tile for tile in board.all_site_tiles() if tile not in gone]


def named_site_tile(state: TrajanState, found: object) -> tuple[str, int]:
    """The construction tile (type, VP) a table named, refused when the box has no such tile or
    it was already taken."""
    building, vp = (tuple(found) + (None, None))[:2] if isinstance(found, (list, tuple)) else (found, None)
    if building not in R.CONSTRUCTION_TYPES or vp not in R.CONSTRUCTION_VP:
        raise IllegalCommand(SITE_RULE, "There is no construction tile {building} {vp}.", building=building, vp=vp)
    tile = (str(building), int(vp))  # type: ignore[arg-type]
    if tile not in site_tiles_left(state):
        raise IllegalCommand(SITE_RULE, "The construction tile {building} {vp} was already taken.",
                             building=building, vp=vp)
    return tile
