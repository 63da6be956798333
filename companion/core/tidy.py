"""Start-up tidying of the games folder: what a kill left behind that holds no game.

Three kinds, none of which holds a step anyone saw, so they are removed rather than set aside
(setting them aside would tell the table about a "damaged game" that never existed):
- a journal being built when the app stopped (`.<name>.new` and its side files, `journal_files`);
- SQLite side files (`-wal`, `-shm`, `-journal`) whose journal is gone;
- a journal with no step at all, for certain: an empty file, or an SQLite page with no tables
  yet (left by an older companion killed while creating it). A journal with tables but no set-up
  step (an older companion, killed between creating it and writing the set-up step) stays, but is
  never resumed (`JournalInfo.is_started`): this version writes a journal with its set-up step.
Only the owner of the data directory tidies (`core.owner`), and only at start, before anything
is opened. `leftovers` says what would go without removing anything (for `companion doctor`).
"""

from __future__ import annotations

import logging
import os
import sqlite3
from pathlib import Path

from companion.core.journal_check import READ_ERRORS, SQLITE_MAGIC
from companion.core.journal_files import SIDE_SUFFIXES, ReadOnly, is_creating_leftover, is_file, remove_with_sides

log = logging.getLogger("companion.store")

SUFFIX = ".journal"


#: The most an older companion wrote before a journal's tables: its first page.
_FIRST_PAGE = 4096


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return -1


def _is_empty_journal(path: Path, size: int | None = None) -> bool:
    """No step in it, for certain: an empty file with no write-ahead log beside it, or one page
    of SQLite without a single table (what an older companion left when killed while creating).
    Nothing bigger or less certain: a file that only looks empty because it is damaged is set
    aside by the listing, never removed."""
    size = _size(path) if size is None else size
    if size > _FIRST_PAGE:  # the shelf's every journal: decided by one stat, the one `leftovers` made
        return False
    wal = _size(path.with_name(path.name + "-wal"))
    if size == 0:
        return wal <= 0
    if size < 0 or wal > 0 or size > _FIRST_PAGE:
        # A journal of this version is never without its set-up step, and an older one without
        # it is only never resumed (`JournalInfo.is_started`): no game is guessed away.
        return False
    try:
        with open(path, "rb") as f:
            if f.read(len(SQLITE_MAGIC)) != SQLITE_MAGIC:
                return False
    except OSError:
        return False
    try:
        reader = ReadOnly(path, 0.2)
    except (*READ_ERRORS, OSError):
        return False
    try:
        return (reader.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
                and reader.conn.execute("PRAGMA quick_check").fetchone()[0] == "ok")
    except READ_ERRORS:
        return False
    finally:
        reader.close()


def leftovers(games_dir: Path) -> list[Path]:
    """What `tidy` would remove, without removing anything. One directory read and a stat a file:
    it runs at every start, over every game on the shelf."""
    try:
        with os.scandir(games_dir) as it:
            entries = {entry.name: entry for entry in it}
    except OSError:
        return []
    found = []
    for name in sorted(entries):
        entry, path = entries[name], games_dir / name
        try:
            if not entry.is_file():
                continue
        except OSError:
            continue
        if is_creating_leftover(path):
            found.append(path)
        elif name.endswith(SIDE_SUFFIXES):
            main = next(name[: -len(s)] for s in SIDE_SUFFIXES if name.endswith(s))
            if main not in entries and not (games_dir / main).exists():
                found.append(path)
        elif name.endswith(SUFFIX):
            try:
                size = entry.stat().st_size
            except OSError:
                size = -1
            if _is_empty_journal(path, size):
                found.append(path)
    return found


def tidy(games_dir: Path) -> list[Path]:
    """Removes the leftovers (see the module), returning them. A file that cannot be removed is
    left, and logged: tidying is never a reason to stop."""
    removed = []
    for path in leftovers(games_dir):
        try:
            if path.name.endswith(SUFFIX):
                remove_with_sides(path)
            else:
                path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            log.warning("could not remove %s: %s", path.name, exc.strerror or exc)
            continue
        log.info("removed %s (held no step)", path.name)
        removed.append(path)
    return removed
