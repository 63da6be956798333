"""Troyes rules: `decide` validates a command by folding its event through the rules (moves.run
refuses what the rules refuse) and adds the steps the rules take by themselves (flow); `apply`
folds an event through the same functions, and a journaled event is never refused."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core.asks import AnswerNeeded, Ask
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.data_tables import DataTable, Edits
from companion.core.game import Game
from companion.core.views import GameView
from companion.games.troyes import commands as c
from companion.games.troyes import events as e
from companion.games.troyes import flow, moves
from companion.games.troyes.parse import parse_command
from companion.games.troyes.parts import reads, setup
from companion.games.troyes.parts.catalog import check_table_edits, editable_tables, edits_data
from companion.games.troyes.state import TroyesState
from companion.games.troyes.view import ask_of, character_asks, public_event, summary_text, view
from companion.core.results import FinalResult
from companion.games.troyes import result
from companion.games.bgg import entry as bgg_entry

SETUP = "Troyes 2.1 setup"
#: Moves the table enters from what it sees: asked as data (`view.ask_of`) when posted without it.
_ASKED = {"reveal_activity": "card", "draw_event": "event", "throw_black": "dice", "rerolled": "face", "throw": "dice"}


class TroyesRules(Game):
    """Troyes as a `companion.core.Game`."""

    id = "troyes"
    bgg = bgg_entry("troyes")

    def final_result(self, state: TroyesState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (troyes/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES
    takes_dice = True

    def initial_state(self) -> TroyesState:
        return TroyesState()

    def data_tables(self) -> tuple[DataTable, ...]:
        """Activity cards, events and characters (data/editable.json): S/U facts a table corrects."""
        return editable_tables()

    def check_data(self, edits: Edits) -> None:
        check_table_edits(edits)

    def setup_with_data(self, setup: Mapping[str, Any], edits: Edits) -> dict[str, Any]:
        """The set-up's `data` with the table's edits under what the set-up names itself."""
        given = setup.get("data") or {}
        if not edits or not isinstance(given, Mapping):
            return dict(setup)
        data = edits_data(edits)
        for kind, value in given.items():
            if kind == "raid" and isinstance(value, Mapping):
                data["raid"] = {**data.get("raid", {}), **value}
            elif isinstance(value, Mapping):
                merged = dict(data.get(kind, {}))
                for entry_id, fields in value.items():
                    merged[entry_id] = {**merged.get(entry_id, {}), **fields} if isinstance(fields, Mapping) else fields
                data[kind] = merged
            else:
                data[kind] = value
        return {**setup, "data": data}

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return parse_command(name, args)

    def command_for_dice(self, state: TroyesState, read: Any) -> Command | None:
        """A settled scanner read (`hardware.facts.DiceRead`: seq, boot, dice): a district's throw when
        its colour counts are what a district is due (neutral dice last), the black throw, or the
        rerolled die; None when nothing waits for dice. A read that fits nothing asked is still passed
        on (as a throw of no district), so the table is told why it was not counted."""
        dice = tuple((str(colour), int(face)) for colour, face in read.dice)
        scanned = {"source": "scanner", "boot": str(read.boot), "seq": int(read.seq)}
        if state.reroll is not None:
            if len(dice) == 1 and dice[0][0] == state.reroll[1]:
                return c.Rerolled(dice[0][1], **scanned)
            return c.Throw(None, dice, **scanned)
        if state.phase == "dice":
            return c.Throw(reads.match(state, dice), dice, **scanned)
        if state.phase == "black_throw":
            if dice and all(colour == "black" for colour, _ in dice):
                return c.ThrowBlack(tuple(face for _, face in dice), **scanned)
            return c.Throw(None, dice, **scanned)
        return None

    # -- decide ---------------------------------------------------------------------------------

    def decide(self, state: TroyesState, command: Command) -> Sequence[Event]:
        if isinstance(command, c.SetupTroyes):
            if state.phase != "setup":
                raise IllegalCommand(SETUP, "The game is already set up.")
            first: Event = setup.deal(command)
        elif state.phase == "setup":
            raise IllegalCommand(SETUP, "Set up the game first.")
        elif state.phase == "over":
            raise IllegalCommand("game over", "The game is finished.")
        elif not isinstance(command, c.Move):
            raise IllegalCommand(moves.TURN, "That is not a Troyes move.")
        else:
            self._ask_if_missing(state, command)
            first = self._event(state, command)
        events = [first]
        # Folding the step's event runs the move through the rules (moves.run): what it refuses
        # raises IllegalCommand here, before anything is journaled; a journaled event never does.
        after = self.apply(state, first)
        while flow.is_transient(after):
            follow = flow.next_event(after)
            events.append(follow)
            after = self.apply(after, follow)
        return events

    def _ask_if_missing(self, state: TroyesState, command: c.Move) -> None:
        """A move the table enters from what it sees, posted without it: the question, as data
        (the same `Ask` the view carries), so any device can answer it."""
        field = _ASKED.get(command.move)
        ask = ask_of(state)
        if field is None or getattr(command, field) is not None or ask is None or ask.intent["name"] != command.move:
            return
        if command.move == "reveal_activity":
            raise AnswerNeeded(ask, "Enter the activity card turned up.")
        if command.move == "draw_event":
            raise AnswerNeeded(ask, "Enter the event card drawn.")
        if command.move == "throw_black":
            raise AnswerNeeded(ask, "Enter the black dice thrown.")
        if command.move == "throw":
            raise AnswerNeeded(ask, "Enter the dice the district threw.")
        raise AnswerNeeded(ask, "Enter the face of the rerolled die.")

    def _event(self, state: TroyesState, command: c.Move) -> Event:
        if isinstance(command, c.EnterCharacters):
            return e.CharactersEntered(command.seat, tuple(command.characters))
        return e.Played(moves.acting_seat(state, command), command.move, c.detail(command))

    # -- apply ----------------------------------------------------------------------------------

    def apply(self, state: TroyesState, event: Event) -> TroyesState:
        if isinstance(event, e.Played):
            return moves.run(state, c.from_detail(event.move, event.detail))
        if isinstance(event, e.CharactersEntered):
            return flow.settle(setup.enter_characters(state, event.seat, tuple(event.characters)))
        if isinstance(event, e.TroyesSetUp):
            return setup.initial_state(event)
        return flow.apply_follow_up(state, event)

    # -- reading --------------------------------------------------------------------------------

    def view(self, state: TroyesState, seat: int | None = None) -> GameView:
        return view(state, seat)

    def asks(self, state: TroyesState) -> tuple[Ask, ...]:
        """The question the view carries (`view.ask_of`): the table's next answer; while the
        characters are entered, every seat's own (each on its pad at once)."""
        if state.phase == "characters":
            return character_asks(state)
        ask = ask_of(state)
        return (ask,) if ask is not None else ()

    def public_event(self, event: Event) -> dict[str, Any]:
        return public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return summary_text(public)

    def is_finished(self, state: TroyesState) -> bool:
        return state.phase == "over"

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        if isinstance(first, e.Played):
            return c.from_detail(first.move, first.detail)
        if isinstance(first, e.CharactersEntered):
            return c.EnterCharacters(first.seat, tuple(first.characters))
        return None

    has_calculator = True

    def score_snapshot(self, data: Any) -> Mapping[str, Any]:
        """docs/troyes-snapshot.md: the game's end from what each player holds."""
        from companion.games.troyes.snapshot import score_snapshot

        return score_snapshot(data)

    def format_scores(self, result: Mapping[str, Any]) -> str:
        from companion.games.troyes.snapshot import format_scores

        return format_scores(result)


TROYES = TroyesRules()
