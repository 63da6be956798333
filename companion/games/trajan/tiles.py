"""Trajan tiles (Trajan 1.3): completing them, the Trajan action's arch, and the six stacks.

A tile lies in one of the 6 slots of a player's mat, slot i beside tray i of the action wheel. It
is completed when a turn's last sown marker lands in that tray and the tray holds the tile's two
colours (`wheel.completes`, Trajan 1.2 step 2). Completing scores `rules_data.TRAJAN_TILE_VP` and
applies the tile's effect; the tile then leaves the game, except a demand tile, which stays on the
mat as a permanent Trajan demand tile (kept in `PlayerState.trajan_demand`).

The Trajan action puts the top tile of a stack on the slot under the player's arch, and the arch
moves clockwise to the next free slot. S000 p7: when all 6 slots are full the arch goes to the
middle of the wheel, and returns to a slot as soon as one is free; no Trajan action is possible
meanwhile. The state keeps `arch` an int, so "in the middle" is read from the slots: the arch is in
the middle exactly when all 6 slots are full (`arch_slot` returns None then), and `complete_tile`
puts it on the slot that frees.
"""

from __future__ import annotations

import dataclasses
from typing import Iterable, Sequence

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import PlayerState, TrajanState, TrajanTile, bag, bag_remove
from companion.games.trajan.wheel import tray_numeral

PLACE_PLUS2 = "place_plus2"  # the pending choice a completed +2 tile leaves in state.turn.pending_actions
STACK_OF = {kind: stack for stack, kinds in R.TRAJAN_STACKS.items() for kind in kinds}
_FIGURES = {"workers1": ("workers_camp", 1), "workers2": ("workers_camp", 2),
            "legion1": ("military_camp", 1), "legion2": ("military_camp", 2)}


def full_trajan_supply() -> tuple[str, ...]:
    """All 54 Trajan tile kinds as a bag: 6 stacks × 9 (Trajan 1.3)."""
    return bag(kind for kinds in R.TRAJAN_STACKS.values() for kind, n in kinds.items() for _ in range(n))


def trajan_stack_counts(supply_bag: Iterable[str]) -> dict[str, int]:
    """Tiles left in each of the six stacks, from the bag of kinds not yet taken (every stack listed)."""
    counts = {stack: 0 for stack in R.TRAJAN_STACKS}
    for kind in supply_bag:
        counts[STACK_OF[kind]] += 1
    return counts


def arch_slot(player: PlayerState) -> int | None:
    """The slot the arch stands on, or None when all 6 slots are full and the arch is in the middle."""
    if all(t is not None for t in player.trajan_slots):
        return None
    return player.arch


def can_take_trajan_action(player: PlayerState) -> bool:
    """A Trajan action needs a free slot under the arch (Trajan 1.3: none when all 6 are full)."""
    return arch_slot(player) is not None


def _check_stack(stack: str) -> None:
    if stack not in R.TRAJAN_STACKS:
        raise IllegalCommand("Trajan 1.3 Trajan action", "There is no Trajan stack called {stack}.", stack=stack)


def stack_of(kind: str) -> str:
    """The stack a tile kind belongs to ("workers2" → "workers"); refused for a kind no stack has."""
    if kind not in STACK_OF:
        raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no Trajan tile called {kind}.", kind=kind)
    return STACK_OF[kind]


def draw_from_supply(supply: Iterable[str], stack: str, rng: SeededRandom) -> tuple[TrajanTile, SeededRandom]:
    """The top tile of `stack`, drawn from the kinds left in `supply` (a bag), and the generator after.

    The stacks were shuffled face down, so the top tile is any remaining tile of the stack with equal
    chance: one kind is chosen with the seeded generator. The colour pairs printed on the physical
    tiles are not in the digest, so two different colours are chosen from `rules_data.COLOURS` with
    the same generator; a table playing with the real tiles enters the tile it drew instead.
    The supply itself is not changed (the caller removes the kind). Refused when the stack is unknown
    or empty ("Trajan 1.3 Trajan action").
    """
    _check_stack(stack)
    left = [kind for kind in supply if STACK_OF.get(kind) == stack]
    if not left:
        raise IllegalCommand("Trajan 1.3 Trajan action", "The {stack} stack is empty: choose another stack.", stack=stack)
    kind, rng = rng.choice(left)
    first, rng = rng.choice(R.COLOURS)
    second, rng = rng.choice(tuple(c for c in R.COLOURS if c != first))
    return TrajanTile(kind, (first, second)), rng


def draw_trajan_tile(state: TrajanState, stack: str) -> tuple[TrajanTile, TrajanState]:
    """The app draws the top tile of `stack` (digital draws): the tile, and the state with that kind
    gone from `trajan_supply` and the generator advanced (it travels in the state, so replay draws
    the same). See `draw_from_supply`."""
    tile, rng = draw_from_supply(state.trajan_supply, stack, state.rng)
    return tile, evolve(state, trajan_supply=bag_remove(state.trajan_supply, tile.kind), rng=rng)


def take_trajan_tile(state: TrajanState, kind: str) -> TrajanState:
    """The table drew a tile of `kind` by hand: it leaves the supply (refused if none of it is left)."""
    stack_of(kind)
    if kind not in state.trajan_supply:
        raise IllegalCommand("Trajan 1.3 Trajan action", "No {kind} tile is left in its stack.", kind=kind)
    return evolve(state, trajan_supply=bag_remove(state.trajan_supply, kind))


def place_on_arch(player: PlayerState, tile: TrajanTile) -> PlayerState:
    """The Trajan action's placement (Trajan 1.3): `tile` on the arch's slot, the arch to the next free slot.

    Refused when all 6 slots are full ("Trajan 1.3 Trajan action"). A tile just placed is not
    completed, even if the tray beside it already holds its colours: only sowing completes (S001 FAQ).
    When this fills the last free slot the arch goes to the middle (`arch_slot` → None).
    """
    at = arch_slot(player)
    if at is None:
        raise IllegalCommand("Trajan 1.3 Trajan action",
                             "All 6 Trajan tile spaces are full: no Trajan action is possible.")
    stack_of(tile.kind)
    slots = list(player.trajan_slots)
    if slots[at] is not None:  # cannot happen in states built by these functions; never overwrite a tile
        raise IllegalCommand("Trajan 1.3 Trajan action",
                             "All 6 Trajan tile spaces are full: no Trajan action is possible.")
    slots[at] = tile
    arch = next(((at + k) % R.TRAJAN_SLOTS for k in range(1, R.TRAJAN_SLOTS)
                 if slots[(at + k) % R.TRAJAN_SLOTS] is None), at)
    return evolve(player, trajan_slots=tuple(slots), arch=arch)


def trajan_action(state: TrajanState, seat: int, stack: str, tile: TrajanTile | Sequence[str]) -> TrajanState:
    """The whole Trajan action (Trajan 1.3): `tile` (a TrajanTile or (kind, colour, colour)), the top
    tile of `stack`, leaves the supply and goes on the arch's slot of `seat`'s mat.

    With digital draws the rules draw it first (`draw_from_supply`); otherwise it is what the table
    drew. Refused ("Trajan 1.3 Trajan action") when all 6 slots are full, the stack is unknown, the
    tile is not of that stack or none of its kind is left, or its colours are not two marker colours.
    """
    player = state.player(seat)
    if not can_take_trajan_action(player):
        raise IllegalCommand("Trajan 1.3 Trajan action",
                             "All 6 Trajan tile spaces are full: no Trajan action is possible.")
    _check_stack(stack)
    if not isinstance(tile, TrajanTile):
        kind, *colours = tile
        if len(colours) != 2:
            raise IllegalCommand("Trajan 1.3 Trajan action", "A Trajan tile shows 2 marker colours, not {count}.",
                                 count=len(colours))
        tile = TrajanTile(kind, (colours[0], colours[1]))
    if stack_of(tile.kind) != stack:
        raise IllegalCommand("Trajan 1.3 Trajan action", "A {kind} tile is not in the {stack} stack.",
                             kind=tile.kind, stack=stack)
    for colour in tile.colours:
        if colour not in R.COLOURS:
            raise IllegalCommand("Trajan 1.3 Trajan action", "{colour} is not an action marker colour.", colour=colour)
    state = take_trajan_tile(state, tile.kind)
    return state.with_player(place_on_arch(player, tile))


def complete_tile(state: TrajanState, seat: int, slot: int) -> TrajanState:
    """`seat` completes the Trajan tile in `slot` (Trajan 1.2 step 2, 1.3): the tile leaves, VP, effect.

    Effects (Trajan 1.3): victory none; plus2 leaves a pending "place_plus2" choice in
    `state.turn.pending_actions` (see `place_plus2`); cards: 2 commodity cards to the hand;
    workers1/2: 1/2 figures from the supply to the workers' camp, legion1/2: to the military camp
    (as many as the supply still has); demand_X: a permanent Trajan demand tile X
    (`trajan_demand`). If the arch was in the middle (all slots were full) it comes to this slot.
    The tile is recorded in `state.turn.completed` when it is the current player's turn.
    Refused when the slot holds no tile ("Trajan 1.3 Trajan tiles").
    """
    player = state.player(seat)
    if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot < R.TRAJAN_SLOTS:
        raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no Trajan tile space {slot}.", slot=slot)
    tile = player.trajan_slots[slot]
    if tile is None:
        raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no Trajan tile beside tray {tray}.",
                             tray=tray_numeral(slot))
    was_full = arch_slot(player) is None
    slots = list(player.trajan_slots)
    slots[slot] = None
    changes: dict = {"trajan_slots": tuple(slots), "vp": player.vp + R.TRAJAN_TILE_VP[tile.kind]}
    if was_full:
        changes["arch"] = slot
    turn = state.turn
    kind = tile.kind
    if kind == "plus2":
        if len(player.plus2) < len(R.ACTIONS):
            turn = evolve(turn, pending_actions=turn.pending_actions + (PLACE_PLUS2,))
    elif kind == "cards":
        changes["hand"] = player.hand + 2
    elif kind in _FIGURES:
        camp, wanted = _FIGURES[kind]
        moved = min(wanted, player.supply)
        changes["supply"] = player.supply - moved
        changes[camp] = getattr(player, camp) + moved
    elif kind.startswith("demand_"):
        changes["trajan_demand"] = bag(player.trajan_demand + (kind.removeprefix("demand_"),))
    if seat == state.current:
        turn = evolve(turn, completed=tile)
    state = state.with_player(evolve(player, **changes))
    return evolve(state, turn=turn)


def place_plus2(state: TrajanState, seat: int, action: str) -> TrajanState:
    """Put the +2 marker won with a completed +2 tile beside `action`'s extra-action space (Trajan 1.3, 1.7).

    A player holds at most one +2 per action, so at most 6 (the box has 24 = 4 players × 6 actions);
    a +2 tile completed when all six are placed scores its VP and leaves no choice. The marker stays
    for the rest of the game. Refused ("Trajan 1.3 Trajan tiles") without a pending +2, for an
    unknown action, or for an action that already has this player's +2.
    """
    if PLACE_PLUS2 not in state.turn.pending_actions or seat != state.current:
        raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no +2 marker to place.")
    if action not in R.ACTIONS:
        raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no action called {action}.", action=action)
    player = state.player(seat)
    if action in player.plus2:
        raise IllegalCommand("Trajan 1.3 Trajan tiles",
                             "That action already has your +2 marker: choose another action.")
    state = state.with_player(evolve(player, plus2=bag(player.plus2 + (action,))))
    # bag_remove drops the first "place_plus2" and keeps the other pending actions in their order.
    pending = bag_remove(state.turn.pending_actions, PLACE_PLUS2)
    return evolve(state, turn=evolve(state.turn, pending_actions=pending))
