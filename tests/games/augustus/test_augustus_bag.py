"""The bag of 23 (§4.1): the app's seeded draws, journaled; or the physical bag's tokens asked of
the crier, impossible draws refused naming the rule."""

from __future__ import annotations

import pytest

from companion.core.asks import AnswerNeeded
from companion.games.augustus.parts.bag import COUNTS, FULL, SIZE, TOKENS
from companion.games.augustus.rules import AUGUSTUS
from augustus_helpers import call, card, decide, game, hand, play, refused


def test_the_bag_holds_the_twenty_three_tokens_of_s002():
    assert dict(zip(TOKENS, COUNTS)) == {"swords": 6, "shield": 5, "chariot": 4, "catapult": 3, "standard": 2,
                                          "dagger": 1, "joker": 2}
    assert SIZE == 23


def test_the_physical_bag_asks_the_table_for_a_token_still_in_it():
    state = game([hand(0), hand(1)])
    state = call(state, "dagger")
    with pytest.raises(AnswerNeeded) as asked:
        decide(state, "draw")
    ask = asked.value.ask
    # the table's question (docs/game-kit.md: a token is `who` None), naming the crier and the bag
    assert ask.kind == "augustus.token" and ask.field == "token" and ask.who is None and not ask.is_for_pad
    assert ask.about["crier"] == 0 and ask.about["bag"]["dagger"] == 0 and ask.about["bag"]["shield"] == 5
    assert AUGUSTUS.asks(state)[0] == ask, "a standing ask: the state waits for it"
    assert "dagger" not in ask.options and set(ask.options) == set(TOKENS) - {"dagger"}
    assert AUGUSTUS.view(state)["ask"]["options"] == list(ask.options)


def test_a_sixth_shield_is_refused_naming_the_bag():
    state = game([hand(0), hand(1)])
    for _ in range(5):
        state = call(state, "shield")
    error = refused(state, "draw", token="shield")
    assert error.rule == "Augustus 4.1 bag" and error.params == {"token": "shield", "count": 5}
    assert refused(state, "draw", token="eagle").rule == "Augustus 4.1 bag"
    assert refused(state, "draw", token=7).rule == "Augustus input"


def test_the_dagger_cannot_be_drawn_twice_before_a_joker():
    state = game([hand(0), hand(1)])
    state = call(state, "dagger")
    assert refused(state, "draw", token="dagger").params["count"] == 1
    state = call(state, "joker")
    state = call(state, "dagger")  # back in the bag after the joker
    assert state.drawn == ("dagger",)


def test_the_app_draws_from_its_seeded_bag_and_journals_the_token():
    def tokens(seed):
        state = game([hand(0), hand(1)], bag="app", seed=seed)
        out = []
        for _ in range(30):
            events = decide(state, "draw")
            out.append(events[0].detail["token"])
            for event in events:
                state = AUGUSTUS.apply(state, event)
            for seat in range(2):
                if state.phase == "place" and not state.acted[seat]:
                    state = play(state, "skip", seat=seat)
            assert sum(state.bag) + len(state.drawn) == SIZE
        return out

    first = tokens(7)
    assert first == tokens(7) and first != tokens(8) and set(first) <= set(TOKENS)
    assert len(set(first)) > 3


def test_the_app_bag_refuses_an_entered_token():
    state = game([hand(0), hand(1)], bag="app")
    assert refused(state, "draw", token="shield").rule == "Augustus 4.1 bag"


def test_the_app_bag_never_runs_out_a_joker_refills_it():
    state = game([hand(0), hand(1)], bag="app")
    for _ in range(200):
        state = play(state, "draw")
        for seat in range(2):
            if state.phase == "place" and not state.acted[seat]:
                state = play(state, "skip", seat=seat)
        if state.drawn == ():
            assert state.bag == FULL
        assert all(n >= 0 for n in state.bag) and sum(state.bag) + len(state.drawn) == SIZE


def test_undoing_a_draw_of_the_app_bag_does_not_draw_again(tmp_path):
    """DESIGN: no undo of randomness. The generator lives in the state: a call undone and drawn
    again is the same token (the table cannot undo its way to a better one)."""
    from companion.core.store import JournalStore
    from companion.games import all_rules
    from companion.session import Intent, Session

    session = Session(all_rules(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "augustus", "setup": {"players": ["Ann", "Bo"], "seed": 9,
                                                                       "cards": [card(n) for n in range(1, 7)]}}))
    for seat in (0, 1):
        for number in range(1 + 3 * seat, 4 + 3 * seat):
            session.handle(Intent("take", {"seat": seat, "number": number}))
    tokens = []
    for _ in range(3):
        session.handle(Intent("draw", {}))
        tokens.append(session.table_view().view["token"] or session.table_view().view["drawn"][-1])
        session.handle(Intent("undo"))
    assert len(set(tokens)) == 1 and sum(session.engine.state.bag) == 23
    session.shutdown()
