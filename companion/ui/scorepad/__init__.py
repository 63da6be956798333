"""The score pad's part of the app: the shell's own set-up (names and pads) and score table, which
`companion.ui.gameui.GameUI`'s defaults already are."""

from __future__ import annotations

from companion.ui.gameui import GameUI


class ScorePadUI(GameUI):
    """A table's running scores for any game (the shell's `setup` and `table` screens)."""
