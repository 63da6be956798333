"""Every ScrollView of the app scrolls with `SteadyScrollEffect`: Kivy's damped overscroll effect,
integrated in steps of at most `MAX_STEP` seconds, so that it comes to rest whatever a frame took.

Why: Kivy 2.3's `DampedScrollEffect.update_velocity` integrates its spring once per frame with
the frame's whole `dt` (explicit Euler). That is stable only for short frames: while a list
springs back from an overscroll (content that shrank under a scrolled list, e.g. the Troyes
square once its dice are used), frames of ≥ 0.5 s (a loaded machine: any long stall of the main
thread) make it oscillate with growing amplitude: the overscroll grows to 10⁵
px or to NaN (kivy/kivy#8729, on a Raspberry Pi) and the effect re-arms itself at every frame for
minutes or for ever, keeping the main loop busy at every frame (CPU, battery) and, as a
ScrollView's content follows its effect (Kivy's `always_overscroll`, on by default), sliding the
list out of sight meanwhile. Kivy's fix (a critically damped spring, kivy/kivy#9214) is not
in a release we run; cutting a long frame into short steps keeps Kivy's own physics, so a fling
and a spring-back look as they did at 30 fps and above.
"""

from __future__ import annotations

import math
from typing import Any

from kivy.effects.dampedscroll import DampedScrollEffect
from kivy.factory import Factory
from kivy.lang import Builder

#: The longest step the spring is integrated over (s): Kivy's physics unchanged at 30 fps and up;
#: at 20 fps (a Pi) two steps. Steps up to ~0.4 s still come to rest; 0.5 s already never does.
MAX_STEP = 1 / 30

#: At most this many steps per frame (a 2 s stall): a longer stall loses the time beyond them
#: (the list moves as if the stall had been 2 s), it never runs unbounded work in one frame.
MAX_STEPS = 60


class SteadyScrollEffect(DampedScrollEffect):
    """`DampedScrollEffect` that comes to rest after a long frame (see the module docstring), and
    at a bound that is not a whole pixel.

    Kivy rounds the value when it comes to rest (`round_value`). With a fractional bound (content
    90.96 px shorter than its view: the bound is 90.96) the rounded value, 90, is 0.96 px outside
    it: more than `min_overscroll`, so the spring starts again, stops within 0.5 px of the bound,
    is rounded back to 90, and so on at every frame for ever (the whole Troyes games by scanner
    reads timed out waiting for it). Here the rest is rounded only as far as the bounds allow."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._rounds_at_rest = self.round_value
        self.round_value = False  # Kivy's own rounding is the loop above: done in `_rest` instead

    def update_velocity(self, dt: float) -> None:
        steps = min(MAX_STEPS, max(1, math.ceil(dt / MAX_STEP - 1e-9)))
        step = min(dt / steps, MAX_STEP)
        trigger = self.trigger_velocity_update
        for _ in range(steps):
            # Each step re-arms the trigger unless it came to rest: only the last one's verdict counts.
            trigger.cancel()
            super().update_velocity(step)
            if not trigger.is_triggered:
                self._rest()
                return

    def _rest(self) -> None:
        """At rest: the value on a whole pixel (crisp text), never outside the bounds."""
        if not self._rounds_at_rest or self.velocity or self.overscroll:
            return
        low, high = sorted((self.min, self.max))
        self.value = min(max(round(self.value), low), high)


def rests_when_content_fits(view: Any) -> None:
    """`view` (a ScrollView) goes back to its top at once when its content shrinks to fit it.

    Why: Kivy keeps `scroll_y` when the content shrinks; once it fits, a list that was scrolled
    down is left above its only position (its effect's value out of bounds) and springs back over
    some 60 frames, each a whole screen redrawn (about 1 s of frames on the Troyes table once the
    square's dice are used). Nothing is left to scroll, so nothing is animated: the list is put at
    its top, its effect at rest. A finger on the list (the effect's `is_manual`) is left alone,
    and so is a list that still scrolls."""

    def fits(*_args: Any) -> None:
        content, effect = view._viewport, view.effect_y
        if content is None or effect is None or effect.is_manual or content.height > view.height:
            return
        if view.scroll_y != 1 or effect.overscroll or effect.velocity:
            view.scroll_y = 1
            effect.reset(effect.max)  # min = max when it fits: the overscroll is 0, the spring stops
            effect.trigger_velocity_update.cancel()

    # After the view's own bindings (made in its __init__), which set the effect's bounds first.
    view.fbind("viewport_size", fits)
    view.fbind("height", fits)


Factory.register("SteadyScrollEffect", cls=SteadyScrollEffect)

Builder.load_string("""
<ScrollView>:
    effect_cls: 'SteadyScrollEffect'
""", filename="companion-scrolling.kv")
