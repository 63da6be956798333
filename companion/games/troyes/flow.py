"""The round's structure (S004's six phases): which phase the table waits in, and the steps the
rules take by themselves — grey citizens after the starting placement, income and wages, the
queue's events, the round's end, the final scoring — each an event of the step that reached it."""

from __future__ import annotations

from companion.core.events import Event
from companion.core.values import evolve
from companion.games.troyes import events as e
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import activity, buildings, eventqueue, lasting, reads, setup
from companion.games.troyes.state import TRANSIENT, TroyesState, penalty


def settle(state: TroyesState) -> TroyesState:
    """Leaves a phase with nothing to wait for: no card left to turn up, no event card left to
    draw, no dice left in the square for the actions. (The dice phase is left by its last throw, and
    skipped by the income when no district has dice.)"""
    if state.phase == "reveal" and not activity.to_reveal(state):
        state = evolve(state, phase="income")
    if state.phase == "event_draw" and not eventqueue.options(state):
        state = evolve(state, phase="events")  # a deck the table's data has emptied: nothing to draw
    if state.phase == "actions" and not state.square:
        state = evolve(state, phase="round_end")
    return state


def is_transient(state: TroyesState) -> bool:
    return state.phase in TRANSIENT


def next_event(state: TroyesState) -> Event:
    """The rules' own step from a transient phase, with what it computed."""
    if state.phase == "neutrals":
        return e.NeutralsPlaced(setup.free_spaces(state))
    if state.phase == "income":
        rows = []
        for p in state.players:
            due = buildings.wages(state, p.seat)
            available = p.deniers + lasting.income(state)
            rows.append((p.seat, due, min(due, available), due > available))
        return e.IncomePaid(state.round, tuple(rows))
    if state.phase == "events":
        black, rows = eventqueue.trigger(state)
        return e.EventsTriggered(state.round, black, rows)
    if state.phase == "round_end":
        return e.RoundEnded(state.round, tuple(p.district for p in state.players))
    if state.phase == "final":
        from companion.games.troyes.scoring import final_summary

        return e.GameEnded(final_summary(state))
    raise ValueError(f"phase {state.phase!r} waits for the table")


def income(state: TroyesState, event: e.IncomePaid) -> TroyesState:
    """Digest 2.2 phase 1: 10 deniers (or what an event in force makes it), then wages as far as
    they go; short, a flat −2 VP (2.6.2)."""
    for seat, _due, paid, short in event.rows:
        player = state.player(seat)
        player = evolve(player, deniers=player.deniers + lasting.income(state) - paid)
        state = state.with_player(penalty(player) if short else player)
    state = evolve(state, phase="dice", thrown=())
    return settle(state if reads.pending(state) else evolve(state, phase="event_draw"))


def round_end(state: TroyesState, event: e.RoundEnded) -> TroyesState:
    """S004 六: deniers from the districts, expelled citizens back to their owners' supply (grey ones
    to the general supply), unused dice back, the start player card to the left."""
    players = []
    for p, collected in zip(state.players, event.collected):
        back = sum(lying.count(p.seat) for lying in state.expelled)
        players.append(evolve(p, deniers=p.deniers + collected, district=0, passed=False, supply=p.supply + back))
    last = state.round >= state.rounds
    start = (state.start_player + 1) % state.player_count
    state = evolve(state, players=tuple(players), expelled=((),) * len(R.BUILDINGS),
                   protected=((),) * len(R.BUILDINGS), square=(), thrown=(), drawn=(), black=(), black_due=0,
                   reroll=None)
    if last:
        return evolve(state, phase="final")
    return settle(evolve(state, round=state.round + 1, start_player=start, current=start, phase="reveal"))


def apply_follow_up(state: TroyesState, event: Event) -> TroyesState:
    if isinstance(event, e.NeutralsPlaced):
        return settle(setup.place_neutrals(state, event.spaces))
    if isinstance(event, e.IncomePaid):
        return income(state, event)
    if isinstance(event, e.EventsTriggered):
        return settle(eventqueue.apply_trigger(state, event.black, event.rows))
    if isinstance(event, e.RoundEnded):
        return round_end(state, event)
    if isinstance(event, e.GameEnded):
        return evolve(state, phase="over", final=event.final)
    raise TypeError(f"not a follow-up: {event!r}")
