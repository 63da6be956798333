"""One die drawn big: its colour, its pips, and how it lies — rolling dice are faded and marked ~,
a cocked die leans and is marked ⊥, an unreadable one shows ? instead of pips. Drawn with canvas
instructions (no images), so it scales with the profile and costs a few instructions per die.

`DieFace` is a tap target (a die in the tray: tap it to correct it by hand); `DieGlyph` is the same
picture, smaller and not tappable (the dice entered by hand so far).
"""

from __future__ import annotations

import weakref
from typing import Any

from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle, Rotate, RoundedRectangle
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.widget import Widget

from companion.ui.widgets import theme
from companion.ui.dice.words import MARKS
from companion.ui.widgets import WidMixin

#: Body, pips, edge per colour: pips contrast with the body; a black die gets a light edge so it
#: stands out on the dark background.
DIE_LOOK: dict[str, tuple[Any, Any, Any]] = {
    "red": (theme.hex_rgba("#C62828"), theme.hex_rgba("#FFFFFF"), theme.hex_rgba("#FF8A80")),
    "white": (theme.hex_rgba("#EEEEEE"), theme.hex_rgba("#111111"), theme.hex_rgba("#FFFFFF")),
    "yellow": (theme.hex_rgba("#F2C318"), theme.hex_rgba("#111111"), theme.hex_rgba("#FFE57F")),
    "black": (theme.hex_rgba("#141414"), theme.hex_rgba("#FFFFFF"), theme.hex_rgba("#9AA4B2")),
    "unknown": (theme.hex_rgba("#5B6472"), theme.hex_rgba("#FFFFFF"), theme.hex_rgba("#A9B3C1")),
}

#: Pip centres on a unit face (0-1 from the bottom left), per face.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.73), (0.73, 0.27)),
    3: ((0.25, 0.75), (0.5, 0.5), (0.75, 0.25)),
    4: ((0.27, 0.27), (0.27, 0.73), (0.73, 0.27), (0.73, 0.73)),
    5: ((0.25, 0.25), (0.25, 0.75), (0.5, 0.5), (0.75, 0.25), (0.75, 0.75)),
    6: ((0.27, 0.22), (0.27, 0.5), (0.27, 0.78), (0.73, 0.22), (0.73, 0.5), (0.73, 0.78)),
}

COCKED_ANGLE = 17
"""Degrees a cocked die leans in the picture: it looks like what the players see in the tray."""


def _texture(text: str, size: float, colour: Any, bold: bool = True) -> Any:
    label = CoreLabel(text=text, font_size=size, bold=bold, color=colour)
    label.refresh()
    return label.texture


_STALE: "weakref.WeakSet[DieDrawing]" = weakref.WeakSet()
_HOOKED: list[Any] = []


def _redraw_before_drawing(die: "DieDrawing") -> None:
    """`die` is redrawn when the window next draws (its `on_draw`, after every layout of the
    frame has placed it): once, with its last values. Its canvas asks for that frame."""
    if not _HOOKED:
        from kivy.core.window import Window  # the app's window, there once a die has changed

        Window.bind(on_draw=_draw_stale)
        _HOOKED.append(Window)
    _STALE.add(die)
    die.canvas.ask_update()


def _draw_stale(*_args: Any) -> None:
    """The window's `on_draw`, before it renders: every die changed since the last frame redrawn."""
    stale = list(_STALE)
    _STALE.clear()
    for die in stale:
        die._redraw()


class DieDrawing(Widget):
    """The picture of one die inside the widget's box (a square, centred)."""

    colour = StringProperty("red")
    face = NumericProperty(0)
    stability = StringProperty("settled")  # how it lies: settled, rolling, cocked, unreadable

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Redrawn once, as the next frame starts drawing, however many of these change before it:
        # a read sets a die's colour, face and how it lies, and the layout then moves and sizes it
        # (redrawn at each, a tray of dice was drawn three or four times over for one frame).
        for name in ("pos", "size", "colour", "face", "stability"):
            self.fbind(name, self._redraw_soon)
        self._redraw()

    def _redraw_soon(self, *_args: Any) -> None:
        _redraw_before_drawing(self)

    def _redraw(self, *_args: Any) -> None:
        self.canvas.clear()
        side = max(0.0, min(self.width, self.height) * 0.86)
        if side <= 4:
            return
        # Not center_x/center_y: those aliases are cached and, when `pos` fires, not yet updated.
        cx, cy = self.x + self.width / 2, self.y + self.height / 2
        x, y = cx - side / 2, cy - side / 2
        body, pip, edge = DIE_LOOK.get(self.colour, DIE_LOOK["unknown"])
        faded = self.stability == "rolling"
        alpha = 0.5 if faded else 1.0
        face = int(self.face)
        show_pips = 1 <= face <= 6 and self.stability != "unreadable" and self.colour != "unknown"
        cocked = self.stability == "cocked"
        with self.canvas:
            # The lean is undone by the opposite rotation, not PushMatrix/PopMatrix: a matrix stack
            # pushed in a die redrawn while the app runs left everything drawn after it shifted
            # (the panel's ScrollView; seen on Kivy 2.3.1 with llvmpipe).
            if cocked:
                Rotate(angle=COCKED_ANGLE, origin=(cx, cy))
            Color(body[0], body[1], body[2], alpha)
            RoundedRectangle(pos=(x, y), size=(side, side), radius=[side * 0.17])
            Color(edge[0], edge[1], edge[2], alpha)
            Line(rounded_rectangle=(x, y, side, side, side * 0.17), width=1)
            if show_pips:
                Color(pip[0], pip[1], pip[2], alpha)
                r = side * 0.095
                for px, py in PIPS[face]:
                    Ellipse(pos=(x + px * side - r, y + py * side - r), size=(2 * r, 2 * r))
            elif self.stability != "settled" or self.colour == "unknown":  # a settled face 0: a colour swatch
                texture = _texture("?", side * 0.55, (pip[0], pip[1], pip[2], alpha))
                tw, th = texture.size
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, pos=(cx - tw / 2, cy - th / 2), size=(tw, th))
            if cocked:
                Rotate(angle=-COCKED_ANGLE, origin=(cx, cy))
            mark = MARKS.get(self.stability, "")
            if mark and (show_pips or self.stability != "unreadable"):
                self._badge(mark, x + side, y + side, side)

    def _badge(self, mark: str, right: float, top: float, side: float) -> None:
        """The stability mark in a gold disc on the die's top-right corner, readable at a glance."""
        d = max(18.0, side * 0.36)
        cx, cy = right - d * 0.35, top - d * 0.35
        Color(*theme.GOLD)
        Ellipse(pos=(cx - d / 2, cy - d / 2), size=(d, d))
        texture = _texture(mark, d * 0.8, theme.BG)
        tw, th = texture.size
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, pos=(cx - tw / 2, cy - th / 2), size=(tw, th))


class DieFace(WidMixin, ButtonBehavior, DieDrawing):
    """A die in the tray, tappable (≥ 48 px): the panel's `index` of it."""

    index = NumericProperty(0)


class DieGlyph(DieDrawing):
    """A die entered by hand so far: the same picture, not a tap target."""
