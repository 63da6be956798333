"""Secret bid set-up: how many players, their names and pads (the score pad's set-up view-model and
pad choice, shared: a game night keeps its players), and each player's limit or none, then Start.
Refusals (two equal names, say) show above the names; the rules decide what is valid.

`PlayersSetupScreen` is the part any such set-up shares (Tribune's too): one row per seat with a
name field, rebuilt only when the count changes, kept in step with the shared names, and Start
moved to the bottom in portrait. A game's screen names its row class and what its rows show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.screens.setup import NameInput  # noqa: F401  (its kv rule: the name field's look)
from companion.ui.secretbid.widgets import LimitEditor  # noqa: F401  (used in the kv rules)


class BidSeatRow(BoxLayout):
    """One seat: name, pad (tap: the next free pad, then none) and limit (tap: edit it below)."""

    seat = NumericProperty(0)


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


class PlayersSetupScreen(Screen):
    """A set-up over the shared names (`app.setup_vm`) and pads (`app.setup_pads`). The layout needs
    ids `names` (the rows' grid), `start`, `top_bar` and `bottom_slot`; a subclass sets `ROW` (a
    row class with a `seat` property and a `name` NameInput id), `PREFIX` (wids
    "<prefix>.name.<n>"), and words its rows in `relabel_row`."""

    ROW: Any = BidSeatRow
    PREFIX = "secretbid.setup"

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.setup_vm
        vm.bind(count=lambda *_: self.rebuild(), hints=lambda *_: self._relabel(), names=lambda *_: self._sync_texts())
        app.setup_pads.bind(labels=lambda *_: self._relabel())
        self.bind_more(app)
        app.bind(portrait=lambda *_: self.place_start())
        self.rebuild()
        self.place_start()

    def bind_more(self, app: Any) -> None:
        """The game's own bindings that change what the rows say."""

    def relabel_row(self, app: Any, row: Any) -> None:
        """The game's own words on one row (the name's hint and the pad are done already)."""

    def place_start(self) -> None:
        """Start in the top bar in landscape, full width at the bottom in portrait (as the score
        pad's set-up: beside Back it would squeeze the title to nothing)."""
        from kivy.app import App

        start, top, bottom = (_strong(w) for w in (self.ids.start, self.ids.top_bar, self.ids.bottom_slot))
        target = bottom if App.get_running_app().portrait else top
        if start.parent is not target:
            start.parent.remove_widget(start)
            target.add_widget(start)
        start.size_hint_x = 1 if target is bottom else None

    def rebuild(self) -> None:
        """One row per seat, rebuilt only when the count changes, so typing keeps its focus."""
        from kivy.app import App

        vm = App.get_running_app().setup_vm
        grid = self.ids.names
        if len(grid.children) == int(vm.count):
            return
        grid.clear_widgets()
        for i in range(int(vm.count)):
            row = self.ROW(seat=i)
            field = row.ids.name
            field.wid, field.index = f"{self.PREFIX}.name.{i}", i
            field.bind(text=lambda w, text: vm.set_name(w.index, text))
            grid.add_widget(row)
        self._relabel()
        self._sync_texts()

    def rows(self) -> list[Any]:
        return sorted(self.ids.names.children, key=lambda w: w.seat)

    def _relabel(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        hints, pads = app.setup_vm.hints, app.setup_pads.labels
        for row in self.rows():
            seat = row.seat
            if seat < len(hints):
                row.ids.name.hint_text = hints[seat]
            if seat < len(pads):
                row.ids.pad.text = pads[seat]
            self.relabel_row(app, row)

    def _sync_texts(self) -> None:
        from kivy.app import App

        names = App.get_running_app().setup_vm.names
        for row in self.rows():
            field = row.ids.name
            if field.index < len(names) and field.text != names[field.index]:
                field.text = names[field.index]


class SecretBidSetupScreen(PlayersSetupScreen):
    def bind_more(self, app: Any) -> None:
        app.secretbid.setup_limits.bind(labels=lambda *_: self._relabel())

    def relabel_row(self, app: Any, row: Any) -> None:
        limits = app.secretbid.setup_limits.labels
        if row.seat < len(limits):
            row.ids.limit.text = limits[row.seat]

    def on_pre_enter(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        app.secretbid.configure(next((c for c in app.games if c.id == "secretbid"), None))

    def on_pre_leave(self, *_args: Any) -> None:
        from kivy.app import App

        App.get_running_app().secretbid.setup_limits.close()


SCREEN_CLASS = SecretBidSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
