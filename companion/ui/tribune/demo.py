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
#: The whole game: the victory card being entered, followers being placed, a take-over's set being
#: entered, region VIII's pairs locked on the pads, the victory grid at round 1's end, the players'
#: holdings and the factions row after it.
WHOLE_STATES = ("victory_card", "whole_place", "whole_takeover", "whole_pairs", "whole_grid", "whole_players",
                "whole_factions", "whole_settings")
TRIBUNE_SCREENS = {state: ("tribune_setup" if state == "setup" else "tribune_victory" if state == "victory_card"
                           else "tribune_settings" if state == "whole_settings"
                           else "tribune_table") for state in (*TRIBUNE_STATES, *WHOLE_STATES)}
#: An example card for the pictures (the real thresholds are printed on the table's card: U).
EXAMPLE_CARD = {"factions": 2, "laurels": 4, "legions": 3, "denarii": 25, "tribune": None, "favour": 1, "needed": 3}
#: The answers of round 1's regions in the pictures: Ann and Cy pay 3 for region I's cards;
#: region II's cards are left; region III's card taken as 4 denarii; region IV left; region V
#: bought alone; region VI's cards bought.
REGION_ANSWERS: dict[str, Any] = {"tribune.region_i": 3, "tribune.region_ii": None,
                                  "tribune.region_iii": {"value": 4, "take": "money"}, "tribune.region_iv": None,
                                  "tribune.region_v_single": True, "tribune.region_vi": "buy"}
#: Round 1 of the whole game, four players, five followers each: each seat's spaces in its turns.
WHOLE_PLAN = {0: ["faction:vestals", "I.1", "VIII.1", "bowl", "III.1"],
              1: ["faction:vestals", "II.1", "VIII.2", "bowl", "VI.1"],
              2: ["faction:senators", "V.1", "bowl", "I.2", "IV.1"],
              3: ["bowl", "VIII.3", "II.2", "VI.2", "bowl"]}


def _keys(seat: int, presses: int) -> list[Intent]:
    """A seat's pad: + `presses` times, then OK (the session keeps the draft, journals the lock)."""
    return [Intent("seat_key", {"seat": seat, "key": "plus"})] * presses + [Intent("seat_key", {"seat": seat, "key": "ok"})]


class TribuneDemo(GameDemo):
    screens = TRIBUNE_SCREENS

    def play(self, table: DemoTable, state: str) -> None:
        if state in WHOLE_STATES:
            self._whole(table, state)
            return
        self._keeper(table, state)

    def _whole(self, table: DemoTable, state: str) -> None:
        """The whole game with the example card: round 1's followers (13 of 20 for the placing
        picture), the regions answered in order, region VIII's pairs locked on the first two pads
        (the third occupant has no pad: its private entry), the take-over of the Vestals (Bo on
        space 2 passes, Ann plays two cards), the chariot auction and its move; round 2 begins."""
        table.handle(Intent("new_game", {"game": "tribune", "setup": {
            "players": list(table.names), "start_player": 0, "pads": [0, 1, None, None], "mode": "full",
            "victory": EXAMPLE_CARD}}))
        if state in ("victory_card", "whole_settings"):
            return

        def ask() -> Any:
            return table.session.table_view().ask

        queues = {seat: list(spaces) for seat, spaces in WHOLE_PLAN.items()}
        placed = 0
        while (now := ask()) is not None and now.kind == "tribune.place":
            if state == "whole_place" and placed == 13:
                return
            table.handle(Intent("place", {"seat": int(now.who), "space": queues[int(now.who)].pop(0)}))
            placed += 1
        while (now := ask()) is not None and now.kind in REGION_ANSWERS:
            table.handle(Intent("resolve", {"answer": REGION_ANSWERS[now.kind]}))
        for intent in _keys(0, 11) + _keys(1, 7):  # region VIII: Ann's pair 11, Bo's 7
            table.handle(intent)
        if state == "whole_pairs":
            return
        table.handle(Intent("lock_bid", {"seat": 3, "amount": 9}))
        while (now := ask()) is not None and now.kind == "tribune.takeover":
            if state == "whole_takeover" and int(now.who) == 0:
                return
            table.handle(Intent("resolve", {"answer": ["vestals:3", "vestals:4"] if int(now.who) == 0 else None}))
        for intent in _keys(0, 2) + _keys(1, 3):
            table.handle(intent)
        for seat, amount in ((2, 1), (3, 5)):
            table.handle(Intent("lock_bid", {"seat": seat, "amount": amount}))
        if (now := ask()) is not None and now.kind == "tribune.chariot_move":
            table.handle(Intent("resolve", {"answer": "senators"}))

    def _keeper(self, table: DemoTable, state: str) -> None:
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
        """The money panel open, or a just-revealed bid's result shown again; the whole game's
        take-over with Ann's set entered, or one of its tabs."""
        if state == "whole_takeover":
            def takeover(app: Any) -> None:
                board = app.tribune.table.board
                for value in (3, 4):
                    board.card_value = value
                    board.add_card()
            return takeover
        if state == "whole_settings":
            def settings(app: Any) -> None:  # the table reads two rules its own way
                app.tribune.reset_rules()
                app.tribune.cycle_setting("first_takeover_max_two")
                app.tribune.cycle_benefit("legates", "benefit")
            return settings
        if state in ("whole_grid", "whole_players", "whole_factions"):
            tab = {"whole_grid": "victory", "whole_players": "players", "whole_factions": "factions"}[state]
            return lambda app: app.tribune.table.board.show(tab)
        if state == "money":
            def money(app: Any) -> None:
                app.tribune.table.open_money(0)
                app.tribune.table.entry.choose_reason(0)
            return money
        if state in ("result", "tie"):
            return lambda app: app.tribune.table.show_last_result()
        return None
