"""The bonus tiles beside the senate with "Table draws" (Trajan 1.6 step 4, 1.11): entered at set-up
(`senate_bonus`) and at every season's refill (`RevealBonusTile`, one per tile), checked against the
bag; digital draws and journals written before the table entered them stay as they were."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.trajan import commands as c
from companion.games.trajan import events as e
from companion.games.trajan import rules_data as R
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.rules import TRAJAN
from tests.games.trajan.table_draws import named_by_the_table
from tests.games.trajan.test_rules import fold, setup

RULE = "Trajan 1.11 bonus tiles"


def step(state, command):
    for event in TRAJAN.decide(state, command):
        state = TRAJAN.apply(state, event)
    return state


def play_until(state, wanted, rnd, limit=3000):
    """Random legal moves (no Trajan action: a table drawing by hand would have to enter the tile)
    until `wanted(state)`."""
    for _ in range(limit):
        if wanted(state):
            return state
        commands = [cmd for cmd in legal_commands(state) if not isinstance(cmd, c.TrajanAction)]
        state = step(state, named_by_the_table(state, rnd.choice(commands), rnd))
    raise AssertionError("never reached")


def at_consul(players=2, seed=5, digital_draws=False):
    state = fold([setup(players, seed=seed, digital_draws=digital_draws)])
    return play_until(state, lambda s: s.phase == "consul", random.Random(seed))


# -- set-up -----------------------------------------------------------------------------------------


def test_the_table_enters_the_senate_bonus_tiles_at_setup():
    start = ("workers", "bonus")
    senate = ("demand_bread", "legionnaires")
    state = fold([setup(2, digital_draws=False, start_bonus=start, senate_bonus=senate)])
    assert state.senate_bonus == senate
    assert sorted(state.bonus_bag + senate + start) == sorted(R.BONUS_TILES)


def test_entered_senate_tiles_are_never_dealt_to_a_player():
    senate = ("demand_bread", "legionnaires")
    for seed in range(12):
        state = fold([setup(4, seed=seed, digital_draws=False, senate_bonus=senate)])
        held = [tile for p in state.players for tile, _side in p.bonus_tiles]
        assert not set(held) & set(senate) and state.senate_bonus == senate
        assert sorted(state.bonus_bag + senate + tuple(held)) == sorted(R.BONUS_TILES)


@pytest.mark.parametrize("senate, message", [
    (("demand_bread",), "Two different bonus tiles"),
    (("demand_bread", "demand_bread"), "Two different bonus tiles"),
    (("demand_bread", "wine"), "There is no bonus tile called wine"),
    (("demand_bread", "workers", "bonus"), "Two different bonus tiles"),
    (("demand_bread", "workers"), "is a player's"),
])
def test_a_bad_senate_entry_is_refused_naming_the_rule(senate, message):
    with pytest.raises(IllegalCommand, match=message) as info:
        fold([setup(2, digital_draws=False, start_bonus=("workers", "bonus"), senate_bonus=senate)])
    assert info.value.rule == RULE


def test_without_an_entry_the_app_draws_the_senate_tiles_as_before():
    """Digital draws (and a table draws set-up that did not enter them): the two tiles after the
    players' in the shuffled bag, so the journals of earlier games replay to the same table."""
    for digital in (True, False):
        plain = TRAJAN.decide(TRAJAN.initial_state(), setup(3, seed=9, digital_draws=digital))[0]
        rest = [b for b in plain.bonus_bag]
        assert len(plain.senate_bonus) == 2 and len(rest) == len(R.BONUS_TILES) - 3 - 2
        entered = TRAJAN.decide(TRAJAN.initial_state(),
                                setup(3, seed=9, digital_draws=digital, start_bonus=plain.start_bonus))[0]
        assert (entered.senate_bonus, entered.bonus_bag) == (plain.senate_bonus, plain.bonus_bag)


def test_the_setup_intent_carries_senate_bonus():
    command = TRAJAN.parse_command("setup", {"players": ["A", "B"], "colours": ["red", "blue"], "seed": 1,
                                             "senate_bonus": ["bonus", "workers"]})
    assert command.senate_bonus == ("bonus", "workers")
    with pytest.raises(IllegalCommand, match="'senate_bonus' must be a list of names"):
        TRAJAN.parse_command("setup", {"players": ["A", "B"], "colours": ["red", "blue"], "seed": 1,
                                       "senate_bonus": "bonus"})


# -- the season's refill ------------------------------------------------------------------------------


def test_a_table_drawing_by_hand_enters_the_senate_tiles_at_the_refill():
    state = at_consul()
    bag_before = state.bonus_bag
    state = step(state, c.ChooseBonusTile(state.senate_bonus[0]))
    assert state.phase == "bonus_draw" and state.senate_bonus == () and state.bonus_bag == bag_before
    assert legal_commands(state) == [c.RevealBonusTile(t) for t in sorted(bag_before)]
    with pytest.raises(IllegalCommand, match="First draw the bonus tiles") as info:
        TRAJAN.decide(state, legal_commands(fold([setup(2)]))[0])
    assert info.value.rule == RULE
    held = state.player(0).bonus_tiles[0][0]
    with pytest.raises(IllegalCommand, match="not in the bag") as info:
        TRAJAN.decide(state, c.RevealBonusTile(held))
    assert info.value.rule == RULE and info.value.params["tile"] == held
    with pytest.raises(IllegalCommand, match="no bonus tile called"):
        TRAJAN.decide(state, c.RevealBonusTile("wine"))
    first, second = sorted(bag_before)[-1], sorted(bag_before)[0]
    state = step(state, c.RevealBonusTile(first))
    assert state.phase == "bonus_draw" and state.senate_bonus == (first,)
    with pytest.raises(IllegalCommand, match="already lies beside the senate") as info:
        TRAJAN.decide(state, c.RevealBonusTile(first))
    assert info.value.rule == RULE
    assert c.RevealBonusTile(first) not in legal_commands(state)
    state = step(state, c.RevealBonusTile(second))
    assert state.phase == "turn" and state.senate_bonus == (first, second)
    assert sorted(state.bonus_bag) == sorted(t for t in bag_before if t not in (first, second))
    with pytest.raises(IllegalCommand, match="not part of a turn"):
        TRAJAN.decide(state, c.RevealBonusTile(state.bonus_bag[0]))


def test_digital_draws_refill_the_senate_by_themselves():
    state = at_consul(digital_draws=True)
    expected = state.bonus_bag[:2]
    state = step(state, c.ChooseBonusTile(state.senate_bonus[0]))
    assert state.phase == "turn" and state.senate_bonus == expected


def test_a_journal_from_before_keeps_the_app_drawn_refill():
    """A table-draws game journaled before this version: its refill names 2 tiles, and play goes on."""
    state = at_consul()
    state = TRAJAN.apply(state, e.BonusTileChosen(state.consul, state.senate_bonus[0]))
    old = dataclasses.replace(TRAJAN._refill(state), senate_bonus=tuple(state.bonus_bag[:2]))
    after = TRAJAN.apply(state, old)
    assert after.phase == "turn" and after.senate_bonus == state.bonus_bag[:2]
    assert after.bonus_bag == state.bonus_bag[2:]


def test_an_empty_bag_asks_for_nothing():
    state = at_consul()
    state = TRAJAN.apply(state, e.BonusTileChosen(state.consul, state.senate_bonus[0]))
    state = dataclasses.replace(state, bonus_bag=("bonus",))
    state = TRAJAN.apply(state, TRAJAN._refill(state))
    assert state.phase == "bonus_draw"
    state = step(state, c.RevealBonusTile("bonus"))
    assert state.phase == "turn" and state.senate_bonus == ("bonus",) and state.bonus_bag == ()


def test_every_refill_of_a_whole_game_is_entered_and_journaled(tmp_path):
    """A whole table-draws game through the engine: replay equals the live state, and undo and redo
    go through each tile entered."""
    path = tmp_path / "t.journal"
    engine = Engine(TRAJAN, Journal.create(path, "trajan"))
    engine.execute(setup(3, seed=4, digital_draws=False, start_bonus=("workers", "bonus", "legionnaires"),
                         senate_bonus=("demand_bread", "demand_games")))
    rnd = random.Random(4)
    reveals = 0
    for _ in range(5000):
        if engine.is_finished:
            break
        state = engine.state
        commands = [cmd for cmd in legal_commands(state) if not isinstance(cmd, c.TrajanAction)]
        command = named_by_the_table(state, rnd.choice(commands), rnd)
        engine.execute(command)
        if isinstance(command, c.RevealBonusTile):
            reveals += 1
            after = engine.state
            engine.undo()
            assert engine.state == state and state.phase == "bonus_draw"
            engine.redo()
            assert engine.state == after
    assert engine.is_finished and reveals == 2 * (R.SEASONS - 1)
    live = engine.state
    engine.journal.close()
    replayed = Engine(TRAJAN, Journal.open(path))
    assert replayed.state == live
    kinds = [ev["kind"] for entry in replayed.history() for ev in entry.events]
    assert kinds.count("trajan.bonus_revealed") == 2 * (R.SEASONS - 1)
    assert TRAJAN.command_of([e.BonusTileRevealed("bonus")]) == c.RevealBonusTile("bonus")
