"""Session: facts become commands for the open game; refusals become notices; nothing half-written."""

from __future__ import annotations

import pytest

from companion.core.store import JournalStore
from companion.games import built_games
from companion.session import Intent, Session
from hardware.facts import ButtonPressed, DiceRead


@pytest.fixture
def session(tmp_path):
    s = Session(built_games(), JournalStore(tmp_path))
    yield s
    s.shutdown()


def start(session, players=("Ann", "Bo")):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": list(players), "seed": 3}}))


def test_listeners_get_public_view_after_each_fact(session):
    views = []
    session.listeners.append(views.append)
    start(session)
    session.handle(Intent("add_points", {"seat": 1, "points": 4}))
    assert [v.view["players"][1]["score"] for v in views] == [0, 4]
    assert views[-1].can_undo and not views[-1].can_redo


def test_refused_setup_leaves_no_file(session, tmp_path):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Ann"]}}))
    assert session.notice.level == "refused" and "same name" in session.notice.text
    assert session.engine is None
    assert not list((tmp_path / "games").glob("*.journal")) if (tmp_path / "games").exists() else True


def test_unbuilt_game_is_refused_plainly(session):
    session.handle(Intent("new_game", {"game": "troyes", "setup": {}}))
    assert "cannot be played yet" in session.notice.text


def test_pad_button_scores_for_its_seat(session):
    start(session)
    session.handle(ButtonPressed(seat=1, key="plus"))
    session.handle(ButtonPressed(seat=1, key="plus"))
    session.handle(ButtonPressed(seat=0, key="minus"))
    assert [p["score"] for p in session.table_view().view["players"]] == [-1, 2]


def test_dice_read_without_dice_phase_is_said_plainly(session):
    start(session)
    session.handle(DiceRead(seq=1, dice=(("red", 3),)))
    assert session.notice.level == "info" and "ignored" in session.notice.text


def test_resume_picks_up_exactly(tmp_path):
    first = Session(built_games(), JournalStore(tmp_path))
    start(first)
    first.handle(Intent("add_points", {"seat": 0, "points": 9}))
    first.handle(Intent("undo"))
    expected = first.table_view().view
    first.shutdown()
    second = Session(built_games(), JournalStore(tmp_path))
    assert second.resumable() is not None
    second.handle(Intent("resume"))
    assert second.table_view().view == expected and second.table_view().can_redo
    second.shutdown()


def test_action_without_game_is_refused(session):
    session.handle(Intent("undo"))
    assert session.notice.rule == "no game"


def test_finished_games_are_listed(session):
    start(session)
    session.handle(Intent("finish"))
    assert len(session.finished_games()) == 1 and session.resumable() is None


def test_correct_intent_fixes_a_past_entry_and_says_what_no_longer_applies(session):
    start(session)
    for seat, points in ((0, 5), (1, 3)):
        session.handle(Intent("add_points", {"seat": seat, "points": points}))
    session.handle(Intent("finish"))
    session.handle(Intent("correct", {"step": 3, "name": "finish", "args": {}}))
    assert session.notice.level == "info"
    assert "no longer apply: #4 [game over]" in session.notice.text
    assert [p["score"] for p in session.table_view().view["players"]] == [5, 0]
    session.handle(Intent("correct", {"step": "x"}))
    assert session.notice.level == "refused" and "'step' must be a whole number" in session.notice.text


def test_a_trajan_pad_walks_its_menu_and_plays_the_highlighted_move(tmp_path):
    from companion.games import all_rules

    s = Session(all_rules(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "trajan", "setup": {"players": ["Ann", "Bo"], "colours": ["red", "blue"],
                                                          "start_player": 0, "seed": 4}}))
    choices = s.table_view().view["choices"]
    s.handle(ButtonPressed(seat=1, key="ok"))  # not Bo's turn
    assert "nothing to enter" in s.notice.text and s.engine.journal.last_step == 1
    s.handle(ButtonPressed(seat=0, key="plus"))
    s.handle(ButtonPressed(seat=0, key="plus"))
    s.handle(ButtonPressed(seat=0, key="minus"))
    assert s.table_view().pad_cursor == {0: 1}
    s.handle(ButtonPressed(seat=0, key="ok"))
    assert s.engine.journal.last_step == 2
    assert s.table_view().view["turn"]["tray"] is not None
    played = s.history()[-1].events[0]
    assert played["tray"] == choices[1]["args"]["tray"]
    s.shutdown()


def test_correction_choices_are_the_legal_moves_before_that_step(tmp_path):
    from companion.games import all_rules

    s = Session(all_rules(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "trajan", "setup": {"players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 4}}))
    first = s.table_view().view["choices"]
    s.handle(Intent(first[0]["name"], first[0]["args"]))
    assert s.correction_choices(2) == first
    other = first[1]
    s.handle(Intent("correct", {"step": 2, "name": other["name"], "args": other["args"]}))
    assert s.notice.text.startswith("Step 2 corrected")
    assert s.table_view().view["turn"]["tray"] is not None
    s.shutdown()
