"""The card-facts screen's view-model (Settings → Card facts): a game's editable data tables
(`core.data_tables`, declared by the game as data), each entry with its source and S/U marks, and
the table's own values, changed by touch and saved at once by the session.

Where a value comes from is said in the players' words (`ui.text.provenance`), from the entry's
`said` data: the rulebook in the box, another printing, players' reports, or no source, so check it
against the box. The entry's own `source` note (the digests' keys and addresses) is for the docs
and the data file, never shown here.

Nothing here knows a game: the tables, fields, bounds and choices come from the game's
declaration through the session's `DataSheet`; what a change may be is the game's rules' to say
(a refusal is shown with its field and rule, and nothing is written).
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.session import IllegalCommand
from companion.ui.text.formatting import game_title
from companion.ui.text.i18n import ASIDE, _, current_language, translate_data_notice, translate_notice, translate_rule
from companion.ui.text.provenance import said_note, said_short

#: session.set_data(game, table, entry, field, value) → the new sheet (raises IllegalCommand).
Change = Callable[[str, str, str, str, Any], Any]


def entry_name(entry: Any) -> str:
    """The entry's name in the table's language (its data's `names`), else its English name."""
    return str(entry.names.get(current_language()) or entry.name)


def _said_by(entry: Any, key: str, marked: str) -> tuple[str, str, str]:
    """(by, page, section) of the entry's key: who its `said` names, else "source" for a key the
    entry marks S without saying who, else "" (no source)."""
    said = entry.said_of(key)
    if said is not None:
        return said.by, said.page, said.section
    return ("source", "", "") if marked == "S" else ("", "", "")


def source_note(table: Any, entry: Any) -> str:
    """The chosen entry's note of where its name and each field shown come from, one sentence per
    kind of source, in the table's language (the box's rulebook first, placeholders last)."""
    groups: dict[tuple[str, str, str], list[str]] = {}
    name_mark = "S" if entry.mark == "S" or "name" in entry.sourced else "U"
    groups.setdefault(_said_by(entry, "name", name_mark), []).append(_("Name"))
    for field in table.fields:
        groups.setdefault(_said_by(entry, field.top, entry.field_mark(field)), []).append(_(field.label))
    return said_note(groups.items())


def shown_value(field: Any, value: Any) -> str:
    """A field's value as the screen says it: a choice by its label, a number as it is."""
    for choice in field.choices:
        if choice.value == value:
            return _(choice.label)
    return "—" if value is None else str(value)


class CardFactsViewModel(EventDispatcher):
    """`games` (ids with card facts), `game`, `title`; `tables` ({id, text, selected}); `entries`
    ({id, text, selected}) of the chosen table; the chosen entry's `entry_title`, `source_text`
    and `fields` (one row each, below); `notice_text` (a refusal, or a file that could not be used)."""

    games = ListProperty([])
    game = StringProperty("")
    title = StringProperty("")
    tables = ListProperty([])
    entries = ListProperty([])
    entry_title = StringProperty("")
    source_text = StringProperty("")
    fields = ListProperty([])
    notice_text = StringProperty("")
    has_sheet = BooleanProperty(False)

    def __init__(self, sheet_of: Callable[[str], Any], change: Change, games_of: Callable[[], list[str]],
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._sheet_of, self._change, self._games_of = sheet_of, change, games_of
        self.sheet: Any = None
        self.table_id = ""
        self.entry_id = ""
        self._notice: tuple[str, dict[str, Any], str] | None = None  # (template, params, rule)

    # -- what the table chooses ---------------------------------------------------------------

    def open(self, game: str | None = None) -> None:
        """Reads the sheet again (the file may have changed): `game`, else the one shown, else the first."""
        self.games = list(self._games_of())
        chosen = game or self.game or (self.games[0] if self.games else "")
        self.game = chosen if chosen in self.games else (self.games[0] if self.games else "")
        self.sheet = self._sheet_of(self.game) if self.game else None
        self._notice = None
        if self.sheet is not None and self.sheet.tables:
            ids = [t.id for t in self.sheet.tables]
            self.table_id = self.table_id if self.table_id in ids else ids[0]
            self._pick_entry(self.entry_id)
        self.relabel()

    def choose_game(self, game: str) -> None:
        self.table_id = self.entry_id = ""
        self.open(game)

    def choose_table(self, table_id: str) -> None:
        if self.sheet is None or table_id == self.table_id:
            return
        self.table_id, self._notice = table_id, None
        self._pick_entry("")
        self.relabel()

    def choose_entry(self, entry_id: str) -> None:
        self._notice = None
        self._pick_entry(entry_id)
        self.relabel()

    def _pick_entry(self, entry_id: str) -> None:
        entries = self.sheet.entries.get(self.table_id, ()) if self.sheet is not None else ()
        ids = [e.id for e in entries]
        self.entry_id = entry_id if entry_id in ids else (ids[0] if ids else "")

    # -- changes ------------------------------------------------------------------------------

    def _field(self, name: str) -> Any:
        return self.sheet.table(self.table_id).field(name)

    def _entry(self) -> Any:
        return next(e for e in self.sheet.entries[self.table_id] if e.id == self.entry_id)

    def current(self, name: str) -> Any:
        """The value in force for the next game: the table's own, else the shipped one."""
        own = self.sheet.own(self.table_id, self.entry_id, name)
        return own if own is not None else self._entry().values.get(name)

    def step(self, name: str, delta: int) -> None:
        """A stepper's − or +: one more or less, within the field's bounds."""
        field, value = self._field(name), self.current(name)
        if isinstance(value, int):
            self.set(name, max(field.low, min(field.high, value + delta)))

    def set(self, name: str, value: Any) -> None:
        """The table's own value (back to the shipped one when equal to it), saved at once; a value
        the game's rules refuse is told with its field and rule, and nothing changes."""
        shipped = self._entry().values.get(name)
        try:
            self.sheet = self._change(self.game, self.table_id, self.entry_id, name,
                                      None if value == shipped else value)
            self._notice = None
        except IllegalCommand as exc:
            self._notice = (exc.template, dict(exc.params), exc.rule)
        self.relabel()

    def restore(self, name: str) -> None:
        """Back to the value the game's data file ships."""
        self.set(name, self._entry().values.get(name))

    # -- words --------------------------------------------------------------------------------

    def relabel(self) -> None:
        sheet = self.sheet
        self.has_sheet = sheet is not None
        self.title = _("Card facts: {game}").format(game=game_title(self.game)) if self.game else _("Card facts")
        if sheet is None:
            self.tables = self.entries = self.fields = []
            self.entry_title = self.source_text = ""
            self.notice_text = _("No game has card facts to set.")
            return
        self.tables = [{"id": t.id, "text": _(t.title), "selected": t.id == self.table_id} for t in sheet.tables]
        table = sheet.table(self.table_id)
        own = sheet.edits.get(self.table_id) or {}
        self.entries = [{"id": e.id, "selected": e.id == self.entry_id,
                         "text": ("● " if own.get(e.id) else "") + entry_name(e)} for e in sheet.entries[self.table_id]]
        entry = self._entry() if self.entry_id else None
        self.entry_title = entry_name(entry) if entry is not None else ""
        self.source_text = source_note(table, entry) if entry is not None else ""
        self.fields = [self._row(table, entry, f) for f in table.fields] if entry is not None else []
        if self._notice is not None:
            template, params, rule = self._notice
            self.notice_text = _(ASIDE).format(text=translate_notice(template, params),
                                               aside=_("Rule: {rule}").format(rule=translate_rule(rule)))
        elif sheet.notice is not None:
            self.notice_text = " ".join(translate_data_notice(sheet.notice))
        else:
            self.notice_text = ""

    def _row(self, table: Any, entry: Any, field: Any) -> dict[str, Any]:
        shipped = entry.values.get(field.name)
        own = self.sheet.own(table.id, entry.id, field.name)
        value = own if own is not None else shipped
        if own is not None:
            status = _("Set by this table · the data: {value}").format(value=shown_value(field, shipped))
        else:
            status = said_short(*_said_by(entry, field.top, entry.field_mark(field)))
        row: dict[str, Any] = {"name": field.name, "label": _(field.label), "kind": field.kind,
                               "value": value, "text": shown_value(field, value), "status": status,
                               "own": own is not None, "shipped": shown_value(field, shipped)}
        if field.kind == "number":
            row["can_minus"] = isinstance(value, int) and value > field.low
            row["can_plus"] = isinstance(value, int) and value < field.high
        row["choices"] = [{"value": c.value, "text": _(c.label), "selected": c.value == value} for c in field.choices]
        return row

    def in_force(self, game: str) -> str:
        """What a game's set-up says of the card facts it will play with: the table's own, and how
        many; or that the table's file cannot be used ("" when the data's are in force)."""
        sheet = self._sheet_of(game)
        if sheet is None:
            return ""
        changed = sum(len(f) for entries in sheet.edits.values() for f in entries.values())
        if sheet.notice is not None:
            return _("Card facts: the table's file cannot be used")
        return _("Table's card facts ({count})").format(count=changed) if changed else ""
