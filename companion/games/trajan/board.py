"""Trajan board geometry: the province graph (Trajan 1.8) and the construction site (Trajan 1.9).

Pure functions over the settings and plain numbers; the action functions in `actions*.py` use them,
and so can the UI (which places to offer) and the tests.
"""

from __future__ import annotations

from typing import Iterable

from companion.games.trajan import rules_data as R
from companion.games.trajan.settings import DEFAULT, TrajanSettings
from companion.games.trajan.state import SiteSpace

# Trajan 1.8: the leader starts in the military camp and never returns to it.
CAMP = "camp"
SITE_SPACES = R.SITE_COLUMNS * R.SITE_ROWS


def neighbours(place: str, settings: TrajanSettings = DEFAULT) -> tuple[str, ...]:
    """The places a leader in `place` may move to, in settings order.

    Every link is two-way except those touching the camp: the camp is a one-way start (HEM, setting
    `province_links`), so the camp is nobody's neighbour, whichever way round a link names it.
    """
    out: list[str] = []
    for a, b in settings.province_links:
        for here, there in ((a, b), (b, a)):
            if here == place and there != CAMP and there not in out:
                out.append(there)
    return tuple(out)


def is_adjacent(a: str, b: str, settings: TrajanSettings = DEFAULT) -> bool:
    """Whether a leader in `a` may move to `b` in one step."""
    return b in neighbours(a, settings)


def is_province(place: object, settings: TrajanSettings = DEFAULT) -> bool:
    """A province of the map (the camp is not one)."""
    return isinstance(place, str) and place in settings.province_vp


def space_coords(space: int) -> tuple[int, int]:
    """(column, row) of a site space; spaces are numbered row-major, 5 columns by 4 rows."""
    return space % R.SITE_COLUMNS, space // R.SITE_COLUMNS


def is_site_space(space: object) -> bool:
    return isinstance(space, int) and not isinstance(space, bool) and 0 <= space < SITE_SPACES


def site_neighbours(space: int) -> tuple[int, ...]:
    """The orthogonal neighbours of a site space (Trajan 1.9: never diagonal), ascending."""
    column, row = space_coords(space)
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = column + dc, row + dr
        if 0 <= c < R.SITE_COLUMNS and 0 <= r < R.SITE_ROWS:
            out.append(r * R.SITE_COLUMNS + c)
    return tuple(out)


def site_setup(tiles: Iterable[tuple[str, int]]) -> tuple[SiteSpace, ...]:
    """The 20 site spaces, row-major, each holding the next tile of `tiles` (the order drawn).

    `tiles` must be exactly the 20 construction tiles: each of the 5 types once at each VP 2–5
    (Trajan 1.9). The caller shuffles (the app from its seeded generator, or the table's layout).
    """
    tiles = tuple((str(kind), int(vp)) for kind, vp in tiles)
    expected = sorted((kind, vp) for kind in R.CONSTRUCTION_TYPES for vp in R.CONSTRUCTION_VP)
    if sorted(tiles) != expected:
        raise ValueError(f"a construction site needs the 20 tiles {expected}, got {tiles}")
    return tuple(SiteSpace(tile=tile) for tile in tiles)


def all_site_tiles() -> tuple[tuple[str, int], ...]:
    """The 20 construction tiles in a fixed order (type, then VP)."""
    return tuple((kind, vp) for kind in R.CONSTRUCTION_TYPES for vp in R.CONSTRUCTION_VP)


def site_place(space: int) -> dict[str, int]:
    """A site space (0-19, row-major) as players say it: row and column from 1, and the space."""
    column, row = space_coords(space)
    return {"space": space, "row": row + 1, "column": column + 1}
