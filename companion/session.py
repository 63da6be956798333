"""The session: turns facts (touch intents, pad presses, dice reads) into commands for the current game.

It owns the current `Engine` and is driven from one thread only (the UI main thread, via the bridge).
After every fact it tells its listeners what the table should now see: a `TableView` holding only
public information. A refusal becomes a notice naming the rule; nothing illegal reaches the journal.

The dice scanner's facts: `ScannerStatus` and `DiceLive` describe the world, not the game, so they
are kept (the latest of each, in every `TableView`: dice lie open on the table) and never clear a
notice; a `DiceRead` answers the open game's ask for dice (`core.asks.DICE_FIELD`: the ask's
intent posted with the read and its provenance), unless the game's `command_for_dice` says what
it means (Troyes matches a read to the district that threw it); otherwise it is ignored with a
notice saying so.

Asks (`core.asks`): the table view carries what the game waits for (`TableView.asks`, and the ask a
refusal raised). Every device answers one by posting its intent with the answer: the `answer`
intent, a scanner read, and a seat's pad, which answers its own seat's ask with −/+ and OK
(`companion.pad_answers`: the choice is kept privately until OK posts it, so a sealed bid's amount
is never in a table view, a log line or the journal before its lock). An ask for anyone (`who`
None) is answered by the touchscreen, the scanner or a script, never a pad.

Automatic steps: a game may name steps it takes by itself after a player's (`Game` optional
`automatic_step`, `is_forced`: Trajan's end of turn once nothing is left to choose). The session
takes them after every pad press and after an intent posted with `automatic=True` (the
touchscreen), each journaled like any other step before the listeners hear of any, and then undo
and redo step over the states they pass through. So a pad and the screen enter a turn alike.
"""

from __future__ import annotations

import dataclasses
import logging
import secrets
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.core.engine import Engine, HistoryEntry, Step
# Asks are the UI's to read through this module too (`ask_from_data`, `dice_ask`).
from companion.core.asks import AnswerNeeded, Ask, ask_from_data, ask_view, dice_ask, read_answer  # noqa: F401
from companion.core.data_edits import CardFacts
from companion.core.data_notices import DataNotice
from companion.core.data_tables import DataSheet
from companion.core.errors import CorruptJournal, IllegalCommand, JournalError
from companion.core.events import Command
from companion.core.game import Game
from companion.core.history_kept import KeptHistory
from companion.core.intent_args import IntentArgs, as_shaped, list_of, optional, shown, whole_in
from companion.core.journal import Journal
from companion.core.journal_files import SET_ASIDE_MARK
from companion.core.store import (META_CLOSED, SUFFIX, JournalInfo, JournalStore, NothingToRecover, RecentPlayers,
                                  pads_from_meta, seating_meta)
from companion.core.views import GameView
from companion.core import bgstats
from companion.core.plays import PlayRecord, finished_plays
from companion.pad_answers import NOT_YET, PadAnswers
from companion.intake import check_fact, check_intent
# The facts are also the UI's to name through this module (a dice tray's demo builds scanner facts):
# DESIGN's arrows let the UI reach hardware.facts only through the session.
from hardware.facts import PRESS_KEYS, ButtonPressed, DeviceStatus, DiceLive, DiceRead, ScannerStatus

log = logging.getLogger("companion.session")

#: The most automatic steps after one player's step. A chain is short (the tray's only action, the
#: end of the turn, the last demand in the bag …); the bound keeps a faulty hook from hanging the table.
MAX_AUTOMATIC = 16

#: The rule of the last-resort refusal: not the table's mistake but the app's (a bug, logged).
FAULT = "app fault"

#: What the table is told when the open game's journal is found damaged while it is played (a
#: history, an undo or a correction reads steps from the file again): what was done, what to do.
DAMAGED_WHILE_OPEN = ("The journal {file} is damaged: the game was closed and the file set aside, kept whole. "
                      "Recover its intact steps from home; companion doctor names the damage.")


@dataclasses.dataclass(frozen=True)
class Intent:
    """A request from the touchscreen or a script: `name` with JSON-like `args`.

    Session-level names: new_game {game, setup: {...}}, resume {path?}, recover {path} (a set-aside
    journal's game up to its last intact step, into a new journal, opened), close (the open game,
    which stays unfinished), close_game {path} (an unfinished game the table will not play on:
    marked closed, kept whole), reopen_game {path} (takes that back), undo, redo,
    correct {step, name, args}, answer {value, seat?} (the answer to `TableView.ask`, the question the
    last step raised or the first the game waits for; with `seat`, to that seat's ask: its step
    posted with the answer). A new_game's setup may hold `pads`: per seat, the pad number (from
    0) that plays it or None; the session takes it out (it is no game's business), so any game
    can be played from any pad. Without it pad k plays seat k.
    Any other name is the current game's own (`Game.parse_command`).

    `automatic`: the session also takes the steps the game takes by itself after this one, and an
    undo or redo steps over the states those pass through (`Game` optional `automatic_step`,
    `is_forced`), as a pad always does: the table screen posts so. False: exactly this step
    (scripts, tests, the history screen).
    """

    name: str
    args: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    automatic: bool = False


@dataclasses.dataclass(frozen=True)
class Notice:
    """Something to tell the table: a refusal (with its rule) or information. `template` and
    `params` let the screen translate it; `text` is the English. `ask`: the refused step needs an
    answer only the table knows (`core.asks`), asked as data; the words are for whoever reads."""

    level: str  # "refused", "info", "error"
    template: str
    params: Mapping[str, Any]
    rule: str = ""
    ask: Ask | None = None

    @property
    def text(self) -> str:
        return self.template.format(**self.params)

    @classmethod
    def refused(cls, exc: IllegalCommand) -> "Notice":
        return cls("refused", exc.template, dict(exc.params), exc.rule,
                   exc.ask if isinstance(exc, AnswerNeeded) else None)


@dataclasses.dataclass(frozen=True)
class TableView:
    """All a shared screen may know: the public view, never game state."""

    game: str | None
    view: GameView | None
    can_undo: bool
    can_redo: bool
    finished: bool
    notice: Notice | None
    journal: str | None
    step: int
    # Seat → index into that seat's pad menu (`Game.pad_choices`), for games a pad can play a
    # whole turn in: − and + move the cursor, OK plays the highlighted choice. The screen may
    # highlight it; the choices themselves are public (they are the legal moves).
    pad_cursor: Mapping[int, int] = dataclasses.field(default_factory=dict)
    # The dice scanner, whatever game is open: its link (`hardware.facts.ScannerStatus`, None
    # until the first report) and what lies in the tray now (`hardware.facts.DiceLive`, None
    # until the first frame), for an inline status line and a live dice panel.
    scanner: ScannerStatus | None = None
    dice_live: DiceLive | None = None
    # The steps the game took by itself after the last fact's step, oldest first: per step
    # {"step": number, "reason": …, **detail} (`core.game.AutomaticStep`, public), so a screen can
    # say what happened ("Senate taken, the only action there") whichever device played.
    automatic: tuple[Mapping[str, Any], ...] = ()
    # What the open game waits on the table for (`Game.asks`: the dice, each seat's bid to choose),
    # public: no answer's value.
    asks: tuple[Ask, ...] = ()

    @property
    def ask(self) -> Ask | None:
        """What the table is asked now: the question the last step raised, else the first the game
        waits for, or None."""
        if self.notice is not None and self.notice.ask is not None:
            return self.notice.ask
        return self.asks[0] if self.asks else None


class Session:
    def __init__(self, games: Mapping[str, Game[Any]], store: JournalStore) -> None:
        self.games = games  # may be lazy: a game's rules are imported when it is opened
        self.store = store
        self.engine: Engine[Any] | None = None
        self.notice: Notice | None = None
        self.pad_cursor: dict[int, int] = {}
        self.answers = PadAnswers()  # what each seat's pad answers so far: never public, never journaled
        self._previous: Notice | None = None  # while a fact is handled: the notice before it
        # (state, the game's asks in it, the same as plain data): what the table and the pads read
        self._asked_in: tuple[Any, tuple[Ask, ...], tuple[dict[str, Any] | None, ...]] | None = None
        # Seat → pad number (None: no pad) of the open game; None: pad k plays seat k.
        self.seat_pads: tuple[int | None, ...] | None = None
        self._seats = 0  # players in the open game
        self.scanner: ScannerStatus | None = None  # the latest scanner status (public)
        self.dice_live: DiceLive | None = None  # the latest dice frame (public)
        self.automatic: list[Mapping[str, Any]] = []  # the automatic steps after the last fact's step
        self.listeners: list[Callable[[TableView], None]] = []
        # Does another fact already wait to be handled (the app's bridge queue)? A live dice frame
        # is then kept but not told: the waiting fact's tell carries it, before any frame is drawn.
        self.more_queued: Callable[[], bool] = lambda: False
        # What start-up found in the data and config directories (the composition root fills it).
        self.start_notices: list[DataNotice] = []
        self.step_listeners: list[Callable[[Step], None]] = []
        self._standing_views: dict[tuple[str, int, str], Mapping[str, Any] | None] = {}  # `standing_view`'s
        self._plays: tuple[tuple[Any, ...], list[PlayRecord]] | None = None  # `finished_plays`' (files' key, records)
        self.card_facts = CardFacts(store.data_dir)  # the table's own card facts (core.data_edits)
        self._handling = False  # a fact is being handled: its own tell carries what `_journal_failed` says
        self._telling = self._tell_again = False  # `_tell` runs; and another is due when it is done
        self._kept: KeptHistory | None = None  # the open game's history as read so far

    # -- what the table sees -------------------------------------------------------------------

    def table_view(self) -> TableView:
        engine = self.engine
        if engine is None:
            return TableView(None, None, False, False, False, self.notice, None, 0,
                             scanner=self.scanner, dice_live=self.dice_live)
        return TableView(
            engine.game.id, engine.view(None), engine.can_undo, engine.can_redo, engine.is_finished,
            self.notice, str(engine.journal.path), engine.journal.last_step, dict(self.pad_cursor),
            self.scanner, self.dice_live, tuple(self.automatic), self._standing(),
        )

    def seat_view(self, seat: int) -> Mapping[str, Any] | None:
        """Seat `seat`'s private view, for that seat's pad (or its private panel) only: the game's
        seat view plus `answering`, the ask its pad answers now with `value`, the answer its pad
        shows (None when it answers nothing), and `draft`, that value when it is a secret amount
        (a sealed bid before its lock; None otherwise)."""
        engine = self.engine
        if engine is None:
            return None
        view = engine.view(seat)
        ask = self._pad_ask(seat, self.notice)
        value = self.answers.value(seat, ask, lambda: engine.game.ask_start(engine.state, ask))
        answering = None if ask is None else {**self._ask_data(ask), "value": value}
        return {**view, "answering": answering, "draft": value if ask is not None and ask.secret else None}

    def _standing(self) -> tuple[Ask, ...]:
        """The asks the open game waits for now (`Game.asks`), kept for the state they were asked
        in (a state is immutable: one press updates the table and every pad, which all read them)."""
        engine = self.engine
        if engine is None:
            return ()
        state = engine.state
        if self._asked_in is None or self._asked_in[0] is not state:
            asks = tuple(engine.game.asks(state))
            self._asked_in = (state, asks, tuple(ask_view(a) for a in asks))
        return self._asked_in[1]

    def _ask_data(self, ask: Ask) -> dict[str, Any]:
        """`ask` as plain data, for a seat view: a standing ask's made once per state."""
        kept = self._asked_in
        if kept is not None:
            for standing, data in zip(kept[1], kept[2]):
                if standing is ask:
                    return data  # type: ignore[return-value]
        return ask_view(ask) or {}

    def _pad_ask(self, seat: int, notice: "Notice | None") -> Ask | None:
        """The ask seat's pad answers: the one the last step raised when it is this seat's, else
        the game's standing ask for this seat; only one a pad can answer (`Ask.is_for_pad`)."""
        raised = notice.ask if notice is not None else None
        if raised is not None and raised.who == seat and raised.is_for_pad:
            return raised
        return next((a for a in self._standing() if a.who == seat and a.is_for_pad), None)

    def history(self, since: int = 0) -> list[HistoryEntry]:
        """The open game's steps after step `since` (0: all), oldest first (`Engine.history`),
        each read from the journal once while the game is open (`core.history_kept`).

        The engine reads most steps' events from the journal again, so a file damaged while the
        game is open is found here: never raised to the screen asking, it becomes the table's
        notice (`_journal_failed`: the game closed, the file set aside) and the history is empty."""
        if self.engine is None:
            return []
        if self._kept is None:
            self._kept = KeptHistory(self.engine)
        try:
            return self._kept.history(since)
        except JournalError as exc:
            self._journal_failed(exc)
            return []

    def correction_view(self, step: int) -> GameView:
        """The public view of the state before step `step`, for the history screen's "correct"
        panel: its `choices` (what the step could have been instead, for games whose view lists
        them), and what a screen needs to word them or ask more about them (Trajan: the tiles a
        table drawing by hand may name). A journal that cannot be read for it (the state is folded
        from steps read again) is told as `history` tells it, and the correction refused."""
        engine = self._require_engine()
        try:
            return engine.game.view(engine.state_before(step), None)
        except JournalError as exc:
            self._journal_failed(exc)
            raise IllegalCommand("correct", "Step {step} cannot be corrected: its game's journal cannot be read.",
                                 step=step) from exc

    def finished_games(self) -> list[JournalInfo]:
        """The games the history lists as past: finished ones, and those the table closed
        unfinished from home (`JournalInfo.is_closed`), newest first (`JournalStore.catalogue`)."""
        return self.store.catalogue()

    def resumable(self) -> JournalInfo | None:
        """What the app resumes at start: the unfinished game played last, never a tool over a game
        (`Game.is_tool`: the dice tray opened last while a Trajan game waits resumes Trajan); a
        tool only when no real game is unfinished. None: nothing to resume."""
        games = self.unfinished_games()
        return next((info for info in games if not self._is_tool(info.game)), games[0] if games else None)

    def _is_tool(self, game_id: str) -> bool:
        """Only the games with an unfinished journal are asked (their rules imported), and the one
        resumed is imported anyway."""
        game = self.games.get(game_id)
        return game is not None and bool(game.is_tool)

    def standing_view(self, info: JournalInfo) -> Mapping[str, Any] | None:
        """The public view of a listed game where it stands now (its journal read and replayed,
        nothing written), for home to say where each unfinished game stands; None when it cannot
        be read or its game cannot be played here (home then says only its step). Kept per file
        and step, so going home again replays only what changed."""
        key = (str(info.path), info.steps, info.last_played)
        if key in self._standing_views:
            return self._standing_views[key]
        view: Mapping[str, Any] | None = None
        game = self.games.get(info.game)
        if game is not None:
            try:
                with Journal.read(info.path) as journal:
                    view = Engine(game, journal).view(None)
            except (JournalError, ValueError) as exc:  # damaged after the listing, or a game mismatch
                log.warning("%s: where it stands cannot be read: %s", info.path.name, exc)
        self._standing_views = {k: v for k, v in self._standing_views.items() if k[0] != key[0]}
        self._standing_views[key] = view
        return view

    def finished_plays(self) -> list[PlayRecord]:
        """Every finished play on disk, newest first (`core.plays.finished_plays`: each finished
        journal replayed once, only read), for the history of plays and its statistics; kept while
        no journal file changed. An unfinished game is never among them: its secrets are secret."""
        key = self._games_key()
        if self._plays is None or self._plays[0] != key:
            records, skipped = finished_plays(self.store.games_dir, self.games)
            for line in skipped:
                log.warning("finished plays: skipped %s", line)
            self._plays = (key, records)
        return list(self._plays[1])

    def _games_key(self) -> tuple[Any, ...]:
        """The journal files as they are now (name, size, modification time): what `finished_plays`
        was read from."""
        key = []
        try:
            for path in sorted(self.store.games_dir.glob(f"*{SUFFIX}*")):  # with their -wal files
                stat = path.stat()
                key.append((path.name, stat.st_size, stat.st_mtime_ns))
        except OSError:
            return ()
        return tuple(key)

    def bgstats_link(self, record: PlayRecord, game_name: str) -> str:
        """The play as BG Stats' push-play link (`core.bgstats`; `game_name` its English title):
        what the play's QR code carries. Raises `bgstats.LinkTooLong` past what a QR code carries."""
        game = self.games.get(record.game)
        return bgstats.push_link(bgstats.push_json(record, game_name, game.bgg if game is not None else None))

    def unfinished_games(self) -> list[JournalInfo]:
        """Every game that can be resumed, the one played last first (game, players, steps, last
        played: `JournalInfo`), for home to list."""
        return self.store.unfinished()

    def data_notices(self) -> list[DataNotice]:
        """What the table should be told about its files: the start-up's (the data directory, the
        config) and the store's since (files set aside, busy, refused, recovered), for home."""
        return [*self.start_notices, *self.store.notices, *self.card_facts.notices.values()]

    # -- card facts: a game's editable data tables (core.data_tables) ------------------------------

    def data_games(self) -> list[str]:
        """The games whose card facts the table may set (`Game.data_tables`), in the games' order."""
        return [game_id for game_id in self.games if self.games[game_id].data_tables()]

    def data_sheet(self, game_id: str) -> DataSheet | None:
        """The game's card facts as shipped, with the table's own values (None: it has none)."""
        game = self.games.get(game_id)
        return self.card_facts.sheet(game) if game is not None else None

    def set_data(self, game_id: str, table: str, entry: str, field: str, value: Any) -> DataSheet:
        """The table's own value of one card fact (None: back to the shipped value), saved for the
        next game's set-up; refused (IllegalCommand naming the field and the rule) when the game's
        rules do not take it, and nothing is written then."""
        game = self.games.get(game_id)
        if game is None:
            raise IllegalCommand("new game", "'{game}' cannot be played yet.", game=game_id)
        return self.card_facts.change(game, table, entry, field, value)

    def recover(self, path: str | Path) -> None:
        """Recovers a set-aside game up to its last intact step into a new journal and opens it
        (`JournalStore.recover`). Raises IllegalCommand when not one whole step can be read back
        (the store's notice for the file then says so, and offers no Recover), JournalError when
        the new journal cannot be written."""
        try:
            recovered = self.store.recover(path)
        except NothingToRecover as exc:
            raise IllegalCommand("recover", "Nothing of {file} can be recovered: {reason}. The file stays where "
                                 "it was set aside.", file=Path(path).name, reason=exc.message) from exc
        self.resume(recovered.path)

    def resumable_of(self, game_id: str) -> JournalInfo | None:
        """The newest unfinished journal of `game_id` (a tool such as the dice tray carries on
        where it was rather than starting a new journal each time it is opened); one the table
        closed from home is not carried on: opening the tool again starts afresh."""
        return next((info for info in self.store.list()
                     if info.game == game_id and not info.finished and not info.is_closed), None)

    def recent_players(self, game_id: str) -> RecentPlayers | None:
        """Who played the newest game of `game_id`, from the journals on disk (after a restart
        too), for the set-up screens to offer again: a game night keeps its players."""
        return self.store.recent_players(game_id)

    def recent_names(self) -> list[str]:
        """The names of the last games' players, any game, newest first, each once (the on-screen
        keyboard's one-tap names)."""
        return self.store.recent_names()

    def seat_of_pad(self, pad: int) -> int | None:
        """The seat pad `pad` plays in the open game, or None when that pad was given to nobody
        (without a choice in the setup, pad k plays seat k while there is a seat k)."""
        if self.seat_pads is None:
            return pad if 0 <= pad < self._seats else None
        return self.seat_pads.index(pad) if pad in self.seat_pads else None

    def pad_of_seat(self, seat: int) -> int | None:
        """The pad that plays seat `seat` (whose display shows that seat's secrets), or None."""
        if self.seat_pads is None:
            return seat if 0 <= seat < self._seats else None
        return self.seat_pads[seat] if 0 <= seat < len(self.seat_pads) else None

    # -- facts ---------------------------------------------------------------------------------

    def handle(self, fact: object) -> None:
        """Handles one fact and tells the listeners. Never raises for bad input: a fact or an intent
        of the wrong shape is refused naming its field (`companion.intake`), and so is anything the
        rules refuse; nothing refused reaches the journal. A fault of the app's own is logged with
        its traceback and told as a notice too, so one bad tap never stops the table."""
        try:
            if not isinstance(fact, Intent):  # an intent's envelope is checked where it is read
                check_fact(fact)
        except IllegalCommand as exc:
            self._refuse(exc)
            self._tell()
            return
        if isinstance(fact, (ScannerStatus, DiceLive)):
            self._scanner_fact(fact)
            return
        asked = self.notice.ask if self.notice is not None else None
        self._previous = self.notice
        self.notice = None
        self.automatic = []
        written = self._written()
        self._handling = True
        try:
            if isinstance(fact, Intent):
                self._intent(fact, asked)
            elif isinstance(fact, ButtonPressed):
                self._button(fact)
            elif isinstance(fact, DiceRead):
                self._dice_read(fact)
            elif isinstance(fact, DeviceStatus):
                self.notice = Notice("info", "{device}: {status}", {"device": fact.device, "status": fact.status})
        except IllegalCommand as exc:
            self._refuse(exc)
        except JournalError as exc:
            self._journal_failed(exc)
        except Exception as exc:  # a fault of the app's, not of the input: logged, told, survived
            self._fault(fact, exc, written)
        finally:
            self._handling = False
        self._previous = None
        self._tell()

    def _journal_failed(self, exc: JournalError) -> None:
        """The open game's journal failed under a step, an undo, a correction or a read of the
        history (most steps' events are read from the file again, not kept). A file busy or out of
        reach (`BusyJournal`, `UnreadableJournal`) may be healthy: the game stays open and the
        table is told why nothing was done. A damaged one (`CorruptJournal`) is treated as a start
        treats it: the game is closed without writing another byte into it, the file set aside
        whole (`JournalStore.damaged`, whose notice home lists with Recover), and the table told
        which file and what to do. Told at once when no fact is being handled (a screen reading
        the history), else with that fact."""
        engine = self.engine
        log.error("journal: %s", exc)
        if not isinstance(exc, CorruptJournal) or engine is None or Path(exc.path) != Path(engine.journal.path):
            self.notice = Notice("error", "The journal could not be used: {reason}", {"reason": exc.message})
        else:
            path = Path(engine.journal.path)
            self._close(checkpoint=False)
            self.store.damaged(path, exc)
            self.notice = Notice("error", DAMAGED_WHILE_OPEN, {"file": path.name})
        if not self._handling:
            self._tell()

    def _refuse(self, exc: IllegalCommand) -> None:
        self.notice = Notice.refused(exc)
        log.info("refused [%s]: %s", exc.rule, exc.message)

    def _written(self) -> tuple[str, int] | None:
        """Which journal is open and its last step: what a fault may or may not have changed."""
        return (str(self.engine.journal.path), self.engine.journal.last_step) if self.engine is not None else None

    def _fault(self, fact: object, exc: Exception, written: tuple[str, int] | None) -> None:
        """The last resort: an exception no check foresaw. Only the fact's kind is logged beside the
        traceback (an intent's args may hold a secret bid). The words say whether anything was
        written: the journal is as it was unless a step was committed before the fault."""
        what = fact.name if isinstance(fact, Intent) else type(fact).__name__
        log.exception("fault handling %s", what)
        error = type(exc).__name__
        if self._written() == written:
            self._refuse(IllegalCommand(FAULT, "That could not be entered: the app met a fault ({error}) and wrote nothing.",
                                        error=error))
        else:
            self.notice = Notice("error", "That was entered, then the app met a fault ({error}).", {"error": error})

    def _tell(self) -> None:
        """Tells the listeners the table view. A listener that reads the history may find the
        journal damaged, which closes the game (`_journal_failed`) while the others still hold the
        old view: that second tell waits until this one is done, then every listener hears it."""
        if self._telling:
            self._tell_again = True
            return
        self._telling = True
        try:
            again = True
            while again:
                self._tell_again = False
                view = self.table_view()
                for listener in list(self.listeners):
                    listener(view)
                again = self._tell_again
        finally:
            self._telling = False

    def _scanner_fact(self, fact: ScannerStatus | DiceLive) -> None:
        """Kept as the latest of its kind. A notice stays: it answers the players' last action, and
        a die tumbling (up to 50 frames a second) must not wipe a refusal before it is read. Live
        frames are told only while the open game takes dice: a game without dice is not redrawn
        for every frame of a throw (its `TableView` still carries the latest one). Nor is a live
        frame with another fact queued behind it (`more_queued`: the settled read the scanner sends
        right after its last frame): that fact's tell shows it, and the read reaches the rules a
        whole refresh of the view-models sooner."""
        if isinstance(fact, ScannerStatus):
            self.scanner = fact
        else:
            self.dice_live = fact
            if not self._takes_dice() or self.more_queued():
                return
        self._tell()

    def _takes_dice(self) -> bool:
        return self.engine is not None and self.engine.game.takes_dice

    def _dice_read(self, fact: DiceRead) -> None:
        """A settled read: the answer to the ask for dice (its intent posted with the read and where
        it came from), or what the game says it means, or a notice that nothing took it."""
        engine = self.engine
        command = engine.game.command_for_dice(engine.state, fact) if engine is not None else None
        if command is not None and engine is not None:
            engine.execute(command)
            return
        raised = self._previous.ask if self._previous is not None else None
        ask = dice_ask([raised, *self._standing()])
        if ask is None:
            self.notice = Notice("info", "Dice read {seq} ignored: nothing is waiting for dice.", {"seq": fact.seq})
            return
        self._intent(Intent(*read_answer(ask, fact)))

    def _intent(self, intent: Intent, asked: Ask | None = None) -> None:
        """`asked`: the question the previous fact's step raised, which an `answer` answers.
        Session-level intents read their args here (each under its own rule); a game's intent is
        the game's `parse_command`, which reads its own."""
        check_intent(intent.name, intent.args, intent.automatic)
        name, args = intent.name, intent.args
        if name == "new_game":
            new = IntentArgs(args, "new game")
            self.new_game(new.text("game", ""), new.mapping("setup", {}))
        elif name == "resume":
            self.resume(_journal_path(IntentArgs(args, "resume")))
        elif name == "recover":
            self.recover(_set_aside_path(IntentArgs(args, "recover")))
        elif name == "close":
            self._close()
        elif name == "close_game":
            self.close_game(_journal_path(IntentArgs(args, "close game"), required=True))
        elif name == "reopen_game":
            self.reopen_game(_journal_path(IntentArgs(args, "reopen game"), required=True))
        elif name == "undo":
            self._undo(intent.automatic)
        elif name == "redo":
            self._redo(intent.automatic)
        elif name == "correct":
            self._correct(IntentArgs(args, "correct"))
        elif name == "seat_key":
            self._seat_key_intent(IntentArgs(args, "seat_key"))
        elif name == "answer":
            self._answer(IntentArgs(args, "answer"), asked, intent.automatic)
        else:
            engine = self._require_engine()
            command = engine.game.parse_command(name, args)
            # Sealed bids' ForceReveal, asked by its mark: start-up need not import the sealed bids.
            if getattr(command, "takes_drafts", False):  # the amounts the unlocked seats' pads show
                command = dataclasses.replace(command, drafts=self._shown_drafts())
            self._execute(command, intent.automatic)

    def _answer(self, args: IntentArgs, asked: Ask | None, automatic: bool) -> None:
        """The asked step, posted with the answer: to the question the last step raised or the
        first the game waits for, or with `seat` to that seat's. A wrong answer is refused by the
        rules like any other step (a raised question is then asked no more)."""
        seat = args.optional_whole("seat") if "seat" in args else None
        asks = ([asked] if asked is not None else []) + list(self._standing())
        ask = next((a for a in asks if seat is None or a.who == seat), None)
        if ask is None:
            raise IllegalCommand("answer", "Nothing is being asked now.")
        if "value" not in args:
            raise IllegalCommand("answer", "'{field}' is missing.", field="value")
        name, answered = ask.answered(args.get("value"))
        self._intent(Intent(name, answered, automatic))

    def _execute(self, command: Command, automatic: bool) -> None:
        """Plays a player's `command`, then (when `automatic`) the steps the game takes by itself
        after it (`automatic_step`), all journaled in one durable transaction before the screen
        hears of any (`Engine.execute_chain`); listed in `automatic` for the screen. A refused
        automatic step ends the chain and its refusal is the notice (the player's own step stays:
        the table sees why the app stopped, e.g. Trajan's tile to enter)."""
        engine = self._require_engine()
        follow = engine.game.automatic_step if automatic else None
        chain = engine.execute_chain(command, follow, MAX_AUTOMATIC)
        for step, taken in zip(chain.steps[1:], chain.followed):
            self.automatic.append({"step": step.number, "reason": taken.reason, **taken.detail})
        if chain.refusal is not None:
            raise chain.refusal

    def _forced(self, state: Any) -> bool:
        """The open game says `state` is one an automatic step always leaves (`is_forced`)."""
        return bool(self._require_engine().game.is_forced(state))

    def _undo(self, automatic: bool) -> None:
        """Undo; with `automatic`, on past the states an automatic step left, so one Undo takes back
        what a player did together with what the app did after it (Trajan: the action and the end
        of turn that followed), in one durable transaction. A state that revealed secrets still
        stops it (`can_undo`). The notice names the step taken back (the player's, the earliest),
        so the table hears what Undo undid; the screen words that step as its history does."""
        engine = self._require_engine()
        first = engine.undo(self._forced if automatic else None)
        self.notice = Notice("info", "Undid step {step}.", {"step": self._step_targets(first.number)})

    def _redo(self, automatic: bool) -> None:
        """Redo; with `automatic`, on through the states the automatic steps passed (as `_undo`);
        the notice names the step put back (the player's, the earliest)."""
        engine = self._require_engine()
        first = engine.redo(self._forced if automatic else None)
        self.notice = Notice("info", "Redid step {step}.", {"step": self._step_targets(first.number)})

    def _step_targets(self, since: int) -> int:
        """The earliest step an undo or redo from step `since` on took back or put back."""
        targets = [event["step"] for entry in self._require_engine().history(since - 1)
                   for event in entry.events if event.get("kind") in ("core.undo", "core.redo")
                   and isinstance(event.get("step"), int)]
        return min(targets) if targets else since

    def _shown_drafts(self) -> tuple[tuple[int, int], ...]:
        """(seat, amount) for every seat choosing a secret amount (a bid it has not locked): what
        its pad shows, for a forced reveal."""
        engine = self._require_engine()
        shown = ((ask.who, self.answers.value(ask.who, ask, lambda a=ask: engine.game.ask_start(engine.state, a)))
                 for ask in self._standing() if ask.secret and ask.is_for_pad and ask.who is not None)
        return tuple((seat, amount) for seat, amount in shown if isinstance(amount, int))

    def _seat_key_intent(self, args: IntentArgs) -> None:
        """Intent("seat_key", {"seat": S, "key": K}): a seat's private touchscreen panel stands in
        for its pad (same keys, same meaning)."""
        self._require_engine()
        seat, key = args.whole("seat"), args.choice("key", PRESS_KEYS)
        if not 0 <= seat < self._seats:
            raise IllegalCommand("seat_key", "There is no seat {n}.", n=seat + 1)
        self.seat_key(seat, key)

    def _correct(self, args: IntentArgs) -> None:
        """Intent("correct", {"step": N, "name": …, "args": {…}}): step N is replaced by the named
        intent and the later steps are entered again where still legal; the notice says which not."""
        engine = self._require_engine()
        step = args.whole("step")
        command = engine.game.parse_command(args.text("name", ""), args.mapping("args", {}))
        result = engine.correct(step, command)
        which = ", ".join(f"#{number} [{exc.rule}]" for number, exc in result.dropped)
        if result.dropped:
            self.notice = Notice("info", "Step {step} corrected; {kept} later entries entered again; these no longer apply: {which}.",
                                 {"step": step, "kept": len(result.replayed), "which": which})
        else:
            self.notice = Notice("info", "Step {step} corrected; {kept} later entries entered again.",
                                 {"step": step, "kept": len(result.replayed)})
        log.info("corrected step %d: %d re-entered, %d dropped", step, len(result.replayed), len(result.dropped))

    def _button(self, fact: ButtonPressed) -> None:
        """`fact.pad` is the pad's number (its place in the config); the set-up said whose it is."""
        engine = self.engine
        if engine is None:
            return
        seat = self.seat_of_pad(fact.pad)
        if seat is None:
            self.notice = Notice("info", "Pad {pad} belongs to no player in this game: the press did nothing.",
                                 {"pad": fact.pad + 1})
            return
        self.seat_key(seat, fact.key)

    def seat_key(self, seat: int, key: str) -> None:
        """A key for seat `seat`, from its pad or from its private touchscreen panel (a seat
        without a pad): the answer to the seat's ask (−/+ choose, OK posts it), a move from the
        pad menu, or the game's meaning."""
        engine = self._require_engine()
        previous = self._previous if self._previous is not None else self.notice
        ask = self._pad_ask(seat, previous)
        if ask is not None and key in ("minus", "plus", "ok"):
            value = self.answers.press(seat, key, ask, lambda: engine.game.ask_start(engine.state, ask))
            if value is NOT_YET:
                if previous is not None and previous.ask is ask:
                    self.notice = previous  # the question the last step raised stays asked while the pad chooses
                return
            name, args = ask.answered(value)
            self._intent(Intent(name, args, automatic=True))
            return
        if not engine.game.pad_menu:
            command = engine.game.command_for_button(engine.state, seat, key)
            if command is not None:
                self._execute(command, automatic=True)
            return
        if key == "ok_long":  # a long press means what the game says (Augustus: skip), not a menu step
            command = engine.game.command_for_button(engine.state, seat, key)
            if command is not None:
                self._execute(command, automatic=True)
            return
        state = engine.state
        choices = engine.game.pad_choices(state, seat)
        if not choices:
            self.pad_cursor.pop(seat, None)
            self.notice = Notice("info", "Seat {n}: nothing to enter from this pad now.", {"n": seat + 1})
            return
        cursor = self.pad_cursor.get(seat, 0) % len(choices)
        if key in ("minus", "plus"):
            self.pad_cursor[seat] = (cursor + (1 if key == "plus" else -1)) % len(choices)
        elif key == "ok":
            try:
                self._execute(choices[cursor], automatic=True)
            finally:
                if self._require_engine().state is not state:  # the pad's step was written
                    self.pad_cursor[seat] = 0  # the menu is new after every move

    def _require_engine(self) -> Engine[Any]:
        if self.engine is None:
            raise IllegalCommand("no game", "No game is open: start or resume one first.")
        return self.engine

    # -- games ---------------------------------------------------------------------------------

    def new_game(self, game_id: str, setup: dict[str, Any]) -> None:
        """Validates the setup before any file is created, so a refused setup leaves nothing behind."""
        game = self.games.get(game_id)
        if game is None:
            raise IllegalCommand("new game", "'{game}' cannot be played yet.", game=game_id)
        pads = _take_pads(setup)
        setup = game.setup_with_data(setup, self.card_facts.edits(game))  # recorded by the set-up event
        setup.setdefault("seed", secrets.randbits(63))
        command = game.parse_command("setup", setup)
        names, colours = _seating(game, game.decide(game.initial_state(), command))
        if pads is not None and len(pads) != len(names):
            raise IllegalCommand("pads", "Give each of the {count} players a pad or no pad.", count=len(names))
        self._close()
        meta = seating_meta(names, colours, pads)
        engine = Engine.begin(game, command, lambda first: self.store.new(game_id, steps=[first], **meta))
        self._attach(engine)
        self.seat_pads, self._seats = pads, len(names)
        self._on_step(engine.latest_step)  # type: ignore[arg-type]  # the set-up step, written with the file
        log.info("new game %s: %s", game_id, engine.journal.path.name)

    def close_game(self, path: str | Path) -> None:
        """Closes an unfinished game the table will not play on (from home, after a confirm): the
        journal is kept whole and only marked closed (`JournalStore.close_game`), so the history
        still lists it and `reopen_game` takes it back. The open game is closed first if it is it."""
        path = check_journal_path(path, "close game")
        if self.engine is not None and Path(self.engine.journal.path) == path:
            self._close()
        self.store.close_game(path)
        self.notice = Notice("info", "Game closed: it stays in the history and is no longer offered to resume.", {})

    def reopen_game(self, path: str | Path) -> None:
        """Takes a `close_game` back: home lists the game again."""
        path = check_journal_path(path, "reopen game")
        self.store.reopen_game(path)
        self.notice = Notice("info", "Game reopened: it is offered to resume again.", {})

    def resume(self, path: str | Path | None = None) -> None:
        """Opens an unfinished game: `path`, checked as any file is (a journal's name, companion's,
        intact: `check_journal_path`, then the store's checks), or the one `resumable` names. A
        game closed from home and resumed by its path is unfinished again."""
        if path is None:
            info = self.resumable()
            if info is None:
                raise IllegalCommand("resume", "There is no unfinished game to resume.")
            path = info.path
        path = check_journal_path(path, "resume")
        journal = self.store.open(path)
        game = self.games.get(journal.game)
        if game is None:
            journal.close()
            raise IllegalCommand("resume", "This journal is for '{game}', which this version cannot play.", game=journal.game)
        if journal.last_step == 0:
            journal.close()
            raise IllegalCommand("resume", "This journal holds no game: its set-up was never written.")
        try:
            engine = Engine(game, journal)
        except CorruptJournal as exc:  # a step found damaged as it was replayed: never a different game
            journal.close()
            self.store.damaged(path, exc)
            raise
        if journal.meta.get(META_CLOSED):
            journal.set_meta(META_CLOSED, "")  # played on: no longer closed
        self._close()
        self._attach(engine)
        self.seat_pads = pads_from_meta(journal.meta)
        self._seats = len(self.engine.view(None).players)  # type: ignore[union-attr]
        log.info("resumed %s at step %d", Path(path).name, journal.last_step)

    def _attach(self, engine: Engine[Any]) -> None:
        self.engine = engine
        self._kept = None
        engine.listeners.append(self._on_step)

    def _on_step(self, step: Step) -> None:
        # Only kinds and numbers: a payload may hold a secret, and logs are not private.
        log.info("durable step %d (%s)", step.number, ",".join(e.kind for e in step.events))
        for listener in list(self.step_listeners):
            listener(step)

    def idle(self) -> None:
        """The table is idle (the UI's idle moment): the open game's checkpoint due is written now,
        with its own disk sync, never within a tap (`Engine.write_checkpoint`). A cut before this
        loses only that cache: the next resume folds from the checkpoint before."""
        self._write_checkpoint(synced=True)

    def _write_checkpoint(self, synced: bool) -> None:
        """The open game's checkpoint due, if any, so the next resume folds from it: a cache, so a
        failure to write it is logged and never a reason to stop playing or not to close."""
        engine = self.engine
        if engine is None or engine.is_finished or not engine.checkpoint_due:
            return
        try:
            engine.write_checkpoint(synced=synced)
        except JournalError as exc:
            log.warning("%s: its checkpoint was not written: %s", engine.journal.path.name, exc)

    def _close(self, checkpoint: bool = True) -> None:
        """Closes the open game; with `checkpoint` (not for a damaged file), its checkpoint due first."""
        if self.engine is not None:
            if checkpoint:
                self._write_checkpoint(synced=False)  # no sync of its own: nobody plays on in this file
            self.engine.journal.close()
            self.engine = None
            self._kept = None
        self.seat_pads, self._seats = None, 0
        self.pad_cursor = {}
        self.answers.clear()
        self._asked_in = None

    def shutdown(self) -> None:
        self._close()


def _set_aside_path(args: IntentArgs) -> str:
    """A recover intent's `path`: the set-aside file home offered (its name is the store's, so it
    need not end in the journal suffix): a text, not empty."""
    path = args.text("path")
    if not path:
        raise IllegalCommand(args.rule, "'{field}' must be a text, got {value}", field="path", value=shown(path))
    return path


def _take_pads(setup: dict[str, Any]) -> tuple[int | None, ...] | None:
    """Takes `pads` out of a new game's setup (the game never sees it) and checks it: a pad number
    (from 0) or None per seat, no pad twice. None when the setup gave none."""
    pads = setup.pop("pads", None)
    if pads is None:
        return None
    pads = as_shaped(pads, "pads", "pads", list_of(optional(whole_in(0))),
                     "'{field}' must list a pad number or nothing per seat, got {value}")
    given = [p for p in pads if p is not None]
    twice = next((p for p in given if given.count(p) > 1), None)
    if twice is not None:
        raise IllegalCommand("pads", "Pad {pad} is given to two players.", pad=twice + 1)
    return tuple(pads)


def _journal_path(args: IntentArgs, required: bool = False) -> str | None:
    """An intent's `path` of a journal (resume, close_game, reopen_game): a journal file, or (not
    `required`: resume) None for the game `Session.resumable` names. Its name is checked before
    the store opens it (`check_journal_path`): a path the table did not get from the store (a slip
    in a script) must not open a file that is not a journal."""
    path = args.text("path") if required else args.optional_text("path")
    if required and not path:
        raise IllegalCommand(args.rule, "'{field}' must be a text, got {value}", field="path", value=shown(path))
    if path is not None:
        check_journal_path(path, args.rule)
    return path


def check_journal_path(path: str | Path, rule: str = "resume") -> Path:
    """`path` if its name is a journal's (…`SUFFIX`), else refused in plain words: a set-aside
    damaged game is recovered, not resumed (home's Recover); anything else is not a journal. What
    is in the file (companion's? intact?) the store checks when it opens it."""
    path = Path(path)
    if path.name.endswith(SUFFIX):
        return path
    if SET_ASIDE_MARK in path.name:
        raise IllegalCommand(rule, "{file} is a damaged game set aside: recover its intact steps from home "
                             "(Recover), it cannot be played on as it is.", file=path.name)
    raise IllegalCommand(rule, "'{field}' must name a journal file (*{suffix}), got {value}",
                         field="path", suffix=SUFFIX, value=shown(str(path)))


def _seating(game: Game[Any], events: Any) -> tuple[list[str], list[str]]:
    """Names and colours per seat of the game these setup events start, from its public view
    (every game's view lists its `players`; colours only when every seat has one)."""
    state = game.initial_state()
    for event in events:
        state = game.apply(state, event)
    players = game.view(state, None).players
    names = [p.name for p in players]
    colours = [p.colour for p in players if p.colour]
    return names, colours if len(colours) == len(names) else []
