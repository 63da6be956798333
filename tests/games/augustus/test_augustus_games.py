"""Whole games of Augustus for 2 to 6 players through the session, as a table plays beside the
box: the app calls from its seeded bag (or the crier enters the physical bag's tokens), every
seat places or skips on its own pad (− / + walk its legal placements, OK places, the last entry
skips), new objectives' printed facts are entered, and the game ends and scores by itself. At every
step the legions (48) and the tokens (23) are all accounted for; the journal replays to the live
state, and an undo and a redo change nothing."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.augustus.parts.bag import SIZE
from companion.games.augustus.parts.rewards import resources
from companion.games.augustus.settings import RESOURCES, REWARDS
from companion.session import Intent, Session
from tests.conformance.players import AugustusPlayer
from augustus_helpers import NAMES, legions

SETTINGS = {"reward_vp": {"green": 5, "pink": 5, "orange": 5, "senators": 6, "one_each": 7}}


def new_game(tmp_path: Path, players: int, seed: int, bag: str = "app") -> Session:
    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": list(NAMES[:players]), "seed": seed, "oldest": seed % players,
        "settings": {**SETTINGS, "bag": bag}}}))
    assert session.engine is not None, session.notice
    return session


def counts_kept(session: Session) -> None:
    """The box's legions, the bag's tokens and the 12 reward tiles are all somewhere, once; gold and
    wheat lie with a player who has the most of them or is tied, or in the middle when nobody has any."""
    state = session.engine.state
    assert legions(state) == state.settings.legions_box
    assert sum(state.bag) + len(state.drawn) == SIZE
    assert sorted(state.middle + tuple(r for p in state.players for r in p.rewards)) == sorted(REWARDS)
    for resource in RESOURCES:
        counts = [resources(p, resource) for p in state.players]
        holder = state.holder(resource)
        if holder is None:
            assert resource in state.middle and (max(counts) == 0 or state.phase == "resolve")
        else:
            assert resource in state.player(holder).rewards
            assert counts[holder] == max(counts) > 0 or state.phase == "resolve"


def step(session: Session, rnd: random.Random, cards: AugustusPlayer) -> None:
    """One fact as the table gives it: an answer to the view's ask, a card's facts, or pad presses."""
    view = session.table_view().view
    ask, duty = view["ask"], view["duty"]
    if ask:
        session.handle(Intent(ask["intent"]["name"], {**ask["intent"]["args"], ask["field"]: rnd.choice(ask["options"])}))
        return
    if view["phase"] == "start" or (duty and duty["kind"] == "take"):
        seat = duty["seat"] if view["phase"] != "start" else rnd.choice(view["taking"])["seat"]
        number = rnd.choice([n for n in range(1, 89) if n not in view["seen"]])
        session.handle(Intent("take", {"seat": seat, "number": number, "card": cards._card(number, rnd)}))
        return
    if view["phase"] == "draw":
        seat = view["crier"]
    elif view["phase"] == "place":
        seat = rnd.choice([p["seat"] for p in view["players"] if p["can_place"]])
    else:
        seat = duty["seat"]
    for _ in range(rnd.randrange(4)):
        session.handle(Intent("seat_key", {"seat": seat, "key": rnd.choice(("plus", "minus"))}))
    before = session.engine.journal.last_step
    session.handle(Intent("seat_key", {"seat": seat, "key": "ok"}))
    assert session.engine.journal.last_step == before + 1, session.notice


def whole_game(tmp_path: Path, players: int, seed: int, bag: str = "app", undo_rate: float = 0.0) -> Session:
    session = new_game(tmp_path, players, seed, bag)
    rnd, cards = random.Random(seed), AugustusPlayer()
    for _ in range(4000):
        if session.table_view().finished:
            break
        if undo_rate and session.table_view().can_undo and rnd.random() < undo_rate:
            before = session.engine.state
            session.handle(Intent("undo"))
            counts_kept(session)
            session.handle(Intent("redo"))
            assert session.engine.state == before
        step(session, rnd, cards)
        counts_kept(session)
    assert session.table_view().finished, "the game ends by itself"
    return session


@pytest.mark.timeout(300)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_whole_game_ends_and_scores_by_itself(tmp_path, players):
    session = whole_game(tmp_path, players, seed=players)
    final = session.table_view().view["final"]
    state = session.engine.state
    assert max(len(p.controlled) for p in state.players) >= 7
    assert len(final["scores"]) == players and final["winners"]
    for score in final["scores"]:
        assert score["total"] == sum(line["points"] for line in score["lines"])
        assert all(line["rule"] for line in score["lines"])
    live, path = state, session.engine.journal.path
    session.shutdown()
    replayed = Engine(all_rules()["augustus"], Journal.open(path))
    assert replayed.state == live
    replayed.journal.close()


@pytest.mark.timeout(300)
def test_a_whole_game_from_the_physical_bag_with_undos(tmp_path):
    session = whole_game(tmp_path, 4, seed=11, bag="table", undo_rate=0.05)
    assert session.table_view().view["bag_source"] == "table"
    session.shutdown()


def test_the_bag_counts_survive_a_crash(tmp_path):
    import shutil

    session = new_game(tmp_path / "a", 3, seed=5)
    rnd, cards = random.Random(5), AugustusPlayer()
    for _ in range(60):
        step(session, rnd, cards)
    path = session.engine.journal.path
    crashed = tmp_path / "b" / "games"
    crashed.mkdir(parents=True)
    for file in path.parent.glob(path.name + "*"):
        shutil.copy2(file, crashed / file.name)
    other = Session(all_rules(), JournalStore(crashed.parent))
    other.resume(crashed / path.name)
    assert other.engine.state == session.engine.state
    counts_kept(other)
    other.shutdown()
    session.shutdown()
