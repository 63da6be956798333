"""History lines, places, names and notices in each language (pure, no window)."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.engine import HistoryEntry
from companion.session import Notice
from companion.ui.text import formatting as fmt
from companion.ui.text import i18n
from companion.ui.gameui import game_ui_for

pytestmark = pytest.mark.timeout(10)


def format_history(entries):
    """The score pad's history's rows as the app words them: through its GameUI, found by the game's id."""
    return game_ui_for("scorepad").history_rows(entries)

ENTRIES = [
    HistoryEntry(1, "2026-01-02T03:04:05.000+00:00",
                 ({"kind": "scorepad.started", "players": ["Ann", "Bo", "Cy"], "start_player": 1},), False),
    HistoryEntry(2, "2026-01-02T03:04:06.000+00:00", ({"kind": "scorepad.points", "seat": 2, "points": -3},), True),
    HistoryEntry(3, "2026-01-02T03:04:07.000+00:00", ({"kind": "core.undo", "step": 2},), False),
    HistoryEntry(4, "2026-01-02T03:04:08.000+00:00", ({"kind": "scorepad.finished"},), False),
    HistoryEntry(5, "2026-01-02T03:04:09.000+00:00", ({"kind": "trajan.unknown", "x": 1},), False),
]


def test_history_lines_in_english():
    i18n.set_language("en")
    rows = format_history(ENTRIES)
    assert [r["text"] for r in rows] == [
        "Seated Ann, Bo, Cy; Bo starts.", "Cy: −3", "Undid step 2: Cy: −3", "Game finished.", "trajan.unknown x=1",
    ]
    assert [r["undone"] for r in rows] == [False, True, False, False, False]
    assert all(len(r["time"]) == 8 for r in rows)  # local HH:MM:SS


def test_history_lines_in_chinese():
    i18n.set_language("zh-Hans")
    assert [r["text"] for r in format_history(ENTRIES[:4])] == [
        "入座：Ann、Bo、Cy；Bo 先手。", "Cy：−3 分", "撤销第 2 步：Cy：−3 分", "对局结束。",
    ]
    i18n.set_language("zh-Hant")
    assert format_history(ENTRIES[:3])[2]["text"] == "復原第 2 步：Cy：−3 分"


def test_notice_with_its_rule_in_each_language():
    notice = Notice("refused", "There is no seat {n}.", {"n": 9}, "score pad input")
    i18n.set_language("en")
    assert fmt.format_notice(notice) == ("There is no seat 9.", "Rule: score pad input")
    i18n.set_language("zh-Hant")
    assert fmt.format_notice(notice) == ("沒有第 9 號座位。", "規則：計分板輸入")
    assert fmt.format_notice(dataclasses.replace(notice, rule="")) == ("沒有第 9 號座位。", "")
    assert fmt.format_notice(None) == ("", "")


def test_names_places_and_scores():
    i18n.set_language("en")
    assert fmt.game_title("trajan") == "Trajan" and fmt.game_title("newgame") == "newgame"
    assert fmt.players_range(1, 8) == "1–8 players" and fmt.players_range(2, 2) == "2 players"
    assert fmt.default_player_name(3) == "Player 3" and fmt.format_place(2) == "Place 2"
    assert fmt.format_score(-4) == "-4" and fmt.format_points(-4) == "−4" and fmt.format_points(5) == "+5"
    i18n.set_language("zh-Hans")
    assert fmt.game_title("augustus") == "奥古斯都" and fmt.default_player_name(3) == "玩家 3"
    assert fmt.format_place(1) == "第 1 名"
    assert fmt.format_when("not a time") == "not a time"
