"""Screens through a real offscreen window: touches at widgets' window coordinates, then the
session and its journal must have changed accordingly (the journal is the truth)."""

from __future__ import annotations

import pytest

from companion.session import Intent
from uiharness import layout_problems as _layout_problems
from uiharness import duplicate_wids, run_ui, settle, until

pytestmark = pytest.mark.timeout(60)


def scores(session):
    return [p["score"] for p in session.table_view().view["players"]]


def test_two_player_game_by_touch_from_home_to_ranking(session):
    seen = {}

    def script(ui):
        assert ui.screen == "home"
        yield from ui.tap("home.game.scorepad")
        assert ui.screen == "setup"
        yield from ui.tap("setup.count.minus")
        yield from ui.tap("setup.count.minus")
        assert ui.find("setup.name.1") is not None and ui.app.find_widget("setup.name.2") is None
        ui.find("setup.name.0").text = "Ann"  # what typing does to the field (no keyboard here)
        yield from ui.tap("setup.start")
        assert ui.screen == "table", "a started game opens the table"
        assert [p["name"] for p in session.table_view().view["players"]] == ["Ann", "Player 2"]
        assert ui.find("table.undo").disabled and ui.find("table.redo").disabled
        yield from ui.tap("table.seat.0.plus5")
        yield from ui.tap("table.seat.1.plus1")
        yield from ui.tap("table.seat.0.minus1")
        assert scores(session) == [4, 1]
        assert ui.text("table.seat.0.score") == "4"
        yield from ui.tap("table.undo")
        assert scores(session) == [5, 1] and ui.text("table.seat.0.score") == "5"
        assert not ui.find("table.redo").disabled
        yield from ui.tap("table.redo")
        assert scores(session) == [4, 1]
        yield from ui.tap("table.seat.1.minus5")
        yield from ui.tap("table.finish")
        assert not session.table_view().finished, "Finish asks first"
        assert ui.shown("table.finish.confirm") and not ui.shown("table.finish")
        yield from ui.tap("table.finish.cancel")
        assert ui.shown("table.finish") and not session.table_view().finished
        yield from ui.tap("table.finish")
        yield from ui.tap("table.finish.confirm")
        assert session.table_view().finished
        grid = ui.app.sm.get_screen("table").ids.ranking_grid
        seen["ranking"] = [(row.place, row.name, row.score_text) for row in reversed(grid.children)]
        assert ui.shown("table.new") and not ui.shown("table.seat.0.plus1")
        seen["journal"] = session.table_view().journal

    run_ui(session, script)
    assert seen["ranking"] == [(1, "Ann", "4"), (2, "Player 2", "-4")]
    info = next(i for i in session.store.list() if str(i.path) == seen["journal"])
    assert info.finished, "the journal on disk says finished"
    kinds = [e["kind"] for entry in session.history() for e in entry.events]
    assert kinds == ["scorepad.started", "scorepad.points", "scorepad.points", "scorepad.points",
                     "core.undo", "core.redo", "scorepad.points", "scorepad.finished"]


def test_refusal_is_shown_inline_in_the_table_language(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["甲", "乙"], "seed": 1}}))

    def script(ui):
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        assert ui.screen == "table", "an open game at start opens the table"
        yield from ui.tap("table.seat.1.enter")
        for key in ("1", "0", "0", "0"):
            yield from ui.tap(f"table.keypad.{key}")
        assert ui.text("table.keypad.display") == "+1000"
        yield from ui.tap("table.keypad.ok")
        notice = ui.text("table.notice")
        assert notice == "每次最多加减 999 分。（规则：计分板输入）", "the rule in full-width brackets, as Chinese sets them"
        assert not any(isinstance(w, ModalView) for w in Window.children), "never a blocking modal"
        assert ui.shown("table.seat.0.plus1"), "the table stays usable"
        yield from ui.tap("table.seat.1.enter")
        yield from ui.tap("table.keypad.sign")
        yield from ui.tap("table.keypad.7")
        yield from ui.tap("table.keypad.ok")
        assert scores(session) == [0, -7]
        assert "999" not in ui.text("table.notice"), "the next fact clears the notice"

    run_ui(session, script, language="zh-Hans")


def test_a_name_field_takes_a_touch_at_once_and_typed_text(session):
    """A touch in the same frame the field appears used to crash Kivy 2.3.1 (IndexError)."""

    def script(ui):
        from kivy.core.window import Window

        yield from ui.tap("home.game.scorepad")
        yield from ui.tap("setup.name.1")
        field = ui.find("setup.name.1")
        assert field.focus
        Window.dispatch("on_textinput", "Zoë 王")  # what a keyboard sends to the focused field
        yield from until(lambda: field.text == "Zoë 王", what="the typed text in the field")
        assert field.text == "Zoë 王" and ui.app.setup_vm.players()[1] == "Zoë 王"
        yield from ui.tap("setup.start")
        assert [p["name"] for p in session.table_view().view["players"]][:2] == ["Player 1", "Zoë 王"]

    run_ui(session, script)


def test_setup_refusal_appears_above_the_names(session):
    def script(ui):
        yield from ui.tap("home.game.scorepad")
        ui.find("setup.name.0").text = "Ann"
        ui.find("setup.name.1").text = "Ann"
        yield from ui.tap("setup.start")
        assert ui.screen == "setup" and session.engine is None
        assert ui.text("setup.notice") == "Two players have the same name."
        assert ui.shown("setup.notice")

    run_ui(session, script)


def test_language_switch_rerenders_texts_and_saves_through_the_callback(session):
    saved = []

    def script(ui):
        assert ui.text("home.settings") == "Settings"
        yield from ui.tap("home.settings")
        yield from ui.tap("settings.lang.zh-Hans")
        assert ui.text("settings.back") == "返回"
        assert ui.find("settings.lang.zh-Hans").selected and not ui.find("settings.lang.en").selected
        yield from ui.tap("settings.profile.720x1280")
        assert ui.app.settings_vm.restart_needed
        yield from ui.tap("settings.lang.zh-Hant")
        assert ui.text("settings.back") == "返回" and ui.text("home.history") == "紀錄"
        yield from ui.tap("settings.back")
        assert ui.screen == "home"
        assert "2–6 人" in ui.text("home.game.augustus") and "奧古斯都" in ui.text("home.game.augustus")
        assert "特魯瓦" in ui.text("home.game.troyes") and "2–4 人" in ui.text("home.game.troyes")
        assert "圖拉真" in ui.text("home.game.trajan") and "2–4 人" in ui.text("home.game.trajan")
        yield from ui.tap("home.settings")
        yield from ui.tap("settings.lang.en")
        yield from ui.tap("settings.back")
        assert ui.text("home.history") == "History"

    run_ui(session, script, on_settings_changed=lambda lang, profile: saved.append((lang, profile)))
    assert saved == [("zh-Hans", "800x480"), ("zh-Hans", "720x1280"), ("zh-Hant", "720x1280"),
                     ("en", "720x1280")]


def test_home_offers_every_game_built_and_resumes(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["A", "B"], "seed": 1}}))
    session.handle(Intent("add_points", {"seat": 0, "points": 3}))
    session.handle(Intent("close"))

    def script(ui):
        for game in ("trajan", "troyes", "tribune", "augustus", "scorepad", "secretbid", "dicetray"):
            tile = ui.find(f"home.game.{game}")
            assert not tile.disabled and "Not built yet" not in tile.text, game
        assert "Score pad · Step 2" in ui.text("home.unfinished.0")
        yield from ui.tap("home.unfinished.0")
        assert ui.screen == "table" and session.engine is not None
        assert scores(session) == [3, 0]
        yield from ui.tap("table.home")
        assert ui.screen == "home"

    run_ui(session, script)


def test_history_lists_steps_marks_undone_and_goes_back(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    session.handle(Intent("finish"))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 2}}))

    def script(ui):
        yield from ui.tap("table.seat.0.plus5")
        yield from ui.tap("table.seat.1.plus1")
        yield from ui.tap("table.undo")
        yield from ui.tap("table.history")
        assert ui.screen == "history"
        rows = ui.app.history_vm.rows
        assert [r["text"] for r in rows][:3] == ["Undid step 3: Bo: +1", "Bo: +1", "Ann: +5"]
        assert rows[3]["text"].startswith("Seated Ann, Bo; ") and rows[3]["text"].endswith(" starts.")
        assert [r["undone"] for r in rows] == [False, True, False, False]
        assert len(ui.app.history_vm.finished) == 1
        yield from ui.tap("history.back")
        assert ui.screen == "table"

    run_ui(session, script)


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_screen_fits_with_wids_and_big_targets(session, profile):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": [f"Player {i}" for i in range(1, 9)], "seed": 3}}))
    session.handle(Intent("add_points", {"seat": 0, "points": -120}))
    session.handle(Intent("finish"))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": [f"Player {i}" for i in range(1, 9)], "seed": 3}}))
    session.handle(Intent("add_points", {"seat": 7, "points": 999}))
    problems = []

    def script(ui):
        from kivy.core.window import Window

        assert tuple(Window.size) == tuple(int(v) for v in profile.split("x"))
        for language in ("en", "zh-Hans"):
            ui.app.set_language(language)
            for name in ("home", "setup", "history", "settings", "table"):
                ui.app.go(name)
                yield from settle()
                problems.extend(_layout_problems(ui, f"{profile} {language} {name}"))
            ui.app.setup_vm.set_count(8)
            ui.app.go("setup")
            yield from settle()
            problems.extend(_layout_problems(ui, f"{profile} {language} setup with 8"))
            ui.app.go("table")
            yield from ui.tap("table.seat.3.enter")
            yield from settle()
            problems.extend(_layout_problems(ui, f"{profile} {language} keypad"))
            yield from ui.tap("table.keypad.cancel")
            yield from ui.tap("table.finish")
            yield from settle()
            problems.extend(_layout_problems(ui, f"{profile} {language} confirm finish"))
            yield from ui.tap("table.finish.confirm")
            yield from settle()
            problems.extend(_layout_problems(ui, f"{profile} {language} ranking"))
            yield from ui.tap("table.undo")
        assert not duplicate_wids(ui.app.root), duplicate_wids(ui.app.root)

    run_ui(session, script, profile=profile)
    assert not problems, "\n".join(problems)
