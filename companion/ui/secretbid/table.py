"""The secret bid's shared table: one row per player (limit, pad, locked ✓ or waiting, Private
entry), Reveal now… with its question, the revealed round (highest first, ties said plainly), the
next round's limits, and every round once finished; Home, History, Undo and Redo always one tap away.

Everything shown comes from `app.secretbid.table` (public views only). Exactly one content panel
and the phase's own buttons are in the tree at a time: hidden widgets would still take touches
(`bid_table.SealedTableScreen`, Tribune's table's too).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.secretbid.bid_table import SealedTableScreen
from companion.ui.secretbid.widgets import LimitEditor, RevealConfirm  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import FitButton  # noqa: F401  (used in the kv rules)

CONTENT = ("bidding_panel", "confirm_panel", "result_panel", "limits_panel", "finished_panel")
ACTIONS = ("reveal", "new_round", "finish", "new_game")
#: The bar's own buttons in each phase (Home, History, Undo and Redo are always there).
PHASE_ACTIONS = {"bidding": ("reveal",), "revealed": ("new_round", "finish"), "finished": ("new_game",)}


class LimitRow(BoxLayout):
    seat = NumericProperty(0)
    name = StringProperty("")
    limit_text = StringProperty("")


class SecretBidTableScreen(SealedTableScreen):
    OWNER = PREFIX = "secretbid"

    def on_kv_post(self, base_widget: Any) -> None:
        vm = self.owner.table
        self.keep_parts(CONTENT + ACTIONS)
        vm.bind(rows=lambda *_: self.update_seats(), result_rows=lambda *_: self.update_result(),
                round_lines=lambda *_: self.update_rounds(), phase=lambda *_: self.choose(),
                confirming=lambda *_: self.choose(), new_round_open=lambda *_: self.choose())
        vm.limits.bind(labels=lambda *_: self.update_limits())
        self.update_seats()
        self.update_result()
        self.update_rounds()
        self.update_limits()
        self.choose()

    # -- which panel and which buttons are in the tree ------------------------------------------

    def choose(self) -> None:
        vm = self.owner.table
        if vm.phase == "bidding":
            content = "confirm_panel" if vm.confirming else "bidding_panel"
        elif vm.phase == "revealed":
            content = "limits_panel" if vm.new_round_open else "result_panel"
        elif vm.phase == "finished":
            content = "finished_panel"
        else:
            content = "bidding_panel"
        self._show_only(self.ids.content, (content,), CONTENT)
        self._show_only(self.ids.actions, PHASE_ACTIONS.get(vm.phase, ()), ACTIONS)

    # -- rows ----------------------------------------------------------------------------------

    def update_seats(self) -> None:
        self.show_seat_cards(self._parts["bidding_panel"], self.owner.table.rows)
        self.update_limits()

    def update_rounds(self) -> None:
        from kivy.factory import Factory

        lines = self.ids.round_lines
        lines.clear_widgets()
        for text in self.owner.table.round_lines:
            lines.add_widget(Factory.RoundLine(text=text))

    def update_limits(self) -> None:
        vm = self.owner.table
        grid = self.ids.limit_grid
        labels = list(vm.limits.labels)
        if len(grid.children) != len(labels):
            grid.clear_widgets()
            for seat in range(len(labels)):
                grid.add_widget(LimitRow(seat=seat))
        for row in reversed(grid.children):
            row.name = vm.names[row.seat] if row.seat < len(vm.names) else ""
            row.limit_text = labels[row.seat]


SCREEN_CLASS = SecretBidTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
