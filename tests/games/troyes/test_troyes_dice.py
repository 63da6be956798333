"""Troyes dice from the scanner (digest 2.2 phase 2, S004 三–四): the view asks for each district's
throw; a read whose colour counts are what a district is due is its throw with no tap, the neutral
dice last; a read that fits nothing is refused naming the rule; black dice and a rerolled die are
reads too; entry by hand answers the same ask."""

from __future__ import annotations

from pathlib import Path

from companion.core.asks import Ask
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.troyes import rules_data as R
from companion.games.troyes.rules import TROYES
from companion.session import DiceRead, Intent, Session
from troyes_helpers import NAMES, at_actions, place_all, play, refused, reveal_round, seat, set_up, table

N = R.NEUTRAL


def at_dice(players=3):
    return reveal_round(place_all(set_up(players)))


def read(dice, seq=1):
    return DiceRead(seq=seq, dice=tuple(dice), boot="b1")


def test_the_view_asks_for_the_next_district_and_lists_every_pending_one():
    state = at_dice()
    assert state.phase == "dice"
    ask = TROYES.view(state)["ask"]
    assert ask["kind"] == "troyes.throw" and ask["field"] == "dice" and ask["about"]["district"] == 0
    assert [p["district"] for p in ask["about"]["pending"]] == [0, 1, 2, N]
    assert Ask(**{k: tuple(v) if k == "options" else v for k, v in ask.items()}).answered([["red", 2]])[0] == "throw"


def test_a_read_matching_a_seats_due_dice_is_that_seats_throw():
    state = at_dice()
    due = TROYES.view(state)["ask"]["about"]["pending"][1]["due"]  # seat 1's dice, thrown before seat 0's
    dice = [(colour, 4) for colour, n in due.items() for _ in range(n)]
    command = TROYES.command_for_dice(state, read(dice))
    matches = [d for d, dd in ((p["district"], p["due"]) for p in TROYES.view(state)["ask"]["about"]["pending"]) if dd == due]
    assert command.district == matches[0] and command.source == "scanner"
    after = play(state, "throw", district=command.district, dice=[list(d) for d in dice])
    assert sorted(d for d in after.square if d[0] == command.district) == sorted((command.district, c, f) for c, f in dice)


def test_neutral_dice_are_assigned_only_once_every_seat_has_thrown():
    state = at_dice()
    pending = {p["district"]: p["due"] for p in TROYES.view(state)["ask"]["about"]["pending"]}
    grey = [(colour, 1) for colour, n in pending[N].items() for _ in range(n)]
    if all(pending[s] != pending[N] for s in range(3)):
        assert TROYES.command_for_dice(state, read(grey)).district is None
    exc = refused(state, "throw", district=N, dice=[list(d) for d in grey])
    assert exc.rule == "Troyes 2.2 dice" and "last" in exc.template
    for s in range(3):
        state = play(state, "throw", district=s, dice=[[c, 2] for c, n in pending[s].items() for _ in range(n)])
    assert TROYES.command_for_dice(state, read(grey)).district == N
    state = play(state, "throw", district=N, dice=[list(d) for d in grey])
    assert state.phase == "event_draw"


def test_two_seats_due_the_same_dice_take_reads_in_turn_order():
    built = (((0, 1, 2) + (N,) * 3), (N,) * 6, (N,) * 6)  # each seat one citizen in the Palace
    state = table(at_dice(), buildings=built, thrown=(), square=())
    assert TROYES.command_for_dice(state, read([("red", 5)])).district == 0
    state = play(state, "throw", district=0, dice=[["red", 5]])
    assert TROYES.command_for_dice(state, read([("red", 2)])).district == 1


def test_a_read_that_fits_no_district_is_refused_naming_the_rule():
    state = at_dice()
    command = TROYES.command_for_dice(state, read([("red", 1)] * 5))
    exc = refused(state, "throw", dice=[["red", 1]] * 5)
    assert command.district is None and exc.rule == "Troyes 2.2 dice"
    assert refused(state, "throw", district=0, dice=[["red", 1]] * 5).template == "That district throws {due}, not {read}."


def test_a_throw_posted_without_its_dice_asks_for_them():
    from companion.core.asks import AnswerNeeded
    import pytest

    with pytest.raises(AnswerNeeded) as info:
        TROYES.decide(at_dice(), TROYES.parse_command("throw", {"district": 0}))
    assert info.value.ask.kind == "troyes.throw" and info.value.ask.field == "dice"


def test_reads_are_ignored_when_nothing_waits_for_dice():
    assert TROYES.command_for_dice(set_up(3), read([("red", 1)])) is None
    assert TROYES.command_for_dice(at_actions(3), read([("red", 1)])) is None


def test_black_dice_are_a_read_and_sorted_high_to_low():
    state = table(at_actions(3), phase="black_throw", black_due=3, current=0)
    command = TROYES.command_for_dice(state, read([("black", 2), ("black", 6), ("black", 4)]))
    assert command.dice == (2, 6, 4)
    mixed = TROYES.command_for_dice(state, read([("black", 2), ("red", 6)]))
    assert refused(state, "throw", dice=[list(d) for d in mixed.dice]).params == {"read": "1 red, 1 black",
                                                                              "read_counts": {"red": 1, "black": 1}}
    after = play(state, "throw_black", dice=list(command.dice))
    assert after.black == (6, 4, 2) and after.phase == "counter" and after.current == after.start_player
    assert refused(state, "throw_black", dice=[1, 2]).params == {"count": 3, "given": 2}


def test_no_more_than_the_boxs_six_black_dice_are_thrown():
    state = table(at_actions(3), phase="black_throw", black_due=9)
    assert TROYES.view(state)["ask"]["about"]["count"] == 6


def test_a_reroll_is_a_one_die_read_of_its_colour():
    state = seat(table(at_actions(3), square=[(0, "white", 1), (1, "red", 3)], current=0), 0, influence=3)
    state = play(state, "reroll", die=["white", 1])
    assert state.reroll == (0, "white") and state.player(0).influence == 2 and (0, "white", 1) not in state.square
    ask = TROYES.view(state)["ask"]
    assert ask["kind"] == "troyes.reroll" and ask["who"] == 0 and ask["about"]["colour"] == "white"
    assert refused(state, "agriculture", dice=[[1, "red", 3]]).rule == "Troyes 2.2 actions"
    wrong = TROYES.command_for_dice(state, read([("red", 4)]))
    exc = refused(state, "throw", dice=[list(d) for d in wrong.dice])
    assert exc.rule == "Troyes 2.3 influence" and exc.params == {"colour": "white", "read": "1 red", "read_counts": {"red": 1}}
    command = TROYES.command_for_dice(state, read([("white", 6)]))
    after = play(state, "rerolled", face=command.face)
    assert (0, "white", 6) in after.square and after.reroll is None and after.current == 0


def test_a_whole_round_of_throws_by_the_scanner_through_the_session(tmp_path: Path):
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": list(NAMES[:3]), "seed": 2,
                                                                     "start_player": 0}}))
    while session.table_view().view["phase"] == "placement":
        building, space = session.table_view().view["placement"]["free"][0]
        session.handle(Intent("place_start", {"building": building, "space": space}))
    session.handle(Intent("reveal_activity", {}))  # posted without the card: the answer is asked for
    assert session.table_view().ask.kind == "troyes.activity_revealed"
    while session.table_view().view["phase"] == "reveal":
        session.handle(Intent("reveal_activity", {}))
        session.handle(Intent("answer", {"value": session.table_view().ask.options[0]}))
    seq = 0
    while session.table_view().view["phase"] == "dice":
        pending = session.table_view().view["ask"]["about"]["pending"]
        due = pending[-1]["due"] if len(pending) > 1 and pending[-1]["district"] != N else pending[0]["due"]
        seq += 1
        session.handle(DiceRead(seq=seq, dice=tuple((c, 3) for c, n in due.items() for _ in range(n)), boot="b"))
        assert session.notice is None, session.notice
    view = session.table_view().view
    assert view["phase"] == "event_draw" and len(view["square"]) == 18
    history = session.history()
    reads_seen = [e["scanner_read"]["seq"] for h in history for e in h.events if "scanner_read" in e]
    assert reads_seen == list(range(1, seq + 1))
    session.handle(DiceRead(seq=99, dice=(("red", 1),), boot="b"))
    assert session.notice.level == "info"  # nothing waits for dice now
    session.shutdown()
