"""Whole random legal games of Troyes for 2, 3 and 4 players through the session, as the conformance
suite plays them (its player, undo and redo now and then) but to the game's end: the final breakdown in the view is the scoring of the last state, `companion replay` prints it.
(Replay equals the live state: the conformance suite's whole game, for every game.)"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from tests.conformance.players import PLAYERS

NAMES = ("Ann", "Bo", "Cy", "Di")


def whole_game(tmp_path: Path, players: int, seed: int, undo_rate: float = 0.05) -> Session:
    rnd = random.Random(f"troyes-whole-{players}-{seed}")
    player = PLAYERS["troyes"]()
    session = Session(all_rules(), JournalStore(tmp_path))
    setup = {**player.setup(rnd), "players": list(NAMES[:players])}
    session.handle(Intent("new_game", {"game": "troyes", "setup": setup}))
    for _ in range(3000):
        table = session.table_view()
        if table.finished:
            break
        if table.can_undo and rnd.random() < undo_rate:
            session.handle(Intent("undo"))
        elif table.can_redo and rnd.random() < undo_rate:
            session.handle(Intent("redo"))
        else:
            session.handle(player.next_intent(table.view, rnd))
    return session


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("players", (2, 3, 4))
def test_a_whole_random_game_ends_in_its_final_breakdown(tmp_path, players, seed, capsys):
    from companion.replay import run

    session = whole_game(tmp_path, players, seed)
    table = session.table_view()
    assert table.finished and not table.can_undo  # the final reveal stays revealed
    live, path = session.engine.state, session.engine.journal.path
    assert live.round == live.rounds and len(live.players) == players
    final = table.view["final"]
    assert [p["name"] for p in final["players"]] == list(NAMES[:players])
    assert all(len(p["characters"]) == (2 if players == 2 else 1) for p in final["players"])
    assert final["winners"] and set(final["winners"]) <= set(final["tied"])
    session.shutdown()
    assert run(str(path), False, all_rules()) == 0
    out = capsys.readouterr().out
    assert "Troyes: final scoring" in out and "Winner" in out
