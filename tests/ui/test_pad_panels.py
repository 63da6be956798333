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
from companion.wiring.pads import PadPlan
from companion.games import all_rules
from companion.session import Intent, Session
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen
from uiharness import UNTIL_TIMEOUT, key, run_ui, settle, tap_key, until

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
    assert ui.app.session.notice is None, ui.app.session.notice  # posted on the main thread: handled at once
    yield from settle()


def flush(ui):
    """Every screen submitted to the pads written (their PNGs), within a generous limit."""
    assert ui.app.pad_panels.devices.flush(UNTIL_TIMEOUT), "the pads' writer did not finish"


def image_of(panels, pad, screen):
    """The pad's latest OLED image reached the main thread (from the writer, through the Clock) and
    is `screen`'s."""
    image = panels._images.get(pad)
    return image is not None and image.tobytes() == render(screen).tobytes()


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
        yield from until(lambda: bid_session.table_view().view["players"][1]["locked"], what="pad 2's lock")
        assert [bid_session.seat_view(s)["draft"] for s in range(3)] == [3333, None, 2222]
        assert bid_session.seat_view(1)["mine"]["amount"] == 5555
        flush(ui)
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
        mine = PadScreen(title="Ann · round 1", amount=4, limit=LIMIT, status=UNLOCKED)
        flush(ui)
        yield from until(lambda: image_of(panels, 0, mine), what="pad 1's image on the main thread")
        yield from settle()
        before = screenshot(tmp_path, "before")
        assert panels.strip.parent is None and not any(is_shown(p) for p in panels.panels.values())

        key("r")  # pad 1 peeks: the panel shows the image the main thread already has, at once
        panel = panels.panels[0]
        assert is_shown(panel) and panel.texture is not None and panels.strip.parent is Window
        assert panel.image.tobytes() == render(mine).tobytes()
        yield from settle()
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
        assert not is_shown(panel) and panel.texture is None and panel.image is None
        assert panels.strip.parent is None
        flush(ui)  # pad 1's screen with 5: it reaches the main thread, and is not drawn
        yield from until(lambda: image_of(panels, 0, PadScreen(**{**mine.__dict__, "amount": 5})),
                         what="pad 1's new image on the main thread")
        yield from settle()
        after = screenshot(tmp_path, "after")
        assert after.tobytes() == before.tobytes(), "nothing of the panel stays drawn"

        key("r")
        assert is_shown(panel)
        Window._focus = False  # the window lost the focus: its key-ups will not come
        assert not is_shown(panel) and panel.texture is None
        Window._focus = True

    run_ui(bid_session, script, pad_plan=plan(tmp_path))


def test_keys_type_into_a_focused_text_field_and_never_press_a_pad(bid_session, tmp_path):
    def script(ui):
        yield from start_bid(ui)
        ui.app.go("setup")
        yield from settle()
        devices = ui.app.pad_panels.devices
        reached = []  # every key-down the window gave the pads: with the field focused, none (then
        key_down = devices.key_down  # no press can come later either, from the pads' timer)

        def spy(name):
            reached.append(name)
            return key_down(name)

        devices.key_down = spy
        field = ui.find("setup.name.0")
        field.focus = True
        yield from settle()
        yield from tap_key("w")
        key("r")
        assert reached == [], "the keys went to the text field, not to a pad"
        assert bid_session.seat_view(0)["draft"] == 0
        assert not ui.app.pad_panels.is_peeking(0)
        key("r", down=False)
        field.focus = False
        yield from settle()
        yield from tap_key("w")
        assert "w" in reached
        assert bid_session.seat_view(0)["draft"] == 1

    run_ui(bid_session, script, pad_plan=plan(tmp_path))


def repeats_within(timings, held):
    """How many repeats a + held for `held` seconds sends after its press (`PadTimings`)."""
    repeats, at = 0, timings.repeat_delay
    while at <= held:
        repeats += 1
        at += timings.repeat_gap(repeats)
    return repeats


def test_a_script_holds_plus_to_repeat_and_ok_to_unlock(bid_session, tmp_path, monkeypatch):
    from companion.ui.shell.script import ScriptResult, parse_script, play_script
    from companion.wiring.script_keys import ScriptKeys
    from hardware.handheld.keylogic import PadLogic, PadTimings

    result = ScriptResult()
    edges = []  # (pressed, when) of + as the pads' key logic stamped them: how long it was held
    real_edge = PadLogic.edge

    def edge(self, key, pressed, now):
        if key == "plus":
            edges.append((pressed, now))
        return real_edge(self, key, pressed, now)

    monkeypatch.setattr(PadLogic, "edge", edge)

    def script(ui):
        yield from start_bid(ui, players=("Ann", "Bo"))
        play_script(ui.app, parse_script("hold 1 plus 1.0\npress 1 ok\nhold 1 ok 1.0\npress 2 ok_long\n"),
                    result, keys=ScriptKeys)
        yield from until(lambda: result.done or result.error, what="the script's end")
        assert result.error is None

    run_ui(bid_session, script, pad_plan=plan(tmp_path))
    mine = bid_session.seat_view(0)
    # The release comes when the Clock gets to it, late on a loaded machine: the amount is what a +
    # held that long sends (the press at once, repeats at 0.5, 0.7, 0.87 … s), at least 4 for 1 s.
    assert [pressed for pressed, _when in edges] == [True, False], edges
    held = edges[1][1] - edges[0][1]
    assert held > 0.9, held  # 1 s on the Clock, which may fire a little early (its frame's start, -5 ms)
    assert mine["mine"]["amount"] == 1 + repeats_within(PadTimings(), held) >= 4, held
    assert mine["draft"] == mine["mine"]["amount"]
    assert mine["mine"]["locked"] is False, "OK held past the long press unlocked the bid it had locked"
    kinds = [event["kind"] for entry in bid_session.history() for event in entry.events]
    assert kinds.count("sealed.locked") == 1 and kinds.count("sealed.unlocked") == 1


def test_script_lines_for_holding_are_checked_before_the_window_opens():
    from companion.ui.shell.script import ScriptError, parse_script

    steps = parse_script("press 2 ok_long\nhold 1 plus 1.5\n")
    assert [(s.verb, s.args) for s in steps] == [("press", ("2", "ok_long")), ("hold", ("1", "plus", "1.5"))]
    for line, message in (("hold 1 ok_long 1", "pad key is one of minus, plus, ok,"),
                          ("hold 7 plus 1", "seats 1 to 6"), ("hold 1 plus 0", "more than 0"),
                          ("hold 1 plus soon", "hold takes seconds"), ("hold 1 plus", "takes 3 argument")):
        with pytest.raises(ScriptError, match=message):
            parse_script(line)
