"""Where a value comes from, in the players' words: the rulebook in their box (and where in it),
another printing of the game, players' reports and reviews, or no source at all, and so whether
to check it against the box.

Why here and from data: settings and card facts must explain themselves to the table in its own
language (issue 19), not show the rules digests' source keys and addresses ("S: HEM", "ultraboardgames,
troyes.md 2.7") that mean nothing at a table. Those stay in the data files and the docs for the
curious; what a screen says is built from the kind of source alone (`by`, the games' data), with
msgids the catalogs translate, never by translating free text at run time.

`by` is one of: "box" (the rulebook in the table's box: the Chinese rulebooks the users hold),
"printing" (another printing of the game: an English or French rulebook), "report" (players'
reports and reviews of their games), "source" (a source not said which: a value marked S without
more), "" (no source: a placeholder).
"""

from __future__ import annotations

from typing import Iterable, Sequence

from companion.ui.text.formatting import join_names
from companion.ui.text.i18n import N_, _

#: The order a screen lists them in: the box's word first, a placeholder last.
ORDER = ("box", "printing", "report", "source", "")

#: A field's or setting's status line: short, one per row.
_SHORT = {
    "printing": N_("Other printing: check your box"),
    "report": N_("Play reports: check your box"),
    "source": N_("Other source: check your box"),
    "": N_("No source: check your box"),
}
#: What an entry's or a page's note says of the fields each kind of source backs.
_SENTENCE = {
    "printing": N_("{fields}: from another printing of the game, not the rulebook in your box; check against your box."),
    "report": N_("{fields}: from players' reports and reviews of their games; check against your box."),
    "source": N_("{fields}: from a source other than the rulebook in your box; check against your box."),
    "": N_("{fields}: no source; the app's values are placeholders: enter your box's."),
}


def _where(page: str, section: str) -> str:
    """Where in the box's rulebook: its page, else its section, else "" (not said)."""
    if page:
        return _("page {page}").format(page=page)
    if section:
        return _("section {section}").format(section=section)
    return ""


def said_short(by: str, page: str = "", section: str = "") -> str:
    """A value's source in a few words, for its row: "The rulebook in your box, page 3",
    "Other printing: check your box", "No source: check your box"."""
    if by == "box":
        where = _where(page, section)
        return _("The rulebook in your box, {where}").format(where=where) if where else _("The rulebook in your box")
    return _(_SHORT.get(by, _SHORT["source"]))


def said_sentence(by: str, fields: Sequence[str], page: str = "", section: str = "") -> str:
    """One sentence naming the `fields` (already translated) one kind of source backs."""
    listed = join_names(fields)
    if by == "box":
        where = _where(page, section)
        return (_("The rulebook in your box gives {fields} ({where}).").format(fields=listed, where=where) if where
                else _("The rulebook in your box gives {fields}.").format(fields=listed))
    return _(_SENTENCE.get(by, _SENTENCE["source"])).format(fields=listed)


def said_note(groups: Iterable[tuple[tuple[str, str, str], Sequence[str]]]) -> str:
    """The sentences of several groups, ((by, page, section), fields) each, one a line, in `ORDER`
    (the box's word first, placeholders last), a group without fields left out: a card's or a
    page's whole note of where its values come from."""
    ranked = sorted((g for g in groups if g[1]), key=lambda g: ORDER.index(g[0][0]) if g[0][0] in ORDER else 3)
    return "\n".join(said_sentence(by, fields, page, section) for (by, page, section), fields in ranked)
