"""Trajan's actions as pure functions ``f(state, seat, command) -> state``.

Each function validates (raising `IllegalCommand` that names the rule) and transforms. They draw
nothing: every outcome the table or the app's generator decides comes in the command, so the rules
module can call the same function in `decide` (to validate) and in `apply` (to fold the event) and
get the same state. Which player's turn it is and which tray was reached is the rules module's
business; these functions check what the action itself needs.

The seaport lives in `actions_seaport`, military and construction in `actions_figures`; this module
re-exports them so callers import one place. The Trajan action is tiles.py's.
"""

from __future__ import annotations

import dataclasses
from typing import Collection

from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan import unseen
from companion.games.trajan.actions_figures import (
    can_place_worker, construction, construction_choices, has_legionnaire, legionnaire_vp, military,
    military_choices,
)
from companion.games.trajan.actions_seaport import WILD, seaport, seaport_choices, ship_size, ship_vp
from companion.games.trajan.board import site_setup
from companion.games.trajan.commands import ExtraAction, Forum, Senate
from companion.games.trajan.state import TrajanState, bag, bag_remove
from companion.games.trajan.unseen import UNSEEN

__all__ = [
    "WILD", "can_place_worker", "construction", "extra_action", "forum", "has_legionnaire",
    "legal_actions", "legionnaire_vp", "military", "seaport", "senate", "ship_size", "ship_vp",
    "site_setup", "take_pending",
]



def forum(state: TrajanState, seat: int, cmd: Forum) -> TrajanState:
    """Trajan 1.7: take `cmd.tile` from the forum display (or, `from_extra`, from the three
    extra-action spaces) into the player's forum. Displays are refilled only at season end (1.6)."""
    player = state.player(seat)
    shown = state.extra_display if cmd.from_extra else state.forum_display
    taken = cmd.tile
    if cmd.tile not in shown and UNSEEN in shown:
        # Table draws: the player names the tile taken from those the table laid out unseen.
        unseen.check_named(state, cmd.tile, cmd.from_extra)
        state, taken = unseen.named(state, cmd.tile, cmd.from_extra), UNSEEN
    elif cmd.tile not in shown:
        if cmd.from_extra:
            raise IllegalCommand("Trajan 1.7 forum", "{tile} is not on the extra-action spaces.", tile=cmd.tile)
        raise IllegalCommand("Trajan 1.7 forum", "{tile} is not on the forum display.", tile=cmd.tile)
    rest = bag_remove(shown, taken)
    state = evolve(state, **{"extra_display" if cmd.from_extra else "forum_display": rest})
    return state.with_player(evolve(player, forum=bag(player.forum + (cmd.tile,))))


def _takeable(state: TrajanState, shown: tuple[str, ...], from_extra: bool) -> list[str]:
    """The tiles a forum action may take from `shown`: those lying there, and with table draws,
    when some lie there unseen, every tile the box may still hold (unseen.py)."""
    out = [t for t in dict.fromkeys(shown) if t != UNSEEN]
    if UNSEEN in shown:
        out += [t for t in unseen.kinds_left(state, from_extra) if t not in out]
    return out


def can_senate(state: TrajanState, seat: int) -> bool:
    return state.player(seat).senate < len(state.settings.senate_values)


def senate(state: TrajanState, seat: int, cmd: Senate) -> TrajanState:
    """Trajan 1.4: one space up the senate, scoring the new space; the disc goes on top of any discs
    there (the seat moves to the top of `senate_stack`). Not from the top space (1.14 #6)."""
    player = state.player(seat)
    if not can_senate(state, seat):
        raise IllegalCommand("Trajan 1.4 senate", "{name} is at the top of the senate: no more senate actions this season.",
                             name=player.name)
    space = player.senate + 1
    stack = tuple(s for s in state.senate_stack if s != seat) + (seat,)
    state = evolve(state, senate_stack=stack)
    return state.with_player(evolve(
        player, senate=space, vp=player.vp + state.settings.senate_values[space - 1]))


def actions_taken(state: TrajanState) -> tuple[str, ...]:
    """The actions an extra action may repeat when the caller names none: the target tray's action,
    once the turn's action is done."""
    if state.turn.acted and state.turn.tray is not None:
        return (R.ACTIONS[state.turn.tray],)
    return ()


def extra_action(state: TrajanState, seat: int, cmd: ExtraAction, taken: Collection[str] | None = None) -> TrajanState:
    """Trajan 1.7 / 1.14 #8: after an action, discard `extra_<action>` or `wild_extra` from the
    forum to do the action once more, twice with a +2 marker for it (the marker stays). At most one
    extra-action tile per turn. The repeats are queued in `state.turn.pending_actions`; the caller
    runs them and consumes each with `take_pending`.

    `taken` is what this turn has done so far (the tray's action, and any first-construction bonus
    action, which an extra action may repeat too, S000 p12); by default the target tray's action
    once `turn.acted`.
    """
    player = state.player(seat)
    if state.turn.extra_used:
        raise IllegalCommand("Trajan 1.7 extra action", "{name} has already used an extra-action tile this turn.", name=player.name)
    if cmd.action not in (actions_taken(state) if taken is None else taken):
        raise IllegalCommand("Trajan 1.7 extra action", "An extra action repeats an action just taken, not {action}.", action=cmd.action)
    if cmd.tile not in (f"extra_{cmd.action}", "wild_extra"):
        raise IllegalCommand("Trajan 1.7 extra action", "{tile} does not repeat {action}.", tile=cmd.tile, action=cmd.action)
    if cmd.tile not in player.forum:
        raise IllegalCommand("Trajan 1.7 extra action", "{name} has no {tile} tile.", name=player.name, tile=cmd.tile)
    repeats = (cmd.action,) * (2 if cmd.action in player.plus2 else 1)
    turn = evolve(state.turn, extra_used=True, pending_actions=state.turn.pending_actions + repeats)
    state = evolve(state, turn=turn)
    return state.with_player(evolve(player, forum=bag_remove(player.forum, cmd.tile)))


def take_pending(state: TrajanState, action: str) -> TrajanState:
    """Consume one queued `action` (an extra action's repeat or a first-construction bonus)."""
    pending = state.turn.pending_actions
    if action not in pending:
        raise IllegalCommand("Trajan 1.2 turn", "No {action} action is waiting to be taken.", action=action)
    i = pending.index(action)
    turn = evolve(state.turn, pending_actions=pending[:i] + pending[i + 1:])
    return evolve(state, turn=turn)


def extra_action_choices(state: TrajanState, seat: int, taken: Collection[str] | None = None) -> list[ExtraAction]:
    """Every legal extra action for `seat` now."""
    if state.turn.extra_used:
        return []
    player = state.player(seat)
    out = []
    for action in (actions_taken(state) if taken is None else taken):
        for tile in (f"extra_{action}", "wild_extra"):
            command = ExtraAction(action, tile)
            if tile in player.forum and command not in out:
                out.append(command)
    return out


def legal_actions(state: TrajanState, seat: int, action: str) -> list[Command]:
    """The legal commands of one action kind (a name of rules_data.ACTIONS, or "extra") for `seat`.

    Exhaustive for forum, military, senate, construction and extra; for the seaport: draw,
    take_discard and a few plausible plays and shipments (hands are unknown to the app). "trajan"
    returns [] here: the Trajan action belongs to tiles.py.
    """
    if action == "seaport":
        return list(seaport_choices(state, seat))
    if action == "forum":
        places = ((False, state.forum_display), (True, state.extra_display))
        return [Forum(t, from_extra) for from_extra, shown in places for t in _takeable(state, shown, from_extra)]
    if action == "military":
        return list(military_choices(state, seat))
    if action == "senate":
        return [Senate()] if can_senate(state, seat) else []
    if action == "construction":
        return list(construction_choices(state, seat))
    if action == "extra":
        return list(extra_action_choices(state, seat))
    if action == "trajan":
        return []
    raise ValueError(f"unknown Trajan action {action!r}")
