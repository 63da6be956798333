"""The shape every game module presents to the core: decide, apply, view.

A game is pure. `decide(state, command)` validates a command against the rules and returns the
events it causes, or raises `IllegalCommand` naming the rule. `apply(state, event)` folds one event
into the state and is total: an event is a fact, it cannot be refused. `view(state, seat)` is all a
screen, a log or an export may see: seat None is the public view, seat k adds only seat k's secrets.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Protocol, Sequence, TypeVar

from companion.core.events import Command, Event

S = TypeVar("S")


@dataclasses.dataclass(frozen=True)
class AutomaticStep:
    """A step a game takes by itself after a player's step (the optional `automatic_step` hook).

    `reason` says why, for the screen's words ("forced": the only legal command; a game may name
    others); `detail` is public (the table may show it), e.g. whose action it took.
    """

    command: Command
    reason: str
    detail: Mapping[str, Any] = dataclasses.field(default_factory=dict)


class Game(Protocol[S]):
    """One game's rules. Implementations live in `companion.games.<id>`."""

    id: str
    event_types: tuple[type[Event], ...]

    def initial_state(self) -> S:
        """The state before the setup command: no players, nothing on the table."""
        ...

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        """A command from a named intent (screen, script); raises `IllegalCommand` naming the bad field."""
        ...

    def command_for_button(self, state: S, seat: int, key: str) -> Command | None:
        """What a press of `key` ("minus", "plus", "ok") on seat's handheld pad means now, if anything."""
        ...

    def decide(self, state: S, command: Command) -> Sequence[Event]:
        ...

    def apply(self, state: S, event: Event) -> S:
        ...

    def view(self, state: S, seat: int | None = None) -> Mapping[str, Any]:
        ...

    def public_event(self, event: Event) -> Mapping[str, Any]:
        """An event as the history screen, logs and exports may show it (secrets removed)."""
        ...

    def is_finished(self, state: S) -> bool:
        ...

    def command_of(self, events: Sequence[Event]) -> Command | None:
        """The command that caused a step's events (to enter it again after a correction), or None
        when the step cannot be entered again (the setup)."""
        ...

    # Optional: `summary_text(public_view) -> str`, the view as terminal text for `companion replay`
    # (a game without it gets a generic score table).
    #
    # Optional, for a game whose turns have steps the rules leave no choice about (Trajan's end of
    # turn): `automatic_step(state, after: Command) -> AutomaticStep | None`, the step the app takes
    # by itself in `state`, reached by the step `after`; and `is_forced(state) -> bool`, a state
    # such a step always leaves at once, which undo and redo therefore step over. The session asks
    # both for every pad press and for intents posted with `automatic=True` (the touchscreen), so
    # the two ways of entering a turn follow one policy. A game without them: exactly the step.
