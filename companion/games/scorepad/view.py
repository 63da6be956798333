"""What the screen may show of a score pad. Nothing here is secret, so every seat sees the same."""

from __future__ import annotations

from typing import Any

from companion.games.scorepad.events import PadFinished, PadStarted, PointsAdded
from companion.games.scorepad.scoring import places
from companion.games.scorepad.state import PadState


def view(state: PadState, seat: int | None = None) -> dict[str, Any]:
    ranks = places(state.scores)
    return {
        "game": "scorepad",
        "finished": state.finished,
        "start_player": state.start_player,
        "entries": state.entries,
        "players": [
            {"seat": i, "name": name, "score": state.scores[i], "place": ranks[i]}
            for i, name in enumerate(state.players)
        ],
    }


def public_event(event: Any) -> dict[str, Any]:
    if isinstance(event, PadStarted):
        return {"players": list(event.players), "start_player": event.start_player}
    if isinstance(event, PointsAdded):
        return {"seat": event.seat, "points": event.points}
    if isinstance(event, PadFinished):
        return {}
    raise TypeError(f"not a score pad event: {event!r}")
