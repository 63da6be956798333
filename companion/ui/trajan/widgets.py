"""Trajan's drawn widgets: the time track as a ring, the score-over-time chart (Kivy graphics only,
no extra dependency), and a button grid that reuses its buttons (a turn changes labels, not widgets,
so a tap costs no widget construction)."""

from __future__ import annotations

import math
import re
from typing import Any, Sequence

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Ellipse, Line, Rectangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui.shell.profiles import TOUCH
from companion.ui.widgets import theme
from companion.ui.widgets import FitButton


class ButtonGrid(GridLayout):
    """A grid of `FitButton`s made from rows {wid, text, enabled, bg?, selected?, markup?}; buttons
    are kept and relabelled, added or removed only when the number of rows changes."""

    row_height = NumericProperty(52)
    font = NumericProperty(18)
    fixed_cols = NumericProperty(0)  # > 0: always this many columns
    #: The least font a button's words may shrink to; 0: 12 px at 800×480, as small print (a grid
    #: that cannot scroll). A grid in a ScrollView (`needed_height`) keeps the reading size.
    least_font = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._pool: list[FitButton] = []
        self._row_data: list[dict[str, Any]] = []
        self._widest_key: Any = None
        self._widest = 0.0
        self.on_choose: Any = None
        self.bind(size=lambda *_: self._layout())

    @property
    def made(self) -> int:
        """How many buttons this grid has made (shown or kept for later)."""
        return len(self._pool)

    def reserve(self, count: int) -> None:
        """Makes buttons until `count` are kept (not shown): done while the table is idle, a tap
        that shows that many buttons does not wait for them to be made."""
        from kivy.app import App

        scale = getattr(App.get_running_app(), "scale", 1.0) or 1.0
        while len(self._pool) < count:
            # A grid that cannot scroll may shrink its words below the reading size: they are read
            # at arm's length, as the player reaches to tap. One that scrolls keeps the reading size.
            least = self.least_font or 12 * scale
            button = FitButton(size_hint_min_y=0, halign="center", min_font=least,
                               small_print=least < theme.READ * scale - 0.01)
            button.bind(on_release=self._released)
            self._pool.append(button)

    def show(self, rows: Sequence[dict[str, Any]]) -> None:
        self._row_data = list(rows)
        self.reserve(len(rows))
        shown = self._pool[:len(rows)]
        current = list(reversed(self.children))
        if current != shown:
            # Another number of rows: the buttons shown are the pool's first ones, so only those
            # past the shorter count go out or come in (each one in or out relays the grid out).
            kept = len(current) if current == self._pool[:len(current)] else 0
            if kept > len(shown):
                for button in current[len(shown):]:
                    self.remove_widget(button)
            else:
                if not kept:
                    self.clear_widgets()
                self._layout()  # enough columns before the buttons go in (GridLayout refuses extras)
                for button in shown[kept:]:
                    self.add_widget(button)
        for i, (button, row) in enumerate(zip(shown, rows)):
            button.index = i
            button.wid = row["wid"]
            button.markup = bool(row.get("markup_on", False))
            button.text = row["text"]
            button.disabled = not row.get("enabled", True)
            button.bg = row.get("bg", theme.NEUTRAL)
            button.selected = bool(row.get("selected", False))
            button.base_font = row.get("font", self.font)
            button.size_hint_min_y = 0  # the grid's rows hold its buttons (AppButton's rule may set it again)
        self._layout()

    def _layout(self) -> None:
        n = len(self._row_data)
        if not n:
            return
        if self.fixed_cols:
            if self.cols != int(self.fixed_cols):
                self.cols = int(self.fixed_cols)
            return
        gap = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        max_rows = max(1, int((self.height + gap) // (self.row_height + gap))) if self.height > 1 else 4
        cols = max(1, math.ceil(n / max_rows))
        # Fewer, wider columns if a word would not fit a button at the reading size (FitButton
        # shrinks no lower): its rows are then lower than row_height, as long as two lines fit.
        if cols > 1 and self.width > 1:
            widest = self._least_width() if self.least_font else self._widest_word()
            fitting = max(1, int((self.width + gap) // (widest + gap))) if widest else cols
            while cols > fitting and cols > 1:
                rows = math.ceil(n / (cols - 1))
                if rows * (self._min_row_height() + gap) - gap > self.height:
                    break
                cols -= 1
        if self.cols != cols:
            self.cols = cols

    def needed_height(self, width: float, height: float) -> float:
        """The height the grid takes in a ScrollView `width` × `height`: `height` when its buttons
        fit there at the reading size (two lines each, a touch target high), else the height of
        as many such rows as the columns its widest word allows need (the rest is scrolled to)."""
        n = len(self._row_data)
        if not n or self.fixed_cols or width <= 1 or height <= 1:
            return height
        gap = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        widest = self._least_width()
        fitting = max(1, int((width + gap) // (widest + gap))) if widest else max(1, int(self.cols or 1))
        rows = math.ceil(n / min(fitting, n))
        need = rows * (self._min_row_height() + gap) - gap
        return max(height, need)

    def _min_row_height(self) -> float:
        """The least height a row's button needs: a touch target (≥ 48 px at 800×480), and two
        lines of its words at the reading size."""
        from kivy.app import App

        app = App.get_running_app()
        return max(TOUCH, 2.4 * theme.READ) * (getattr(app, "scale", 1.0) or 1.0)

    def _least_width(self) -> float:
        """The least width a button needs to hold its words in two lines at the reading size:
        its widest word, or half its whole text (Chinese breaks between any two characters, so
        its widest "word" says little), with a button's text margin."""
        from kivy.app import App

        scale = getattr(App.get_running_app(), "scale", 1.0) or 1.0
        key = ("least", scale, self.font, tuple((str(r.get("text", "")), r.get("font")) for r in self._row_data))
        if key == getattr(self, "_least_key", None):
            return self._least
        half = 0.0
        for row in self._row_data:
            text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", str(row.get("text", "")))
            if text:
                half = max(half, CoreLabel(font_size=row.get("font", self.font)).get_extents(text)[0] / 2)
        self._least_key, self._least = key, max(self._widest_word(), half * 1.15 + 16 * scale if half else 0.0)
        return self._least

    def _widest_word(self) -> float:
        """The widest word of the grid's texts at its buttons' fonts, with a button's text margin."""
        from kivy.app import App

        app = App.get_running_app()
        scale = getattr(app, "scale", 1.0) or 1.0
        key = (scale, self.font, tuple((str(r.get("text", "")), r.get("font")) for r in self._row_data))
        if key == self._widest_key:
            return self._widest
        widest = 0.0
        for row in self._row_data:
            text = re.sub(r"\[/?[a-z]+(=[^\]]*)?\]", "", str(row.get("text", "")))
            words = list(re.findall(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+", text))
            if not words:
                continue
            core = CoreLabel(font_size=row.get("font", self.font))
            widest = max(widest, max(core.get_extents(w)[0] for w in words))
        self._widest_key, self._widest = key, (widest + 16 * scale if widest else 0.0)
        return self._widest

    def _released(self, button: Any) -> None:
        if self.on_choose is not None and button.index < len(self._row_data):
            self.on_choose(self._row_data[button.index])


class TimeRing(Widget):
    """The time track as a ring of `lap` spaces, clockwise from the start at the top: spaces
    passed this round filled, the marker in the current player's colour, the start marked in gold;
    gold all round when this turn ends the round. `preview` (≥ 0) rings where time would move."""

    lap = NumericProperty(11)
    time = NumericProperty(0)
    ending = BooleanProperty(False)
    marker_rgba = ListProperty([1, 1, 1, 1])
    preview = NumericProperty(-1)

    def __init__(self, **kwargs: Any) -> None:
        self._drawn: list[tuple[str, Any, Any]] = []  # (kind, value, instruction) per shape in the canvas
        super().__init__(**kwargs)
        # -1: redrawn before the coming frame; with 0 the ring sometimes showed the last turn for a frame
        self._trigger = Clock.create_trigger(lambda dt: self.redraw(), -1)
        self.bind(pos=self._trigger, size=self._trigger, lap=self._trigger, time=self._trigger,
                  ending=self._trigger, marker_rgba=self._trigger, preview=self._trigger)

    def _point(self, space: float, radius: float) -> tuple[float, float]:
        angle = math.pi / 2 - 2 * math.pi * space / max(1, self.lap)
        return self.center_x + radius * math.cos(angle), self.center_y + radius * math.sin(angle)

    def redraw(self) -> None:
        """Draws `_shapes()`. A tap mostly moves the marker or recolours a space: the instructions
        already in the canvas are updated in place (only the values that changed); from the first
        shape of another kind on (a preview shown or hidden, another lap) they are replaced.
        The same instructions with the same values, in the same order: the same pixels."""
        shapes = self._shapes()
        drawn = self._drawn
        same = 0
        while same < min(len(shapes), len(drawn)) and shapes[same][0] == drawn[same][0]:
            kind, value = shapes[same]
            if value != drawn[same][1]:
                self._apply(kind, drawn[same][2], value)
                drawn[same] = (kind, value, drawn[same][2])
            same += 1
        for _kind, _value, instruction in drawn[same:]:
            self.canvas.remove(instruction)
        del drawn[same:]
        for kind, value in shapes[same:]:
            instruction = self._make(kind, value)
            self.canvas.add(instruction)
            drawn.append((kind, value, instruction))

    @staticmethod
    def _make(kind: str, value: Any) -> Any:
        if kind == "colour":
            return Color(*value)
        if kind == "circle":
            return Line(circle=value, width=1)
        return Ellipse(pos=value[0], size=value[1], segments=20)

    @staticmethod
    def _apply(kind: str, instruction: Any, value: Any) -> None:
        if kind == "colour":
            instruction.rgba = value
        elif kind == "circle":
            instruction.circle = value
        else:
            instruction.pos, instruction.size = value

    def _shapes(self) -> list[tuple[str, Any]]:
        """What the ring is drawn with, in order: ("colour", rgba), ("circle", (x, y, r)) and
        ("ellipse", (pos, size)). Filled shapes and 1 px lines only: a wider Line is costly on a
        software GL (llvmpipe)."""
        lap = max(1, int(self.lap))
        size = min(self.width, self.height)
        if size < 20:
            return []
        dot = max(6.0, min(size * 0.075, size * 1.6 / lap))
        radius = size / 2 - dot
        time = int(self.time)
        position = time % lap
        passed = lap if self.ending else position

        def disc(x: float, y: float, diameter: float, offset: float = 0) -> tuple[str, Any]:
            return "ellipse", ((x - diameter / 2 - offset, y - diameter / 2 - offset),
                               (diameter + 2 * offset, diameter + 2 * offset))

        shapes: list[tuple[str, Any]] = [("colour", tuple(theme.GOLD if self.ending else theme.NEUTRAL)),
                                         ("circle", (self.center_x, self.center_y, radius))]
        sx, sy = self._point(0, radius)
        shapes += [("colour", tuple(theme.GOLD)), disc(sx, sy, dot * 1.9),
                   ("colour", tuple(theme.BG)), disc(sx, sy, dot * 1.45)]
        for space in range(lap):
            x, y = self._point(space, radius)
            if space < passed or (self.ending and space <= position):
                shapes.append(("colour", tuple(theme.GOLD if self.ending else theme.MUTED)))
            else:
                shapes.append(("colour", tuple(theme.PANEL_HI)))
            shapes.append(disc(x, y, dot))
        if self.preview >= 0:
            px, py = self._point(int(self.preview) % lap, radius)
            shapes += [("colour", (*self.marker_rgba[:3], 0.45)), disc(px, py, dot * 1.5)]
        mx, my = self._point(position, radius)
        shapes += [("colour", (0, 0, 0, 1)), disc(mx, my, dot * 1.5, offset=2),
                   ("colour", (*self.marker_rgba[:3], self.marker_rgba[3] if len(self.marker_rgba) > 3 else 1)),
                   disc(mx, my, dot * 1.5)]
        return shapes


class ScoreChart(Widget):
    """VP over time, one line per player: `series` [{rgba, points}] share the x axis; `ticks`
    [(index, text)] label it (a season's first round, the final scoring)."""

    series = ListProperty([])
    ticks = ListProperty([])
    font_size = NumericProperty(14)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(lambda dt: self.redraw(), -1)  # before the coming frame
        self.bind(pos=self._trigger, size=self._trigger, series=self._trigger, ticks=self._trigger)

    @staticmethod
    def _text(text: str, size: float) -> Any:
        label = CoreLabel(text=text, font_size=size, color=theme.MUTED)
        label.refresh()
        return label.texture

    def redraw(self) -> None:
        self.canvas.clear()
        series = [s for s in self.series if s.get("points")]
        if not series or self.width < 40 or self.height < 40:
            return
        values = [v for s in series for v in s["points"]] + [0]
        low, high = min(values), max(values)
        if high == low:
            high = low + 1
        count = max(len(s["points"]) for s in series)
        pad_left, pad_bottom, pad_top, pad_right = self.font_size * 2.6, self.font_size * 1.6, self.font_size * 0.8, 8
        x0, y0 = self.x + pad_left, self.y + pad_bottom
        w = max(1.0, self.width - pad_left - pad_right)
        h = max(1.0, self.height - pad_bottom - pad_top)

        def xy(i: int, v: float) -> tuple[float, float]:
            return x0 + w * i / max(1, count - 1), y0 + h * (v - low) / (high - low)

        with self.canvas:
            Color(*theme.PANEL_HI)
            Line(points=[x0, y0, x0, y0 + h], width=1)
            zero = xy(0, 0)[1]
            Line(points=[x0, zero, x0 + w, zero], width=1)
            for index, text in self.ticks:
                tx = xy(int(index), low)[0]
                Color(*theme.PANEL_HI)
                Line(points=[tx, y0, tx, y0 + h], width=1)
                texture = self._text(str(text), self.font_size)
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size,
                          pos=(min(max(self.x, tx - texture.width / 2), self.right - texture.width), self.y))
            for value in {high, low, 0}:
                texture = self._text(str(int(value)), self.font_size)
                ty = xy(0, value)[1] - texture.height / 2
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size, pos=(x0 - texture.width - 4, ty))
            for s in series:
                points = [c for i, v in enumerate(s["points"]) for c in xy(i, v)]
                Color(*s["rgba"])
                if len(points) >= 4:
                    Line(points=points, width=2)  # drawn once, at the game's end: worth the cost
                lx, ly = points[-2], points[-1]
                Ellipse(pos=(lx - 4, ly - 4), size=(8, 8))

