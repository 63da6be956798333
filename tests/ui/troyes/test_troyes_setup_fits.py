"""Troyes' set-up with its most players, each with a pad button, keeps the screen's margin in every
profile, as the other set-up screens do: nothing touches the window's edge (at 800×480 the top bar
once ran off the top), with a notice shown too (a refused Start says why above the names)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import layout_problems, run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(300)

#: The set-up's own padding (setup.kv), less a pixel of rounding.
MARGIN = 12


def _off_margin(ui, where: str) -> list[str]:
    """Every shown widget of the set-up that comes nearer the window's edge than its margin."""
    from kivy.core.window import Window

    from companion.ui.widgets import is_shown, iter_widgets

    margin = MARGIN * ui.app.scale - 1
    screen = ui.app.sm.get_screen("troyes_setup")
    found = []
    for widget in iter_widgets(screen):
        if widget is screen or not is_shown(widget) or widget.height <= 1 or widget.opacity == 0:
            continue
        if widget.parent is screen:
            continue  # the screen's own layout, its padding inside
        x0, y0 = widget.to_window(widget.x, widget.y)
        x1, y1 = widget.to_window(widget.right, widget.top)
        if x0 < margin or y0 < margin or x1 > Window.width - margin or y1 > Window.height - margin:
            name = getattr(widget, "wid", "") or type(widget).__name__
            found.append(f"{where}: {name} at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}) in {Window.width}×{Window.height}")
    return found


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_the_setup_with_every_seat_keeps_its_margin(session, profile, language):
    problems: list[str] = []

    def script(ui):
        yield from ui.tap("home.game.troyes")
        vm = ui.app.setup_vm
        while vm.count < vm.max_count:
            yield from ui.tap("troyes.setup.count.plus")
        assert ui.app.setup_pads.shown, "every seat has its pad button"
        yield from settle()
        where = f"{profile} {language} {int(vm.count)} players"
        problems.extend(_off_margin(ui, where))
        problems.extend(layout_problems(ui, where))
        ui.app.table_vm.notice_text = "Two seats have the same colour: tap one to change it."
        yield from settle()
        problems.extend(_off_margin(ui, where + " with a notice"))
        problems.extend(layout_problems(ui, where + " with a notice"))

    run_ui(session, script, language=language, profile=profile, watchdog=200)
    assert not problems, "\n".join(problems)
