"""The app's half of the game kit, without a window: a game's title and history words are found
from its id alone (a journal on disk names its game by id), and the shell's shared code names no
game (DESIGN: "none of them names a game")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.games import registry
from companion.session import Intent
from companion.ui.text import formatting as fmt
from companion.ui.gameui import GameUI, game_ui_for

pytestmark = pytest.mark.timeout(30)

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "companion" / "ui"
#: The shell's code that every game goes through: it may not tell games apart by name.
SHARED = [UI / "text" / "formatting.py", UI / "shell" / "viewmodels.py", UI / "widgets" / "__init__.py",
          UI / "widgets" / "widgets.kv", *sorted((UI / "shell" / "screens").glob("*.py")),
          *sorted((UI / "shell" / "screens").glob("*.kv"))]


def test_every_game_has_a_title_and_its_own_gameui_by_id():
    for entry in registry():
        assert entry.title and fmt.game_title(entry.id) == entry.title, entry.id
        expected = entry.ui.rpartition(":")[2] if entry.ui else "GameUI"
        assert game_ui_for(entry.id).__name__ == expected, entry.id
    assert game_ui_for("newgame") is GameUI and game_ui_for(None) is GameUI


def test_a_past_game_from_disk_reads_as_its_own_game(session):
    """Resumed from its journal, a secret bid's history is worded by its game id, not by its events."""
    from companion.ui.shell.viewmodels import HistoryViewModel

    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"]}}))
    journal = session.table_view().journal
    session.handle(Intent("close"))
    session.handle(Intent("resume", {"path": journal}))
    vm = HistoryViewModel()
    vm.refresh(session.history(), [], session.table_view().game)
    assert vm.title == "Game history: Secret bid"
    assert vm.rows[-1]["text"] == "Seated Ann, Bo; no limits."
    vm.refresh(game=None)
    assert vm.rows[-1]["text"].startswith("secretbid.started "), "no game: the generic lines"


def test_the_shells_shared_code_names_no_game():
    ids = [entry.id for entry in registry()]
    pattern = re.compile("|".join(ids), re.IGNORECASE)
    found = [f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
             for path in SHARED for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert not found, "\n".join(found)
