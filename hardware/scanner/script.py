"""The simulator's command language: one command per line, for scripted sessions (a file), typed
at `scanner-sim`'s prompt, or sent by a program (`run_command`). docs/scanner.md lists them;
`COMMANDS` is the list the parser and that page share.

    # a Troyes round: three dice, a cocked one, a bad cable
    dice red red white yellow
    roll
    wait 2
    roll red:6 white:cocked yellow:2
    wait 1
    nudge
    once drop D          # lose the next dice frame on the wire
    fault corrupt=0.05   # from now on, one line in twenty damaged
    unplug 1.5           # power and data gone for 1.5 s: it boots again
    quit
"""

from __future__ import annotations

import dataclasses
import threading
from pathlib import Path
from typing import Iterable

from hardware.scanner.faults import FAULT_KINDS, LINE_TYPES, FaultRates
from hardware.scanner.ptyhost import PtyScanner
from hardware.scanner.twin import parse_dice

COMMANDS = {
    "roll": "roll [DIE ...]  throw these dice (default: the dice set); DIE is colour[:face|:cocked|:unreadable]",
    "tray": "tray DIE ...  set dice down by hand: one settled frame, no tumbling",
    "clear": "clear  empty the tray",
    "nudge": "nudge  re-roll the cocked and unreadable dice",
    "dice": "dice DIE ...  the dice set that `roll` and --auto throw",
    "wait": "wait SECONDS  pause the script",
    "error": "error CODE TEXT  the scanner reports a problem (e.g. error CAM camera not responding)",
    "fault": "fault [corrupt=P] [drop=P] [duplicate=P] [garbage=P] | fault off  random damage per line",
    "once": f"once {'|'.join(FAULT_KINDS)} [{'|'.join(LINE_TYPES)}]  damage the next such line (default D)",
    "garbage": "garbage N  N random bytes on the line",
    "mute": "mute SECONDS  the firmware hangs: no heartbeat, no answers",
    "disconnect": "disconnect SECONDS  cable out, scanner still powered (its numbering goes on)",
    "unplug": "unplug SECONDS  power and cable out: it boots again (new boot id)",
    "restart": "restart  reboot in place (new boot id)",
    "quit": "quit  stop the simulator",
}


class ScriptError(ValueError):
    """A script line that cannot be run; `line` is its number (1-based) in the file."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line


@dataclasses.dataclass(frozen=True)
class Step:
    verb: str
    args: tuple[str, ...]
    line: int = 0


def _seconds(step: Step) -> float:
    if len(step.args) != 1:
        raise ScriptError(step.line, f"{step.verb} takes SECONDS")
    try:
        value = float(step.args[0])
    except ValueError:
        raise ScriptError(step.line, f"{step.verb}: {step.args[0]!r} is not a number of seconds") from None
    if value < 0:
        raise ScriptError(step.line, f"{step.verb}: seconds cannot be negative")
    return value


def parse_step(text: str, line: int = 0) -> Step | None:
    """One line → a checked Step (None for a blank line or a comment)."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    step = Step(words[0].lower(), tuple(words[1:]), line)
    verb, args = step.verb, step.args
    if verb not in COMMANDS:
        raise ScriptError(line, f"unknown command {verb!r} (commands: {', '.join(COMMANDS)})")
    try:
        if verb in ("roll", "tray", "dice"):
            if verb != "roll" and not args:
                raise ValueError(f"{verb} needs dice")
            parse_dice(args)
        elif verb in ("wait", "mute", "disconnect", "unplug"):
            _seconds(step)
        elif verb == "fault":
            FaultRates.parse(list(args))
        elif verb == "once":
            if not 1 <= len(args) <= 2 or args[0] not in FAULT_KINDS or (len(args) == 2 and args[1] not in LINE_TYPES):
                raise ValueError(COMMANDS["once"])
        elif verb == "garbage":
            if len(args) != 1 or not args[0].isdigit():
                raise ValueError(COMMANDS["garbage"])
        elif verb == "error":
            if len(args) < 2:
                raise ValueError(COMMANDS["error"])
        elif args:
            raise ValueError(f"{verb} takes nothing after it")
    except ValueError as exc:
        raise ScriptError(line, str(exc)) from None
    return step


def parse_script(text: str) -> list[Step]:
    """Every command of a script, checked before anything runs (a typo fails at once, not midway)."""
    steps = []
    for number, line in enumerate(text.splitlines(), 1):
        step = parse_step(line, number)
        if step is not None:
            steps.append(step)
    return steps


def load_script(path: str | Path) -> list[Step]:
    return parse_script(Path(path).read_text(encoding="utf-8"))


def run_step(sim: PtyScanner, step: Step, stop: threading.Event | None = None) -> bool:
    """Does one step (a `wait` waits, ending early when `stop` is set). False after `quit`."""
    verb, args = step.verb, step.args
    if verb == "quit":
        return False
    if verb == "wait":
        (stop or threading.Event()).wait(_seconds(step))
    elif verb == "roll":
        sim.roll(parse_dice(args) or None)
    elif verb == "tray":
        sim.place(parse_dice(args))
    elif verb == "clear":
        sim.clear()
    elif verb == "nudge":
        sim.nudge()
    elif verb == "dice":
        dice = parse_dice(args)
        sim.query(lambda now: setattr(sim.twin, "dice_set", dice))
    elif verb == "error":
        sim.error(args[0], " ".join(args[1:]))
    elif verb == "fault":
        sim.set_faults(FaultRates.parse(list(args)))
    elif verb == "once":
        sim.once(args[0], args[1] if len(args) > 1 else "D")
    elif verb == "garbage":
        sim.garbage(int(args[0]))
    elif verb == "mute":
        sim.mute(_seconds(step))
    elif verb == "disconnect":
        sim.disconnect(_seconds(step))
    elif verb == "unplug":
        sim.unplug(_seconds(step))
    elif verb == "restart":
        sim.restart()
    return True


def run_command(sim: PtyScanner, text: str) -> bool:
    """Parses and runs one command line. False after `quit`. Raises ScriptError."""
    step = parse_step(text)
    return True if step is None else run_step(sim, step)


def play(sim: PtyScanner, steps: Iterable[Step], stop: threading.Event | None = None) -> bool:
    """Runs steps in order in this thread. False if the script said `quit` (or `stop` was set)."""
    for step in steps:
        if stop is not None and stop.is_set():
            return False
        if not run_step(sim, step, stop):
            return False
    return True
