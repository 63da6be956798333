"""The score pad's table (the screen "table", `ScorePadUI.screens`): seats with big ±1/±5 buttons,
a keypad for any number, Undo/Redo/History one tap away, Finish with confirmation, then the final
ranking, over `app.scorepad_vm`; its buttons call `app.scorepad` (the score pad's GameUI). The
current notice (a refusal and its rule) shows inline in a strip that is always there, so nothing
ever blocks the table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.widgets import Panel


class SeatCard(Panel):
    """One seat: name, score, place, start-player star and its point buttons."""

    button_width = NumericProperty(58)
    seat = NumericProperty(0)
    name = StringProperty("")
    score_text = StringProperty("0")
    place_text = StringProperty("")
    is_start = BooleanProperty(False)
    enabled = BooleanProperty(True)


class RankRow(Panel):
    place = NumericProperty(0)
    place_text = StringProperty("")
    name = StringProperty("")
    score_text = StringProperty("")


def _strong(widget: Any) -> Any:
    """The widget itself, whether `ids` handed us the widget or a weak proxy to it."""
    return getattr(widget, "__self__", widget)


class ScorePadTableScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        # Panels leave the tree while another is shown; `ids` alone would not keep them alive.
        self._panels = {name: _strong(self.ids[name]) for name in
                        ("seats_panel", "keypad_panel", "ranking_panel", "action_bar", "confirm_bar")}
        vm = App.get_running_app().scorepad_vm
        vm.bind(seats=lambda *_: self.update_seats(),
                finished=lambda *_: (self.update_ranking(), self.choose_content()),
                ranking=lambda *_: self.update_ranking(), confirming_finish=lambda *_: self.choose_bar())
        vm.keypad.bind(seat=lambda *_: self.choose_content())
        self.update_seats()
        self.update_ranking()
        self.choose_content()
        self.choose_bar()

    # -- which panel is shown ------------------------------------------------------------------

    def choose_content(self) -> None:
        """Seats, keypad or ranking: exactly one is in the tree (hidden widgets would eat touches)."""
        from kivy.app import App

        vm = App.get_running_app().scorepad_vm
        panels = self._panels
        if vm.finished:
            wanted = panels["ranking_panel"]
        elif vm.keypad.is_open:
            wanted = panels["keypad_panel"]
        else:
            wanted = panels["seats_panel"]
        self._show_only(self.ids.content, wanted,
                        (panels["seats_panel"], panels["keypad_panel"], panels["ranking_panel"]))

    def choose_bar(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().scorepad_vm
        panels = self._panels
        wanted = panels["confirm_bar"] if vm.confirming_finish else panels["action_bar"]
        self._show_only(self.ids.bar, wanted, (panels["action_bar"], panels["confirm_bar"]))

    @staticmethod
    def _show_only(container: Any, wanted: Any, candidates: tuple[Any, ...]) -> None:
        container = _strong(container)  # `ids` may hand out weak proxies: `is` must see the widget
        for widget in candidates:
            if widget is not wanted and widget.parent is container:
                container.remove_widget(widget)
        if wanted.parent is None:
            container.add_widget(wanted)

    # -- rows ----------------------------------------------------------------------------------

    def update_seats(self) -> None:
        """Cards are rebuilt only when the number of seats changes; values are updated in place,
        so a button stays the same widget (and shows its pressed state) across a tap."""
        from kivy.app import App

        vm = App.get_running_app().scorepad_vm
        grid = self.ids.seats_grid
        if len(grid.children) != len(vm.seats):
            grid.clear_widgets()
            for _ in vm.seats:
                grid.add_widget(SeatCard())
        cards = list(reversed(grid.children))
        for card, seat in zip(cards, vm.seats):
            card.seat = seat["seat"]
            card.name = seat["name"]
            card.score_text = seat["score_text"]
            card.place_text = seat["place_text"]
            card.is_start = seat["is_start"]

    def update_ranking(self) -> None:
        """The final ranking, shown once the game is finished: laid out only then (the view-model's
        ranking follows every score change), and relabelled in place, its rows built only when the
        number of players changes. Rebuilding them at every tap made a tap's worth of widgets to throw
        away, garbage the cyclic collector then paid for during later taps."""
        from kivy.app import App

        vm = App.get_running_app().scorepad_vm
        if not vm.finished:
            return
        grid = self.ids.ranking_grid
        if len(grid.children) != len(vm.ranking):
            grid.clear_widgets()
            for _ in vm.ranking:
                grid.add_widget(RankRow())
        for widget, row in zip(reversed(grid.children), vm.ranking):
            widget.place = row["place"]
            widget.place_text = row["place_text"]
            widget.name = row["name"]
            widget.score_text = row["score_text"]


SCREEN_CLASS = ScorePadTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
