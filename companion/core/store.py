"""Where the journals live: one file per game under `<data dir>/games/`.

One file per game keeps a damaged file from touching any other game, makes `companion replay FILE`
natural, and lets the history screen list finished games by reading only each file's meta table.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.core.errors import CorruptJournal, ForeignJournal, JournalError, NewerJournal
from companion.core.journal import Clock, Journal, set_aside, utc_now

SUFFIX = ".journal"

#: Meta keys a game's journal carries from its creation on (JSON texts): who sat where, so a set-up
#: screen can offer the last game's players without replaying it, and which pad is whose, so a
#: resumed game maps pads to seats as it was set up.
META_PLAYERS, META_COLOURS, META_PADS = "players", "colours", "pads"


@dataclasses.dataclass(frozen=True)
class JournalInfo:
    """A journal as listed: its file, game, creation time and whether it is finished."""

    path: Path
    game: str
    created: str
    finished: bool


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
        first = next(iter(journal.records()), None)
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


class JournalStore:
    def __init__(self, data_dir: str | Path, clock: Clock = utc_now) -> None:
        """`clock`: what the journals' times are read from (the wall clock, or a fixed one)."""
        self.data_dir = Path(data_dir)
        self.clock = clock
        self.games_dir = self.data_dir / "games"
        self.set_aside: list[SetAside] = []
        self.refused: list[JournalError] = []

    def new(self, game: str, **meta: str) -> Journal:
        """A new journal for `game`; `meta` (e.g. `seating_meta(...)`) is written with its creation,
        in one transaction, so a crash never leaves a game without it."""
        self.games_dir.mkdir(parents=True, exist_ok=True)
        stamp = self.clock().astimezone().strftime("%Y%m%d-%H%M%S-%f")
        return Journal.create(self.games_dir / f"{stamp}-{game}{SUFFIX}", game, self.clock, **meta)

    def open(self, path: str | Path) -> Journal:
        """Opens one journal; a corrupt or foreign file is set aside (recorded), a newer one refused."""
        try:
            return Journal.open(path, self.clock)
        except (CorruptJournal, ForeignJournal) as exc:
            moved = set_aside(path)
            self.set_aside.append(SetAside(Path(path), moved, exc.message))
            raise
        except NewerJournal as exc:
            self.refused.append(exc)
            raise

    def list(self) -> list[JournalInfo]:
        """Every usable journal, newest first. Unusable files are set aside or refused, not listed."""
        infos = []
        if not self.games_dir.is_dir():
            return infos
        for path in sorted(self.games_dir.glob(f"*{SUFFIX}"), reverse=True):
            try:
                with self.open(path) as journal:
                    infos.append(JournalInfo(path, journal.game, journal.meta.get("created", ""), journal.is_finished))
            except JournalError:
                continue
        return infos

    def latest_unfinished(self) -> JournalInfo | None:
        return next((info for info in self.list() if not info.finished), None)

    def recent_players(self, game: str) -> RecentPlayers | None:
        """Who played the newest game of `game` that names its players, finished or not. Opens
        only the newest files of that game (their names say which game), replays nothing, and
        leaves an unusable file where it is: offering names is no reason to move a file."""
        if not self.games_dir.is_dir():
            return None
        for path in sorted(self.games_dir.glob(f"*-{game}{SUFFIX}"), reverse=True):
            try:
                with Journal.open(path) as journal:
                    seating = seating_of(journal) if journal.game == game else None
            except JournalError:
                continue
            if seating is not None:
                return seating
        return None
