"""Every legal command in a state: for the random legal games of the tests and the benchmark, and for
the screen's choices. Composed from each module's own choices, so it can never drift from the rules."""

from __future__ import annotations

from companion.core.events import Command
from companion.games.trajan import actions, tiles, wheel
from companion.games.trajan import commands as c
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import TrajanState


def _trajan_choices(state: TrajanState, seat: int) -> list[Command]:
    if not tiles.can_take_trajan_action(state.player(seat)):
        return []
    counts = tiles.trajan_stack_counts(state.trajan_supply)
    return [c.TrajanAction(stack) for stack, n in sorted(counts.items()) if n > 0]


def _action_choices(state: TrajanState, seat: int, action: str) -> list[Command]:
    if action == "trajan":
        return _trajan_choices(state, seat)
    return list(actions.legal_actions(state, seat, action))


def legal_commands(state: TrajanState) -> list[Command]:
    """Legal commands now, for the player to move (or the consul, or the table entering a draw)."""
    if state.phase in ("setup", "over"):
        return []
    if state.phase == "reveal":
        return [c.RevealDemand(d) for d in sorted(set(state.demand_bag))]
    if state.phase == "bonus_draw":
        return [c.RevealBonusTile(t) for t in sorted(set(state.bonus_bag))]
    if state.phase == "consul":
        return [c.ChooseBonusTile(t) for t in state.senate_bonus]
    seat, turn = state.current, state.turn
    player = state.player(seat)
    if turn.tray is None:
        if state.mode == "light":
            return [c.MoveMarkers(n, (t + n) % 6) for t in range(6) for n in (1, 2, 3)]
        out: list[Command] = []
        for tray, markers in enumerate(player.wheel):
            if not markers:
                continue
            landing = wheel.predict(player, tray)
            out.append(c.Sow(tray, landing.order if landing.order else tuple(markers)))
        return out
    if "place_plus2" in turn.pending_actions:
        return [c.PlacePlus2(a) for a in R.ACTIONS if a not in player.plus2]
    if not turn.acted:
        return _action_choices(state, seat, R.ACTIONS[turn.tray]) + [c.Pass()]
    out = [c.EndTurn()]
    for action in sorted(set(turn.pending_actions)):
        out += _action_choices(state, seat, action)
    if not turn.extra_used:
        out += actions.extra_action_choices(state, seat, taken=turn.taken)
    return out
