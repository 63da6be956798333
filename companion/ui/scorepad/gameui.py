"""The score pad's GameUI: the shell's own set-up (names and pads) and score table, which
`companion.ui.gameui.GameUI`'s defaults already are, and its history's words."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.gameui import Describe, GameUI, PointsStep
from companion.ui.scorepad import history


class ScorePadUI(GameUI):
    """A table's running scores for any game (the shell's `setup` and `table` screens)."""

    start_kind = history.START_KIND

    @classmethod
    def history_describer(cls) -> Describe:
        return history.describe_event

    @classmethod
    def points_step(cls, events: Sequence[Mapping[str, Any]]) -> PointsStep | None:
        return history.points_step(events)
