"""The secret bid's demo (`SecretBidGameUI.demo`): a bid in each state its documentation pictures,
reached by the same intents the screens and pads send."""

from __future__ import annotations

from typing import Any

from companion.session import Intent
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

#: Its set-up, the table with some bids locked, the forced reveal's question, a seat's private
#: entry, and the revealed round.
SECRETBID_STATES = ("setup", "table", "confirm", "private", "result")
#: The screen each state is shown on.
SECRETBID_SCREENS = {"setup": "secretbid_setup", "table": "secretbid_table", "confirm": "secretbid_table",
                     "private": "secretbid_private", "result": "secretbid_table"}
#: The seat whose private entry the "private" picture shows, and its draft there.
SECRETBID_PRIVATE_SEAT, SECRETBID_PRIVATE_DRAFT = 2, 12
#: The players' limits: the third has none.
LIMITS = (40, 35, None, 25)


class SecretBidDemo(GameDemo):
    screens = SECRETBID_SCREENS

    def play(self, table: DemoTable, state: str) -> None:
        """Four players with limits; the first two have pads, the others use the private entry; two
        have locked. For "result" the round is revealed by force (the fourth never locked); for
        "setup" the game is open and the set-up screen offers its players again."""
        steps = [Intent("new_game", {"game": "secretbid", "setup": {
            "players": list(table.names), "limits": list(LIMITS), "pads": [0, 1, None, None]}})]
        if state != "setup":
            presses = {0: 14, 1: 9, SECRETBID_PRIVATE_SEAT: SECRETBID_PRIVATE_DRAFT}
            for seat, count in presses.items():
                steps += [Intent("seat_key", {"seat": seat, "key": "plus"})] * count
            steps += [Intent("seat_key", {"seat": 0, "key": "ok"}), Intent("seat_key", {"seat": 1, "key": "ok"})]
            if state == "result":
                steps += [Intent("seat_key", {"seat": SECRETBID_PRIVATE_SEAT, "key": "ok"}), Intent("force_reveal")]
        for intent in steps:
            table.handle(intent)

    def prepare(self, state: str) -> Prepare | None:
        """The question open, a seat's entry handed over, or the set-up's limits being edited."""
        if state == "confirm":
            return lambda app: app.secretbid.table.ask_reveal()
        if state == "private":
            def private(app: Any) -> None:
                app.secretbid.open_private(SECRETBID_PRIVATE_SEAT)
                app.secretbid.private.show()
            return private
        if state == "setup":
            # A limit chosen for three players, the editor open on one of them.
            def setup(app: Any) -> None:
                app.secretbid.setup_limits.set_all(list(LIMITS))
                app.secretbid.setup_limits.open(1)
            return setup
        return None
