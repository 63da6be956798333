"""The engine: decide → journal (durable) → apply, with undo and redo as journaled events.

A *step* is everything one command caused. The journal holds every step in order, including the
core's own `undo` and `redo` steps, so a crash or power cut mid-game resumes to exactly the state the
players last saw, and the history shows every slip and its correction. The effective game is the
stack of steps not undone; redo is possible until a new command is played.
"""

from __future__ import annotations

import bisect

import dataclasses
import gc
from typing import Any, Callable, Generic, Mapping, NamedTuple, Sequence, TypeVar

from companion.core.catalog import result_meta
from companion.core.errors import CorruptJournal, IllegalCommand
from companion.core.events import Command, Event, EventCodec
from companion.core.game import Game
from companion.core.journal import Journal, JournalRecord
from companion.core.views import GameView, to_data

S = TypeVar("S")

#: Every this many steps in effect, the state is kept (a checkpoint); the states between are not:
#: undo and correct fold from the checkpoint before (at most this many steps, microseconds each),
#: so memory grows by one state per CHECKPOINT_EVERY steps, not one a step.
CHECKPOINT_EVERY = 32

#: What replaying steps that are not a game (an undo with nothing done, an event the rules never
#: made) can raise from the fold or a game's `apply`: a damaged journal, never a crash.
_REPLAY_FAULTS = (ArithmeticError, AttributeError, LookupError, TypeError, ValueError)


@dataclasses.dataclass(frozen=True)
class StepUndone(Event):
    """The table took back step `step` (a game step; undo itself is never undone, redo is its inverse)."""

    kind = "core.undo"
    step: int


@dataclasses.dataclass(frozen=True)
class StepRedone(Event):
    """The table put back the most recently undone step `step`."""

    kind = "core.redo"
    step: int


CORE_EVENTS: tuple[type[Event], ...] = (StepUndone, StepRedone)


class Step(NamedTuple):
    """One journaled step: its number, its events and the UTC time it was written.

    A NamedTuple (not a frozen dataclass) because replay builds one per step at every start-up.
    """

    number: int
    events: tuple[Event, ...]
    at: str

    @property
    def is_core(self) -> bool:
        return any(isinstance(e, CORE_EVENTS) for e in self.events)


class Chain(NamedTuple):
    """What `execute_chain` did: the steps written (the player's first), the follow-ups taken (as
    `follow` named them, one per step after the first) and the refusal that ended it, if any."""

    steps: tuple[Step, ...]
    followed: tuple[Any, ...]
    refusal: IllegalCommand | None


@dataclasses.dataclass(frozen=True)
class Correction:
    """What a correction did: the step fixed, the later steps entered again (old → new step
    numbers), and those that no longer apply, each with the refusal that says why."""

    fixed: int
    replayed: tuple[tuple[int, int], ...]
    dropped: tuple[tuple[int, IllegalCommand], ...]


@dataclasses.dataclass(frozen=True)
class HistoryEntry:
    """A step as the history screen shows it: public events only, and whether it is now undone."""

    step: int
    at: str
    events: tuple[Mapping[str, Any], ...]
    undone: bool


class Engine(Generic[S]):
    """Owns one game's state and its journal. Touch it from one thread only (the UI main thread)."""

    def __init__(self, game: Game[S], journal: Journal) -> None:
        if journal.game != game.id:
            raise ValueError(f"journal is for {journal.game!r}, not {game.id!r}")
        self.game = game
        self.journal = journal
        self.codec = EventCodec((*CORE_EVENTS, *game.event_types))
        self._steps: dict[int, Step] = {}
        self._order: list[int] = []
        self._done: list[int] = []  # the steps in effect, oldest first
        # The state after `_done[i]` for every i a multiple of CHECKPOINT_EVERY, and the state now:
        # any other state (an undo's, a correction's) is folded from the checkpoint before it.
        self._marks: dict[int, S] = {}
        self._state: S | None = None
        self._undone: list[int] = []  # redo stack, most recent last
        self._initial: S = game.initial_state()
        self.listeners: list[Callable[[Step], None]] = []
        self._replay(journal.records())

    @classmethod
    def begin(cls, game: Game[S], command: Command, journal_for: Callable[[list[tuple[str, str]]], Journal]) -> "Engine[S]":
        """A new game: decides its set-up `command`, then has `journal_for(events)` create the
        journal already holding that step (as (kind, payload) pairs), so no journal ever exists
        without its set-up. Raises `IllegalCommand` before any file is made."""
        events = tuple(game.decide(game.initial_state(), command))
        if not events:
            raise IllegalCommand("no change", "That changes nothing.")
        codec = EventCodec((*CORE_EVENTS, *game.event_types))
        return cls(game, journal_for([codec.encode(e) for e in events]))

    @property
    def latest_step(self) -> Step | None:
        """The last step written (None before the first)."""
        return self._steps[self._order[-1]] if self._order else None

    # -- replay ---------------------------------------------------------------------------------

    def _replay(self, records: Sequence[JournalRecord] | Any) -> None:
        # Replay allocates one state and a few events per step, all kept: the cyclic collector's
        # passes over them find nothing to free and cost a quarter of start-up. Paused, not skipped.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            self._replay_records(records)
        finally:
            if was_enabled:
                gc.enable()

    def _replay_records(self, records: Sequence[JournalRecord] | Any) -> None:
        pending: list[JournalRecord] = []
        for record in records:
            if pending and record.step != pending[0].step:
                self._load_step(pending)
                pending = []
            pending.append(record)
        if pending:
            self._load_step(pending)

    def _load_step(self, records: list[JournalRecord]) -> None:
        number = records[0].step
        try:
            decode = self.codec.decode
            if len(records) == 1:  # most steps are one event: no generator to build for it
                events: tuple[Event, ...] = (decode(records[0].kind, records[0].payload),)
            else:
                events = tuple(decode(r.kind, r.payload) for r in records)
        except (ValueError, TypeError) as exc:
            raise CorruptJournal(str(self.journal.path), f"step {number} cannot be read ({exc})", number) from exc
        step = Step(number, events, records[0].at)
        try:
            self._fold_step(step)
        except _REPLAY_FAULTS as exc:
            # Only a file whose rows carry no checksums (journal version 1), or one written by
            # something else than companion, gets here: its steps decode but do not make a game.
            raise CorruptJournal(str(self.journal.path), f"step {number} cannot be replayed "
                                 f"({type(exc).__name__}: {exc})", number) from exc

    def _fold_step(self, step: Step) -> None:
        self._steps[step.number] = step
        self._order.append(step.number)
        first = step.events[0]
        if isinstance(first, StepUndone):
            number = self._done.pop()
            self._marks.pop(len(self._done), None)
            self._undone.append(number)
            self._state = None  # not the state now any more: folded again from the checkpoint before
            self._state = self._state_at(len(self._done) - 1)
        elif isinstance(first, StepRedone):
            number = self._undone.pop()
            self._push(number, self._fold(self.state, self._steps[number].events))
        else:
            self._undone.clear()
            self._push(step.number, self._fold(self.state, step.events))

    def _push(self, number: int, state: S) -> None:
        """Step `number` is now in effect, leaving `state`: kept as the state now, and as a
        checkpoint when its place is one."""
        if len(self._done) % CHECKPOINT_EVERY == 0:
            self._marks[len(self._done)] = state
        self._done.append(number)
        self._state = state

    def _state_at(self, index: int) -> S:
        """The state after the step at `index` of those in effect (-1: before the first), folded
        from the checkpoint at or before it: at most CHECKPOINT_EVERY - 1 steps."""
        if index < 0:
            return self._initial
        if index == len(self._done) - 1 and self._state is not None:
            return self._state
        mark = index - index % CHECKPOINT_EVERY
        state = self._marks[mark]
        for number in self._done[mark + 1:index + 1]:
            state = self._fold(state, self._steps[number].events)
        return state

    def _fold(self, state: S, events: Sequence[Event]) -> S:
        for event in events:
            state = self.game.apply(state, event)
        return state

    # -- reading --------------------------------------------------------------------------------

    @property
    def state(self) -> S:
        return self._state if self._done and self._state is not None else self._initial

    @property
    def in_effect(self) -> tuple[int, ...]:
        """The numbers of the steps in effect (not undone), oldest first, the setup first."""
        return tuple(self._done)

    @property
    def can_undo(self) -> bool:
        """The setup step stays (undoing it would leave a game with no players), and so does a step
        that revealed secrets (undoing it would hide again what everybody saw)."""
        return len(self._done) > 1 and not self._reveals(self._done[-1])

    def _reveals(self, number: int) -> bool:
        return any(event.reveals for event in self._steps[number].events)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)

    @property
    def is_finished(self) -> bool:
        return bool(self._done) and self.game.is_finished(self.state)

    def view(self, seat: int | None = None) -> GameView:
        return self.game.view(self.state, seat)

    def state_before(self, step: int) -> S:
        """The state just before game step `step` (one still in effect, not the setup): what a
        correction of that step starts from."""
        effective = self._done
        if step not in effective or effective.index(step) == 0:
            raise IllegalCommand("correct", "Step {step} cannot be corrected: choose a move still in the game, not the setup.", step=step)
        if any(self._reveals(number) for number in effective[effective.index(step):]):
            raise IllegalCommand("correct", "Step {step} cannot be corrected: a step since revealed what was secret.",
                                 step=step)
        return self._state_at(effective.index(step) - 1)

    def history(self, since: int = 0) -> list[HistoryEntry]:
        """Every step after step `since` (0: every step), oldest first, in public form; game steps
        not in effect (undone) are marked. `since`: what a caller after only the newest steps
        reads (the table's news after each step) costs those steps, not the whole game."""
        in_effect = set(self._done)
        out = []
        for number in self._order[bisect.bisect_right(self._order, since):]:
            step = self._steps[number]
            undone = not step.is_core and number not in in_effect
            events = tuple(
                {"kind": e.kind, **({"step": e.step} if isinstance(e, CORE_EVENTS) else self.game.public_event(e))}
                for e in step.events
            )
            out.append(HistoryEntry(number, step.at, events, undone))
        return out

    # -- changing -------------------------------------------------------------------------------

    def execute(self, command: Command) -> Step:
        """Decides, journals durably, then applies. Raises `IllegalCommand`; nothing is written then."""
        return self.execute_chain(command).steps[0]

    def execute_chain(self, command: Command, follow: Callable[[S, Command], Any] | None = None,
                      limit: int = 16) -> Chain:
        """`execute(command)`, then each step `follow(state, after)` names (an object with a
        `command`, or None: a game's automatic steps), decided on the state the step before leaves,
        at most `limit` of them. All are journaled in ONE durable transaction before any is applied
        or heard of: one disk sync per tap however many steps it makes (a sync costs milliseconds
        on an SD card). They stay separate steps, each undone on its own. A refused follow-up ends
        the chain, which is written without it; its refusal is returned, not raised. Raises
        `IllegalCommand` for `command` itself; nothing is written then."""
        if self.is_finished:
            raise IllegalCommand("game over", "The game is finished; start a new one.")
        events = tuple(self.game.decide(self.state, command))
        if not events:
            raise IllegalCommand("no change", "That changes nothing.")
        planned, followed, refusal = [events], [], None
        state, after = self._fold(self.state, events), command
        while follow is not None and len(followed) < limit and not self.game.is_finished(state):
            step = follow(state, after)
            if step is None:
                break
            try:
                events = tuple(self.game.decide(state, step.command))
            except IllegalCommand as exc:
                refusal = exc
                break
            if not events:
                break
            planned.append(events)
            followed.append(step)
            state, after = self._fold(state, events), step.command
        return Chain(tuple(self._commit_steps(planned)), tuple(followed), refusal)

    def undo(self, more: Callable[[S], bool] | None = None) -> Step:
        """Takes back the last step in effect; with `more`, also each step before it while `more`
        holds for the state reached (and undo is allowed there), all in one durable transaction.
        Returns the first undo step."""
        if len(self._done) > 1 and self._reveals(self._done[-1]):
            raise IllegalCommand("undo", "Step {step} revealed what was secret; it cannot be undone.",
                                 step=self._done[-1])
        if not self.can_undo:
            raise IllegalCommand("undo", "Nothing to undo: the setup of the game stays.")
        planned: list[tuple[Event, ...]] = [(StepUndone(self._done[-1]),)]
        depth = 1  # steps planned away: the state reached is self._done[-1 - depth]
        while (more is not None and len(self._done) - depth > 1 and not self._reveals(self._done[-1 - depth])
               and more(self._state_at(len(self._done) - 1 - depth))):
            planned.append((StepUndone(self._done[-1 - depth]),))
            depth += 1
        return self._commit_steps(planned)[0]

    def redo(self, more: Callable[[S], bool] | None = None) -> Step:
        """Puts back the most recently undone step; with `more`, also the next ones while `more`
        holds for the state reached, all in one durable transaction. Returns the first redo step."""
        if not self.can_redo:
            raise IllegalCommand("redo", "Nothing to redo: no step was undone since the last move.")
        stack, state = list(self._undone), self.state
        planned: list[tuple[Event, ...]] = []
        while stack and (not planned or (more is not None and more(state))):
            number = stack.pop()
            planned.append((StepRedone(number),))
            state = self._fold(state, self._steps[number].events)
        return self._commit_steps(planned)[0]

    def correct(self, step: int, command: Command) -> Correction:
        """Corrects a past entry: takes back every step from `step` on, plays `command` in its place,
        then enters each later step again where the rules still allow it (`game.command_of` turns a
        step back into its command). Everything is journaled — the undos, the fix, the re-entered
        steps — in ONE transaction, so a power cut leaves either the old game or the corrected one,
        and each new step can itself be undone. Raises IllegalCommand (nothing written) when the
        step cannot be corrected or the fix itself is refused."""
        effective = list(self._done)
        self.state_before(step)  # refuses the setup and steps not in effect
        position = effective.index(step)
        later = effective[position + 1:]
        commands = []
        for number in later:
            later_command = self.game.command_of(self._steps[number].events)
            commands.append((number, later_command))
        state = self._state_at(position - 1)
        fix = tuple(self.game.decide(state, command))
        if not fix:
            raise IllegalCommand("no change", "That changes nothing.")
        planned: list[tuple[Event, ...]] = [(StepUndone(number),) for number in reversed(effective[position:])]
        planned.append(fix)
        state = self._fold(state, fix)
        replayed_from, dropped = [], []
        for number, later_command in commands:
            if later_command is None:
                dropped.append((number, IllegalCommand("correct", "Step {step} cannot be entered again.", step=number)))
                continue
            try:
                events = tuple(self.game.decide(state, later_command))
            except IllegalCommand as exc:
                dropped.append((number, exc))
                continue
            if not events:
                continue
            state = self._fold(state, events)
            planned.append(events)
            replayed_from.append(number)
        written = [step.number for step in self._commit_steps(planned)]
        fix_number = written[len(effective) - position]
        replayed_numbers = written[len(effective) - position + 1:]
        return Correction(fix_number, tuple(zip(replayed_from, replayed_numbers)), tuple(dropped))

    def _sync_finished(self) -> None:
        if self.is_finished and not self.journal.is_finished:
            # The public result beside `finished`, so a list of plays reads it without a replay.
            self.journal.mark_finished(result=result_meta(to_data(self.view(None))))
        elif not self.is_finished and self.journal.is_finished:
            # Undo after the last move reopens the game: history and resume must see it unfinished.
            self.journal.set_meta("finished", "0")

    def _commit_steps(self, planned: Sequence[tuple[Event, ...]]) -> list[Step]:
        """Journals `planned` (one tuple of events per step) in one durable transaction, then
        applies each and tells the listeners, step by step."""
        written = self.journal.append_steps([[self.codec.encode(e) for e in events] for events in planned])
        steps = [Step(number, events, records[0].at) for (number, records), events in zip(written, planned)]
        for step in steps:
            self._fold_step(step)
        self._sync_finished()
        for step in steps:
            for listener in list(self.listeners):
                listener(step)
        return steps
