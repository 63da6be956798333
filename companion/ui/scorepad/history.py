"""The score pad's history lines, and which of its steps the points panel corrects.

A score pad's journal is its seating, one event per entry (one seat's points) and its end; its
lines name the seat and the points, so a correction panel can be opened on exactly such a step.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.gameui import PointsStep
from companion.ui.text.i18n import _

#: The first event of every score pad journal: it names the players for the history lines.
START_KIND = "scorepad.started"
#: One seat's points: a step that is exactly this is corrected with the points panel (which
#: player, how many points) rather than from a list of choices.
POINTS_KIND = "scorepad.points"
#: The command that enters one seat's points (and so a corrected entry).
POINTS_COMMAND = "add_points"


def describe_event(event: Mapping[str, Any], players: Sequence[str]) -> str:
    """One score pad event as a history line; undo, redo and anything else as in every game."""
    kind = event.get("kind", "")
    if kind == START_KIND:
        names = list(event.get("players", ()))
        start = event.get("start_player", 0)
        return _("Seated {players}; {name} starts.").format(players=fmt.join_names(names),
                                                            name=fmt.seat_name(names, start))
    if kind == POINTS_KIND:
        return _("{name}: {points}").format(name=fmt.seat_name(players, event.get("seat")),
                                            points=fmt.format_points(int(event.get("points", 0))))
    if kind == "scorepad.finished":
        return _("Game finished.")
    return fmt.format_event(event, players)


def points_step(events: Sequence[Mapping[str, Any]]) -> PointsStep | None:
    """The entry of a step that is one seat's points, else None (the seating, the end, an undo)."""
    if len(events) == 1 and events[0].get("kind") == POINTS_KIND:
        event = events[0]
        return PointsStep(int(event.get("seat", 0)), int(event.get("points", 0)), POINTS_COMMAND)
    return None
