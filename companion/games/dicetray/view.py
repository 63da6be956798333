"""What the dice tray shows: everything is public (dice lie open on the table), so every seat's
view is the shared one."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.asks import DICE_FIELD, Ask, AskView, ask_view
from companion.core.events import Event
from companion.core.views import GameView, PlayerView, Seq, View
from companion.games.dicetray.events import DiceRecorded, TrayFinished, TrayOpened
from companion.games.dicetray.settings import DEFAULT, DICE_COLOURS
from companion.games.dicetray.state import SCANNER, DiceTrayState, TrayRead


class ReadView(View):
    """One counted read: its number from 1, "scanner" or "manual", the dice as [colour, face]
    pairs in the order given, and the scanner's boot id and sequence number ("" and 0 by hand)."""

    number: int
    source: str
    dice: Seq[Seq[Any]]
    boot: str
    seq: int


DICE_ASK = "dicetray.dice"
"""The tray's question: the dice thrown, [[colour, face], …] (`core.asks.DICE_FIELD`)."""
RULE = "dice tray input"


def ask_of(state: DiceTrayState, max_dice: int = DEFAULT.max_dice) -> Ask | None:
    """What the open tray waits for: the next read, for anyone at the table (`who` None: the
    scanner, the touchscreen's dice entry or a script answers; a pad does not). None before it is
    opened and once it is finished."""
    if not state.opened or state.finished:
        return None
    return Ask(DICE_ASK, RULE, {"name": "enter_dice", "args": {}}, DICE_FIELD,
               about={"number": len(state.reads) + 1, "max": max_dice, "colours": list(DICE_COLOURS)})


class DiceTrayView(GameView):
    """`last`: the newest counted read (None before the first); `recent`: the newest few, newest
    first; `count`: how many reads the tray holds; `ask`: the dice it waits for (`ask_of`). No
    players: the tray belongs to the table."""

    phase: str
    finished: bool
    players: Seq[PlayerView]
    count: int
    last: ReadView | None
    recent: Seq[ReadView]
    ask: AskView | None


def read_view(read: TrayRead) -> ReadView:
    return ReadView(number=read.number, source=read.source, dice=Seq([Seq(d) for d in read.dice]),
                    boot=read.boot, seq=read.seq)


def view(state: DiceTrayState, seat: int | None = None, recent: int = DEFAULT.recent,
         max_dice: int = DEFAULT.max_dice) -> DiceTrayView:
    """The tray as everyone sees it (see `DiceTrayView`)."""
    last = state.last
    return DiceTrayView(
        game="dicetray",
        phase=state.phase,
        finished=state.finished,
        players=Seq(),
        count=len(state.reads),
        last=read_view(last) if last is not None else None,
        recent=Seq([read_view(r) for r in reversed(state.reads[-recent:])]) if recent > 0 else Seq(),
        ask=ask_view(ask_of(state, max_dice)),
    )


def public_event(event: Event) -> dict[str, Any]:
    """Events for the history screen, logs and `companion replay`. A scanner read carries
    `scanner_read` {boot, seq, dice}: the app looks for the newest one (undone or not) to tell the
    scanner reader, after a restart, which read the table has already seen."""
    if isinstance(event, DiceRecorded):
        out: dict[str, Any] = {"number": event.number, "source": event.source,
                               "dice": [list(d) for d in event.dice]}
        if event.source == SCANNER:
            out["scanner_read"] = {"boot": event.boot, "seq": event.seq, "dice": [list(d) for d in event.dice]}
        return out
    if isinstance(event, (TrayOpened, TrayFinished)):
        return {}
    raise TypeError(f"not a dice tray event: {event.kind}")


def format_dice(dice: Any) -> str:
    """"red 3, red 5, white 2" for terminals and logs (the screens word dice themselves)."""
    return ", ".join(f"{colour} {face}" for colour, face in dice)


def colour_totals(dice: Any) -> list[tuple[str, int, int]]:
    """(colour, count, sum) per colour present, in the tray's colour order."""
    out = []
    for colour in DICE_COLOURS:
        faces = [face for c, face in dice if c == colour]
        if faces:
            out.append((colour, len(faces), sum(faces)))
    return out


def summary_text(public: Mapping[str, Any]) -> str:
    """The public view as terminal text for `companion replay`."""
    count = int(public.get("count", 0))
    state = "finished" if public.get("finished") else "open"
    lines = [f"Dice tray ({state}): {count} read(s)"]
    for read in public.get("recent", ()):
        source = "scanner" if read["source"] == SCANNER else "by hand"
        totals = " · ".join(f"{colour} ×{n} = {total}" for colour, n, total in colour_totals(read["dice"]))
        lines.append(f"  #{read['number']} ({source}): {format_dice(read['dice'])}  [{totals}]")
    return "\n".join(lines) + "\n"
