"""What the screen may show of a score pad. Nothing here is secret, so every seat sees the same."""

from __future__ import annotations

from typing import Any

from companion.core.views import GameView, PlayerView, Seq
from companion.games.scorepad.events import PadFinished, PadStarted, PointsAdded
from companion.games.scorepad.scoring import places
from companion.games.scorepad.state import PadState


class PadPlayer(PlayerView):
    """A row of the pad: the seat's total and its place (1 = leading; ties share a place)."""

    score: int
    place: int


class ScorePadView(GameView):
    """The whole pad: every seat's row, who starts, how many entries were made."""

    finished: bool
    players: Seq[PadPlayer]
    start_player: int
    entries: int


def view(state: PadState, seat: int | None = None) -> ScorePadView:
    ranks = places(state.scores)
    return ScorePadView(
        game="scorepad",
        finished=state.finished,
        start_player=state.start_player,
        entries=state.entries,
        players=Seq([PadPlayer(seat=i, name=name, score=state.scores[i], place=ranks[i])
                     for i, name in enumerate(state.players)]),
    )


def public_event(event: Any) -> dict[str, Any]:
    if isinstance(event, PadStarted):
        return {"players": list(event.players), "start_player": event.start_player}
    if isinstance(event, PointsAdded):
        return {"seat": event.seat, "points": event.points}
    if isinstance(event, PadFinished):
        return {}
    raise TypeError(f"not a score pad event: {event!r}")
