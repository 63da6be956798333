"""Every ScrollView of the app comes to rest after a long frame (companion/ui/widgets/scrolling.py).

Kivy 2.3's damped overscroll effect integrates its spring once per frame over the frame's whole
`dt`: a list springing back while frames take ≥ 0.5 s (a loaded Pi) oscillates with growing
amplitude and re-arms itself at every frame for ever (the whole Troyes game by scanner reads timed
out waiting for it). The app's `SteadyScrollEffect` integrates the same physics in short steps."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from uiharness import run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(120)


def _frames_to_rest(effect, dt: float, limit: int = 2000) -> int | None:
    """Frames of `dt` seconds each until the effect stops re-arming itself (None: not in `limit`)."""
    trigger = effect.trigger_velocity_update
    for frame in range(1, limit + 1):
        trigger.cancel()
        effect.update_velocity(dt)
        if not trigger.is_triggered:
            return frame
    return None


def _springing(cls, value: float = 10.0):
    """A list whose content shrank below its view while scrolled to the bottom: its effect's value
    is out of its bounds (min = max: nothing to scroll), so it springs back to them."""
    effect = cls()
    effect.min = effect.max = 450
    effect.value = value
    assert effect.overscroll == value - 450
    return effect


@pytest.mark.parametrize("dt", [1 / 60, 0.05, 0.5, 0.6, 1.0, 3.0])
def test_a_spring_back_comes_to_rest_at_its_bound_whatever_the_frames_take(dt):
    from companion.ui.widgets.scrolling import SteadyScrollEffect

    effect = _springing(SteadyScrollEffect)
    frames = _frames_to_rest(effect, dt)
    assert frames is not None and frames * dt < 5, f"still springing after {frames} frames of {dt} s"
    assert (effect.value, effect.overscroll, effect.velocity) == (450, 0, 0)


@pytest.mark.parametrize("bound", [90.96, 90.5, 90.04, -123.7])
def test_a_spring_back_to_a_bound_that_is_not_a_whole_pixel_comes_to_rest_inside_it(bound):
    """Kivy rounds the value at rest: 90 for a bound of 90.96 is out of bounds by more than its
    `min_overscroll`, so it sprang back, was rounded out again, and so on every frame for ever."""
    from companion.ui.widgets.scrolling import SteadyScrollEffect

    effect = SteadyScrollEffect()
    effect.min = effect.max = bound
    effect.value = bound - 0.96
    assert _frames_to_rest(effect, 1 / 60) is not None, "springing for ever"
    assert effect.value == pytest.approx(bound) and effect.overscroll == 0 and effect.velocity == 0
    assert not effect.trigger_velocity_update.is_triggered


def test_kivys_own_effect_springs_for_ever_at_a_bound_that_is_not_a_whole_pixel():
    """Why the rest is rounded by the app. If this fails, Kivy no longer rounds out of bounds."""
    from kivy.effects.dampedscroll import DampedScrollEffect

    effect = DampedScrollEffect()
    effect.min = effect.max = 90.96
    effect.value = 90.0
    assert _frames_to_rest(effect, 1 / 60) is None


@pytest.mark.parametrize("dt", [0.5, 1.0])
def test_kivys_own_effect_never_comes_to_rest_with_long_frames(dt):
    """Why the app has its own effect. If this fails, Kivy's effect has been fixed (kivy#9214) and
    SteadyScrollEffect may go."""
    from kivy.effects.dampedscroll import DampedScrollEffect

    assert _frames_to_rest(_springing(DampedScrollEffect), dt) is None


@pytest.mark.parametrize("dt", [0.05, 0.2, 1.0])
def test_a_fling_travels_as_far_as_at_60_fps(dt):
    """Short steps keep Kivy's physics: a fling on a long list ends where it ends at 60 fps."""
    from kivy.effects.dampedscroll import DampedScrollEffect

    from companion.ui.widgets.scrolling import SteadyScrollEffect

    ends = []
    for cls, frame in ((DampedScrollEffect, 1 / 60), (SteadyScrollEffect, dt)):
        effect = cls()
        effect.min, effect.max = 0, -5000  # a list 5000 px taller than its view
        effect.value = -1000
        effect.velocity = -3000.0  # flung towards its end
        assert _frames_to_rest(effect, frame) is not None
        ends.append(effect.value)
    assert ends[1] == pytest.approx(ends[0], rel=0.05), ends


def test_every_scrollview_of_the_app_scrolls_with_it():
    from kivy.uix.scrollview import ScrollView

    from companion.ui.widgets.scrolling import SteadyScrollEffect

    class Pane(ScrollView):
        """As the app's ScrollView subclasses (the Trajan board) are."""

    for view in (ScrollView(), Pane()):
        assert isinstance(view.effect_x, SteadyScrollEffect) and isinstance(view.effect_y, SteadyScrollEffect)
        assert len(view.effect_y.get_property_observers("scroll")) == 1, "bound once, as Kivy's own"


def _list_of(count: int):
    """A 300 px ScrollView of `count` rows of 50 px (a GridLayout as tall as its rows)."""
    from kivy.uix.gridlayout import GridLayout
    from kivy.uix.scrollview import ScrollView
    from kivy.uix.widget import Widget

    view = ScrollView(do_scroll_x=False, size_hint=(None, None), size=(300, 300), pos=(10, 10))
    rows = GridLayout(cols=1, size_hint_y=None)
    rows.bind(minimum_height=rows.setter("height"))
    for _ in range(count):
        rows.add_widget(Widget(size_hint_y=None, height=50))
    view.add_widget(rows)
    return view, rows


def _scrolled_to_its_end(view):
    yield from settle()
    view.scroll_y = 0
    yield from settle()


def test_a_list_that_shrank_under_its_scroll_settles_through_long_frames(session):
    """In the running app: a list scrolled to its end loses most of its rows (its effect springs
    back), frames of 1 s come while it does (a loaded machine), and the screen settles."""

    def script(ui):
        from kivy.clock import Clock
        from kivy.core.window import Window

        view, rows = _list_of(40)
        Window.add_widget(view)
        try:
            yield from _scrolled_to_its_end(view)
            while len(rows.children) > 2:
                rows.remove_widget(rows.children[0])
            yield from until(lambda: view.effect_y.overscroll != 0, what="the spring-back")
            effect = view.effect_y
            for _ in range(12):  # frames of 1 s while it springs (a loaded machine): a stimulus, not a wait
                if effect.overscroll == 0 and effect.velocity == 0:
                    break
                Clock.schedule_once(lambda _dt: time.sleep(1.0), 0)
                yield
            yield from settle()
            assert (effect.overscroll, effect.velocity, effect.is_manual) == (0, 0, False)
            assert effect.value == effect.min
        finally:
            Window.remove_widget(view)

    run_ui(session, script)


@pytest.mark.parametrize("rests", [True, False])
def test_a_list_whose_rows_shrink_to_fit_is_at_its_top_at_once(session, rests):
    """`rests_when_content_fits` (the Troyes square and actions once dice are used): a list scrolled
    to its end loses rows until the rest fit, and is at its top in the frame that lays it out, with
    no spring-back to animate (each such frame redraws the screen). Without it, Kivy springs."""
    seen = {}

    def script(ui):
        from kivy.core.window import Window

        from companion.ui.widgets.scrolling import rests_when_content_fits

        view, rows = _list_of(12)
        if rests:
            rests_when_content_fits(view)
        Window.add_widget(view)
        try:
            yield from _scrolled_to_its_end(view)
            while len(rows.children) > 3:
                rows.remove_widget(rows.children[0])
            yield from until(lambda: rows.height == 150, what="the rows laid out")
            effect = view.effect_y
            seen["laid out"] = (view.scroll_y, effect.overscroll, effect.trigger_velocity_update.is_triggered)
            yield from settle()
            seen["top"] = (view.scroll_y, effect.overscroll, effect.velocity)
        finally:
            Window.remove_widget(view)

    run_ui(session, script)
    if rests:
        assert seen["laid out"] == (1, 0, False), "at its top at once, nothing to spring back"
    else:
        assert seen["laid out"][1] != 0, "Kivy leaves it above its only position, to spring back"
    scroll_y, overscroll, velocity = seen["top"]
    assert scroll_y == pytest.approx(1) and overscroll == 0 and velocity == 0, "at rest, at its top"
