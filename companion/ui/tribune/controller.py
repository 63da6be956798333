"""Tribune's part of the app: its view-models and the actions its screens call.

One object on the app (`app.tribune`) so the app itself needs only a few lines for it, given what
each part may see and nothing more, as the secret bid's (`companion.ui.secretbid.controller`):

* the set-up shares the score pad's set-up view-model and pad choice (a game night's names and
  pads), and adds the start player and each seat's start money;
* the table view-model gets `TableView`s and which pad plays which seat (both public);
* only the private entry model (the secret bid's) gets `seat_view`, the session's view of one seat.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.ui import environment

environment.prepare()

from kivy.event import EventDispatcher  # noqa: E402
from kivy.properties import ListProperty, NumericProperty, ObjectProperty  # noqa: E402

from companion.session import Intent, TableView  # noqa: E402
from companion.ui.catalog import GameChoice  # noqa: E402
from companion.ui.i18n import _  # noqa: E402
from companion.ui.secretbid.private import PrivateEntryModel  # noqa: E402
from companion.ui.tribune.format import GAME, start_money  # noqa: E402
from companion.ui.tribune.viewmodels import BIDDING_PHASES, TribuneTableViewModel  # noqa: E402

Post = Callable[[Intent], None]


class TribuneUI(EventDispatcher):
    """`table` (the shared table), `private` (a bidding seat's entry); for the set-up,
    `start_player` and `start_money` (each seat's denarii at the start, as the rules will give
    them) with `start_labels` ("12", "Start · 12")."""

    table = ObjectProperty(None)
    private = ObjectProperty(None)
    start_player = NumericProperty(0)
    start_money = ListProperty([])
    start_labels = ListProperty([])

    def __init__(self, *, post: Post, seat_view: Callable[[int], Mapping[str, Any] | None],
                 pad_of_seat: Callable[[int], int | None], go: Callable[[str], None],
                 setup_vm: Any, setup_pads: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post = post
        self.go = go
        self.setup_vm = setup_vm
        self.setup_pads = setup_pads
        self.table = TribuneTableViewModel(post=post, pad_of_seat=pad_of_seat)
        self.private = PrivateEntryModel(seat_view=seat_view, post=post)
        setup_vm.bind(count=lambda *_: self._restart_money())
        self._restart_money()

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self.table.update(table)
        self.private.update(table)

    def relabel(self) -> None:
        self.table.relabel()
        self.private.relabel()
        self._restart_money()

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        """The shared set-up view-model takes Tribune's player range (2–5) when its set-up opens by
        another way than the home screen (`companion --game tribune`, New game)."""
        if choice is not None and self.setup_vm.game != GAME:
            self.setup_vm.configure(choice)
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

    def start(self) -> None:
        """Start: the names, the start player and the pads (only when not pad k for seat k). The
        rules check them; a refusal shows above the names."""
        setup: dict[str, Any] = {"players": self.setup_vm.players(), "start_player": int(self.start_player)}
        if not self.setup_pads.is_default():
            setup["pads"] = self.setup_pads.value()
        self.post(Intent("new_game", {"game": GAME, "setup": setup}))

    # -- the private entry ---------------------------------------------------------------------

    def open_private(self, seat: int) -> None:
        """A bidding seat's Private entry: the hand-over screen first (nothing private shown yet)."""
        rows = {row["seat"]: row for row in self.table.bid_rows}
        if self.table.phase not in BIDDING_PHASES or seat not in rows:
            return
        self.table.cancel_reveal()
        self.private.open(seat, rows[seat]["name"])
        self.go("tribune_private")

    def private_cancel(self) -> None:
        """Cancel: from the hand-over straight back to the table; from the entry, the hand-back."""
        self.private.cancel()
        if not self.private.is_open:
            self.go("table")

    def private_done(self) -> None:
        """The screen is back with the table: the panel is emptied before the table shows."""
        self.private.close()
        self.go("table")
