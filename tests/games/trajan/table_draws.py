"""What a table drawing by hand adds to a command it plays: the forum tile its leader finds in a
province, or the construction tile its worker finds on the site, where the table laid one out
unseen (companion/games/trajan/unseen.py)."""

from __future__ import annotations

import dataclasses
import random

from companion.core.events import Command
from companion.games.trajan import commands as c
from companion.games.trajan import unseen
from companion.games.trajan.state import TrajanState


def named_by_the_table(state: TrajanState, command: Command, rnd: random.Random) -> Command:
    """`command`, with the tile the table names when the app could not know it."""
    if (isinstance(command, c.Military) and command.kind == "move"
            and dict(state.province_tiles).get(command.province) == unseen.UNSEEN):
        return dataclasses.replace(command, found=rnd.choice(unseen.kinds_left(state)))
    if (isinstance(command, c.Construction) and command.kind == "worker"
            and state.site[command.space].tile == unseen.UNSEEN_SITE_TILE):
        return dataclasses.replace(command, found=rnd.choice(unseen.site_tiles_left(state)))
    return command


def named_intent(view: dict, intent: dict, rnd: random.Random) -> dict:
    """The same for an intent posted to the session, from the table's view (the demo's own)."""
    from companion.ui.trajan.demo import name_found_tile

    return dict(name_found_tile(view, intent, rnd))
