"""Augustus' end as a play record reads it (`Game.final_result`): the final scoring of the public
view (Augustus 4.3 rewards, 4.4 objectives and powers; the tie-break of 4.7.5 and S002), one category per
kind of line. Augustus is played at once by every seat, so it has no start player."""

from __future__ import annotations

from companion.core.results import Category, FinalResult, PlayerResult
from companion.core.views import to_data
from companion.games.augustus.state import AugustusState

#: The final scoring's parts in the end screen's order, each with the rule it scores by.
PARTS = (("rewards", "Augustus 4.3 rewards"), ("objectives", "Augustus 4.4 objectives"),
         ("powers", "Augustus 4.4 powers"))


def final_result(state: AugustusState) -> FinalResult | None:
    """None before the end (`phase` "over")."""
    from companion.games.augustus.view import view

    final = to_data(view(state, None)).get("final")
    if state.phase != "over" or not final:
        return None
    winners = set(final.get("winners", ()))
    players = []
    for score in sorted(final["scores"], key=lambda s: s["seat"]):
        lines = score.get("lines", ())
        categories = tuple(Category(part, int(score.get(part, 0)), rule,
                                    tuple(line for line in lines if line.get("category") == part))
                           for part, rule in PARTS)
        players.append(PlayerResult(int(score["seat"]), str(score["name"]), int(score["total"]),
                                    score["seat"] in winners, categories))
    return FinalResult(tuple(players), None, tie_break=str(final.get("tie_break", "")),
                       tie_break_rule="Augustus 4.7.5 tie-break (S002: the most senators)")
