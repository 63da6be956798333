"""Trajan events: what happened, journaled as JSON. Every draw the app made is in its event, so a
replay never draws again (DESIGN: replay never touches the world)."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.events import Event


@dataclasses.dataclass(frozen=True)
class TrajanSetUp(Event):
    """The whole starting table, as drawn by the app or entered by the table."""

    kind = "trajan.setup"
    players: tuple[str, ...]
    colours: tuple[str, ...]
    start_player: int
    mode: str
    digital_draws: bool
    settings: Mapping[str, Any]
    trays: tuple[tuple[tuple[str, ...], ...], ...]  # per seat, 6 trays
    start_tiles: tuple[tuple[tuple[str, str, str], ...], ...]  # per seat, 3 (kind, colour, colour)
    start_bonus: tuple[str, ...]
    senate_bonus: tuple[str, ...]
    bonus_bag: tuple[str, ...]
    demand_bag: tuple[str, ...]
    forum_display: tuple[str, ...]
    extra_display: tuple[str, ...]
    extra_supply: tuple[str, ...]
    province_tiles: tuple[tuple[str, str], ...]
    forum_bag: tuple[str, ...]
    site: tuple[tuple[str, int], ...]  # 20 construction tiles, row-major
    trajan_supply: tuple[str, ...]
    rng_state: int


@dataclasses.dataclass(frozen=True)
class Sowed(Event):
    kind = "trajan.sowed"
    seat: int
    tray: int
    order: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class MarkersMoved(Event):
    kind = "trajan.moved"
    seat: int
    markers: int
    tray: int
    completed: bool


@dataclasses.dataclass(frozen=True)
class ActionTaken(Event):
    """One action of `action` with the command's fields (`detail`), including anything drawn."""

    kind = "trajan.action"
    seat: int
    action: str
    detail: Mapping[str, Any]


@dataclasses.dataclass(frozen=True)
class Passed(Event):
    kind = "trajan.passed"
    seat: int


@dataclasses.dataclass(frozen=True)
class ExtraActionTaken(Event):
    kind = "trajan.extra"
    seat: int
    action: str
    tile: str


@dataclasses.dataclass(frozen=True)
class Plus2Placed(Event):
    kind = "trajan.plus2"
    seat: int
    action: str


@dataclasses.dataclass(frozen=True)
class TurnEnded(Event):
    kind = "trajan.turn_ended"
    seat: int


@dataclasses.dataclass(frozen=True)
class DemandRevealed(Event):
    kind = "trajan.demand"
    demand: str
    drawn_by_app: bool
    rng_state: int


@dataclasses.dataclass(frozen=True)
class SeasonScored(Event):
    """Demands paid and senate counted (scoring.season_scoring is deterministic from the state)."""

    kind = "trajan.season_scored"
    season: int


@dataclasses.dataclass(frozen=True)
class DemandsRepaid(Event):
    kind = "trajan.demands_repaid"
    seat: int
    sources: tuple[str | None, ...]


@dataclasses.dataclass(frozen=True)
class BonusTileChosen(Event):
    kind = "trajan.bonus_chosen"
    seat: int
    tile: str


@dataclasses.dataclass(frozen=True)
class SeasonRefilled(Event):
    """Trajan 1.6 clean-up and refills, with what the app drew. With table draws `senate_bonus` is
    empty: the table enters the 2 tiles it drew next (`BonusTileRevealed`, one each)."""

    kind = "trajan.refilled"
    senate_bonus: tuple[str, ...]
    forum_display: tuple[str, ...]
    extra_display: tuple[str, ...]
    province_tiles: tuple[tuple[str, str], ...]
    rng_state: int


@dataclasses.dataclass(frozen=True)
class BonusTileRevealed(Event):
    """A table that draws by hand put `tile` from the bag beside the senate (Trajan 1.6 step 4)."""

    kind = "trajan.bonus_revealed"
    tile: str


@dataclasses.dataclass(frozen=True)
class GameEnded(Event):
    kind = "trajan.game_ended"


EVENT_TYPES = (
    TrajanSetUp, Sowed, MarkersMoved, ActionTaken, Passed, ExtraActionTaken, Plus2Placed,
    TurnEnded, DemandRevealed, SeasonScored, DemandsRepaid, BonusTileChosen, SeasonRefilled, BonusTileRevealed,
    GameEnded,
)
