"""Tribune's demo (`TribuneGameUI.demo`): a game in each state its documentation pictures,
reached by the intents the screens and pads send."""

from __future__ import annotations

from typing import Any

from companion.session import Intent
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

#: Its set-up, the table in round 2 (money, the chariot's holder), the money panel, an open chariot
#: auction with two of four locked, region V's result, and a chariot tie (nobody pays, the chariot
#: off the board).
TRIBUNE_STATES = ("setup", "table", "money", "bid", "result", "tie")
TRIBUNE_SCREENS = {state: ("tribune_setup" if state == "setup" else "tribune_table") for state in TRIBUNE_STATES}


def _keys(seat: int, presses: int) -> list[Intent]:
    """A seat's pad: + `presses` times, then OK (the session keeps the draft, journals the lock)."""
    return [Intent("seat_key", {"seat": seat, "key": "plus"})] * presses + [Intent("seat_key", {"seat": seat, "key": "ok"})]


class TribuneDemo(GameDemo):
    screens = TRIBUNE_SCREENS

    def play(self, table: DemoTable, state: str) -> None:
        """Four players, the first two with pads. Round 1: money by hand (the coin bowl, a card),
        region V between the first two (won 9 to 6, paid to the other bidder), the chariot to the
        second player (8, to the bank); then round 2."""
        steps = [Intent("new_game", {"game": "tribune", "setup": {"players": list(table.names), "start_player": 0,
                                                                   "pads": [0, 1, None, None]}})]
        if state != "setup":
            steps += [Intent("take_money", {"seat": 0, "amount": 7, "reason": "coin bowl"}),
                      Intent("pay_money", {"seat": 2, "amount": 3, "reason": "card"}),
                      Intent("region_v", {"space1": 0, "space2": 1}), *_keys(0, 9), *_keys(1, 6)]
        if state not in ("setup", "result"):
            steps += [Intent("chariot_auction"), *_keys(0, 4), *_keys(1, 8), *_keys(2, 2), *_keys(3, 5),
                      Intent("next_round")]
        if state == "bid":
            steps += [Intent("chariot_auction"), *_keys(0, 5), *_keys(1, 3)]
        if state == "tie":
            steps += [Intent("chariot_auction"), *_keys(0, 6), *_keys(1, 3), *_keys(2, 6), *_keys(3, 0)]
        for intent in steps:
            table.handle(intent)

    def prepare(self, state: str) -> Prepare | None:
        """The money panel open, or a just-revealed bid's result shown again."""
        if state == "money":
            def money(app: Any) -> None:
                app.tribune.table.open_money(0)
                app.tribune.table.entry.choose_reason(0)
            return money
        if state in ("result", "tie"):
            return lambda app: app.tribune.table.show_last_result()
        return None
