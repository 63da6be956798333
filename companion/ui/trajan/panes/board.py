"""The board's pane (`panels.board`): its own sections on the left (the forum, the provinces as a
table, the construction site, the ships), the players' on the right (stacked in portrait), in a
scrolling view. Its widgets are made ahead while the board is closed, so opening it relabels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import StringProperty
from kivy.uix.scrollview import ScrollView
from kivy.uix.widget import Widget

from companion.ui.widgets import theme
from companion.ui.trajan.panes.final import DetailRow
from companion.ui.trajan.panes.layout import running_app
from companion.ui.widgets import Panel

BOARD_OWN_SECTIONS = 4  # the forum, the provinces, the construction site, the ships


class BoardSection(Panel):
    """A titled part of the board: a table of rows (the provinces) if it has one, then text."""

    title = StringProperty("")
    body = StringProperty("")

    def show_rows(self, rows: Any) -> None:
        """The provinces' table: VP, province, forum tile, figures; a long tile name wraps in its
        column rather than run into the figures."""
        scale = running_app().scale
        table = self.ids.table
        lines = list(reversed(table.children))
        if len(lines) == len(rows) and getattr(self, "_rows_scale", None) == scale:
            self._relabel_rows(lines, rows)  # the board opened again: the same rows, other texts
            return
        self._rows_scale = scale
        table.clear_widgets()
        for row in rows:
            vp, name, tile, figures = row["cells"]
            colour = theme.MUTED if row.get("head") else theme.TEXT
            line = DetailRow(spacing=6 * scale)
            line.set_cells([
                Factory.BoardCell(text=vp, size_hint_x=None, width=54 * scale, color=colour,
                                  wid=f"trajan.board.province.{row['province']}" if row["province"] else ""),
                Factory.BoardCell(text=name, size_hint_x=0.45, color=colour),
                Factory.BoardCell(text=tile, size_hint_x=0.55, color=colour),
                Factory.BoardCell(text=figures, size_hint_x=None, width=52 * scale, halign="right"),
            ])
            table.add_widget(line)

    @staticmethod
    def _relabel_rows(lines: list[Any], rows: Any) -> None:
        for line, row in zip(lines, rows):
            cells = [column.children[-1] for column in reversed(line.children)]
            colour = theme.MUTED if row.get("head") else theme.TEXT
            for cell, text in zip(cells, row["cells"]):
                cell.text = text
            for cell in cells[:3]:
                cell.color = colour
            cells[0].wid = f"trajan.board.province.{row['province']}" if row["province"] else ""


class BoardPane(ScrollView):
    def on_kv_post(self, base_widget: Any) -> None:
        running_app().trajan_vm.board.bind(sections=lambda *_: self.update())

    def update(self) -> None:
        sections = running_app().trajan_vm.board.sections
        for box, part in ((self.ids.left, sections[:BOARD_OWN_SECTIONS]),
                          (self.ids.right, sections[BOARD_OWN_SECTIONS:])):
            rows = [w for w in reversed(box.children) if isinstance(w, BoardSection)]
            if len(rows) != len(part):
                box.clear_widgets()
                rows = [BoardSection() for _ in part]
                for row in rows:
                    box.add_widget(row)
                box.add_widget(Widget())  # the shorter column's spare height goes below, not above
            for widget, section in zip(rows, part):
                widget.title = section["title"]
                widget.body = section["markup"]
                widget.show_rows(section.get("rows", ()))


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
