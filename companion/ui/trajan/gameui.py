"""Trajan's part of the app: its own set-up (players, colours, pads, the table's draws) and table
screens, their two view-models (`app.trajan_setup_vm`, `app.trajan_vm`), an undo that steps back
over the automatic end of a turn, the history's corrections that ask the tile again, and its
history's words (each step placed in its season and round)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from companion.session import Notice, TableView
from companion.ui.trajan import names
from companion.ui.gameui import GameUI
from companion.ui.shell import setup_pads
from companion.ui.text.i18n import _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan.demo import TrajanDemo
from companion.ui.trajan.presenters import TrajanPresenter
from companion.ui.trajan.setup_vm import TrajanSetupViewModel
from companion.ui.trajan.viewmodels import TrajanTableViewModel

GAME = "trajan"


class TrajanUI(GameUI):
    screens = {"trajan_setup": "companion.ui.trajan.setup", "trajan_table": "companion.ui.trajan.table"}
    table_screen = "trajan_table"
    setup_screen = "trajan_setup"
    shared_table = False

    @classmethod
    def category_name(cls, category: str) -> str:
        return names.category(category)

    @classmethod
    def rule_name(cls, rule: str) -> str:
        return names.rule(rule)

    #: A round's end (its demand turned up) and a season scored are told on the table.
    news_kinds = frozenset({"trajan.demand", "trajan.season_scored", "trajan.game_ended"})
    shared_setup = False
    demo = TrajanDemo()
    presenter_class = TrajanPresenter

    def __init__(self, app: Any, choice: Any) -> None:
        super().__init__(app, choice)
        pads = setup_pads.DEFAULT_PAD_COUNT if app.pad_count is None else int(app.pad_count)
        self.setup_vm = TrajanSetupViewModel(pad_count=pads)
        self.vm = TrajanTableViewModel(post=app.post)

    def kv_names(self) -> Mapping[str, Any]:
        return {"trajan_setup_vm": self.setup_vm, "trajan_vm": self.vm}

    # -- refreshing ------------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        if table.game == GAME or self.vm.active or table.game is None:
            self.vm.update(table)

    def relabel(self) -> None:
        self.setup_vm.relabel()
        self.vm.relabel()

    def show_setup_notice(self, notice: Notice | None) -> None:
        self.setup_vm.show_notice(notice)

    def clear_notices(self) -> None:
        self.vm.notice_text = self.vm.notice_rule = self.vm.notice_level = ""
        self.setup_vm.show_notice(None)

    def game_started(self) -> None:
        self.setup_vm.game_started()

    # -- choosing the game -----------------------------------------------------------------------

    def prepare(self) -> None:
        self.setup_vm.configure(self.choice)

    def choose(self) -> None:
        self.setup_vm.configure(self.choice)

    def choose_again(self) -> None:
        """The set-up keeps the names, colours and pads it remembered from the game just played."""

    def start_game(self) -> None:
        """Start on Trajan's set-up: with the table's draws, first the page entering them."""
        vm = self.setup_vm
        if vm.wants_draws_entry():
            vm.open_draws()
            return
        if vm.draws_open and not vm.draws.complete:
            vm.draws.focus_first_missing()  # the rules take all of the table's draws or none
            return
        self.app.post(vm.intent())

    def setup_back(self) -> None:
        """Back from the draws page is the players page; from the players page, home."""
        if not self.setup_vm.back():
            self.app.go("home")

    # -- a game night keeps its players ----------------------------------------------------------

    def remember_recent(self) -> bool:
        recent = self.app.session.recent_players(GAME)
        if recent is None:
            return False
        self.remember_players(recent.names, recent.colours, recent.pads)
        return True

    def remember_players(self, names: Sequence[str], colours: Sequence[str], pads: Any) -> None:
        if self.choice.min_players <= len(names) <= self.choice.max_players:  # another game's, when they fit
            self.setup_vm.remember(list(names), list(colours), pads)

    # -- actions ---------------------------------------------------------------------------------

    def undo(self) -> None:
        self.vm.undo()  # an automatic end of turn goes back with the action it followed

    def redo(self) -> None:
        self.vm.redo()

    def correction_choices(self, view: Mapping[str, Any]) -> list[Any]:
        """A choice that would have the table name the tile it found (table draws) carries those
        tiles' choices as its `then`."""
        return tfmt.correction_choices(view)

    # -- its history's words ---------------------------------------------------------------------

    @classmethod
    def history_rows(cls, entries: Iterable[Any]) -> list[dict[str, Any]]:
        """Each step with its season and round (headed by them on the history screen)."""
        return tfmt.history_rows(entries)

    @classmethod
    def choice_label(cls, intent: Mapping[str, Any]) -> str:
        text = tfmt.choice_label(intent)
        # A sowing is a bare tray numeral on the table (beside its tray); here it needs words.
        return _("Pick up tray {tray}").format(tray=text) if intent["name"] == "sow" else text
