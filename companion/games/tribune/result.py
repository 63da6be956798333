"""Tribune's end as a play record reads it (`Game.final_result`): Tribune is won by the victory
conditions on the board, not by points (the app keeps only the money and the bids), so the play
goes without points (BG Stats' noPoints) with the winners the table named when it finished the
game, and each seat's money at the end as its only category (public: the money is open)."""

from __future__ import annotations

from companion.core.results import Category, FinalResult, PlayerResult
from companion.games.tribune.state import TribuneState

RULE = "Tribune: victory conditions on the board (the winners the table named)"
MONEY_RULE = "Tribune money (open)"


def final_result(state: TribuneState) -> FinalResult | None:
    """None while the game goes on."""
    if not state.finished:
        return None
    return FinalResult(tuple(PlayerResult(seat, name, None, seat in state.winners,
                                          (Category("money", state.money[seat], MONEY_RULE),))
                             for seat, name in enumerate(state.players)),
                       state.start_player, no_points=True, tie_break_rule=RULE)
