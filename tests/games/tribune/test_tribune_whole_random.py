"""Whole random games of Tribune (mode "full") for 2 to 5 players, played as the conformance
suite plays them (its Tribune player answers the public `ask`; pads press now and then; undo and
redo): each ends with the victory card's winner(s), every view is as its class declares, and the
journal replays to the live state."""

from __future__ import annotations

import random

import pytest

from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.core.views import mismatches
from companion.games import all_rules
from companion.session import ButtonPressed, Intent, Session
from tests.conformance.players import NAMES, TribunePlayer

pytestmark = pytest.mark.timeout(600)
CARD = {"factions": 2, "laurels": 4, "legions": 3, "denarii": None, "tribune": 1, "favour": 2, "needed": 2}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_whole_random_game_ends_with_its_winner_and_replays(players, tmp_path):
    rnd = random.Random(f"tribune-whole-{players}")
    session = Session(all_rules(), JournalStore(tmp_path / "data"))
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": list(NAMES[:players]), "mode": "full", "victory": CARD, "seed": 3,
        "settings": {"max_card_value": 2_500_000}, "pads": list(range(players))}}))
    player = TribunePlayer()
    for intent in player.opening(session.table_view().view):
        session.handle(intent)
    for _ in range(4000):
        table = session.table_view()
        if table.finished:
            break
        assert mismatches(table.view) == []
        asked = [a for a in table.asks if a.is_for_pad]
        if asked and rnd.random() < 0.15:
            ask = rnd.choice(asked)
            session.handle(ButtonPressed(session.pad_of_seat(ask.who), rnd.choice(("minus", "plus", "ok"))))
        elif table.can_undo and rnd.random() < 0.03:
            session.handle(Intent("undo"))
        else:
            intent = player.next_intent(table.view, rnd)
            if intent.name != "finish":  # the table does not abandon this game
                session.handle(intent)
    view = session.table_view().view
    assert view["finished"] and view["board"]["winners"], f"{players} players: no winner"
    check = view["board"]["checks"][-1]
    assert set(view["board"]["winners"]) <= set(check["qualifiers"])
    for seat in view["board"]["winners"]:
        assert check["standings"][seat]["met"] >= CARD["needed"]
    record = all_rules()["tribune"].final_result(session.engine.state)  # the play BG Stats and the export get
    assert record.no_points and [p.winner for p in record.players] == [
        seat in view["board"]["winners"] for seat in range(players)]
    assert [c.id for c in record.players[0].categories] == list(CARD)[:-1]
    assert all(c.detail["met"] == (c.detail["threshold"] is not None and c.points >= c.detail["threshold"])
               for p in record.players for c in p.categories)
    live, path = session.engine.state, session.engine.journal.path
    session.shutdown()
    replayed = Engine(all_rules()["tribune"], Journal.open(path))
    assert replayed.state == live
    replayed.journal.close()
