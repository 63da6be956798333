"""Finished plays as records: what a finished game's journal says about the play, for the history
of plays, BG Stats and `companion export` (issue 23).

A game says how its end reads through `Game.final_result(state)` (a `FinalResult`: every player's
score, whether they won, the breakdown with its rules); this module adds what the journal knows
(when, how long, who sat where) and refuses an unfinished game, so no record is ever made of a
state whose secrets (an unrevealed bid, hidden VP, a character card) are not yet public. Only the
public final result goes in: a record holds nothing the end-of-game screen does not show.

Pure (standard library and core only). `read_plays` is the one place that finds the finished
plays on disk; a catalog index can take its place without its callers changing.
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
from pathlib import Path
from typing import Any, Iterable, Mapping, Sequence

from companion.core.engine import Engine
from companion.core.errors import IllegalCommand, JournalError
from companion.core.journal import Journal
from companion.core.journal_files import games_files
from companion.core.store import SUFFIX
from companion.core.results import Category, FinalResult, PlayerResult, winners_by_score

RULE = "finished plays"


class NotFinished(IllegalCommand):
    """A play that is not over cannot leave the Pi: its secrets are still secret."""

    def __init__(self, name: str, tool: bool = False) -> None:
        if tool:
            super().__init__(RULE, "{file} is a tool for the table, not a play: it has nothing to export.", file=name)
        else:
            super().__init__(RULE, "{file} is not a finished game: only a finished game can be exported "
                                   "(its bids, hidden VP and cards are secret until its end).", file=name)


@dataclasses.dataclass(frozen=True)
class PlayRecord:
    """A finished play: its id (the journal's file name without suffix, stable while the file
    lives), its game, start and end as aware UTC datetimes, and its final result."""

    play_id: str
    game: str
    start: _dt.datetime
    end: _dt.datetime
    result: FinalResult

    @property
    def duration_min(self) -> int:
        """Whole minutes from the set-up to the last step, rounded (at least 0)."""
        return max(0, round((self.end - self.start).total_seconds() / 60))

    @property
    def date(self) -> str:
        """The play's end date (UTC), yyyy-mm-dd."""
        return self.end.strftime("%Y-%m-%d")

    @property
    def players(self) -> tuple[PlayerResult, ...]:
        return self.result.players


def parse_time(text: str) -> _dt.datetime:
    """A journal's UTC ISO time as an aware datetime (a naive one is read as UTC)."""
    when = _dt.datetime.fromisoformat(text)
    return when if when.tzinfo is not None else when.replace(tzinfo=_dt.timezone.utc)


def record_of(game: Any, journal: Journal) -> PlayRecord:
    """The record of the finished play in `journal` (replayed, nothing written). Raises
    `NotFinished` for a game not over, and for a game that has no play to record (a tool)."""
    engine = Engine(game, journal)
    if not game.is_finished(engine.state):
        raise NotFinished(journal.path.name)
    result = game.final_result(engine.state)
    if result is None:
        raise NotFinished(journal.path.name, tool=True)
    first = next(iter(journal.records()), None)
    start_text = journal.meta.get("created") or (first.at if first is not None else "")
    end_text = journal.last_played() or start_text
    return PlayRecord(Path(journal.path).stem, journal.game, parse_time(start_text).astimezone(_dt.timezone.utc),
                      parse_time(end_text).astimezone(_dt.timezone.utc), result)


def read_plays(paths: Iterable[Path], games: Mapping[str, Any],
               since: _dt.date | None = None) -> tuple[list[PlayRecord], list[str]]:
    """Every finished play among the journals `paths` whose game is in `games` and that has a
    result, newest first, ended on or after `since` (UTC date) when given; and the files skipped,
    each with why (unreadable, a game not here). The one reader of finished plays: the history
    screen, BG Stats and the export all come through here."""
    records: list[PlayRecord] = []
    skipped: list[str] = []
    for path in paths:
        try:
            with Journal.read(path) as journal:
                game = games.get(journal.game)
                if game is None:
                    skipped.append(f"{Path(path).name}: its game '{journal.game}' is not installed here")
                    continue
                if not journal.is_finished:
                    continue
                record = record_of(game, journal)
        except NotFinished:
            continue
        except (JournalError, ValueError) as exc:
            skipped.append(f"{Path(path).name}: {exc}")
            continue
        if since is None or record.end.date() >= since:
            records.append(record)
    records.sort(key=lambda r: (r.end, r.play_id), reverse=True)
    return records, skipped


def finished_plays(games_dir: Path, games: Mapping[str, Any],
                   since: _dt.date | None = None) -> tuple[list[PlayRecord], list[str]]:
    """Every finished play in a data directory's games folder (`read_plays` over its journals,
    only read: an export never moves or writes a file, even beside a running app)."""
    return read_plays(games_files(Path(games_dir), f"*{SUFFIX}"), games, since)


__all__ = ["Category", "FinalResult", "NotFinished", "PlayRecord", "PlayerResult", "finished_plays", "parse_time", "read_plays",
           "record_of", "winners_by_score"]
