"""History: every step of the open game, newest first (undone ones marked), and finished games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.widgets import Panel


class HistoryRow(Panel):
    step_text = StringProperty("")
    time_text = StringProperty("")
    text = StringProperty("")
    undone = BooleanProperty(False)


class FinishedRow(Panel):
    text = StringProperty("")


class HistoryScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().history_vm
        vm.bind(rows=lambda *_: self.rebuild(), finished=lambda *_: self.rebuild())
        self.rebuild()

    def rebuild(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().history_vm
        steps = self.ids.steps
        steps.clear_widgets()
        for row in vm.rows:
            steps.add_widget(HistoryRow(step_text=str(row["step"]), time_text=row["time"], text=row["text"],
                                        undone=row["undone"]))
        games = self.ids.finished
        games.clear_widgets()
        for row in vm.finished:
            games.add_widget(FinishedRow(text=row["text"]))


SCREEN_CLASS = HistoryScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
