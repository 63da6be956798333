"""History: every step of the open game, newest first (undone ones marked), and finished games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.i18n import _
from companion.ui.widgets import AppButton, AppLabel, Panel


class HistoryRow(Panel):
    step_text = StringProperty("")
    time_text = StringProperty("")
    text = StringProperty("")
    undone = BooleanProperty(False)
    correctable = BooleanProperty(False)


class FinishedRow(Panel):
    text = StringProperty("")


class HistoryScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().history_vm
        vm.bind(rows=lambda *_: self.rebuild(), finished=lambda *_: self.rebuild(),
                fixing=lambda *_: self.rebuild(), fixes=lambda *_: self.rebuild())
        self.rebuild()

    def rebuild(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.history_vm
        steps = self.ids.steps
        steps.clear_widgets()
        if vm.fixing:
            self._fix_panel(app, vm, steps)
        else:
            for row in vm.rows:
                line = HistoryRow(step_text=str(row["step"]), time_text=row["time"], text=row["text"],
                                  undone=row["undone"], correctable=row.get("correctable", False))
                if line.correctable:
                    button = AppButton(wid=f"history.correct.{row['step']}", text=_("Correct…"),
                                       font_size=18 * app.scale, size_hint=(None, None),
                                       width=130 * app.scale, height=48 * app.scale,
                                       pos_hint={"center_y": 0.5})
                    button.bind(on_release=lambda _b, s=row["step"]: vm.open_fix(s))
                    line.add_widget(button)
                steps.add_widget(line)
        games = self.ids.finished
        games.clear_widgets()
        for row in vm.finished:
            games.add_widget(FinishedRow(text=row["text"]))


    def _fix_panel(self, app: Any, vm: Any, steps: Any) -> None:
        """The correct panel, in place of the steps: what the step could have been, and Cancel."""
        steps.add_widget(FixTitle(text=vm.fix_title))
        cancel = AppButton(wid="history.fix.cancel", text=_("Cancel"), size_hint_y=None, height=52 * app.scale)
        cancel.bind(on_release=lambda *_: vm.close_fix())
        steps.add_widget(cancel)
        for fix in vm.fixes:
            button = AppButton(wid=f"history.fix.{fix['index']}", text=fix["text"], size_hint_y=None,
                               font_size=19 * app.scale, height=52 * app.scale)
            button.bind(on_release=lambda _b, i=fix["index"]: app.correct_step(i))
            steps.add_widget(button)


class FixTitle(AppLabel):
    pass


SCREEN_CLASS = HistoryScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
