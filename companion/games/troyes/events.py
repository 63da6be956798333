"""Troyes events: facts, each with a unique kind. What the app drew or the table entered is in the
event (replay never asks the world); what the rules compute by themselves (income, the round's
events, the round's end) is recorded with its result, for the history.

Secrets: a player's characters travel in `TroyesSetUp.characters` and `CharactersEntered.characters`
only, left out of `repr`; `view.public_event` leaves them out. No event carries a VP total: a player's
VP is folded from the facts in the state and shown in that seat's view only, until `GameEnded`
reveals the final breakdown (marked `reveals`, so undo never hides it again).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class TroyesSetUp(Event):
    """The set-up: seats, the start player, every setting and card fact played with (`data`: the
    catalog as one JSON text, parts/catalog.as_text), and the characters dealt per seat from the
    seeded generator (empty when each seat enters its own)."""

    kind = "troyes.setup"
    players: tuple[str, ...]
    colours: tuple[str, ...]
    start_player: int
    settings: Mapping[str, Any]
    data: str
    characters: tuple[tuple[str, ...], ...] = dataclasses.field(repr=False, default=())
    rng_state: int = 0


@dataclasses.dataclass(frozen=True)
class CharactersEntered(Event):
    """A seat entered its own character card(s) on its pad (the set-up did not deal them)."""

    kind = "troyes.characters"
    seat: int
    characters: tuple[str, ...] = dataclasses.field(repr=False, default=())


@dataclasses.dataclass(frozen=True)
class Played(Event):
    """A move (commands.MOVES): by `seat`, or by the table (None) for what it enters (a throw, a card
    turned up); `detail` is the command's fields, which `apply` runs through the same rules."""

    kind = "troyes.played"
    seat: int | None
    move: str
    detail: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class NeutralsPlaced(Event):
    """Digest 2.1: grey citizens on every space left free after the starting placement,
    as (building, space)."""

    kind = "troyes.neutrals"
    spaces: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class IncomePaid(Event):
    """Digest 2.2 phase 1: per seat (seat, wages due, wages paid, short): the income of 10, wages
    paid as far as they could be; `short` costs 2 VP (not below 0)."""

    kind = "troyes.income"
    round: int
    rows: tuple[tuple[int, int, int, bool], ...]


@dataclasses.dataclass(frozen=True)
class EventsTriggered(Event):
    """S004 四: the queue's events, the raid first, left to right: per event (id, black dice it
    brings, payments), a payment (seat, deniers paid, influence paid, short) for an event that
    makes players pay; `black` is the round's black dice (at most the box's 6)."""

    kind = "troyes.events"
    round: int
    black: int
    rows: tuple[tuple[str, int, tuple[tuple[int, int, int, bool], ...]], ...]


@dataclasses.dataclass(frozen=True)
class RoundEnded(Event):
    """S004 六: deniers collected from the districts (per seat), citizens and dice back, the start
    player card passed left."""

    kind = "troyes.round_ended"
    round: int
    collected: tuple[int, ...]


@dataclasses.dataclass(frozen=True)
class GameEnded(Event):
    """The last round is over: characters revealed and the final breakdown (scoring.final_summary),
    public from now on."""

    kind = "troyes.game_ended"
    reveals = True
    final: Mapping[str, Any]


EVENT_TYPES: tuple[type[Event], ...] = (TroyesSetUp, CharactersEntered, Played, NeutralsPlaced, IncomePaid,
                                        EventsTriggered, RoundEnded, GameEnded)
