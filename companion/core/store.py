"""Where the journals live: one file per game under `<data dir>/games/`.

One file per game keeps a damaged file from touching any other game, makes `companion replay FILE`
natural, and lets home and history list games by reading only each file's meta table and last row.

What the store met on disk — a file set aside, one busy or refused — is kept as `notices`
(`core.data_notices`), data the home screen can show; a damaged game's intact steps can be brought
back with `recover`. The store is the owner's (`core.owner`): it may set files aside, tidy what a
kill left (`tidy`) and write; tools that only look use `Journal.read`.
"""

from __future__ import annotations

import dataclasses
import json
import logging
import os
import time
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from companion.core import data_notices
from companion.core.catalog import META_RESULT, Catalog, folder_signature, result_meta, result_of, signature, stat_signature
from companion.core.data_notices import DataNotice
from companion.core.errors import BusyJournal, CorruptJournal, ForeignJournal, JournalError, NewerJournal, UnreadableJournal
from companion.core.journal import Clock, Journal, set_aside, stamp, utc_now
from companion.core.journal_files import games_files, is_file
from companion.core.journal_schema import FORMAT, VERSION
from companion.core.recovery import NothingToRecover, salvage
from companion.core.tidy import tidy

log = logging.getLogger("companion.store")

SUFFIX = ".journal"

#: Meta keys a game's journal carries from its creation on (JSON texts): who sat where, so a set-up
#: screen can offer the last game's players without replaying it, and which pad is whose, so a
#: resumed game maps pads to seats as it was set up.
META_PLAYERS, META_COLOURS, META_PADS = "players", "colours", "pads"
#: Meta key of a game the table closed unfinished (abandoned) from home: the UTC time it was closed,
#: "" once reopened. Only a meta row (with its own sum): every step stays where it was, the file
#: stays in games/, the history still lists it, and reopening it takes one meta row back.
META_CLOSED = "closed"


@dataclasses.dataclass(frozen=True)
class JournalInfo:
    """A journal as listed, read from its meta and last row only (nothing replayed): its file, game,
    creation time, whether it is finished; who plays (`players`, names per seat, () when unknown),
    where it stands (`steps`: the number of its last step; 0: not even set up, never resumed) and
    when it was last played (`last_played`, the last step's UTC time, "" without one)."""

    path: Path
    game: str
    created: str
    finished: bool
    players: tuple[str, ...] = ()
    steps: int = 0
    last_played: str = ""
    closed: str = ""  # when the table closed it unfinished (UTC), "" when it is not closed
    #: A finished game's public result as its journal recorded it when it ended (`META_RESULT`):
    #: VP per seat (None where the game shows none in public) and the winning seats; () before.
    scores: tuple[int | None, ...] = ()
    winners: tuple[int, ...] = ()

    @property
    def is_started(self) -> bool:
        """It holds its set-up step: only such a game is ever resumed."""
        return self.steps > 0

    @property
    def is_closed(self) -> bool:
        """Closed unfinished from home (abandoned): no longer offered to resume, still in the history."""
        return bool(self.closed)

    def to_data(self) -> dict[str, Any]:
        """As the catalog keeps it (JSON), without the path (the catalog is keyed by file name)."""
        data = dataclasses.asdict(self)
        del data["path"]
        return data

    @classmethod
    def from_data(cls, path: Path, data: Mapping[str, Any]) -> "JournalInfo | None":
        """Back from `to_data`; None for a row that does not read as one (read its journal again)."""
        try:
            # map(), not generators: the history's list of games builds one a finished game
            info = cls(path, str(data["game"]), str(data["created"]), bool(data["finished"]),
                       tuple(map(str, data["players"])), int(data["steps"]), str(data["last_played"]),
                       str(data["closed"]), tuple([None if v is None else int(v) for v in data["scores"]]),
                       tuple(map(int, data["winners"])))
        except (KeyError, TypeError, ValueError):
            return None
        return info


@dataclasses.dataclass(frozen=True)
class RecentPlayers:
    """Who sat at a game: names and colours per seat (colours empty for a game without them), and
    `pads[seat]`, the pad number (from 0) that seat had or None; `pads` None when the game did not
    record one (pad k played seat k)."""

    names: tuple[str, ...]
    colours: tuple[str, ...] = ()
    pads: tuple[int | None, ...] | None = None


def seating_meta(names: Sequence[str], colours: Sequence[str] = (),
                 pads: Sequence[int | None] | None = None) -> dict[str, str]:
    """The journal meta for a new game's seating (see `META_PLAYERS`); nothing for what is absent."""
    meta = {META_PLAYERS: json.dumps(list(names), ensure_ascii=False)}
    if colours:
        meta[META_COLOURS] = json.dumps(list(colours))
    if pads is not None:
        meta[META_PADS] = json.dumps(list(pads))
    return meta


def _texts(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def _json(text: str | None) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def pads_from_meta(meta: Mapping[str, str]) -> tuple[int | None, ...] | None:
    """The seat → pad list a journal's meta records, or None (none recorded, or unreadable: then
    pad k plays seat k, as before pads could be given)."""
    pads = _json(meta.get(META_PADS))
    if not isinstance(pads, list):
        return None
    if not all(p is None or (isinstance(p, int) and not isinstance(p, bool) and p >= 0) for p in pads):
        return None
    return tuple(pads)


def seating_of(journal: Journal) -> RecentPlayers | None:
    """Who sat at this journal's game, without replaying it: its meta, or for a journal written
    before the meta had them, the first event's own `players` and `colours` (every game's setup
    event names its players)."""
    meta = journal.meta
    names = _texts(_json(meta.get(META_PLAYERS)))
    colours = _texts(_json(meta.get(META_COLOURS))) or ()
    if names is None:
        try:
            first = next(iter(journal.records()), None)
        except JournalError:
            first = None
        payload = _json(first.payload) if first is not None else None
        if not isinstance(payload, dict):
            return None
        names = _texts(payload.get("players"))
        colours = _texts(payload.get("colours")) or ()
    if not names:
        return None
    return RecentPlayers(names, colours if len(colours) == len(names) else (), pads_from_meta(meta))


@dataclasses.dataclass(frozen=True)
class SetAside:
    """A file that could not be used and was moved out of the way: where it went and why."""

    original: Path
    moved_to: Path
    reason: str


@dataclasses.dataclass(frozen=True)
class JournalCheck:
    """What `JournalStore.check_all` found wrong with one journal: the file, its signature as it
    was read (`catalog.signature`, None: it could not be looked at) and the fault."""

    path: Path
    signature: str | None
    error: JournalError


@dataclasses.dataclass(frozen=True)
class Recovered:
    """A damaged game brought back: the new journal, the file it came from, the steps it holds
    (1 to `steps`) and why reading the damaged file stopped."""

    path: Path
    source: Path
    steps: int
    stopped: str


def _entry_signature(found: Mapping[str, os.DirEntry], name: str) -> str | None:
    """`catalog.stat_signature` of the file `name` among the folder's entries `found`; "" when it
    is not a regular file, None when it cannot be looked at."""
    try:
        if not found[name].is_file():
            return ""
        st = found[name].stat()
    except OSError:
        return None
    wal = found.get(name + "-wal")
    try:
        wal_stat = wal.stat() if wal is not None else None
    except OSError:
        wal_stat = None
    return stat_signature(st, wal_stat)


class _Row:
    """A catalog row as the store keeps it: its signature, and its info read from its JSON text
    only when a listing shows it (a start and home list the games still to play, not every one)."""

    __slots__ = ("sig", "_text", "_data", "_info", "_past")

    def __init__(self, sig: str, text: str | None) -> None:
        self.sig = sig
        self._text = text
        self._data: Any = None
        self._info: JournalInfo | None = None
        self._past: bool | None = None

    @classmethod
    def of(cls, sig: str, info: JournalInfo) -> "_Row":
        row = cls(sig, None)
        row._info, row._data = info, info.to_data()
        return row

    def data(self) -> Any:
        if self._data is None and self._text is not None:
            self._data = _json(self._text)
            self._text = None
        return self._data

    def is_past(self) -> bool:
        """The row says its game is finished or closed: a game home does not offer (a row that
        says neither, or does not read, is no row: its journal is read again)."""
        if self._past is None:
            data = self.data()
            self._past = isinstance(data, dict) and (data.get("finished") is True or bool(data.get("closed")))
        return self._past

    def info(self, folder: Path, name: str) -> JournalInfo | None:
        """Its `JournalInfo` (the file `name` in `folder`: a store's rows are all of one folder)."""
        if self._info is None:
            data = self.data()
            self._info = JournalInfo.from_data(folder / name, data) if isinstance(data, dict) else None
        return self._info


class JournalStore:
    def __init__(self, data_dir: str | Path, clock: Clock = utc_now) -> None:
        """`clock`: what the journals' times are read from (the wall clock, or a fixed one)."""
        self.data_dir = Path(data_dir)
        self.clock = clock
        self.games_dir = self.data_dir / "games"
        self.set_aside: list[SetAside] = []
        self.refused: list[JournalError] = []
        self._notices: dict[tuple[str, Path], DataNotice] = {}
        self.catalog = Catalog(self.data_dir)
        self._known: dict[str, _Row] | None = None  # the catalog's rows, once read
        self._folder: str | None = None  # the games folder's signature the rows were checked against

    # -- what the table should be told ---------------------------------------------------------

    @property
    def notices(self) -> list[DataNotice]:
        """What the store met on disk since it was made, oldest first, each file once."""
        return list(self._notices.values())

    def _tell(self, notice: DataNotice) -> None:
        self._notices[(notice.kind, notice.path)] = notice

    def _retell(self, about: Path, notice: DataNotice) -> None:
        """`notice` in place of what was told about the file `about` (where it was in the list: a
        row on home changes its words, it does not jump)."""
        notices: dict[tuple[str, Path], DataNotice] = {}
        for key, told in self._notices.items():
            if told.path != about:
                notices[key] = told
            elif (notice.kind, notice.path) not in notices:
                notices[(notice.kind, notice.path)] = notice
        notices.setdefault((notice.kind, notice.path), notice)
        self._notices = notices

    def _note(self, path: Path, exc: JournalError) -> None:
        """A file the store could not use and leaves where it is (busy, newer, unreadable, foreign)."""
        if isinstance(exc, ForeignJournal):
            self._tell(data_notices.foreign(path, exc))
        elif isinstance(exc, BusyJournal):
            self._tell(data_notices.busy(path, exc))
        elif isinstance(exc, NewerJournal):
            if not any(Path(r.path) == path for r in self.refused):
                self.refused.append(exc)
            self._tell(data_notices.newer(path, exc))
        elif isinstance(exc, UnreadableJournal):
            self._tell(data_notices.unreadable(path, exc))

    # -- one journal -----------------------------------------------------------------------------

    def new(self, game: str, *, steps: Sequence[Sequence[tuple[str, str]]] = (), **meta: str) -> Journal:
        """A new journal for `game` holding `steps` from the moment it exists (a game's set-up step:
        a journal never exists without it); `meta` (e.g. `seating_meta(...)`) is written with it, in
        one transaction, so a crash never leaves a game without it. Atomic (`Journal.create`)."""
        return Journal.create(self._new_path(game), game, self.clock, steps=steps, **meta)

    def _new_path(self, game: str) -> Path:
        when = self.clock().astimezone().strftime("%Y%m%d-%H%M%S-%f")
        path = self.games_dir / f"{when}-{game}{SUFFIX}"
        n = 1
        while path.exists():  # a fixed clock names every journal alike
            n += 1
            path = self.games_dir / f"{when}-{n}-{game}{SUFFIX}"
        return path

    def open(self, path: str | Path) -> Journal:
        """Opens one journal to play on. A damaged file is set aside (recorded, told), a foreign,
        newer, busy or unreadable one left where it is (told); the error is raised either way."""
        path = Path(path)
        try:
            return Journal.open(path, self.clock)
        except CorruptJournal as exc:
            self.damaged(path, exc)
            raise
        except JournalError as exc:
            self._note(path, exc)
            raise

    def damaged(self, path: str | Path, exc: CorruptJournal) -> Path | None:
        """Sets a damaged file aside and tells the table; the new path, or None when the folder
        does not allow it (then the file stays, unopened, and the table is told why). Only damage:
        a file that is not companion's at all (`ForeignJournal`) is not ours to rename."""
        path = Path(path)
        try:
            moved = set_aside(path, self.clock().astimezone())
        except OSError as error:
            self._tell(data_notices.not_set_aside(path, exc, error.strerror or str(error)))
            log.error("%s is damaged (%s) and could not be set aside: %s", path.name, exc.message, error)
            return None
        self.set_aside.append(SetAside(path, moved, exc.message))
        self._tell(data_notices.set_aside(path, moved, exc))
        log.error("%s set aside as %s: %s", path.name, moved.name, exc.message)
        return moved

    # -- every journal -----------------------------------------------------------------------------

    def list(self) -> list[JournalInfo]:
        """Every usable journal, newest first. Unusable files are set aside (damaged) or left (foreign,
        busy, newer, unreadable) and told, not listed. A finished or closed game whose file has not
        changed since it was last read is listed from the catalog (`core.catalog`) without opening
        it; every other journal is opened and checked, and the catalog told what it says."""
        return self._listing(past=True)

    def _listing(self, past: bool) -> list[JournalInfo]:
        """`list`, with the games the catalog lists (finished or closed, never resumable) left out
        unless `past`: what home and a start read need not build a row for every game played.

        One directory read a listing. A file is looked at (one stat, and its write-ahead log's)
        unless the folder is as it was when the catalog's rows were last checked against it
        (`catalog.folder_signature`: no file added, removed or renamed since, so none written by
        SQLite, which makes a write-ahead log beside the file it writes) and the file has no
        write-ahead log now (the open game's): then its row's signature stands for it. A byte
        changed in a file without SQLite, the folder untouched, is what the full check finds
        (`verify_all`), as one that rots on the card is."""
        try:
            folder_stat = os.stat(self.games_dir)
            now_ns = time.time_ns()
            with os.scandir(self.games_dir) as entries:
                found = {entry.name: entry for entry in entries}
        except OSError:
            return []
        names = sorted((n for n in found if n.endswith(SUFFIX)), reverse=True)
        if self._known is None and names:
            rows, self._folder = self.catalog.raw_rows()
            self._known = {name: _Row(sig, text) for name, (sig, text) in rows.items()}
        known = self._known or {}
        folder = folder_signature(folder_stat, now_ns)
        trusted = folder is not None and folder == self._folder
        infos, now, put = [], {}, {}
        for name in names:
            row = known.get(name)
            if trusted and row is not None and name + "-wal" not in found:
                sig: str | None = row.sig
            else:
                sig = _entry_signature(found, name)
                if sig == "":
                    continue  # not a regular file
            if row is not None and sig is not None and row.sig == sig and row.is_past():
                if past:
                    info = row.info(self.games_dir, name)
                    if info is not None:
                        infos.append(info)
                        now[name] = row
                        continue
                else:
                    now[name] = row
                    continue
            info = self._read_info(self.games_dir / name)
            if info is None:
                continue
            infos.append(info)
            if sig is not None and (info.finished or info.is_closed):  # an unfinished game is read each time
                now[name] = put[name] = _Row.of(sig, info)
        if names and now.keys() != known.keys() or put or folder != self._folder:
            self.catalog.update({name: (row.sig, row.data()) for name, row in put.items()}, now, folder)
            self._known, self._folder = now, folder
        return infos

    def _read_info(self, path: Path) -> JournalInfo | None:
        """One journal's listing, opened and checked (`Journal.read`); None when it cannot be used
        (set aside or told)."""
        try:
            with Journal.read(path) as journal:
                seating = seating_of(journal)
                scores, winners = result_of(journal.meta) if journal.is_finished else ((), ())
                return JournalInfo(path, journal.game, journal.meta.get("created", ""), journal.is_finished,
                                   seating.names if seating is not None else (), journal.last_step,
                                   journal.last_played(), journal.meta.get(META_CLOSED, ""), scores, winners)
        except CorruptJournal as exc:
            self.damaged(path, exc)
        except JournalError as exc:
            self._note(path, exc)
        return None

    def catalogue(self) -> list[JournalInfo]:
        """Every finished game and every game closed unfinished (set up), newest first: what a
        history of plays or an export reads (`JournalInfo.scores` / `winners` for finished ones)."""
        return [info for info in self.list() if info.finished or (info.is_closed and info.is_started)]

    def verify_all(self) -> list[Path]:
        """The full check the listing leaves out: every journal read and every event checked
        (`Journal.verify`); a damaged one is set aside and told as at start. Returns the files set
        aside. What `companion doctor` checks (without moving anything), for the owner of the data
        directory at an idle moment: never on the way to a frame (the app runs `check_all` on a
        thread of its own and `settle_checks` on its main thread)."""
        return self.settle_checks(self.check_all())

    def check_all(self, skip: Iterable[Path] = (), between: Callable[[], None] | None = None) -> list[JournalCheck]:
        """`verify_all`'s reading half: every journal but those in `skip` (the game open for
        writing, checked as it was resumed) read and every event checked; what was wrong with each,
        with its file's signature as it was read. Reads only and touches nothing of the store's, so
        any thread may run it (each journal is opened read-only, `Journal.read`). `between` runs
        before each journal (a thread's pause while the table is busy)."""
        skipped = {Path(path) for path in skip}
        found = []
        for path in games_files(self.games_dir, f"*{SUFFIX}"):
            if between is not None:
                between()
            if path in skipped or not is_file(path):
                continue
            sig = signature(path)
            try:
                with Journal.read(path) as journal:
                    journal.verify()
            except JournalError as exc:
                found.append(JournalCheck(path, sig, exc))
        return found

    def settle_checks(self, found: Iterable["JournalCheck"]) -> list[Path]:
        """`verify_all`'s acting half, on the store's own thread: each damaged journal found by
        `check_all` is set aside and told, any other fault told. A file written or moved since it
        was checked (its signature changed: resumed, played on, recovered) is left for the next
        check. Returns the files set aside."""
        moved = []
        for check in found:
            if check.signature is None or signature(check.path) != check.signature:
                continue
            if isinstance(check.error, CorruptJournal):
                self._forget(check.path.name)
                to = self.damaged(check.path, check.error)
                if to is not None:
                    moved.append(to)
            else:
                self._note(check.path, check.error)
        return moved

    def unfinished(self) -> list[JournalInfo]:
        """Every game that can be resumed (set up, not finished, not closed), the one played last
        first: what home lists."""
        games = [info for info in self._listing(past=False) if info.is_started and not info.finished and not info.is_closed]
        return sorted(games, key=lambda info: (info.last_played, info.path.name), reverse=True)

    def close_game(self, path: str | Path) -> None:
        """Closes an unfinished game the table will not play on (abandoned): a meta row saying when
        (`META_CLOSED`), nothing else. Raises JournalError (the file cannot be written, is not a
        journal, …); a damaged file is set aside as `open` does."""
        self._set_closed(Path(path), stamp(self.clock))

    def reopen_game(self, path: str | Path) -> None:
        """Takes a `close_game` back: the game is unfinished again, home lists it."""
        self._set_closed(Path(path), "")

    def _forget(self, name: str) -> None:
        """Drops a journal's row (it is being written, or was set aside): it is read again."""
        if self._known is not None:
            self._known.pop(name, None)
        self._folder = None
        self.catalog.forget(name)

    def _set_closed(self, path: Path, value: str) -> None:
        self._forget(path.name)
        journal = self.open(path)
        try:
            journal.set_meta(META_CLOSED, value)
        finally:
            journal.close()
        log.info("%s %s", "closed" if value else "reopened", path.name)

    def latest_unfinished(self) -> JournalInfo | None:
        """The unfinished game played last, which the app resumes at start."""
        return next(iter(self.unfinished()), None)

    def tidy(self) -> list[Path]:
        """At start, by the owner only: removes what a kill left that holds no step (`core.tidy`)."""
        return tidy(self.games_dir)

    def recover(self, damaged: str | Path) -> Recovered:
        """Brings a damaged game (a set-aside file) back up to its last intact step, into a new
        journal beside the others; the damaged file is only read. Raises `NothingToRecover` when
        not one whole step can be read, `JournalError` when the new journal cannot be written."""
        damaged = Path(damaged)
        try:
            found = salvage(damaged)
        except NothingToRecover as exc:
            self._retell(damaged, data_notices.unrecoverable(damaged, exc))
            raise
        meta = {**found.meta, "finished": "0", "recovered_from": damaged.name}
        meta.update(created=meta.get("created") or found.rows[0][4], game=found.game)
        path = self._new_path(found.game)
        Journal.create_from(path, {**meta, "format": FORMAT, "version": str(VERSION)}, found.rows, self.clock).close()
        self._retell(damaged, data_notices.recovered(damaged, path, found.steps))
        log.info("recovered steps 1-%d of %s into %s", found.steps, damaged.name, path.name)
        return Recovered(path, damaged, found.steps, found.stopped)

    def recent_players(self, game: str) -> RecentPlayers | None:
        """Who played the newest game of `game` that names its players, finished or not. Reads
        only the newest files of that game (their names say which game), replays nothing, and
        leaves an unusable file where it is: offering names is no reason to move a file."""
        for path in games_files(self.games_dir, f"*-{game}{SUFFIX}"):
            try:
                with Journal.read(path) as journal:
                    seating = seating_of(journal) if journal.game == game else None
            except JournalError:
                continue
            if seating is not None:
                return seating
        return None

    def recent_names(self, files: int = 12) -> list[str]:
        """Every name seated in the newest `files` games of any kind, finished or not, newest game
        first and each name once: what the on-screen keyboard offers one tap away. Like
        `recent_players`, it reads only the journals' seating and leaves an unusable file alone."""
        names: list[str] = []
        for count, path in enumerate(games_files(self.games_dir, f"*{SUFFIX}")):
            if count >= files:
                break
            try:
                with Journal.read(path) as journal:
                    seating = seating_of(journal)
            except JournalError:
                continue
            for name in seating.names if seating is not None else ():
                if name.strip() and name not in names:
                    names.append(name)
        return names


__all__ = ["META_CLOSED", "META_RESULT", "result_meta", "result_of", "JournalInfo", "JournalStore", "NothingToRecover", "Recovered", "RecentPlayers", "SetAside", "SUFFIX",
           "pads_from_meta", "seating_meta", "seating_of"]
