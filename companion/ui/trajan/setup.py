"""Trajan set-up: player count, names, colours, start player, full wheel or light mode, the app's
draws or the table's, and the S/U settings (defaults shown, untouched ones not sent). The rules
refuse a bad set-up; the refusal shows inline above the players."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.screenmanager import Screen

from companion.ui.screens.setup import NameInput
from companion.ui.widgets import AppButton, Panel


class TrajanSeatRow(Panel):
    """One seat: its colour (tap: the next free colour) and its name."""

    seat = NumericProperty(0)


class TrajanSetupScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_setup_vm
        vm.bind(count=lambda *_: self.rebuild(), hints=lambda *_: self._relabel(), names=lambda *_: self._sync(),
                colours=lambda *_: self._relabel(), colour_names=lambda *_: self._relabel(),
                start_options=lambda *_: self._start_buttons(), settings_rows=lambda *_: self._settings(),
                settings_open=lambda *_: self.choose_body())
        self._body = getattr(self.ids.body, "__self__", self.ids.body)
        self._settings_panel = getattr(self.ids.settings_panel, "__self__", self.ids.settings_panel)
        self.rebuild()
        self._start_buttons()
        self._settings()
        self.choose_body()

    def choose_body(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_setup_vm
        holder = getattr(self.ids.holder, "__self__", self.ids.holder)
        wanted = self._settings_panel if vm.settings_open else self._body
        for panel in (self._body, self._settings_panel):
            if panel is not wanted and panel.parent is holder:
                holder.remove_widget(panel)
        if wanted.parent is None:
            holder.add_widget(wanted)

    def rebuild(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_setup_vm
        grid = self.ids.seats
        if len(grid.children) != int(vm.count):
            grid.clear_widgets()
            for i in range(int(vm.count)):
                row = TrajanSeatRow(seat=i)
                field = row.ids.name
                field.wid = f"trajan.setup.name.{i}"
                field.index = i
                field.bind(text=lambda w, text: vm.set_name(w.index, text))
                grid.add_widget(row)
        self._relabel()
        self._sync()

    def rows(self) -> list[Any]:
        return sorted(self.ids.seats.children, key=lambda w: w.seat)

    def _relabel(self) -> None:
        from kivy.app import App

        from companion.ui.trajan.viewmodels import colour_rgba

        vm = App.get_running_app().trajan_setup_vm
        for row in self.rows():
            i = row.seat
            if i < len(vm.hints):
                row.ids.name.hint_text = vm.hints[i]
            if i < len(vm.colours):
                button = row.ids.colour
                button.text = vm.colour_names[i] if i < len(vm.colour_names) else vm.colours[i]
                button.bg = colour_rgba(vm.colours[i])
                button.fg = (0.05, 0.07, 0.09, 1) if vm.colours[i] in ("yellow", "white", "green", "orange") else (1, 1, 1, 1)

    def _sync(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_setup_vm
        for row in self.rows():
            field = row.ids.name
            if row.seat < len(vm.names) and field.text != vm.names[row.seat]:
                field.text = vm.names[row.seat]

    def _start_buttons(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_setup_vm
        box = self.ids.first
        buttons = list(reversed(box.children))
        if len(buttons) != len(vm.start_options):
            box.clear_widgets()
            buttons = []
            for i, _option in enumerate(vm.start_options):
                button = AppButton(font_size=18 * app.scale)
                button.bind(on_release=lambda _b, seat=i - 1: vm.choose_start(seat))
                box.add_widget(button)
                buttons.append(button)
        for button, option in zip(buttons, vm.start_options):
            button.wid = option["wid"]
            button.text = option["text"]
            button.selected = option["selected"]
            button.shorten = True

    def _settings(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_setup_vm
        grid = self.ids.settings_grid
        buttons = list(reversed(grid.children))
        if len(buttons) != len(vm.settings_rows):
            grid.clear_widgets()
            buttons = []
            for row in vm.settings_rows:
                button = AppButton(markup=True, halign="left")
                button.bind(on_release=lambda _b, name=row["name"]: vm.cycle_setting(name))
                grid.add_widget(button)
                buttons.append(button)
        from kivy.utils import escape_markup

        for button, row in zip(buttons, vm.settings_rows):
            button.wid = row["wid"]
            small = round(14 * app.scale)
            marker = "  ↻" if row["changeable"] else ""
            button.text = (f"[b]{escape_markup(row['title'])}[/b]{marker}\n"
                           f"{escape_markup(row['value'])}  [size={small}][color=A9B3C1]{escape_markup(row['source'])}[/color][/size]")
            button.font_size = 16 * app.scale
            button.selected = row["changed"]
            button.disabled = not row["changeable"]


SCREEN_CLASS = TrajanSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["NameInput", "TrajanSetupScreen", "TrajanSeatRow"]
