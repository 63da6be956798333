"""The dice tray's demo (`DiceTrayUI.demo`): a tray in each state its documentation pictures,
reached by the facts a scanner sends (status, live frames, reads) and one entry by hand. The
scanner's facts come through `companion.session`, as the UI's every fact does."""

from __future__ import annotations

from typing import Any

from companion.session import DiceLive, DiceRead, Intent, ScannerStatus
from companion.ui.dice.model import GAME
from companion.ui.gamedemo import DemoTable, GameDemo, Prepare

#: Dice tumbling, a read counted, a cocked die (with the entry by hand opened on it) and the
#: scanner away, reconnecting.
DICETRAY_STATES = ("live", "settled", "cocked", "reconnecting")
DICETRAY_BOOT = "4E830075"
PORT = "/dev/dice-scanner"
#: A die's state in `throw`'s short form ("red:4", "white:1:r"): settled unless marked.
HOW = {"s": "settled", "r": "rolling", "c": "cocked"}


def throw(dice: str) -> tuple[tuple[str, int, str], ...]:
    """A scanner's dice from a short form: "red:4 white:0:c" is a settled red 4 and a cocked white."""
    out = []
    for token in dice.split():
        colour, face, how = (token.split(":") + ["s"])[:3]
        out.append((colour, int(face), HOW[how]))
    return tuple(out)


def _read(live: DiceLive) -> DiceRead:
    """The settled read a scanner reports after the frame `live`."""
    return DiceRead(live.seq, tuple((c, f) for c, f, _s in live.dice), DICETRAY_BOOT)


class DiceTrayDemo(GameDemo):
    screens = {state: "dice_tray" for state in DICETRAY_STATES}

    def play(self, table: DemoTable, state: str) -> None:
        """Three reads counted, then a Troyes-sized throw (three red, three white, three yellow)."""
        connected = ScannerStatus("connected", "Scanner tray-0.4.2 ready", PORT, "tray-0.4.2", DICETRAY_BOOT)
        facts: list[Any] = [Intent("new_game", {"game": GAME, "setup": {}}), connected]
        for seq, dice in ((5, "red:4 red:2 white:6 yellow:3 yellow:5"), (9, "red:6 white:1 white:3 yellow:2")):
            live = DiceLive(seq, throw(dice), DICETRAY_BOOT)
            facts += [DiceLive(seq - 1, tuple((c, 0, "rolling") for c, _f, _s in live.dice), DICETRAY_BOOT), live,
                      _read(live)]
        facts.append(Intent("enter_dice", {"dice": [["black", 5], ["black", 2]]}))
        final = "red:5 red:3 red:6 white:2 white:4 white:4 yellow:1 yellow:6 yellow:3"
        if state == "live":
            facts.append(DiceLive(14, throw("red:5 red:3:r red:6 white:2:r white:4 white:1:r yellow:1 yellow:6:r "
                                            "yellow:3"), DICETRAY_BOOT))
        elif state == "cocked":
            facts.append(DiceLive(15, throw(final.replace("white:4 white:4", "white:4 white:0:c")), DICETRAY_BOOT))
        else:
            live = DiceLive(16, throw(final), DICETRAY_BOOT)
            facts += [live, _read(live)]
        if state == "reconnecting":
            facts.append(ScannerStatus("disconnected", f"The scanner was unplugged or stopped: trying {PORT} again",
                                       PORT, "tray-0.4.2", DICETRAY_BOOT))
        for fact in facts:
            table.handle(fact)

    def prepare(self, state: str) -> Prepare | None:
        """For the cocked die, the players tap it to enter it by hand (the tray's readable dice are
        copied, the die's colour chosen)."""
        if state == "cocked":
            def tap(app: Any) -> None:
                cocked = next(d["index"] for d in app.dice.tray.dice if d["state"] == "cocked")
                app.dice.tap_die(cocked)
            return tap
        return None
