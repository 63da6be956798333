"""The Trajan table: always the time ring, season and round, demands, senate bonus tiles, every
player's VP, senate space and stack, demand tiles, whose turn; below, the input the view offers now
(trays with their previews, the action's choices, the demand to turn up). At a season's end the
summary and the consul's bonus tiles; at the end the final breakdown and the score chart.

Screens only show and post: every button is a row of `app.trajan_vm`, and a tap posts the intent
it carries. Exactly one content panel is in the tree at a time (hidden widgets would eat touches).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.clock import Clock
from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.ui.widgets import theme
from companion.ui.trajan import widgets as tw
from companion.ui.widgets import Outline, Panel, WidButtonBox

ENTRY_PANELS = ("trays_panel", "light_panel", "choices_panel", "tile_panel", "cards_panel", "empty_panel")
CONTENT_PANELS = ("play_panel", "summary_panel", "final_panel", "board_panel")
FINAL_PANES = ("final_main", "details")  # the score table and chart, or how each category was counted


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


class PlayerCard(Panel):
    seat = NumericProperty(0)
    name = StringProperty("")
    rgba = ListProperty([1, 1, 1, 1])
    vp_text = StringProperty("0")
    senate_text = StringProperty("")
    demand_markup = StringProperty("")
    is_current = BooleanProperty(False)
    is_start = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        self._outline = Outline(self, rgba=(1, 1, 1, 1), inset=1)
        super().__init__(**kwargs)
        self._outline.set_rgba(self.rgba)
        self._outline.ready(self.canvas.after)
        self._outline.show(self.is_current)

    def on_is_current(self, _instance: Any, current: bool) -> None:
        self._outline.show(current)

    def on_rgba(self, _instance: Any, rgba: Any) -> None:
        self._outline.set_rgba(rgba)


class BoardSection(Panel):
    """A titled part of the board: a table of rows (the provinces) if it has one, then text."""

    title = StringProperty("")
    body = StringProperty("")

    def show_rows(self, rows: Any) -> None:
        """The provinces' table: VP, province, forum tile, figures; a long tile name wraps in its
        column rather than run into the figures."""
        from kivy.app import App
        from kivy.factory import Factory

        scale = App.get_running_app().scale
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


class DetailRow(BoxLayout):
    """A row of the "how counted" table: its cells (labels as tall as their text) hang from the
    row's top, and the row is as tall as its tallest cell."""

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


class SummaryRow(WidButtonBox):
    """One player's season: tap it (before the consul chooses) to pay the demands differently."""

    bg = ListProperty([0.1, 0.125, 0.16, 1])
    seat = NumericProperty(0)
    name = StringProperty("")
    rgba = ListProperty([1, 1, 1, 1])
    role = StringProperty("")
    paid_markup = StringProperty("")
    penalty_text = StringProperty("")
    votes_text = StringProperty("")
    vp_text = StringProperty("")


#: Buttons each grid makes ahead, while the table is idle: the most a turn shows (the forum of a
#: table drawing by hand: 17 forum tiles, 6 for the yellow spaces and Pass; 20 building spaces),
#: and the consul's or a repayment's few.
RESERVED_BUTTONS = {"choice_grid": 24, "site_grid": 20, "bonus_grid": 8}


class TrajanTableScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_vm
        self._panels = {name: _strong(self.ids[name]) for name in ENTRY_PANELS + CONTENT_PANELS + FINAL_PANES}
        self.trays = tw.ButtonGrid(cols=3, spacing=6 * app.scale, row_height=96 * app.scale, font=17 * app.scale,
                                   fixed_cols=2 if app.portrait else 3)
        app.bind(portrait=lambda _a, portrait: setattr(self.trays, "fixed_cols", 2 if portrait else 3))
        self.trays.on_choose = lambda row: vm.choose(row["index"])
        self.ids.trays_holder.add_widget(self.trays)
        self.choice_grid = tw.ButtonGrid(cols=3, spacing=6 * app.scale, row_height=50 * app.scale,
                                         font=17 * app.scale)
        self.choice_grid.on_choose = vm.press
        self.ids.choices_holder.add_widget(self.choice_grid)
        self.site_grid = tw.ButtonGrid(cols=5, spacing=4 * app.scale, row_height=48 * app.scale, font=15 * app.scale,
                                       fixed_cols=5)
        self.site_grid.on_choose = vm.press
        self.ids.site_holder.add_widget(self.site_grid)
        self.card_grid = tw.ButtonGrid(cols=7, spacing=4 * app.scale, row_height=48 * app.scale, font=16 * app.scale)
        self.card_grid.on_choose = lambda row: vm.cards_add(row["card"])
        self.ids.cards_holder.add_widget(self.card_grid)
        self.ship_grid = tw.ButtonGrid(cols=3, spacing=4 * app.scale, row_height=44 * app.scale, font=16 * app.scale,
                                       fixed_cols=3)
        self.ship_grid.on_choose = lambda row: vm.cards_ship(row["ship"])
        self.ids.ships_holder.add_widget(self.ship_grid)
        self.bonus_grid = tw.ButtonGrid(cols=2, spacing=8 * app.scale, row_height=50 * app.scale,
                                        font=19 * app.scale)
        self.bonus_grid.on_choose = lambda row: vm.choose(row["index"])
        self.ids.bonus_holder.add_widget(self.bonus_grid)
        self._build_light(app)
        self._build_tile_entry(app)
        self.ids.content.bind(size=self._lay_out_unshown_panels)
        # The final score table is built once its columns and rows have both changed (before the
        # coming frame), and "How counted" only when it is shown: together ~200 widgets.
        self._final_trigger = Clock.create_trigger(lambda _dt: self.update_final(), -1)
        self._details_stale = True
        vm.bind(players=lambda *_: self.update_players(), trays=lambda *_: self.update_trays(),
                choices=lambda *_: self.update_choices(), site=lambda *_: self.update_choices(),
                entry=lambda *_: self.choose_panels(),
                phase=lambda *_: self.choose_panels(), report_open=lambda *_: self.choose_panels(),
                summary_rows=lambda *_: self.update_summary(), final_rows=lambda *_: self._final_trigger(),
                final_detail_rows=lambda *_: self.update_final_details(),
                repay=lambda *_: self.update_bonus(), repay_rows=lambda *_: self.update_bonus(),
                final_columns=lambda *_: self._final_trigger(), light_markers=lambda *_: self.update_light(),
                light_completed=lambda *_: self.update_light(), tile_entry=lambda *_: self.update_tile_entry(),
                cards_entry=lambda *_: self.choose_panels(), card_buttons=lambda *_: self.update_cards(),
                board_open=lambda *_: self.choose_panels(), board_sections=lambda *_: self.update_board(),
                ship_buttons=lambda *_: self.update_cards(),
                final_details_open=lambda *_: self.choose_panels())
        app.bind(portrait=lambda *_: self.update_players())
        self.update_players()
        self.update_trays()
        self.update_choices()
        self.update_summary()
        self.update_final()
        self.update_final_details()
        self.update_light()
        self.choose_panels()

    # -- which panels are in the tree -------------------------------------------------------------

    def choose_panels(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_vm
        p = self._panels
        if vm.board_open:
            content = p["board_panel"]
        elif vm.phase == "over" and not vm.report_open:
            content = p["final_panel"]
        elif vm.phase == "consul" or vm.report_open:
            content = p["summary_panel"]
        else:
            content = p["play_panel"]
        self._show_only(self.ids.content, content, tuple(p[n] for n in CONTENT_PANELS))
        if vm.tile_entry:
            entry = p["tile_panel"]
        elif vm.cards_entry:
            entry = p["cards_panel"]
        elif vm.entry == "trays":
            entry = p["trays_panel"]
        elif vm.entry == "light":
            entry = p["light_panel"]
        elif vm.entry in ("choices", "reveal"):
            entry = p["choices_panel"]
        else:
            entry = p["empty_panel"]
        self._show_only(self.ids.entry, entry, tuple(p[n] for n in ENTRY_PANELS))
        if vm.final_details_open and self._details_stale:
            self.update_final_details()
        pane = p["details"] if vm.final_details_open else p["final_main"]
        self._show_only(self.ids.final_panel, pane, tuple(p[n] for n in FINAL_PANES))
        self.update_bonus()

    @staticmethod
    def _show_only(container: Any, wanted: Any, candidates: tuple[Any, ...]) -> None:
        container = _strong(container)
        for widget in candidates:
            if widget is not wanted and widget.parent is container:
                container.remove_widget(widget)
        if wanted.parent is None:
            container.add_widget(wanted)

    # -- rows -------------------------------------------------------------------------------------

    def update_players(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_vm
        grid = self.ids.players
        if len(grid.children) != len(vm.players):
            grid.clear_widgets()
            for _ in vm.players:
                grid.add_widget(PlayerCard())
            app.when_idle(self.prepare_while_idle)
        grid.cols = 2 if app.portrait and len(vm.players) > 2 else max(1, len(vm.players))
        for card, row in zip(reversed(grid.children), vm.players):
            card.seat = row["seat"]
            card.name = row["name"]
            card.rgba = row["rgba"]
            card.vp_text = row["vp_text"]
            card.senate_text = row["senate_text"]
            card.demand_markup = row["demand_markup"]
            card.is_current = row["is_current"]
            card.is_start = row["is_start"]

    def update_trays(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_vm
        rows = []
        for tray in vm.trays:
            rows.append({"wid": tray["wid"], "text": tray["markup"], "enabled": tray["enabled"], "markup_on": True,
                         "index": tray["index"], "selected": tray.get("selected", False),
                         "bg": theme.hex_rgba("#6B4A12") if tray["ends_round"] else theme.NEUTRAL})
        self.trays.show(rows)

    def update_choices(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.trajan_vm
        colours = {"action": theme.ACCENT, "bonus": theme.hex_rgba("#6B4A12"), "extra": theme.hex_rgba("#4B3B78"),
                   "plus2": theme.hex_rgba("#4B3B78"), "pass": theme.NEUTRAL, "reveal": theme.ACCENT}
        rows = []
        for c in vm.choices:
            text = (c["markup"] + " " + c["text"]) if c.get("markup") else c["text"]
            rows.append({**c, "text": text, "markup_on": bool(c.get("markup")), "bg": colours.get(c["kind"], theme.NEUTRAL),
                         "font": (24 if c["kind"] == "reveal" else 17) * app.scale})
        site = [{**c, "markup_on": bool(c.get("markup")), "bg": colours.get(c["kind"], theme.PANEL_HI),
                 "font": 15 * app.scale} for c in vm.site]
        holder, others = self.ids.site_holder, self.ids.choices_holder
        holder.size_hint_x = 1 if site else None
        holder.width = 0
        holder.opacity = 1 if site else 0
        others.size_hint_x = None if site else 1
        others.width = (140 if not app.portrait else 160) * app.scale if site else 100
        # The panel is laid out now, so both grids have their final size before their buttons get
        # their texts: each text is then laid out once, not again at every size on the way.
        for box in (self._panels["choices_panel"], others, holder):
            box.do_layout()
        self.choice_grid.row_height = (90 if vm.entry == "reveal" else 50) * app.scale
        self.choice_grid.show(rows)
        self.site_grid.show(site)
        self.update_bonus()

    def update_bonus(self) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_vm
        if vm.repay:
            rows = [{**row, "bg": theme.NEUTRAL, "enabled": True} for row in vm.repay_rows]
            rows += [{"wid": "trajan.repay.cancel", "text": self._word("Cancel"), "enabled": True, "index": -1,
                      "bg": theme.NEUTRAL},
                     {"wid": "trajan.repay.confirm", "text": self._word("Confirm"), "enabled": True, "index": -1,
                      "bg": theme.PLUS}]
        elif vm.phase == "consul":
            rows = [{**row, "bg": theme.hex_rgba("#6B4A12"), "enabled": True} for row in vm.bonus_choices()]
        else:
            rows = [{"wid": "trajan.report.close", "text": self._close_text(), "enabled": True, "index": -1,
                     "bg": theme.ACCENT}]
        self.bonus_grid.on_choose = self._bonus_chosen
        self.bonus_grid.show(rows)

    @staticmethod
    def _close_text() -> str:
        from companion.ui.text.i18n import _

        return _("Close")

    @staticmethod
    def _word(msgid: str) -> str:
        from companion.ui.text.i18n import _

        return _(msgid)

    def _bonus_chosen(self, row: dict[str, Any]) -> None:
        from kivy.app import App

        vm = App.get_running_app().trajan_vm
        wid = row["wid"]
        if wid == "trajan.report.close":
            vm.close_report()
        elif wid == "trajan.repay.cancel":
            vm.cancel_repay()
        elif wid == "trajan.repay.confirm":
            vm.confirm_repay()
        elif wid.startswith("trajan.repay."):
            vm.cycle_repay(row["index"])
        else:
            vm.choose(row["index"])

    def update_summary(self) -> None:
        vm = self._vm()
        box = self.ids.summary_rows
        if vm.summary_rows:
            # Rows are kept while there is no report (the panel is not shown then): a season's end
            # relabels them rather than building ~50 widgets.
            while len(box.children) < len(vm.summary_rows):
                box.add_widget(SummaryRow())
            while len(box.children) > len(vm.summary_rows):
                box.remove_widget(box.children[0])
        for widget, row in zip(reversed(box.children), vm.summary_rows):
            widget.seat = row["seat"]
            widget.wid = f"trajan.summary.{row['seat']}"
            widget.disabled = vm.phase != "consul"
            widget.name = row["name"]
            widget.rgba = row["rgba"]
            widget.role = row["role"]
            widget.paid_markup = row["paid_markup"]
            widget.penalty_text = row["penalty_text"]
            widget.votes_text = row["votes_text"]
            widget.vp_text = row["vp_text"]

    def prepare_while_idle(self) -> None:
        """Makes, while the table is idle, what a later tap would otherwise make the first time it
        is needed (a season's end, a turn with many details, the game's end): a summary row per
        player, the grids' buttons (see `RESERVED_BUTTONS`) and the final score table, blank; and
        lays the summary and the final panel out at the size they will be shown at, so the texts
        they get then are laid out once. On this machine those first taps took 30-50 ms."""
        vm = self._vm()
        box = self.ids.summary_rows
        while len(box.children) < len(vm.players):
            box.add_widget(SummaryRow())  # blank: relabelled at the season's end (kept while no report)
        for name, count in RESERVED_BUTTONS.items():
            getattr(self, name).reserve(count)
        if vm.phase != "over" and vm.final_categories:  # the table shown at the end is not replaced
            self._prepare_final()
        self._lay_out_unshown_panels()
        self._app().when_idle(self._prepare_board)  # at the next idle moment: the work spread out

    def _prepare_board(self) -> None:
        """The board's sections made and laid out while it is closed, with the table as it is now:
        the first Board tap then relabels them (here 138 ms → ~35 ms, as a second opening)."""
        vm = self._vm()
        if vm.board_open:
            return
        vm.prepare_board()
        self._lay_out_unshown(self._panels["board_panel"])

    def _lay_out_unshown_panels(self, *_args: Any) -> None:
        """The summary, the final panel and the board, when not on screen, laid out at the content
        area's size: now, and again whenever that size changes (the window laid out, a profile)."""
        for name in ("summary_panel", "final_panel", "board_panel"):
            self._lay_out_unshown(self._panels[name])

    def _lay_out_unshown(self, panel: Any) -> None:
        """Lays out `panel`, while it is not on screen, as the content area will when it is shown."""
        from kivy.uix.layout import Layout
        from kivy.uix.scrollview import ScrollView

        if panel.parent is not None:
            return
        content = self.ids.content
        panel.pos, panel.size = content.pos, content.size
        queue = [panel]
        while queue:  # parents first: a layout sizes its children, then they lay out theirs
            widget = queue.pop(0)
            if isinstance(widget, Layout):
                widget.do_layout()
            elif isinstance(widget, ScrollView):
                widget.update_from_scroll()
            queue.extend(reversed(widget.children))

    def update_final(self) -> None:
        """The score table: a column per player, a row per category, the totals. A table of the
        same shape as the one in place (made ahead while idle, or the last game's) is relabelled."""
        vm = self._vm()
        if vm.final_columns:  # none before a first game's end: the table made ahead stays, unseen
            self._show_final(vm.final_columns, vm.final_rows)

    def _prepare_final(self) -> None:
        """The score table for this game's players and categories, blank, so the game's end only
        relabels it."""
        vm = self._vm()
        seats = range(len(vm.players))
        columns = [{"seat": seat, "name": "", "winner": False, "rgba": theme.TEXT, "total_text": ""}
                   for seat in seats]
        rows = [{"id": cid, "title": "", "rule": "", "cells": ["" for _ in seats]} for cid in vm.final_categories]
        self._show_final(columns, rows)

    def _show_final(self, columns: list[dict[str, Any]], rows: list[dict[str, Any]]) -> None:
        from kivy.app import App
        from kivy.factory import Factory
        from kivy.utils import escape_markup

        app = App.get_running_app()
        grid = self.ids.final_grid
        small = round(13 * app.scale)
        width = self._category_width()
        # (kv class, what the cell is built with, what it shows)
        specs: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
            ("FinalHead", {"size_hint_x": None, "width": width}, {"text": ""})]
        for col in columns:
            specs.append(("FinalHead", {}, {"text": col["name"] + (" ★" if col["winner"] else ""), "color": col["rgba"]}))
        for row in rows:
            specs.append(("FinalLabel", {"size_hint_x": None, "width": width}, {
                "text": f"[b]{escape_markup(row['title'])}[/b]\n[size={small}][color=A9B3C1]"
                        f"{escape_markup(row['rule'])}[/color][/size]"}))
            for seat, cell in zip((c["seat"] for c in columns), row["cells"]):
                specs.append(("FinalCell", {}, {"text": cell, "wid": f"trajan.final.{row['id']}.{seat}"}))
        specs.append(("FinalHead", {"size_hint_x": None, "width": width, "halign": "left", "font_size": 18 * app.scale},
                      {"text": self._total_text(), "color": theme.GOLD}))
        for col in columns:
            specs.append(("FinalHead", {"font_size": 22 * app.scale}, {
                "text": col["total_text"], "wid": f"trajan.final.total.{col['seat']}",
                "color": theme.GOLD if col["winner"] else theme.TEXT}))
        shape = [(name, sorted(built.items())) for name, built, _shown in specs]
        if shape != getattr(self, "_final_shape", None) or len(grid.children) != len(specs):
            grid.clear_widgets()
            grid.cols = 1 + len(columns)
            for name, built, shown in specs:
                grid.add_widget(getattr(Factory, name)(**built, **shown))
            self._final_shape = shape
            return
        for widget, (_name, _built, shown) in zip(reversed(grid.children), specs):
            for key, value in shown.items():
                setattr(widget, key, value)

    def update_final_details(self, ahead: bool = False) -> None:
        """How each category was counted, laid out like the score table (a column per player) over
        the whole width, so a long bonus-tile line wraps inside its player's column. Built when
        shown, or `ahead` while the table is idle after the game's end (`_prepare_details`)."""
        from kivy.factory import Factory
        from kivy.utils import escape_markup

        app = self._app()
        vm = app.trajan_vm
        self._details_stale = not (vm.final_details_open or ahead)
        if self._details_stale:
            if vm.phase == "over":
                app.when_idle(self._prepare_details)
            return
        grid = self.ids.details_grid
        grid.clear_widgets()
        if not vm.final_columns:
            return
        small = round(13 * app.scale)
        width = (120 if app.portrait else 130) * app.scale
        head = DetailRow()
        head.set_cells([Factory.DetailCell(text="", size_hint_x=None, width=width)]
                       + [Factory.DetailCell(text=f"[b]{escape_markup(col['name'])}{' ★' if col['winner'] else ''}[/b]",
                                             color=col["rgba"], font_size=16 * app.scale) for col in vm.final_columns])
        grid.add_widget(head)
        for row in vm.final_detail_rows:
            title = f"[b]{escape_markup(row['title'])}[/b]\n[size={small}][color=A9B3C1]{escape_markup(row['rule'])}[/color][/size]"
            line = DetailRow()
            line.set_cells([Factory.DetailCell(text=title, size_hint_x=None, width=width)]
                           + [Factory.DetailCell(text=cell, wid=f"trajan.final.detail.{row['id']}.{seat}")
                              for seat, cell in zip((c["seat"] for c in vm.final_columns), row["cells"])])
            grid.add_widget(line)
        total = DetailRow()
        total.set_cells([Factory.DetailCell(text=f"[b]{escape_markup(self._total_text())}[/b]", color=theme.GOLD,
                                            font_size=16 * app.scale, size_hint_x=None, width=width)]
                        + [Factory.DetailCell(text=f"[b]{col['total_text']}[/b]", font_size=16 * app.scale,
                                              color=theme.GOLD if col["winner"] else theme.TEXT)
                           for col in vm.final_columns])
        grid.add_widget(total)

    def _prepare_details(self) -> None:
        """"How counted" made and laid out while the game's end shows the score table, so the tap
        that opens it only swaps the panes (its first opening here: 153-162 → 34 ms)."""
        vm = self._vm()
        if vm.phase == "over" and self._details_stale and not vm.final_details_open:
            self.update_final_details(ahead=True)
            self._lay_out_unshown(self._panels["details"])

    @staticmethod
    def _app() -> Any:
        from kivy.app import App

        return App.get_running_app()

    @staticmethod
    def _total_text() -> str:
        from companion.ui.text.i18n import _

        return _("Total")

    def _category_width(self) -> float:
        from kivy.app import App

        app = App.get_running_app()
        return (230 if app.portrait else 190) * app.scale

    # -- light mode and the tile a table drew ---------------------------------------------------------

    def _build_light(self, app: Any) -> None:
        from companion.ui.widgets import AppButton

        vm = app.trajan_vm
        grid = self.ids.light_markers
        self._marker_buttons = []
        for n in range(1, 13):
            button = AppButton(wid=f"trajan.light.markers.{n}", text=str(n), size_hint_min_y=0,
                               font_size=20 * app.scale)
            button.bind(on_release=lambda _b, n=n: vm.set_light_markers(n))
            grid.add_widget(button)
            self._marker_buttons.append(button)
        actions = self.ids.light_actions
        self._action_buttons = []
        for i, row in enumerate(vm.light_actions or self._light_rows()):
            button = tw.FitButton(wid=row["wid"], text=row["text"], size_hint_min_y=0, base_font=18 * app.scale,
                                  bg=theme.ACCENT)
            button.bind(on_release=lambda _b, tray=i: vm.light_move(tray))
            actions.add_widget(button)
            self._action_buttons.append(button)

    @staticmethod
    def _light_rows() -> list[dict[str, Any]]:
        from companion.ui.trajan import names

        return [{"wid": f"trajan.light.action.{a}", "text": f"{names.TRAY_NUMERALS[i]} {names.action(a)}"}
                for i, a in enumerate(names.ACTIONS)]

    def update_light(self) -> None:
        vm = self._vm()
        for n, button in enumerate(self._marker_buttons, start=1):
            button.selected = vm.light_markers == n
        for button, row in zip(self._action_buttons, vm.light_actions or self._light_rows()):
            button.text = row["text"]
            button.disabled = not vm.light_markers

    def _build_tile_entry(self, app: Any) -> None:
        from companion.ui.trajan import names

        vm = app.trajan_vm
        colours = self.ids.tile_colours
        self._colour_buttons = []
        for colour in names.MARKER_COLOURS:
            button = tw.FitButton(wid=f"trajan.tile.colour.{colour}", text=names.colour(colour), size_hint_min_y=0,
                                  base_font=18 * app.scale, bg=theme.hex_rgba("#" + names.COLOUR_HEX[colour]),
                                  fg=(0.05, 0.07, 0.09, 1))
            button.bind(on_release=lambda _b, c=colour: vm.tile_entry_colour(c))
            colours.add_widget(button)
            self._colour_buttons.append((colour, button))

    def update_tile_entry(self) -> None:
        from kivy.app import App

        from companion.ui.trajan import names

        app = App.get_running_app()
        vm = app.trajan_vm
        self.choose_panels()
        entry = vm.tile_entry
        kinds = self.ids.tile_kinds
        kinds.clear_widgets()
        if not entry:
            return
        for kind in entry.get("kinds", ()):
            button = tw.FitButton(wid=f"trajan.tile.kind.{kind}", text=names.trajan_tile(kind), size_hint_min_y=0,
                                  base_font=18 * app.scale, selected=entry.get("kind") == kind)
            button.bind(on_release=lambda _b, k=kind: vm.tile_entry_kind(k))
            kinds.add_widget(button)
        for colour, button in self._colour_buttons:
            button.selected = colour in entry.get("colours", ())
            button.disabled = not entry.get("kind")

    def update_board(self) -> None:
        """The board's own sections on the left, the players' on the right (stacked in portrait)."""
        vm = self._vm()
        sections = vm.board_sections
        from kivy.uix.widget import Widget

        for box, part in ((self.ids.board_left, sections[:4]), (self.ids.board_right, sections[4:])):
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

    def update_cards(self) -> None:
        vm = self._vm()
        self.card_grid.show([{**row, "bg": theme.NEUTRAL} for row in vm.card_buttons])
        self.ship_grid.show([{**row, "bg": theme.NEUTRAL} for row in vm.ship_buttons])

    def _vm(self) -> Any:
        from kivy.app import App

        return App.get_running_app().trajan_vm


SCREEN_CLASS = TrajanTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
