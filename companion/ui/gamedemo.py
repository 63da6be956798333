"""A game's demo: the states its documentation pictures show (`companion screenshot --game G
--state S`, and every one under `--docs`), each reached by the intents and facts the table's
devices send.

A game's UI half says *how* to reach a state (`GameDemo.play`) and what to open once the app is up
(`GameDemo.prepare`); `companion.demo`, on the composition side, makes the session it plays on
(a scratch data directory, the demo clock, the registry's games), so the UI never builds sessions
or imports the games. The default, `GameDemo()`, has no states: a game without pictures of its own.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from companion.session import Session

#: What runs once the app is up, before the picture (a panel opened, a seat's entry handed over).
Prepare = Callable[[Any], None]


@dataclasses.dataclass(frozen=True)
class DemoTable:
    """What a demo plays on: a new `session` over a scratch directory, the players' `names` in the
    picture's language (four; a game takes as many as it seats), and `handle`, which hands the
    session an intent or fact and raises if the session refuses it (a refused step means the demo
    is wrong, and a picture of a refusal would document nothing)."""

    session: Session
    names: Sequence[str]
    handle: Callable[[object], None]


class GameDemo:
    """A game's demo states (see the module docstring); a subclass gives `screens` and `play`."""

    #: Each state, in the order the documentation pictures them → the screen that shows it.
    screens: Mapping[str, str] = {}

    @property
    def states(self) -> tuple[str, ...]:
        """The demo's states, in the documentation's order."""
        return tuple(self.screens)

    def play(self, table: DemoTable, state: str) -> None:
        """Brings `table`'s new session to `state` (one of `states`) by legal intents and facts."""
        raise ValueError(f"no demo state {state!r}")

    def prepare(self, state: str) -> Prepare | None:
        """What the app does once it is up, before the picture of `state`; nothing by default."""
        return None
