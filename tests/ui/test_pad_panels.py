"""The simulated pads in the real offscreen window: keys through the window's own key events reach
the session; a pad's private panel is in the window, with its OLED image, only while its peek key
is held; each pad's PNG twin shows only its own seat's amount; no log line holds an amount; an
input script can hold a key (repeats, long press).

Key events are dispatched on the Window as SDL would (`on_key_down`/`on_key_up` with Kivy's key
codes); the pads' timer thread and the writer thread hop to the main thread as on a table.
"""

from __future__ import annotations

import logging
import re

import pytest
from PIL import Image

from companion.config import Config
from companion.core.store import JournalStore
from companion.devices.pads import PadPlan
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen
from uiharness import key, run_ui, tap_key, until

pytestmark = pytest.mark.timeout(90)

SEATS = Config().devices.pads.seats
LIMIT = 9_999_999
UNLOCKED = "OK locks your bid"


@pytest.fixture
def bid_session(tmp_path):
    """Every game with rules, the secret bid among them (its screens may not exist yet)."""
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def plan(tmp_path):
    return PadPlan("simulated", SEATS, tmp_path / "png", reason="simulated, by the test")


def start_bid(ui, players=("Ann", "Bo", "Cy"), **setup):
    ui.app.post(Intent("new_game", {"game": "secretbid", "setup": {"players": list(players), **setup}}))
    yield from ui.frames(2)
    assert ui.app.session.notice is None, ui.app.session.notice


def png(tmp_path, pad):
    return Image.open(tmp_path / "png" / f"pad-seat{pad + 1}.png").convert("1").tobytes()


def screenshot(tmp_path, name):
    from kivy.core.window import Window

    written = Window.screenshot(name=str(tmp_path / f"{name}.png"))
    return Image.open(written).convert("RGB")


def test_keys_of_three_seats_reach_the_session_and_each_png_shows_only_its_seat(bid_session, tmp_path, caplog):
    caplog.set_level(logging.DEBUG)
    seen = {}

    def script(ui):
        yield from start_bid(ui, step=1111)
        for name, times in (("w", 3), ("s", 5), ("x", 2)):  # pads 1, 2, 3: +
            for _ in range(times):
                yield from tap_key(name)
        yield from tap_key("d")  # pad 2: OK
        yield from until(lambda: bid_session.table_view().view["players"][1]["locked"])
        assert [bid_session.seat_view(s)["draft"] for s in range(3)] == [3333, None, 2222]
        assert bid_session.seat_view(1)["mine"]["amount"] == 5555
        ui.app.pad_panels.devices.flush()
        expected = [
            PadScreen(title="Ann · round 1", amount=3333, limit=LIMIT, status=UNLOCKED),
            PadScreen(title="Bo · round 1", amount=5555, limit=LIMIT, locked=True, status="waiting for 2"),
            PadScreen(title="Cy · round 1", amount=2222, limit=LIMIT, status=UNLOCKED),
            PadScreen(),  # pad 4 plays no seat
        ]
        for pad, screen in enumerate(expected):
            assert png(tmp_path, pad) == render(screen).tobytes(), f"pad {pad + 1}"
            assert [o for o, other in enumerate(expected) if png(tmp_path, pad) == render(other).tobytes()] == [pad]
        seen["ran"] = True

    run_ui(bid_session, script, pad_plan=plan(tmp_path))
    assert seen["ran"]
    assert all(png(tmp_path, pad) == render(PadScreen()).tobytes() for pad in range(4)), \
        "closing the app clears every pad's display"
    lines = [r.getMessage() for r in caplog.records]
    assert any("pads simulated" in line for line in lines) and any("durable step" in line for line in lines)
    # whole numbers only: a journal's file name holds the time ("…-222232-…" at 22:22:32)
    assert [line for line in lines if re.search(r"(?<!\d)(3333|5555|2222)(?!\d)", line)] == []


def test_a_pads_panel_is_in_the_window_with_its_image_only_while_its_peek_key_is_held(bid_session, tmp_path):
    from kivy.core.window import Window

    from companion.ui.widgets import is_shown

    def script(ui):
        yield from start_bid(ui)
        for _ in range(4):
            yield from tap_key("w")
        panels = ui.app.pad_panels
        panels.devices.flush()
        yield from ui.frames(3)
        before = screenshot(tmp_path, "before")
        assert panels.strip.parent is None and not any(is_shown(p) for p in panels.panels.values())

        key("r")  # pad 1 peeks
        yield from ui.frames(3)
        panel = panels.panels[0]
        assert is_shown(panel) and panel.texture is not None and panels.strip.parent is Window
        mine = PadScreen(title="Ann · round 1", amount=4, limit=LIMIT, status=UNLOCKED)
        assert panel.image.tobytes() == render(mine).tobytes()
        assert 1 not in panels.panels or not is_shown(panels.panels[1])
        x0, y0 = panel.to_window(panel.x, panel.y)
        assert x0 >= 0 and y0 >= 0 and x0 + panel.width <= Window.width and y0 + panel.height <= Window.height
        assert panel.width >= 2 * 128, "legible: at least twice the OLED's pixels"
        peeking = screenshot(tmp_path, "peeking")
        assert peeking.tobytes() != before.tobytes()

        yield from tap_key("w")  # a press while peeking: the panel follows the seat's screen
        yield from until(lambda: panel.image is not None and
                         panel.image.tobytes() == render(PadScreen(**{**mine.__dict__, "amount": 5})).tobytes())

        key("r", down=False)
        yield from ui.frames(3)
        assert not is_shown(panel) and panel.texture is None and panel.image is None
        assert panels.strip.parent is None
        after = screenshot(tmp_path, "after")
        assert after.tobytes() == before.tobytes(), "nothing of the panel stays drawn"

        key("r")
        yield from ui.frames(2)
        assert is_shown(panel)
        Window._focus = False  # the window lost the focus: its key-ups will not come
        yield from ui.frames(2)
        assert not is_shown(panel) and panel.texture is None
        Window._focus = True

    run_ui(bid_session, script, pad_plan=plan(tmp_path))


def test_keys_type_into_a_focused_text_field_and_never_press_a_pad(bid_session, tmp_path):
    def script(ui):
        yield from start_bid(ui)
        ui.app.go("setup")
        yield from ui.frames(2)
        field = ui.find("setup.name.0")
        field.focus = True
        yield from ui.frames(2)
        yield from tap_key("w")
        key("r")
        yield from ui.frames(2)
        assert bid_session.seat_view(0)["draft"] == 0
        assert not ui.app.pad_panels.is_peeking(0)
        key("r", down=False)
        field.focus = False
        yield from ui.frames(2)
        yield from tap_key("w")
        assert bid_session.seat_view(0)["draft"] == 1

    run_ui(bid_session, script, pad_plan=plan(tmp_path))


def test_a_script_holds_plus_to_repeat_and_ok_to_unlock(bid_session, tmp_path):
    from companion.ui.script import ScriptResult, parse_script, play_script

    result = ScriptResult()

    def script(ui):
        yield from start_bid(ui, players=("Ann", "Bo"))
        play_script(ui.app, parse_script("hold 1 plus 1.0\npress 1 ok\nhold 1 ok 1.0\npress 2 ok_long\n"),
                    result)
        yield from until(lambda: result.done or result.error, timeout=10)
        assert result.error is None

    run_ui(bid_session, script, pad_plan=plan(tmp_path))
    mine = bid_session.seat_view(0)
    # Held 1 s: the press at once, repeats from 0.5 s on (0.5, 0.7, 0.87 …): 4 to 6 in all.
    assert 4 <= mine["mine"]["amount"] <= 6 and mine["draft"] == mine["mine"]["amount"]
    assert mine["mine"]["locked"] is False, "OK held past the long press unlocked the bid it had locked"
    kinds = [event["kind"] for entry in bid_session.history() for event in entry.events]
    assert kinds.count("sealed.locked") == 1 and kinds.count("sealed.unlocked") == 1


def test_script_lines_for_holding_are_checked_before_the_window_opens():
    from companion.ui.script import ScriptError, parse_script

    steps = parse_script("press 2 ok_long\nhold 1 plus 1.5\n")
    assert [(s.verb, s.args) for s in steps] == [("press", ("2", "ok_long")), ("hold", ("1", "plus", "1.5"))]
    for line, message in (("hold 1 ok_long 1", "pad key is one of minus, plus, ok,"),
                          ("hold 7 plus 1", "seats 1 to 6"), ("hold 1 plus 0", "more than 0"),
                          ("hold 1 plus soon", "hold takes seconds"), ("hold 1 plus", "takes 3 argument")):
        with pytest.raises(ScriptError, match=message):
            parse_script(line)
