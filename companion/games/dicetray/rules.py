"""Dice tray rules: decide (validate, never change) and apply (fold, never refuse).

The only judgement here is what a read may hold, and that a scanner read is never counted twice:
the scanner reader already drops repeats and re-reported trays (PROTOCOL.md, reading rule 6);
refusing the same (boot, seq) again is the journal's own guard against a bug anywhere upstream.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core.asks import Ask
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.game import Game
from companion.core.values import evolve
from companion.games.dicetray import commands as c
from companion.games.dicetray import events as e
from companion.games.dicetray import view as v
from companion.games.dicetray.settings import DEFAULT, DICE_COLOURS, DiceTraySettings
from companion.games.dicetray.state import MANUAL, SCANNER, Dice, DiceTrayState, TrayRead


class DiceTrayRules(Game):
    """The dice tray as a `companion.core.Game`."""

    id = "dicetray"
    event_types = e.EVENT_TYPES
    takes_dice = True
    is_tool = True  # the table's, beside whatever game is played: never resumed over one

    def __init__(self, settings: DiceTraySettings = DEFAULT) -> None:
        self.settings = settings

    def initial_state(self) -> DiceTrayState:
        return DiceTrayState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return c.parse_command(name, args)

    def asks(self, state: DiceTrayState) -> tuple[Ask, ...]:
        """While the tray is open it waits for dice (`view.ask_of`): a scanner read answers it (the
        session posts `enter_dice` with the read's provenance), and so do dice typed in; a finished
        tray asks nothing (the session then says a read was ignored)."""
        ask = v.ask_of(state, self.settings.max_dice)
        return (ask,) if ask is not None else ()

    # -- decide ---------------------------------------------------------------------------------

    def _check_dice(self, dice: Dice) -> None:
        if not dice:
            raise IllegalCommand("dice tray input", "Enter at least one die.")
        if len(dice) > self.settings.max_dice:
            raise IllegalCommand("dice tray input", "A read holds at most {max} dice.", max=self.settings.max_dice)
        for colour, face in dice:
            if colour not in DICE_COLOURS:
                raise IllegalCommand("dice tray input", "A die is red, white, yellow or black, not {colour}.",
                                     colour=repr(colour))
            if not 1 <= face <= 6:
                raise IllegalCommand("dice tray input", "A die shows 1 to 6, not {face}.", face=face)

    def decide(self, state: DiceTrayState, command: Command) -> Sequence[Event]:
        if isinstance(command, c.OpenTray):
            if state.opened:
                raise IllegalCommand("dice tray input", "The dice tray is already open.")
            return [e.TrayOpened()]
        if not state.opened:
            raise IllegalCommand("dice tray input", "Open the dice tray first.")
        if state.finished:
            raise IllegalCommand("game over", "The game is finished.")
        number = len(state.reads) + 1
        if isinstance(command, c.RecordScannerRead):
            self._check_dice(command.dice)
            if command.boot and any(r.key == (command.boot, command.seq) for r in state.reads):
                raise IllegalCommand("dice scanner", "Scanner read {seq} is already counted.", seq=command.seq)
            return [e.DiceRecorded(number, SCANNER, command.dice, command.boot, command.seq)]
        if isinstance(command, c.EnterDice):
            self._check_dice(command.dice)
            return [e.DiceRecorded(number, MANUAL, command.dice)]
        if isinstance(command, c.FinishTray):
            return [e.TrayFinished()]
        raise IllegalCommand("dice tray input", "The dice tray does not know {name}.", name=type(command).__name__)

    # -- apply ----------------------------------------------------------------------------------

    def apply(self, state: DiceTrayState, event: Event) -> DiceTrayState:
        if isinstance(event, e.DiceRecorded):
            read = TrayRead(event.number, event.source, tuple(tuple(d) for d in event.dice),  # type: ignore[misc]
                            event.boot, event.seq)
            return evolve(state, reads=state.reads + (read,))
        if isinstance(event, e.TrayOpened):
            return DiceTrayState(opened=True)
        if isinstance(event, e.TrayFinished):
            return evolve(state, finished=True)
        raise TypeError(f"not a dice tray event: {event.kind}")

    # -- reading --------------------------------------------------------------------------------

    def view(self, state: DiceTrayState, seat: int | None = None) -> v.DiceTrayView:
        return v.view(state, seat, self.settings.recent, self.settings.max_dice)

    def public_event(self, event: Event) -> dict[str, Any]:
        return v.public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return v.summary_text(public)

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        if isinstance(first, e.DiceRecorded):
            if first.source == SCANNER:
                return c.RecordScannerRead(first.seq, first.boot, first.dice)
            return c.EnterDice(first.dice)
        if isinstance(first, e.TrayFinished):
            return c.FinishTray()
        return None

    def is_finished(self, state: DiceTrayState) -> bool:
        return state.finished


DICETRAY = DiceTrayRules()
