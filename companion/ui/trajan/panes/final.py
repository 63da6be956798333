"""The final table's pane (`panels.final`): the score table (a column per player, a row per
category, the totals) beside the score chart, or in the chart's place how every category was
counted. Both are made ahead (the table blank while the game runs, "How counted" while the
game's end shows the table), so the taps that show them only relabel or swap panes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget
from kivy.utils import escape_markup

from companion.ui.widgets import theme
from companion.ui.text.i18n import _
from companion.ui.trajan.markup import MUTED_HEX
from companion.ui.trajan.panes.layout import lay_out_unshown, running_app, show_only, strong


class DetailRow(BoxLayout):
    """A row of the "how counted" table (and of the board's provinces): its cells (labels as tall
    as their text) hang from the row's top, and the row is as tall as its tallest cell."""

    def set_cells(self, cells: list[Any]) -> None:
        for cell in cells:
            column = BoxLayout(orientation="vertical", size_hint_x=cell.size_hint_x, width=cell.width)
            cell.size_hint_x = 1  # the column has the cell's share of the row; the cell fills it
            column.add_widget(cell)
            column.add_widget(Widget())
            self.add_widget(column)
            cell.bind(height=self._fit)
        self._fit()

    def _fit(self, *_args: Any) -> None:
        self.height = max((c.children[-1].height for c in self.children), default=0)


def _title_markup(title: str, rule: str, small: int) -> str:
    """A category's name, and below it, smaller and grey, the rule it scores by."""
    return f"[b]{escape_markup(title)}[/b]\n[size={small}][color={MUTED_HEX}]{escape_markup(rule)}[/color][/size]"


class FinalPane(BoxLayout):
    #: the content area the pane is shown in: "How counted" is laid out ahead at its size
    area = ObjectProperty(None)

    def on_kv_post(self, base_widget: Any) -> None:
        final = running_app().trajan_vm.final
        self._panes = (strong(self.ids.main), strong(self.ids.details))
        # The score table is built once its columns and rows have both changed (before the coming
        # frame), and "How counted" only when it is shown: together ~200 widgets.
        self._table_trigger = Clock.create_trigger(lambda _dt: self.update_table(), -1)
        self._details_stale = True
        final.bind(rows=lambda *_: self._table_trigger(), columns=lambda *_: self._table_trigger(),
                   detail_rows=lambda *_: self.update_details())
        self.update_table()
        self.update_details()

    def show(self) -> None:
        """The score chart or, once asked, how every category was counted (made now if stale)."""
        final = running_app().trajan_vm.final
        if final.details_open and self._details_stale:
            self.update_details()
        main, details = self._panes
        show_only(self, details if final.details_open else main, self._panes)

    # -- the score table ---------------------------------------------------------------------------

    def update_table(self) -> None:
        """The score table: a column per player, a row per category, the totals. A table of the
        same shape as the one in place (made ahead while idle, or the last game's) is relabelled."""
        final = running_app().trajan_vm.final
        if final.columns:  # none before a first game's end: the table made ahead stays, unseen
            self._show_table(final.columns, final.rows)

    def prepare(self, seats: int, categories: list[str]) -> None:
        """The score table for `seats` players and `categories`, blank, so the game's end only
        relabels it."""
        columns = [{"seat": seat, "name": "", "winner": False, "rgba": theme.TEXT, "total_text": ""}
                   for seat in range(seats)]
        rows = [{"id": cid, "title": "", "rule": "", "cells": ["" for _ in range(seats)]} for cid in categories]
        self._show_table(columns, rows)

    def _show_table(self, columns: list[dict[str, Any]], rows: list[dict[str, Any]]) -> None:
        app = running_app()
        grid = self.ids.grid
        width = (230 if app.portrait else 210) * app.scale
        # (kv class, what the cell is built with, what it shows)
        specs: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
            ("FinalHead", {"size_hint_x": None, "width": width}, {"text": ""})]
        for col in columns:
            specs.append(("FinalHead", {}, {"text": col["name"] + (" ★" if col["winner"] else ""), "color": col["rgba"]}))
        for row in rows:
            # The category's name only: ten rows share the pane's height, one line each at the
            # reading size; the rule it scores by is under it in "How counted".
            specs.append(("FinalLabel", {"size_hint_x": None, "width": width},
                          {"text": escape_markup(row["title"])}))
            for seat, cell in zip((c["seat"] for c in columns), row["cells"]):
                specs.append(("FinalCell", {}, {"text": cell, "wid": f"trajan.final.{row['id']}.{seat}"}))
        specs.append(("FinalHead", {"size_hint_x": None, "width": width, "halign": "left", "font_size": 18 * app.scale},
                      {"text": _("Total"), "color": theme.GOLD}))
        for col in columns:
            specs.append(("FinalHead", {"font_size": 22 * app.scale}, {
                "text": col["total_text"], "wid": f"trajan.final.total.{col['seat']}",
                "color": theme.GOLD if col["winner"] else theme.TEXT}))
        shape = [(name, sorted(built.items())) for name, built, _shown in specs]
        if shape != getattr(self, "_table_shape", None) or len(grid.children) != len(specs):
            grid.clear_widgets()
            grid.cols = 1 + len(columns)
            for name, built, shown in specs:
                grid.add_widget(getattr(Factory, name)(**built, **shown))
            self._table_shape = shape
            return
        for widget, (_name, _built, shown) in zip(reversed(grid.children), specs):
            for key, value in shown.items():
                setattr(widget, key, value)

    # -- how every category was counted -----------------------------------------------------------

    def update_details(self, ahead: bool = False) -> None:
        """How each category was counted, laid out like the score table (a column per player) over
        the whole width, so a long bonus-tile line wraps inside its player's column. Built when
        shown, or `ahead` while the table is idle after the game's end (`_prepare_details`)."""
        app = running_app()
        vm = app.trajan_vm
        final = vm.final
        self._details_stale = not (final.details_open or ahead)
        if self._details_stale:
            if vm.phase == "over":
                app.when_idle(self._prepare_details)
            return
        grid = self.ids.details_grid
        grid.clear_widgets()
        if not final.columns:
            return
        small = round(theme.SMALL * app.scale)
        width = (120 if app.portrait else 130) * app.scale
        head = DetailRow()
        head.set_cells([Factory.DetailCell(text="", size_hint_x=None, width=width)]
                       + [Factory.DetailCell(text=f"[b]{escape_markup(col['name'])}{' ★' if col['winner'] else ''}[/b]",
                                             color=col["rgba"], font_size=theme.READ * app.scale) for col in final.columns])
        grid.add_widget(head)
        for row in final.detail_rows:
            line = DetailRow()
            line.set_cells([Factory.DetailCell(text=_title_markup(row["title"], row["rule"], small), size_hint_x=None,
                                               width=width)]
                           + [Factory.DetailCell(text=cell, wid=f"trajan.final.detail.{row['id']}.{seat}")
                              for seat, cell in zip((c["seat"] for c in final.columns), row["cells"])])
            grid.add_widget(line)
        total = DetailRow()
        total.set_cells([Factory.DetailCell(text=f"[b]{escape_markup(_('Total'))}[/b]", color=theme.GOLD,
                                            font_size=theme.READ * app.scale, size_hint_x=None, width=width)]
                        + [Factory.DetailCell(text=f"[b]{col['total_text']}[/b]", font_size=theme.READ * app.scale,
                                              color=theme.GOLD if col["winner"] else theme.TEXT)
                           for col in final.columns])
        grid.add_widget(total)

    def _prepare_details(self) -> None:
        """"How counted" made and laid out while the game's end shows the score table, so the tap
        that opens it only swaps the panes (its first opening here: 153-162 → 34 ms)."""
        vm = running_app().trajan_vm
        if vm.phase == "over" and self._details_stale and not vm.final.details_open:
            self.update_details(ahead=True)
            lay_out_unshown(self._panes[1], self.area)


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
