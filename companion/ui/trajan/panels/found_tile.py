"""The found tile's entry (a table drawing by hand): the leader moved to a province (Trajan 1.8)
or a worker to a space of the construction site (1.9) where the table laid a tile out unseen, and
the rules ask which tile lay there (`core.asks`, by kind): the choices panel then offers the tiles
the box may still hold, and Cancel."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import DictProperty

from companion.session import TableView
from companion.ui.text.i18n import _
from companion.ui.trajan import names
from companion.ui.trajan.ask_kinds import FOUND_FORUM_TILE, FOUND_SITE_TILE  # the questions this entry answers
from companion.ui.trajan.panels.host import TableHost
from companion.ui.trajan.markup import button_row



def is_asked(table: TableView | None) -> bool:
    """The last step waits for the tile the table found under a figure (asked by kind)."""
    return bool(table and table.ask and table.ask.kind in (FOUND_FORUM_TILE, FOUND_SITE_TILE))


class FoundTileViewModel(EventDispatcher):
    #: {"province"} for the leader's move, {"space", "row", "column"} for a worker's, while open
    entry = DictProperty({})

    def __init__(self, table: TableHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table
        self._asked_by: Any = None  # the refusal whose question was opened
        self._asked_at = -1  # the step it was refused at

    def sync(self, table: TableView) -> None:
        """Before the choices are listed: the question opens when a refusal asks it (tapped, a
        pad's, or a pick-up's only action), once per refusal as the Trajan tile's entry; it closes
        once the table went on (a step: a pad's move, an undo), since it asked about the state it
        was refused in."""
        if self.entry and table.step != self._asked_at:
            self.entry = {}
        if is_asked(table) and table.notice is not self._asked_by:
            self._asked_by, self._asked_at = table.notice, table.step
            about = table.ask.about  # type: ignore[union-attr]
            self.entry = ({key: int(about[key]) for key in ("space", "row", "column")} if "space" in about
                          else {"province": str(about.get("province", ""))})

    def prompt(self, name: str) -> str:
        entry = self.entry
        if "space" in entry:
            return _("{name}: which construction tile lay in row {row}, column {column}?").format(
                name=name, row=entry["row"], column=entry["column"])
        return _("{name}: which forum tile lay in {province}?").format(
            name=name, province=names.province(entry.get("province", "")))

    def rows(self, view: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The tiles the table may name (those the box may still hold): forum tiles for the
        leader's province, construction tiles for the worker's space; then Cancel."""
        if "space" in self.entry:
            rows = [button_row(f"trajan.found.site.{kind}_{vp}", names.site_tile((kind, vp)), "action",
                               found=[kind, vp])
                    for kind, vp in view.get("site_tiles_left", ())]
        else:
            rows = [button_row(f"trajan.found.{tile}", names.forum_tile(tile), "action", found=tile)
                    for tile in view.get("forum_tiles_left", ())]
        rows.append(button_row("trajan.found.cancel", _("Cancel"), "pass", found_cancel=True))
        return rows

    def name(self, tile: Any) -> None:
        """The leader's move (Trajan 1.8) or the worker's (1.9) again, with the tile the table found."""
        entry = self.entry
        if not entry:
            return
        self.entry = {}
        if "space" in entry:
            args = {"kind": "worker", "space": entry["space"], "found": list(tile)}
            self._table.play({"name": "construction", "args": args})
        else:
            self._table.play({"name": "military", "args": {"kind": "move", "province": entry["province"],
                                                             "found": tile}})

    def close(self) -> None:
        """The table would rather not name the tile: the question closes."""
        self.entry = {}
