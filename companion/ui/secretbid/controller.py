"""The secret bid's part of the app: its view-models and the actions its screens call.

One object on the app (`app.secretbid`) so the app itself needs only a few lines for it. It is
given what each part may see, and nothing more:

* the set-up shares the score pad's set-up view-model and pad choice (the same names and pads
  serve a game night's every tool), and adds each player's limit;
* the table view-model gets `TableView`s and which pad plays which seat (both public);
* only the private entry model gets `seat_view`, the session's private view of one seat.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.ui import environment

environment.prepare()

from kivy.event import EventDispatcher  # noqa: E402
from kivy.properties import ObjectProperty  # noqa: E402

from companion.session import Intent, TableView  # noqa: E402
from companion.ui.catalog import GameChoice  # noqa: E402
from companion.ui.secretbid.limits import LimitsModel  # noqa: E402
from companion.ui.secretbid.private import PrivateEntryModel  # noqa: E402
from companion.ui.secretbid.viewmodels import GAME, SecretBidTableViewModel  # noqa: E402

Post = Callable[[Intent], None]


class SecretBidUI(EventDispatcher):
    """`setup_limits` (the set-up's limits), `table` (the shared table), `private` (a seat's entry)."""

    setup_limits = ObjectProperty(None)
    table = ObjectProperty(None)
    private = ObjectProperty(None)

    def __init__(self, *, post: Post, seat_view: Callable[[int], Mapping[str, Any] | None],
                 pad_of_seat: Callable[[int], int | None], go: Callable[[str], None],
                 setup_vm: Any, setup_pads: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post = post
        self.go = go
        self.setup_vm = setup_vm
        self.setup_pads = setup_pads
        self.setup_limits = LimitsModel(names=setup_vm.players)
        self.setup_limits.set_seats(int(setup_vm.count))
        setup_vm.bind(count=lambda *_: self.setup_limits.set_seats(int(setup_vm.count)))
        self.table = SecretBidTableViewModel(post=post, pad_of_seat=pad_of_seat)
        self.private = PrivateEntryModel(seat_view=seat_view, post=post)

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self.table.update(table)
        self.private.update(table)

    def relabel(self) -> None:
        self.table.relabel()
        self.setup_limits.relabel()
        self.private.relabel()

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        """The shared set-up view-model takes the secret bid's player range (2–8) when its set-up
        opens by another way than the home screen (`companion --game secretbid`, New game)."""
        if choice is not None and self.setup_vm.game != GAME:
            self.setup_vm.configure(choice)

    def start(self) -> None:
        """Start: the names, the limits (only when some player has one) and the pads (only when not
        pad k for seat k). The rules check them; a refusal shows above the names."""
        self.setup_limits.close()
        setup: dict[str, Any] = {"players": self.setup_vm.players()}
        if self.setup_limits.any_limit():
            setup["limits"] = self.setup_limits.value()
        if not self.setup_pads.is_default():
            setup["pads"] = self.setup_pads.value()
        self.post(Intent("new_game", {"game": GAME, "setup": setup}))

    # -- the private entry ---------------------------------------------------------------------

    def open_private(self, seat: int) -> None:
        """A seat's Private entry: the hand-over screen first (nothing private is shown yet)."""
        rows = {row["seat"]: row for row in self.table.rows}
        if self.table.phase != "bidding" or seat not in rows:
            return
        self.table.confirming = False
        self.private.open(seat, rows[seat]["name"])
        self.go("secretbid_private")

    def private_cancel(self) -> None:
        """Cancel: from the hand-over straight back to the table; from the entry, the hand-back."""
        self.private.cancel()
        if not self.private.is_open:
            self.go("table")

    def private_done(self) -> None:
        """The screen is back with the table: the panel is emptied before the table shows."""
        self.private.close()
        self.go("table")
