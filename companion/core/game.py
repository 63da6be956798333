"""The shape every game module presents to the core: decide, apply, view.

A game is pure. `decide(state, command)` validates a command against the rules and returns the
events it causes, or raises `IllegalCommand` naming the rule. `apply(state, event)` folds one event
into the state and is total: an event is a fact, it cannot be refused. `view(state, seat)` is all a
screen, a log or an export may see: seat None is the public view, seat k adds only seat k's secrets.
A view is a `core.views.GameView`: a frozen dataclass that still reads as a mapping.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Generic, Mapping, Sequence, TypeVar

from companion.core.asks import Ask
from companion.core.data_tables import DataTable, Edits, check_edits
from companion.core.events import Command, Event
from companion.core.results import BggEntry, FinalResult
from companion.core.views import GameView

S = TypeVar("S")


@dataclasses.dataclass(frozen=True)
class AutomaticStep:
    """A step a game takes by itself after a player's step (the optional `automatic_step` hook).

    `reason` says why, for the screen's words ("forced": the only legal command; a game may name
    others); `detail` is public (the table may show it), e.g. whose action it took.
    """

    command: Command
    reason: str
    detail: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class Game(Generic[S]):
    """One game's rules: the whole contract a game's rules class (`companion.games.<id>.rules`)
    subclasses. The methods above the line are what every game must give; the hooks below it are
    declared here with their defaults, so a game overrides only what it has and the session calls
    each hook directly (no probing for methods that may or may not exist)."""

    id: str = ""
    event_types: tuple[type[Event], ...] = ()

    def initial_state(self) -> S:
        """The state before the setup command: no players, nothing on the table."""
        raise NotImplementedError

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        """A command from a named intent (screen, script); raises `IllegalCommand` naming the bad field."""
        raise NotImplementedError

    def decide(self, state: S, command: Command) -> Sequence[Event]:
        """The events `command` causes in `state`, or `IllegalCommand` naming the rule (or
        `core.asks.AnswerNeeded` when only the table knows what the step needs)."""
        raise NotImplementedError

    def apply(self, state: S, event: Event) -> S:
        """`state` with `event` folded in: pure and total (an event is a fact)."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None = None) -> GameView:
        """What a screen may know: seat None the public view, seat k adds only seat k's secrets.
        The game's own `GameView` subclass (its module `view.py`), typed for its readers."""
        raise NotImplementedError

    def public_event(self, event: Event) -> Mapping[str, Any]:
        """An event as the history screen, logs and exports may show it (secrets removed)."""
        raise NotImplementedError

    def is_finished(self, state: S) -> bool:
        raise NotImplementedError

    def command_of(self, events: Sequence[Event]) -> Command | None:
        """The command that caused a step's events (to enter it again after a correction), or None
        when the step cannot be entered again (the setup)."""
        raise NotImplementedError

    # -- hooks, each with its default ------------------------------------------------------------

    def command_for_button(self, state: S, seat: int, key: str) -> Command | None:
        """What a press of `key` ("minus", "plus", "ok", "ok_long") on seat's handheld pad means now,
        if anything (a game whose pads play a menu, `pad_menu`, is asked `pad_choices` instead, and
        this only for "ok_long", a long press)."""
        return None

    #: Whether a seat's pad plays a whole turn from a menu of the legal moves (− and + move the
    #: cursor, OK plays the highlighted move): the session then asks `pad_choices`.
    pad_menu: bool = False

    def pad_choices(self, state: S, seat: int) -> Sequence[Command]:
        """With `pad_menu`: what seat `seat` may enter from its own pad now (empty: nothing)."""
        return ()

    def automatic_step(self, state: S, after: Command) -> AutomaticStep | None:
        """For a game whose turns have steps the rules leave no choice about (Trajan's end of
        turn): the step the app takes by itself in `state`, reached by the step `after`. The session
        asks for every pad press and for intents posted with `automatic=True` (the touchscreen), so
        the two ways of entering a turn follow one policy. None: exactly the step."""
        return None

    def is_forced(self, state: S) -> bool:
        """A state an automatic step always leaves at once, which undo and redo step over."""
        return False

    #: A tool for the table (the dice tray), not a game: at start the app resumes the unfinished
    #: game played last, and a tool only when no real game is unfinished, so opening the tray for a
    #: moment never hides the evening's game behind it (`Session.resumable`). Home lists both.
    is_tool: bool = False

    #: Whether the game takes the dice scanner's reads; the session tells the screen of live frames
    #: only while such a game is open. A read answers the game's standing ask whose field is
    #: "dice" (`core.asks.DICE_FIELD`), unless `command_for_dice` says what it means.
    takes_dice: bool = False

    def command_for_dice(self, state: S, read: Any) -> Command | None:
        """With `takes_dice`, for a game whose reads mean more than the answer to its dice ask (Troyes
        matches a read to the district that threw it): the command for a settled read
        (`hardware.facts.DiceRead`). None (the default): the read answers the dice ask, if any."""
        return None

    def asks(self, state: S) -> tuple[Ask, ...]:
        """The questions `state` waits on the table for (`core.asks`, a standing ask): the dice a
        tray waits for, each seat's sealed bid still to choose. Public: no answer's value in them.
        Default: none (a game may still ask by refusing, `AnswerNeeded`)."""
        return ()

    def ask_start(self, state: S, ask: Ask) -> Any:
        """Where a pad answering `ask` starts (what its display shows before the first press): for
        a sealed bid the amount the round holds for the seat, a secret only the rules know. Default:
        the first option, or the range's lowest."""
        if ask.options:
            return ask.options[0]
        return ask.range[0] if ask.range is not None else None

    def summary_text(self, public_view: Mapping[str, Any]) -> str | None:
        """The public view as terminal text for `companion replay`; None: a generic score table.
        Read it as a mapping: it is the game's own view, or the same content as plain data."""
        return None

    #: Whether the game has a calculator mode (`companion score GAME SNAPSHOT.json`): what each
    #: player holds at a season's or the game's end in, the breakdown out (`score_snapshot`).
    has_calculator: bool = False

    def score_snapshot(self, data: Any) -> Mapping[str, Any]:
        """With `has_calculator`: the breakdown of a snapshot (parsed JSON), every point with its
        rule; raises `IllegalCommand` naming the field and the rule a bad snapshot breaks."""
        raise NotImplementedError

    def format_scores(self, result: Mapping[str, Any]) -> str:
        """With `has_calculator`: a `score_snapshot` result as text for a terminal."""
        raise NotImplementedError

    def final_result(self, state: S) -> FinalResult | None:
        """How a finished game ended (`core.results.FinalResult`): each seat's score and whether
        it won, the breakdown with every category's rule, as the end-of-game screen shows it. Read
        only from a finished state (`core.plays` refuses any other), and only from what the public
        view shows at the end: a play record, BG Stats and the export are built on it. None (the
        default): the game leaves no play to record (a tool such as the dice tray)."""
        return None

    def snapshot_key(self) -> str:
        """Whatever the fold (`apply`) depends on besides companion's own code and data files (a
        data file the table edited, kept outside the package): a checkpoint on disk is believed
        only while this is what it was when the checkpoint was written (`core.snapshots`).
        Default: nothing else."""
        return ""

    #: The game on BoardGameGeek (`core.results.BggEntry`: its id, whether confirmed, the source),
    #: which BG Stats matches a pushed play by; set from the data file companion/games/bgg.toml
    #: (`companion.games.bgg.entry`). None: BG Stats matches the play by the game's name only.
    bgg: BggEntry | None = None

    def data_tables(self) -> tuple[DataTable, ...]:
        """The game's editable data tables (`core.data_tables`): card facts a table checks against
        its box and corrects on the card-facts screen, declared in a JSON file beside the data
        (`load_tables`). Default: none, and the settings screen offers no card facts for the game."""
        return ()

    def check_data(self, edits: Edits) -> None:
        """Refuses (`IllegalCommand` naming the field and the rule) a table's edits the game's data
        cannot take. Default: the kit's checks of each field's kind and bounds; a game adds the
        checks across fields its data parser makes (an event's grey cubes below its flags)."""
        check_edits(self.data_tables(), edits)

    def setup_with_data(self, setup: Mapping[str, Any], edits: Edits) -> dict[str, Any]:
        """The set-up intent's arguments with the table's edits in force, so that its set-up event
        records them (a replay of the game never reads the edits file). What the set-up was given
        itself (a script's own data) wins over the table's. Default: unchanged (no data tables)."""
        return dict(setup)

