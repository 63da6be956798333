"""Random legal action sequences (hypothesis): figures are conserved (Trajan 1.13: 15 figures per
player, the leader apart), the board stays consistent, every generated command is legal, and
`legal_actions` is exhaustive for forum, military, senate, construction and extra actions."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.properties import examples

from companion.core.errors import IllegalCommand
from companion.games.trajan import actions as A
from companion.games.trajan import board
from companion.games.trajan import rules_data as R
from companion.games.trajan.commands import Construction, ExtraAction, Forum, Military, Seaport, Senate
from companion.games.trajan.settings import DEFAULT, PROVINCES
from companion.games.trajan.state import PlayerState, TrajanState, TurnState

pytestmark = pytest.mark.timeout(60)

FIGURES = 15  # Trajan 1.13 / S000 p1: 15 figures per colour; the leader is a separate piece
FORUM_KINDS = tuple(DEFAULT.forum_tiles)
EXTRA_KINDS = tuple(f"extra_{a}" for a in R.ACTIONS)
PLAYABLE = ("seaport", "forum", "military", "senate", "construction")  # "trajan" is tiles.py's
RUN = settings(max_examples=examples(80), deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
APPLY = {"seaport": A.seaport, "forum": A.forum, "military": A.military, "senate": A.senate,
         "construction": A.construction}


@st.composite
def tables(draw) -> TrajanState:
    n = draw(st.integers(2, 4))
    tiles = st.sampled_from(FORUM_KINDS)
    players = []
    for seat in range(n):
        supply = draw(st.integers(0, 13))
        military_camp = draw(st.integers(0, 15 - supply))
        players.append(PlayerState(
            seat, f"P{seat}", R.COLOURS[seat], hand=draw(st.integers(0, 7)),
            forum=tuple(sorted(draw(st.lists(st.sampled_from(
                ("wild_commodity", "wild_extra", *EXTRA_KINDS, "demand_bread")), max_size=4)))),
            plus2=tuple(sorted(set(draw(st.lists(st.sampled_from(R.ACTIONS), max_size=2))))),
            supply=supply, military_camp=military_camp, workers_camp=15 - supply - military_camp,
        ))
    return TrajanState(
        phase="turn", players=tuple(players), senate_stack=tuple(range(n)),
        forum_display=tuple(sorted(draw(st.lists(tiles, min_size=0, max_size=R.FORUM_DISPLAY[n])))),
        extra_display=tuple(sorted(draw(st.lists(st.sampled_from(EXTRA_KINDS), max_size=3)))),
        province_tiles=tuple((p, draw(st.one_of(st.none(), tiles))) for p in PROVINCES),
        site=board.site_setup(draw(st.permutations(board.all_site_tiles()))),
    )


def figures(state: TrajanState, seat: int) -> int:
    p = state.player(seat)
    legion = sum(1 for _, owner in state.legionnaires if owner == seat)
    return p.supply + p.military_camp + p.workers_camp + legion + len(p.site_workers)


def tile_count(state: TrajanState) -> int:
    return (len(state.forum_display) + len(state.extra_display) + sum(t is not None for _, t in state.province_tiles)
            + sum(len(p.forum) for p in state.players))


def check(before: TrajanState, after: TrajanState) -> None:
    for seat in range(after.player_count):
        p, q = before.player(seat), after.player(seat)
        assert figures(after, seat) == FIGURES
        assert q.leader == board.CAMP or q.leader in PROVINCES
        assert q.vp >= p.vp and q.hand >= 0 and min(q.supply, q.military_camp, q.workers_camp) >= 0
        assert q.senate <= len(after.settings.senate_values)
    assert len(set(after.legionnaires)) == len(after.legionnaires)
    assert sorted(after.senate_stack) == list(range(after.player_count))
    for space, spot in enumerate(after.site):
        standing = tuple(s for s in range(after.player_count) if space in after.player(s).site_workers)
        assert spot.workers == standing and (spot.tile is None) == bool(standing)
    shown = {}
    for p in after.players:
        for card in p.display:
            shown[card] = shown.get(card, 0) + 1
    assert all(n <= 5 for n in shown.values()) and set(shown) <= set(R.COMMODITIES)
    taken = sorted(t for p in after.players for t in p.construction)
    assert len(taken) + sum(s.tile is not None for s in after.site) == 20 and len(set(taken)) == len(taken)


def wilds_used(command) -> int:
    return command.cards.count(A.WILD) if isinstance(command, Seaport) else 0


def act(state: TrajanState, seat: int, command) -> TrajanState:
    """Apply twice: the rules module calls each function in decide and in apply, same answer."""
    kind = {Seaport: "seaport", Forum: "forum", Military: "military", Senate: "senate",
            Construction: "construction"}[type(command)]
    after = APPLY[kind](state, seat, command)
    assert APPLY[kind](state, seat, command) == after
    check(state, after)
    return after


@RUN
@given(tables(), st.data())
def test_random_legal_sequences_conserve_figures_and_tiles(state, data):
    start_tiles = tile_count(state)
    discarded = 0
    for step in range(data.draw(st.integers(5, 40), label="steps")):
        seat = step % state.player_count
        action = data.draw(st.sampled_from(PLAYABLE), label="action")
        state = dataclasses.replace(state, turn=TurnState(tray=R.ACTIONS.index(action)))
        choices = A.legal_actions(state, seat, action)
        if not choices:
            continue
        command = data.draw(st.sampled_from(choices), label="command")
        state, discarded = act(state, seat, command), discarded + wilds_used(command)
        state = dataclasses.replace(state, turn=dataclasses.replace(state.turn, acted=True))
        extras = A.legal_actions(state, seat, "extra")
        if extras and data.draw(st.booleans(), label="extra"):
            state = A.extra_action(state, seat, data.draw(st.sampled_from(extras), label="tile"))
            discarded += 1
        while state.turn.pending_actions:
            bonus = state.turn.pending_actions[0]
            state = A.take_pending(state, bonus)
            choices = A.legal_actions(state, seat, bonus) if bonus in APPLY else []
            if choices:
                command = data.draw(st.sampled_from(choices), label="bonus")
                state, discarded = act(state, seat, command), discarded + wilds_used(command)
        assert tile_count(state) + discarded == start_tiles


def universe(state: TrajanState):
    places = (None, board.CAMP, "gallia", *PROVINCES)
    yield "forum", [Forum(t, x) for t in (*FORUM_KINDS, "nothing") for x in (False, True)]
    yield "military", [Military(k, p) for k in ("recruit", "move", "legionnaire", "march") for p in places]
    yield "senate", [Senate()]
    yield "construction", [Construction(k, s) for k in ("recruit", "worker", "build") for s in (None, -1, 20, *range(20))]
    yield "extra", [ExtraAction(a, t) for a in R.ACTIONS for t in ("wild_extra", *EXTRA_KINDS)]


def legal(function, state, seat, command) -> bool:
    try:
        function(state, seat, command)
    except IllegalCommand:
        return False
    return True


@RUN
@given(tables(), st.data())
def test_legal_actions_is_exhaustive(state, data):
    for step in range(data.draw(st.integers(0, 25), label="steps")):
        seat = step % state.player_count
        action = data.draw(st.sampled_from(PLAYABLE), label="action")
        choices = A.legal_actions(state, seat, action)
        if choices:
            state = act(state, seat, data.draw(st.sampled_from(choices), label="command"))
    state = dataclasses.replace(state, turn=TurnState(
        tray=data.draw(st.integers(0, 5), label="tray"), acted=data.draw(st.booleans(), label="acted"),
        extra_used=data.draw(st.booleans(), label="used")))
    functions = {**APPLY, "extra": A.extra_action}
    for seat in range(state.player_count):
        for kind, commands in universe(state):
            listed = A.legal_actions(state, seat, kind)
            assert len(set(listed)) == len(listed)
            for command in commands:
                ok = legal(functions[kind], state, seat, command)
                if isinstance(command, Military) and command.kind == "legionnaire" and command.province is None:
                    command = Military("legionnaire", state.player(seat).leader)  # the leader's province, implied
                assert ok == (command in listed), (kind, command, ok)
