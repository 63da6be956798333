"""What home needs of the session (issue 18): every unfinished game listed with where it stands,
the game played last resumed at start but never a tool over a game, a game closed from home kept
whole (history still lists it, reopening takes it back), and a resume path checked like any file."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pytest

from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session

pytestmark = pytest.mark.timeout(120)

PLAYERS = ["Ann", "Bo", "Cy"]


class Ticks:
    """A clock a test moves: each call one minute on, so 'played last' is certain."""

    def __init__(self) -> None:
        self.now = _dt.datetime(2026, 12, 1, 19, 0, tzinfo=_dt.timezone.utc)

    def __call__(self) -> _dt.datetime:
        self.now += _dt.timedelta(minutes=1)
        return self.now


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data", clock=Ticks()))
    yield s
    s.shutdown()


def ok(session: Session, intent: Intent) -> None:
    session.handle(intent)
    assert session.notice is None or session.notice.level == "info", session.notice


def trajan(session: Session, steps: int = 4) -> Path:
    ok(session, Intent("new_game", {"game": "trajan", "setup": {
        "players": PLAYERS, "colours": ["red", "blue", "green"], "seed": 3, "start_player": 0}}))
    for _ in range(steps):
        view = session.table_view().view
        choice = next((c for c in view["choices"] if c["name"] == "move"), view["choices"][0])
        ok(session, Intent(choice["name"], dict(choice["args"]), automatic=True))
    return session.engine.journal.path


def dice_tray(session: Session) -> Path:
    ok(session, Intent("new_game", {"game": "dicetray", "setup": {}}))
    return session.engine.journal.path


def scorepad(session: Session, names=("Di", "Ed")) -> Path:
    ok(session, Intent("new_game", {"game": "scorepad", "setup": {"players": list(names), "seed": 1}}))
    ok(session, Intent("add_points", {"seat": 0, "points": 4}))
    return session.engine.journal.path


def test_a_tool_opened_last_never_hides_the_game_at_start(session):
    """The issue's new user: a Trajan season, then the dice tray, then a restart: Trajan again."""
    game = trajan(session)
    tray = dice_tray(session)
    session.handle(Intent("close"))
    listed = [info.path for info in session.unfinished_games()]
    assert listed == [tray, game], "home lists both, the one played last first"
    assert session.resumable().path == game
    session.resume()
    assert session.engine.game.id == "trajan" and session.engine.journal.path == game


def test_a_tool_is_resumed_when_no_game_is_unfinished(session):
    tray = dice_tray(session)
    session.handle(Intent("close"))
    assert session.resumable().path == tray


def test_the_game_played_last_is_resumed_among_games(session):
    first = scorepad(session)
    second = trajan(session)
    session.resume(first)
    ok(session, Intent("add_points", {"seat": 1, "points": 2}))  # played on: now the last played
    session.handle(Intent("close"))
    assert [i.path for i in session.unfinished_games()] == [first, second]
    assert session.resumable().path == first


def test_where_each_game_stands_is_read_from_its_journal_without_writing(session):
    game = trajan(session, steps=3)
    pad = scorepad(session)
    session.handle(Intent("close"))
    before = {p: p.read_bytes() for p in (game, pad)}
    infos = {i.path: i for i in session.unfinished_games()}
    trajan_view = session.standing_view(infos[game])
    assert trajan_view["season"] == 1 and trajan_view["round"] >= 1
    assert [p["name"] for p in trajan_view["players"]] == PLAYERS
    assert session.standing_view(infos[pad])["players"][0]["score"] == 4
    assert session.standing_view(infos[game]) is trajan_view, "kept while the journal has not moved on"
    assert {p: p.read_bytes() for p in (game, pad)} == before
    assert infos[game].players == tuple(PLAYERS) and infos[game].last_played.startswith("2026-12-01T19:")


def test_closing_a_game_keeps_it_whole_in_the_history_and_reopening_takes_it_back(session):
    game = trajan(session)
    pad = scorepad(session)
    events_before = [tuple(r) for r in Journal.read(game).records()]
    ok(session, Intent("close_game", {"path": str(game)}))
    assert session.notice.template.startswith("Game closed")
    assert [i.path for i in session.unfinished_games()] == [pad]
    assert session.engine is not None and session.engine.journal.path == pad, "another game stays open"
    assert game in [i.path for i in session.finished_games()], "the history still lists it"
    assert game.exists() and [tuple(r) for r in Journal.read(game).records()] == events_before
    assert session.resumable().path == pad
    ok(session, Intent("reopen_game", {"path": str(game)}))
    assert {i.path for i in session.unfinished_games()} == {game, pad}
    assert game not in [i.path for i in session.finished_games()]


def test_closing_the_open_game_closes_its_table_first(session):
    pad = scorepad(session)
    ok(session, Intent("close_game", {"path": str(pad)}))
    assert session.engine is None and session.unfinished_games() == []
    assert session.resumable() is None


def test_a_closed_game_resumed_by_its_path_is_unfinished_again(session):
    pad = scorepad(session)
    ok(session, Intent("close_game", {"path": str(pad)}))
    ok(session, Intent("resume", {"path": str(pad)}))
    assert session.engine.journal.path == pad
    assert [i.path for i in session.unfinished_games()] == [pad]


@pytest.mark.parametrize("intent", ["close_game", "reopen_game"])
def test_close_and_reopen_refuse_what_is_no_journal_naming_the_field(session, tmp_path, intent):
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list")
    for args in ({}, {"path": 3}, {"path": ""}, {"path": str(notes)}):
        session.handle(Intent(intent, args))
        assert session.notice.level == "refused" and session.notice.params.get("field") == "path", (args, session.notice)
    assert notes.read_text() == "shopping list"


def test_a_resume_path_is_checked_like_any_file_and_said_plainly(session, tmp_path):
    games = session.store.games_dir
    games.mkdir(parents=True, exist_ok=True)
    set_aside = games / "20260101-000000-000000-scorepad.journal.set-aside-20260102-000000"
    set_aside.write_bytes(b"SQLite format 3\x00" + b"\x00" * 200)
    with pytest.raises(IllegalCommand, match="damaged game set aside: recover"):
        session.resume(set_aside)
    with pytest.raises(IllegalCommand, match="must name a journal file"):
        session.resume(tmp_path / "notes.txt")
    foreign = games / "notes.journal"
    foreign.write_text("shopping list")
    session.handle(Intent("resume", {"path": str(foreign)}))
    assert session.notice.level == "error" and "not a companion journal" in session.notice.text
    assert foreign.read_text() == "shopping list", "not ours: left as it was"
    assert any(n.kind == "foreign" and n.path == foreign for n in session.data_notices())


def test_recover_with_nothing_whole_says_so_plainly_and_offers_no_recover_again(tmp_path):
    from tests.core.test_recovery import damage, scorepad_game

    path, _ = scorepad_game(tmp_path, 2)
    damage(path, "UPDATE events SET kind = 'scorepad.startex' WHERE seq = 1")
    session = Session(all_rules(), JournalStore(tmp_path))
    try:
        session.handle(Intent("resume", {"path": str(path)}))
        moved = session.store.set_aside[0].moved_to
        assert [n.recoverable for n in session.data_notices()] == [True]
        session.handle(Intent("recover", {"path": str(moved)}))
        assert session.notice.level == "refused" and session.notice.rule == "recover"
        assert session.notice.text.startswith(f"Nothing of {moved.name} can be recovered: not one whole step")
        assert session.engine is None and moved.exists()
        (notice,) = session.data_notices()
        assert notice.kind == "unrecoverable" and not notice.recoverable and notice.path == moved
        assert "stays where it was set aside" in notice.fix_text
    finally:
        session.shutdown()


def test_a_tool_closed_from_home_starts_afresh_when_opened_again(session):
    tray = dice_tray(session)
    ok(session, Intent("close_game", {"path": str(tray)}))
    assert session.resumable_of("dicetray") is None
    newer = dice_tray(session)
    assert newer != tray and session.resumable_of("dicetray").path == newer
