"""Session: facts become commands for the open game; refusals become notices; nothing half-written."""

from __future__ import annotations

import pytest

from companion.core.store import JournalStore
from companion.games import built_games
from companion.session import Intent, Session
from hardware.facts import ButtonPressed, DeviceStatus, DiceLive, DiceRead, ScannerStatus


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


def test_unbuilt_game_is_refused_plainly(tmp_path):
    """A game the session has no rules for (every registered game is built now: one left out)."""
    session = Session({k: v for k, v in built_games().items() if k != "augustus"}, JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "augustus", "setup": {}}))
    assert "cannot be played yet" in session.notice.text
    assert session.engine is None and not list(tmp_path.iterdir())
    session.shutdown()


def test_pad_button_scores_for_its_seat(session):
    start(session)
    session.handle(ButtonPressed(pad=1, key="plus"))
    session.handle(ButtonPressed(pad=1, key="plus"))
    session.handle(ButtonPressed(pad=0, key="minus"))
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
    s.handle(ButtonPressed(pad=1, key="ok"))  # not Bo's turn
    assert "nothing to enter" in s.notice.text and s.engine.journal.last_step == 1
    s.handle(ButtonPressed(pad=0, key="plus"))
    s.handle(ButtonPressed(pad=0, key="plus"))
    s.handle(ButtonPressed(pad=0, key="minus"))
    assert s.table_view().pad_cursor == {0: 1}
    s.handle(ButtonPressed(pad=0, key="ok"))
    played = s.history()[1]  # step 2, after the setup; what the rules take by itself may follow
    assert played.step == 2 and played.events[0]["tray"] == choices[1]["args"]["tray"]
    assert s.table_view().pad_cursor == {0: 0}, "a new menu starts at its top"
    s.shutdown()


def test_correction_choices_are_the_legal_moves_before_that_step(tmp_path):
    from companion.games import all_rules

    s = Session(all_rules(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "trajan", "setup": {"players": ["Ann", "Bo"], "colours": ["red", "blue"], "seed": 4}}))
    first = s.table_view().view["choices"]
    s.handle(Intent(first[0]["name"], first[0]["args"]))
    assert s.correction_view(2)["choices"] == first
    other = first[1]
    s.handle(Intent("correct", {"step": 2, "name": other["name"], "args": other["args"]}))
    assert s.notice.text.startswith("Step 2 corrected")
    assert s.table_view().view["turn"]["tray"] is not None
    s.shutdown()


# -- players remembered across restarts, and which pad is whose ------------------------------------


def test_a_new_session_offers_the_last_games_players_of_that_kind(tmp_path):
    from companion.games import all_rules

    first = Session(all_rules(), JournalStore(tmp_path))
    assert first.recent_players("scorepad") is None
    start(first, players=("Ann", " Bo "))
    first.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Cy", "Di", "Ed"], "colours": ["green", "red", "blue"], "seed": 5, "pads": [None, 0, 2]}}))
    assert first.notice is None
    first.shutdown()
    second = Session(all_rules(), JournalStore(tmp_path))
    pad = second.recent_players("scorepad")
    assert pad.names == ("Ann", "Bo"), "the names as the rules seated them (trimmed)"
    assert pad.colours == () and pad.pads is None
    trajan = second.recent_players("trajan")
    assert trajan.names == ("Cy", "Di", "Ed") and trajan.colours == ("green", "red", "blue")
    assert trajan.pads == (None, 0, 2)
    assert second.engine is None, "offering names replays nothing and opens no game"
    second.shutdown()


def test_recent_players_of_a_journal_written_before_the_meta_had_them(tmp_path):
    import json

    store = JournalStore(tmp_path)
    store.games_dir.mkdir(parents=True)
    old = store.games_dir / "20250101-000000-000000-scorepad.journal"
    from companion.core.journal import Journal

    with Journal.create(old, "scorepad") as journal:
        journal.append([("scorepad.started", json.dumps({"players": ["Old", "Timer"], "seed": 1}))])
    (store.games_dir / "20250102-000000-000000-scorepad.journal").write_bytes(b"not a journal at all")
    assert store.recent_players("scorepad").names == ("Old", "Timer")
    assert (store.games_dir / "20250102-000000-000000-scorepad.journal").exists(), "left where it is"
    assert store.recent_players("trajan") is None


def test_a_pad_plays_the_seat_it_was_given_and_an_unassigned_pad_does_nothing(tmp_path):
    s = Session(built_games(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "seed": 3, "pads": [2, None]}}))
    assert s.notice is None
    s.handle(ButtonPressed(pad=2, key="plus"))
    assert [p["score"] for p in s.table_view().view["players"]] == [1, 0]
    steps = s.engine.journal.last_step
    s.handle(ButtonPressed(pad=0, key="plus"))
    assert s.notice.level == "info" and s.notice.text == "Pad 1 belongs to no player in this game: the press did nothing."
    assert s.engine.journal.last_step == steps
    assert [s.pad_of_seat(k) for k in range(3)] == [2, None, None], "seat 0's secrets go to pad 3's display"
    s.shutdown()
    resumed = Session(built_games(), JournalStore(tmp_path))
    resumed.handle(Intent("resume"))
    resumed.handle(ButtonPressed(pad=2, key="plus"))
    resumed.handle(ButtonPressed(pad=1, key="plus"))
    assert [p["score"] for p in resumed.table_view().view["players"]] == [2, 0], "the mapping survives a restart"
    assert "Pad 2 belongs to no player" in resumed.notice.text
    resumed.shutdown()


def test_trajan_pad_two_plays_seat_zeros_turn(tmp_path):
    from companion.games import all_rules

    s = Session(all_rules(), JournalStore(tmp_path))
    s.handle(Intent("new_game", {"game": "trajan", "setup": {"players": ["Ann", "Bo"], "colours": ["red", "blue"],
                                                          "start_player": 0, "seed": 4, "pads": [2, 0]}}))
    choices = s.table_view().view["choices"]
    s.handle(ButtonPressed(pad=0, key="ok"))  # Bo's pad: not Bo's turn
    assert s.notice.text == "Seat 2: nothing to enter from this pad now." and s.engine.journal.last_step == 1
    s.handle(ButtonPressed(pad=2, key="plus"))
    assert s.table_view().pad_cursor == {0: 1}, "the cursor belongs to the seat, not the pad"
    s.handle(ButtonPressed(pad=2, key="ok"))
    played = s.history()[1]
    assert played.step == 2 and played.events[0]["tray"] == choices[1]["args"]["tray"]
    s.shutdown()


@pytest.mark.parametrize("pads, words", [
    ([0, 0], "Pad 1 is given to two players."),
    ([0], "Give each of the 2 players a pad or no pad."),
    ([0, -1], "'pads' must list a pad number or nothing per seat"),
    ("0,1", "'pads' must list a pad number or nothing per seat"),
])
def test_a_bad_pad_choice_is_refused_before_any_file_exists(session, tmp_path, pads, words):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "pads": pads}}))
    assert session.notice.level == "refused" and session.notice.rule == "pads" and words in session.notice.text
    assert session.engine is None and not list(tmp_path.rglob("*.journal"))


def test_without_a_pad_choice_pad_k_plays_seat_k_while_there_is_one(tmp_path):
    s = Session(built_games(), JournalStore(tmp_path))
    start(s)
    s.handle(ButtonPressed(pad=2, key="plus"))
    assert s.notice.text == "Pad 3 belongs to no player in this game: the press did nothing."
    s.shutdown()
    resumed = Session(built_games(), JournalStore(tmp_path))
    resumed.handle(Intent("resume"))
    resumed.handle(ButtonPressed(pad=1, key="plus"))
    resumed.handle(ButtonPressed(pad=3, key="plus"))
    assert [p["score"] for p in resumed.table_view().view["players"]] == [0, 1]
    assert "Pad 4 belongs to no player" in resumed.notice.text
    assert [resumed.pad_of_seat(k) for k in range(3)] == [0, 1, None]
    resumed.shutdown()


# -- the dice scanner's facts -------------------------------------------------------------------------

BOOT = "3F2A9C01"


def open_tray(session):
    session.handle(Intent("new_game", {"game": "dicetray", "setup": {}}))
    assert session.notice is None and session.engine.game.id == "dicetray"


def test_scanner_status_and_live_dice_are_kept_in_the_table_view_without_a_game(session):
    views = []
    session.listeners.append(views.append)
    status = ScannerStatus("disconnected", "No scanner at /dev/dice-scanner: plug it in (trying again)", "/dev/dice-scanner")
    session.handle(status)
    assert views[-1].scanner == status and views[-1].game is None
    live = DiceLive(4, (("red", 4, "settled"), ("white", 0, "cocked")), BOOT)
    session.handle(live)
    assert session.table_view().dice_live == live and session.table_view().scanner == status
    assert len(views) == 1  # no game takes dice: a tumbling throw redraws nothing


def test_device_facts_never_wipe_the_notice_of_the_last_action(session):
    open_tray(session)
    session.handle(Intent("undo"))
    assert session.notice.level == "refused"
    session.handle(DiceLive(2, (("red", 3, "rolling"),), BOOT))
    session.handle(ScannerStatus("connected", "ready", "/dev/dice-scanner", "tray-0.4.2", BOOT))
    assert session.notice is not None and session.notice.level == "refused"
    assert session.table_view().notice.level == "refused"


def test_the_dice_tray_is_told_of_every_live_frame_and_records_each_read(session):
    open_tray(session)
    views = []
    session.listeners.append(views.append)
    session.handle(DiceLive(5, (("red", 2, "rolling"),), BOOT))
    session.handle(DiceLive(6, (("red", 4, "settled"),), BOOT))
    session.handle(DiceRead(6, (("red", 4),), BOOT))
    assert [v.dice_live.seq for v in views] == [5, 6, 6]
    last = views[-1].view["last"]
    assert (last["source"], last["boot"], last["seq"], last["dice"]) == ("scanner", BOOT, 6, [["red", 4]])
    assert views[-1].can_undo and session.notice is None


def test_a_live_frame_with_a_fact_queued_behind_it_is_kept_and_told_by_that_fact(session):
    """The scanner sends a throw's last live frame and its settled read back to back: while the read
    waits in the bridge's queue (`more_queued`), the frame is kept but not told on its own; the
    read's tell carries it, so the read reaches the rules one refresh of the view-models sooner."""
    open_tray(session)
    views = []
    session.listeners.append(views.append)
    queue = [DiceRead(6, (("red", 4),), BOOT)]
    session.more_queued = lambda: bool(queue)
    session.handle(DiceLive(6, (("red", 4, "settled"),), BOOT))
    assert views == [] and session.table_view().dice_live.seq == 6
    session.handle(queue.pop())
    assert [(v.dice_live.seq, v.view["last"]["seq"]) for v in views] == [(6, 6)]
    session.handle(DiceLive(7, (("red", 1, "rolling"),), BOOT))  # nothing queued: told at once
    assert [v.dice_live.seq for v in views] == [6, 7]


def test_a_read_already_counted_is_refused_not_journaled_twice(session):
    open_tray(session)
    session.handle(DiceRead(6, (("red", 4),), BOOT))
    step = session.table_view().step
    session.handle(DiceRead(6, (("red", 4),), BOOT))
    assert session.notice.level == "refused" and session.notice.rule == "dice scanner"
    assert session.table_view().step == step and session.table_view().view["count"] == 1


def test_a_game_without_dice_ignores_a_read_and_is_not_redrawn_for_live_frames(session):
    start(session)
    views = []
    session.listeners.append(views.append)
    session.handle(DiceLive(2, (("red", 3, "settled"),), BOOT))
    assert views == []
    session.handle(DiceRead(2, (("red", 3),), BOOT))
    assert session.notice.level == "info" and "ignored" in session.notice.text
    assert views[-1].dice_live.seq == 2


def test_dice_entered_by_hand_are_an_intent_of_the_dice_tray(session):
    open_tray(session)
    session.handle(Intent("enter_dice", {"dice": [["yellow", 6], ["yellow", 1]]}))
    assert session.table_view().view["last"]["source"] == "manual"
    session.handle(Intent("enter_dice", {"dice": [["green", 6]]}))
    assert session.notice.level == "refused" and session.notice.rule == "dice tray input"


def test_the_newest_unfinished_tray_is_found_to_carry_on_with(session):
    assert session.resumable_of("dicetray") is None
    open_tray(session)
    path = session.table_view().journal
    start(session)  # another game opens; the tray's journal stays unfinished
    assert str(session.resumable_of("dicetray").path) == path


def test_device_status_is_still_a_notice(session):
    session.handle(DeviceStatus("status display", "missing"))
    assert session.notice.text == "status display: missing"
