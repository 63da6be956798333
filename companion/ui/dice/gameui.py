"""The dice tray's part of the app: a tool for the whole table, no set-up and no seats. Its
controller (`app.dice`, a `DiceUI`) is made on first need, so the home screen's first frame does
not wait for it: the scanner, the tray being opened or its journal resumed make it."""

from __future__ import annotations

from typing import Any, Mapping

from companion.session import TableView
from companion.ui.dice import words
from companion.ui.dice.demo import DiceTrayDemo
from companion.ui.dice.model import GAME
from companion.ui.dice.presenters import DiceTrayPresenter
from companion.ui.gameui import Describe, GameUI
from companion.ui.text.i18n import _


class DiceTrayUI(GameUI):
    screens = {"dice_tray": "companion.ui.dice.screen"}
    table_screen = "dice_tray"
    shared_setup = False
    demo = DiceTrayDemo()
    presenter_class = DiceTrayPresenter
    start_kind = words.START_KIND

    @classmethod
    def history_describer(cls) -> Describe:
        return words.describe_event

    @classmethod
    def standing(cls, view: Mapping[str, Any] | None, steps: int) -> str:
        """A tray stands at its tally (no rounds): the words of its own status line."""
        count = view.get("count") if view else None
        if isinstance(count, int):
            return _("Reads counted: {count}").format(count=count)
        return super().standing(view, steps)

    def kv_names(self) -> Mapping[str, Any]:
        return {"dice": None}  # made on first need (`made`)

    def made(self) -> Any:
        """The dice tray's controller (`app.dice`), made now if it was not yet."""
        if self.app.dice is None:
            from companion.ui.dice.controller import DiceUI

            session = self.app.session
            self.app.dice = DiceUI(post=self.app.post, go=self.app.go, open_game=self.app.open_game_id,
                                   resumable=lambda: session.resumable_of(GAME))
            self.app.dice.update(session.table_view())
        return self.app.dice

    def update(self, table: TableView) -> None:
        if self.app.dice is not None or table.game == GAME:
            self.made().update(table)

    def relabel(self) -> None:
        if self.app.dice is not None:
            self.app.dice.relabel()

    def open(self) -> bool:
        self.made().open()  # a tool: no set-up, it carries on with its journal
        return True

    def remember_recent(self) -> bool:
        return False

    def remember_players(self, names: Any, colours: Any, pads: Any) -> None:
        """The tray has no seats: nobody to remember."""
