"""Troyes' part of the app: its own set-up (the shared names and pads, and each seat's colour, the
start player, the tie-break) and table screen, its view-models (`app.troyes_setup`, `app.troyes_vm`),
and its pads' and status display's presenter. The scanner's reads reach the rules through the
session (`TroyesRules.command_for_dice` assigns a read to the seat whose due colours it matches);
this side shows what they did, and offers a simulated scanner's Roll with the dice now due."""

from __future__ import annotations

from typing import Any, Mapping

from companion.session import Intent, TableView
from companion.ui.gameui import Describe, GameUI
from companion.ui.troyes import history
from companion.ui.troyes import format as tfmt
from companion.ui.troyes.demo import TroyesDemo
from companion.ui.troyes.presenters import TroyesPresenter
from companion.ui.troyes.setup_vm import TroyesSetupModel
from companion.ui.troyes.viewmodels import TroyesTableViewModel

GAME = tfmt.GAME


class TroyesUI(GameUI):
    screens = {"troyes_setup": "companion.ui.troyes.setup", "troyes_table": "companion.ui.troyes.table"}
    table_screen = "troyes_table"
    setup_screen = "troyes_setup"
    shared_table = False
    demo = TroyesDemo()
    presenter_class = TroyesPresenter
    start_kind = history.START_KIND

    @classmethod
    def category_name(cls, category: str) -> str:
        return tfmt.category_name(category)

    @classmethod
    def history_describer(cls) -> Describe:
        return history.Describer()

    def __init__(self, app: Any, choice: Any) -> None:
        super().__init__(app, choice)
        self.vm = TroyesTableViewModel(post=app.post)
        self.setup = TroyesSetupModel(app.setup_vm)

    def kv_names(self) -> Mapping[str, Any]:
        return {"troyes_vm": self.vm, "troyes_setup": self.setup, "troyes": self}

    def update(self, table: TableView) -> None:
        if table.game == GAME or self.vm.active:
            self.vm.set_simulated(self._simulated())
            self.vm.update(table)

    def relabel(self) -> None:
        self.setup.relabel()
        self.vm.relabel()
        self._facts_in_force()

    def showing(self, screen: str) -> None:
        if screen == self.setup_screen:
            self._facts_in_force()

    def _facts_in_force(self) -> None:
        """The set-up says when the table's own card facts (Settings → Card facts) are in force."""
        self.setup.facts_text = self.app.card_facts_vm.in_force(GAME)

    def clear_notices(self) -> None:
        self.vm.notice_text = self.vm.notice_level = ""

    def choose(self) -> None:
        self.app.setup_vm.configure(self.choice)

    def start_game(self) -> None:
        """The shared set-up's names and pads, with Troyes' own terms."""
        intent = self.app.setup_vm.intent()
        setup = {**intent.args.get("setup", {}), **self.setup.terms()}
        if not self.app.setup_pads.is_default():
            setup["pads"] = self.app.setup_pads.value()
        self.app.post(Intent("new_game", {"game": GAME, "setup": setup}))

    def round_summary(self) -> None:
        """The round so far, one tap from the table: every step since the last round ended, in the
        history's words (public events only)."""
        entries = [e for e in self.app.session.history() if not e.undone]
        start = 0
        for i, entry in enumerate(entries):
            if any(ev.get("kind") == "troyes.round_ended" for ev in entry.events):
                start = i + 1
        rows = self.history_rows(entries)
        self.vm.show_summary([row["text"] for row in rows[start:]])

    def undo(self) -> None:
        self.vm.undo()

    def redo(self) -> None:
        self.vm.redo()

    # -- the scanner ---------------------------------------------------------------------------

    def _device(self) -> Any:
        """The opened scanner, which the scanner hook attaches to the dice tray's controller
        (`app.dice`, made when the hook opens it); None without one."""
        dice = getattr(self.app, "dice", None)
        return dice.device if dice is not None else None

    def _simulated(self) -> bool:
        device = self._device()
        return bool(device is not None and getattr(device, "is_simulated", False))

    def roll(self) -> None:
        """Simulated scanner only: throw the dice the open question is due."""
        device = self._device()
        dice = self.vm.roll_due()
        if device is None or not getattr(device, "is_simulated", False) or not dice:
            return
        device.roll(dice)
