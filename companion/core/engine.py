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
import json
from array import array
from typing import Any, Callable, Generic, Iterator, Mapping, NamedTuple, Sequence, TypeVar

from companion.core import snapshots
from companion.core.catalog import result_meta
from companion.core.errors import CorruptJournal, IllegalCommand, JournalError
from companion.core.events import Command, Event, EventCodec
from companion.core.game import Game
from companion.core.journal import Journal, JournalRecord
from companion.core.journal_checkpoints import CheckpointRow, NewCheckpoint
from companion.core.journal_summaries import NewSummary
from companion.core.views import GameView, to_data

S = TypeVar("S")

#: Every this many steps in effect, the state is kept (a checkpoint); the states between are not:
#: undo and correct fold from the checkpoint before (at most this many steps, microseconds each),
#: so memory grows by one state per CHECKPOINT_EVERY steps, not one a step.
CHECKPOINT_EVERY = 32
#: Every this many steps in effect (a multiple of CHECKPOINT_EVERY), that checkpoint is also due in
#: the journal (`core.journal_checkpoints`), so a resume folds at most this many steps after it
#: instead of the whole game. It is written when its owner says (`Engine.write_checkpoint`: the
#: table idle, the game put away), never within a step: its encoding and write cost a Trajan tap
#: more than the rest of the tap, and a checkpoint never written only makes a resume fold more.
CHECKPOINT_ON_DISK_EVERY = 128
#: How many of the newest steps stay decoded in memory (what undo, redo and the table's news read
#: again); any other step's events are read from the journal when needed.
DECODED_KEPT = 2 * CHECKPOINT_EVERY
#: The most rows one read of steps asks the journal for.
_READ_ROWS = 4096

# A step's flags (Engine._flags): its first event is an undo / a redo, it holds a core event, it
# reveals a secret.
_UNDO, _REDO, _CORE, _REVEALS = 1, 2, 4, 8


def _plain(value: Any) -> Any:
    """What JSON cannot write itself, as `views.to_data` makes it: a Mapping of another type."""
    if isinstance(value, Mapping):
        return to_data(value)
    raise TypeError(f"{type(value).__name__} is not JSON data")


#: A summary row's JSON (`Engine.summary_text`): compact, one encoder made once, not one a step.
_SUMMARY_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), default=_plain).encode


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
_UNDO_KIND, _REDO_KIND = StepUndone.kind, StepRedone.kind
_CORE_KINDS = frozenset((_UNDO_KIND, _REDO_KIND))


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


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryEntry:
    """A step as the history screen shows it: public events only, and whether it is now undone.
    Slots: a whole history is kept while its game is open (`core.history_kept`), one a step."""

    step: int
    at: str
    events: tuple[Mapping[str, Any], ...]
    undone: bool


class Engine(Generic[S]):
    """Owns one game's state and its journal. Touch it from one thread only (the UI main thread).

    What it keeps per step is a few bytes (where the step's events start in the journal, whether
    it is an undo, a redo or a reveal) and the stack of steps in effect: a step's events are read
    from the journal again when an undo, a redo, a correction or the history needs them, and the
    newest DECODED_KEPT steps stay decoded. States are kept every CHECKPOINT_EVERY steps in effect
    (and the state now); every CHECKPOINT_ON_DISK_EVERY, one is also due in the journal, written by
    `write_checkpoint` when the owner says (never within a step), so a resume folds from it instead
    of from the first step (`_replay`)."""

    def __init__(self, game: Game[S], journal: Journal) -> None:
        if journal.game != game.id:
            raise ValueError(f"journal is for {journal.game!r}, not {game.id!r}")
        self.game = game
        self.journal = journal
        classes = (*CORE_EVENTS, *game.event_types)
        self.codec = EventCodec(classes)
        self._kinds = self.codec.kinds()
        self._reveal_kinds = frozenset(cls.kind for cls in classes if cls.reveals)
        self._first = array("q", [0])  # _first[n]: the seq of step n's first event (0: unused)
        self._flags = bytearray(1)  # _flags[n]: _UNDO, _REDO, _CORE, _REVEALS of step n
        self._done = array("q")  # the steps in effect, oldest first (always rising)
        # The state after `_done[i]` for every i a multiple of CHECKPOINT_EVERY (below a resume's
        # checkpoint, only once an undo reaches there), and the state now: any other state (an
        # undo's, a correction's) is folded from the checkpoint before it.
        self._marks: dict[int, S] = {}
        self._state: S | None = None
        self._undone = array("q")  # redo stack, most recent last
        self._decoded: dict[int, Step] = {}  # the newest steps decoded, oldest first
        self._initial: S = game.initial_state()
        self._fingerprint: str | None = None
        self._pending: tuple[int, S] | None = None  # a checkpoint due on disk: (step, state)
        self._stale: list[int] = []  # checkpoints on disk found stale, removed at the next write
        #: Where the state now was folded from at the start: the checkpoint's step (0: the first step).
        self.resumed_from = 0
        self.listeners: list[Callable[[Step], None]] = []
        self._replay()

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
        last = len(self._first) - 1
        return self._step(last) if last else None

    @property
    def fingerprint(self) -> str:
        """What this game's checkpoints must carry to be believed (`core.snapshots.fingerprint`)."""
        if self._fingerprint is None:
            self._fingerprint = snapshots.fingerprint(self.game)
        return self._fingerprint

    # -- replay ---------------------------------------------------------------------------------

    def _replay(self) -> None:
        """Every event is read and checked (`Journal.records`) and every step indexed. With no
        checkpoint on disk that could serve, the steps are folded as they are read; else they are
        only stacked (which are in effect), and the steps in effect after the newest good
        checkpoint are read again and folded from it (all of them, from the first, when none is
        good after all)."""
        # Replay allocates states and events, most of them kept: the cyclic collector's passes
        # over them find nothing to free and cost a quarter of start-up. Paused, not skipped.
        was_enabled = gc.isenabled()
        gc.disable()
        try:
            candidates = self._candidate_checkpoints()
            if not candidates:
                self._scan_folding()
                return
            self._scan_stacking()
            index, state = self._checkpoint_in_effect(candidates)
            if index >= 0:
                self.resumed_from = self._done[index]
                self._marks[index] = state
            self._fold_in_effect(index, state)
        finally:
            if was_enabled:
                gc.enable()

    def _candidate_checkpoints(self) -> list[CheckpointRow]:
        """The checkpoints on disk of this code (its fingerprint) and of steps still on file,
        newest first; the others are noted stale (removed at the next write)."""
        rows = self.journal.checkpoints()
        if not rows:
            return []
        last_step, usable = self.journal.last_step, []
        for row in rows:
            if row.step > last_step or row.fingerprint != self.fingerprint:
                self._stale.append(row.step)
            else:
                usable.append(row)
        return usable

    def _checkpoint_in_effect(self, candidates: Sequence[CheckpointRow]) -> tuple[int, Any]:
        """(place among the steps in effect, state) of the newest checkpoint whose step is in
        effect and which is still what the journal folds to: the chained sum of its step's last
        event is the one the file holds now (the chain was checked whole as it was read). A
        checkpoint that is not is noted stale. (-1, the initial state) when none is."""
        for row in candidates:
            index = self._position(row.step)
            if index < 0:
                continue  # undone: kept, for when it is put back
            if row.seq != self._last_seq(row.step) or self.journal.sum_at(row.seq) != (row.step, row.sum):
                self._stale.append(row.step)
                continue
            try:
                return index, snapshots.loads(self.journal.checkpoint_state(row.step) or "")
            except snapshots.SnapshotError:
                self._stale.append(row.step)
        return -1, self._initial

    def _scan_folding(self) -> None:
        pending: list[JournalRecord] = []
        for record in self.journal.records():
            if pending and record.step != pending[0].step:
                self._load_step(pending)
                pending = []
            pending.append(record)
        if pending:
            self._load_step(pending)

    def _scan_stacking(self) -> None:
        """Indexes every step and keeps which are in effect, folding none (the steps a checkpoint
        stands for need no fold). One loop, nothing decoded: it is most of a resume's time."""
        first, flags, done, undone = self._first, self._flags, self._done, self._undone
        kinds, reveal_kinds = self._kinds, self._reveal_kinds
        current = 0
        for seq, number, kind, _payload, _at in self.journal.scan():
            if kind not in kinds:
                raise self._damaged(number, f"read (unknown event kind {kind!r})")
            if number == current:  # a later event of the same step
                flags[-1] |= (_REVEALS if kind in reveal_kinds else 0) | (_CORE if kind in _CORE_KINDS else 0)
                continue
            current = number
            first.append(seq)
            if kind == _UNDO_KIND:
                flags.append(_UNDO | _CORE)
                if not done:
                    raise self._damaged(number, "replayed (nothing to undo)")
                undone.append(done.pop())
            elif kind == _REDO_KIND:
                flags.append(_REDO | _CORE)
                if not undone:
                    raise self._damaged(number, "replayed (nothing to redo)")
                done.append(undone.pop())
            else:
                flags.append(_REVEALS if kind in reveal_kinds else 0)
                if undone:
                    del undone[:]
                done.append(number)

    def _damaged(self, number: int, why: str) -> CorruptJournal:
        """What a step that is not a game's says: the journal is damaged at step `number`, which
        cannot be `why` ("read (...)", "replayed (...)")."""
        return CorruptJournal(str(self.journal.path), f"step {number} cannot be {why}", number)

    def _fold_in_effect(self, index: int, state: S) -> None:
        """Folds the steps in effect after place `index` (-1: all) into `state`: the state now,
        with the checkpoints on the way (and the one due on disk)."""
        every, on_disk = CHECKPOINT_EVERY, CHECKPOINT_ON_DISK_EVERY
        numbers = self._done[index + 1:]
        position = index
        for position, step in enumerate(self._read_steps(numbers), start=index + 1):
            try:
                state = self._fold(state, step.events)
            except _REPLAY_FAULTS as exc:
                raise self._damaged(step.number, f"replayed ({type(exc).__name__}: {exc})") from exc
            if position % every == 0:
                self._marks[position] = state
            if position and position % on_disk == 0:
                self._pending = (step.number, state)
            if len(numbers) - (position - index) < DECODED_KEPT:
                self._remember(step)
        self._state = state if self._done else None

    def _index(self, number: int, seq: int, kinds: Sequence[str]) -> int:
        """Notes step `number` (its first event `seq`, its events' kinds) and returns its flags."""
        first = kinds[0]
        if len(kinds) == 1 and first in self._kinds and first not in _CORE_KINDS:  # most steps
            self._first.append(seq)
            self._flags.append(_REVEALS if first in self._reveal_kinds else 0)
            return self._flags[-1]
        flags = _UNDO if first == _UNDO_KIND else _REDO if first == _REDO_KIND else 0
        for kind in kinds:
            if kind not in self._kinds:
                raise self._damaged(number, f"read (unknown event kind {kind!r})")
            if kind in self._reveal_kinds:
                flags |= _REVEALS
            if kind in _CORE_KINDS:
                flags |= _CORE
        self._first.append(seq)
        self._flags.append(flags)
        return flags

    def _load_step(self, records: list[JournalRecord]) -> None:
        number = records[0].step
        self._index(number, records[0].seq, [r.kind for r in records])
        try:
            decode = self.codec.decode
            if len(records) == 1:  # most steps are one event: no generator to build for it
                events: tuple[Event, ...] = (decode(records[0].kind, records[0].payload),)
            else:
                events = tuple(decode(r.kind, r.payload) for r in records)
        except (ValueError, TypeError) as exc:
            raise self._damaged(number, f"read ({exc})") from exc
        step = Step(number, events, records[0].at)
        try:  # the newest steps read stay decoded: an undo replayed folds them again, not read again
            self._fold_step(step)
        except _REPLAY_FAULTS as exc:
            # Only a file whose rows carry no checksums (journal version 1), or one written by
            # something else than companion, gets here: its steps decode but do not make a game.
            raise self._damaged(number, f"replayed ({type(exc).__name__}: {exc})") from exc

    def _fold_step(self, step: Step) -> None:
        self._remember(step)
        first = step.events[0]
        if isinstance(first, StepUndone):
            number = self._done.pop()
            self._marks.pop(len(self._done), None)
            self._undone.append(number)
            self._state = None  # not the state now any more: folded again from the checkpoint before
            self._state = self._state_at(len(self._done) - 1)
        elif isinstance(first, StepRedone):
            number = self._undone.pop()
            self._push(number, self._fold(self.state, self._events(number)))
        else:
            if self._undone:
                del self._undone[:]
            self._push(step.number, self._fold(self.state, step.events))

    def _push(self, number: int, state: S) -> None:
        """Step `number` is now in effect, leaving `state`: kept as the state now, as a checkpoint
        when its place is one, and due on disk when its place is one of those."""
        index = len(self._done)
        if index % CHECKPOINT_EVERY == 0:
            self._marks[index] = state
        if index and index % CHECKPOINT_ON_DISK_EVERY == 0:
            self._pending = (number, state)
        self._done.append(number)
        self._state = state

    def _state_at(self, index: int) -> S:
        """The state after the step at `index` of those in effect (-1: before the first), folded
        from the checkpoint at or before it: at most CHECKPOINT_EVERY - 1 steps, except the first
        time an undo reaches below the checkpoint a resume started from (the checkpoints on the
        way are kept then)."""
        if index < 0:
            return self._initial
        if index == len(self._done) - 1 and self._state is not None:
            return self._state
        mark = index
        while mark >= 0 and mark not in self._marks:
            mark -= 1
        state = self._marks[mark] if mark >= 0 else self._initial
        every = CHECKPOINT_EVERY
        for position, step in enumerate(self._read_steps(self._done[mark + 1:index + 1]), start=mark + 1):
            state = self._fold(state, step.events)
            if position % every == 0:
                self._marks[position] = state
        return state

    def _fold(self, state: S, events: Sequence[Event]) -> S:
        for event in events:
            state = self.game.apply(state, event)
        return state

    # -- steps read again -----------------------------------------------------------------------

    def _remember(self, step: Step) -> None:
        decoded = self._decoded
        decoded.pop(step.number, None)
        decoded[step.number] = step
        if len(decoded) > DECODED_KEPT:
            del decoded[next(iter(decoded))]

    def _last_seq(self, number: int) -> int:
        return self._first[number + 1] - 1 if number + 1 < len(self._first) else self.journal.last_seq

    def step(self, number: int) -> Step:
        """Journaled step `number` (1 to the last) with its events: kept decoded when it is among the
        newest, else read from the journal again. Raises LookupError for a step not written."""
        if not 0 < number < len(self._first):
            raise LookupError(f"no step {number} in this journal")
        return self._step(number)

    def _step(self, number: int) -> Step:
        step = self._decoded.get(number)
        if step is None:
            step = next(iter(self._read_steps((number,))))
            self._remember(step)
        return step

    def _events(self, number: int) -> tuple[Event, ...]:
        return self._step(number).events

    def _read_steps(self, numbers: Sequence[int]) -> Iterator[Step]:
        """The steps `numbers` (rising), decoded: those kept decoded as they are, the others read
        from the journal in a few queries over the rows they span."""
        wanted = list(numbers)
        at = 0
        while at < len(wanted):
            step = self._decoded.get(wanted[at])
            if step is not None:
                yield step
                at += 1
                continue
            # One query for the rows from this step to the next kept one, at most _READ_ROWS rows.
            end = at
            while (end + 1 < len(wanted) and wanted[end + 1] not in self._decoded
                   and self._last_seq(wanted[end + 1]) - self._first[wanted[at]] < _READ_ROWS):
                end += 1
            yield from self._read_span(wanted[at:end + 1])
            at = end + 1

    def _read_span(self, numbers: Sequence[int]) -> Iterator[Step]:
        records = self.journal.rows(self._first[numbers[0]], self._last_seq(numbers[-1]))
        wanted = set(numbers)
        decode = self.codec.decode
        group: list[JournalRecord] = []
        for record in (*records, None):
            if group and (record is None or record.step != group[0].step):
                number = group[0].step
                if number in wanted:
                    try:
                        events = tuple(decode(r.kind, r.payload) for r in group)
                    except (ValueError, TypeError) as exc:
                        raise self._damaged(number, f"read ({exc})") from exc
                    yield Step(number, events, group[0].at)
                group = []
            if record is not None:
                group.append(record)

    def _position(self, step: int) -> int:
        """Where game step `step` stands among those in effect, -1 when it is not in effect."""
        index = bisect.bisect_left(self._done, step)
        return index if index < len(self._done) and self._done[index] == step else -1

    def _checkpoints_due(self) -> tuple[list[NewCheckpoint], list[int]]:
        """The checkpoint due on disk and the stale ones to remove (`write_checkpoint`)."""
        new: list[NewCheckpoint] = []
        if self._pending is not None and not self.journal.is_read_only:
            number, state = self._pending
            try:
                new.append(NewCheckpoint(number, self._last_seq(number), self.fingerprint, snapshots.dumps(state)))
            except snapshots.SnapshotError:
                self._pending = None  # not plain data: this game's states are not cached on disk
        return new, ([] if self.journal.is_read_only else list(self._stale))

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
        return bool(self._flags[number] & _REVEALS)

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
        position = self._position(step)
        if position <= 0:
            raise IllegalCommand("correct", "Step {step} cannot be corrected: choose a move still in the game, not the setup.", step=step)
        if any(self._reveals(number) for number in self._done[position:]):
            raise IllegalCommand("correct", "Step {step} cannot be corrected: a step since revealed what was secret.",
                                 step=step)
        return self._state_at(position - 1)

    def history(self, since: int = 0) -> list[HistoryEntry]:
        """Every step after step `since` (0: every step), oldest first, in public form; game steps
        not in effect (undone) are marked. `since`: what a caller after only the newest steps
        reads (the table's news after each step) costs those steps, not the whole game.

        Read from the journal's summary rows (`core.journal_summaries`: each step's public events,
        written with it), not from its events decoded again; a step without a believed row is read
        from its events and its row written now (an older journal's, the set-up step's)."""
        since = max(since, 0)
        last = len(self._first) - 1
        texts = {row.step: (row.at, row.events) for row in self.journal.summaries(since, self.fingerprint)
                 if row.step <= last and row.seq == self._last_seq(row.step)}
        missing = [number for number in range(since + 1, len(self._first)) if number not in texts]
        if missing:
            made = []
            for step in self._read_steps(missing):
                text = self.summary_text(step.events)
                texts[step.number] = (step.at, text)
                made.append(NewSummary(step.number, self._last_seq(step.number), self.fingerprint, step.at, text))
            try:
                self.journal.write_summaries(made)
            except JournalError:
                pass  # a cache left unwritten: these steps are read from their events again next time
        numbers = range(since + 1, len(self._first))
        # One parse of every row's text, not one a row: the parser's own cost a call is most of a short row's.
        parsed = json.loads("[" + ",".join(texts[number][1] for number in numbers) + "]")
        flags, done = self._flags, set(self._done)
        return [HistoryEntry(number, texts[number][0], tuple(events), not flags[number] & _CORE and number not in done)
                for number, events in zip(numbers, parsed)]

    def summary_text(self, events: Sequence[Event]) -> str:
        """A step's public events as its summary row holds them (JSON): what its history shows."""
        return _SUMMARY_JSON([{"kind": e.kind, **({"step": e.step} if isinstance(e, CORE_EVENTS)
                                                  else self.game.public_event(e))} for e in events])

    def marked(self, entries: Sequence[HistoryEntry]) -> list[HistoryEntry]:
        """`entries` (of this game's history) with `undone` as it is now: the same objects where
        it has not changed. What a caller keeping the history (`core.history_kept`) reads instead
        of every step's events again: an entry's events never change, whether it is in effect does."""
        done, flags = set(self._done), self._flags
        out = []
        for entry in entries:
            undone = not flags[entry.step] & _CORE and entry.step not in done
            out.append(entry if undone == entry.undone else dataclasses.replace(entry, undone=undone))
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
            state = self._fold(state, self._events(number))
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
        commands = [(later_step.number, self.game.command_of(later_step.events))
                    for later_step in self._read_steps(later)]
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
        written = self.journal.append_steps([[self.codec.encode(e) for e in events] for events in planned],
                                            fingerprint=self.fingerprint,
                                            summaries=[self.summary_text(events) for events in planned])
        steps = []
        for (number, records), events in zip(written, planned):
            self._index(number, records[0].seq, [r.kind for r in records])
            steps.append(Step(number, events, records[0].at))
        for step in steps:
            self._fold_step(step)
        self._sync_finished()
        for step in steps:
            for listener in list(self.listeners):
                listener(step)
        return steps

    @property
    def checkpoint_due(self) -> bool:
        """A checkpoint (or a stale one's removal) waits for `write_checkpoint`."""
        return not self.journal.is_read_only and (self._pending is not None or bool(self._stale))

    def write_checkpoint(self, synced: bool = False) -> bool:
        """Writes the checkpoint due on disk now (and removes the stale ones), in a transaction of
        its own: at a moment nobody waits for (the table idle, the game put away), never within a
        step, so no step's own write or disk sync waits for it. `synced`: with a disk sync of its
        own (the table idle: the next step's sync then flushes only that step). True when one was
        written. A cut before it loses only the cache: a resume folds from the checkpoint before."""
        new, drop = self._checkpoints_due()
        if not new and not drop:
            return False
        self.journal.write_checkpoints(new, drop, synced=synced)
        self._pending = None
        del self._stale[:]
        return bool(new)
