"""The dice tray's part of the app: its view-models and the actions its panel and screen call.

One object on the app (`app.dice`), so the app itself needs only a few lines for it, and the
Troyes screens can embed the same panel over the same object. It is given what it needs and no
more: `post` (every action is an Intent through the bridge), `go` (navigation), the open game's id,
and where the newest unfinished dice tray journal is (opening the tool carries on with it).
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.event import EventDispatcher
from kivy.properties import ObjectProperty

from companion.session import Intent, TableView
from companion.ui.dice.model import GAME, DiceTrayViewModel, ManualEntryModel

Post = Callable[[Intent], None]


class DiceUI(EventDispatcher):
    """`tray` (the live side), `entry` (entry by hand); `device` is the opened scanner (set by the
    scanner hook after the first frame; None without one)."""

    tray = ObjectProperty(None)
    entry = ObjectProperty(None)

    def __init__(self, *, post: Post, go: Callable[[str], None], open_game: Callable[[], str | None],
                 resumable: Callable[[], Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.post = post
        self.go = go
        self._open_game = open_game
        self._resumable = resumable
        self.tray = DiceTrayViewModel()
        self.entry = ManualEntryModel()
        self.device: Any = None

    # -- refreshing ----------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        self.tray.update(table)

    def relabel(self) -> None:
        self.tray.relabel()
        self.entry.relabel()

    def attach(self, device: Any) -> None:
        """The scanner opened (or closed: None). A simulated one gets the screen's Roll button."""
        self.device = device
        self.tray.set_simulated(bool(device is not None and getattr(device, "is_simulated", False)))

    # -- actions -------------------------------------------------------------------------------

    def open(self) -> None:
        """Home → Dice tray: the open tray, else the newest unfinished one (its reads and its last
        scanner read carry on), else a new one. The app shows the tray when its journal opens."""
        if self._open_game() == GAME:
            self.go("table")
            return
        info = self._resumable()
        if info is not None:
            self.post(Intent("resume", {"path": str(info.path)}))
        else:
            self.post(Intent("new_game", {"game": GAME, "setup": {}}))

    def count(self) -> None:
        """Count the dice entered by hand as one read; the draft empties once the tray took it."""
        intent = self.entry.intent(self.tray.ask)
        if intent is None:
            return
        self.post(intent)
        if self.tray.notice_level != "refused":
            self.entry.clear()

    def tap_die(self, index: int) -> None:
        """A die in the tray was tapped: correct the tray by hand, starting from what it shows."""
        self.entry.take_tray(list(self.tray.dice), int(index))

    def roll(self) -> None:
        """Simulated scanner only: throw the dice set, or re-roll the dice lying cocked."""
        device = self.device
        if device is None or not getattr(device, "is_simulated", False):
            return
        if self.tray.has_problem:
            device.nudge()
        else:
            device.roll()
