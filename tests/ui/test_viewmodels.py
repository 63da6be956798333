"""View-models fed from a real session's public views, without any window."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from companion.session import Intent
from companion.ui.text import i18n
from companion.ui.shell.choices import GameChoice, choices_from_registry

pytestmark = pytest.mark.timeout(30)

ROOT = Path(__file__).resolve().parents[2]


def new_pad(session, players=("Ann", "Bo"), seed=5):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": list(players), "seed": seed}}))


def test_table_view_model_follows_the_session(session):
    from companion.ui.scorepad.viewmodels import ScorePadTableViewModel as TableViewModel

    vm = TableViewModel()
    session.listeners.append(vm.update)
    session.handle(Intent("undo"))
    assert not vm.has_game and vm.title == "No game is open"
    assert vm.notice_text == "No game is open: start or resume one first." and vm.notice_level == "refused"
    assert vm.notice_rule == "Rule: no game"
    new_pad(session)
    assert vm.has_game and vm.title == "Score pad" and vm.seat_count == 2
    assert [(s["name"], s["score"], s["place"]) for s in vm.seats] == [("Ann", 0, 1), ("Bo", 0, 1)]
    assert sum(s["is_start"] for s in vm.seats) == 1 and "starts" in vm.hint
    assert not vm.can_undo and not vm.can_redo and vm.notice_text == ""
    session.handle(Intent("add_points", {"seat": 1, "points": 4}))
    assert vm.can_undo and [s["place_text"] for s in vm.seats] == ["Place 2", "Place 1"]
    session.handle(Intent("undo"))
    assert vm.can_redo and vm.seats[1]["score"] == 0
    session.handle(Intent("redo"))
    session.handle(Intent("add_points", {"seat": 0, "points": 1000}))
    assert vm.notice_text == "One entry is at most 999 points either way." and vm.notice_rule == "Rule: score pad input"
    session.handle(Intent("finish"))
    assert vm.finished and vm.hint == "Game finished."
    assert [(r["place"], r["name"], r["score_text"]) for r in vm.ranking] == [(1, "Bo", "4"), (2, "Ann", "0")]
    i18n.set_language("zh-Hans")
    vm.relabel()
    assert vm.title == "计分板" and vm.ranking[0]["place_text"] == "第 1 名"


def test_confirming_and_keypad_close_when_the_game_finishes(session):
    from companion.ui.scorepad.viewmodels import ScorePadTableViewModel as TableViewModel

    vm = TableViewModel()
    session.listeners.append(vm.update)
    new_pad(session)
    vm.confirming_finish = True
    vm.keypad.open(1)
    session.handle(Intent("finish"))
    assert not vm.confirming_finish and not vm.keypad.is_open


def test_keypad_builds_a_signed_number():
    from companion.ui.scorepad.viewmodels import KeypadModel

    pad = KeypadModel()
    pad.open(2)
    assert pad.is_open and pad.value() is None and pad.display == "+0"
    for digit in (0, 1, 2, 3, 4, 5):  # a leading zero is ignored, at most four digits
        pad.press(digit)
    assert pad.value() == 1234 and pad.display == "+1234"
    pad.toggle_sign()
    pad.backspace()
    assert pad.value() == -123 and pad.display == "−123"
    pad.close()
    assert not pad.is_open and pad.value() is None


def test_setup_view_model_defaults_typed_names_and_intent():
    from companion.ui.shell.viewmodels import SetupViewModel

    vm = SetupViewModel()
    vm.configure(GameChoice("scorepad", 1, 8, True))
    assert vm.count == 4 and vm.hints == ["Player 1", "Player 2", "Player 3", "Player 4"]
    vm.decrease()
    vm.decrease()
    vm.set_name(1, "  Bo ")
    assert vm.intent() == Intent("new_game", {"game": "scorepad", "setup": {"players": ["Player 1", "Bo"]}})
    for _ in range(10):
        vm.increase()
    assert vm.count == 8 and vm.names[1] == "  Bo "
    for _ in range(10):
        vm.decrease()
    assert vm.count == 1
    i18n.set_language("zh-Hant")
    vm.relabel()
    assert vm.hints == ["玩家 1"] and vm.players() == ["玩家 1"]
    vm.remember(["Ann", "玩家 2", "Cy"])
    assert vm.count == 3 and vm.names == ["Ann", "", "Cy"]


def test_home_view_model_lists_every_game_and_every_unfinished_one(session):
    from companion.games import registry
    from companion.ui.shell.viewmodels import HomeViewModel

    vm = HomeViewModel()
    vm.refresh(choices_from_registry(registry()), session.unfinished_games(), session.data_notices(),
               session.standing_view)
    ids = [g["id"] for g in vm.games]
    assert ids == ["trajan", "troyes", "tribune", "augustus", "scorepad", "secretbid", "dicetray"]
    assert [g["built"] for g in vm.games] == [True, True, True, True, True, True, True]
    assert vm.games[3]["detail"] == "2–6 players"
    assert vm.games[6]["title"] == "Dice tray" and vm.games[6]["detail"] == "For the whole table"
    assert vm.games[4]["detail"] == "1–8 players"
    assert vm.games[1]["detail"] == "2–4 players"
    assert vm.games[0]["detail"] == "2–4 players"
    assert vm.games[5]["title"] == "Secret bid" and vm.games[5]["detail"] == "2–8 players"
    assert vm.games[2]["title"] == "Tribune" and vm.games[2]["detail"] == "2–5 players"
    assert vm.unfinished == [] and vm.files == [] and not vm.has_list
    new_pad(session)
    session.handle(Intent("add_points", {"seat": 1, "points": 3}))
    session.handle(Intent("new_game", {"game": "tribune", "setup": {"players": ["Cy", "Di"], "start_player": 0}}))
    session.handle(Intent("next_round"))
    session.handle(Intent("new_game", {"game": "dicetray", "setup": {}}))
    session.handle(Intent("enter_dice", {"dice": [["red", 3]]}))
    vm.refresh(unfinished=session.unfinished_games(), files=session.data_notices())
    rows = vm.unfinished
    assert [r["title"] for r in rows] == ["Dice tray · Reads counted: 1", "Tribune · Round 2", "Score pad · Step 2"]
    assert [r["players"] for r in rows] == ["", "Cy, Di", "Ann, Bo"]
    assert all(r["when"].startswith("Last played 20") for r in rows) and vm.has_list
    vm.ask_close(rows[1]["path"])
    assert [r["confirming"] for r in vm.unfinished] == [False, True, False]
    vm.cancel_close()
    assert not any(r["confirming"] for r in vm.unfinished)
    i18n.set_language("zh-Hans")
    vm.refresh()
    assert vm.games[0]["title"] == "图拉真" and vm.games[3]["detail"] == "2–6 人"
    assert vm.games[5]["title"] == "暗标" and vm.games[2]["title"] == "护民官"
    assert [r["title"] for r in vm.unfinished] == ["掷骰盘 · 已计入 1 次", "护民官 · 第 2 轮", "计分板 · 第 2 步"]
    assert vm.unfinished[0]["when"].startswith("上次游戏 20")


def test_history_view_model_newest_first_with_finished_games(session):
    from companion.ui.shell.viewmodels import HistoryViewModel

    new_pad(session)
    session.handle(Intent("finish"))
    new_pad(session, ("Cy", "Di"))
    session.handle(Intent("add_points", {"seat": 0, "points": 2}))
    session.handle(Intent("undo"))
    vm = HistoryViewModel()
    vm.refresh(session.history(), session.finished_games(), "scorepad")
    assert vm.title == "Game history: Score pad"
    assert [r["text"] for r in vm.rows][:2] == ["Undid step 2: Cy: +2", "Cy: +2"]
    assert [r["undone"] for r in vm.rows] == [False, True, False]
    assert len(vm.finished) == 1 and vm.finished[0]["text"].startswith("Score pad, ")
    vm.refresh(game=None)
    assert vm.title == "No game is open"


def test_settings_view_model_knows_when_a_restart_is_needed():
    from companion.ui.shell.viewmodels import SettingsViewModel

    vm = SettingsViewModel(language="en", profile="800x480", running_profile="800x480")
    assert not vm.restart_needed
    vm.profile = "720x1280"
    assert vm.restart_needed
    vm.profile = "800x480"
    assert not vm.restart_needed


def test_view_models_need_no_window():
    code = (
        "import sys, tempfile\n"
        "from companion.core.store import JournalStore\n"
        "from companion.games import built_games\n"
        "from companion.session import Session, Intent\n"
        "from companion.ui.shell.viewmodels import HomeViewModel\n"
        "from companion.ui.scorepad.viewmodels import ScorePadTableViewModel as TableViewModel\n"
        "s = Session(built_games(), JournalStore(tempfile.mkdtemp()))\n"
        "vm = TableViewModel(); s.listeners.append(vm.update)\n"
        "s.handle(Intent('new_game', {'game': 'scorepad', 'setup': {'players': ['A', 'B']}}))\n"
        "assert vm.seat_count == 2\n"
        "assert 'kivy.core.window' not in sys.modules, 'a window was created'\n"
        "assert 'companion.games' not in [m for m in sys.modules if m.startswith('companion.ui')]\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-2000:]


def test_ui_never_imports_the_games():
    """DESIGN's arrows: ui → session → core ← games. The CLI passes the game list and demo session in."""
    import ast

    ui = ROOT / "companion" / "ui"
    offenders = []
    for path in ui.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n.startswith("companion.games") for n in names):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    for path in ui.rglob("*.kv"):
        if "import" in path.read_text(encoding="utf-8") and "companion.games" in path.read_text(encoding="utf-8"):
            offenders.append(str(path.relative_to(ROOT)))
    assert not offenders, offenders
