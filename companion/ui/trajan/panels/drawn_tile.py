"""The drawn Trajan tile's entry (a table drawing by hand): a Trajan action waits for the tile the
table drew from the stack the rules name (`core.asks`, by kind); the table taps its kind, then its
two colours, and the action is played again with it."""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import DictProperty

from companion.session import TableView
from companion.ui.trajan import names
from companion.ui.trajan.ask_kinds import DRAWN_TRAJAN_TILE  # the question this entry answers
from companion.ui.trajan.panels.host import TableHost



def is_asked(table: TableView | None) -> bool:
    """The last step waits for the Trajan tile the table drew (asked by kind)."""
    return bool(table and table.ask and table.ask.kind == DRAWN_TRAJAN_TILE)


class DrawnTileViewModel(EventDispatcher):
    entry = DictProperty({})  # {stack, kinds: [...], kind, colours: [...]} while open

    def __init__(self, table: TableHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table
        self._asked_by: Any = None  # the refusal whose entry was opened

    def open_if_asked(self, table: TableView) -> None:
        """A Trajan action (tapped, a pad's, or a pick-up's only action) waits for the tile the
        table drew: the refusal names its stack, and the entry opens whoever chose it, once per
        refusal (cancelled, it stays closed through a relabel)."""
        if is_asked(table) and table.notice is not self._asked_by:
            self._asked_by = table.notice
            self.open(str(table.ask.about.get("stack", "")))  # type: ignore[union-attr]

    def open(self, stack: str) -> None:
        kinds = list(names.STACK_KINDS.get(stack, ()))
        self.entry = {"stack": stack, "kinds": kinds, "kind": kinds[0] if len(kinds) == 1 else "", "colours": []}

    def pick_kind(self, kind: str) -> None:
        if self.entry:
            self.entry = {**self.entry, "kind": kind}

    def pick_colour(self, colour: str) -> None:
        """One of the tile's two colours (a third replaces the first); with the kind and both
        colours named, the action is played again with the tile."""
        if not self.entry:
            return
        colours = (list(self.entry.get("colours", ())) + [colour])[-2:]
        self.entry = {**self.entry, "colours": colours}
        entry = self.entry
        if entry.get("kind") and len(entry.get("colours", ())) == 2:
            intent = {"name": "trajan", "args": {"stack": entry["stack"], "tile": [entry["kind"], *entry["colours"]]}}
            self.entry = {}
            self._table.play(intent)

    def close(self) -> None:
        """Cancelled, or the table went on: the entry closes."""
        if self.entry:
            self.entry = {}
