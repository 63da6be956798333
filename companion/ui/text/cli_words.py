"""The words of the terminal commands (`companion replay`, `companion doctor`), kept with the
other catalogs' sources so the translation tools find them, and the one helper they share:
padding to terminal columns, where a CJK character takes two. No Kivy here."""

from __future__ import annotations

import unicodedata

from companion.ui.text.i18n import N_

# -- companion replay
JOURNAL = N_("journal:  {path}")
GAME = N_("game:     {game}  (started {created})")
STATUS = N_("status:   {state}, {steps} steps ({undone} undone)")
FINISHED, UNFINISHED = N_("finished"), N_("unfinished")
TABLE_HEAD = (N_("place"), N_("player"), N_("score"))
REPLAY_PROBLEM = N_("companion replay: {problem}")

# -- companion (run), when the game it was to resume cannot be
COULD_NOT_RESUME_PATH = N_("companion: could not resume {path}: {reason}")
COULD_NOT_RESUME = N_("companion: could not resume: {reason}")


def columns(text: str) -> int:
    """Columns `text` takes in a terminal: a wide (CJK) character takes two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in str(text))


def pad_columns(text: str, width: int, right: bool = False) -> str:
    """`text` padded to `width` terminal columns, on the right (or, `right`, on the left)."""
    space = " " * max(0, width - columns(text))
    return f"{space}{text}" if right else f"{text}{space}"

# -- companion doctor
DOCTOR_TITLE = N_("companion doctor")
DOCTOR_HEAD = (N_("check"), N_("status"), N_("detail"))
DOCTOR_FIX = N_("fix: {fix}")
#: A check's name as the doctor reports it → its words; "seat {n} …" rows by their pattern.
CHECKS = {
    "config": N_("config"), "board": N_("board"), "display": N_("display"), "touchscreen": N_("touchscreen"),
    "CJK font": N_("CJK font"), "pads": N_("pads"), "gpio": N_("gpio"), "dice scanner": N_("dice scanner"),
    "scanner handshake": N_("scanner handshake"), "status display": N_("status display"),
    "udev rules": N_("udev rules"), "speech": N_("speech"), "audio out": N_("audio out"),
    "data dir": N_("data dir"), "journals": N_("journals"),
}
SEAT_CHECKS = {"OLED": N_("seat {n} OLED"), "buttons": N_("seat {n} buttons")}
#: hardware.detect's statuses → their words.
STATUS_WORDS = {"found": N_("found"), "simulated": N_("simulated"), "missing": N_("missing"), "fail": N_("fail"),
                "ok": N_("ok"), "warn": N_("warn"), "skip": N_("skip")}
ONE_PROBLEM = N_("1 problem to fix before companion can run as configured: {names}.")
PROBLEMS = N_("{n} problems to fix before companion can run as configured: {names}.")
NOTHING_STOPS = N_("Nothing stops companion from running as configured.")
NOTHING_STOPS_SIMULATED = N_("Nothing stops companion from running as configured; simulated: {names}.")
WORTH_A_LOOK = N_("Worth a look: {names}.")


def check_name(name: str) -> str:
    """A check's name in the current language (an unknown one as it is)."""
    from companion.ui.text.i18n import _

    if name in CHECKS:
        return _(CHECKS[name])
    parts = name.split(" ")
    if len(parts) == 3 and parts[0] == "seat" and parts[1].isdigit() and parts[2] in SEAT_CHECKS:
        return _(SEAT_CHECKS[parts[2]]).format(n=parts[1])
    return name
