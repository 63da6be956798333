"""The event queue (S004 四, 行动三): the round's two new events, each round's effects (the raid
first, then left to right), cubes placed with dice, and the majority prizes when an event is full."""

from __future__ import annotations

from collections import Counter

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.catalog import EventCard
from companion.games.troyes.state import EventState, TroyesState, gain, penalty

RULE = "Troyes 2.2 events"
COMBAT_RULE = "Troyes 2.3 event combat"
DRAW_ASK = "troyes.event_drawn"


def deck_of_next(state: TroyesState) -> tuple[str, ...]:
    """The deck(s) the next event of the round comes from: red first, then the one its mark names
    (S004 四); when that deck is spent, the other of white and yellow."""
    if not state.drawn:
        return ("red",)
    marked = state.catalog.events[state.drawn[0]].next or "white"
    other = "yellow" if marked == "white" else "white"
    return (marked,) if available(state, marked) else (other,)


def available(state: TroyesState, deck: str) -> tuple[str, ...]:
    return tuple(sorted(e.id for e in state.catalog.events.values() if e.deck == deck and e.id not in state.seen))


def options(state: TroyesState) -> tuple[str, ...]:
    return tuple(eid for deck in deck_of_next(state) for eid in available(state, deck))


def entering(card: EventCard, round_: int = 0) -> EventState:
    """An event as it enters (in round `round_`): its grey cubes on its first flags (digest 2.3:
    neutral cubes compete)."""
    return EventState(card.id, (R.NEUTRAL,) * card.neutral, round_)


def draw(state: TroyesState, event_id: str) -> TroyesState:
    if state.phase != "event_draw":
        raise IllegalCommand(RULE, "No event card is being drawn now.")
    if event_id not in options(state):
        deck = deck_of_next(state)[0]
        raise IllegalCommand(RULE, "Draw a {deck} event card still in its deck.", deck=deck)
    card = state.catalog.events[event_id]
    drawn = state.drawn + (event_id,)
    return evolve(state, queue=state.queue + (entering(card, state.round),), seen=state.seen + (event_id,), drawn=drawn,
                  phase="event_draw" if len(drawn) < 2 else "events")


def trigger(state: TroyesState) -> tuple[int, tuple[tuple[str, int, tuple[tuple[int, int, int, bool], ...]], ...]]:
    """S004 四: the raid first, then the queue left to right: a military event's black dice, another
    event's payment by every player as far as they can, short of it losing 2 VP (not below 0)."""
    black, rows = 0, []
    for event in (state.raid, *state.queue):
        card = state.catalog.event(event.id)
        black += card.military
        payments = []
        if card.effect is not None:
            pay = card.effect["pay"]
            for player in state.players:
                deniers = min(player.deniers, pay.get("deniers", 0))
                influence = min(player.influence, pay.get("influence", 0))
                short = deniers < pay.get("deniers", 0) or influence < pay.get("influence", 0)
                payments.append((player.seat, deniers, influence, short))
        rows.append((event.id, card.military, tuple(payments)))
    return black, tuple(rows)


def apply_trigger(state: TroyesState, black: int, rows) -> TroyesState:
    for _event, _black, payments in rows:
        for seat, deniers, influence, short in payments:
            player = gain(state.player(seat), deniers=-deniers, influence=-influence)
            state = state.with_player(penalty(player) if short else player)
    phase = "black_throw" if black else "actions"
    return evolve(state, black_due=black, phase=phase, current=state.start_player)


def find(state: TroyesState, event_id: str) -> EventState:
    if event_id == state.raid.id:
        return state.raid
    for event in state.queue:
        if event.id == event_id:
            return event
    known = event_id in state.catalog.events
    raise IllegalCommand(COMBAT_RULE, "The event '{event}' is not in the queue.",
                         event=state.catalog.event(event_id).name if known else event_id, event_id=event_id)


def prizes(cubes: tuple[int, ...], first: int, second: int, neutral_participant: bool = True) -> tuple[dict[int, int], int | None]:
    """S004 行动三 (digest 2.3, 2.6.8): VP per participant of a full event and who takes the card.

    Most cubes: the first prize; a tie for first shares first + second, rounded down, and nobody else
    scores; a sole participant takes both; second most: the second prize, a tie sharing it rounded
    down. Grey cubes are a participant (2.8.5): a share that falls to them is lost. The card goes
    to most cubes, a tie to whoever placed a cube on it first; to grey, it is discarded (None)."""
    counted = [o for o in cubes if neutral_participant or o != R.NEUTRAL]
    counts = Counter(counted)
    out: dict[int, int] = {}
    if not counts:
        return out, None
    ranked = sorted(counts.items(), key=lambda item: -item[1])
    top = ranked[0][1]
    tied = [o for o, n in ranked if n == top]
    if len(counts) == 1:
        out[tied[0]] = first + second
    elif len(tied) > 1:
        for owner in tied:
            out[owner] = (first + second) // len(tied)
    else:
        out[tied[0]] = first
        runner = ranked[1][1]
        seconds = [o for o, n in ranked if n == runner]
        for owner in seconds:
            out[owner] = second // len(seconds)
    taker = min(tied, key=counted.index)
    out.pop(R.NEUTRAL, None)
    return out, None if taker == R.NEUTRAL else taker


def place_cubes(state: TroyesState, seat: int, event_id: str, cubes: int) -> TroyesState:
    """S004 行动三: cubes on the event's free flags, +1 influence each; cubes beyond its free flags
    are not placed and give nothing (digest 2.8.6; the setting "refused" refuses such an action).
    A full event is resolved at once (`resolve`)."""
    event = find(state, event_id)
    card = state.catalog.event(event_id)
    free = card.flags - len(event.cubes)
    if cubes > free and state.settings.excess_cubes == "refused":
        raise IllegalCommand(COMBAT_RULE, "Those dice place {cubes} cubes, but the event has {free} free flags.",
                             cubes=cubes, free=free)
    placed = min(cubes, free)
    state = state.with_player(gain(state.player(seat), influence=R.INFLUENCE_PER_EVENT_CUBE * placed))
    event = evolve(event, cubes=event.cubes + (seat,) * placed)
    if len(event.cubes) >= card.flags:
        return resolve(state, event, card)
    return _put(state, event)


def _put(state: TroyesState, event: EventState) -> TroyesState:
    if event.id == state.raid.id:
        return evolve(state, raid=event)
    return evolve(state, queue=tuple(event if e.id == event.id else e for e in state.queue))


def resolve(state: TroyesState, event: EventState, card: EventCard) -> TroyesState:
    """A full event: prizes, cubes back to their owners, the card to its taker; the queue closes
    up (S004: the cards to its right slide left). The raid stays, cleared, for cubes again."""
    won, taker = prizes(event.cubes, card.prizes[0], card.prizes[1], state.settings.neutral_participant)
    for seat, vp in won.items():
        state = state.with_player(gain(state.player(seat), vp=vp))
    if event.id == state.raid.id:
        return evolve(state, raid=entering(card))
    if taker is not None:
        player = state.player(taker)
        state = state.with_player(evolve(player, events_won=player.events_won + (event.id,)))
    return evolve(state, queue=tuple(e for e in state.queue if e.id != event.id))
