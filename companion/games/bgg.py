"""The games' BoardGameGeek ids, read from bgg.toml beside this module (data with its source and
whether it is confirmed, not code): each game's rules set `bgg = entry("<id>")`."""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any

from companion.core.results import BggEntry


@functools.cache
def _table() -> dict[str, Any]:
    return tomllib.loads(resources.files(__package__).joinpath("bgg.toml").read_text(encoding="utf-8"))


def entry(game_id: str) -> BggEntry | None:
    """The game's BoardGameGeek entry, or None when the file has none. A malformed entry is a
    clear error naming the game and the field, at import: it ships with the app."""
    row = _table().get(game_id)
    if row is None or "bgg_id" not in row:  # not known yet (Tribune): BG Stats matches by name
        return None
    bgg_id, confirmed, source = row.get("bgg_id"), row.get("confirmed"), row.get("source", "")
    if not isinstance(bgg_id, int) or isinstance(bgg_id, bool) or bgg_id <= 0:
        raise ValueError(f"bgg.toml [{game_id}]: 'bgg_id' must be a positive whole number")
    if not isinstance(confirmed, bool) or not isinstance(source, str) or not source:
        raise ValueError(f"bgg.toml [{game_id}]: 'confirmed' must be true or false and 'source' name where the id comes from")
    return BggEntry(bgg_id, confirmed, source)
