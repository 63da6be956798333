"""The on-screen keyboard for names, by touch through the real window: it docks under the chosen
field without covering it, types a name key by key, offers the last games' players one tap away,
and Chinese names from the owner's names file (no input method). Its plan (shown or not) and the
names file's reading are checked without a window."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Intent
from companion.ui.shell.keyboard_names import (
    KeyboardPlan, has_physical_keyboard, offered_names, parse_names, plan_keyboard, read_names,
)
from uiharness import layout_problems, run_ui, settle, until

pytestmark = pytest.mark.timeout(90)

KEYBOARD_BLOCK = """I: Bus=0003 Vendor=046d Product=c31c Version=0110
N: Name="Logitech USB Keyboard"
H: Handlers=sysrq kbd leds event3
B: EV=120013
"""
POWER_BUTTON = """I: Bus=0019 Vendor=0000 Product=0001 Version=0000
N: Name="Power Button"
H: Handlers=kbd event0
B: EV=3
"""
TOUCHSCREEN = """I: Bus=0018 Vendor=0000 Product=0000 Version=0000
N: Name="raspberrypi-ts"
H: Handlers=mouse0 event1
B: EV=b
"""


def test_a_keyboard_is_found_only_where_one_can_repeat_keys(tmp_path):
    devices = tmp_path / "devices"
    devices.write_text(POWER_BUTTON + "\n" + TOUCHSCREEN, encoding="utf-8")
    assert not has_physical_keyboard(devices)
    devices.write_text(POWER_BUTTON + "\n" + KEYBOARD_BLOCK + "\n" + TOUCHSCREEN, encoding="utf-8")
    assert has_physical_keyboard(devices)
    assert has_physical_keyboard(tmp_path / "absent"), "no list to read: only the setting shows it"


def test_the_plan_follows_the_setting_full_screen_and_the_keyboards_found(tmp_path):
    none = tmp_path / "none"
    none.write_text(POWER_BUTTON, encoding="utf-8")
    one = tmp_path / "one"
    one.write_text(KEYBOARD_BLOCK, encoding="utf-8")
    assert plan_keyboard("auto", None, fullscreen=False, devices=none).shown
    assert not plan_keyboard("auto", None, fullscreen=False, devices=one).shown
    assert plan_keyboard("auto", None, fullscreen=True, devices=one).shown, "a kiosk is touched"
    assert plan_keyboard("on", None, fullscreen=False, devices=one).shown
    assert not plan_keyboard("off", None, fullscreen=True, devices=none).shown


def test_the_names_file_is_one_name_a_line_and_says_when_it_cannot_be_read(tmp_path):
    assert parse_names(["# regulars", " 王小明 ", "", "Alice", "王小明"]) == ("王小明", "Alice")
    path = tmp_path / "names.txt"
    assert read_names(path).names == () and not read_names(path).unreadable, "missing: nothing offered"
    path.write_bytes("\ufeff陳大文\nBob\n".encode("utf-8"))
    assert read_names(path).names == ("陳大文", "Bob")
    path.write_bytes(b"\xff\xfe\x00B")
    assert read_names(path).unreadable == "names.txt" and read_names(path).names == ()
    assert offered_names(["Ann", "Bob"], ["Bob", "王小明"]) == ["Ann", "Bob", "王小明"]


def test_the_config_names_its_file_beside_itself(tmp_path):
    from companion.config import parse_config

    config = parse_config('[devices.keyboard]\nmode = "on"\nnames_file = "people.txt"\n', tmp_path / "config.toml")
    assert config.devices.keyboard.mode == "on"
    assert config.devices.keyboard.names_path(config.source) == tmp_path / "people.txt"
    assert parse_config("", tmp_path / "config.toml").devices.keyboard.names_path(tmp_path / "config.toml") == (
        tmp_path / "names.txt")
    from companion.config import ConfigError

    with pytest.raises(ConfigError, match="devices.keyboard.mode"):
        parse_config('[devices.keyboard]\nmode = "sometimes"\n', tmp_path / "config.toml")


def _not_covered(ui, field):
    keyboard = ui.app.name_keyboard
    _x, bottom = field.to_window(field.x, field.y)
    _x, top = field.to_window(field.x, field.top)
    from kivy.core.window import Window

    assert bottom >= keyboard.top, f"the field ({bottom:.0f}) is under the keyboard's top ({keyboard.top:.0f})"
    assert top <= Window.height, "the field was lifted out of the window"


@pytest.mark.parametrize("profile", ["800x480", "720x1280"])
def test_a_name_typed_key_by_key_by_touch(session, profile):
    def script(ui):
        yield from ui.tap("home.game.scorepad")
        keyboard = ui.app.name_keyboard
        assert keyboard is None or keyboard.parent is None, "no keyboard before a name is chosen"
        yield from ui.tap("setup.name.0")
        field = ui.find("setup.name.0")
        field.text = ""
        yield from until(lambda: ui.shown("keyboard.key.a"), what="the keyboard docked")
        yield from settle()
        _not_covered(ui, field)
        assert not [p for p in layout_problems(ui, "keyboard") if "keyboard" in p], "keys too small or cut"
        for key in ("key.a", "key.n", "key.n", "space", "key.l", "key.e", "backspace", "key.i"):
            yield from ui.tap(f"keyboard.{key}")
        assert field.text == "Ann Li" and ui.app.setup_vm.players()[0] == "Ann Li"
        assert field.focus, "a key keeps the field chosen"
        yield from ui.tap("keyboard.done")
        yield from until(lambda: ui.app.name_keyboard.parent is None, what="the keyboard gone")
        assert ui.app.sm.y == 0, "the screen back where it was"
        yield from ui.tap("setup.start")
        assert session.table_view().view["players"][0]["name"] == "Ann Li"

    run_ui(session, script, profile=profile, keyboard=KeyboardPlan(True, None))


def _every_game(session):
    """A session over the same store with every game's rules (as the Trajan set-up tests use)."""
    from companion.games import all_rules
    from companion.session import Session

    return Session(all_rules(), session.store)


def test_a_recent_name_in_one_tap_and_a_chinese_name_from_the_names_file(session, tmp_path):
    session = _every_game(session)
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Bob", "Cleo"], "seed": 1}}))
    names = tmp_path / "names.txt"
    names.write_text("# the regulars\n王小明\nBob\n", encoding="utf-8")

    def script(ui):
        ui.app.go("home")
        yield from settle()
        yield from ui.tap("home.game.trajan")
        yield from until(lambda: ui.shown("trajan.setup.name.0"), what=f"Trajan's names ({ui.screen})")
        yield from ui.tap("trajan.setup.name.0")
        yield from until(lambda: ui.shown("keyboard.name.0"), what="the names row")
        keyboard = ui.app.name_keyboard
        assert list(keyboard.names) == ["Bob", "Cleo", "王小明"], "recent players first, then the file's"
        yield from ui.tap("keyboard.name.1")
        assert ui.find("trajan.setup.name.0").text == "Cleo"
        yield from until(lambda: ui.find("trajan.setup.name.1").focus or not ui.find("trajan.setup.name.1").text,
                         what="the next field")
        field = ui.find("trajan.setup.name.1")
        field.focus = True
        field.text = ""
        yield from until(lambda: keyboard.target is field, what="the keyboard on the next field")
        yield from settle()
        _not_covered(ui, field)
        yield from ui.tap("keyboard.name.2")
        assert field.text == "王小明"
        assert ui.app.trajan_setup_vm.names[1] == "王小明" if hasattr(ui.app, "trajan_setup_vm") else True

    try:
        run_ui(session, script, language="zh-Hans", keyboard=KeyboardPlan(True, names))
    finally:
        session.shutdown()


@pytest.mark.parametrize("game,wid", [("trajan", "trajan.setup.name.0"), ("troyes", "troyes.setup.name.0"), ("augustus", "augustus.setup.name.0"),
                                      ("tribune", "tribune.setup.name.0"), ("secretbid", "secretbid.setup.name.0")])
def test_every_setup_with_names_docks_the_keyboard(session, game, wid):
    session = _every_game(session)

    def script(ui):
        yield from ui.tap(f"home.game.{game}")
        yield from until(lambda: ui.shown(wid), what=f"the names ({ui.screen})")
        yield from ui.tap(wid)
        field = ui.find(wid)
        field.text = ""
        yield from until(lambda: ui.shown("keyboard.key.q"), what="the keyboard docked")
        yield from settle()
        _not_covered(ui, field)
        yield from ui.tap("keyboard.key.q")
        assert field.text == "Q"
        ui.app.go("home")
        assert ui.app.name_keyboard.parent is None and ui.app.sm.y == 0, "leaving the set-up takes it away"

    try:
        run_ui(session, script, keyboard=KeyboardPlan(True, None))
    finally:
        session.shutdown()


def test_without_the_plan_no_keyboard_appears(session):
    def script(ui):
        yield from ui.tap("home.game.scorepad")
        yield from ui.tap("setup.name.0")
        yield from settle()
        assert ui.app.name_keyboard is None and ui.app.find_widget("keyboard.key.a") is None

    run_ui(session, script, keyboard=KeyboardPlan(False, None))


def test_the_keyboard_is_made_at_the_first_idle_moment_not_before_the_first_frame(session):
    def script(ui):
        collector = ui.app._collector
        assert ui.app.name_keyboard is None or collector.passes > 0, "the first frame did not wait for the keys"
        collector.idle_now()
        keyboard = ui.app.name_keyboard
        assert keyboard is not None and keyboard.parent is None, "made at the idle moment, not shown"
        yield from ui.tap("home.game.scorepad")
        yield from ui.tap("setup.name.0")
        yield from until(lambda: ui.shown("keyboard.key.a"), what="the keyboard docked")
        assert ui.app.name_keyboard is keyboard, "made once"

    run_ui(session, script, keyboard=KeyboardPlan(True, None))
