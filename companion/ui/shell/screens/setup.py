"""The shared set-up: how many players, their names, which handheld pad is whose, Start, for every
game whose set-up begins with names and pads (`GameUI.shared_setup`). Refusals (e.g. two equal
names) show inline above the names; nothing here decides whether a setup is valid — the rules do.

`PlayersSetupScreen` is the part every such set-up screen has (each game's own screen extends it):
one row per seat with a name field, rebuilt only when the count changes, kept in step with the
shared names, and Start moved to the bottom in portrait. The rows' kv rules are in setup.kv."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import logging

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen


def _import_clipboard_quietly() -> None:
    """TextInput probes for X11 cut-buffer tools (xclip, xsel: two subprocesses) and logs a
    critical message with a traceback for each one missing; a kiosk has no X and needs neither,
    so the probe is skipped and its complaint silenced."""
    import kivy

    kivy.kivy_options.setdefault("cutbuffer", [])
    kivy_log = logging.getLogger("kivy")
    level = kivy_log.level
    kivy_log.setLevel(logging.CRITICAL + 1)
    try:
        import kivy.core.clipboard  # noqa: F401
    finally:
        kivy_log.setLevel(level)


_import_clipboard_quietly()

from kivy.uix.textinput import TextInput  # noqa: E402

from companion.ui.widgets import WidMixin


class NameInput(WidMixin, TextInput):
    """One player's name; `index` is the seat it names (0-based)."""

    index = NumericProperty(0)

    def on_touch_down(self, touch: Any) -> bool:
        # Kivy 2.3.1 lays out a new TextInput's lines on the next frame; a touch before that (a
        # script, or a quick finger right after the screen opens) indexes an empty line list and
        # raises IndexError in get_cursor_from_xy. Lay the lines out now.
        if not self._lines:
            self._refresh_text(self.text)
        return bool(super().on_touch_down(touch))

    def on_focus(self, _instance: Any, focused: bool) -> None:
        """The on-screen keyboard (when the table has one) docks under the chosen field."""
        from kivy.app import App

        app = App.get_running_app()
        make = getattr(app, "keyboard_for_names", None)
        # Made when first wanted (`CompanionApp.keyboard_for_names`); a field left needs none made.
        keyboard = make() if focused and make is not None else getattr(app, "name_keyboard", None)
        if keyboard is None:
            return
        if focused:
            keyboard.attach(self)
        else:
            keyboard.detach(self)


class SeatRow(BoxLayout):
    """One seat: its name, and its pad (tap: the next pad no other seat has, then none)."""

    seat = NumericProperty(0)


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


class PlayersSetupScreen(Screen):
    """A set-up over the shared names (`app.setup_vm`) and pads (`app.setup_pads`), the base of
    every game's set-up screen that keeps a game night's players. The layout
    needs ids `names` (the rows' grid), `start`, `top_bar` and `bottom_slot`; a subclass sets
    `ROW` (a row class with a `seat` property and `name` and `pad` ids), `PREFIX` (wids
    "<prefix>.name.<n>"), and words its rows in `relabel_row`."""

    ROW: Any = SeatRow
    PREFIX = "setup"

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
        """Start sits in the top bar in landscape (height is scarce) and at the bottom, full width,
        in portrait (width is scarce: beside Back it would squeeze the title to nothing)."""
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


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
