"""Words for the dice tray panel: colour names, what a die's mark means, the scanner's status line,
whether the throw counted, per-colour totals and history lines. Pure functions over public data
(`hardware.facts` values and the dice tray's public view), translated with `i18n._`, so every line
the panel shows is tested without a window.

The scanner's own `ScannerStatus.detail` is English (the hardware layer has no catalog) and is for
logs and `companion doctor`: the status line is made here from its `state`, `reason` and `port`.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from companion.ui.text.i18n import N_, _

COLOURS = ("red", "white", "yellow", "black", "unknown")
"""The panel's colour order: Troyes' districts (red Palace, white Bishopric, yellow City Hall),
then its black attack dice; "unknown" for a die the scanner could not place."""

ENTRY_COLOURS = ("red", "white", "yellow", "black")
"""Colours the players can enter by hand (a read never holds an unknown colour)."""

COLOUR_LABELS: Mapping[str, str] = {
    "red": N_("Red"), "white": N_("White"), "yellow": N_("Yellow"), "black": N_("Black"),
    "unknown": N_("Unknown colour"),
}
COLOUR_WORDS: Mapping[str, str] = {"red": N_("red"), "white": N_("white"), "yellow": N_("yellow"),
                                   "black": N_("black")}

MARKS: Mapping[str, str] = {"settled": "", "rolling": "~", "cocked": "⊥", "unreadable": "?"}
"""A die's stability at a glance, beside its colour and pips: rolling ~, cocked ⊥ (leaning),
unreadable ?. Glyphs the bundled CJK fonts carry (⟂ and ✔ are missing from one of them)."""

OK, WAIT, WARN, ERROR = "ok", "wait", "warn", "error"
"""Kinds of status line, for its colour: working, on its way, trouble being retried, needs a hand."""


def colour_label(colour: str) -> str:
    """"Red", for buttons and totals."""
    msgid = COLOUR_LABELS.get(colour)
    return _(msgid) if msgid else colour


def colour_word(colour: str) -> str:
    """"red", inside a sentence ("the cocked red die")."""
    msgid = COLOUR_WORDS.get(colour)
    return _(msgid) if msgid else colour_label(colour)


def die_text(colour: str, face: int) -> str:
    """One die in words: "red 3" (a non-breaking space keeps the face with its colour)."""
    return f"{colour_word(colour)}\u00a0{face}"


def dice_text(dice: Iterable[Sequence[Any]]) -> str:
    return _(", ").join(die_text(str(d[0]), int(d[1])) for d in dice)


# -- the scanner's status line ----------------------------------------------------------------------


REASON_LINES: Mapping[str, tuple[str, str]] = {
    "missing": (N_("No dice scanner at {port}: plug it in (trying again)"), ERROR),
    "permission": (N_("Not allowed to open {port}: add this user to the dialout group, then log in again"), ERROR),
    "busy": (N_("{port} is in use by another program: close it"), ERROR),
    "open_error": (N_("Cannot open {port} (trying again)"), ERROR),
    "lost": (N_("Reconnecting... the scanner was unplugged or stopped (trying {port} again)"), WARN),
    "silent": (N_("No word from the scanner: check its cable and power (trying again)"), WARN),
    "protocol": (N_("The scanner speaks another protocol version: update the app or the scanner's firmware"),
                 ERROR),
    "device_error": (N_("The scanner reports a problem: {error}"), WARN),
    "failed": (N_("The dice scanner reader failed: restart the app"), ERROR),
}
"""(msgid, kind) of the status line for each `hardware.facts.SCANNER_REASONS` value but "" (nothing
wrong: the state alone words it). Templates take {port} and {error}."""

STATE_REASONS: Mapping[str, str] = {"silent": "silent", "incompatible": "protocol"}
"""The reason a state implies when a status carries none (a fact made before reasons, or by hand)."""


def scanner_line(status: Any, simulated: bool = False) -> tuple[str, str]:
    """(text, kind) of the inline status line for a `hardware.facts.ScannerStatus` (None before
    the first report), worded from its `state`, `reason` and `port`, never from its English
    `detail`. A scanner that has said hello before (it has a firmware name) and is away is
    "reconnecting"; one never found is "missing", with the fix."""
    if status is None:
        return _("Looking for the dice scanner..."), WAIT
    state, port = status.state, status.port or "?"
    was_connected = bool(status.firmware)
    reason = getattr(status, "reason", "") or STATE_REASONS.get(state, "")
    if state == "closed":
        return _("The dice scanner is not being read"), WAIT
    if state == "connected" and status.error:
        reason = "device_error"
    if reason == "missing" and was_connected:
        reason = "lost"  # its port went with it: it was there, so it is being waited for
    if not reason:
        if state == "connected":
            return (_("Simulated scanner connected") if simulated else _("Scanner connected")), OK
        if state == "connecting":
            if was_connected:
                return _("Reconnecting to the scanner..."), WARN
            return _("Connecting to the scanner at {port}...").format(port=port), WAIT
        reason = "lost" if was_connected else "open_error"
    template, kind = REASON_LINES.get(reason, REASON_LINES["open_error"])
    return _(template).format(port=port, error=status.error or "?"), kind


# -- whether the throw counted ---------------------------------------------------------------------


COUNTED, PROBLEM, ROLLING, SAME, IDLE = "counted", "problem", "rolling", "same", "idle"
"""Kinds of verdict: counted ✓; a die to re-roll; dice still moving (or a read on its way); the
same dice as a read already counted; nothing thrown yet."""


def problem_phrase(colour: str, what: str) -> str:
    if what == "cocked":
        return _("the cocked {colour} die").format(colour=colour_word(colour))
    if what == "unreadable":
        return _("the unreadable {colour} die").format(colour=colour_word(colour))
    return _("the die of unknown colour")


def counted_text(last: Mapping[str, Any]) -> str:
    number = int(last.get("number", 0))
    if last.get("source") == "manual":
        return _("Entered by hand ✓ #{number}").format(number=number)
    return _("Read counted ✓ #{number}").format(number=number)


def _key(read: Mapping[str, Any] | None) -> tuple[str, int] | None:
    if not read or read.get("source") != "scanner" or not read.get("boot"):
        return None
    return str(read["boot"]), int(read.get("seq", 0))


def verdict(live: Any, last: Mapping[str, Any] | None, *, live_is_current: bool = True,
            counted_keys: Iterable[tuple[str, int]] = ()) -> tuple[str, str]:
    """(text, kind): whether what lies in the tray counted, said plainly.

    `live`: the latest `DiceLive` (None: none yet); `last`: the tray's newest read (its public
    view); `live_is_current`: False when the players entered dice by hand after that frame (the
    frame no longer speaks for the tray's tally); `counted_keys`: (boot, seq) of reads the table
    counted before, so a frame of a read that was since undone is not taken for one on its way."""
    if live is not None and live_is_current:
        key = (live.boot, live.seq)
        if last is not None and _key(last) == key:
            return counted_text(last), COUNTED
        if not live.dice:
            return _("The tray is empty: throw the dice"), IDLE
        if any(state == "rolling" for _colour, _face, state in live.dice):
            return _("Rolling..."), ROLLING
        problems = live.problems
        if problems:
            dice = _(", ").join(problem_phrase(colour, what) for _index, colour, what in problems)
            return _("Not counted: re-roll {dice}").format(dice=dice), PROBLEM
        values = [[colour, face] for colour, face, _state in live.dice]
        if last is not None and [list(d) for d in last.get("dice", ())] == values:
            return _("Same dice as read #{number}: not counted again").format(number=int(last["number"])), SAME
        if live.boot and key in set(counted_keys):
            return _("This throw was taken back: throw again to count"), SAME
        return _("Settled: counting..."), ROLLING
    if last is not None:
        return counted_text(last), COUNTED
    return _("Throw the dice into the tray, or enter them by hand"), IDLE


# -- per-colour totals --------------------------------------------------------------------------------


def colour_totals(dice: Iterable[Sequence[Any]]) -> list[dict[str, Any]]:
    """{colour, count, sum, complete, text} per colour present, in `COLOURS` order, for dice given
    as (colour, face[, state]). The sum counts settled faces only; `complete` is False while a die
    of that colour has no settled face, and the text then says "= ?"."""
    rows = []
    dice = [tuple(d) for d in dice]
    for colour in COLOURS:
        mine = [d for d in dice if d[0] == colour]
        if not mine:
            continue
        settled = [int(d[1]) for d in mine if (len(d) < 3 or d[2] == "settled") and int(d[1]) > 0]
        complete = len(settled) == len(mine)
        total = sum(settled)
        text = _("{colour} ×{count} = {sum}").format(colour=colour_label(colour), count=len(mine),
                                                      sum=total if complete else "?")
        rows.append({"colour": colour, "count": len(mine), "sum": total, "complete": complete, "text": text})
    return rows


# -- history -----------------------------------------------------------------------------------------

START_KIND = "dicetray.opened"


def describe_event(event: Mapping[str, Any], _players: Sequence[str] = ()) -> str:
    """One dice tray event as a history line: which read, from where, its dice and totals."""
    kind = event.get("kind", "")
    if kind == "dicetray.opened":
        return _("Dice tray opened.")
    if kind == "dicetray.finished":
        return _("Dice tray closed.")
    if kind == "dicetray.read":
        dice = list(event.get("dice", ()))
        totals = " · ".join(row["text"] for row in colour_totals(dice))
        template = (_("Read #{number} entered by hand: {dice} ({totals})") if event.get("source") == "manual"
                    else _("Read #{number} from the scanner: {dice} ({totals})"))
        return template.format(number=event.get("number"), dice=dice_text(dice), totals=totals)
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind} {fields}".strip()
