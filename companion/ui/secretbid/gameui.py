"""The app's side of a game with sealed bids (the secret bid; Tribune builds on it): its set-up is
the shared one plus the game's own terms, its table and a bidding seat's private entry are its own
screens, all over one controller (`app.<game id>`, a `SealedBidUI`)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.session import TableView
from companion.ui.gameui import Describe, GameUI
from companion.ui.text.i18n import _
from companion.ui.secretbid import format as words
from companion.ui.secretbid.demo import SecretBidDemo


class SealedBidGameUI(GameUI):
    """A subclass names its controller (`make_controller`) and screens; the screens are named
    `<id>_setup`, `<id>_table` and `<id>_private`."""

    shared_table = True

    def __init__(self, app: Any, choice: Any) -> None:
        super().__init__(app, choice)
        self.controller = self.make_controller()

    @property
    def table_screen(self) -> str:  # type: ignore[override]
        return f"{self.id}_table"

    @property
    def setup_screen(self) -> str:  # type: ignore[override]
        return f"{self.id}_setup"

    def make_controller(self) -> Any:
        raise NotImplementedError

    def controller_args(self) -> dict[str, Any]:
        """What a sealed-bid controller is given (the private entry alone reads a seat's view)."""
        app, session = self.app, self.app.session
        return {"post": app.post, "seat_view": session.seat_view, "pad_of_seat": session.pad_of_seat,
                "go": app.go, "setup_vm": app.setup_vm, "setup_pads": app.setup_pads}

    def kv_names(self) -> Mapping[str, Any]:
        return {self.id: self.controller}

    def update(self, table: TableView) -> None:
        self.controller.update(table)

    def relabel(self) -> None:
        self.controller.relabel()


class SecretBidGameUI(SealedBidGameUI):
    @classmethod
    def category_name(cls, category: str) -> str:
        return _("Rounds won") if category == "rounds_won" else category

    @classmethod
    def rule_name(cls, rule: str) -> str:
        return _("rounds won, as revealed")

    screens = {"secretbid_setup": "companion.ui.secretbid.setup", "secretbid_table": "companion.ui.secretbid.table",
               "secretbid_private": "companion.ui.secretbid.private_screen"}
    demo = SecretBidDemo()
    start_kind = words.START_KIND

    @classmethod
    def history_describer(cls) -> Describe:
        return words.history_describer()

    def make_controller(self) -> Any:
        from companion.ui.secretbid.controller import SecretBidUI

        return SecretBidUI(**self.controller_args())
