"""A seat's private entry screen (the touchscreen stand-in for a pad): hand-over, entry, hand-back.

It covers the whole window, so nothing of the table shows while a seat enters its bid, and only
the stage's own panel is in the tree (hidden widgets would still take touches). The amount is in a
widget only during the entry stage: `app.secretbid.private` empties it before the hand-back.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.widgets import RepeatButton  # noqa: F401  (used in the kv rules)

STAGES = ("handover", "entry", "handback")


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


class SecretBidPrivateScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        model = App.get_running_app().secretbid.private
        self._panels = {name: _strong(self.ids[name]) for name in STAGES}
        model.bind(stage=lambda *_: self.choose())
        self.choose()

    def choose(self) -> None:
        from kivy.app import App

        stage = App.get_running_app().secretbid.private.stage or "handover"
        box = _strong(self.ids.stages)
        for name, panel in self._panels.items():
            if name != stage and panel.parent is box:
                box.remove_widget(panel)
        if self._panels[stage].parent is None:
            box.add_widget(self._panels[stage])

    def on_enter(self, *_args: Any) -> None:
        """Reached with no seat handed the screen (a script, a resumed app): back to the table."""
        from kivy.app import App

        app = App.get_running_app()
        if not app.secretbid.private.is_open:
            app.go("table")

    def on_pre_leave(self, *_args: Any) -> None:
        """However the screen is left, the panel closes (and empties) first."""
        from kivy.app import App

        App.get_running_app().secretbid.private.close()


SCREEN_CLASS = SecretBidPrivateScreen
Builder.load_file(str(Path(__file__).with_name("private.kv")))
