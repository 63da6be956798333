"""Trajan set-up: player count, names, colours, pads, start player, full wheel or light mode, the
app's draws or the table's, and the S/U settings (defaults shown, untouched ones not sent). With
the table's draws a second page enters what the table drew (trays, start tiles, the players' bonus
tiles and the two beside the senate). The
rules refuse a bad set-up; the refusal (and its rule) shows inline above the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.widgets import theme
from companion.ui.shell.screens.setup import NameInput
from companion.ui.trajan.widgets import ButtonGrid
from companion.ui.widgets import AppButton, FitButton, Panel


class TrajanSeatRow(Panel):
    """One seat: its colour (tap: the next free colour), its name and its pad (tap: the next free pad)."""

    seat = NumericProperty(0)


class DrawSlot(FitButton):
    """A blank of the draws page (a marker, a start tile, a bonus tile): its fill shows what was
    entered, a gold ring the blank the next pick fills (so a filled blank keeps its colour)."""

    focused = BooleanProperty(False)


class DrawTray(BoxLayout):
    """One tray of the wheel: its numeral over its two marker blanks."""

    numeral = StringProperty("")


class DrawTabs(ButtonGrid):
    """The players, one tab each, in one row."""

    def show(self, rows: Any) -> None:
        self.fixed_cols = max(1, len(rows))
        super().show(rows)


class DrawPicker(ButtonGrid):
    """What may fill the blank under the cursor; marker colours on their own colour, in legible text."""

    def show(self, rows: Any) -> None:
        from companion.ui.trajan.setup_draws import text_rgba
        from companion.ui.trajan.markup import colour_rgba

        super().show([{**row, "bg": colour_rgba(row["colour"]) if row.get("colour") else theme.NEUTRAL}
                      for row in rows])
        for button, row in zip(self.children[::-1], rows):
            button.fg = text_rgba(row["colour"]) if row.get("colour") else theme.TEXT


class TrajanSetupScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_setup_vm
        vm.bind(count=lambda *_: self.rebuild(), hints=lambda *_: self._relabel(), names=lambda *_: self._sync(),
                colours=lambda *_: self._relabel(), colour_names=lambda *_: self._relabel(),
                start_options=lambda *_: self._start_buttons(), settings_rows=lambda *_: self._settings(),
                settings_open=lambda *_: self.choose_body(), draws_open=lambda *_: self.choose_body())
        vm.pads.bind(labels=lambda *_: self._relabel())
        draws = vm.draws
        draws.bind(tabs=lambda *_: self._draws(),
                   markers=lambda *_: self._draws(), tiles=lambda *_: self._draws(), bonus=lambda *_: self._draws(),
                   senate=lambda *_: self._draws(),
                   options=lambda *_: self.ids.draws_picker.show(draws.options))
        self._panels = {name: getattr(self.ids[name], "__self__", self.ids[name])
                        for name in ("body", "settings_panel", "draws_panel")}
        self._build_draws(app)
        self.rebuild()
        self._start_buttons()
        self._settings()
        self._draws()
        self.ids.draws_picker.show(draws.options)
        self.choose_body()

    def choose_body(self) -> None:
        """One page at a time: the players, the settings, or what the table drew."""
        from kivy.app import App

        vm = App.get_running_app().trajan_setup_vm
        holder = getattr(self.ids.holder, "__self__", self.ids.holder)
        page = "draws_panel" if vm.draws_open else ("settings_panel" if vm.settings_open else "body")
        wanted = self._panels[page]
        for panel in self._panels.values():
            if panel is not wanted and panel.parent is holder:
                holder.remove_widget(panel)
        if wanted.parent is None:
            holder.add_widget(wanted)

    # -- what the table drew ----------------------------------------------------------------------

    def _build_draws(self, app: Any) -> None:
        """The 12 marker blanks (six trays of two), the three start tiles, the bonus tile and the two
        beside the senate: made once, relabelled by `_draws`."""
        from companion.ui.trajan import names
        from companion.ui.trajan.setup_draws import MARKERS, SENATE_TILES, START_SLOTS

        vm = app.trajan_setup_vm.draws
        self._marker_slots: list[DrawSlot] = []
        for tray, numeral in enumerate(names.TRAY_NUMERALS):
            box = DrawTray(numeral=numeral)
            for n in range(2):
                index = 2 * tray + n
                slot = DrawSlot(wid=f"trajan.setup.draws.marker.{tray}.{n}", base_font=theme.READ * app.scale,
                                min_font=theme.SMALL * app.scale, small_print=True, size_hint_min_y=0)
                slot.bind(on_release=lambda _b, i=index: vm.focus_marker(i))
                box.ids.slots.add_widget(slot)
                self._marker_slots.append(slot)
            self.ids.draws_trays.add_widget(box)
        assert len(self._marker_slots) == MARKERS
        self._tile_slots: list[DrawSlot] = []
        for slot_index in range(len(START_SLOTS)):
            slot = DrawSlot(wid=f"trajan.setup.draws.slot.{slot_index}", markup=True, base_font=theme.READ * app.scale,
                            min_font=theme.SMALL * app.scale, small_print=True, size_hint_min_y=0)
            slot.bind(on_release=lambda _b, s=slot_index: vm.focus_tile(s))
            self.ids.draws_tiles.add_widget(slot)
            self._tile_slots.append(slot)
        self._bonus_slot = DrawSlot(wid="trajan.setup.draws.bonus", base_font=theme.READ * app.scale,
                                    min_font=theme.SMALL * app.scale, small_print=True, size_hint_min_y=0)
        self._bonus_slot.bind(on_release=lambda _b: vm.focus_bonus())
        self.ids.draws_tiles.add_widget(self._bonus_slot)
        self._senate_slots: list[DrawSlot] = []
        for index in range(SENATE_TILES):
            slot = DrawSlot(wid=f"trajan.setup.draws.senate.{index}", base_font=theme.READ * app.scale,
                            min_font=theme.SMALL * app.scale, small_print=True, size_hint_min_y=0)
            slot.bind(on_release=lambda _b, i=index: vm.focus_senate(i))
            self.ids.draws_tiles.add_widget(slot)
            self._senate_slots.append(slot)
        self.ids.draws_picker.on_choose = lambda row: vm.pick(row["value"])
        self.ids.draws_tabs.on_choose = lambda row: vm.select_seat(row["seat"])

    def _draws(self) -> None:
        from kivy.app import App

        from companion.ui.trajan.setup_draws import text_rgba
        from companion.ui.trajan.markup import colour_rgba

        vm = App.get_running_app().trajan_setup_vm.draws
        self.ids.draws_tabs.show([{"wid": t["wid"], "text": t["markup"], "markup_on": True, "seat": i,
                                   "selected": t["selected"]} for i, t in enumerate(vm.tabs)])
        for slot, row in zip(self._marker_slots, vm.markers):
            slot.text = row["text"]
            slot.bg = colour_rgba(row["colour"]) if row["colour"] else theme.NEUTRAL
            slot.fg = text_rgba(row["colour"]) if row["colour"] else theme.MUTED
            slot.focused = row["focused"]
        for slot, row in zip(self._tile_slots, vm.tiles):
            slot.text = row["markup"]
            slot.focused = row["focused"]
        for row in vm.bonus:
            self._bonus_slot.text = row["text"]
            self._bonus_slot.focused = row["focused"]
        for slot, row in zip(self._senate_slots, vm.senate):
            slot.text = row["text"]
            slot.focused = row["focused"]

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

        from companion.ui.trajan.markup import colour_rgba

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
            if i < len(vm.pads.labels):
                row.ids.pad.text = vm.pads.labels[i]

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
                button = AppButton(font_size=theme.READ * app.scale)
                button.bind(on_release=lambda _b, seat=i - 1: vm.choose_start(seat))
                box.add_widget(button)
                buttons.append(button)
        for button, option in zip(buttons, vm.start_options):
            button.wid = option["wid"]
            button.text = option["text"]
            button.selected = option["selected"]

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
                button = AppButton(markup=True, halign="left", size_hint_y=None)
                # as tall as its (wrapped) lines: the page scrolls rather than cut a setting short
                button.bind(texture_size=lambda b, size: setattr(b, "height", max(56 * app.scale, size[1] + 12 * app.scale)))
                button.bind(on_release=lambda _b, name=row["name"]: vm.cycle_setting(name))
                grid.add_widget(button)
                buttons.append(button)
        from kivy.utils import escape_markup

        for button, row in zip(buttons, vm.settings_rows):
            button.wid = row["wid"]
            small = round(theme.SMALL * app.scale)
            marker = "  ↻" if row["changeable"] else ""
            button.text = (f"[b]{escape_markup(row['title'])}[/b]{marker}\n"
                           f"{escape_markup(row['value'])}  [size={small}][color=A9B3C1]{escape_markup(row['source'])}[/color][/size]")
            button.font_size = theme.READ * app.scale
            button.selected = row["changed"]
            button.disabled = not row["changeable"]


SCREEN_CLASS = TrajanSetupScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["DrawPicker", "DrawSlot", "DrawTabs", "DrawTray", "NameInput", "TrajanSetupScreen", "TrajanSeatRow"]
