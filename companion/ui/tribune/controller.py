"""Tribune's part of the app: its view-models and the actions its screens call.

One object on the app (`app.tribune`) so the app itself needs only a few lines for it, given what
each part may see and nothing more, as the secret bid's (`companion.ui.secretbid.controller`):

* the set-up shares the score pad's set-up view-model and pad choice (a game night's names and
  pads), and adds the start player and each seat's start money;
* the table view-model gets `TableView`s and which pad plays which seat (both public);
* only the private entry model (the secret bid's) gets `seat_view`, the session's view of one seat.

What every sealed-bid game has on the app (the table, the private entry, Start) is the secret bid's
`SealedBidUI`; this adds the start player and money.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.properties import ListProperty, NumericProperty

from companion.ui.shell.choices import GameChoice
from companion.ui.text.i18n import _
from companion.ui.secretbid.controller import Post, SealedBidUI
from companion.ui.tribune.format import GAME, start_money
from companion.ui.tribune.viewmodels import BIDDING_PHASES, TribuneTableViewModel


class TribuneUI(SealedBidUI):
    """`table` (the shared table), `private` (a bidding seat's entry); for the set-up,
    `start_player` and `start_money` (each seat's denarii at the start, as the rules will give
    them) with `start_labels` ("12", "Start · 12")."""

    GAME = GAME
    PRIVATE_SCREEN = "tribune_private"

    start_player = NumericProperty(0)
    start_money = ListProperty([])
    start_labels = ListProperty([])

    def __init__(self, *, setup_vm: Any, **kwargs: Any) -> None:
        super().__init__(setup_vm=setup_vm, **kwargs)
        setup_vm.bind(count=lambda *_: self._restart_money())
        self._restart_money()

    def make_table(self, post: Post, pad_of_seat: Callable[[int], int | None]) -> TribuneTableViewModel:
        return TribuneTableViewModel(post=post, pad_of_seat=pad_of_seat)

    def relabel(self) -> None:
        super().relabel()
        self._restart_money()

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        """The set-up takes Tribune's player range (2–5), and the start money follows its count."""
        super().configure(choice)
        self._restart_money()

    def choose_start(self, seat: int) -> None:
        """The start player: 12 denarii, the next seat clockwise 13, and so on (digest 3.1)."""
        if 0 <= seat < int(self.setup_vm.count):
            self.start_player = int(seat)
            self._restart_money()

    def _restart_money(self) -> None:
        count = int(self.setup_vm.count)
        if self.start_player >= count:
            self.start_player = 0
        self.start_money = start_money(count, int(self.start_player))
        self.start_labels = [(_("Start · {money}") if seat == self.start_player else "{money}").format(money=money)
                             for seat, money in enumerate(self.start_money)]

    def setup_terms(self) -> dict[str, Any]:
        """The start player."""
        return {"start_player": int(self.start_player)}

    # -- the private entry ---------------------------------------------------------------------

    def bidders(self) -> list[Mapping[str, Any]]:
        return list(self.table.bid_rows) if self.table.phase in BIDDING_PHASES else []
