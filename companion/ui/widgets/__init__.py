"""Shared widgets (every interactive one carries a stable `wid`) and finding them by `wid`.

`wid` is how tests and the input-script player name a widget ("table.undo") independently of
layout and language; `find_widget` searches every screen of every ScreenManager, not just the
visible one, because a script may check a widget before navigating to it.
"""

from __future__ import annotations

import re
import sys
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any, Callable, Iterator

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.graphics import Mesh
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.screenmanager import ScreenManager
from kivy.uix.widget import Widget

from companion.ui.text import linebreak
from companion.ui.widgets import held_texts, theme

import math
from array import array


def _f32(values: list[float]) -> list[float]:
    """Each value rounded to a C float, as Kivy's Cython code stores and computes them."""
    return array("f", values).tolist()


_ARCS: dict[tuple[int, int], list[tuple[float, float]]] = {}


def _unit_arc(corner: int, segments: int) -> list[tuple[float, float]]:
    """The unit-circle points of one corner's arc, computed as Kivy's `RoundedRectangle.draw_arc`
    does (in C floats, rotating step by step), so the shape's vertices are Kivy's own."""
    key = (corner, segments)
    if key not in _ARCS:
        f = lambda v: array("f", [v])[0]  # noqa: E731
        start = f((180 - 90 * corner) * 0.017453292519943295)
        end = f((180 - 90 * corner - 90) * 0.017453292519943295)
        theta = f(f(end - start) / segments)
        tangential, radial = f(math.tan(theta)), f(math.cos(theta))
        x, y = f(math.cos(start)), f(math.sin(start))
        points = []
        for _ in range(segments):
            points.append((x, y))
            fx, fy = -y, x
            x = f(x + f(fx * tangential))
            y = f(y + f(fy * tangential))
            x, y = f(x * radial), f(y * radial)
        _ARCS[key] = points
    return _ARCS[key]


_OFFSETS: dict[tuple[Any, ...], tuple[list[float], list[float]]] = {}


def _arc_offsets(segments: int, rx: tuple[float, ...], ry: tuple[float, ...]) -> tuple[list[float], list[float]]:
    """The four corners' unit arcs scaled by their radii (x offsets, y offsets; corner after
    corner), in C floats: kept by segments and radii, which a layout moving a shape leaves alone."""
    key = (segments, rx, ry)
    kept = _OFFSETS.get(key)
    if kept is None:
        if len(_OFFSETS) > 256:
            _OFFSETS.clear()
        arcs = [_unit_arc(k, segments) for k in range(4)]
        kept = _OFFSETS[key] = (_f32([px * rx[k] for k in range(4) for px, _py in arcs[k]]),
                                _f32([py * ry[k] for k in range(4) for _px, py in arcs[k]]))
    return kept


def _fast_indices(segments: int) -> list[int]:
    """Triangles for `RoundedBox`'s vertex layout: 4 corner centres (0-3), then per corner its arc
    points and closing vertex (segments + 1 each). Each corner is a small fan around its centre;
    the rest is 10 large triangles through the centres. Every inner edge is shared by exactly two
    triangles, so every pixel of the shape is covered once."""
    n = segments + 1
    first = [4 + k * n for k in range(4)]  # a corner's first arc point
    close = [f + segments for f in first]  # its closing vertex
    tl, tr, br, bl = 0, 1, 2, 3
    indices: list[int] = []
    for k in range(4):
        for i in range(segments):
            indices += [k, first[k] + i, first[k] + i + 1]
    indices += [close[tl], first[tr], tr, close[tl], tr, tl,  # the top strip
                tl, tr, br, tl, br, bl,  # the middle
                bl, br, close[br], bl, close[br], first[bl],  # the bottom strip
                first[tl], tl, bl, first[tl], bl, close[bl],  # the left strip
                close[tr], first[br], br, close[tr], br, tr]  # the right strip
    return indices


_WHITE_TEXEL: list[Any] = []


def white_texel() -> Any:
    """A 1×1 opaque white texture sampled `nearest`, for shapes drawn in a plain colour.

    Kivy draws an untextured shape with its default white texture, sampled `linear`: every pixel
    of the shape then blends four texels, all white. Sampling one texel gives the same colour
    (white × the colour), and llvmpipe fills such a shape about a tenth faster. Made on first use
    (it needs the GL context) and refilled if the context is ever rebuilt."""
    if not _WHITE_TEXEL:
        from kivy.graphics.texture import Texture

        def fill(texture: Any) -> None:
            texture.blit_buffer(b"\xff\xff\xff\xff", colorfmt="rgba", bufferfmt="ubyte")

        texture = Texture.create(size=(1, 1), colorfmt="rgba")
        texture.mag_filter = texture.min_filter = "nearest"
        fill(texture)
        texture.add_reload_observer(fill)
        _WHITE_TEXEL.append(texture)
    return _WHITE_TEXEL[0]


class RoundedBox(Mesh):
    """Kivy's `RoundedRectangle` (pos, size, radius, segments), the same vertices and so the same
    pixels, cut into triangles a software GL fills fast. `RoundedRectangle` is one triangle fan
    from the centre: on llvmpipe its long, thin triangles cost ~0.25 ms a frame for a button
    (≈ 0.5 ms for a 190×120 one), about four times the same shape as a few large triangles.
    Radius as a number or a list of numbers (the first used for all corners when fewer than four).
    Drawn with `white_texel()`, Kivy's plain-colour look for less."""

    def __init__(self, **kwargs: Any) -> None:
        self._x = self._y = 0.0
        self._w = self._h = 100.0
        self._radius: list[float] = [10.0] * 4
        self._segments = 10
        self._fast: bool | None = None
        super().__init__(mode="triangles", texture=white_texel())
        self._building = False  # built once, with every keyword set (as Kivy builds at the next draw)
        for key in ("pos", "size", "radius", "segments"):
            if key in kwargs:
                setattr(self, key, kwargs[key])
        self._building = True
        self._build()

    @property
    def pos(self) -> tuple[float, float]:
        return self._x, self._y

    @pos.setter
    def pos(self, value: Any) -> None:
        x, y = _f32([value[0], value[1]])
        if (x, y) != (self._x, self._y):
            self._x, self._y = x, y
            self._build()

    @property
    def size(self) -> tuple[float, float]:
        return self._w, self._h

    @size.setter
    def size(self, value: Any) -> None:
        w, h = _f32([value[0], value[1]])
        if (w, h) != (self._w, self._h):
            self._w, self._h = w, h
            self._build()

    @property
    def radius(self) -> list[float]:
        return list(self._radius)

    @radius.setter
    def radius(self, value: Any) -> None:
        values = [float(v if not isinstance(v, (tuple, list)) else v[0]) for v in
                  (value if isinstance(value, (list, tuple)) else [value])] or [10.0]
        values = values[:4] if len(values) >= 4 else values[:1] * 4
        if values != self._radius:
            self._radius = values
            self._build()

    @property
    def segments(self) -> int:
        return self._segments

    @segments.setter
    def segments(self, value: int) -> None:
        if int(value) != self._segments:
            self._segments = int(value)
            self._fast = None
            self._build()

    def _build(self) -> None:
        if not self._building:
            return
        x, y, w, h, segments = self._x, self._y, self._w, self._h, self._segments
        if w == 0 or h == 0:
            return  # as Kivy: the last shape stays
        half_w, half_h = _f32([w / 2, h / 2])
        rx = _f32([min(r, half_w) for r in self._radius])
        ry = _f32([min(r, half_h) for r in self._radius])
        right, top = _f32([x + w, y + h])
        # the corners' centres as Kivy computes them: x + rx, (x + w) - rx; (y + h) - ry, y + ry
        flat = _f32([x + rx[0], top - ry[0], right - rx[1], top - ry[1],
                     right - rx[2], y + ry[2], x + rx[3], y + ry[3]])
        centres = [(flat[0], flat[1]), (flat[2], flat[3]), (flat[4], flat[5]), (flat[6], flat[7])]
        # Each arc point is its corner's centre plus the unit arc scaled by the radii, each sum
        # rounded to a C float as Kivy does; the scaled arcs depend on the radii alone (a button
        # moved by a layout keeps them). The same values as one corner at a time, in fewer calls.
        offsets = _arc_offsets(segments, tuple(rx), tuple(ry))
        n = segments
        xs = _f32([centres[k][0] + o for k in range(4) for o in offsets[0][k * n:(k + 1) * n]])
        ys = _f32([centres[k][1] + o for k in range(4) for o in offsets[1][k * n:(k + 1) * n]])
        # The ring: per corner its arc points and closing vertex, as (x, y, 0, 0) each, filled by
        # slices (a layout moving a button rebuilds it: a loop of small lists cost half of that).
        closing_x = (centres[0][0], right, centres[2][0], x)
        closing_y = (top, centres[1][1], y, centres[3][1])
        ring_x: list[float] = []
        ring_y: list[float] = []
        for k in range(4):
            ring_x += xs[k * n:(k + 1) * n]
            ring_x.append(closing_x[k])
            ring_y += ys[k * n:(k + 1) * n]
            ring_y.append(closing_y[k])
        ring = [0.0] * (4 * len(ring_x))
        ring[0::4] = ring_x
        ring[1::4] = ring_y
        fast = w > 0 and h > 0 and segments > 0 and all(r > 0 for r in rx + ry)
        if fast:
            vertices = [v for cx, cy in centres for v in (cx, cy, 0.0, 0.0)] + ring
        else:  # Kivy's own fan: the centre, then the ring
            vertices = [x + half_w, y + half_h, 0.0, 0.0] + ring
        if fast != self._fast:
            self._fast = fast
            count = len(ring) // 4
            self.indices = _fast_indices(segments) if fast else [
                i for j in range(1, count + 1) for i in (0, j, j % count + 1)]
        self.vertices = vertices


Factory.register("RoundedBox", cls=RoundedBox)


class WindowScreenManager(ScreenManager):
    """The app's ScreenManager, which fills the window, without ScreenManager's stencil clip.

    Kivy's rule clips a ScreenManager's screens to its own rectangle (a stencil write of its size
    before them, another after). The app's fills the window and its transitions are `NoTransition`,
    so the clip removes no pixel; but on a software GL (llvmpipe) the two window-sized stencil
    quads, and the stencil test on every fragment in between, cost about a fifth of every frame.
    """


Factory.register("WindowScreenManager", cls=WindowScreenManager)


class WidMixin:
    """A stable, language-independent name for a widget: "screen.part[.index].action"; and
    `small_print`: its text is secondary detail, allowed under the type scale's reading size down
    to `theme.SMALL` (the layout tests hold every other text to `theme.READ`)."""

    wid = StringProperty("")
    small_print = BooleanProperty(False)


def _keeping_image(core: Any) -> Any:
    """The core label's `_render_end`, keeping the image it returns (the text's pixels) for
    `_inked_box`."""
    render_end = type(core)._render_end

    def _render_end() -> Any:
        image = render_end(core)
        core.kept_image = image
        return image

    return _render_end


def _alpha_bbox(rgba: bytes, tw: int, th: int) -> tuple[int, int, int, int] | None:
    """The box (left, top, right, bottom; right and bottom exclusive, top = the image's first row)
    of the texels with some alpha, None when there are none. Pillow does it in C, where a loop over
    the rows in Python cost as much as laying the text out; but Pillow is used only once something
    else (luma's pads, a screenshot) has loaded it, so the first frame stays free of it."""
    image_module = sys.modules.get("PIL.Image")
    if image_module is not None:
        return image_module.frombuffer("RGBA", (tw, th), rgba, "raw", "RGBA", 0, 1).getchannel("A").getbbox()
    alpha = rgba[3::4]
    first = last = -1
    left, right = tw, -1
    for row in range(th):
        line = alpha[row * tw:(row + 1) * tw]
        ink = line.lstrip(b"\0")
        if not ink:
            continue
        left = min(left, tw - len(ink))
        right = max(right, len(line.rstrip(b"\0")) - 1)
        if first < 0:
            first = row
        last = row
    return None if first < 0 else (left, first, right + 1, last + 1)


def _inked_box(texture: Any, image: Any) -> tuple[list[int], list[float]]:
    """The smallest box of `texture` holding every texel with some alpha, from the image it was
    filled with, and the texture coordinates of that box; the whole texture if unknown."""
    tw, th = texture.size
    x0, y0, x1, y1 = 0, 0, tw, th
    data = getattr(image, "data", None)
    if image is not None and data is not None and (image.width, image.height) == (tw, th) \
            and getattr(image, "fmt", "rgba") == "rgba" and len(data) == tw * th * 4:
        ink = _alpha_bbox(bytes(data), tw, th)
        if ink is None:
            return [0, 0, 0, 0], [0.0] * 8
        left, first, right, last = ink  # right and last exclusive
        # the image's first row is the texture's top (label textures are flipped vertically)
        x0, x1, y0, y1 = left, right, th - last, th - first
    u = texture.tex_coords  # bottom left, bottom right, top right, top left

    def at(fx: float, fy: float) -> tuple[float, float]:
        return (u[0] + (u[2] - u[0]) * fx + (u[6] - u[0]) * fy,
                u[1] + (u[3] - u[1]) * fx + (u[7] - u[1]) * fy)

    corners = [at(x0 / tw, y0 / th), at(x1 / tw, y0 / th), at(x1 / tw, y1 / th), at(x0 / tw, y1 / th)]
    return [x0, y0, x1 - x0, y1 - y0], [c for corner in corners for c in corner]


# options the key leaves out: derived from others (font_name_r), or stale copies (text, text_size)
_NOT_DRAWN_FROM = frozenset(("font_name_r", "text", "text_size"))


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, (list, tuple)) else value


#: How many label textures `KeepsTextures` keeps, shared by every label (the least recently shown
#: go first). A busy table's text is ~7 kilopixels a texture: 512 are ~15 MB of texture memory.
SHARED_TEXTURES = 512
_SHARED: "OrderedDict[tuple[Any, ...], tuple[Any, ...]]" = OrderedDict()
#: How many of the clock's passes before a frame a label's new text may wait for a layout above
#: it (`KeepsTextures._waits_for_layout`); `CLOCK_PASSES` leaves room after them.
LAYOUT_WAITS = 7
#: The clock's passes before a frame (`Clock.max_iteration`, the app sets it): Kivy's default of 10
#: was already reached by the busiest frames here (a game's start), and what is still due after
#: the last pass waits for the next frame, so the frame would show a half-updated screen.
CLOCK_PASSES = 20
#: The labels with new text due whose texture decides a size, by rank (`KeepsTextures._rank`):
#: [0] those free in width (a name as wide as its text), [1] those free in height only (a
#: wrapped notice, a row as high as its longest text). A label waits for those of a lower rank.
_SIZING_DUE: "tuple[weakref.WeakSet[Any], weakref.WeakSet[Any]]" = (weakref.WeakSet(), weakref.WeakSet())


class KeepsTextures:
    """A Label that shows a texture already drawn for the same text and options (by any label)
    instead of laying the text out and uploading it anew, and draws only the part of its texture
    that has ink.

    A table shows the same few strings over and over: a turn's prompt, a tray, a button hidden and
    shown, and the same tile offered by whichever button of a grid comes first. Measured over 500
    taps of the table with the most text, a label's own last four texts would have spared 1,932
    of 5,300 layouts; any label's last 1,024 spared 3,924. A texture is kept with every input it was drawn
    from (`_texture_key`), so a kept one is the very image Kivy would draw: the screen is the same.
    A texture once kept is never drawn into again (another label may be showing it): a label laying
    out new text always gets a texture of its own.

    A label's texture is as big as its `text_size` (often the whole label) and mostly transparent;
    a software GL (llvmpipe) still blends every texel of the quad, every frame. The quad drawn is
    the texture's inked box, its texels on the very pixels the whole texture put them, so the
    screen is the same. `texture` and `texture_size` stay the whole texture's. The quad is kept
    here, not in a kv rule: kv applies canvas changes later and in its own order, and a Rectangle
    given a texture takes that texture's coordinates, which must come first.
    """

    def _trigger_texture_update(self, name: Any = None, source: Any = None, value: Any = None) -> None:
        super()._trigger_texture_update(name, source, value)
        rank = self._rank()
        if rank < 2:
            _SIZING_DUE[rank].add(self)

    def _rank(self) -> int:
        """0: the text decides the label's width (and height); 1: its height only (it wraps in a
        given width); 2: neither (`text_size` both ways: the text is boxed in the label's size).
        A text of rank 0 may change the width a rank-1 text wraps in, which may change the
        height a rank-2 text is boxed in: each is laid out after those below it."""
        text_size = self.text_size
        return 0 if text_size[0] is None else (1 if text_size[1] is None else 2)

    def texture_update(self, *largs: Any) -> None:
        if largs:
            for due in _SIZING_DUE:
                due.discard(self)
        core = self._label
        key = self._texture_key()
        entry = _SHARED.get(key)
        if entry is not None:
            _SHARED.move_to_end(key)  # the most recently shown last
            texture, size, shortened, refs, anchors, box, uv = entry
            if self.texture is not texture:
                self.texture = texture
            self.texture_size = list(size)
            self.is_shortened = shortened
            if refs is not None:
                self.refs, self.anchors = refs, anchors
            self._show_box(box, uv)
            return
        if largs and (held_texts.is_held(self) or self._waits_for_layout()):
            return
        core.texture = None  # the core label would draw the new text into a texture others may show
        if core.__dict__.get("_render_end") is None:
            core._render_end = _keeping_image(core)
        core.__dict__.pop("kept_image", None)
        self._laid_out_update(*largs)
        texture = self.texture
        if texture is None or texture is core.texture_1px:
            self._show_box([0, 0, 0, 0], [0.0] * 8)
            return
        # Kivy renders a label's text when its texture is first drawn, from the core label's state
        # at that moment: a kept texture must hold its own text, so it is rendered now.
        texture.bind()
        box, uv = _inked_box(texture, core.__dict__.pop("kept_image", None))
        self._show_box(box, uv)
        markup = self.markup
        _SHARED[key] = (texture, tuple(texture.size), self.is_shortened, self.refs if markup else None,
                        self.anchors if markup else None, box, uv)
        while len(_SHARED) > SHARED_TEXTURES:
            _SHARED.popitem(last=False)

    def _laid_out_update(self, *largs: Any) -> None:
        """Label's own texture update, given the text with the line breaks `linebreak.wrap_text`
        chose when the label wraps Chinese: Kivy would break it at any character, a closing
        bracket at a line's start or a number apart from its measure word."""
        wrapped = self._wrapped_text()
        core = self._label
        if not self.markup:
            # Label lays out the core label's text as it stands: the breaks chosen at another
            # width, or none
            text = self.text if wrapped is None else wrapped
            if core.text != text:
                core.text = text
            super().texture_update(*largs)
            return
        if wrapped is None:
            super().texture_update(*largs)
            return
        # Label builds a markup label's text from `text` itself: the same steps, with the breaks
        from kivy.utils import get_hex_from_color

        self.texture = None
        colour = get_hex_from_color(self.disabled_color if self.disabled else self.color)
        text = wrapped.strip() if self.halign == "justify" or self.strip else wrapped
        core.text = "".join(("[color=", colour, "]", text, "[/color]"))
        core.refresh()
        if core.texture:
            core.texture.bind()
        self.refs, self.anchors = core.refs, core.anchors
        if core.texture is not None:
            self.texture = core.texture
            self.texture_size = list(core.texture.size)
        self.is_shortened = core.is_shortened

    def _wrapped_text(self) -> str | None:
        """The label's text with its Chinese lines broken where the rules allow, or None when
        Kivy's own layout is the same (no width to wrap in, no CJK, nothing to break, shortened)."""
        text = self.text
        usersize = self._label.usersize
        if not text or self.shorten or not usersize or not usersize[0] or not linebreak.has_cjk(text):
            return None
        padding = self.padding
        room = usersize[0] - ((padding[0] + padding[2]) if len(padding) == 4 else 2 * padding[0])
        core = self._label
        wrapped = linebreak.wrap_text(text, room, lambda line: _word_width(core, line), markup=self.markup)
        return None if wrapped == text else wrapped

    def _waits_for_layout(self) -> bool:
        """Whether the clock's call to lay the new text out waits (it is called again, before the
        same frame) because a layout above the label is still due: that layout gives the label
        its size, and with `text_size` bound to the size the text would be laid out twice — at
        the old size, then at the new one (a season's summary rows, the final table: 20-40
        labels of one tap). It also waits for the labels of a lower `_rank` whose new text is
        due (`_SIZING_DUE`): a summary row is as high as its longest text, the notice wraps in
        the width the turn's name leaves it. At most `LAYOUT_WAITS` times a frame, so a layout that keeps
        itself due (or a chain deeper than the clock's passes) still gets the text before the frame.
        Only under a widget with `texts_wait_for_layout` (a table screen that asks for it): elsewhere (the history's
        rows, laid out by a RecycleView across frames) a text waiting was seen to run after the app
        stopped, in the next app's tests."""
        due = False
        widget = self.parent
        while widget is not None and widget is not widget.parent:
            # a layout's trigger due before this frame (a ClockEvent of timeout -1; a RecycleView's
            # layout is due after it, and some widgets name a plain method so)
            trigger = getattr(widget, "_trigger_layout", None)
            due = due or (getattr(trigger, "is_triggered", False) and getattr(trigger, "timeout", 0) < 0)
            if getattr(widget, "texts_wait_for_layout", False):
                break
            widget = widget.parent
        else:
            return False  # only on a screen that asks for it (`texts_wait_for_layout`)
        frame = Clock.frames_displayed
        if self.__dict__.get("_waits_frame") != frame:
            self._waits_frame, self._waits = frame, 0
        if self._waits >= LAYOUT_WAITS:
            return False
        if due or self._sizing_due(self._rank()):
            self._waits += 1
            self._trigger_texture()
            return True
        return False

    def _sizing_due(self, rank: int) -> bool:
        """Whether a label of a rank below `rank` has new text due."""
        for due in _SIZING_DUE[:rank]:
            for label in list(due):
                if label._trigger_texture.is_triggered:
                    return True
                due.discard(label)  # laid out some other way (a direct call)
        return False

    def _show_box(self, box: list[int], uv: list[float]) -> None:
        """Draws the texture's `box` (x, y from its bottom left, width, height; `uv` its texture
        coordinates) where the whole texture would be."""
        quad = self.__dict__.get("_text_quad")
        if quad is None:
            from kivy.graphics import Color, Rectangle

            self.canvas.add(Color(1, 1, 1, 1))
            quad = self._text_quad = Rectangle(size=(0, 0))
            self.canvas.add(quad)
            self.fbind("pos", self._place_text)
            self.fbind("size", self._place_text)
        if quad.texture is not self.texture:
            quad.texture = self.texture
        quad.tex_coords = uv
        self._text_box = box
        self._place_text()

    def _place_text(self, *_args: Any) -> None:
        # Label's own placement (int(center - texture size / 2)), from pos and size themselves:
        # `center` may not have followed a new size yet when `size` is dispatched.
        tw, th = self.texture_size
        x, y, w, h = self._text_box
        self._text_quad.pos = (int(self.x + self.width / 2. - tw / 2.) + x, int(self.y + self.height / 2. - th / 2.) + y)
        self._text_quad.size = (w, h)

    def _texture_key(self) -> tuple[Any, ...]:
        """Everything the texture is drawn from: the text, the core label's options (in their own
        order, which only changes with a new core label) and the font files behind the font name."""
        from kivy.core.text import LabelBase

        core = self._label
        options = core.options
        return (type(core), self.text, self.disabled, tuple(self.color), tuple(self.disabled_color),
                _frozen(core.usersize), LabelBase._fonts.get(options.get("font_name")),
                tuple([(k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()
                       if k not in _NOT_DRAWN_FROM]))


class AppLabel(WidMixin, KeepsTextures, Label):
    """Text in the theme's colour and scale; `wrap` makes it wrap inside its width.

    Wrapping is set from Python, not in the class's kv rule: a class rule binding `text_size`
    would fight (and randomly win over) an instance rule that sets `text_size` itself.
    """

    wrap = BooleanProperty(False)

    def on_wrap(self, _instance: Any, _value: bool) -> None:
        self._fit_wrap()

    def on_width(self, _instance: Any, _value: float) -> None:
        self._fit_wrap()

    def _fit_wrap(self) -> None:
        if self.wrap:
            self.text_size = (self.width, None)


class OutlinedWhenSelected:
    """`selected` draws the widget's rounded outline (`Outline`) after its kv rule's background."""

    selected = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._outline = Outline(self, rgba=theme.TEXT)
        super().__init__(**kwargs)
        self._outline.ready(self.canvas.before)  # after the kv rule's background
        self._outline.show(self.selected)

    def on_selected(self, _instance: Any, selected: bool) -> None:
        self._outline.show(selected)


class AppButton(OutlinedWhenSelected, WidMixin, KeepsTextures, Button):
    """A flat, rounded, themed button; `bg` is its colour at rest (pressed is lighter), `selected`
    draws it in the selection colour with an outline."""

    bg = ColorProperty(theme.NEUTRAL)
    fg = ColorProperty(theme.TEXT)
    #: False: the words stay on one line (a number and its mark, "8✔"), never wrapped; a FitButton
    #: shrinks them to fit instead
    wraps = BooleanProperty(True)


class FitButton(AppButton):
    """A button whose text shrinks (down to `min_font`) rather than spill out of it. By default it
    shrinks no lower than the type scale's reading size (`theme.READ` at the running app's scale):
    a button's words are read from a seat too; a layout that cannot hold them must make room."""

    base_font = NumericProperty(18)
    min_font = NumericProperty(12)

    def __init__(self, **kwargs: Any) -> None:
        if "min_font" not in kwargs:
            from kivy.app import App

            app = App.get_running_app()
            kwargs["min_font"] = theme.READ * (getattr(app, "scale", 1.0) or 1.0)
        super().__init__(**kwargs)
        # -1: fitted before the coming frame; with 0 a relabelled button sometimes showed its text
        # unshrunk for a frame or two
        self._fit_trigger = Clock.create_trigger(self._fit, -1)
        self.bind(texture_size=self._fit_later, size=self._refit, text=self._refit, base_font=self._refit)

    def _refit(self, *_args: Any) -> None:
        # Words fitted before in the same room start at the size their fit ended at (`_FITTED`):
        # the fit below then finds nothing to shrink, and the text is laid out once, not twice.
        start = _FITTED.get(self._fit_key(), self.base_font)
        if self.font_size != start:
            self.font_size = start
        self._fit_trigger()

    def _fit_later(self, *_args: Any) -> None:
        self._fit_trigger()

    def _fit_key(self) -> tuple[Any, ...]:
        """Everything the fit measures but the font size it tries: the words, the room, the
        sizes it may take and how the text is set."""
        text_size = self.text_size
        return (self.text, self.width, self.height, tuple(text_size) if text_size else None, self.base_font,
                self.min_font, self.font_name, self.bold, self.italic, self.markup, tuple(self.padding),
                self.line_height, self.shorten, self.max_lines, self.strip, self.outline_width)

    def _fit(self, *_args: Any) -> None:
        if self._trigger_texture.is_triggered:
            self._fit_trigger()  # the text is laid out again first: measure that, not the last one
            return
        if not self.text or self.height <= 1:
            return
        if self.font_size <= self.min_font:
            _keep_fit(self._fit_key(), self.font_size)
            return
        tw, th = self.texture_size
        room = (self.text_size[0] if self.text_size and self.text_size[0] else self.width) - 4
        ratio = 1.0
        if th > self.height - 4 or tw > self.width - 4:
            ratio = min((self.height - 4) / max(1, th), (self.width - 4) / max(1, tw), 0.92)
        # A word wider than the button would be broken mid-word ("Hom/e"): shrink until it fits.
        # Chinese breaks between any two characters: a word is a run of other letters.
        words = _WORD.findall(re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", self.text)) if self.wraps else ()
        if words and room > 0:
            widest = max(_word_width(self._label, word) for word in words)
            if widest > room:
                ratio = min(ratio, room / widest, 0.95)
        if ratio < 1.0:
            self.font_size = max(self.min_font, self.font_size * max(0.6, ratio))
        else:
            _keep_fit(self._fit_key(), self.font_size)


#: The size a `FitButton`'s fit ended at, by `_fit_key`: a fit starts at `base_font` and shrinks
#: step by step, each step a text layout, so the same key always ends at the same size. A button
#: relabelled with words it or any button fitted before in the same room (a seat's choices, a
#: menu walked back and forth) starts there instead.
_FITTED: "OrderedDict[tuple[Any, ...], float]" = OrderedDict()
FITTED_KEPT = 2048


def _keep_fit(key: tuple[Any, ...], size: float) -> None:
    _FITTED[key] = size
    _FITTED.move_to_end(key)
    while len(_FITTED) > FITTED_KEPT:
        _FITTED.popitem(last=False)


#: A word that must not be broken across lines: a run of letters other than CJK (which a line may
#: break between any two characters) and spaces.
_WORD = re.compile(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+")

#: A word's width by the font options SDL2_ttf measures it with (the core label's font id), so a
#: button fitted again (every relabel, at every font size on the way down) measures each word once.
_WORD_WIDTHS: dict[tuple[Any, ...], int] = {}
_FONT_ID = ("font_size", "font_name_r", "bold", "italic", "underline", "strikethrough")
WORD_WIDTHS_KEPT = 4096


def _word_width(core: Any, word: str) -> int:
    options = core.options
    key = (word, *(options.get(name) for name in _FONT_ID))
    width = _WORD_WIDTHS.get(key)
    if width is None:
        if len(_WORD_WIDTHS) >= WORD_WIDTHS_KEPT:
            _WORD_WIDTHS.clear()
        width = _WORD_WIDTHS[key] = core.get_extents(word)[0]
    return width


class Outline:
    """A widget's rounded outline (2 px, inset 2 px) that is in its canvas only while shown: on a
    software GL (llvmpipe) even a fully transparent Line is rasterised every frame."""

    def __init__(self, widget: Widget, rgba: Any, inset: float = 2, radius: float = 8) -> None:
        self.widget, self.rgba, self.inset, self.radius = widget, list(rgba), inset, radius
        self.canvas: Any = None
        self.group: Any = None

    def ready(self, canvas: Any) -> None:
        """Where the outline goes (at the end of `canvas` when shown); until then `show` waits."""
        self.canvas = canvas

    def set_rgba(self, rgba: Any) -> None:
        self.rgba = list(rgba)
        if self.group is not None:
            self._colour.rgba = self.rgba

    def show(self, shown: bool) -> None:
        if self.canvas is None:
            return
        widget = self.widget
        if shown and self.group is None:
            from kivy.graphics import Color, InstructionGroup, Line

            self.group = InstructionGroup()
            self._colour = Color(*self.rgba)
            self._line = Line(width=2)
            self.group.add(self._colour)
            self.group.add(self._line)
            self._place()
            self.canvas.add(self.group)
            widget.bind(pos=self._place, size=self._place)
        elif not shown and self.group is not None:
            widget.unbind(pos=self._place, size=self._place)
            self.canvas.remove(self.group)
            self.group = None

    def _place(self, *_args: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        w, d = self.widget, self.inset
        self._line.rounded_rectangle = (w.x + d, w.y + d, w.width - 2 * d, w.height - 2 * d,
                                        self.radius * (app.scale if app is not None else 1.0))


class Panel(BoxLayout):
    """A box with the panel background, for grouping (a seat, a bar)."""

    bg = ColorProperty(theme.PANEL)


class WidButtonBox(WidMixin, ButtonBehavior, BoxLayout):
    """A tappable box holding several labels (a seat's name, place and score): one big target."""


def iter_widgets(root: Widget) -> Iterator[Widget]:
    """Every widget under `root` (root first), including screens a ScreenManager is not showing."""
    stack = [root]
    seen: set[int] = set()
    while stack:
        widget = stack.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        yield widget
        children = list(reversed(widget.children))  # Kivy keeps the last added first
        for screen in getattr(widget, "screens", ()):  # ScreenManager: hidden screens are not children
            if screen not in children:
                children.append(screen)
        stack.extend(reversed(children))  # so pop() visits them in the order they were added


def find_widget(root: Widget, wid: str) -> Any | None:
    """The widget whose `wid` is `wid`, or None. Searches all screens, shown or not."""
    return next((w for w in iter_widgets(root) if getattr(w, "wid", None) == wid), None)


def all_wids(root: Widget) -> list[str]:
    """Every `wid` under root, in tree order: for scripts, docs and tests."""
    return [w.wid for w in iter_widgets(root) if getattr(w, "wid", "")]


def window_center(widget: Widget) -> tuple[float, float]:
    """The widget's centre in window coordinates: where a touch must land to hit it."""
    return widget.to_window(*widget.center)


def is_shown(widget: Widget) -> bool:
    """True if the widget is in the window's tree now (its screen is the current one)."""
    from kivy.core.window import Window

    node: Any = widget
    while node is not None:
        if node is Window:
            return True
        parent = node.parent
        if parent is node:
            return False
        node = parent
    return False


def kept_rows(grid: Any, count: int, make: Callable[[int], Any], spare: list[Any]) -> list[Any]:
    """`count` children of `grid`, in order. The ones it has are kept when their number changes
    (a die thrown adds its widgets, an undo takes them off; the rest keep their textures and
    layout); those taken off wait in `spare` and are put back before `make(i)` builds another (a
    widget's kv rules cost about a millisecond, and a throw and its undo made them every time).
    The caller then sets every row's values, its index and wid included."""
    grid = getattr(grid, "__self__", grid)  # a kv id's weak proxy: the widget itself
    shown = len(grid.children)
    for widget in grid.children[:max(0, shown - count)]:  # the last ones shown
        grid.remove_widget(widget)
        spare.append(widget)
    for i in range(shown, count):
        grid.add_widget(spare.pop() if spare else make(i))
    return list(reversed(grid.children))


Builder.load_file(str(Path(__file__).with_name("widgets.kv")))

from companion.ui.widgets import scrolling  # noqa: E402,F401 - every ScrollView: a steady scroll effect
