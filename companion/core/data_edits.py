"""The table's own card facts: one small JSON file per game in the data directory
(`<data dir>/card-facts/<game>.json`), never in the package, written atomically.

Why a file of its own and not the config: the values are the table's corrections of a game's data
files (`core.data_tables`), read at each new game's set-up, which records them in its journal; the
file only says what the next game starts with. A file that cannot be used (not JSON, the wrong
shape, a value the game's data no longer takes after an update) never stops the table: it is
named in a notice (`data_notices.card_facts`) and the shipped facts are used; the next save sets
the damaged file aside (its bytes kept) before writing the new one.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Mapping

from companion.core import data_notices
from companion.core.data_notices import DataNotice
from companion.core.data_tables import RULE, DataSheet, read_entries
from companion.core.errors import IllegalCommand
from companion.core.journal_files import fsync_dir, set_aside

FOLDER = "card-facts"
FORMAT = 1

#: Checks edits as a whole (the game's `check_data`); raises IllegalCommand.
Check = Callable[[Mapping[str, Any]], None]


def path_for(data_dir: Path, game_id: str) -> Path:
    return Path(data_dir) / FOLDER / f"{game_id}.json"


@dataclasses.dataclass(frozen=True)
class Loaded:
    """What the file gives: the table's `edits` ({} when it has none or cannot be used) and, when
    it cannot be used, the `notice` naming it."""

    edits: Mapping[str, Mapping[str, Mapping[str, Any]]]
    notice: DataNotice | None = None


def load(data_dir: Path, game_id: str, check: Check) -> Loaded:
    """The table's edits for the game, checked by `check`; a missing file is no edits."""
    path = path_for(data_dir, game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded({})
    except (OSError, UnicodeDecodeError) as exc:
        return Loaded({}, data_notices.card_facts(path, getattr(exc, "strerror", None) or str(exc)))
    try:
        doc = json.loads(text)
    except ValueError as exc:
        return Loaded({}, data_notices.card_facts(path, f"not JSON: {exc}"))
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT or doc.get("game") != game_id \
            or not isinstance(doc.get("edits"), Mapping):
        return Loaded({}, data_notices.card_facts(path, f'not a card facts file of {game_id} (format {FORMAT})'))
    edits = doc["edits"]
    try:
        check(edits)
    except IllegalCommand as exc:
        return Loaded({}, data_notices.card_facts(path, exc.message))
    return Loaded(edits)


def save(data_dir: Path, game_id: str, edits: Mapping[str, Any], *, damaged: bool = False) -> Path:
    """Writes the edits (empty tables and entries left out) in one step: a temporary file in the
    same folder, synced, renamed over the old one, the folder synced. `damaged`: the file there now
    could not be used: it is set aside first, so its bytes are kept. Raises OSError."""
    path = path_for(data_dir, game_id)
    path.parent.mkdir(parents=True, exist_ok=True)
    if damaged and path.exists():
        set_aside(path)
    kept = {t: {e: dict(f) for e, f in entries.items() if f} for t, entries in edits.items()}
    text = json.dumps({"format": FORMAT, "game": game_id, "edits": {t: e for t, e in kept.items() if e}},
                      ensure_ascii=False, indent=1, sort_keys=True) + "\n"
    fd, tmp = tempfile.mkstemp(prefix=f".{game_id}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    try:
        fsync_dir(path.parent)
    except OSError:
        pass  # the rename happened; only its durability across a power cut is in doubt
    return path


class CardFacts:
    """The table's card facts of every game in one data directory, for the session: each game's
    sheet for the screen, a change checked by the game's rules and saved at once, and the edits a
    new game's set-up takes. Notices of files that could not be used are kept for home."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = Path(data_dir)
        self.notices: dict[str, DataNotice] = {}

    def _load(self, game: Any) -> Loaded:
        loaded = load(self.data_dir, game.id, game.check_data)
        if loaded.notice is not None:
            self.notices[game.id] = loaded.notice
        else:
            self.notices.pop(game.id, None)
        return loaded

    def sheet(self, game: Any) -> DataSheet | None:
        """The game's tables, entries and the table's edits; None: the game declares no tables."""
        tables = game.data_tables()
        if not tables:
            return None
        loaded = self._load(game)
        return DataSheet(game.id, tables, {t.id: read_entries(t) for t in tables}, loaded.edits, loaded.notice)

    def edits(self, game: Any) -> Mapping[str, Any]:
        """What a new game of `game` starts with: the table's edits, or {} (none, or unusable)."""
        return self._load(game).edits if game.data_tables() else {}

    def change(self, game: Any, table: str, entry: str, field: str, value: Any) -> DataSheet:
        """Sets one field to the table's own value (None: back to the shipped value), checked by
        the game's rules as a whole before anything is written; raises IllegalCommand naming the
        field and the rule, or when the file cannot be written."""
        sheet = self.sheet(game)
        if sheet is None:
            raise IllegalCommand(RULE, "{game} has no card facts to set.", game=game.id)
        data_table = sheet.table(table)
        if entry not in {e.id for e in sheet.entries[table]}:
            raise IllegalCommand(data_table.rule, "There is no entry '{entry}' in {table}.", entry=entry, table=table)
        data_table.field(field)
        edits = sheet.edited(table, entry, field, value)
        game.check_data(edits)
        try:
            save(self.data_dir, game.id, edits, damaged=sheet.notice is not None)
        except OSError as exc:
            raise IllegalCommand(RULE, "The card facts could not be saved ({reason}); nothing was changed.",
                                 reason=exc.strerror or str(exc)) from exc
        self.notices.pop(game.id, None)
        return DataSheet(game.id, sheet.tables, sheet.entries, edits)


__all__ = ["CardFacts", "FOLDER", "Loaded", "load", "path_for", "save"]
