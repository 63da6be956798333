"""The dice tray panel's view-models, without a window: fed TableViews (and the scanner's facts in
them), they show the live frame or the tally's newest read, say whether it counted, and build the
entry by hand."""

from __future__ import annotations

from companion.games.dicetray.events import TrayOpened
from companion.games.dicetray.rules import DICETRAY
from companion.session import Intent, Notice, TableView
from companion.ui.dice.model import DiceTrayViewModel, ManualEntryModel
from hardware.facts import DiceLive, ScannerStatus

BOOT = "3F2A9C01"
CONNECTED = ScannerStatus("connected", "ready", "/dev/dice-scanner", "tray-0.4.2", BOOT)
TRAY_ASK = DICETRAY.asks(DICETRAY.apply(DICETRAY.initial_state(), TrayOpened()))[0]
"""The open tray's ask for dice, which the entry by hand answers."""


def table(last=None, count=0, live=None, scanner=CONNECTED, notice=None, can_undo=False, game="dicetray"):
    view = {"game": game, "phase": "open", "finished": False, "players": [], "count": count, "last": last,
            "recent": [last] if last else []}
    return TableView(game, view, can_undo, False, False, notice, "/tmp/x.journal", count + 1,
                     scanner=scanner, dice_live=live, asks=(TRAY_ASK,) if game == "dicetray" else ())


def read(number, seq, *dice, source="scanner"):
    return {"number": number, "source": source, "dice": [list(d) for d in dice],
            "boot": BOOT if source == "scanner" else "", "seq": seq if source == "scanner" else 0}


def test_a_throw_shows_live_then_counted():
    vm = DiceTrayViewModel()
    vm.update(table())
    assert vm.active and vm.dice == [] and vm.status_text == "Scanner connected"
    rolling = DiceLive(5, (("red", 2, "rolling"), ("white", 0, "rolling")), BOOT)
    vm.update(table(live=rolling))
    assert [(d["colour"], d["state"], d["mark"]) for d in vm.dice] == [("red", "rolling", "~"), ("white", "rolling", "~")]
    assert vm.verdict_text == "Rolling..." and [t["text"] for t in vm.totals] == ["Red ×1 = ?", "White ×1 = ?"]
    settled = DiceLive(6, (("red", 4, "settled"), ("white", 2, "settled")), BOOT)
    vm.update(table(live=settled))
    vm.update(table(read(1, 6, ("red", 4), ("white", 2)), 1, settled, can_undo=True))
    assert vm.verdict_text == "Read counted ✓ #1" and vm.verdict_kind == "counted"
    assert [t["text"] for t in vm.totals] == ["Red ×1 = 4", "White ×1 = 2"]
    assert vm.can_undo and vm.hint == "Reads counted: 1"


def test_a_cocked_die_is_marked_and_named():
    vm = DiceTrayViewModel()
    cocked = DiceLive(9, (("red", 4, "settled"), ("white", 0, "cocked")), BOOT)
    vm.update(table(live=cocked))
    assert vm.dice[1]["mark"] == "⊥" and vm.has_problem
    assert vm.verdict_text == "Not counted: re-roll the cocked white die" and vm.verdict_kind == "problem"
    vm.set_simulated(True)
    assert vm.roll_text == "Re-roll (simulated)"


def test_after_a_restart_the_tally_shows_the_last_read_until_a_frame_comes():
    vm = DiceTrayViewModel()
    vm.update(table(read(4, 30, ("yellow", 6)), 4, live=None, scanner=None))
    assert [(d["colour"], d["face"]) for d in vm.dice] == [("yellow", 6)]
    assert vm.verdict_text == "Read counted ✓ #4" and vm.status_text == "Looking for the dice scanner..."


def test_dice_by_hand_speak_for_the_tray_until_the_scanner_sees_a_change():
    vm = DiceTrayViewModel()
    cocked = DiceLive(9, (("red", 4, "settled"), ("white", 0, "cocked")), BOOT)
    vm.update(table(live=cocked))
    vm.update(table(read(1, 0, ("red", 4), ("white", 3), source="manual"), 1, live=cocked))
    assert vm.verdict_text == "Entered by hand ✓ #1" and [d["face"] for d in vm.dice] == [4, 3]
    vm.update(table(read(1, 0, ("red", 4), ("white", 3), source="manual"), 1,
                    live=DiceLive(10, (("red", 1, "rolling"),), BOOT)))
    assert vm.verdict_text == "Rolling..."


def test_notices_and_other_games():
    vm = DiceTrayViewModel()
    vm.update(table(notice=Notice("refused", "Nothing to undo: the setup of the game stays.", {}, "undo")))
    assert vm.notice_level == "refused" and vm.notice_text.startswith("Nothing to undo")
    vm.update(table(game="scorepad"))
    assert not vm.active and vm.count == 0


def test_entry_by_hand_is_a_colour_then_faces():
    entry = ManualEntryModel()
    assert not entry.can_count and entry.intent(TRAY_ASK) is None
    entry.face(3)
    entry.face(5)
    entry.choose("white")
    entry.face(2)
    assert entry.intent(TRAY_ASK) == Intent("enter_dice", {"dice": [["red", 3], ["red", 5], ["white", 2]]})
    entry.back()
    assert entry.prompt == "red\u00a03, red\u00a05"
    entry.choose("green")  # not a colour to enter: nothing changes
    assert entry.colour == "white"
    entry.clear()
    assert entry.draft == [] and not entry.can_count


def test_tapping_a_die_starts_a_correction_from_the_tray():
    vm = DiceTrayViewModel()
    vm.update(table(live=DiceLive(9, (("red", 4, "settled"), ("white", 0, "cocked"), ("yellow", 6, "settled")), BOOT)))
    entry = ManualEntryModel()
    entry.take_tray(vm.dice, 1)
    assert entry.colour == "white" and [(d["colour"], d["face"]) for d in entry.draft] == [("red", 4), ("yellow", 6)]
    entry.face(3)
    assert entry.intent(vm.ask).args["dice"] == [["red", 4], ["yellow", 6], ["white", 3]]
