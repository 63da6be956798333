"""Tribune's end as a play record reads it (`Game.final_result`): Tribune is won by the victory
card's conditions, not by points, so the play goes without points (BG Stats' noPoints).

- The whole game (mode "full"): the winners the round's end check decided (`Board.winners`,
  digest 3.5), and each seat's holding for every condition of the card as its categories, each
  with the card's threshold and whether it was met.
- The money-and-bids keeper: the winners the table named when it finished the game, and each
  seat's money at the end as its only category (public: the money is open)."""

from __future__ import annotations

from companion.core.results import Category, FinalResult, PlayerResult
from companion.games.tribune import flow
from companion.games.tribune.state import TribuneState

RULE = "Tribune: victory conditions on the board (the winners the table named)"
VICTORY_RULE = "Tribune 3.5 victory card"
MONEY_RULE = "Tribune money (open)"


def final_result(state: TribuneState) -> FinalResult | None:
    """None while the game goes on."""
    if not state.finished:
        return None
    board = state.board
    if board is not None:
        standings = {s.seat: s for s in flow.grid(state)}
        players = []
        for seat, name in enumerate(state.players):
            conditions = standings[seat].conditions
            players.append(PlayerResult(seat, name, None, seat in board.winners, tuple(
                Category(c.name, c.value, VICTORY_RULE, {"threshold": c.threshold, "met": c.met}) for c in conditions)))
        return FinalResult(tuple(players), state.start_player, no_points=True, tie_break_rule=VICTORY_RULE)
    return FinalResult(tuple(PlayerResult(seat, name, None, seat in state.winners,
                                          (Category("money", state.money[seat], MONEY_RULE),))
                             for seat, name in enumerate(state.players)),
                       state.start_player, no_points=True, tie_break_rule=RULE)
