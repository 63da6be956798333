"""The season summary panel: the last season's scoring, a row per player in the senate's order
(how each demand was paid, the penalty, the votes, VP before and after, consul and proconsul);
before the consul chooses a player may pay the demands differently (Trajan 1.5: the rules check
the new payment). "Last season" shows it again later in the season."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, ListProperty, NumericProperty, StringProperty

from companion.session import Intent
from companion.ui.text.i18n import _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan import names
from companion.ui.trajan.panels.host import TableHost
from companion.ui.trajan.markup import colour_rgba, demand_chip, seat_name
from companion.ui.trajan.panels.unchanged import LastInputs

#: What a demand may be paid with, in the order a tap cycles through (None: unmet).
REPAY_CYCLE: tuple[str | None, ...] = ("forum", "trajan", "wildcard", None)


class SummaryViewModel(EventDispatcher):
    title = StringProperty("")
    rows = ListProperty([])  # [{seat, name, rgba, paid_markup, penalty_text, votes_text, vp_text, role}]
    prompt = StringProperty("")
    # a player paying this season's demands differently (before the consul chooses)
    repay = DictProperty({})  # {seat, name, demands: [...], sources: [...]} while open
    repay_rows = ListProperty([])  # [{wid, text, index}]
    repay_seat = NumericProperty(-1)
    report_open = BooleanProperty(False)
    has_report = BooleanProperty(False)

    def __init__(self, table: TableHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table
        self._inputs = LastInputs()

    def update(self, view: Mapping[str, Any]) -> None:
        """The last season's report and the prompt; skipped while the reports, the phase, the
        players' names and colours and the repayment are as they were (all but a season's taps)."""
        players = tuple((p.get("name"), p.get("colour")) for p in view.get("players", ()))
        if self._inputs.same(view.get("season_reports", ()), view["phase"], players, dict(self.repay)):
            return
        reports = list(view.get("season_reports", ()))
        self.has_report = bool(reports)
        if not reports:
            self.rows = []
            self.report_open = False
            return
        report = reports[-1]
        consul, proconsul = report.get("consul"), report.get("proconsul")
        self.title = _("Season {n}: demands {demands}").format(
            n=report.get("season"), demands=_(", ").join(names.demand(d) for d in report.get("demands", ())))
        rows = [self._row(view, row, consul, proconsul) for row in report.get("players", ())]
        order = {seat: i for i, seat in enumerate(report.get("senate_ranking", ()))}
        rows.sort(key=lambda r: order.get(r["seat"], len(order) + r["seat"]))
        self.rows = rows
        if view["phase"] != "consul" and self.repay:
            self.repay = {}
            self.repay_seat = -1
        if self.repay:
            self._relabel_repay()
            self.prompt = _("{name} pays differently: tap a demand to change what pays it.").format(
                name=self.repay["name"])
        elif view["phase"] == "consul":
            self.prompt = _("{consul}, consul: take a bonus tile (yellow side); {proconsul} gets the other (grey side).").format(
                consul=seat_name(view, consul), proconsul=seat_name(view, proconsul))
        else:
            self.prompt = _("{consul} was consul, {proconsul} proconsul.").format(
                consul=seat_name(view, consul), proconsul=seat_name(view, proconsul))

    @staticmethod
    def _row(view: Mapping[str, Any], row: Mapping[str, Any], consul: Any, proconsul: Any) -> dict[str, Any]:
        players = view["players"]
        seat = row["seat"]
        paid = []
        for item in row.get("paid", ()):
            d, how = item.get("demand"), item.get("with")
            if how:
                paid.append(f"{demand_chip(d)}{names.demand(d)} ✔ {names.display(names.PAID_WITH, how)}")
            else:
                paid.append(f"{demand_chip(d)}{names.demand(d)} [color=E5484D]✘[/color]")
        role = _("★ Consul") if seat == consul else (_("☆ Proconsul") if seat == proconsul else "")
        before, after = int(row.get("vp_before", 0)), int(row.get("vp_after", 0))
        return {
            "seat": seat, "name": str(row.get("name", seat_name(view, seat))),
            "rgba": colour_rgba(players[seat]["colour"]) if seat < len(players) else [1, 1, 1, 1],
            # each demand's words held together: a line breaks between demands, not inside one
            "paid_markup": "   ".join(item.replace(" ", "\u00a0") for item in paid) or _("no demands"),
            "penalty_text": _("Penalty {points}").format(points=tfmt.signed(-int(row.get("penalty", 0))))
            if row.get("penalty") else _("No penalty"),
            "votes_text": _("{n} votes").format(n=row.get("votes", 0)),
            "vp_text": f"{before} → {after}", "role": role,
        }

    def close_report(self) -> None:
        self.report_open = False

    # -- paying the demands differently (Trajan 1.5; the rules check the new payment) -------------

    def open_repay(self, seat: int) -> None:
        """While the consul has not chosen: seat `seat` pays this season's demands another way."""
        view = self._table.view
        if view.get("phase") != "consul":
            return
        report = list(view.get("season_reports", ()))[-1]
        row = next((r for r in report.get("players", ()) if r["seat"] == seat), None)
        if row is None:
            return
        self.repay = {"seat": seat, "name": str(row.get("name", seat_name(view, seat))),
                      "demands": [item.get("demand") for item in row.get("paid", ())],
                      "sources": [item.get("with") for item in row.get("paid", ())]}
        self.update(view)

    def cycle_repay(self, index: int) -> None:
        """The demand at `index` is paid with the next thing in `REPAY_CYCLE`."""
        if not self.repay or not 0 <= index < len(self.repay["sources"]):
            return
        sources = list(self.repay["sources"])
        at = REPAY_CYCLE.index(sources[index]) if sources[index] in REPAY_CYCLE else -1
        sources[index] = REPAY_CYCLE[(at + 1) % len(REPAY_CYCLE)]
        self.repay = {**self.repay, "sources": sources}
        self._relabel_repay()

    def confirm_repay(self) -> None:
        """Posts the new payment; refused, the repayment stays open with the reason shown."""
        if not self.repay:
            return
        repay = self.repay
        self._table.post(Intent("repay_demands", {"seat": repay["seat"], "sources": list(repay["sources"])}))
        if self._table.notice_level != "refused":
            self.repay = {}
            self.repay_seat = -1
            self.update(self._table.view)

    def cancel_repay(self) -> None:
        self.repay = {}
        self.repay_seat = -1
        if self._table.view:
            self.update(self._table.view)

    def _relabel_repay(self) -> None:
        repay = self.repay
        self.repay_seat = int(repay["seat"]) if repay else -1
        rows = []
        for i, (demand, source) in enumerate(zip(repay.get("demands", ()), repay.get("sources", ()))):
            how = names.display(names.PAID_WITH, source) if source else _("unmet")
            rows.append({"wid": f"trajan.repay.{i}", "index": i, "text": f"{names.demand(demand)}: {how}"})
        self.repay_rows = rows
