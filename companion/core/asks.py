"""Questions as data: what a step needs that only the table knows (the tile drawn from a stack, the
tile found under a figure, the dice thrown, the token out of the bag).

A game's `decide` raises `AnswerNeeded` with an `Ask` when a command lacks such a fact: nothing is
journaled, as for any refusal, and the session's notice carries the ask. Every device answers the
same ask the same way, by posting `ask.intent` with the answer in `ask.field` (the session's
`answer` intent does exactly that): the touchscreen opens the panel for `ask.kind`, an input script
or a pad posts the answer. No code reads the ask's words to learn what is asked: `kind` says it.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.views import FrozenMap, Seq, View, freeze


@dataclasses.dataclass(frozen=True)
class Ask:
    """One question. `kind` names it ("trajan.drawn_tile"); `rule` is the rule that needs it;
    `intent` ({"name", "args"}) is the step the answer completes, and `field` the argument of it
    that the answer fills; `who` is the seat that answers (None: anyone at the table); `options`
    lists the answers the rules accept when the game knows them (empty: any of the kind, checked
    when the step is posted); `about` holds what the question is about, public (a stack, a
    province, a row and column), for the screen's words."""

    kind: str
    rule: str
    intent: Mapping[str, Any]
    field: str
    who: int | None = None
    options: tuple[Any, ...] = ()
    about: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def answered(self, value: Any) -> tuple[str, dict[str, Any]]:
        """The intent (name, args) this ask's step becomes with `value` as its answer."""
        return str(self.intent["name"]), {**dict(self.intent.get("args", {})), self.field: value}


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


def ask_view(ask: Ask | None) -> AskView | None:
    """The view's `ask`: the question as data (None when the table is asked nothing)."""
    if ask is None:
        return None
    return AskView(kind=ask.kind, rule=ask.rule, intent=freeze(ask.intent), field=ask.field, who=ask.who,
                   options=freeze(ask.options), about=freeze(ask.about))
