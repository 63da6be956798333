"""Specific exceptions: every refusal names what was wrong, so the table can be told plainly."""

from __future__ import annotations

from typing import Mapping


class Phrase(str):
    """A param that is itself a plain English sentence, a msgid (what a journal check was doing
    when SQLite failed: "the journal cannot be opened"): the screen and the command line translate
    it before it fills its template, so no English is left inside a translated sentence. It is a
    `str`, so the English `message` reads as before."""

    #: What the translators look for (the UI may not import the core: it asks the value).
    is_msgid = True


class IllegalCommand(Exception):
    """A command the rules refuse. Nothing of it reaches the journal.

    `rule` names the rule (a digest section like "Trajan 1.4 senate" or a core rule like "undo"),
    `template` says what is wrong in words the players can act on, with `{name}` fields filled from
    `params`. The template (not the filled text) is the translation key, so the screen can say it in
    the table's language; `message` is the English text for logs and the command line.
    """

    def __init__(self, rule: str, template: str, **params: object) -> None:
        self.rule = rule
        self.template = template
        self.params = params
        self.message = template.format(**params)
        super().__init__(f"{self.message} [{rule}]")


class JournalError(Exception):
    """A journal file that cannot be used. `path` is the file; the message says why and what was done.

    As with IllegalCommand, `template` (the message with `{name}` fields from `params`) is the
    translation key, so home can say why in the table's language; `message` is the English text.
    A message given without `params` is its own template."""

    def __init__(self, path: str, message: str, params: Mapping[str, object] | None = None) -> None:
        self.template = message
        self.params = dict(params or {})
        self.message = message.format(**self.params) if params is not None else message
        super().__init__(f"{path}: {self.message}")
        self.path = path


class CorruptJournal(JournalError):
    """Damaged or truncated: it is set aside (renamed), never overwritten.

    `step`: the first step that is not intact, when the damage is in the events (the steps before
    it can be recovered into a new journal); None when the file's structure itself is damaged."""

    def __init__(self, path: str, message: str, step: int | None = None,
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(path, message, params)
        self.step = step


class ForeignJournal(JournalError):
    """Not a companion journal at all (another SQLite database, or not SQLite)."""


class NewerJournal(JournalError):
    """Written by a newer companion: refused and left untouched so a newer version can still read it."""


class BusyJournal(JournalError):
    """Held by another process right now (SQLite's lock): busy, not damaged. Left exactly where it
    is; trying again once the other process lets go is all it takes."""


class UnreadableJournal(JournalError):
    """The file cannot be read or written now for a reason outside it (permissions, an I/O error,
    a full disk): the journal may be perfectly healthy, so it is left where it is."""
