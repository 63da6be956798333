"""Trajan's flow (pure): which step the app takes by itself after a player's step, and which states
undo and redo step over. One policy for the touchscreen and the pads (the session asks it for both)."""

from __future__ import annotations

import pytest

from companion.core.game import AutomaticStep
from companion.core.values import evolve
from companion.games.trajan import commands as c
from companion.games.trajan import flow
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.rules import TRAJAN
from companion.games.trajan.view import view


def fold(state, *commands):
    for command in commands:
        for event in TRAJAN.decide(state, command):
            state = TRAJAN.apply(state, event)
    return state


def started(seed: int, **kw):
    setup = c.SetupTrajan(("Ann", "Bo"), ("red", "blue"), seed=seed, start_player=0, **kw)
    return fold(TRAJAN.initial_state(), setup)


def picked_up(target: str):
    """A new game right after Ann's pick-up of a tray whose last marker lands on `target`'s tray."""
    for seed in range(1, 80):
        state = started(seed)
        preview = next((p for p in view(state)["previews"] if p and p["target_action"] == target), None)
        if preview is not None:
            return fold(state, c.Sow(preview["tray"], tuple(preview["order"])))
    raise AssertionError(f"no seed lands a tray on {target}")


def one_trajan_stack(monkeypatch):
    """Narrows the Trajan action's stacks to the first (at the start all six have tiles), so that
    the Trajan tray has one action besides Pass, as late in a game."""
    real = flow.legal_commands

    def one_stack(state):
        out = real(state)
        stacks = [cmd for cmd in out if isinstance(cmd, c.TrajanAction)]
        return stacks[:1] + [cmd for cmd in out if not isinstance(cmd, c.TrajanAction)]

    monkeypatch.setattr(flow, "legal_commands", one_stack)


def test_a_senate_pick_up_takes_the_senate_then_ends_the_turn():
    state = picked_up("senate")
    assert legal_commands(state) == [c.Senate(), c.Pass()]
    assert not flow.is_forced(state), "two choices: a resting point, Undo comes back here"
    step = flow.automatic_step(state, c.Sow(0, ()))
    assert step == AutomaticStep(c.Senate(), flow.SOLE_ACTION, {"seat": 0, "action": "senate"})
    acted = fold(state, step.command)
    assert flow.is_forced(acted) and flow.automatic_step(acted, c.Senate()) == AutomaticStep(c.EndTurn(), flow.FORCED)
    after = fold(acted, c.EndTurn())
    assert after.current == 1 and flow.automatic_step(after, c.EndTurn()) is None, "Bo picks a tray himself"


def test_the_sole_action_follows_only_a_pick_up():
    """Reached another way (an undo, a Pass undone …) the choice stays the player's."""
    state = picked_up("senate")
    assert flow.automatic_step(state, c.Pass()) is None
    assert flow.automatic_step(state, c.EndTurn()) is None


def test_a_tray_with_a_real_choice_is_left_to_the_player():
    state = picked_up("forum")
    assert len(legal_commands(state)) > 2
    assert flow.automatic_step(state, c.Sow(0, ())) is None and not flow.is_forced(state)


@pytest.mark.parametrize("only, taken", [
    (c.Seaport("play", ("wine",)), False),  # the player names the cards: the rules' offer is an example
    (c.Seaport("ship", ("wine", "wine"), "pairs"), False),
    (c.Seaport("draw"), True),
    (c.Military("recruit"), True),
])
def test_the_seaports_composed_moves_are_never_taken_by_themselves(monkeypatch, only, taken):
    state = picked_up("senate")
    monkeypatch.setattr(flow, "legal_commands", lambda s: [only, c.Pass()])
    step = flow.automatic_step(state, c.Sow(0, ()))
    assert (step is not None and step.command == only and step.reason == flow.SOLE_ACTION) == taken


def test_light_mode_asks_for_the_action_after_the_markers():
    state = started(3, mode="light")
    moved = next(cmd for cmd in legal_commands(state) if cmd.tray == 3)  # the senate's tray
    state = fold(state, moved)
    assert c.Pass() in legal_commands(state)
    assert flow.automatic_step(state, moved) is None


def test_the_last_demand_type_and_the_consuls_only_tile_are_forced():
    state = started(3, digital_draws=False)
    reveal = evolve(state, phase="reveal", demand_bag=("games", "games"))
    assert flow.is_forced(reveal)
    assert flow.automatic_step(reveal, c.EndTurn()) == AutomaticStep(c.RevealDemand("games"), flow.FORCED)
    assert not flow.is_forced(evolve(reveal, demand_bag=("games", "bread")))
    consul = evolve(state, phase="consul", consul=1, senate_bonus=(state.senate_bonus[0],))
    assert flow.automatic_step(consul, c.RevealDemand("games")).command == c.ChooseBonusTile(state.senate_bonus[0])
    draw = evolve(state, phase="bonus_draw", senate_bonus=(), bonus_bag=(state.senate_bonus[0],))
    assert flow.automatic_step(draw, c.ChooseBonusTile("x")).command == c.RevealBonusTile(state.senate_bonus[0])


def test_a_finished_game_is_not_forced():
    state = evolve(started(3), phase="over")
    assert not flow.is_forced(state) and flow.automatic_step(state, c.EndTurn()) is None


def test_the_rules_offer_the_flow_as_the_games_hooks():
    state = picked_up("senate")
    assert TRAJAN.automatic_step(state, c.Sow(0, ())) == flow.automatic_step(state, c.Sow(0, ()))
    assert TRAJAN.is_forced(fold(state, c.Senate()))
