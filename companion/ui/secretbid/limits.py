"""Each player's limit (or none), edited one seat at a time: at set-up, and before each new round
(a table bidding with money changes the limits as money is spent).

A limit is public (the rules put it in the public view), so this model may live on the shared
screen. `None` means no limit; the rules then give the seat the largest bid they take.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from kivy.event import EventDispatcher
from kivy.properties import ListProperty, NumericProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.secretbid.format import NO_LIMIT, is_no_limit, limit_label, limit_value

#: The editor's −/+ buttons: small steps and big ones (held, each repeats).
STEPS = (-10, -1, 1, 10)


class LimitsModel(EventDispatcher):
    """`limits[seat]` (an int, or None for no limit) and its words in `labels` ("Limit 20"); `editing` is the
    seat whose limit the editor shows (-1: closed), `edit_title` and `edit_value` what it says."""

    limits = ListProperty([])
    labels = ListProperty([])
    editing = NumericProperty(-1)
    edit_title = StringProperty("")
    edit_value = StringProperty("")

    def __init__(self, names: Callable[[], Sequence[str]] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._names = names or (lambda: ())
        self.relabel()

    # -- the limits ----------------------------------------------------------------------------

    def set_seats(self, count: int) -> None:
        """Seats come and go at the end; a new seat starts with no limit, the others keep theirs."""
        count = max(0, int(count))
        self.limits = (list(self.limits) + [None] * count)[:count]
        if self.editing >= count:
            self.close()
        self.relabel()

    def set_all(self, limits: Sequence[int | None]) -> None:
        """The limits as they stand (a public view's), a rules' "no limit" read back as None."""
        self.limits = [None if is_no_limit(limit) else int(limit) for limit in limits]  # type: ignore[arg-type]
        self.close()

    def value(self) -> list[int | None]:
        """What a setup or a new round sends as `limits`."""
        return list(self.limits)

    def any_limit(self) -> bool:
        return any(limit is not None for limit in self.limits)

    # -- the editor ----------------------------------------------------------------------------

    def open(self, seat: int) -> None:
        """Edits seat's limit; tapping the seat being edited closes the editor (a toggle)."""
        if seat == self.editing or not 0 <= seat < len(self.limits):
            self.close()
            return
        self.editing = seat
        self.relabel()

    def close(self) -> None:
        self.editing = -1
        self.relabel()

    def change(self, delta: int) -> None:
        """Moves the edited limit by `delta`; from no limit it counts from 0 (the first +10 gives 10)."""
        seat = int(self.editing)
        if not 0 <= seat < len(self.limits):
            return
        current = self.limits[seat]
        self._put(seat, min(max((current or 0) + int(delta), 0), NO_LIMIT))

    def clear(self) -> None:
        """No limit for the edited seat."""
        if 0 <= self.editing < len(self.limits):
            self._put(int(self.editing), None)

    def same_for_all(self) -> None:
        """Every seat gets the edited seat's limit: a table starting with equal money sets it once."""
        if 0 <= self.editing < len(self.limits):
            self.limits = [self.limits[int(self.editing)]] * len(self.limits)
            self.relabel()

    def _put(self, seat: int, limit: int | None) -> None:
        limits = list(self.limits)
        limits[seat] = limit
        self.limits = limits
        self.relabel()

    def relabel(self) -> None:
        self.labels = [limit_label(limit) for limit in self.limits]
        seat = int(self.editing)
        if 0 <= seat < len(self.limits):
            names = list(self._names())
            name = names[seat] if seat < len(names) else _("Player {n}").format(n=seat + 1)
            self.edit_title = _("Limit for {name}").format(name=name)
            self.edit_value = limit_value(self.limits[seat])
        else:
            self.edit_title = self.edit_value = ""
