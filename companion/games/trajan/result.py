"""Trajan's end as a play record reads it (`Game.final_result`): the final breakdown of the public
view (Trajan 1.12 final scoring, the tie-break of 1.12), and the score track after every round
ending at the final totals, which is the end screen's chart."""

from __future__ import annotations

from companion.core.results import FinalResult, from_breakdown
from companion.core.views import to_data
from companion.games.trajan.state import TrajanState


def final_result(state: TrajanState) -> FinalResult | None:
    """None before the game is over (`phase` "over"): the final scoring exists only then."""
    from companion.games.trajan.view import view

    public = to_data(view(state, None))
    final = public.get("final")
    if state.phase != "over" or not final:
        return None
    totals = {p["seat"]: int(p["total"]) for p in final["players"]}
    track = [[int(vps[seat]) for _s, _r, vps in public.get("score_track", ())] + [totals[seat]]
             for seat in sorted(totals)]
    return from_breakdown(final, start_player=public.get("start_player"), track=track)
