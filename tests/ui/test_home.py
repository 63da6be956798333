"""Home by touch (issue 18): every unfinished game listed (name, where it stands, players, when last
played) and resumed by a tap, a game closed only after its confirm (and then in the history), the
files' notices with Recover for a set-aside game, plain words when nothing can be recovered, and
every state of it fitting all three profiles in English and Chinese."""

from __future__ import annotations

import datetime as _dt

import pytest

from companion.core.store import JournalStore
from companion.games import built_games
from companion.session import Intent, Session

from tests.test_session_home import Ticks, dice_tray, scorepad, trajan
from tests.ui.uiharness import LayoutProblems, duplicate_wids, run_ui, settle, until

pytestmark = pytest.mark.timeout(300)


@pytest.fixture
def ticking(tmp_path):
    """A session whose clock moves a minute a call: which game was played last is certain."""
    s = Session(built_games(), JournalStore(tmp_path / "data", clock=Ticks()))
    yield s
    s.shutdown()


def three_games(session: Session) -> dict[str, str]:
    """Trajan, a score pad, then the dice tray opened last; all closed, as after a restart."""
    paths = {"trajan": str(trajan(session))}
    paths["trajan_steps"] = session.engine.journal.last_step
    paths.update(scorepad=str(scorepad(session)), dicetray=str(dice_tray(session)))
    session.handle(Intent("close"))
    return paths


def into_view(ui, wid: str):
    """Scrolls home's list so the widget is on screen (a finger scrolls first, then taps)."""
    from kivy.uix.scrollview import ScrollView

    widget = ui.find(wid)
    node = widget.parent
    while node is not None and not isinstance(node, ScrollView):
        node = node.parent
    if node is not None:
        node.scroll_to(widget, padding=0, animate=False)
    yield from settle()


def tap_in_list(ui, wid: str):
    yield from into_view(ui, wid)
    yield from ui.tap(wid)


def test_home_lists_every_unfinished_game_and_resumes_any_of_them_by_touch(ticking):
    paths = three_games(ticking)

    def script(ui):
        app = ui.app
        assert ui.screen == "home"
        rows = app.home_vm.unfinished
        assert [r["path"] for r in rows] == [paths["dicetray"], paths["scorepad"], paths["trajan"]]
        assert ui.text("home.unfinished.0").startswith("[b]Dice tray · Reads counted: 0[/b]")
        pad = ui.text("home.unfinished.1")
        assert "Score pad · Step 2" in pad and "Di, Ed" in pad and "Last played 2026-12-01 " in pad
        game = ui.text("home.unfinished.2")
        assert "Trajan · Season 1 · Round " in game and "Ann, Bo, Cy" in game
        yield from tap_in_list(ui, "home.unfinished.2")
        yield from until(lambda: ui.screen == "trajan_table", what="Trajan's table")
        assert str(ticking.engine.journal.path) == paths["trajan"]
        assert ticking.engine.journal.last_step == paths["trajan_steps"], "where it was"
        yield from ui.tap("trajan.home")
        assert ui.screen == "home"
        yield from tap_in_list(ui, "home.unfinished.1")
        yield from until(lambda: ticking.engine.game.id == "scorepad" and ui.screen == "table", what="the score pad")
        assert [p["score"] for p in ticking.table_view().view["players"]] == [4, 0]

    run_ui(ticking, script)


def test_a_game_is_closed_from_home_only_after_its_confirm_and_stays_in_the_history(ticking):
    paths = three_games(ticking)

    def script(ui):
        app = ui.app
        yield from tap_in_list(ui, "home.unfinished.2.close")
        question = ui.text("home.unfinished.2.question")
        assert question.startswith("Close Trajan · Season 1 · Round ") and "stays in the history" in question
        assert len(ticking.unfinished_games()) == 3, "one tap closes nothing"
        yield from tap_in_list(ui, "home.unfinished.2.cancel")
        assert ui.shown("home.unfinished.2") and not ui.shown("home.unfinished.2.question")
        yield from tap_in_list(ui, "home.unfinished.2.close")
        yield from tap_in_list(ui, "home.unfinished.2.confirm")
        yield from until(lambda: len(app.home_vm.unfinished) == 2, what="the row gone")
        assert ui.screen == "home"
        assert [r["path"] for r in app.home_vm.unfinished] == [paths["dicetray"], paths["scorepad"]]
        assert ui.text("home.notice").startswith("Game closed: it stays in the history")
        yield from ui.tap("home.history")
        assert ui.screen == "history"
        closed = [row["text"] for row in app.history_vm.finished if row["path"] == paths["trajan"]]
        assert len(closed) == 1 and closed[0].startswith("Trajan, ") and closed[0].endswith(", closed unfinished")
        yield from ui.tap("history.back")
        assert ui.screen == "home" and ui.text("home.notice") == "", "a notice is for the moment it was said"

    run_ui(ticking, script)
    assert [i.game for i in ticking.unfinished_games()] == ["dicetray", "scorepad"]


def damaged_game(data, setup_too: bool = False):
    """A score pad game damaged on disk: a step of it (its set-up too: nothing whole is left)."""
    from tests.core.test_recovery import damage, scorepad_game

    path, _ = scorepad_game(data, 4)
    where = "seq = 1" if setup_too else "step = 4"
    damage(path, f"UPDATE events SET payload = payload || ' ' WHERE {where}")
    return path


def test_a_set_aside_game_is_shown_on_home_and_recovered_by_touch(tmp_path):
    data = tmp_path / "data"
    damaged = damaged_game(data)
    session = Session(built_games(), JournalStore(data))
    session.handle(Intent("resume", {"path": str(damaged)}))  # as the start does: the damage is found, set aside
    assert session.engine is None and not damaged.exists()

    def script(ui):
        app = ui.app
        (row,) = app.home_vm.files
        assert row["recoverable"] and ui.text("home.file.0").startswith(f"{damaged.name} is damaged (step 4 ")
        assert not ui.shown("home.file.0.fix"), "the Recover button stands for the fix"
        yield from tap_in_list(ui, "home.file.0.recover")
        yield from until(lambda: ui.screen == "table", what="the recovered game's table")
        assert session.engine.journal.last_step == 3 and session.engine.journal.path != damaged
        yield from ui.tap("table.home")
        (row,) = app.home_vm.files
        assert not row["recoverable"] and row["text"].startswith(f"Steps 1 to 3 of {damaged.name}")
        assert not ui.shown("home.file.0.recover")
        assert [r["path"] for r in app.home_vm.unfinished] == [str(session.engine.journal.path)]

    try:
        run_ui(session, script)
    finally:
        session.shutdown()


def test_nothing_to_recover_is_said_plainly_on_home(tmp_path):
    data = tmp_path / "data"
    damaged = damaged_game(data, setup_too=True)
    session = Session(built_games(), JournalStore(data))
    session.handle(Intent("resume", {"path": str(damaged)}))
    (games := data / "games").mkdir(exist_ok=True)
    (games / "notes.journal").write_text("shopping list")  # not companion's: listed, left as it is

    def script(ui):
        app = ui.app
        assert [r["recoverable"] for r in app.home_vm.files] == [True, False]
        assert "notes.journal is not a companion journal" in ui.text("home.file.1")
        assert "companion never opens it" in ui.text("home.file.1.fix")
        yield from tap_in_list(ui, "home.file.0.recover")
        yield from until(lambda: ui.text("home.notice") != "", what="the refusal")
        assert ui.screen == "home" and session.engine is None
        assert ui.text("home.notice").startswith(f"Nothing of {damaged.name}.set-aside-")
        assert "can be recovered: not one whole step can be read back" in ui.text("home.notice")
        assert not ui.shown("home.file.0.recover") and not any(r["recoverable"] for r in app.home_vm.files)
        assert "stays where it was set aside" in ui.text("home.file.0.fix")

    try:
        run_ui(session, script)
    finally:
        session.shutdown()
    assert (games / "notes.journal").read_text() == "shopping list"


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_state_of_home_fits(tmp_path, profile):
    data = tmp_path / "data"
    damaged = damaged_game(data)
    session = Session(built_games(), JournalStore(data, clock=Ticks()))
    session.handle(Intent("resume", {"path": str(damaged)}))
    three_games(session)
    long_names = [f"Maximilianus {i}" for i in range(1, 9)]  # 8 names of 14 characters
    scorepad(session, names=long_names)
    session.handle(Intent("close"))
    problems = LayoutProblems(profile)

    def script(ui):
        app = ui.app
        for language in ("en", "zh-Hans", "zh-Hant"):
            app.set_language(language)
            app.go("home")
            yield from problems.check(ui, "home with games and a file")
            assert len(app.home_vm.unfinished) == 4 and len(app.home_vm.files) == 1
            yield from tap_in_list(ui, "home.unfinished.0.close")
            yield from problems.check(ui, "home asking to close")
            yield from tap_in_list(ui, "home.unfinished.0.cancel")
        assert not duplicate_wids(app.root), duplicate_wids(app.root)

    try:
        run_ui(session, script, profile=profile)
    finally:
        session.shutdown()
    assert not problems, "\n".join(problems)
