"""The table's two entry panels, as Kivy properties: who stands on region V's spaces, and a take
or pay by hand. Both hold only public things (names, money, the amount being entered by the
table), so they live on the shared screen. Each builds its intent; the rules check it.
"""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.session import Intent
from companion.ui.text.i18n import _
from companion.ui.tribune.format import REASONS, reason_label

#: The hand entry's largest amount on the screen's −/+ (the rules' own limit is far higher).
MAX_HAND_AMOUNT = 999


class RegionVPicker(EventDispatcher):
    """Region V's two occupants: `space1`, `space2` (seats, -1: not chosen). A player may not stand
    on both spaces (digest 3.3), so choosing a seat for one space frees it from the other."""

    is_open = BooleanProperty(False)
    space1 = NumericProperty(-1)
    space2 = NumericProperty(-1)
    ready = BooleanProperty(False)

    def open(self) -> None:
        self.space1 = self.space2 = -1
        self.ready = False
        self.is_open = True

    def close(self) -> None:
        self.is_open = False

    def choose(self, space: int, seat: int) -> None:
        """Seat stands on `space` (1 or 2); tapping the chosen seat again clears the space."""
        mine, other = ("space1", "space2") if space == 1 else ("space2", "space1")
        if getattr(self, mine) == seat:
            setattr(self, mine, -1)
        else:
            setattr(self, mine, seat)
            if getattr(self, other) == seat:
                setattr(self, other, -1)
        self.ready = self.space1 >= 0 and self.space2 >= 0

    def intent(self) -> Intent | None:
        if not self.ready:
            return None
        return Intent("region_v", {"space1": int(self.space1), "space2": int(self.space2)})


class MoneyEntry(EventDispatcher):
    """Take or pay by hand: `seat` (-1: nobody chosen yet), `amount` (at least 1), an optional
    `reason` (one of the presets, `reason_index`; -1: none). `take_text` / `pay_text` are the two
    buttons ("Take 7", "Pay 7"); `reason_labels` the preset buttons."""

    is_open = BooleanProperty(False)
    seat = NumericProperty(-1)
    amount = NumericProperty(1)
    reason = StringProperty("")
    reason_index = NumericProperty(-1)
    reason_labels = ListProperty([])
    amount_text = StringProperty("1")
    take_text = StringProperty("")
    pay_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.relabel()

    def open(self, seat: int = -1) -> None:
        self.seat, self.amount, self.reason, self.reason_index = int(seat), 1, "", -1
        self.is_open = True
        self.relabel()

    def close(self) -> None:
        self.is_open = False

    def select(self, seat: int) -> None:
        self.seat = int(seat)

    def change(self, delta: int) -> None:
        self.amount = min(max(int(self.amount) + int(delta), 1), MAX_HAND_AMOUNT)
        self.relabel()

    def choose_reason(self, index: int) -> None:
        """A preset: its reason, and its amount when it has one (the coin bowl's 7 or 5). The chosen
        preset tapped again clears the reason (the amount stays)."""
        if index == self.reason_index or not 0 <= index < len(REASONS):
            self.reason, self.reason_index = "", -1
        else:
            reason, amount = REASONS[index]
            self.reason, self.reason_index = reason, index
            if amount is not None:
                self.amount = amount
        self.relabel()

    def intent(self, take: bool) -> Intent | None:
        if self.seat < 0:
            return None
        args: dict[str, Any] = {"seat": int(self.seat), "amount": int(self.amount)}
        if self.reason:
            args["reason"] = self.reason
        return Intent("take_money" if take else "pay_money", args)

    def relabel(self) -> None:
        self.amount_text = str(int(self.amount))
        self.take_text = _("Take {amount}").format(amount=int(self.amount))
        self.pay_text = _("Pay {amount}").format(amount=int(self.amount))
        self.reason_labels = [reason_label(reason, amount) for reason, amount in REASONS]

