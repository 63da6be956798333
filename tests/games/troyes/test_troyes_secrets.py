"""Hidden VP by construction (digest 2.1: VP are kept hidden; issue 20): no VP total and no character
card reaches a public view, a notice, the history, a log line, `companion replay` (text or JSON, the
export) before the final reveal; each seat's view adds only its own.

The property is checked as invariance: at every step of random whole games the public view is the
same whatever the players' VP and characters are (they are scrambled to seven-digit markers and
other cards), and the public texts hold no character card dealt and no VP field."""

from __future__ import annotations

import json
import logging
import re
import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

from tests.properties import examples

from companion.core.store import JournalStore
from companion.core.values import evolve
from companion.games import all_rules
from companion.games.troyes.rules import TROYES
from companion.replay import run
from companion.session import Intent, Session
from tests.conformance.players import PLAYERS


def scrambled(state, rnd: random.Random):
    """The same table with every secret changed: VP to markers, characters to other cards."""
    ids = sorted(state.catalog.characters)
    players = []
    for p in state.players:
        others = [c for c in ids if c not in p.characters] or ids
        players.append(evolve(p, vp=rnd.randint(4_800_000, 4_899_999),
                              characters=tuple(sorted(rnd.sample(others, len(p.characters))))))
    return evolve(state, players=tuple(players))


def keys(value, found=None):
    found = set() if found is None else found
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(k)
            keys(v, found)
    elif isinstance(value, (list, tuple)):
        for v in value:
            keys(v, found)
    return found


def hidden_text(view) -> str:
    """The public view without the box's list of character cards (which names every card, held or not):
    `characters_in_game`, and the characters ask's options and names (every set a seat may hold, the
    same for every seat: the invariance check in `check_public` shows they tell nothing)."""
    out = {k: v for k, v in view.items() if k != "characters_in_game"}
    ask = out.get("ask")
    if isinstance(ask, dict) and ask.get("kind") == "troyes.characters":
        out["ask"] = {**ask, "options": [], "about": {k: v for k, v in ask["about"].items() if k != "names"}}
    return json.dumps(out, default=str)


def check_public(session: Session, rnd: random.Random, with_history: bool) -> None:
    state = session.engine.state
    public = session.table_view().view
    assert TROYES.view(scrambled(state, rnd)) == public, "the public view depends on a secret"
    held = {c for p in state.players for c in p.characters}
    history = json.dumps([entry.events for entry in session.history()], default=str) if with_history else ""
    notice = session.notice.text if session.notice else ""
    for text in (hidden_text(public), history, notice):
        assert not any(c in text for c in held), "a character card is public before the end"
    assert not {"vp", "characters", "score", "total"} & keys(public["players"]) and public["final"] is None
    assert not {"me", "vp", "score"} & set(public) and "final" not in history
    for seat in range(state.player_count):
        mine = TROYES.view(state, seat)
        assert mine["me"]["vp"] == state.player(seat).vp
        assert {c["id"] for c in mine["me"]["characters"]} == set(state.player(seat).characters)
        assert {k: v for k, v in mine.items() if k != "me"} == public


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1))
def test_no_vp_total_or_character_is_public_before_the_final_reveal(seed, caplog):
    caplog.set_level(logging.DEBUG)
    rnd = random.Random(seed)
    player = PLAYERS["troyes"]()
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(all_rules(), JournalStore(Path(tmp)))
        session.handle(Intent("new_game", {"game": "troyes", "setup": player.setup(rnd)}))
        replayed_midway = False
        for step in range(1500):
            table = session.table_view()
            if table.finished:
                break
            session.handle(player.next_intent(table.view, rnd))
            if not session.table_view().finished:
                check_public(session, rnd, with_history=step % 15 == 0)
            if step == 60 and not session.table_view().finished:
                held = {c for p in session.engine.state.players for c in p.characters}
                path = session.engine.journal.path
                for as_json in (False, True):
                    out = _replay(path, as_json)
                    view = json.loads(out)["view"] if as_json else None
                    text = hidden_text(view) if as_json else out
                    assert not any(c in text for c in held) and "VP" not in text.replace("VP tokens", "")
                replayed_midway = True
        state = session.engine.state
        assert session.table_view().finished and replayed_midway
        assert not any(c in caplog.text for p in state.players for c in p.characters)
        final = session.table_view().view["final"]
        assert [p["total"] for p in final["players"]] and all(p["characters"] for p in final["players"])
        session.shutdown()


def _replay(path: Path, as_json: bool) -> str:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert run(str(path), as_json, all_rules()) == 0
    return out.getvalue()


def test_a_state_or_event_in_a_log_shows_no_vp_or_character():
    from troyes_helpers import set_up

    state = set_up(2)
    text = repr(state) + repr(TROYES.decide(TROYES.initial_state(), TROYES.parse_command(
        "setup", {"players": ["Ann", "Bo"], "seed": 7, "start_player": 0})))
    # (the set-up event's card data names every character of the box; who holds which is the secret)
    assert not re.search(r"(?<!_)vp=", text) and "characters=" not in text


def test_characters_entered_on_each_pad_stay_on_that_pad(caplog):
    """Set up with each seat entering its own character cards (no dealing): every seat is asked on its
    own pad at once (a secret ask), steps with − / + through the sets it may hold and locks one with
    OK. While they choose, what a pad shows is in that seat's view only: the public view (the same
    whatever anyone chose), the notice, the history and the log name no card anyone holds; the
    shared screen's ask for the characters is answered by no pad but that seat's."""
    from hardware.facts import ButtonPressed
    from companion.ui.troyes.presenters import TroyesPresenter

    caplog.set_level(logging.DEBUG)
    rnd = random.Random(4)
    with tempfile.TemporaryDirectory() as tmp:
        session = Session(all_rules(), JournalStore(Path(tmp)))
        session.handle(Intent("new_game", {"game": "troyes", "setup": {
            "players": ["Ann", "Bo", "Cy"], "seed": 11, "deal_characters": False}}))
        table = session.table_view()
        assert table.view["phase"] == "characters"
        assert sorted(a.who for a in table.asks) == [0, 1, 2] and all(a.secret and a.is_for_pad for a in table.asks)
        presses = {0: ["plus", "plus", "ok"], 1: ["ok"], 2: ["plus", "plus", "plus", "plus", "ok"]}
        chosen = {}
        names = session.engine.state.catalog.characters
        for seat in (2, 0, 1):
            for key in presses[seat]:
                before = session.table_view().view
                if key == "ok":
                    answering = session.seat_view(seat)["answering"]
                    chosen[seat] = answering["value"]
                    shown = TroyesPresenter().answer_screen(session.seat_view(seat), seat, answering)
                    assert shown.result[1] == "> " + " + ".join(names[c].name for c in chosen[seat])
                session.handle(ButtonPressed(seat, key))
                assert session.notice is None or session.notice.level != "refused", session.notice
                if key != "ok":
                    assert session.table_view().view == before, "a pad's choosing changed the shared screen"
                if session.engine.state.phase == "characters":
                    check_public(session, rnd, with_history=True)
        state = session.engine.state
        assert state.phase != "characters"
        assert {s: state.player(s).characters for s in (0, 1, 2)} == {s: tuple(v) for s, v in chosen.items()}
        assert len(set(chosen.values())) == 3, "each pad locked the set it showed"
        held = {c for p in state.players for c in p.characters}
        history = json.dumps([entry.events for entry in session.history()], default=str)
        assert not any(c in history for c in held) and not any(c in caplog.text for c in held)
        for seat in (0, 1, 2):
            mine = session.seat_view(seat)["me"]
            assert {c["id"] for c in mine["characters"]} == set(chosen[seat])
        session.shutdown()
