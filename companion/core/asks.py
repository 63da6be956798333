"""Questions as data: what a step needs that only the table knows (the tile drawn from a stack, the
tile found under a figure, the dice thrown, the token out of the bag, a seat's sealed bid).

Two ways a game asks, both with an `Ask`:

* **a standing ask**: the state itself waits for an answer (Troyes' district throws, the dice tray
  waiting for a read, every seat still choosing its sealed bid). The game lists it in
  `Game.asks(state)` and its public view carries it as data (`ask_view`); the session's
  `TableView.asks` holds them.
* **a refusal that asks**: a command lacks the fact, so `decide` raises `AnswerNeeded` with the
  ask (Trajan's tiles). Nothing is journaled, as for any refusal, and the notice carries the ask.

Every device answers an ask the same way, by posting `ask.intent` with the answer in `ask.field`
(`Ask.answered`; the session's `answer` intent does exactly that): the touchscreen opens the panel
for `ask.kind`, the scanner answers an ask whose `field` is "dice" with its read, a seat's pad
answers an ask for that seat (`who`) with a finite `options` list or a `range` (−/+ choose, OK
answers: `Ask.is_for_pad`), an input script posts the answer. No code reads the ask's words to learn
what is asked: `kind` says it. An ask for anyone (`who` None) is the table's: the touchscreen, the
scanner or a script answers it, never a pad (no seat's pad speaks for the whole table, and two
pads answering one question at once would race).

Kind conventions, so a device can serve a game it was not written for:

| field | value | answered by |
| --- | --- | --- |
| "dice" | [[colour, face], …] | the scanner's read (its provenance added: `source` "scanner", `boot`, `seq`), or dice typed in |
| "token" | one of `options`, the tokens still in the bag (ids) | the touchscreen (a bag reader would answer like the scanner); `about` may say what the bag holds |
| "amount" with `secret` | a whole number in `range` | that seat's own pad or private panel only: never the shared screen, never a log line |

`kind` itself is "<game>.<what>" ("trajan.drawn_tile", "sealed.bid", "dicetray.dice").
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.views import FrozenMap, Seq, View, freeze

DICE_FIELD = "dice"
"""An ask whose `field` is this takes a dice read ([[colour, face], …]): the scanner answers it."""
TOKEN_FIELD = "token"
"""An ask whose `field` is this takes a token drawn from a bag, one of its `options`."""
SCANNED = "scanner"
"""The `source` a scanner's answer carries beside its `boot` and `seq` (the read's provenance)."""


@dataclasses.dataclass(frozen=True)
class Ask:
    """One question. `kind` names it ("trajan.drawn_tile"); `rule` is the rule that needs it;
    `intent` ({"name", "args"}) is the step the answer completes, and `field` the argument of it
    that the answer fills; `who` is the seat that answers (None: anyone at the table); `options`
    lists the answers the rules accept when the game knows them (empty: any of the kind, checked
    when the step is posted); `about` holds what the question is about, public (a stack, a
    province, a row and column), for the screen's words. `range`: (lowest, highest, step) when the
    answer is a whole number in it (a bid up to the seat's money). `secret`: the answer is `who`'s
    secret until the rules reveal it, so it is chosen only on that seat's own pad or private panel
    and is never shown, logged or journaled before the step that locks it."""

    kind: str
    rule: str
    intent: Mapping[str, Any]
    field: str
    who: int | None = None
    options: tuple[Any, ...] = ()
    about: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    range: tuple[int, int, int] | None = None
    secret: bool = False

    def answered(self, value: Any) -> tuple[str, dict[str, Any]]:
        """The intent (name, args) this ask's step becomes with `value` as its answer."""
        return str(self.intent["name"]), {**dict(self.intent.get("args", {})), self.field: value}

    @property
    def is_for_pad(self) -> bool:
        """Can a pad answer it: it is one seat's question with answers a pad can step through
        (a finite list or a whole-number range)."""
        return self.who is not None and (bool(self.options) or self.range is not None)


def dice_ask(asks: Any) -> Ask | None:
    """The first of `asks` a dice read answers (its `field` is `DICE_FIELD`), or None."""
    return next((a for a in asks if a is not None and a.field == DICE_FIELD), None)


def read_answer(ask: Ask, read: Any) -> tuple[str, dict[str, Any]]:
    """The intent (name, args) a settled scanner read (`hardware.facts.DiceRead`: dice, boot, seq,
    read by attribute) posts to answer `ask`: the dice as [[colour, face], …] with the read's
    provenance, so the journal tells a scanner's read from dice typed in and never counts one twice."""
    name, args = ask.answered([[str(colour), int(face)] for colour, face in read.dice])
    return name, {**args, "source": SCANNED, "boot": str(read.boot), "seq": int(read.seq)}


def ask_from_data(data: Mapping[str, Any]) -> Ask:
    """The Ask a view's `ask` holds (`ask_view`'s inverse; plain data too)."""
    fields = {f.name for f in dataclasses.fields(Ask)}
    args = {k: v for k, v in data.items() if k in fields}
    args["options"] = tuple(args.get("options") or ())
    if args.get("range") is not None:
        args["range"] = tuple(args["range"])
    return Ask(**args)


class AnswerNeeded(IllegalCommand):
    """The step cannot be taken yet: it needs the answer to `ask`. It is a refusal like any other
    for whatever cannot answer (nothing is written; the words say what to enter), and a question
    for whatever can."""

    def __init__(self, ask: Ask, template: str, **params: object) -> None:
        super().__init__(ask.rule, template, **params)
        self.ask = ask


class AskView(View):
    """An `Ask` as a view carries it (`Ask(**ask_view)` gives the ask back, with `options` a list):
    read-only, and plain data through `core.views.to_data`."""

    kind: str
    rule: str
    intent: FrozenMap
    field: str
    who: int | None
    options: Seq[Any]
    about: FrozenMap
    range: Seq[int] | None
    secret: bool


def ask_view(ask: Ask | None) -> AskView | None:
    """The view's `ask`: the question as data, read-only and JSON-ready (None when the table is
    asked nothing); `ask_from_data` gives it back. A view carries its asks at every update, a
    pad's press included, so this stays a field-by-field copy."""
    if ask is None:
        return None
    return AskView(kind=ask.kind, rule=ask.rule, intent=freeze(ask.intent), field=ask.field, who=ask.who,
                   options=freeze(ask.options), about=freeze(ask.about),
                   range=None if ask.range is None else Seq(ask.range), secret=ask.secret)
