"""The dice tray panel's words, without a window: the scanner's status line for each state (with
the fix when it is missing), whether a throw counted, per-colour totals, history lines; in English
and Chinese."""

from __future__ import annotations

import pytest

from companion.ui.text import i18n
from companion.ui.dice import words
from companion.ui.text.formatting import game_title, players_range
from companion.ui.gameui import game_ui_for
from hardware.facts import SCANNER_REASONS, DiceLive, ScannerStatus


def format_history(entries):
    """The dice tray's history's rows as the app words them: through its GameUI, found by the game's id."""
    return game_ui_for("dicetray").history_rows(entries)


PORT = "/dev/dice-scanner"
BOOT = "3F2A9C01"


def status(state, reason="", firmware="", detail="(the reader's English sentence)", **more):
    return ScannerStatus(state, detail, PORT, firmware, BOOT if firmware else "", reason=reason, **more)


@pytest.mark.parametrize("fact, text, kind", [
    (None, "Looking for the dice scanner...", words.WAIT),
    (status("connected", "", "tray-0.4.2"), "Scanner connected", words.OK),
    (status("connecting"), f"Connecting to the scanner at {PORT}...", words.WAIT),
    (status("connecting", "", "tray-0.4.2"), "Reconnecting to the scanner...", words.WARN),
    (status("disconnected", "missing"), f"No dice scanner at {PORT}: plug it in (trying again)", words.ERROR),
    # A scanner that was there and whose port went with it is waited for.
    (status("disconnected", "missing", "tray-0.4.2"),
     f"Reconnecting... the scanner was unplugged or stopped (trying {PORT} again)", words.WARN),
    (status("disconnected", "lost", "tray-0.4.2"),
     f"Reconnecting... the scanner was unplugged or stopped (trying {PORT} again)", words.WARN),
    (status("disconnected", "permission"),
     f"Not allowed to open {PORT}: add this user to the dialout group, then log in again", words.ERROR),
    (status("disconnected", "permission", "tray-0.4.2"),
     f"Not allowed to open {PORT}: add this user to the dialout group, then log in again", words.ERROR),
    (status("disconnected", "busy"), f"{PORT} is in use by another program: close it", words.ERROR),
    (status("disconnected", "open_error"), f"Cannot open {PORT} (trying again)", words.ERROR),
    (status("disconnected", "failed", "tray-0.4.2"), "The dice scanner reader failed: restart the app", words.ERROR),
    (status("silent", "silent", "tray-0.4.2"), "No word from the scanner: check its cable and power (trying again)",
     words.WARN),
    (status("disconnected", "silent", "tray-0.4.2"),
     "No word from the scanner: check its cable and power (trying again)", words.WARN),
    (status("incompatible", "protocol"), "The scanner speaks another protocol version: update the app or the "
     "scanner's firmware", words.ERROR),
    (status("connected", "device_error", "tray-0.4.2", error="CAM: camera not responding"),
     "The scanner reports a problem: CAM: camera not responding", words.WARN),
    (status("closed"), "The dice scanner is not being read", words.WAIT),
])
def test_the_status_line_for_every_state_and_reason(fact, text, kind):
    assert words.scanner_line(fact) == (text, kind)


@pytest.mark.parametrize("fact, text", [
    # Facts made without a reason (before there was one, or by hand): the state and firmware say enough.
    (ScannerStatus("silent", "…", PORT, "tray-0.4.2"), "No word from the scanner: check its cable and power (trying "
     "again)"),
    (ScannerStatus("incompatible", "…", PORT), "The scanner speaks another protocol version: update the app or the "
     "scanner's firmware"),
    (ScannerStatus("disconnected", "…", PORT, "tray-0.4.2"),
     f"Reconnecting... the scanner was unplugged or stopped (trying {PORT} again)"),
    (ScannerStatus("disconnected", "…", PORT), f"Cannot open {PORT} (trying again)"),
    (ScannerStatus("connected", "…", PORT, "tray-0.4.2", error="CAM: camera not responding"),
     "The scanner reports a problem: CAM: camera not responding"),
])
def test_a_status_without_a_reason_is_worded_from_its_state(fact, text):
    assert words.scanner_line(fact)[0] == text


def test_the_line_never_reads_the_english_detail():
    for reason in SCANNER_REASONS:
        for state in ("connected", "disconnected", "silent"):
            plain = status(state, reason, "tray-0.4.2", error="CAM: x")
            misleading = status(state, reason, "tray-0.4.2", error="CAM: x",
                                detail=f"Not allowed to open {PORT}: is in use by another program, unplugged")
            assert words.scanner_line(plain) == words.scanner_line(misleading)


def test_every_reason_has_a_line_translated_in_both_chinese_catalogs():
    assert set(words.REASON_LINES) == set(SCANNER_REASONS) - {""}
    for language in ("zh-Hans", "zh-Hant"):
        path = i18n.LOCALE_DIR / f"{language.replace('-', '_')}.po"
        catalog = i18n.parse_po(path.read_text(encoding="utf-8"), str(path))
        i18n.set_language(language)
        for reason, (msgid, kind) in words.REASON_LINES.items():
            assert catalog.get(msgid), (language, reason, msgid)
            text, shown_kind = words.scanner_line(status("disconnected", reason, error="CAM: x"))
            assert shown_kind == kind and text == catalog[msgid].format(port=PORT, error="CAM: x"), (language, reason)
            assert text != msgid.format(port=PORT, error="CAM: x"), (language, reason)  # not left in English
    i18n.set_language("en")


def test_the_simulated_twin_is_said():
    assert words.scanner_line(status("connected", "", "companion-sim-1.0"), simulated=True)[0] == \
        "Simulated scanner connected"


def live(seq, *dice):
    return DiceLive(seq, tuple(dice), BOOT)


LAST = {"number": 12, "source": "scanner", "dice": [["red", 4], ["white", 2]], "boot": BOOT, "seq": 20}


def test_the_verdict_says_plainly_whether_the_throw_counted():
    assert words.verdict(None, None) == ("Throw the dice into the tray, or enter them by hand", words.IDLE)
    assert words.verdict(live(20, ("red", 4, "settled"), ("white", 2, "settled")), LAST) == \
        ("Read counted ✓ #12", words.COUNTED)
    assert words.verdict(live(21, ("red", 3, "rolling"), ("white", 0, "cocked")), LAST) == ("Rolling...", words.ROLLING)
    assert words.verdict(live(22, ("red", 3, "settled"), ("white", 0, "cocked")), LAST) == \
        ("Not counted: re-roll the cocked white die", words.PROBLEM)
    assert words.verdict(live(22, ("red", 3, "cocked"), ("yellow", 0, "unreadable"), ("unknown", 4, "settled")),
                         LAST)[0] == ("Not counted: re-roll the cocked red die, the unreadable yellow die, "
                                      "the die of unknown colour")
    # A restarted scanner re-reports the tray: the reader does not count it, the panel says why.
    assert words.verdict(DiceLive(1, (("red", 4, "settled"), ("white", 2, "settled")), "7E00C2B4"), LAST) == \
        ("Same dice as read #12: not counted again", words.SAME)
    assert words.verdict(live(23), LAST) == ("The tray is empty: throw the dice", words.IDLE)
    assert words.verdict(live(24, ("red", 1, "settled")), LAST) == ("Settled: counting...", words.ROLLING)
    assert words.verdict(live(24, ("red", 1, "settled")), LAST, counted_keys={(BOOT, 24)}) == \
        ("This throw was taken back: throw again to count", words.SAME)


def test_dice_entered_by_hand_speak_for_the_tray_until_it_changes():
    manual = {"number": 13, "source": "manual", "dice": [["white", 5]], "boot": "", "seq": 0}
    cocked = live(22, ("white", 0, "cocked"))
    assert words.verdict(cocked, manual, live_is_current=False) == ("Entered by hand ✓ #13", words.COUNTED)
    assert words.verdict(cocked, manual)[1] == words.PROBLEM


def test_totals_count_every_die_and_sum_only_settled_faces():
    rows = words.colour_totals([("yellow", 3, "settled"), ("red", 4, "settled"), ("red", 2, "settled"),
                                ("white", 5, "rolling"), ("white", 1, "settled")])
    assert [r["text"] for r in rows] == ["Red ×2 = 6", "White ×2 = ?", "Yellow ×1 = 3"]
    assert rows[1]["count"] == 2 and rows[1]["sum"] == 1 and not rows[1]["complete"]


class Entry:
    def __init__(self, step, *events, undone=False):
        self.step, self.at, self.events, self.undone = step, "2026-01-01T10:00:00+00:00", events, undone


def test_history_lines_for_reads_and_their_undo():
    entries = [
        Entry(1, {"kind": "dicetray.opened"}),
        Entry(2, {"kind": "dicetray.read", "number": 1, "source": "scanner", "dice": [["red", 4], ["red", 2]],
                  "scanner_read": {"boot": BOOT, "seq": 6, "dice": [["red", 4], ["red", 2]]}}, undone=True),
        Entry(3, {"kind": "core.undo", "step": 2}),
        Entry(4, {"kind": "dicetray.read", "number": 1, "source": "manual", "dice": [["white", 5]]}),
    ]
    texts = [row["text"] for row in format_history(entries)]
    assert texts == ["Dice tray opened.",
                     "Read #1 from the scanner: red\u00a04, red\u00a02 (Red ×2 = 6)",
                     "Undid step 2: Read #1 from the scanner: red\u00a04, red\u00a02 (Red ×2 = 6)",
                     "Read #1 entered by hand: white\u00a05 (White ×1 = 5)"]


def test_the_home_tile_and_chinese_words():
    assert game_title("dicetray") == "Dice tray" and players_range(0, 0) == "For the whole table"
    i18n.set_language("zh-Hans")
    assert game_title("dicetray") == "掷骰盘"
    assert words.verdict(live(22, ("white", 0, "cocked")), LAST)[0] == "未计入：请重掷倾斜的白色骰子"
    assert words.scanner_line(status("disconnected", "missing"))[0] == f"找不到骰子扫描器 {PORT}：请插上它（正在重试）"
    i18n.set_language("zh-Hant")
    assert game_title("dicetray") == "擲骰盤"
    assert words.colour_totals([("red", 4, "settled")])[0]["text"] == "紅色 ×1 = 4"
