"""Augustus' GameUI: its own set-up and table over one controller (`app.augustus`), its pads'
presenter and its demo states."""

from __future__ import annotations

from typing import Any, Mapping

from companion.session import TableView
from companion.ui.augustus.demo import AugustusDemo
from companion.ui.augustus.format import GAME
from companion.ui.augustus.presenters import AugustusPresenter
from companion.ui.text.i18n import N_, _
from companion.ui.gameui import GameUI


class AugustusGameUI(GameUI):
    #: The final scoring's parts (games/augustus/result.py), in the end screen's words.
    CATEGORIES = {"rewards": N_("Rewards"), "objectives": N_("Objectives"), "powers": N_("Powers")}

    @classmethod
    def category_name(cls, category: str) -> str:
        msgid = cls.CATEGORIES.get(category)
        return _(msgid) if msgid else category

    screens = {"augustus_setup": "companion.ui.augustus.setup", "augustus_table": "companion.ui.augustus.table"}
    table_screen = "augustus_table"
    setup_screen = "augustus_setup"
    demo = AugustusDemo()
    presenter_class = AugustusPresenter
    start_kind = "augustus.setup"

    def __init__(self, app: Any, choice: Any) -> None:
        super().__init__(app, choice)
        from companion.ui.augustus.card_file import CardFile, default_path
        from companion.ui.augustus.controller import AugustusUI

        session = app.session
        self.controller = AugustusUI(post=app.post, pad_of_seat=session.pad_of_seat, setup_vm=app.setup_vm,
                                     setup_pads=app.setup_pads,
                                     own_cards=CardFile(default_path(session.store.data_dir)))

    def kv_names(self) -> Mapping[str, Any]:
        return {"augustus": self.controller}

    def update(self, table: TableView) -> None:
        if table.game == GAME:
            self.controller.learn(table.view)
        self.controller.table.update(table)

    def relabel(self) -> None:
        self.controller.relabel()

    def clear_notices(self) -> None:
        self.controller.table.clear_notice()

    def game_started(self) -> None:
        self.controller.game_started()

    def showing(self, screen: str) -> None:
        if screen == self.setup_screen:
            self.app.when_idle(self._prepare_table)

    def _prepare_table(self) -> None:
        """At the idle moment while the set-up shows (the table enters its names): the game's
        rules imported (the session's registry is lazy), the table's screen and its card entry's
        page of numbers made, the first things a new game needs. Made in the Start tap they were
        nine tenths of its 500-700 ms of the main thread here."""
        if self.app.sm.current != self.setup_screen:
            return
        self.app.session.games.get(self.id)
        self.app.screen(self.table_screen).prepare_card_entry()

    def remember_players(self, names: Any, colours: Any, pads: Any) -> None:
        """A game night's players, with their colours."""
        super().remember_players(names, colours, pads)
        self.controller.remember_colours(colours)

    def choose(self) -> None:
        super().choose()
        self.controller.relabel()
