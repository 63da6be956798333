"""The secret bid's part of the app: its view-models and the actions its screens call.

One object on the app (`app.secretbid`) so the app itself needs only a few lines for it. It is
given what each part may see, and nothing more:

* the set-up shares the score pad's set-up view-model and pad choice (the same names and pads
  serve a game night's every tool), and adds each player's limit;
* the table view-model gets `TableView`s and which pad plays which seat (both public);
* only the private entry model gets `seat_view`, the session's private view of one seat.

`SealedBidUI` is what every game with a sealed bid has there (Tribune's `app.tribune` too): the
table, the private entry and its hand-over, Start; `SecretBidUI` adds the set-up's limits.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty

from companion.session import Intent, TableView
from companion.ui.shell.choices import GameChoice
from companion.ui.secretbid.limits import LimitsModel
from companion.ui.secretbid.private import PrivateEntryModel
from companion.ui.secretbid.viewmodels import GAME, SecretBidTableViewModel

Post = Callable[[Intent], None]


class SealedBidUI(EventDispatcher):
    """What every game with a sealed bid has on the app: `table` (the shared table's view-model),
    `private` (a bidding seat's entry), the set-up's Start, and the private entry's hand-over and
    hand-back. A subclass sets `GAME` and `PRIVATE_SCREEN`, builds its table (`make_table`), and
    says what its set-up adds (`setup_terms`) and which rows bid now (`bidders`)."""

    GAME = ""
    PRIVATE_SCREEN = ""

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
        self.table = self.make_table(post, pad_of_seat)
        self.private = PrivateEntryModel(seat_view=seat_view, post=post)

    def make_table(self, post: Post, pad_of_seat: Callable[[int], int | None]) -> Any:
        """The shared table's view-model (public views only)."""
        raise NotImplementedError

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self.table.update(table)
        self.private.update(table)

    def relabel(self) -> None:
        self.table.relabel()
        self.private.relabel()

    # -- set-up --------------------------------------------------------------------------------

    def configure(self, choice: GameChoice | None) -> None:
        """The shared set-up view-model takes the game's player range when its set-up opens by
        another way than the home screen (`companion --game …`, New game)."""
        if choice is not None and self.setup_vm.game != self.GAME:
            self.setup_vm.configure(choice)

    def setup_terms(self) -> dict[str, Any]:
        """What the game's set-up adds to the names and pads."""
        return {}

    def start(self) -> None:
        """Start: the names, the game's own terms and the pads (only when not pad k for seat k). The
        rules check them; a refusal shows above the names."""
        setup: dict[str, Any] = {"players": self.setup_vm.players(), **self.setup_terms()}
        if not self.setup_pads.is_default():
            setup["pads"] = self.setup_pads.value()
        self.post(Intent("new_game", {"game": self.GAME, "setup": setup}))

    # -- the private entry ---------------------------------------------------------------------

    def bidders(self) -> list[Mapping[str, Any]]:
        """The table's rows of the seats bidding now ({seat, name, …}); none while no bid is open."""
        raise NotImplementedError

    def open_private(self, seat: int) -> None:
        """A bidding seat's Private entry: the hand-over screen first (nothing private shown yet)."""
        rows = {row["seat"]: row for row in self.bidders()}
        if seat not in rows:
            return
        self.table.cancel_reveal()
        self.private.open(seat, rows[seat]["name"])
        self.go(self.PRIVATE_SCREEN)

    def private_cancel(self) -> None:
        """Cancel: from the hand-over straight back to the table; from the entry, the hand-back."""
        self.private.cancel()
        if not self.private.is_open:
            self.go("table")

    def private_done(self) -> None:
        """The screen is back with the table: the panel is emptied before the table shows."""
        self.private.close()
        self.go("table")


class SecretBidUI(SealedBidUI):
    """`setup_limits` (the set-up's limits), `table` (the shared table), `private` (a seat's entry)."""

    GAME = GAME
    PRIVATE_SCREEN = "secretbid_private"

    setup_limits = ObjectProperty(None)

    def __init__(self, *, setup_vm: Any, **kwargs: Any) -> None:
        super().__init__(setup_vm=setup_vm, **kwargs)
        self.setup_limits = LimitsModel(names=setup_vm.players)
        self.setup_limits.set_seats(int(setup_vm.count))
        setup_vm.bind(count=lambda *_: self.setup_limits.set_seats(int(setup_vm.count)))

    def make_table(self, post: Post, pad_of_seat: Callable[[int], int | None]) -> SecretBidTableViewModel:
        return SecretBidTableViewModel(post=post, pad_of_seat=pad_of_seat)

    def relabel(self) -> None:
        super().relabel()
        self.setup_limits.relabel()

    # -- set-up --------------------------------------------------------------------------------

    def setup_terms(self) -> dict[str, Any]:
        """The limits, only when some player has one."""
        return {"limits": self.setup_limits.value()} if self.setup_limits.any_limit() else {}

    def start(self) -> None:
        """Start: the names, the limits (only when some player has one) and the pads (only when not
        pad k for seat k). The rules check them; a refusal shows above the names."""
        self.setup_limits.close()
        super().start()

    # -- the private entry ---------------------------------------------------------------------

    def bidders(self) -> list[Mapping[str, Any]]:
        return list(self.table.rows) if self.table.phase == "bidding" else []
