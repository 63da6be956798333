"""A QR code drawn with Kivy's graphics (issue 23: a finished play's BG Stats link, which the
players scan with a phone). The code is made by segno, a maintained, pure-Python QR library;
drawn as dark runs on white with the 4-module quiet zone scanners need, each module a whole
number of pixels so no module blurs into its neighbour."""

from __future__ import annotations

from typing import Any

import segno
from kivy.clock import Clock
from kivy.graphics import Color, Rectangle
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.widget import Widget

QUIET = 4  # modules of white around the code (ISO/IEC 18004)


def qr_modules(data: str) -> list[list[bool]]:
    """The code's dark modules, row by row (without the quiet zone): error correction as high as
    the data allows without a bigger code (segno's `boost_error`), at least L."""
    code = segno.make(data, error="l", boost_error=True, micro=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def dark_runs(modules: list[list[bool]]) -> list[tuple[int, int, int]]:
    """(row, first column, length) of every run of dark modules: a rectangle per run, not per
    module, keeps the canvas small (a version-30 code has ~9,000 dark modules, ~3,000 runs)."""
    runs = []
    for y, row in enumerate(modules):
        x = 0
        while x < len(row):
            if row[x]:
                start = x
                while x < len(row) and row[x]:
                    x += 1
                runs.append((y, start, x - start))
            else:
                x += 1
    return runs


class QRCode(Widget):
    """`data` as a QR code, centred in the widget, as large as whole-pixel modules allow;
    `modules` the side of the code in modules (0 without data), for tests and layout."""

    data = StringProperty("")
    modules = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        self._matrix: list[list[bool]] = []
        self._runs: list[tuple[int, int, int]] = []
        super().__init__(**kwargs)
        self._trigger = Clock.create_trigger(lambda _dt: self.redraw(), -1)
        self.bind(pos=self._trigger, size=self._trigger)
        self.on_data(self, self.data)

    def on_data(self, _instance: Any, data: str) -> None:
        self._matrix = qr_modules(data) if data else []
        self._runs = dark_runs(self._matrix)
        self.modules = len(self._matrix)
        if hasattr(self, "_trigger"):
            self._trigger()

    def redraw(self) -> None:
        self.canvas.clear()
        n = len(self._matrix)
        if not n:
            return
        side = n + 2 * QUIET
        unit = max(1, int(min(self.width, self.height) // side))
        total = unit * side
        x0 = int(self.x + (self.width - total) / 2)
        y0 = int(self.y + (self.height - total) / 2)
        with self.canvas:
            Color(1, 1, 1, 1)
            Rectangle(pos=(x0, y0), size=(total, total))
            Color(0, 0, 0, 1)
            top = y0 + total - QUIET * unit
            for row, col, length in self._runs:
                Rectangle(pos=(x0 + (QUIET + col) * unit, top - (row + 1) * unit), size=(length * unit, unit))
