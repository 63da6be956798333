"""TimeRing updates its canvas in place after a tap: whatever the states it went through, its
instructions must be the ones a ring drawn afresh in the last state has (the same pixels)."""

from __future__ import annotations

import random
from typing import Any

import pytest


def _described(ring: Any) -> list[tuple[Any, ...]]:
    """The ring's canvas as it is drawn: each instruction's kind and the values it is drawn with."""
    from kivy.graphics import Color, Ellipse, Line

    out: list[tuple[Any, ...]] = []
    for instruction in ring.canvas.children:
        if isinstance(instruction, Color):
            out.append(("Color", tuple(instruction.rgba)))
        elif isinstance(instruction, Ellipse):
            out.append(("Ellipse", tuple(instruction.pos), tuple(instruction.size), instruction.segments,
                        instruction.angle_start, instruction.angle_end))
        elif isinstance(instruction, Line):
            out.append(("Line", tuple(instruction.points), instruction.width))
        else:
            out.append((type(instruction).__name__,))
    return out


STATES = [
    {"lap": 11, "time": 0, "ending": False, "marker_rgba": [1, 0, 0, 1], "preview": -1},
    {"lap": 11, "time": 3, "ending": False, "marker_rgba": [0, 1, 0, 1], "preview": 7},
    {"lap": 11, "time": 7, "ending": False, "marker_rgba": [0, 1, 0, 1], "preview": -1},
    {"lap": 11, "time": 10, "ending": True, "marker_rgba": [0, 0, 1, 1], "preview": 13},
    {"lap": 9, "time": 12, "ending": False, "marker_rgba": [1, 1, 0, 1], "preview": -1},
    {"lap": 12, "time": 5, "ending": True, "marker_rgba": [1, 1, 1, 1], "preview": 2},
]


def _fresh(state: dict[str, Any], size: tuple[float, float], pos: tuple[float, float]) -> Any:
    from companion.ui.trajan.widgets import TimeRing

    ring = TimeRing(size=size, pos=pos, **state)
    ring.redraw()
    return ring


@pytest.mark.parametrize("seed", range(5))
def test_in_place_updates_draw_what_a_fresh_ring_draws(seed: int) -> None:
    from companion.ui.trajan.widgets import TimeRing

    rnd = random.Random(seed)
    ring = TimeRing(size=(200, 200), pos=(0, 0))
    ring.redraw()
    for _ in range(30):
        state = dict(rnd.choice(STATES), time=rnd.randrange(0, 40))
        if rnd.random() < 0.2:
            ring.size = rnd.choice([(200, 200), (180, 240), (10, 10)])
        if rnd.random() < 0.2:
            ring.pos = rnd.choice([(0, 0), (13, 7)])
        for key, value in state.items():
            setattr(ring, key, value)
        ring.redraw()
        assert _described(ring) == _described(_fresh(state, tuple(ring.size), tuple(ring.pos)))


def test_a_ring_too_small_draws_nothing() -> None:
    ring = _fresh(STATES[1], (10, 10), (0, 0))
    assert ring.canvas.children == []
