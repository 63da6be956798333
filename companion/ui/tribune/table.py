"""Tribune's shared table: every player's money (big; tap a player to take or pay), the chariot
and its last winner, Region V bid…, Chariot auction, Money… and Next round; while a bid is open,
who bids and who has locked (never what), Private entry per bidder and Reveal now… with its
question; after a reveal, every bid, who won, who paid whom or the bank, a tie's rule, and the
money now. Home, History, Undo and Redo are always in the bar.

Everything shown comes from `app.tribune.table` (public views only). Exactly one content panel and
the panel's own bar buttons are in the tree at a time: hidden widgets would still take touches.
The bid's seat cards, its question and its result rows are the secret bid's widgets, and what the
table does with its panels the secret bid's table screen (`secretbid.bid_table.SealedTableScreen`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.ui.secretbid.bid_table import SealedTableScreen
from companion.ui.secretbid.widgets import RepeatButton, RevealConfirm  # noqa: F401  (used in the kv rules)
from companion.ui.tribune.board_panel import BoardPanel  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import FitButton  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import AppButton, WidButtonBox

#: Content panels by the view-model's `content`; the bar's own buttons by its `actions`.
CONTENT = {"money": "money_panel", "board": "board_panel", "region_v_picker": "picker_panel", "money_entry": "entry_panel",
           "bidding": "bidding_panel", "confirm": "confirm_panel", "result": "result_panel"}
ACTIONS = ("next_round", "reveal", "result_done")


class MoneyCard(WidButtonBox):
    """A player's money, big; a tap opens Money… for that player."""

    seat = NumericProperty(0)
    name = StringProperty("")
    money_text = StringProperty("")
    detail = StringProperty("")
    start = BooleanProperty(False)
    holder = BooleanProperty(False)


def _names_row(grid: Any, count: int, wid: str, on_tap: Any) -> list[AppButton]:
    """A row of one button per player, rebuilt only when the number of players changes."""
    from kivy.app import App

    if len(grid.children) != count:
        grid.clear_widgets()
        for seat in range(count):
            button = AppButton(wid=wid % seat, font_size=19 * App.get_running_app().scale, shorten=True)
            button.bind(on_release=lambda _b, s=seat: on_tap(s))
            grid.add_widget(button)
    return list(reversed(grid.children))


class TribuneTableScreen(SealedTableScreen):
    OWNER = PREFIX = "tribune"

    def on_kv_post(self, base_widget: Any) -> None:
        vm = self.owner.table
        self.keep_parts((*CONTENT.values(), *ACTIONS))
        vm.bind(rows=lambda *_: self.update_money(), bid_rows=lambda *_: self.update_bid(),
                result_rows=lambda *_: self.update_result(), content=lambda *_: self.choose(),
                actions=lambda *_: self.choose(), names=lambda *_: self.update_names())
        vm.picker.bind(space1=lambda *_: self.update_names(), space2=lambda *_: self.update_names())
        vm.entry.bind(seat=lambda *_: self.update_names(), reason_index=lambda *_: self.update_reasons(),
                      reason_labels=lambda *_: self.update_reasons())
        self.update_money()
        self.update_bid()
        self.update_result()
        self.update_names()
        self.update_reasons()
        self.choose()

    # -- which panel and which buttons are in the tree ------------------------------------------

    def choose(self) -> None:
        vm = self.owner.table
        self._show_only(self.ids.content, (CONTENT.get(vm.content, "money_panel"),), tuple(CONTENT.values()))
        self._show_only(self.ids.actions, tuple(vm.actions), ACTIONS)

    # -- rows ----------------------------------------------------------------------------------

    def update_money(self) -> None:
        """Cards are rebuilt only when the number of players changes, else updated in place."""
        from kivy.app import App

        vm = App.get_running_app().tribune.table
        grid = self.ids.money_grid
        if len(grid.children) != len(vm.rows):
            grid.clear_widgets()
            for row in vm.rows:
                card = MoneyCard(seat=row["seat"], wid=f"tribune.money.{row['seat']}")
                card.bind(on_release=lambda c: App.get_running_app().tribune.table.open_money(c.seat))
                grid.add_widget(card)
        for card, row in zip(reversed(grid.children), vm.rows):
            card.name, card.money_text, card.detail = row["name"], row["money_text"], row["detail"]
            card.start, card.holder = row["start"], row["holder"]

    def update_bid(self) -> None:
        self.show_seat_cards(self.ids.bid_grid, self.owner.table.bid_rows)

    def update_names(self) -> None:
        """The players' buttons of region V's two spaces and of the money panel."""
        from kivy.app import App

        vm = App.get_running_app().tribune.table
        names, money, count = list(vm.names), list(vm.money), len(vm.names)
        for space, grid in ((1, self.ids.space1_row), (2, self.ids.space2_row)):
            chosen = vm.picker.space1 if space == 1 else vm.picker.space2
            buttons = _names_row(grid, count, f"tribune.region_v.space{space}.%d",
                                 lambda seat, sp=space: App.get_running_app().tribune.table.picker.choose(sp, seat))
            for seat, button in enumerate(buttons):
                button.text, button.selected = names[seat], seat == chosen
        buttons = _names_row(self.ids.hand_seats, count, "tribune.hand.seat.%d",
                             lambda seat: App.get_running_app().tribune.table.entry.select(seat))
        for seat, button in enumerate(buttons):
            button.text = f"{names[seat]} · {money[seat]}" if seat < len(money) else names[seat]
            button.selected = seat == vm.entry.seat

    def update_reasons(self) -> None:
        from kivy.app import App

        entry = App.get_running_app().tribune.table.entry
        buttons = _names_row(self.ids.hand_reasons, len(entry.reason_labels), "tribune.hand.reason.%d",
                             lambda index: App.get_running_app().tribune.table.entry.choose_reason(index))
        for index, button in enumerate(buttons):
            button.text, button.selected = entry.reason_labels[index], index == entry.reason_index


SCREEN_CLASS = TribuneTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
