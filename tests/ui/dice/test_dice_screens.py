"""The dice tray through a real offscreen window: home lists it for the whole table and opens it
(carrying on with the newest unfinished tray); every state of the panel fits at 800×480, 1280×720
and 720×1280 in English and Chinese, targets ≥ 48 px, nothing cut off; a language switch re-words
what the panel shows."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from hardware.facts import DiceLive, DiceRead, ScannerStatus  # noqa: E402
from uiharness import layout_problems, run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(150)

BOOT = "3F2A9C01"
PORT = "/dev/dice-scanner"


def throw(seq, spec):
    """DiceLive from "red:4 white:0:c yellow:3:r" (s settled by default, r rolling, c cocked, u unreadable)."""
    states = {"s": "settled", "r": "rolling", "c": "cocked", "u": "unreadable"}
    dice = []
    for token in spec.split():
        colour, face, how = (token.split(":") + ["s"])[:3]
        dice.append((colour, int(face), states[how]))
    return DiceLive(seq, tuple(dice), BOOT)


def test_home_opens_the_tray_and_carries_on_with_it(session):
    def script(ui):
        tile = ui.find("home.game.dicetray")
        assert "Dice tray" in tile.text and "For the whole table" in tile.text and not tile.disabled
        yield from ui.tap("home.game.dicetray")
        assert ui.screen == "dice_tray" and session.engine.game.id == "dicetray"
        first = session.table_view().journal
        ui.app.post(Intent("enter_dice", {"dice": [["red", 2]]}))
        yield from ui.tap("dice.home")
        ui.app.post(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"]}}))
        yield from settle()
        ui.app.go("home")
        yield from settle()
        yield from ui.tap("home.game.dicetray")
        yield from until(lambda: ui.screen == "dice_tray", what="the dice tray")
        assert ui.screen == "dice_tray" and session.table_view().journal == first
        assert ui.app.dice.tray.verdict_text == "Entered by hand ✓ #1"
        yield from ui.tap("dice.home")
        yield from ui.tap("home.game.dicetray")  # the open tray: straight back to it
        assert ui.screen == "dice_tray" and session.table_view().journal == first
        assert not ui.shown("dice.roll")  # no simulated scanner in this app: no Roll button

    run_ui(session, script)


def states(session):
    """Each state the panel can be in, reached by the scanner's facts and the players' intents."""
    connected = ScannerStatus("connected", "ready", PORT, "tray-0.4.2", BOOT)
    yield "empty", [Intent("new_game", {"game": "dicetray", "setup": {}}), connected]
    yield "rolling", [throw(3, "red:2:r red:5:r red:1:r white:3:r white:0:r white:6:r yellow:4:r yellow:2:r yellow:0:r")]
    yield "cocked", [throw(4, "red:2 red:5 red:1 white:3 white:0:c white:6 yellow:4 yellow:2:u yellow:6")]
    settled = throw(5, "red:2 red:5 red:1 white:3 white:4 white:6 yellow:4 yellow:2 yellow:6 black:6 black:1")
    yield "counted", [settled, DiceRead(5, tuple((c, f) for c, f, _s in settled.dice), BOOT)]
    yield "many dice", [throw(6, " ".join(["red:3", "white:4", "yellow:5", "black:6"] * 6))]
    yield "missing", [ScannerStatus("disconnected", f"No scanner at {PORT}: plug it in (trying again)", PORT,
                                    reason="missing")]
    yield "reconnecting", [ScannerStatus("disconnected", f"The scanner was unplugged or stopped: trying {PORT} again",
                                         PORT, "tray-0.4.2", BOOT, reason="lost")]
    yield "permission", [ScannerStatus("disconnected", f"Not allowed to open {PORT}: join the dialout group", PORT,
                                       reason="permission")]
    yield "refused", [Intent("enter_dice", {"dice": [["green", 7]]})]


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_state_of_the_panel_fits(session, profile):
    problems = []

    def script(ui):
        app = ui.app
        for name, facts in states(session):
            for fact in facts:
                app.post(fact)
            app.go("table")
            for language in ("en", "zh-Hans"):
                app.set_language(language)
                for simulated in (False, True):
                    app.dice.tray.set_simulated(simulated)
                    yield from settle()
                    problems.extend(layout_problems(ui, f"{profile} {language} {name} simulated={simulated}"))
        # The draft at its fullest: a read of 32 dice entered by hand.
        for _ in range(32):
            app.dice.entry.face(6)
        yield from settle()
        problems.extend(layout_problems(ui, f"{profile} full draft"))
        assert ui.shown("dice.roll") and ui.text("dice.roll")

    run_ui(session, script, profile=profile)
    assert not problems, "\n".join(problems)


def test_a_language_switch_rewords_the_panel(session):
    def script(ui):
        app = ui.app
        app.post(Intent("new_game", {"game": "dicetray", "setup": {}}))
        app.post(throw(4, "red:3 white:0:c"))
        yield from until(lambda: ui.text("dice.verdict") == "Not counted: re-roll the cocked white die",
                         what="the verdict")
        app.set_language("zh-Hant")
        yield from until(lambda: ui.text("dice.verdict") == "未計入：請重擲傾斜的白色骰子", what="the verdict in Chinese")
        assert ui.text("dice.verdict") == "未計入：請重擲傾斜的白色骰子"
        assert ui.text("dice.entry.colour.black") == "黑色" and ui.text("dice.title") == "擲骰盤"

    run_ui(session, script)


def test_dice_that_arrive_while_the_app_runs_leave_the_rest_of_the_screen_where_it_was(session, tmp_path):
    """A die redrawn at run time once shifted everything drawn after it (a matrix pushed in its
    canvas): the pixels of the dice and of the bar below must be where their widgets are."""
    from PIL import Image

    from companion.ui.widgets import theme
    from companion.ui.dice.dieface import DIE_LOOK

    def pixel(image, widget, dx=0.0, dy=0.0):
        x, y = widget.to_window(widget.center_x + dx, widget.center_y + dy)
        return image.getpixel((int(x), image.height - 1 - int(y)))[:3]

    def close(got, want, tolerance=24):
        return all(abs(g - round(w * 255)) <= tolerance for g, w in zip(got, want[:3]))

    def script(ui):
        from kivy.core.window import Window

        app = ui.app
        app.post(Intent("new_game", {"game": "dicetray", "setup": {}}))
        yield from settle()
        for seq, spec in enumerate(("red:3:r white:0:r", "red:3 white:0:c", "red:3 white:4", "red:5 white:0:c"), 2):
            app.post(throw(seq, spec))
            yield from settle()
        image = Image.open(Window.screenshot(str(tmp_path / "shot.png"))).convert("RGB")
        red = ui.find("dice.die.0")
        assert close(pixel(image, red, dx=-red.width * 0.3), DIE_LOOK["red"][0])  # the die's body, beside a pip
        assert close(pixel(image, ui.find("dice.home"), dy=-ui.find("dice.home").height * 0.3), theme.NEUTRAL)
        assert close(pixel(image, ui.find("dice.entry.count")), theme.DISABLED_BG)

    run_ui(session, script)


def test_touch_the_scanner_and_a_script_answer_the_same_ask_for_dice(session):
    """Dice typed in by touch, a scanner read and a script's `answer` line each post the tray's ask
    (`dicetray.dice`) with the dice: three numbered reads, the scanner's with its provenance."""
    from companion.ui.shell.script import ScriptResult, parse_script, play_script

    result = ScriptResult()

    def script(ui):
        yield from ui.tap("home.game.dicetray")
        assert ui.screen == "dice_tray" and session.table_view().ask.kind == "dicetray.dice"
        for wid in ("dice.entry.colour.white", "dice.entry.face.4", "dice.entry.face.2", "dice.entry.count"):
            yield from ui.tap(wid)
        yield from until(lambda: session.table_view().view["count"] == 1, what="the dice typed in")
        play_script(ui.app, parse_script('dice red:3 yellow:6\nanswer \'[["black", 1]]\'\n'), result)
        yield from until(lambda: result.done or result.error, what="the script's end")
        assert result.error is None
        yield from until(lambda: session.table_view().view["count"] == 3, what="the script's two reads")

    run_ui(session, script)
    reads = session.table_view().view["recent"][::-1]
    assert [(r["source"], r["dice"]) for r in reads] == [
        ("manual", [["white", 4], ["white", 2]]), ("scanner", [["red", 3], ["yellow", 6]]), ("manual", [["black", 1]])]
    assert reads[1]["seq"] == 1 and session.table_view().ask.kind == "dicetray.dice"
