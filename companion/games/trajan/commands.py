"""Trajan commands: what a player (or the table) asks for. `rules.decide` accepts or refuses each.

A turn (Trajan 1.2) is: `Sow` (full mode) or `MoveMarkers` (light mode), then at most one action
command for the target tray (or `Pass`), then optional extra actions, then `EndTurn`. Choices the
rules ask for mid-turn (`PlacePlus2`, `ChooseBonusTile`) are commands too, so every tap is journaled.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.events import Command


@dataclasses.dataclass(frozen=True)
class SetupTrajan(Command):
    """Seats in turn order. Anything left None is drawn by the app from its seeded generator.

    `start_trays[seat]` is that seat's 6 trays of 2 marker colours each; `start_tiles[seat]` the 3
    Trajan tiles (kind, colour, colour) for slots II, IV, VI; `start_bonus[seat]` its bonus tile;
    `senate_bonus` the 2 bonus tiles put beside the senate (Trajan 1.11).
    `settings` overrides named S/U settings (see settings.py).
    """

    players: tuple[str, ...]
    colours: tuple[str, ...]
    seed: int
    start_player: int | None = None
    mode: str = "full"
    digital_draws: bool = True
    settings: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    start_trays: tuple[tuple[tuple[str, ...], ...], ...] | None = None
    start_tiles: tuple[tuple[tuple[str, str, str], ...], ...] | None = None
    start_bonus: tuple[str, ...] | None = None
    senate_bonus: tuple[str, ...] | None = None


@dataclasses.dataclass(frozen=True)
class Sow(Command):
    """Full mode: pick up every marker of `tray` (0–5) and sow them clockwise in `order` (colours)."""

    tray: int
    order: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class MoveMarkers(Command):
    """Light mode: `markers` were moved and the last landed in `tray`; `completed` = a Trajan tile there completed."""

    markers: int
    tray: int
    completed: bool = False


@dataclasses.dataclass(frozen=True)
class Seaport(Command):
    """Trajan 1.10. kind: "draw" (draw 2, discard 1), "take_discard", "play" (1–2 `cards` to the
    display, redraw as many) or "ship" (`cards` on ship `ship`: "pairs" | "different" | "identical")."""

    kind: str
    cards: tuple[str, ...] = ()
    ship: str | None = None


@dataclasses.dataclass(frozen=True)
class Forum(Command):
    """Trajan 1.7: take `tile` from the forum display (`from_extra`: from the extra-action spaces)."""

    tile: str
    from_extra: bool = False


@dataclasses.dataclass(frozen=True)
class Military(Command):
    """Trajan 1.8. kind: "recruit" (supply → military camp), "move" (leader to `province`, taking its
    forum tile), "legionnaire" (camp → the leader's province). `found`: with table draws, the forum
    tile the leader found in `province` when the table had laid it out unseen (unseen.py)."""

    kind: str
    province: str | None = None
    found: str | None = None


@dataclasses.dataclass(frozen=True)
class Senate(Command):
    """Trajan 1.4: advance one senate space and score it."""


@dataclasses.dataclass(frozen=True)
class TrajanAction(Command):
    """Trajan 1.3: the top tile of `stack` onto the arch's slot. `tile` = (kind, colour, colour) as
    drawn at the table; None lets the app draw it (digital draws)."""

    stack: str
    tile: tuple[str, str, str] | None = None


@dataclasses.dataclass(frozen=True)
class Construction(Command):
    """Trajan 1.9. kind: "recruit" (supply → workers' camp) or "worker" (camp → site `space`, 0–19 row-major).
    `found`: with table draws, the tile (type, VP) the worker found on `space` when the table had
    laid it out unseen (unseen.py)."""

    kind: str
    space: int | None = None
    found: tuple[str, int] | None = None


@dataclasses.dataclass(frozen=True)
class Pass(Command):
    """Take no action from the target tray."""


@dataclasses.dataclass(frozen=True)
class ExtraAction(Command):
    """Trajan 1.7: discard `tile` ("extra_<action>" or "wild_extra") to do `action` again (twice with +2)."""

    action: str
    tile: str


@dataclasses.dataclass(frozen=True)
class PlacePlus2(Command):
    """Trajan 1.3: put the +2 marker won by a completed +2 tile beside `action`'s extra-action space."""

    action: str


@dataclasses.dataclass(frozen=True)
class EndTurn(Command):
    """The current player is done; the time track decides whether the round (and season) ends."""


@dataclasses.dataclass(frozen=True)
class RevealDemand(Command):
    """Tables that draw by hand: the demand tile turned up (`bread`, `games`, `religion`)."""

    demand: str


@dataclasses.dataclass(frozen=True)
class RevealBonusTile(Command):
    """Tables that draw by hand, at a season's refill (Trajan 1.6 step 4, 1.11): one of the 2 bonus
    tiles drawn from the bag for the senate. One command per tile, so each tap is journaled."""

    tile: str


@dataclasses.dataclass(frozen=True)
class ChooseBonusTile(Command):
    """Trajan 1.4: the consul takes one of the two senate bonus tiles (yellow side); the proconsul gets the other (grey)."""

    tile: str


@dataclasses.dataclass(frozen=True)
class RepayDemands(Command):
    """After a season's scoring, before the consul chooses: seat `seat` pays this season's demands
    differently from the app's choice. `sources[i]` pays demand i: "forum", "trajan", "wildcard"
    or None (unmet; refused when it could be paid)."""

    seat: int
    sources: tuple[str | None, ...]
