"""The final table panel: at the game's end a column per player and a row per category (with the
rule it scores by), the totals and the tie-break; beside it the score over the game as a chart,
or, instead of the chart, how every category was counted."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names
from companion.ui.trajan.markup import MUTED_HEX, colour_rgba, escape


class FinalTableViewModel(EventDispatcher):
    tie_break = StringProperty("")
    columns = ListProperty([])  # [{seat, name, rgba, total_text, winner}]
    categories = ListProperty([])  # the final table's category ids, in order, known all game
    rows = ListProperty([])  # [{id, wid, title, rule, cells: [text]}]
    detail_rows = ListProperty([])  # [{id, title, rule, cells: [markup]}]: how each category was counted
    details_open = BooleanProperty(False)
    chart_series = ListProperty([])  # [{rgba, points: [vp]}]
    chart_ticks = ListProperty([])  # [(index, text)]

    def know_categories(self, view: Mapping[str, Any]) -> None:
        """The categories the game's end will score, known from the start (for the screen to make
        the table ahead)."""
        categories = list(view.get("final_categories", ()))
        if categories != self.categories:
            self.categories = categories

    def update(self, view: Mapping[str, Any]) -> None:
        final = view.get("final") or {}
        players = view["players"]
        winners = set(final.get("winners", ()))
        self.tie_break = tfmt.tie_break_text(final)
        cols = []
        for p in final.get("players", ()):
            seat = p["seat"]
            cols.append({"seat": seat, "name": p["name"], "rgba": colour_rgba(players[seat]["colour"]),
                         "total_text": str(p["total"]), "winner": p["name"] in winners})
        self.columns = cols
        ids = [c["id"] for c in (final.get("players") or [{"categories": []}])[0]["categories"]]
        rows = []
        for cid in ids:
            cats = [next(c for c in p["categories"] if c["id"] == cid) for p in final["players"]]
            rows.append({"id": cid, "title": names.category(cid),
                         "rule": names.rule(cats[0]["rule"]), "cells": [str(c["vp"]) for c in cats]})
        self.rows = rows
        self._details(final)
        self._chart(view, final)

    def toggle_details(self) -> None:
        """The right pane shows the score chart, or how every category was counted."""
        self.details_open = not self.details_open

    def _chart(self, view: Mapping[str, Any], final: Mapping[str, Any]) -> None:
        """Each player's VP after every round (the view's `score_track`), then the final total;
        a tick at each season's first round and at the end."""
        players = view["players"]
        track = list(view.get("score_track", ()))
        series = []
        for p in final.get("players", ()):
            seat = p["seat"]
            points = [int(vps[seat]) for _s, _r, vps in track] + [int(p["total"])]
            series.append({"rgba": colour_rgba(players[seat]["colour"]), "points": points})
        self.chart_series = series
        ticks, last = [], None
        for i, (s, _r, _v) in enumerate(track):
            if s != last:
                ticks.append((i, _("S{n}").format(n=s)))
                last = s
        ticks.append((len(track), _("End")))
        self.chart_ticks = ticks

    def _details(self, final: Mapping[str, Any]) -> None:
        """How every category was counted, as the score table's rows: per player a cell with the
        VP and the detail the rules gave (several parts, such as the bonus tiles, one per line)."""
        players = final.get("players", ())
        rows = []
        for cat in players[0]["categories"] if players else ():
            cid = cat["id"]
            cells = []
            for p in players:
                mine = next((c for c in p["categories"] if c["id"] == cid), None)
                cells.append(self._detail_cell(mine) if mine is not None else "")
            rows.append({"id": cid, "title": names.category(cid), "rule": names.rule(cat["rule"]), "cells": cells})
        self.detail_rows = rows

    @staticmethod
    def _detail_cell(category: Mapping[str, Any]) -> str:
        """One player's cell: "[b]3[/b]  3 in hand × 1"; a category counted in several parts (the
        bonus tiles) lists each part on a line of its own below the VP."""
        lines = [escape(text) for text in tfmt.category_details(category)]
        vp = f"[b]{category['vp']}[/b]"
        if len(lines) == 1:
            return f"{vp}  [color={MUTED_HEX}]{lines[0]}[/color]"
        return "\n".join([vp] + [f"[color={MUTED_HEX}]·\u00a0{line}[/color]" for line in lines])
