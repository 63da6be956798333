"""Troyes' end as a play record reads it (`Game.final_result`): the final breakdown of the public
view once the game is over (Troyes 2.4 final scoring and its tie-break), when the VP and the
character cards are revealed; never before (digest 2.1: VP are hidden until the end)."""

from __future__ import annotations

from companion.core.results import FinalResult, from_breakdown
from companion.core.views import to_data
from companion.games.troyes.state import TroyesState


def final_result(state: TroyesState) -> FinalResult | None:
    """None before the end: the VP and characters are secret until then."""
    from companion.games.troyes.view import view

    public = to_data(view(state, None))
    final = public.get("final")
    if state.phase != "over" or not final:
        return None
    return from_breakdown(final, start_player=public.get("start_player"))
