"""Texts of labels outside the window wait while the first frame is made.

A table screen makes panels it does not show yet (a season's summary, the final table, the inputs
other than today's) so that a later tap finds them ready; their labels' texts were laid out and
rasterised before the first frame all the same (at 200 resumed Trajan steps 60 of 264 labels,
about half of the labels' time before that frame). While `hold` is on, a label's clock call to lay
its new text out is skipped when the label is not in the window, and the label is remembered;
`release` (the app's first idle moment after its first frame) calls each again, so every panel is
ready before a tap, as before. A held label that goes into the window before then (a screen
shown, a panel opened, before the first idle moment) is laid out for that frame: `show_in_window`
runs at every frame while texts are held, else it would be drawn with no text until the idle
moment (seen: the "+" of Tribune's money screen). A direct `texture_update()` (a measure) is never
held.
"""

from __future__ import annotations

import weakref
from typing import Any

#: The labels whose text waits, or None: texts are not held.
_HELD: "weakref.WeakSet[Any] | None" = None
#: The clock's call of `show_in_window` at every frame while texts are held.
_EACH_FRAME: Any = None


def hold() -> None:
    """From now until `release`: new texts of labels outside the window wait."""
    global _HELD, _EACH_FRAME
    if _HELD is None:
        _HELD = weakref.WeakSet()
    if _EACH_FRAME is None:
        from kivy.clock import Clock

        _EACH_FRAME = Clock.schedule_interval(lambda _dt: show_in_window(), 0)


def _stop_each_frame() -> None:
    global _EACH_FRAME
    if _EACH_FRAME is not None:
        _EACH_FRAME.cancel()
        _EACH_FRAME = None


def is_held(label: Any) -> bool:
    """Whether the clock's call to lay `label`'s text out waits (and `label` is remembered)."""
    if _HELD is None or in_window(label):
        return False
    _HELD.add(label)
    return True


def show_in_window() -> None:
    """The waiting labels now in the window lay their text out before the next frame."""
    for label in list(_HELD or ()):
        if in_window(label):
            _HELD.discard(label)  # type: ignore[union-attr]
            label._trigger_texture_update()


def release() -> None:
    """Texts are no longer held; every waiting label lays its text out (a clock call each)."""
    global _HELD
    _stop_each_frame()
    held, _HELD = _HELD, None
    for label in list(held or ()):
        label._trigger_texture_update()


def drop() -> None:
    """Texts are no longer held, and the waiting ones are forgotten (their app stopped)."""
    global _HELD
    _stop_each_frame()
    _HELD = None


def in_window(widget: Any) -> bool:
    """Whether `widget` is in the window's tree (its topmost parent is the window)."""
    from kivy.core.window import WindowBase

    while widget is not None:
        if isinstance(widget, WindowBase):
            return True
        parent = widget.parent
        if parent is widget:
            return False
        widget = parent
    return False
