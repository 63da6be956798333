"""What every sealed-bid game's table screen does (the secret bid's, Tribune's): exactly one content
panel and the phase's own bar buttons in the tree at a time (hidden widgets would still take
touches), the open bid's seat cards, the revealed bid's rows, and a question or notice dropped when
the table is left.

A game's screen sets `OWNER`, the app attribute holding its `SealedBidUI` (whose `table` is the
view-model), and `PREFIX`, the start of the shared widgets' wids.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from kivy.uix.screenmanager import Screen

from companion.ui.secretbid.widgets import BidResultRow, BidSeatCard


def strong(widget: Any) -> Any:
    """The widget itself, where kv hands out a weak proxy (`ids`)."""
    return getattr(widget, "__self__", widget)


class SealedTableScreen(Screen):
    OWNER = "secretbid"
    PREFIX = "secretbid"

    @property
    def owner(self) -> Any:
        """The game's UI controller (`app.<OWNER>`)."""
        from kivy.app import App

        return getattr(App.get_running_app(), self.OWNER)

    def keep_parts(self, names: Iterable[str]) -> None:
        """Panels leave the tree while another is shown; `ids` alone would not keep them alive."""
        self._parts = {name: strong(self.ids[name]) for name in names}

    def on_pre_leave(self, *_args: Any) -> None:
        """A question left open would greet whoever comes back; a notice belongs to its moment."""
        vm = self.owner.table
        if vm.confirming:
            vm.cancel_reveal()
        vm.clear_notice()

    def _show_only(self, container: Any, wanted: tuple[str, ...], names: tuple[str, ...]) -> None:
        container = strong(container)
        for name in names:
            widget = self._parts[name]
            if name not in wanted and widget.parent is container:
                container.remove_widget(widget)
        for name in wanted:  # in the order given
            widget = self._parts[name]
            if widget.parent is None:
                container.add_widget(widget, index=0)

    def show_seat_cards(self, grid: Any, rows: Sequence[Mapping[str, Any]]) -> None:
        """The bidding seats' cards, rebuilt only when the seats change, else updated in place."""
        if [c.seat for c in reversed(grid.children)] != [r["seat"] for r in rows]:
            grid.clear_widgets()
            for row in rows:
                grid.add_widget(BidSeatCard(seat=row["seat"], owner=self.owner, prefix=self.PREFIX))
        for card, row in zip(reversed(grid.children), rows):
            card.name, card.detail = row["name"], row["detail"]
            card.status_text, card.locked = row["status_text"], row["locked"]

    def update_result(self) -> None:
        """The revealed bid's rows (`ids.result_grid`), highest first."""
        grid = self.ids.result_grid
        grid.clear_widgets()
        for row in self.owner.table.result_rows:
            grid.add_widget(BidResultRow(seat=row["seat"], place_text=row["place_text"], name=row["name"],
                                         amount_text=row["amount_text"], note=row["note"], winner=row["winner"],
                                         prefix=self.PREFIX))
