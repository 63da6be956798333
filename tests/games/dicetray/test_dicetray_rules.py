"""Dice tray rules: every accepted read is one journaled step with what replay needs (dice, and a
scanner read's boot and seq), refusals name what is wrong, undo takes a read back, a resumed
journal is the live state, and the public events tell a restarted app which scanner read it saw."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.asks import dice_ask, read_answer
from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.dicetray import commands as c
from companion.games.dicetray.rules import DICETRAY
from companion.games.dicetray.view import colour_totals


@dataclasses.dataclass(frozen=True)
class Read:
    """A DiceRead's shape (the game reads attributes; it imports nothing from hardware)."""

    seq: int
    dice: tuple
    boot: str = ""


@pytest.fixture
def engine(tmp_path):
    journal = Journal.create(tmp_path / "tray.journal", "dicetray")
    eng = Engine(DICETRAY, journal)
    eng.execute(DICETRAY.parse_command("setup", {"seed": 5}))
    yield eng
    journal.close()


def scanner_command(state, read):
    """What a scanner read becomes: the answer to the tray's ask for dice (`core.asks.read_answer`,
    as the session posts it), or None when the tray asks for none."""
    ask = dice_ask(DICETRAY.asks(state))
    return None if ask is None else DICETRAY.parse_command(*read_answer(ask, read))


def record(engine, seq, dice, boot="3F2A9C01"):
    command = scanner_command(engine.state, Read(seq, dice, boot))
    assert command is not None
    return engine.execute(command)


def test_a_scanner_read_and_dice_by_hand_are_numbered_reads(engine):
    record(engine, 6, (("red", 4), ("red", 2), ("white", 2), ("yellow", 3)))
    engine.execute(DICETRAY.parse_command("enter_dice", {"dice": [["black", 5], ["white", 1]]}))
    view = engine.view()
    assert view["count"] == 2 and view["players"] == []
    assert view["last"] == {"number": 2, "source": "manual", "dice": [["black", 5], ["white", 1]], "boot": "", "seq": 0}
    assert [r["number"] for r in view["recent"]] == [2, 1]
    assert view["recent"][1] == {"number": 1, "source": "scanner", "dice": [["red", 4], ["red", 2], ["white", 2],
                                                                          ["yellow", 3]], "boot": "3F2A9C01", "seq": 6}


def test_the_same_scanner_read_is_never_counted_twice(engine):
    record(engine, 6, (("red", 4),))
    with pytest.raises(IllegalCommand) as refused:
        record(engine, 6, (("red", 4),))
    assert refused.value.rule == "dice scanner" and "6" in refused.value.message
    record(engine, 6, (("red", 4),), boot="7E00C2B4")  # a restarted scanner numbers from 1 again: new boot
    record(engine, 7, (("red", 4),))
    assert engine.view()["count"] == 3


def test_scripted_reads_without_a_boot_carry_no_identity_and_are_all_counted(engine):
    record(engine, 1, (("red", 3),), boot="")
    record(engine, 1, (("red", 3),), boot="")
    assert engine.view()["count"] == 2


@pytest.mark.parametrize("dice, words", [
    ([], "at least one die"),
    ([["green", 3]], "red, white, yellow or black"),
    ([["unknown", 3]], "red, white, yellow or black"),
    ([["red", 7]], "1 to 6"),
    ([["red", 0]], "1 to 6"),
    ([["red", 1]] * 33, "at most 32"),
])
def test_dice_by_hand_are_checked(engine, dice, words):
    with pytest.raises(IllegalCommand) as refused:
        engine.execute(DICETRAY.parse_command("enter_dice", {"dice": dice}))
    assert words in refused.value.message
    assert engine.view()["count"] == 0


@pytest.mark.parametrize("value", [None, "red 3", [["red"]], [["red", "3"]], [["red", True]], [[3, "red"]]])
def test_a_malformed_entry_names_the_field(value):
    with pytest.raises(IllegalCommand) as refused:
        DICETRAY.parse_command("enter_dice", {"dice": value})
    assert refused.value.params == {"field": "dice"}


def test_undo_takes_a_read_back_and_the_next_read_takes_its_number(engine):
    record(engine, 6, (("red", 4),))
    record(engine, 9, (("white", 2),))
    engine.undo()
    assert engine.view()["count"] == 1 and engine.view()["last"]["seq"] == 6
    engine.execute(DICETRAY.parse_command("enter_dice", {"dice": [["yellow", 6]]}))
    assert engine.view()["last"]["number"] == 2


def test_the_setup_stays_and_a_finished_tray_takes_no_reads(engine):
    assert not engine.can_undo
    engine.execute(DICETRAY.parse_command("finish", {}))
    assert engine.is_finished
    assert scanner_command(engine.state, Read(3, (("red", 1),), "AB")) is None
    with pytest.raises(IllegalCommand):
        engine.execute(c.EnterDice((("red", 1),)))


def test_the_public_events_carry_the_scanner_read_for_a_restart(engine):
    record(engine, 6, (("red", 4),))
    engine.execute(DICETRAY.parse_command("enter_dice", {"dice": [["white", 2]]}))
    events = [e for entry in engine.history() for e in entry.events]
    read, manual = events[1], events[2]
    assert read["scanner_read"] == {"boot": "3F2A9C01", "seq": 6, "dice": [["red", 4]]}
    assert "scanner_read" not in manual and manual["source"] == "manual"


def test_a_read_is_entered_again_after_a_correction(engine):
    record(engine, 6, (("red", 4),))
    engine.execute(DICETRAY.parse_command("enter_dice", {"dice": [["white", 2]]}))
    engine.correct(2, c.EnterDice((("red", 5),)))  # the first read was really a red 5 (by hand)
    view = engine.view()
    assert [(r["source"], r["dice"]) for r in view["recent"]] == [("manual", [["white", 2]]), ("manual", [["red", 5]])]


def test_totals_and_the_replay_summary():
    assert colour_totals([["red", 4], ["white", 2], ["red", 2], ["black", 6]]) == \
        [("red", 2, 6), ("white", 1, 2), ("black", 1, 6)]
    text = DICETRAY.summary_text({"count": 1, "finished": False, "recent": [
        {"number": 1, "source": "scanner", "dice": [["red", 4], ["red", 2]], "boot": "AB", "seq": 3}]})
    assert "Dice tray (open): 1 read(s)" in text and "#1 (scanner): red 4, red 2  [red ×2 = 6]" in text


def test_a_pad_press_means_nothing_here(engine):
    assert DICETRAY.command_for_button(engine.state, 0, "ok") is None
