"""The card entry: a new objective in as few taps as the table can manage (issue 21: "at most 4
taps, or 1 with a card file"). Three pages, each tap a whole fact:

1. **number**: every number 1–88 at once. A number the table's card file holds, or one of the
   five face up (its facts entered when it was laid out), is taken by that one tap.
2. **kind and VP**: one tap on a grid of the four kinds × VP 1–12 (a VP outside it: − / + on
   page 3).
3. **symbols**: gold, wheat and a power first when the card has them (none by default), then one
   tap on a symbols row the table has seen before (its card file, this game's cards; the same
   kind's first) takes the card; a row not seen yet is tapped symbol by symbol, then Take.

So a new card of typical facts (no gold, wheat or power, a row seen before) is 3 taps; each unit
of gold or wheat is one more, a power two more (plus its amount, what it counts and its cap when
they differ from 1, any, none); a row not seen yet costs a tap per symbol and Take instead of
one. The rules check every fact and name a bad one (augustus-rules.md "Card facts"); the entry
only keeps each inside the bounds the rules ask with (`Ask.about["shape"]`).
"""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any, Iterable, Iterator, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty

from companion.ui.augustus import format as words
from companion.ui.text.i18n import _

NUMBERS = (1, 88)
VP_RANGE, RESOURCE_RANGE, AMOUNT_RANGE, CAP_RANGE = (0, 30), (0, 3), (1, 10), (0, 60)
#: The kind-and-VP grid's VP columns: one tap for any of these (others: − / + on the symbols page).
GRID_VP = tuple(range(1, 13))
MAX_SYMBOLS = 6
#: What a power's `of` may be, by kind (the rules' POWERS): "" any symbol for a mobilisation.
POWER_OF: dict[str, tuple[str, ...]] = {"": (), "legions": (), "mobilise": ("",) + words.SYMBOLS,
                                        "remove_objective": (), "clear_objective": (),
                                        "vp_per_kind": words.KINDS, "vp_per_symbol": words.SYMBOLS}
POWER_KINDS = ("",) + words.POWERS
FIELDS = {"vp": VP_RANGE, "gold": RESOURCE_RANGE, "wheat": RESOURCE_RANGE, "amount": AMOUNT_RANGE, "cap": CAP_RANGE}
STAGES = ("number", "kind", "symbols")


def _clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


def _wrap(value: int, bounds: tuple[int, int]) -> int:
    return bounds[0] if value > bounds[1] else value


def symbol_rows(cards: Iterable[Mapping[str, Any]], kind: str = "", limit: int = 12) -> list[list[str]]:
    """The symbols rows of `cards` (the table's card file and this game's), each once: the rows
    of `kind`'s cards first, then by how often they were seen, the shorter first."""
    rows: Counter[tuple[str, ...]] = Counter()
    same: Counter[tuple[str, ...]] = Counter()
    for card in cards:
        row = tuple(str(s) for s in card.get("symbols") or () if s in words.SYMBOLS)
        if row:
            rows[row] += 1
            same[row] += card.get("kind") == kind
    ordered = sorted(rows, key=lambda row: (-same[row], -rows[row], len(row), row))
    return [list(row) for row in ordered[:limit]]


class CardEntry(EventDispatcher):
    """One objective being entered (`stage`: the page shown, `STAGES`). `known`: numbers the
    card file holds and no card of this game has; `seen`: numbers that came into this game;
    `pickable`: the face-up numbers a completed player takes with one tap; `library`: every card's
    facts the table knows (its file, this game's), for the symbols rows offered (`rows`)."""

    stage = StringProperty("number")
    number = NumericProperty(1)
    kind = StringProperty("green")
    vp = NumericProperty(1)
    gold = NumericProperty(0)
    wheat = NumericProperty(0)
    symbols = ListProperty([])
    power = StringProperty("")
    amount = NumericProperty(1)
    of = StringProperty("")
    cap = NumericProperty(0)  # 0: no cap
    #: The kind and VP were tapped (Back to their page shows the choice; a fresh entry none).
    kind_chosen = BooleanProperty(False)
    #: The power kinds offered instead of the rows (a tap on Power).
    choosing_power = BooleanProperty(False)
    known = ListProperty([])
    seen = ListProperty([])
    pickable = ListProperty([])
    library = ListProperty([])
    rows = ListProperty([])  # [[symbol, …]] the rows offered, one tap each
    summary_text = StringProperty("")
    symbols_text = StringProperty("")
    power_text = StringProperty("")
    of_text = StringProperty("")
    has_amount = BooleanProperty(False)
    has_of = BooleanProperty(False)
    has_cap = BooleanProperty(False)
    #: What the page shows, as one value: a screen rebuilds the page when it changes (once a tap).
    page = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        self._quiet = 0
        super().__init__(**kwargs)
        relabel = lambda *_: self.relabel()  # noqa: E731
        self.bind(number=relabel, kind=relabel, vp=relabel, gold=relabel, wheat=relabel, symbols=relabel,
                  power=relabel, of=relabel, amount=relabel, cap=relabel, stage=relabel, choosing_power=relabel,
                  known=relabel, pickable=relabel, rows=relabel, library=lambda *_: self._offer(),
                  seen=lambda *_: self._after_seen())
        self.relabel()

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Several facts set by one tap: the labels and the page made once, after."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1
        self.relabel()

    def is_known(self, number: int) -> bool:
        """Taken by its number alone: in the card file and new to this game, or face up to pick."""
        return number in self.pickable or (number in self.known and number not in self.seen)

    def relabel(self) -> None:
        if self._quiet:
            return
        self.symbols_text = " ".join(words.symbol_short(s) for s in self.symbols)
        self.power_text = words.power_name(self.power)
        self.has_amount = self.power in ("legions", "mobilise", "vp_per_kind", "vp_per_symbol")
        self.has_of = bool(POWER_OF.get(self.power))
        self.has_cap = self.power in ("vp_per_kind", "vp_per_symbol")
        self.of_text = ((words.token_name(self.of) if self.of in words.SYMBOLS else words.kind_name(self.of))
                        if self.of else _("any symbol"))
        self.summary_text = words.face_up_line(self.card()).rstrip().rstrip(":：")
        self.page = (self.stage, self.choosing_power, self.kind_chosen, self.summary_text, self.power, int(self.amount), self.of,
                     int(self.cap), int(self.gold), int(self.wheat), tuple(map(tuple, self.rows)), tuple(self.known),
                     tuple(self.seen), tuple(self.pickable))

    def _offer(self) -> None:
        self.rows = symbol_rows(self.library, self.kind)

    def _after_seen(self) -> None:
        """A card came into play (this entry's, or another's): back to the numbers, facts forgotten."""
        if int(self.number) in self.seen:
            self.reset()
        else:
            self.relabel()

    def reset(self) -> None:
        with self.batch():
            self.stage, self.choosing_power, self.kind_chosen = "number", False, False
            self.kind, self.vp, self.gold, self.wheat, self.symbols = "green", 1, 0, 0, []
            self.power, self.amount, self.of, self.cap = "", 1, "", 0

    # -- taps ----------------------------------------------------------------------------------

    def choose_number(self, number: int) -> bool:
        """Page 1. True: the number alone takes the card (`is_known`); else its facts are asked."""
        with self.batch():
            self.number = _clamp(int(number), NUMBERS)
            if self.is_known(int(self.number)):
                return True
            self.stage = "kind"
        return False

    def choose_kind_vp(self, kind: str, vp: int) -> None:
        """Page 2: one tap gives the kind and the VP."""
        if kind in words.KINDS:
            with self.batch():
                self.kind, self.vp, self.kind_chosen = kind, _clamp(int(vp), VP_RANGE), True
                self.stage = "symbols"
                self._offer()

    def back(self) -> None:
        """The page before (the facts kept)."""
        if self.choosing_power:
            self.choosing_power = False
        elif self.stage in STAGES[1:]:
            self.stage = STAGES[STAGES.index(self.stage) - 1]

    def step(self, field: str, step: int) -> None:
        setattr(self, field, _clamp(int(getattr(self, field)) + int(step), FIELDS[field]))

    def cycle(self, field: str) -> None:
        """Gold, wheat, a power's amount: one more, round to the lowest after the highest."""
        setattr(self, field, _wrap(int(getattr(self, field)) + 1, FIELDS[field]))

    def add_symbol(self, symbol: str) -> None:
        if symbol in words.SYMBOLS and len(self.symbols) < MAX_SYMBOLS:
            self.symbols = [*self.symbols, symbol]

    def remove_symbol(self) -> None:
        self.symbols = self.symbols[:-1]

    def open_powers(self) -> None:
        self.choosing_power = True

    def choose_power(self, kind: str) -> None:
        """A power kind (or none), its amount 1, what it counts the first it may (any symbol)."""
        with self.batch():
            if kind in POWER_KINDS:
                self.power, self.amount, self.cap = kind, 1, 0
                choices = POWER_OF.get(kind, ())
                self.of = choices[0] if choices else ""
            self.choosing_power = False

    def next_of(self) -> None:
        choices = POWER_OF.get(self.power, ())
        if choices:
            self.of = choices[(choices.index(self.of) + 1) % len(choices) if self.of in choices else 0]

    def card(self, symbols: Iterable[str] | None = None) -> dict[str, Any]:
        """The facts as the rules take them (`take {card}`), with `symbols` (a row offered) or
        the row tapped symbol by symbol."""
        power: dict[str, Any] | None = None
        if self.power:
            power = {"kind": self.power}
            if self.has_amount:
                power["amount"] = int(self.amount)
            if self.has_of and (self.of or self.power != "mobilise"):
                power["of"] = self.of
            if self.has_cap and int(self.cap):
                power["cap"] = int(self.cap)
        row = list(self.symbols if symbols is None else symbols)
        return {"number": int(self.number), "kind": self.kind, "vp": int(self.vp), "gold": int(self.gold),
                "wheat": int(self.wheat), "symbols": row, "power": power}
