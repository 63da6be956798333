"""The card entry: an objective's number and, unless the table's card file has it, its printed
facts (augustus-rules.md "Card facts": colour or senator, VP, gold, wheat, symbols left to right,
power with its amount, what it counts and its cap). The rules check every fact and name a bad
one; the entry only keeps each inside the bounds the rules ask with (`Ask.about["shape"]`)."""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.augustus import format as words
from companion.ui.text.i18n import _

NUMBERS = (1, 88)
VP_RANGE, RESOURCE_RANGE, AMOUNT_RANGE, CAP_RANGE = (0, 30), (0, 3), (1, 10), (0, 60)
MAX_SYMBOLS = 6
#: What a power's `of` may be, by kind (the rules' POWERS): "" any symbol for a mobilisation.
POWER_OF: dict[str, tuple[str, ...]] = {"": (), "legions": (), "mobilise": ("",) + words.SYMBOLS,
                                        "remove_objective": (), "clear_objective": (),
                                        "vp_per_kind": words.KINDS, "vp_per_symbol": words.SYMBOLS}
POWER_KINDS = ("",) + words.POWERS
FIELDS = {"vp": VP_RANGE, "gold": RESOURCE_RANGE, "wheat": RESOURCE_RANGE, "amount": AMOUNT_RANGE, "cap": CAP_RANGE}


def _clamp(value: int, bounds: tuple[int, int]) -> int:
    return max(bounds[0], min(bounds[1], value))


class CardEntry(EventDispatcher):
    """One objective being entered; `in_file` when the table's card file holds its number."""

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
    known = ListProperty([])  # numbers the card file holds and no game has taken
    seen = ListProperty([])  # numbers in play already
    in_file = BooleanProperty(False)
    number_text = StringProperty("")
    symbols_text = StringProperty("")
    power_text = StringProperty("")
    of_text = StringProperty("")
    has_amount = BooleanProperty(False)
    has_of = BooleanProperty(False)
    has_cap = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(number=lambda *_: self.relabel(), known=lambda *_: self.relabel(), symbols=lambda *_: self.relabel(),
                  power=lambda *_: self.relabel(), of=lambda *_: self.relabel(),
                  seen=lambda *_: self._skip_seen())

    def relabel(self) -> None:
        self.in_file = int(self.number) in self.known
        note = _("in the card file") if self.in_file else (_("in play already") if int(self.number) in self.seen else "")
        self.number_text = f"#{int(self.number)}" + (f"  ({note})" if note else "")
        self.symbols_text = " ".join(words.symbol_short(s) for s in self.symbols) or _("Tap the symbols left to right")
        self.power_text = words.power_name(self.power)
        self.has_amount = self.power in ("legions", "mobilise", "vp_per_kind", "vp_per_symbol")
        self.has_of = bool(POWER_OF.get(self.power))
        self.has_cap = self.power in ("vp_per_kind", "vp_per_symbol")
        self.of_text = ((words.token_name(self.of) if self.of in words.SYMBOLS else words.kind_name(self.of))
                        if self.of else _("any symbol"))

    def _skip_seen(self) -> None:
        """After a take, the entry moves on from a number now in play and forgets the facts."""
        if int(self.number) in self.seen:
            free = next((n for n in self.known if n not in self.seen), None)
            self.number = free if free is not None else int(self.number)
            self.reset_facts()
        self.relabel()

    def reset_facts(self) -> None:
        self.kind, self.vp, self.gold, self.wheat, self.symbols = "green", 1, 0, 0, []
        self.power, self.amount, self.of, self.cap = "", 1, "", 0

    # -- taps ----------------------------------------------------------------------------------

    def step_number(self, step: int) -> None:
        self.number = _clamp(int(self.number) + int(step), NUMBERS)

    def step(self, field: str, step: int) -> None:
        setattr(self, field, _clamp(int(getattr(self, field)) + int(step), FIELDS[field]))

    def choose_kind(self, kind: str) -> None:
        if kind in words.KINDS:
            self.kind = kind

    def add_symbol(self, symbol: str) -> None:
        if symbol in words.SYMBOLS and len(self.symbols) < MAX_SYMBOLS:
            self.symbols = [*self.symbols, symbol]

    def remove_symbol(self) -> None:
        self.symbols = self.symbols[:-1]

    def next_power(self) -> None:
        self.power = POWER_KINDS[(POWER_KINDS.index(self.power) + 1) % len(POWER_KINDS)]
        choices = POWER_OF.get(self.power, ())
        self.of = choices[0] if choices else ""

    def next_of(self) -> None:
        choices = POWER_OF.get(self.power, ())
        if choices:
            self.of = choices[(choices.index(self.of) + 1) % len(choices) if self.of in choices else 0]

    def card(self) -> dict[str, Any]:
        """The facts as the rules take them (`take {card}`)."""
        power: dict[str, Any] | None = None
        if self.power:
            power = {"kind": self.power}
            if self.has_amount:
                power["amount"] = int(self.amount)
            if self.has_of and (self.of or self.power != "mobilise"):
                power["of"] = self.of
            if self.has_cap and int(self.cap):
                power["cap"] = int(self.cap)
        return {"number": int(self.number), "kind": self.kind, "vp": int(self.vp), "gold": int(self.gold),
                "wheat": int(self.wheat), "symbols": list(self.symbols), "power": power}
