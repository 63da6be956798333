"""Trajan end to end over the core: whole random legal games through the engine and its journal.

Properties (DESIGN, Tests): replay equals the live state; undo then redo is the identity; an illegal
command writes nothing. Plus the turn structure, light mode and tables that draw demands by hand.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tests.properties import examples

from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.trajan import commands as c
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.rules import TRAJAN
from tests.games.trajan.table_draws import named_by_the_table

COLOURS = ("red", "blue", "green", "yellow")


def setup(players=3, seed=5, **kw) -> c.SetupTrajan:
    return c.SetupTrajan(tuple(f"P{i}" for i in range(players)), COLOURS[:players], seed=seed, **kw)


def fold(commands):
    state = TRAJAN.initial_state()
    for command in commands:
        for event in TRAJAN.decide(state, command):
            state = TRAJAN.apply(state, event)
    return state


def random_game(engine: Engine, rnd: random.Random, max_steps: int = 2000, undo_rate: float = 0.0) -> None:
    for _ in range(max_steps):
        if engine.is_finished:
            return
        if undo_rate and engine.can_undo and rnd.random() < undo_rate:
            engine.undo()
            if rnd.random() < 0.5:
                engine.redo()
            continue
        engine.execute(rnd.choice(legal_commands(engine.state)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_reaches_final_scoring(players, tmp_path):
    engine = Engine(TRAJAN, Journal.create(tmp_path / "t.journal", "trajan"))
    engine.execute(setup(players, seed=players))
    random_game(engine, random.Random(players))
    state = engine.state
    assert state.phase == "over" and len(state.season_reports) == 4
    assert [r["season"] for r in state.season_reports] == [1, 2, 3, 4]
    view = engine.view()
    assert len(view["final"]["players"]) == players
    assert engine.journal.is_finished


@settings(max_examples=examples(10), deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 200))
def test_undo_then_redo_is_identity(seed, steps):
    with tempfile.TemporaryDirectory() as d:
        engine = Engine(TRAJAN, Journal.create(Path(d) / "t.journal", "trajan"))
        engine.execute(setup(3, seed=seed))
        random_game(engine, random.Random(seed), max_steps=steps)
        before = engine.state
        if engine.can_undo:
            engine.undo()
            engine.redo()
        assert engine.state == before
        engine.journal.close()


def test_illegal_command_writes_nothing(tmp_path):
    engine = Engine(TRAJAN, Journal.create(tmp_path / "t.journal", "trajan"))
    engine.execute(setup(2))
    before = engine.journal.last_seq
    with pytest.raises(IllegalCommand) as info:
        engine.execute(c.Senate())  # markers not moved yet
    assert info.value.rule == "Trajan 1.2 turn"
    assert engine.journal.last_seq == before


def test_only_the_target_trays_action():
    state = fold([setup(2)])
    sow = next(cmd for cmd in legal_commands(state) if isinstance(cmd, c.Sow))
    state = fold([setup(2), sow])
    target = state.turn.tray
    wrong = c.Senate() if target != 3 else c.Forum("demand_bread")
    with pytest.raises(IllegalCommand, match="only that action"):
        TRAJAN.decide(state, wrong)


def test_empty_tray_cannot_be_picked_up():
    """After a pick-up the tray is empty; picking it up again is refused naming the wheel rule."""
    import dataclasses

    state = fold([setup(2)])
    seat = state.current
    sow = next(cmd for cmd in legal_commands(state) if isinstance(cmd, c.Sow))
    after = fold([setup(2), sow])
    assert after.player(seat).wheel[sow.tray] == ()
    again = dataclasses.replace(after, turn=state.turn)  # the same player's next turn, wheel as now
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(again, c.Sow(sow.tray, ()))
    assert info.value.rule == "Trajan 1.2 action wheel" and "empty" in info.value.message


def test_tables_that_draw_by_hand_enter_each_demand():
    rnd = random.Random(3)
    state = fold([setup(2, digital_draws=False)])
    reveals = 0
    for _ in range(400):
        if state.phase == "reveal":
            with pytest.raises(IllegalCommand, match="turn up the next demand"):
                TRAJAN.decide(state, c.EndTurn())
            with pytest.raises(IllegalCommand, match="bread, games or religion"):
                TRAJAN.decide(state, c.RevealDemand("wine"))
            reveals += 1
        commands = [cmd for cmd in legal_commands(state) if not isinstance(cmd, c.TrajanAction)]
        for event in TRAJAN.decide(state, named_by_the_table(state, rnd.choice(commands), rnd)):
            state = TRAJAN.apply(state, event)
        if reveals >= 3:
            break
    assert reveals >= 3 and len(state.demands) >= 1


def test_light_mode_records_markers_and_action_only():
    state = fold([setup(2, mode="light")])
    with pytest.raises(IllegalCommand, match="light mode"):
        TRAJAN.decide(state, c.Sow(0, state.player(state.current).wheel[0]))
    state = fold([setup(2, mode="light"), c.MoveMarkers(3, 3)])
    assert state.turn.tray == 3 and state.time == 3
    with pytest.raises(IllegalCommand, match="1 to 12"):
        TRAJAN.decide(fold([setup(2, mode="light")]), c.MoveMarkers(13, 0))


def test_settings_are_named_and_checked():
    state = fold([setup(2, settings={"lap_length": {"2": 12, "3": 17, "4": 22}})])
    assert state.settings.lap(2) == 12
    with pytest.raises(IllegalCommand, match="no Trajan setting 'lap'"):
        fold([setup(2, settings={"lap": 3})])


def test_replay_command_prints_the_final_breakdown(tmp_path, capsys):
    import json

    from companion.cli import main

    engine = Engine(TRAJAN, Journal.create(tmp_path / "t.journal", "trajan"))
    engine.execute(setup(3, seed=11))
    random_game(engine, random.Random(11))
    final = engine.view()["final"]
    engine.journal.close()
    assert main(["replay", str(tmp_path / "t.journal")]) == 0
    out = capsys.readouterr().out
    # the touchscreen's words (companion replay speaks the table's language, here English)
    assert "Trajan: final scoring" in out and f"{final['winners'][0]} wins" in out
    totals_printed = [int(line.split()[-1]) for line in out.splitlines() if line.strip().startswith("Total")]
    assert totals_printed == [p["total"] for p in final["players"]]
    assert main(["replay", "--json", str(tmp_path / "t.journal")]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in summary["view"]["final"]["players"]] == [p["total"] for p in final["players"]]
    totals = {p["name"]: p["total"] for p in final["players"]}
    assert f"1. {final['ranking'][0]} {totals[final['ranking'][0]]}" in out


def test_view_offers_every_legal_choice_as_an_intent_that_parses_back():
    """The screen offers exactly the legal commands, as intents; posting one gives that command."""
    rnd = random.Random(5)
    state = fold([setup(3, seed=5)])
    for _ in range(150):
        view = TRAJAN.view(state)
        commands = legal_commands(state)
        assert [TRAJAN.parse_command(i["name"], i["args"]) for i in view["choices"]] == commands
        if state.phase == "turn" and state.turn.tray is None and state.mode == "full":
            previews = [p for p in view["previews"] if p]
            assert previews and all(p["target"] == (p["tray"] + p["markers"]) % 6 for p in previews)
        for event in TRAJAN.decide(state, rnd.choice(commands)):
            state = TRAJAN.apply(state, event)


def test_score_track_has_one_point_per_round_start_after_that_seasons_penalties(tmp_path):
    engine = Engine(TRAJAN, Journal.create(tmp_path / "t.journal", "trajan"))
    engine.execute(setup(2, seed=8))
    rnd = random.Random(8)
    while not engine.is_finished:
        step = engine.execute(rnd.choice(legal_commands(engine.state)))
        if any(e.kind == "trajan.season_scored" for e in step.events) and engine.state.phase == "consul":
            if len(engine.state.season_reports) < 4:
                assert engine.state.score_track[-1][2] == tuple(p.vp for p in engine.state.players)
    labels = [(s, r) for s, r, _ in engine.state.score_track]
    assert labels == [(s, r) for s in range(1, 5) for r in range(1, 5)]
