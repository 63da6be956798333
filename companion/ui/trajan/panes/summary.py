"""The season summary's pane (`panels.summary`): the season's title, a row per player (tapped,
before the consul chooses, to pay the demands differently), and below a row of buttons: the
consul's bonus tiles, a repayment's demands with Cancel and Confirm, or Close."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.ui.widgets import theme
from companion.ui.text.i18n import _
from companion.ui.trajan import widgets as tw
from companion.ui.trajan.panes.colours import AMBER
from companion.ui.trajan.panes.layout import ReservesButtons, running_app
from companion.ui.widgets import WidButtonBox


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


class SummaryPane(ReservesButtons, BoxLayout):
    #: Buttons the bonus grid makes ahead, while the table is idle: the consul's or a repayment's few.
    RESERVED = {"bonus_grid": 8}

    def on_kv_post(self, base_widget: Any) -> None:
        app = running_app()
        vm = app.trajan_vm
        self.bonus_grid = tw.ButtonGrid(cols=2, spacing=8 * app.scale, row_height=50 * app.scale,
                                        font=19 * app.scale)
        self.bonus_grid.on_choose = self._bonus_chosen
        self.ids.bonus_holder.add_widget(self.bonus_grid)
        vm.summary.bind(rows=lambda *_: self.update_rows(), repay=lambda *_: self.update_bonus(),
                        repay_rows=lambda *_: self.update_bonus())
        # the consul's bonus tiles are among the view's choices
        vm.choices.bind(rows=lambda *_: self.update_bonus(), site=lambda *_: self.update_bonus())
        self.update_rows()

    def update_rows(self) -> None:
        vm = running_app().trajan_vm
        rows = vm.summary.rows
        box = self.ids.rows
        if rows:
            # Rows are kept while there is no report (the pane is not shown then): a season's end
            # relabels them rather than building ~50 widgets.
            while len(box.children) < len(rows):
                box.add_widget(SummaryRow())
            while len(box.children) > len(rows):
                box.remove_widget(box.children[0])
        for widget, row in zip(reversed(box.children), rows):
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

    def prepare_rows(self, seats: int) -> None:
        """A blank row per player, made ahead while the table is idle: relabelled at the season's
        end (rows are kept while there is no report)."""
        box = self.ids.rows
        while len(box.children) < seats:
            box.add_widget(SummaryRow())

    def update_bonus(self) -> None:
        vm = running_app().trajan_vm
        summary = vm.summary
        if summary.repay:
            rows = [{**row, "bg": theme.NEUTRAL, "enabled": True} for row in summary.repay_rows]
            rows += [{"wid": "trajan.repay.cancel", "text": _("Cancel"), "enabled": True, "index": -1,
                      "bg": theme.NEUTRAL},
                     {"wid": "trajan.repay.confirm", "text": _("Confirm"), "enabled": True, "index": -1,
                      "bg": theme.PLUS}]
        elif vm.phase == "consul":
            rows = [{**row, "bg": AMBER, "enabled": True} for row in vm.bonus_choices()]
        else:
            rows = [{"wid": "trajan.report.close", "text": _("Close"), "enabled": True, "index": -1,
                     "bg": theme.ACCENT}]
        self.bonus_grid.show(rows)

    def _bonus_chosen(self, row: dict[str, Any]) -> None:
        vm = running_app().trajan_vm
        wid = row["wid"]
        if wid == "trajan.report.close":
            vm.summary.close_report()
        elif wid == "trajan.repay.cancel":
            vm.summary.cancel_repay()
        elif wid == "trajan.repay.confirm":
            vm.summary.confirm_repay()
        elif wid.startswith("trajan.repay."):
            vm.summary.cycle_repay(row["index"])
        else:
            vm.choose(row["index"])


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
