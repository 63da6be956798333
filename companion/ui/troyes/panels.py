"""The Troyes table's entry panels, as Kivy properties: dice entered by hand (a district's throw,
the black dice, a rerolled die) and the dice chosen in the city square for an action. Both hold
only public things (dice lie open on the table), so they live on the shared screen. Each builds
its intent; the rules check it.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, StringProperty

from companion.session import Intent
from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt

#: A throw holds at most the box's dice of each colour (6), three colours.
MAX_DICE = 18


class HandDice(EventDispatcher):
    """Dice entered by hand for the open question (`kind`: "throw", "black", "reroll"): the
    colours it may hold (`colours`), the colour chosen, the dice so far (`draft`) and the intent
    that answers the question with them. A throw starts on the district's first due colour and
    moves on to the next once a colour has its count, so a throw is its faces tapped in turn."""

    kind = StringProperty("")
    colour = StringProperty("red")
    colours = ListProperty([])  # [{colour, label}]
    draft = ListProperty([])  # [[colour, face]]
    text = StringProperty("")
    ready = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._due: dict[str, int] = {}
        self._ask: Mapping[str, Any] | None = None

    def ask(self, ask: Mapping[str, Any] | None) -> None:
        """The question changed (or was asked again): a new question starts an empty draft."""
        kind = {"troyes.throw": "throw", "troyes.black_throw": "black", "troyes.reroll": "reroll"}.get(
            str((ask or {}).get("kind")), "")
        same = ask is not None and self._ask is not None and ask.get("about") == self._ask.get("about") \
            and ask.get("kind") == self._ask.get("kind")
        self._ask = ask
        if not same:
            self.draft = []
        self.kind = kind
        about = (ask or {}).get("about") or {}
        if kind == "throw":
            self._due = {str(c): int(n) for c, n in (about.get("due") or {}).items()}
        elif kind == "black":
            self._due = {"black": int(about.get("count", 0))}
        elif kind == "reroll":
            self._due = {str(about.get("colour", "red")): 1}
        else:
            self._due = {}
        self.colours = [{"colour": c, "label": tfmt.colour_label(c)} for c in self._due]
        if self.colour not in self._due or not same:
            self.colour = self._next_colour()
        self._show()

    def choose(self, colour: str) -> None:
        if colour in self._due:
            self.colour = colour
            self._show()

    def face(self, face: int) -> None:
        if not self.kind or not 1 <= int(face) <= 6 or len(self.draft) >= MAX_DICE:
            return
        if self.kind == "reroll":
            self.draft = [[self.colour, int(face)]]
        else:
            self.draft = [*self.draft, [self.colour, int(face)]]
            if self._count(self.colour) >= self._due.get(self.colour, 0):
                self.colour = self._next_colour()
        self._show()

    def back(self) -> None:
        if self.draft:
            self.colour = self.draft[-1][0]
            self.draft = self.draft[:-1]
            self._show()

    def clear(self) -> None:
        self.draft = []
        self.colour = self._next_colour()
        self._show()

    def intent(self) -> Intent | None:
        """The answer to the question: the asked step's intent with the dice (the rules refuse a
        throw that is not what the district is due, naming what it is due)."""
        if not self.draft or self._ask is None:
            return None
        intent = self._ask.get("intent") or {}
        args = dict(intent.get("args") or {})
        if self.kind == "throw":
            args["dice"] = [list(d) for d in self.draft]
        elif self.kind == "black":
            args["dice"] = [int(f) for _c, f in self.draft]
        else:
            args["face"] = int(self.draft[-1][1])
        return Intent(str(intent.get("name", "")), args, automatic=True)

    def relabel(self) -> None:
        self.colours = [{"colour": c, "label": tfmt.colour_label(c)} for c in self._due]
        self._show()

    def _count(self, colour: str) -> int:
        return sum(1 for c, _f in self.draft if c == colour)

    def _next_colour(self) -> str:
        for colour, n in self._due.items():
            if self._count(colour) < n:
                return colour
        return next(iter(self._due), "red")

    def _show(self) -> None:
        self.ready = bool(self.draft)
        if self.draft:
            self.text = tfmt.dice_words(self.draft)
        else:
            self.text = _("Tap each die's face; the colour moves on by itself.")


class SquareChoice(EventDispatcher):
    """Dice chosen in the city square for an action (`chosen`: indices into the view's `square`,
    a die named by (district, colour, face) as the rules take it). Chosen dice are cleared when the
    square changes under them (an action taken, a die bought)."""

    chosen = ListProperty([])
    text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._square: list[list[Any]] = []
        self._names: list[str] = []

    def update(self, square: Sequence[Sequence[Any]], names: Sequence[str]) -> None:
        square = [list(d) for d in square]
        if square != self._square:
            self._square = square
            self.chosen = []
        self._names = list(names)
        self._show()

    def toggle(self, index: int) -> None:
        if not 0 <= index < len(self._square):
            return
        if index in self.chosen:
            self.chosen = [i for i in self.chosen if i != index]
        else:
            self.chosen = [*self.chosen, int(index)]
        self._show()

    def clear(self) -> None:
        self.chosen = []
        self._show()

    def dice(self) -> list[list[Any]]:
        return [self._square[i] for i in self.chosen if i < len(self._square)]

    def colours(self) -> set[str]:
        return {str(d[1]) for d in self.dice()}

    def relabel(self) -> None:
        self._show()

    def _show(self) -> None:
        dice = self.dice()
        if not dice:
            self.text = _("Tap 1 to 3 dice of one colour in the square.")
            return
        self.text = _(", ").join(f"{tfmt.district_name(self._names, d[0])} "
                                 f"{tfmt.die_text(str(d[1]), int(d[2]))}" for d in dice)
