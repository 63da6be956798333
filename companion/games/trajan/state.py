"""Trajan state: immutable values, so the engine keeps one per step and undo is instant.

Physical things the app cannot see (commodity cards in hands) are counts; everything public is
modelled exactly. Multisets are sorted tuples so that equal states compare equal whatever order
things happened in (replay equality and seat-order independence rely on it).
"""

from __future__ import annotations

import dataclasses
from typing import Iterable

from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.settings import DEFAULT, TrajanSettings


def bag(items: Iterable[str]) -> tuple[str, ...]:
    """A multiset as a sorted tuple."""
    return tuple(sorted(items))


def bag_remove(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    out = list(items)
    out.remove(item)  # ValueError when absent: callers check first
    return tuple(out)


@dataclasses.dataclass(frozen=True)
class TrajanTile:
    """A Trajan tile: its kind (a key of rules_data.TRAJAN_TILE_VP) and the two marker colours printed on it."""

    kind: str
    colours: tuple[str, str]


@dataclasses.dataclass(frozen=True)
class SiteSpace:
    """One of the 20 construction spaces: the tile still on it (type, VP) and whose workers stand there."""

    tile: tuple[str, int] | None
    workers: tuple[int, ...] = ()


@dataclasses.dataclass(frozen=True)
class PlayerState:
    seat: int
    name: str
    colour: str
    vp: int = 0
    # The action wheel: 6 trays (rules_data.ACTIONS order), each the marker colours in it.
    wheel: tuple[tuple[str, ...], ...] = ((),) * 6
    # Trajan tiles beside the trays (slot i is beside tray i) and the arch's slot.
    trajan_slots: tuple[TrajanTile | None, ...] = (None,) * 6
    arch: int = R.ARCH_START_SLOT
    trajan_demand: tuple[str, ...] = ()  # permanent demand tiles: "bread", "games", "religion"
    forum: tuple[str, ...] = ()  # forum tiles held: demand_*, senate_*, extra_*, wild_* (a bag)
    plus2: tuple[str, ...] = ()  # actions with a +2 marker beside their extra-action space
    hand: int = R.START_CARDS  # commodity cards in hand: a count, the cards stay in the player's hand
    display: tuple[str, ...] = ()  # commodity cards played or shipped to the personal display (a bag)
    supply: int = R.SUPPLY_AT_START
    military_camp: int = 1
    workers_camp: int = 1
    leader: str = "camp"
    senate: int = 0  # senate space; 0 is the start
    bonus_tiles: tuple[tuple[str, str], ...] = ()  # (tile, "yellow" | "grey")
    construction: tuple[tuple[str, int], ...] = ()  # construction tiles taken (type, VP)
    site_workers: tuple[int, ...] = ()  # site spaces (0..19, row-major) with this player's worker

    def forum_count(self, kind: str) -> int:
        return self.forum.count(kind)


@dataclasses.dataclass(frozen=True)
class TurnState:
    """What the current turn has done so far (Trajan 1.2 turn order: sow, action, extra action)."""

    tray: int | None = None  # the target tray after sowing
    markers: int = 0  # markers picked up = time moved
    completed: TrajanTile | None = None
    acted: bool = False  # the target tray's action was taken or passed
    taken: tuple[str, ...] = ()  # actions carried out this turn, in order (extra actions may repeat them)
    extra_used: bool = False  # Trajan 1.7: at most one extra-action tile per turn
    pending_actions: tuple[str, ...] = ()  # bonus actions still to take (first construction of a type, extra action)


@dataclasses.dataclass(frozen=True)
class TrajanState:
    settings: TrajanSettings = DEFAULT
    phase: str = "setup"  # setup | turn | reveal (a demand) | consul | bonus_draw (the senate's tiles) | over
    mode: str = "full"  # full (the wheel is mirrored) | light (markers moved and action only)
    digital_draws: bool = True  # the app draws tiles; else the table enters what it drew
    players: tuple[PlayerState, ...] = ()
    start_player: int = 0
    current: int = 0
    season: int = 1
    round: int = 1
    time: int = 0  # spaces moved since the current round's start (surplus carries over)
    round_ending: bool = False  # the time marker reached or passed the start this turn
    turn: TurnState = TurnState()
    senate_stack: tuple[int, ...] = ()  # seats, bottom to top; height breaks senate ties
    demands: tuple[str, ...] = ()  # demand types revealed this season
    demand_bag: tuple[str, ...] = ()
    forum_display: tuple[str, ...] = ()
    extra_display: tuple[str, ...] = ()  # extra-action tiles on the 3 yellow spaces
    extra_supply: tuple[str, ...] = ()
    forum_bag: tuple[str, ...] = ()
    province_tiles: tuple[tuple[str, str | None], ...] = ()  # (province, forum tile or None)
    # Table draws: forum tiles the table named when taking one it had laid out unseen (unseen.py).
    forum_seen: tuple[str, ...] = ()
    extra_seen: tuple[str, ...] = ()  # the same for the extra-action spaces' tiles
    legionnaires: tuple[tuple[str, int], ...] = ()  # (province, seat), sorted
    senate_bonus: tuple[str, ...] = ()  # the 2 bonus tiles beside the senate
    bonus_bag: tuple[str, ...] = ()
    ships: tuple[str, ...] = ("yellow", "yellow", "yellow")  # side of each ship in rules_data.SHIPS order
    site: tuple[SiteSpace, ...] = ()
    trajan_supply: tuple[str, ...] = ()  # Trajan tile kinds not yet taken (a bag)
    rng: SeededRandom = SeededRandom(0)
    consul: int | None = None  # seat choosing a bonus tile during the consul phase
    proconsul: int | None = None
    season_reports: tuple[dict, ...] = ()  # one per scored season: who paid what, votes, VP changes
    score_track: tuple[tuple[int, int, tuple[int, ...]], ...] = ()  # (season, round, every seat's VP)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, player: PlayerState) -> "TrajanState":
        players = list(self.players)
        players[player.seat] = player
        return evolve(self, players=tuple(players))
