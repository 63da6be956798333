"""What the files on disk did at start-up, as data a screen can show: which file, what happened, what
to do. One constructor per case, so the words for a case live in one place.

Why data and not log lines: a kiosk has no terminal. The home screen lists these (translated by
their `template` and `fix`, like a session `Notice`), `companion doctor` and the command line print
their `text`. A notice never blocks the table: each case comes with what the app did instead.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Mapping

from companion.core.errors import JournalError

#: What happened, one kind per case.
SET_ASIDE = "set_aside"  # damaged: moved out of the way, bytes kept
FOREIGN = "foreign"  # a *.journal that is not companion's: left as it is, never opened
NOT_SET_ASIDE = "not_set_aside"  # damaged, but the folder does not let it be moved
BUSY = "busy"  # another program holds the file
NEWER = "newer"  # written by a newer companion
UNREADABLE = "unreadable"  # permissions, I/O
TEMPORARY = "temporary"  # the data directory cannot be used: games go to a temporary one
LOW_SPACE = "low_space"  # the disk is (nearly) full
CONFIG = "config"  # the config file cannot be used: built-in settings
RECOVERED = "recovered"  # a set-aside game recovered into a new journal
UNRECOVERABLE = "unrecoverable"  # a set-aside game of which not one whole step can be read back
CARD_FACTS = "card_facts"  # a table's own card facts file cannot be used: the shipped data instead


@dataclasses.dataclass(frozen=True)
class DataNotice:
    """One thing the table should know about its files. `template` and `fix` are English with
    `{name}` fields from `params` (the translation keys); `text` and `fix_text` are filled in.
    `path`: the file or folder it is about (for a set-aside game, where it is now).
    `recoverable`: a set-aside game whose intact steps `JournalStore.recover(path)` can bring back."""

    kind: str
    path: Path
    template: str
    fix: str
    params: Mapping[str, Any]
    recoverable: bool = False
    #: A param that is itself a sentence with its own template (the journal's reason: "the meta row
    #: 'players' does not match its checksum") → (template, params), for the screen to translate first.
    parts: Mapping[str, tuple[str, Mapping[str, Any]]] = dataclasses.field(default_factory=dict)

    @property
    def text(self) -> str:
        return self.template.format(**self.params)

    @property
    def fix_text(self) -> str:
        return self.fix.format(**self.params)


#: Why a file could not be used: the journal's error (its template translates), or plain words.
Reason = str | JournalError


def _reason(reason: Reason) -> tuple[str, dict[str, tuple[str, Mapping[str, Any]]]]:
    """The reason's English text, and its template for the screen when it has one."""
    if isinstance(reason, JournalError):
        return reason.message, {"reason": (reason.template, reason.params)}
    return str(reason), {}


def set_aside(original: Path, moved_to: Path, reason: Reason) -> DataNotice:
    reason, parts = _reason(reason)
    return DataNotice(SET_ASIDE, moved_to, "{file} is damaged ({reason}) and was set aside.",
                      "Recover its intact steps into a new game from home (the damaged file is kept, as "
                      "{moved}), or rescue it by hand: sqlite3 {moved} .recover",
                      {"file": original.name, "reason": reason, "moved": moved_to.name}, recoverable=True, parts=parts)


def foreign(path: Path, reason: Reason) -> DataNotice:
    """Not companion's file (another program's, or someone's notes): not ours to rename or move,
    so it stays where it is, is never opened to play, and is only listed."""
    reason, parts = _reason(reason)
    return DataNotice(FOREIGN, path, "{file} is not a companion journal ({reason}); it is left as it is.",
                      "Nothing to do: companion never opens it. Move it out of {folder} if it does not belong there.",
                      {"file": path.name, "reason": reason, "folder": str(path.parent)}, parts=parts)


def not_set_aside(path: Path, reason: Reason, why: str) -> DataNotice:
    reason, parts = _reason(reason)
    return DataNotice(NOT_SET_ASIDE, path, "{file} is damaged ({reason}) and could not be set aside ({why}); "
                      "it is left where it is and not opened.",
                      "Make the folder writable (sudo chown -R $USER {folder}) and restart companion.",
                      {"file": path.name, "reason": reason, "why": why, "folder": str(path.parent)}, parts=parts)


def busy(path: Path, reason: Reason) -> DataNotice:
    reason, parts = _reason(reason)
    return DataNotice(BUSY, path, "{file} is in use by another program; it is left as it is.",
                      "Close the other program (e.g. an sqlite3 shell: fuser {path}) and go home again.",
                      {"file": path.name, "path": str(path), "reason": reason}, parts=parts)


def newer(path: Path, reason: Reason) -> DataNotice:
    reason, parts = _reason(reason)
    return DataNotice(NEWER, path, "{file} was written by a newer companion; it is left as it is.",
                      "Update companion to open it.", {"file": path.name, "reason": reason}, parts=parts)


def unreadable(path: Path, reason: Reason) -> DataNotice:
    reason, parts = _reason(reason)
    return DataNotice(UNREADABLE, path, "{file} cannot be read ({reason}); it is left as it is.",
                      "Check its owner and permissions: ls -l {path} (sudo chown $USER {path}).",
                      {"file": path.name, "path": str(path), "reason": reason}, parts=parts)


def temporary(configured: Path, temporary_dir: Path, reason: str) -> DataNotice:
    return DataNotice(TEMPORARY, configured,
                      "The data folder {path} cannot be used ({reason}): games played now are kept in "
                      "{temporary} only, until the computer restarts.",
                      "Make {path} writable (sudo chown -R $USER {path}; a full disk: free some space) "
                      "and restart companion; the games already in it are untouched.",
                      {"path": str(configured), "temporary": str(temporary_dir), "reason": reason})


def low_space(path: Path, free_mb: int) -> DataNotice:
    return DataNotice(LOW_SPACE, path, "The disk of {path} has only {free} MB free: new steps may not be saved.",
                      "Free some space (sudo apt-get clean; sudo journalctl --vacuum-size=50M).",
                      {"path": str(path), "free": free_mb})


def config(path: Path | None, reason: str) -> DataNotice:
    shown = str(path) if path is not None else "config.toml"
    return DataNotice(CONFIG, path or Path("config.toml"),
                      "The config file {path} cannot be used ({reason}): companion runs with its built-in settings.",
                      "Fix the line it names (companion doctor says the same), or move the file away to start afresh.",
                      {"path": shown, "reason": reason})


def recovered(source: Path, journal: Path, steps: int) -> DataNotice:
    return DataNotice(RECOVERED, journal, "Steps 1 to {steps} of {source} were recovered into a new game, {file}.",
                      "Resume it from home; the damaged file stays where it was set aside.",
                      {"source": source.name, "file": journal.name, "steps": steps})


def unrecoverable(path: Path, reason: Reason) -> DataNotice:
    """Recover was tried and found not one whole step: said plainly, and no Recover offered again."""
    reason, parts = _reason(reason)
    return DataNotice(UNRECOVERABLE, path, "Nothing of {file} can be recovered: {reason}.",
                      "The file stays where it was set aside; an expert may still rescue it by hand: "
                      "sqlite3 {file} .recover",
                      {"file": path.name, "reason": reason}, parts=parts)


def card_facts(path: Path, reason: str) -> DataNotice:
    """The table's own card facts (`core.data_edits`) cannot be read: games start with the facts
    shipped with the app until the table saves its own again (the damaged file is then set aside)."""
    return DataNotice(CARD_FACTS, path, "{file} cannot be used ({reason}): new games use the card facts shipped with the app.",
                      "Enter the table's own values again under Settings → Card facts (the damaged file is kept, "
                      "set aside, when you do), or correct the file by hand.",
                      {"file": path.name, "reason": reason})
