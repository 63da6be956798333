"""What the session takes in, checked before it means anything: a fact or an intent of the wrong
shape becomes a refusal naming its field, so `Session.handle` never raises for bad input.

A hardware fact is built by an adapter, but the session does not take that on trust: a fact can
come from an input script, a simulated twin or a future adapter with a bug, and one bad value
(a pad numbered "2", a die with no face) must not stop the table. Each fact is checked against
what `hardware.facts` documents for it (its keys, colours, faces, states and reasons), and an
intent's envelope (its name, its args, `automatic`) before the session or a game reads its fields.
The fields of an intent's args are the reader's business (`companion.core.intent_args`).
"""

from __future__ import annotations

from typing import Any, Callable

from companion.core.errors import IllegalCommand
from companion.core.intent_args import (
    as_choice, as_flag, as_mapping, as_shaped, as_text, as_whole, list_of, one_of, record, whole_in)
from hardware.facts import (
    DIE_COLOURS, DIE_STATES, PRESS_KEYS, SCANNER_REASONS, SCANNER_STATES, ButtonPressed, DeviceStatus, DiceLive,
    DiceRead, ScannerStatus)

INPUT = "input"
PAD_PRESS = "pad press"
DICE_READ = "dice read"
LIVE_DICE = "live dice"
SCANNER_STATUS = "scanner status"
DEVICE_STATUS = "device status"

UNKNOWN_FACT = "The app cannot take in a {kind}: it is neither an intent nor a device's report."
SETTLED_DICE = "'{field}' must list each die as its colour and its face, 1 to 6, got {value}"
SEEN_DICE = "'{field}' must list each die as its colour, its face (0 to 6) and how it lies, got {value}"

#: A settled die has a known colour ("unknown" never settles: `hardware.facts.DiceLive.is_settled`).
_SETTLED = list_of(record(one_of(c for c in DIE_COLOURS if c != "unknown"), whole_in(1, 6)))
_SEEN = list_of(record(one_of(DIE_COLOURS), whole_in(0, 6), one_of(DIE_STATES)))


def check_intent(name: Any, args: Any, automatic: Any) -> None:
    """An intent's envelope: a text name, args by name, `automatic` true or false."""
    as_text(name, "name", INPUT)
    as_mapping(args, "args", INPUT)
    as_flag(automatic, "automatic", INPUT)


def _button(fact: ButtonPressed) -> None:
    as_whole(fact.pad, "pad", PAD_PRESS, low=0)
    as_choice(fact.key, "key", PAD_PRESS, PRESS_KEYS)


def _read(fact: DiceRead) -> None:
    as_whole(fact.seq, "seq", DICE_READ, low=0)
    as_shaped(fact.dice, "dice", DICE_READ, _SETTLED, SETTLED_DICE)
    as_text(fact.boot, "boot", DICE_READ)


def _live(fact: DiceLive) -> None:
    as_whole(fact.seq, "seq", LIVE_DICE, low=0)
    as_shaped(fact.dice, "dice", LIVE_DICE, _SEEN, SEEN_DICE)
    as_text(fact.boot, "boot", LIVE_DICE)


def _scanner(fact: ScannerStatus) -> None:
    # `ScannerStatus` checks its state and reason when built; a copy made otherwise is checked here.
    as_choice(fact.state, "state", SCANNER_STATUS, SCANNER_STATES)
    as_choice(fact.reason, "reason", SCANNER_STATUS, SCANNER_REASONS)
    for field in ("detail", "port", "firmware", "boot", "error"):
        as_text(getattr(fact, field), field, SCANNER_STATUS)
    for field in ("missed", "duplicates", "rejected"):
        as_whole(getattr(fact, field), field, SCANNER_STATUS, low=0)


def _device(fact: DeviceStatus) -> None:
    for field in ("device", "status", "detail"):
        as_text(getattr(fact, field), field, DEVICE_STATUS)
    if fact.pad is not None:
        as_whole(fact.pad, "pad", DEVICE_STATUS, low=0)


_CHECKS: dict[type, Callable[[Any], None]] = {
    ButtonPressed: _button, DiceRead: _read, DiceLive: _live, ScannerStatus: _scanner, DeviceStatus: _device,
}


def check_fact(fact: object) -> None:
    """Refuses (`IllegalCommand` naming the field and the fact's rule) a hardware fact whose fields
    are not what `hardware.facts` says they are, and anything that is no fact the session knows.
    An `Intent` is checked by `check_intent` (the session's own class, not imported here)."""
    check = next((check for kind, check in _CHECKS.items() if isinstance(fact, kind)), None)
    if check is None:
        raise IllegalCommand(INPUT, UNKNOWN_FACT, kind=type(fact).__name__)
    check(fact)
