"""The Palace, the Bishopric and the City Hall: who lives where, what they cost, what they throw.

A building is 6 spaces, kept row by row as `settings.building_rows` lists them (each row the die
faces it takes). A newcomer takes the first space of its face's row and the row's citizens move one
space right, the last one out expelled (S004 行动四); the Palace's rows are single spaces, so there
the newcomer replaces. An expelled citizen lies beside the building until the round's end, and its
colour is protected there for the rest of the round.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.state import TroyesState

RULE = "Troyes 2.7.5 citizens"
SETUP_RULE = "Troyes 2.1 setup"
INCOME_RULE = "Troyes 2.2 income"


def index(building: str) -> int:
    if building not in R.BUILDINGS:
        raise IllegalCommand(RULE, "There is no building '{building}': palace, bishopric or city_hall.", building=building)
    return R.BUILDINGS.index(building)


@lru_cache(maxsize=64)
def _row_slots(rows: tuple[tuple[int, ...], ...], face: int) -> tuple[int, ...]:
    start = 0
    for row in rows:
        if face in row:
            return tuple(range(start, start + len(row)))
        start += len(row)
    raise ValueError(face)


def row_slots(rows: Mapping[str, tuple[tuple[int, ...], ...]], building: str, face: int) -> tuple[int, ...]:
    """The spaces (0–5, left to right) of the row that takes a die of `face` in `building`."""
    return _row_slots(rows[building], face)


def owners(state: TroyesState, building: str) -> tuple[int | None, ...]:
    return state.buildings[index(building)]


def count(state: TroyesState, seat: int, building: str) -> int:
    """Citizens of `seat` (or R.NEUTRAL) on the spaces of `building` (expelled ones are not there)."""
    return state.buildings[R.BUILDINGS.index(building)].count(seat)


def on_buildings(state: TroyesState, seat: int) -> int:
    return sum(spaces.count(seat) for spaces in state.buildings)


def citizens(state: TroyesState, seat: int) -> int:
    """All the citizens a player has: supply, buildings, expelled, tradesmen (digest 2.1: at most 12)."""
    on_cards = sum(card.spaces.count(seat) + card.extra.count(seat) for card in state.cards)
    expelled = sum(e.count(seat) for e in state.expelled)
    return state.player(seat).supply + on_buildings(state, seat) + on_cards + expelled


def wages(state: TroyesState, seat: int) -> int:
    """Digest 2.2 phase 1 (C): 2 per own citizen in the Palace, 1 in the Bishopric, 0 in City Hall,
    and what an event in force adds (parts/lasting.py)."""
    from companion.games.troyes.parts import lasting

    return sum((R.WAGES[b] + lasting.extra_wages(state, b)) * count(state, seat, b) for b in R.BUILDINGS)


def dice_due(state: TroyesState, district: int) -> dict[str, int]:
    """Digest 2.2 phase 2 (C): a die per citizen on a building, in the building's colour (none from
    a building an event in force keeps from giving dice, parts/lasting.py)."""
    from companion.games.troyes.parts import lasting

    return {R.BUILDING_COLOUR[b]: n for b in R.BUILDINGS
            if (n := count(state, district, b)) and lasting.gives_dice(state, b)}


def put(spaces: tuple[int | None, ...], slot: int, owner: int | None) -> tuple[int | None, ...]:
    return spaces[:slot] + (owner,) + spaces[slot + 1:]


def with_building(state_buildings: tuple[tuple[int | None, ...], ...], b: int,
                  spaces: tuple[int | None, ...]) -> tuple[tuple[int | None, ...], ...]:
    return state_buildings[:b] + (spaces,) + state_buildings[b + 1:]


def push(spaces: tuple[int | None, ...], row: tuple[int, ...], owner: int) -> tuple[tuple[int | None, ...], int | None]:
    """S004 行动四: the newcomer takes the row's first space and the row moves one space right as
    far as its first free space; with none free, the citizen pushed off the row's end is expelled.
    Returns the new spaces and the expelled owner (None when nobody was)."""
    cells = [spaces[i] for i in row]
    free = next((i for i, owner_ in enumerate(cells) if owner_ is None), None)
    if free is None:
        expelled, cells = cells[-1], [owner] + cells[:-1]
    else:
        expelled, cells = None, [owner] + cells[:free] + cells[free + 1:]
    out = list(spaces)
    for slot, owner_ in zip(row, cells):
        out[slot] = owner_
    return tuple(out), expelled


def place_check(state: TroyesState, building: str, face: int, owner: int) -> tuple[tuple[int | None, ...], int | None]:
    """Where `owner`'s citizen entering `building` on a die of `face` leaves the building and whom it
    expels, refusing a placement that would expel a protected colour (S004 行动四: an expelled colour
    is protected in that building for the rest of the round)."""
    b = index(building)
    if not 1 <= face <= 6:
        raise IllegalCommand(RULE, "A citizen goes on a space for a die of 1 to 6, not {face}.", face=face)
    spaces, expelled = push(state.buildings[b], row_slots(state.settings.building_rows, building, face), owner)
    if expelled is not None and expelled in state.protected[b]:
        raise IllegalCommand(RULE, "That would expel a citizen of a colour already expelled from this building this "
                                   "round: it is protected until the round's end.")
    return spaces, expelled


def place(state: TroyesState, building: str, face: int, owner: int) -> TroyesState:
    """The citizen placed (see `place_check`); an expelled citizen lies beside the building."""
    b = index(building)
    spaces, expelled = place_check(state, building, face, owner)
    state = evolve(state, buildings=with_building(state.buildings, b, spaces))
    if expelled is None:
        return state
    lying = state.expelled[b] + (expelled,)
    protected = tuple(sorted(set(state.protected[b]) | {expelled}))
    return evolve(state, expelled=state.expelled[:b] + (tuple(sorted(lying)),) + state.expelled[b + 1:],
                  protected=state.protected[:b] + (protected,) + state.protected[b + 1:])
