"""Widgets of the sealed-bid screens, shared by every game with a sealed bid (the secret bid,
Tribune): a − / + that repeats while held, like a pad's key; a bidding seat's card (locked or
waiting, never what; Private entry); a revealed bid's row; the forced reveal's question; and the
secret bid's editor of one player's limit.

Each shared piece names its widgets from `prefix` ("secretbid", "tribune") and calls its game's
objects through `owner` / `model`, so one layout serves every game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import AppButton, Panel


class RepeatButton(AppButton):
    """Fires `on_step` at the touch, then, while still held after `delay` seconds, every `interval`:
    big amounts are reached by holding, as on a pad, and a quick tap is exactly one step."""

    delay = NumericProperty(0.45)
    interval = NumericProperty(0.09)
    __events__ = ("on_step",)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._wait: Any = None
        self._repeat: Any = None

    def on_step(self) -> None:
        """Bound in kv: what one step does."""

    def on_press(self) -> None:
        self._stop()
        self.dispatch("on_step")
        self._wait = Clock.schedule_once(self._begin, self.delay)

    def on_release(self) -> None:
        self._stop()

    def on_disabled(self, _instance: Any, disabled: bool) -> None:
        if disabled:
            self._stop()

    def _begin(self, _dt: float) -> None:
        self._wait = None
        if self.state == "down" and not self.disabled:
            self._repeat = Clock.schedule_interval(self._tick, self.interval)

    def _tick(self, _dt: float) -> bool | None:
        # A finger that slid off leaves the button "normal" without a release: stop then too.
        if self.state != "down" or self.disabled or self.parent is None:
            self._stop()
            return False
        self.dispatch("on_step")
        return None

    def _stop(self) -> None:
        for event in (self._wait, self._repeat):
            if event is not None:
                event.cancel()
        self._wait = self._repeat = None


class BidSeatCard(Panel):
    """A seat in an open bid: `detail` (its limit or money, its pad), locked or waiting. Private
    entry calls `owner.open_private(seat)`; wids start with `prefix` ("<prefix>.seat.<n>.…")."""

    seat = NumericProperty(0)
    name = StringProperty("")
    detail = StringProperty("")
    status_text = StringProperty("")
    locked = BooleanProperty(False)
    owner = ObjectProperty(None)
    prefix = StringProperty("secretbid")


class BidResultRow(Panel):
    """One counted bid after a reveal, highest first (`sfmt.result_rows`); the winner stands out."""

    seat = NumericProperty(0)
    place_text = StringProperty("")
    name = StringProperty("")
    amount_text = StringProperty("")
    note = StringProperty("")
    winner = BooleanProperty(False)
    prefix = StringProperty("secretbid")


class RevealConfirm(BoxLayout):
    """"Reveal the bids now?" before a forced reveal. `model` has `confirm_text` (who has not locked
    and what their bids count as), `cancel_reveal()` and `reveal()`; wids "<prefix>.text|cancel|reveal"."""

    model = ObjectProperty(None, allownone=True, rebind=True)
    prefix = StringProperty("secretbid.confirm")


class LimitEditor(BoxLayout):
    """The editor of `model`'s edited seat (a `LimitsModel`), empty and zero-high while no seat is
    edited; `prefix` starts its widgets' wids (one editor per screen)."""

    model = ObjectProperty(None, allownone=True, rebind=True)
    prefix = StringProperty("secretbid.limits")


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
