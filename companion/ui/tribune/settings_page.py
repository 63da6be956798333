"""Tribune's settings page at the set-up (`tribune_settings`): the whole game's S/U settings in the
players' words (the take-over rule, the first take-over's two cards, several winners …) and the
faction benefit table, every row with its source and mark. A tap on a row changes it for the next
game (`app.tribune.cycle_setting` / `cycle_benefit`); the set-up sends only what was changed, and
the rules check it (`companion.ui.tribune.table_rules`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.widgets import AppButton


class TribuneSettingButton(AppButton):
    """One setting: its title and value, and under them its section and mark; a tap: the next value."""

    name = StringProperty("")


class TribuneBenefitRow(BoxLayout):
    """One faction: its name, source and mark, and its three benefits (a tap: the next gift)."""

    faction = StringProperty("")
    title = StringProperty("")
    slots = ListProperty([])


class TribuneSettingsScreen(Screen):
    def on_kv_post(self, _base: Any) -> None:
        from kivy.app import App

        tribune = App.get_running_app().tribune
        tribune.bind(setting_rows=lambda *_: self.update(), benefit_rows=lambda *_: self.update())
        self.update()

    def update(self) -> None:
        """Rows are built once (the settings and factions do not change), then relabelled in place."""
        from kivy.app import App

        tribune = App.get_running_app().tribune
        grid = self.ids.setting_grid
        if len(grid.children) != len(tribune.setting_rows):
            grid.clear_widgets()
            for row in tribune.setting_rows:
                button = TribuneSettingButton(name=row["name"], wid=row["wid"])
                button.bind(on_release=lambda b: App.get_running_app().tribune.cycle_setting(b.name))
                grid.add_widget(button)
        for button, row in zip(reversed(grid.children), tribune.setting_rows):
            button.text, button.selected = row["text"], row["changed"]
        box = self.ids.benefit_grid
        if len(box.children) != len(tribune.benefit_rows):
            box.clear_widgets()
            for row in tribune.benefit_rows:
                box.add_widget(TribuneBenefitRow(faction=row["faction"]))
        for widget, row in zip(reversed(box.children), tribune.benefit_rows):
            widget.title = f"{row['name']}\n{row['source']}"
            widget.slots = [slot["text"] for slot in row["slots"]]

    def on_pre_enter(self, *_args: Any) -> None:
        from kivy.app import App

        App.get_running_app().tribune.relabel_rules()
        self.update()


SCREEN_CLASS = TribuneSettingsScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
