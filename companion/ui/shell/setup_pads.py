"""Which handheld pad plays which seat, for any game's set-up screen (the shared one and a game's own).

Pads are numbered by their place in the config (`[[devices.pads.seats]]`, from 0); a pad is wired
to a place at the table, not to a person, so who sits where decides whose pad is whose. By default
pad k plays seat k. Each seat's button cycles through the pads no other seat has, then "no pad":
one tap changes only that seat, and no pad can end up with two seats. A choice other than the
default goes into the new_game setup as `pads` (per seat a pad number or None); the session keeps
it in the journal.

Game-agnostic (it knows nothing of any rules): the shared set-up and every game's own set-up use it.
"""

from __future__ import annotations

from typing import Any, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty

from companion.ui.text.i18n import _

#: Pads when nobody says otherwise: the four `[[devices.pads.seats]]` of config.default.toml.
DEFAULT_PAD_COUNT = 4


class PadChoice(EventDispatcher):
    """Per seat the pad that plays it (`pads`, a number from 0 or None) and its label (`labels`).

    `shown` is False when no pads are configured: the set-up screens then hide the pad buttons.
    """

    pad_count = NumericProperty(DEFAULT_PAD_COUNT)
    pads = ListProperty([])
    labels = ListProperty([])
    shown = BooleanProperty(True)

    def __init__(self, seats: int = 0, pad_count: int = DEFAULT_PAD_COUNT, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.set_pad_count(pad_count)
        self.set_seats(seats)

    def set_pad_count(self, count: int) -> None:
        """The number of pads the config lists; a seat holding a pad beyond it has none."""
        self.pad_count = max(0, int(count))
        self.shown = self.pad_count > 0
        self.pads = [p if p is not None and p < self.pad_count else None for p in self.pads]
        self.relabel()

    def set_seats(self, seats: int) -> None:
        """Seats come and go at the end; a new seat takes its own pad (pad k for seat k) when free,
        else the lowest free one, else none; the others keep theirs."""
        pads = list(self.pads[:max(0, int(seats))])
        while len(pads) < seats:
            seat = len(pads)
            free = self._free(pads)
            pads.append(seat if seat in free else (free[0] if free else None))
        self.pads = pads
        self.relabel()

    def cycle(self, seat: int) -> None:
        """Seat `seat` takes the next pad nobody else has, after the last of them no pad, then the
        first free pad again."""
        if not 0 <= seat < len(self.pads) or not self.pad_count:
            return
        others = self.pads[:seat] + self.pads[seat + 1:]
        ring: list[int | None] = [p for p in range(int(self.pad_count)) if p not in others] + [None]
        current = self.pads[seat]
        following = ring[(ring.index(current) + 1) % len(ring)] if current in ring else ring[0]
        pads = list(self.pads)
        pads[seat] = following
        self.pads = pads
        self.relabel()

    def remember(self, pads: Sequence[int | None] | None) -> None:
        """The pads of an earlier game with as many seats, when they still make sense (every pad
        configured, none twice); anything else keeps the defaults."""
        if pads is None or len(pads) != len(self.pads):
            return
        given = [p for p in pads if p is not None]
        if len(given) != len(set(given)) or any(not isinstance(p, int) or not 0 <= p < self.pad_count for p in given):
            return
        self.pads = list(pads)
        self.relabel()

    def value(self) -> list[int | None]:
        """What the setup sends as `pads`."""
        return list(self.pads)

    def is_default(self) -> bool:
        """Pad k plays seat k (seats beyond the pads have none): what the session does when the
        setup names no pads, so a set-up need not send them."""
        return self.pads == [k if k < self.pad_count else None for k in range(len(self.pads))]

    def relabel(self) -> None:
        self.labels = [_("Pad {n}").format(n=p + 1) if p is not None else _("No pad") for p in self.pads]

    def _free(self, taken: Sequence[int | None]) -> list[int]:
        return [p for p in range(int(self.pad_count)) if p not in taken]
