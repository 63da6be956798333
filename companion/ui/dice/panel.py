"""The dice tray panel: the scanner's status line, whether the throw counted, the dice in the tray
drawn big (tap one to correct it by hand), per-colour count and sum, and entry by hand (a colour,
then each die's face; ←, Clear, Count). Side by side in landscape, stacked in portrait.

Reusable: it shows `model` (a `companion.ui.dice.controller.DiceUI`; by default the app's
dice tray's, `app.game_ui("dicetray").made()`), so a Troyes screen embeds it as a plain `DiceTrayPanel:`. A model of its own must be
given at construction (`DiceTrayPanel(model=…)`), not set later from kv: Kivy binds the rules'
`root.model.…` chains only to a model present when they are first evaluated. Dice widgets and colour chips are kept
and updated in place, only the difference added or taken off when their number changes
(`kept_rows`): a throw sends a frame every 20-50 ms.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.ui.widgets import theme
from companion.ui.dice.dieface import DIE_LOOK, DieFace, DieGlyph
from companion.ui.dice.model import GAME
from companion.ui.dice.words import COLOURS, ERROR, OK, WARN
from companion.ui.widgets import FitButton  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import WidMixin, kept_rows

#: A die in the tray is drawn at most this big (×scale), and never smaller than a touch target.
DIE_MAX, DIE_MIN = 96, 56


def status_colour(kind: str) -> Any:
    return {OK: theme.hex_rgba("#5FD38A"), WARN: theme.GOLD, ERROR: theme.hex_rgba("#FF7A6E")}.get(kind, theme.MUTED)


def verdict_colour(kind: str) -> Any:
    return {"counted": theme.hex_rgba("#5FD38A"), "problem": theme.hex_rgba("#FF7A6E"),
            "same": theme.GOLD}.get(kind, theme.TEXT)


def die_body(colour: str, pressed: bool = False) -> Any:
    body = DIE_LOOK.get(colour, DIE_LOOK["unknown"])[0]
    return theme.lighten(body) if pressed else body


def die_ink(colour: str) -> Any:
    return DIE_LOOK.get(colour, DIE_LOOK["unknown"])[1]


def die_fit(count: int, width: float, height: float, spacing: float, biggest: float, smallest: float) -> float:
    """The largest die side (between `smallest` and `biggest`) at which `count` dice fit in rows
    inside width × height; `smallest` when even that does not fit."""
    if count <= 0 or width <= 0 or height <= 0:
        return biggest
    side = biggest
    while side > smallest:
        # Kivy's StackLayout counts a spacing after every row and die (its minimum_height does).
        per_row = max(1, int(width // (side + spacing)))
        rows = math.ceil(count / per_row)
        if rows * (side + spacing) <= height:
            return side
        side -= 2
    return smallest


class ColourButton(WidMixin, ButtonBehavior, Label):
    """A colour to enter: the die's own colour, its name in the pips' colour; outlined when chosen."""

    colour = StringProperty("red")
    selected = BooleanProperty(False)



class DiceTrayPanel(BoxLayout):
    model = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        from kivy.app import App

        self._bound: Any = None
        self._spare_dice: list[Any] = []  # dice and colour chips taken off, to be put back
        self._spare_chips: list[Any] = []
        self._layout_trigger = Clock.create_trigger(lambda _dt: self._size_dice(), 0)
        # The kv rules read root.model.tray.… and root.model.entry.…: Kivy binds such chains only
        # if the model is there when the rules are first evaluated (a model set later updates the
        # texts once, then never again). So it is there from the start: the app's, unless given.
        app = App.get_running_app()
        if "model" not in kwargs and app is not None:
            tray = app.game_ui(GAME) if hasattr(app, "game_ui") else None
            kwargs["model"] = tray.made() if tray is not None else getattr(app, "dice", None)
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        if hasattr(app, "when_idle"):
            app.when_idle(self._reserve_chips)
        self.ids.dice_scroll.bind(size=lambda *_: self._layout_trigger())
        self.ids.draft_box.bind(size=lambda *_: self._on_draft() if self.model is not None else None)
        self.on_model(self, self.model)

    def on_model(self, _instance: Any, model: Any) -> None:
        if "dice_box" not in self.ids:
            return
        if self._bound is not None:
            old_tray, old_entry = self._bound
            old_tray.unbind(dice=self._on_dice, totals=self._on_totals)
            old_entry.unbind(draft=self._on_draft)
        self._bound = None
        if model is None:
            return
        model.tray.bind(dice=self._on_dice, totals=self._on_totals)
        model.entry.bind(draft=self._on_draft)
        self._bound = (model.tray, model.entry)
        self._on_dice()
        self._on_totals()
        self._on_draft()

    # -- the dice in the tray ------------------------------------------------------------------

    def _on_dice(self, *_args: Any) -> None:
        box = self.ids.dice_box
        dice = list(self.model.tray.dice)

        def make(_i: int) -> DieFace:
            face = DieFace(size_hint=(None, None))
            face.bind(on_release=self._tapped)
            return face

        resized = len(box.children) != len(dice)
        for widget, die in zip(kept_rows(box, len(dice), make, self._spare_dice), dice):
            widget.index, widget.wid = die["index"], f"dice.die.{die['index']}"
            widget.colour, widget.face, widget.stability = die["colour"], int(die["face"]), die["state"]
        if resized:
            self._size_dice()

    def _tapped(self, face: DieFace) -> None:
        if self.model is not None:
            self.model.tap_die(int(face.index))

    def _size_dice(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        scale = float(getattr(app, "scale", 1.0)) if app is not None else 1.0
        box, room = self.ids.dice_box, self.ids.dice_scroll
        spacing = 8 * scale
        # More dice than fit at a touch target's size: they stay that size and the box scrolls.
        side = die_fit(len(box.children), room.width, room.height, spacing, DIE_MAX * scale, DIE_MIN * scale)
        box.spacing = spacing
        for widget in box.children:
            widget.size = (side, side)

    def _on_totals(self, *_args: Any) -> None:
        """One chip per colour present: a die of that colour, "Red ×3 = 11"."""
        from kivy.factory import Factory

        totals = list(self.model.tray.totals)
        for chip, row in zip(kept_rows(self.ids.totals, len(totals), lambda _i: Factory.TotalChip(),
                                       self._spare_chips), totals):
            chip.colour, chip.text = row["colour"], row["text"]

    def _reserve_chips(self) -> None:
        """A chip per colour made while the table is idle, so that the first throw of the evening
        does not wait for them (four chips' kv rules were most of that read's 40 ms)."""
        from kivy.factory import Factory

        while len(self._spare_chips) + len(self.ids.totals.children) < len(COLOURS):
            self._spare_chips.append(Factory.TotalChip())

    # -- entry by hand -------------------------------------------------------------------------

    def _on_draft(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        scale = float(getattr(app, "scale", 1.0)) if app is not None else 1.0
        box = self.ids.draft_box
        draft = list(self.model.entry.draft)
        box.clear_widgets()
        spacing = 4 * scale
        side = die_fit(len(draft), box.width, box.height, spacing, 34 * scale, 12 * scale)
        box.spacing = spacing
        for die in draft:
            box.add_widget(DieGlyph(colour=die["colour"], face=int(die["face"]), size_hint=(None, None),
                                    size=(side, side)))


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
