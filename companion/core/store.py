"""Where the journals live: one file per game under `<data dir>/games/`.

One file per game keeps a damaged file from touching any other game, makes `companion replay FILE`
natural, and lets the history screen list finished games by reading only each file's meta table.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from pathlib import Path

from companion.core.errors import CorruptJournal, ForeignJournal, JournalError, NewerJournal
from companion.core.journal import Journal, set_aside

SUFFIX = ".journal"


@dataclasses.dataclass(frozen=True)
class JournalInfo:
    """A journal as listed: its file, game, creation time and whether it is finished."""

    path: Path
    game: str
    created: str
    finished: bool


@dataclasses.dataclass(frozen=True)
class SetAside:
    """A file that could not be used and was moved out of the way: where it went and why."""

    original: Path
    moved_to: Path
    reason: str


class JournalStore:
    def __init__(self, data_dir: str | Path) -> None:
        self.data_dir = Path(data_dir)
        self.games_dir = self.data_dir / "games"
        self.set_aside: list[SetAside] = []
        self.refused: list[JournalError] = []

    def new(self, game: str) -> Journal:
        self.games_dir.mkdir(parents=True, exist_ok=True)
        stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        return Journal.create(self.games_dir / f"{stamp}-{game}{SUFFIX}", game)

    def open(self, path: str | Path) -> Journal:
        """Opens one journal; a corrupt or foreign file is set aside (recorded), a newer one refused."""
        try:
            return Journal.open(path)
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
