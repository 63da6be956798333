"""Settings: language (applies at once) and display profile (applies at the next start, as the
screen says). Choices go to the app, which calls the CLI's `on_settings_changed` to save them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.ui.text import i18n
from companion.ui.shell import profiles
from companion.ui.widgets import AppButton


class SettingsScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        for code in i18n.LANGUAGES:
            button = AppButton(wid=f"settings.lang.{code}", text=i18n.NATIVE_NAMES[code])
            button.bind(on_release=lambda _b, c=code: app.set_language(c))
            self.ids.languages.add_widget(button)
        for name, profile in profiles.PROFILES.items():
            button = AppButton(wid=f"settings.profile.{name}",
                               text=f"{profile.width} × {profile.height}")
            button.bind(on_release=lambda _b, n=name: app.set_profile(n))
            self.ids.profiles.add_widget(button)
        vm = app.settings_vm
        vm.bind(language=lambda *_: self.mark(), profile=lambda *_: self.mark())
        self.mark()

    def mark(self) -> None:
        """The current choice of each group is outlined and highlighted."""
        from kivy.app import App

        vm = App.get_running_app().settings_vm
        for button in self.ids.languages.children:
            button.selected = button.wid == f"settings.lang.{vm.language}"
        for button in self.ids.profiles.children:
            button.selected = button.wid == f"settings.profile.{vm.profile}"


SCREEN_CLASS = SettingsScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
