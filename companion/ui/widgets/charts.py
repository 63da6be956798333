"""Charts drawn with Kivy's graphics instructions (Line, Rectangle), for the history of plays
(named apart from a game's own charts: kv classes share one Factory, so a second ScoreChart
would replace Trajan's):
a play's score over the game (or its final totals) and the statistics per player."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.core.text import Label as CoreLabel
from kivy.graphics import Color, Line, Rectangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.widget import Widget

from companion.ui.widgets import theme

#: One colour per seat (the charts' legend is the rows beside them, in the same colours).
SERIES = ("#4C9BE8", "#E8A33D", "#5BBF6A", "#D9534F", "#B07CE0", "#3FC1C9", "#E86FA8", "#C9C94C")


def series_rgba(index: int) -> tuple[float, float, float, float]:
    return theme.hex_rgba(SERIES[index % len(SERIES)])


class _Chart(Widget):
    font_size = NumericProperty(theme.READ)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        self.bind(pos=self._trigger, size=self._trigger)

    def _text(self, text: str) -> Any:
        label = CoreLabel(text=text, font_size=self.font_size, color=theme.MUTED)
        label.refresh()
        return label.texture

    def _label(self, text: str, x: float, y: float) -> None:
        texture = self._text(text)
        Color(1, 1, 1, 1)
        Rectangle(texture=texture, size=texture.size, pos=(x, y))

    def redraw(self) -> None:
        raise NotImplementedError


class PlayScoreChart(_Chart):
    """A play's score: `series` [{rgba, points: [score, …]}] one per seat. Several points make a
    line per seat over the game (ending at the final total); one point a bar per seat."""

    series = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(series=self._trigger)

    def redraw(self) -> None:
        self.canvas.clear()
        series = [s for s in self.series if s.get("points")]
        if not series or self.width < 40 or self.height < 40:
            return
        values = [v for s in series for v in s["points"]] + [0]
        low, high = min(values), max(values)
        high = high if high != low else low + 1
        count = max(len(s["points"]) for s in series)
        pad_left, pad_bottom = self.font_size * 2.8, self.font_size * 0.6
        x0, y0 = self.x + pad_left, self.y + pad_bottom
        w, h = max(1.0, self.width - pad_left - 6), max(1.0, self.height - pad_bottom - self.font_size * 0.6)

        def y_of(v: float) -> float:
            return y0 + h * (v - low) / (high - low)

        with self.canvas:
            Color(*theme.PANEL_HI)
            Line(points=[x0, y0, x0, y0 + h], width=1)
            Line(points=[x0, y_of(0), x0 + w, y_of(0)], width=1)
            for value in sorted({high, low, 0}):
                texture = self._text(str(int(value)))
                Color(1, 1, 1, 1)
                Rectangle(texture=texture, size=texture.size,
                          pos=(x0 - texture.width - 4, y_of(value) - texture.height / 2))
            if count == 1:
                slot = w / len(series)
                for i, s in enumerate(series):
                    v = s["points"][0]
                    Color(*s["rgba"])
                    Rectangle(pos=(x0 + slot * i + slot * 0.15, min(y_of(0), y_of(v))),
                              size=(slot * 0.7, abs(y_of(v) - y_of(0))))
                return
            for s in series:
                pts = [c for i, v in enumerate(s["points"]) for c in (x0 + w * i / (count - 1), y_of(v))]
                Color(*s["rgba"])
                if len(pts) >= 4:
                    Line(points=pts, width=2)


class PlayerStatsChart(_Chart):
    """Statistics per player: `bars` [{label, plays, wins, rgba}]: a bar of plays per player and,
    over it in the player's colour, the part won, with "wins/plays" above; the rows beside the
    chart name the players in the same colours and order (no name shrunk to fit a bar)."""

    bars = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(bars=self._trigger)

    def redraw(self) -> None:
        self.canvas.clear()
        bars = list(self.bars)
        if not bars or self.width < 40 or self.height < 40:
            return
        most = max(1, max(int(b["plays"]) for b in bars))
        label_h = 4
        x0, y0 = self.x + 4, self.y + label_h
        w, h = max(1.0, self.width - 8), max(1.0, self.height - label_h - self.font_size * 1.4)
        slot = w / len(bars)
        with self.canvas:
            for i, bar in enumerate(bars):
                x = x0 + slot * i + slot * 0.15
                width = slot * 0.7
                played = h * int(bar["plays"]) / most
                won = h * int(bar["wins"]) / most
                Color(*theme.PANEL_HI)
                Rectangle(pos=(x, y0), size=(width, played))
                Color(*bar["rgba"])
                Rectangle(pos=(x, y0), size=(width, won))
                Color(*theme.MUTED)
                Line(rectangle=(x, y0, width, played), width=1)
                count = self._text(f"{bar['wins']}/{bar['plays']}")
                Color(1, 1, 1, 1)
                Rectangle(texture=count, size=count.size, pos=(x + (width - count.width) / 2, y0 + played + 2))
