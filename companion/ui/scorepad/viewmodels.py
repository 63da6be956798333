"""The score pad's table view-models: its seats with scores and places, the keypad entering any
number of points, the finish being confirmed and the final ranking; fed with `TableView`s only, so
they are tested without a window."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.session import TableView
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.shell.viewmodels import TableViewModel


class KeypadModel(EventDispatcher):
    """The on-screen number pad for entering any number of points for one seat (no keyboard on a
    kiosk). `seat` is -1 while closed."""

    seat = NumericProperty(-1)
    digits = StringProperty("")
    negative = BooleanProperty(False)
    display = StringProperty("")
    MAX_DIGITS = 4

    def open(self, seat: int) -> None:
        self.digits, self.negative, self.seat = "", False, seat
        self._show()

    def close(self) -> None:
        self.seat = -1
        self.digits, self.negative = "", False
        self._show()

    @property
    def is_open(self) -> bool:
        return self.seat >= 0

    def press(self, digit: int) -> None:
        if len(self.digits) < self.MAX_DIGITS and not (digit == 0 and not self.digits):
            self.digits += str(digit)
        self._show()

    def toggle_sign(self) -> None:
        self.negative = not self.negative
        self._show()

    def backspace(self) -> None:
        self.digits = self.digits[:-1]
        self._show()

    def value(self) -> int | None:
        """The points entered, or None when nothing was typed yet."""
        if not self.digits:
            return None
        return -int(self.digits) if self.negative else int(self.digits)

    def _show(self) -> None:
        self.display = ("−" if self.negative else "+") + (self.digits or "0")


class ScorePadTableViewModel(TableViewModel):
    """The score pad's table: besides what every table says (title, notice, undo/redo), the seats
    with scores and places, the hint, the keypad, the finish being confirmed, the final ranking
    once finished."""

    seats = ListProperty([])  # [{seat, name, score, score_text, place, place_text, is_start}]
    seat_count = NumericProperty(0)
    hint = StringProperty("")
    ranking = ListProperty([])  # [{place, place_text, name, score_text}] best first
    confirming_finish = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keypad = KeypadModel()

    def update(self, table: TableView) -> None:
        view: Mapping[str, Any] = table.view or {}
        players: Iterable[Mapping[str, Any]] = view.get("players", ()) if table.game else ()
        start = view.get("start_player", -1)
        # Other games' players may lack a place (a game that ranks only at its end): 0 = not ranked.
        seats = [
            {"seat": int(p["seat"]), "name": str(p["name"]), "score": int(p.get("score", 0)),
             "score_text": fmt.format_score(int(p.get("score", 0))), "place": int(p.get("place", 0)),
             "place_text": fmt.format_place(int(p["place"])) if "place" in p else "", "is_start": p["seat"] == start}
            for p in players
        ]
        super().update(table)
        self.seat_count = len(seats)
        self.seats = seats
        if table.finished:
            self.confirming_finish = False
            self.keypad.close()
        starter = next((s["name"] for s in seats if s["is_start"]), "")
        if table.finished:
            self.hint = _("Game finished.")
        elif starter:
            self.hint = _("★ {name} starts. Tap a player for any number of points.").format(name=starter)
        else:
            self.hint = ""
        ranked = sorted(seats, key=lambda s: (s["place"], s["seat"]))
        self.ranking = [{"place": s["place"], "place_text": fmt.format_place(s["place"]), "name": s["name"],
                         "score_text": fmt.format_score(s["score"])} for s in ranked]

    def seat_name(self, seat: int) -> str:
        return next((s["name"] for s in self.seats if s["seat"] == seat), "")
