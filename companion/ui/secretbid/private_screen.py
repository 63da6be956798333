"""A seat's private entry screen (the touchscreen stand-in for a pad): hand-over, entry, hand-back.

It covers the whole window, so nothing of the table shows while a seat enters its bid, and only
the stage's own panel is in the tree (hidden widgets would still take touches). The amount is in a
widget only during the entry stage: the owner's `private` model empties it before the hand-back.

`PrivateEntryScreen` serves every game with a sealed bid: a subclass names its `OWNER`, the app
attribute holding the game's UI controller (`private`, a `PrivateEntryModel`; `private_cancel()`;
`private_done()`), and `PREFIX`, the start of its widgets' wids. The layout (private.kv) is shared.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.bid_table import strong
from companion.ui.secretbid.widgets import RepeatButton  # noqa: F401  (used in the kv rules)

STAGES = ("handover", "entry", "handback")


class PrivateEntryScreen(Screen):
    """`owner`: the game's UI controller; `model`: its private entry model; `prefix`: wid prefix.
    Both are set before the kv rules bind to them (a subclass chooses them by its class names)."""

    OWNER = "secretbid"
    PREFIX = "secretbid.private"

    owner = ObjectProperty(None)
    model = ObjectProperty(None, rebind=True)
    prefix = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        from kivy.app import App

        owner = getattr(App.get_running_app(), self.OWNER)
        kwargs.setdefault("owner", owner)
        kwargs.setdefault("model", owner.private)
        kwargs.setdefault("prefix", self.PREFIX)
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget: Any) -> None:
        self._panels = {name: strong(self.ids[name]) for name in STAGES}
        self.model.bind(stage=lambda *_: self.choose())
        self.choose()

    def choose(self) -> None:
        stage = self.model.stage or "handover"
        box = strong(self.ids.stages)
        for name, panel in self._panels.items():
            if name != stage and panel.parent is box:
                box.remove_widget(panel)
        if self._panels[stage].parent is None:
            box.add_widget(self._panels[stage])

    def on_enter(self, *_args: Any) -> None:
        """Reached with no seat handed the screen (a script, a resumed app): back to the table."""
        from kivy.app import App

        if not self.model.is_open:
            App.get_running_app().go("table")

    def on_pre_leave(self, *_args: Any) -> None:
        """However the screen is left, the panel closes (and empties) first."""
        self.model.close()


class SecretBidPrivateScreen(PrivateEntryScreen):
    """The secret bid's private entry (`app.secretbid`)."""


SCREEN_CLASS = SecretBidPrivateScreen
Builder.load_file(str(Path(__file__).with_name("private.kv")))
