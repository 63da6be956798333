"""The secret bid's shared table: one row per player (limit, pad, locked ✓ or waiting, Private
entry), Reveal now… with its question, the revealed round (highest first, ties said plainly), the
next round's limits, and every round once finished; Home, History, Undo and Redo always one tap away.

Everything shown comes from `app.secretbid.table` (public views only). Exactly one content panel
and the phase's own buttons are in the tree at a time: hidden widgets would still take touches.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.widgets import BidResultRow, BidSeatCard, LimitEditor, RevealConfirm  # noqa: F401
from companion.ui.trajan.widgets import FitButton  # noqa: F401  (used in the kv rules)

CONTENT = ("bidding_panel", "confirm_panel", "result_panel", "limits_panel", "finished_panel")
ACTIONS = ("reveal", "new_round", "finish", "new_game")
#: The bar's own buttons in each phase (Home, History, Undo and Redo are always there).
PHASE_ACTIONS = {"bidding": ("reveal",), "revealed": ("new_round", "finish"), "finished": ("new_game",)}


class LimitRow(BoxLayout):
    seat = NumericProperty(0)
    name = StringProperty("")
    limit_text = StringProperty("")


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


class SecretBidTableScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
        # Panels leave the tree while another is shown; `ids` alone would not keep them alive.
        self._parts = {name: _strong(self.ids[name]) for name in CONTENT + ACTIONS}
        vm.bind(rows=lambda *_: self.update_seats(), result_rows=lambda *_: self.update_result(),
                round_lines=lambda *_: self.update_rounds(), phase=lambda *_: self.choose(),
                confirming=lambda *_: self.choose(), new_round_open=lambda *_: self.choose())
        vm.limits.bind(labels=lambda *_: self.update_limits())
        self.update_seats()
        self.update_result()
        self.update_rounds()
        self.update_limits()
        self.choose()

    def on_pre_leave(self, *_args: Any) -> None:
        """A question left open would greet whoever comes back; a notice belongs to its moment."""
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
        vm.cancel_reveal()
        vm.clear_notice()

    # -- which panel and which buttons are in the tree ------------------------------------------

    def choose(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
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

    def _show_only(self, container: Any, wanted: tuple[str, ...], names: tuple[str, ...]) -> None:
        container = _strong(container)
        for name in names:
            widget = self._parts[name]
            if name not in wanted and widget.parent is container:
                container.remove_widget(widget)
        for name in wanted:  # in the order given
            widget = self._parts[name]
            if widget.parent is None:
                container.add_widget(widget, index=0)

    # -- rows ----------------------------------------------------------------------------------

    def update_seats(self) -> None:
        """Cards are rebuilt only when the number of players changes, else updated in place."""
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
        grid = self._parts["bidding_panel"]
        if len(grid.children) != len(vm.rows):
            grid.clear_widgets()
            for _ in vm.rows:
                grid.add_widget(BidSeatCard(owner=App.get_running_app().secretbid))
        for card, row in zip(reversed(grid.children), vm.rows):
            card.seat, card.name, card.detail = row["seat"], row["name"], row["detail"]
            card.status_text, card.locked = row["status_text"], row["locked"]
        self.update_limits()

    def update_result(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
        grid = self.ids.result_grid
        grid.clear_widgets()
        for row in vm.result_rows:
            grid.add_widget(BidResultRow(seat=row["seat"], place_text=row["place_text"], name=row["name"],
                                         amount_text=row["amount_text"], note=row["note"], winner=row["winner"]))

    def update_rounds(self) -> None:
        from kivy.app import App
        from kivy.factory import Factory

        lines = self.ids.round_lines
        lines.clear_widgets()
        for text in App.get_running_app().secretbid.table.round_lines:
            lines.add_widget(Factory.RoundLine(text=text))

    def update_limits(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().secretbid.table
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
