"""What the table does by itself after a player's step, the same for the touchscreen and the pads.

A Trajan turn has steps the players decide (which tray, which action, which extra action) and steps
the rules leave no choice about. The session asks `automatic_step` after every step a player takes,
by touch or by pad, and takes the step it names (journaled like any other); it asks `is_forced`
when the table undoes or redoes, so one Undo takes back what the player did together with what
the app did after it. Both rules live here only: the table screen and the pads cannot drift apart.

Two kinds of automatic step:

- forced (`FORCED`): the rules allow exactly one command now — the end of a turn once nothing
  optional is left (Trajan 1.2: the action and the extra action are optional, the turn then
  ends), the last demand type in the bag (1.5), the last bonus tile type in the bag (1.11), the
  consul's only bonus tile (1.4), a +2 marker with one place left (1.3). Such a state is never a
  resting point: undo and redo step over it.
- the sole action (`SOLE_ACTION`): right after a pick-up (full mode), the target tray offers exactly
  one action besides Pass (the Senate's Advance, a lone recruit …): it is taken. The state with
  that choice shown has two choices, so it is not forced: Undo comes back to it and the player
  may Pass instead (Trajan 1.2 step 3: the action is optional). Not for the seaport's plays and
  shipments (the player names the cards: the rules only offer plausible ones) and not in light
  mode (the markers entry already names the action's tray, the table then says which action).
"""

from __future__ import annotations

from companion.core.events import Command
from companion.core.game import AutomaticStep
from companion.games.trajan import commands as c
from companion.games.trajan import rules_data as R
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.parse import INTENT_NAMES
from companion.games.trajan.state import TrajanState

#: `AutomaticStep.reason`s: the only legal command, and a tray's only action right after a pick-up.
FORCED = "forced"
SOLE_ACTION = "sole_action"
#: The phases in which the players (or the table entering a draw) give commands.
PLAYING = ("turn", "reveal", "bonus_draw", "consul")
#: Seaport kinds the player composes from the cards in hand (the rules' offers are only examples).
COMPOSED = ("play", "ship")


def is_forced(state: TrajanState) -> bool:
    """Only one command is legal now: the app takes it by itself after a step, and undo and redo
    step over this state (see the module's list of cases)."""
    return state.phase in PLAYING and len(legal_commands(state)) == 1


def action_name(command: Command) -> str | None:
    """The action (a name of `rules_data.ACTIONS`) a command takes, or None for Pass, End turn …"""
    name = INTENT_NAMES.get(type(command))
    return name if name in R.ACTIONS else None


def sole_action(state: TrajanState, choices: list[Command]) -> Command | None:
    """Right after a pick-up: the target tray's action when it is the one thing to do besides Pass
    among the legal `choices` (Trajan 1.2 step 3), else None (a real choice, a card composer, light
    mode, anything else)."""
    if state.phase != "turn" or state.mode != "full" or state.turn.tray is None or state.turn.acted:
        return None
    if len(choices) != 2 or not any(isinstance(cmd, c.Pass) for cmd in choices):
        return None
    only = next(cmd for cmd in choices if not isinstance(cmd, c.Pass))
    if action_name(only) is None or (isinstance(only, c.Seaport) and only.kind in COMPOSED):
        return None
    return only


def automatic_step(state: TrajanState, after: Command) -> AutomaticStep | None:
    """The step the app takes by itself in `state`, reached by the step `after` a player (or the
    app) just took; None when the players decide. See the module docstring for the two kinds.
    The legal commands are listed once: this runs after every step of every tap."""
    if state.phase not in PLAYING:
        return None
    choices = legal_commands(state)
    if isinstance(after, c.Sow):
        only = sole_action(state, choices)
        if only is not None:
            return AutomaticStep(only, SOLE_ACTION, {"seat": state.current, "action": action_name(only)})
    if len(choices) == 1:
        return AutomaticStep(choices[0], FORCED)
    return None
