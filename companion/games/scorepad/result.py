"""The score pad's end as a play record reads it (`Game.final_result`): each seat's total, and the
leaders (place 1, ties shared) as the winners; one category, the points the table entered."""

from __future__ import annotations

from companion.core.results import Category, FinalResult, PlayerResult
from companion.games.scorepad.state import PadState

RULE = "score pad: the points entered"


def final_result(state: PadState) -> FinalResult | None:
    """None while the pad is still open (`finished` False)."""
    from companion.games.scorepad.view import view

    if not state.finished:
        return None
    public = view(state, None)
    return FinalResult(tuple(PlayerResult(p.seat, p.name, p.score, p.place == 1,
                                          (Category("entered", p.score, RULE),))
                             for p in public.players),
                       public.start_player, tie_break="shared")
