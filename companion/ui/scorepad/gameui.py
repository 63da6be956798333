"""The score pad's GameUI: the shell's shared set-up (names and pads) and its own score table
(the screen "table", which is also `GameUI.table_screen`'s default), with the table's actions
(`app.scorepad`), its view-model (`app.scorepad_vm`) and its history's words."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.session import Intent, TableView
from companion.ui.gameui import Describe, GameUI, PointsStep
from companion.ui.text.i18n import _
from companion.ui.scorepad import history
from companion.ui.scorepad.viewmodels import ScorePadTableViewModel


class ScorePadUI(GameUI):
    """A table's running scores for any game (the shell's `setup` screen, its own `table`)."""

    @classmethod
    def category_name(cls, category: str) -> str:
        return _("Points entered") if category == "entered" else category

    @classmethod
    def rule_name(cls, rule: str) -> str:
        return _("the points the table entered")

    screens = {"setup": "companion.ui.scorepad.setup", "table": "companion.ui.scorepad.table"}
    start_kind = history.START_KIND

    def __init__(self, app: Any, choice: Any) -> None:
        super().__init__(app, choice)
        self.vm = ScorePadTableViewModel()

    def kv_names(self) -> Mapping[str, Any]:
        return {"scorepad_vm": self.vm, "scorepad": self}

    # -- refreshing ------------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        if self.app.route("table") == self.table_screen:  # only while it is the open game's table
            self.vm.update(table)

    def relabel(self) -> None:
        self.vm.relabel()

    def clear_notices(self) -> None:
        self.vm.clear_notice()

    def showing(self, screen: str) -> None:
        """The table opens with its keypad closed and no finish half-confirmed."""
        self.vm.keypad.close()
        self.vm.confirming_finish = False

    # -- the table's actions ---------------------------------------------------------------------

    def add_points(self, seat: int, points: int) -> None:
        self.app.post(Intent(history.POINTS_COMMAND, {"seat": int(seat), "points": int(points)}))

    def ask_finish(self) -> None:
        self.vm.keypad.close()
        self.vm.confirming_finish = True

    def cancel_finish(self) -> None:
        self.vm.confirming_finish = False

    def finish_game(self) -> None:
        self.vm.confirming_finish = False
        self.app.post(Intent("finish"))

    # -- the keypad (entering any number of points) ----------------------------------------------

    def keypad_open(self, seat: int) -> None:
        if not self.vm.finished:
            self.vm.confirming_finish = False
            self.vm.keypad.open(int(seat))

    def keypad_press(self, key: str) -> None:
        keypad = self.vm.keypad
        if key == "±":
            keypad.toggle_sign()
        elif key == "←":
            keypad.backspace()
        elif key.isdigit():
            keypad.press(int(key))

    def keypad_cancel(self) -> None:
        self.vm.keypad.close()

    def keypad_ok(self) -> None:
        keypad = self.vm.keypad
        value, seat = keypad.value(), int(keypad.seat)
        keypad.close()
        if value is not None and seat >= 0:
            self.add_points(seat, value)

    # -- its history's words ---------------------------------------------------------------------

    @classmethod
    def history_describer(cls) -> Describe:
        return history.describe_event

    @classmethod
    def points_step(cls, events: Sequence[Mapping[str, Any]]) -> PointsStep | None:
        return history.points_step(events)
