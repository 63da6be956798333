"""The secret bid's end as a play record reads it (`Game.final_result`): a bidding tool keeps no
score and names no winner of the evening, so its play goes without points (BG Stats' noPoints),
each seat's rounds won as its only category (public: every round shown was revealed)."""

from __future__ import annotations

from companion.core.results import Category, FinalResult, PlayerResult
from companion.core.views import to_data
from companion.games.secretbid.state import SecretBidState

RULE = "secret bid: rounds won (revealed)"


def final_result(state: SecretBidState) -> FinalResult | None:
    """None while bidding goes on."""
    from companion.games.secretbid.view import view

    if not state.finished:
        return None
    public = to_data(view(state, None))
    won = {p["seat"]: 0 for p in public["players"]}
    for result in public.get("results", ()):
        for seat in result.get("winners", ()):
            won[seat] = won.get(seat, 0) + 1
    return FinalResult(tuple(PlayerResult(p["seat"], p["name"], None, False,
                                          (Category("rounds_won", won[p["seat"]], RULE),))
                             for p in public["players"]),
                       None, no_points=True)
