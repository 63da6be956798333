"""Completions (augustus.md §4.2, §4.6; S002 「完成一個目標」, 「當多位玩家同時宣布凱薩萬歲」).

When a call closes, every completed objective waits (`pending`), immune to attacks, and they
resolve one by one in ascending number. A resolution is S002's five steps: 1 the legions back to
the supply, 2 the power, 3 the card to the controlled area, 4 the rewards, 5 a new objective
from the five face up. A power that completes another of the same player's objectives resolves
it at once, before the next player (§4.6.2: a chain). Steps the rules leave no choice about are
taken by themselves; a choice (a victim's loss, a mobilisation, the number reward, the new card)
is a `Duty` the next command answers. The draw closes when every resolution is done: the end is
judged then (§4.4, §4.7.3).
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.augustus.parts import placing, rewards
from companion.games.augustus.parts.bag import FULL, JOKER
from companion.games.augustus.state import CHOICE_DUTIES, AugustusState, Duty, Objective

RULE = "Augustus 4.2 completion"
POWER_RULE = "Augustus 4.6 powers"
END_RULE = "Augustus 4.4 end"
#: S002: the game ends at the close of the draw in which someone holds this many controlled objectives.
OBJECTIVES_TO_END = 7


def others(state: AugustusState, seat: int) -> tuple[int, ...]:
    """Every other seat, clockwise from the left of `seat`."""
    n = state.player_count
    return tuple((seat + k) % n for k in range(1, n))


def clearable(state: AugustusState, seat: int) -> tuple[int, ...]:
    """The objectives a clearing power can reach: in play, with legions, not waiting to resolve."""
    return tuple(o.card.number for o in state.player(seat).objectives
                 if o.count and not state.is_pending(o.card.number))


def waiting(state: AugustusState, seat: int | None, *kinds: str) -> Duty:
    """The choice the resolution waits for, if it is `seat`'s and of one of `kinds`; else refused."""
    duty = state.duty
    if state.phase != "resolve" or duty is None or duty.kind not in kinds or duty.seat != seat:
        raise IllegalCommand(RULE, "That is not the step the table waits for now.")
    return duty


def check_lose(state: AugustusState, seat: int, number: int) -> None:
    if all(card.number != number for card in state.player(seat).controlled):
        raise IllegalCommand(POWER_RULE, "{name} controls no objective {number}.", name=state.player(seat).name,
                             number=number)


def check_clear(state: AugustusState, seat: int, number: int) -> None:
    if number not in clearable(state, seat):
        raise IllegalCommand(POWER_RULE, "Objective {number} is not one of {name}'s with legions that a power can "
                             "reach.", number=number, name=state.player(seat).name)


def lose(state: AugustusState, seat: int, number: int) -> AugustusState:
    """The controlled objective leaves the game; rewards stay (§4.6.1) and so do legions a power
    gave (§4.6.3)."""
    player = state.player(seat)
    return state.with_player(evolve(player, controlled=tuple(c for c in player.controlled if c.number != number)))


def clear(state: AugustusState, seat: int, number: int) -> AugustusState:
    player = state.player(seat)
    objective = player.objective(number)
    assert objective is not None
    player = evolve(player, supply=player.supply + objective.count)
    return state.with_player(player.with_objective(Objective(objective.card, (False,) * len(objective.legions))))


def _power(state: AugustusState, seat: int, number: int) -> tuple[AugustusState, tuple[Duty, ...]]:
    """S002 step 2: an immediate power acts now (an end-game one counts at the final scoring)."""
    card = state.player(seat).objective(number).card  # type: ignore[union-attr]
    power = card.power
    if power is None or power.at_end:
        return state, ()
    if power.kind == "legions":
        given = min(power.amount, state.reserve)
        player = state.player(seat)
        state = state.with_player(evolve(player, supply=player.supply + given, gained=player.gained + given))
        return evolve(state, reserve=state.reserve - given), ()
    if power.kind == "mobilise":
        return state, (Duty("mobilise", seat, power.amount, power.of),)
    duties: list[Duty] = []
    for victim in others(state, seat):
        if power.kind == "remove_objective":
            held = state.player(victim).controlled
            if len(held) == 1:
                state = lose(state, victim, held[0].number)
            elif held:
                duties.append(Duty("lose", victim))
        else:
            reachable = clearable(state, victim)
            if len(reachable) == 1:
                state = clear(state, victim, reachable[0])
            elif reachable:
                duties.append(Duty("clear", victim))
    if power.kind == "remove_objective":
        duties.append(Duty("recheck"))  # §4.7.4: everyone removes first, then gold and wheat once
    return state, tuple(duties)


def begin(state: AugustusState, seat: int, number: int) -> AugustusState:
    """One completion starts resolving: its legions back (step 1), its power (2); the card goes to
    the controlled area (3) and the chain is looked at when the power's choices are made."""
    player = state.player(seat)
    objective = player.objective(number)
    assert objective is not None
    state, duties = _power(state, seat, number)
    player = state.player(seat)
    player = evolve(player, supply=player.supply + objective.count,
                    objectives=tuple(o for o in player.objectives if o.card.number != number))
    state = state.with_player(player)
    steps = duties + (Duty("control", seat, card=objective.card), Duty("chain", seat))
    return evolve(state, resolving=seat, pending=tuple(p for p in state.pending if p[0] != number),
                  duties=steps + state.duties)


def start_next(state: AugustusState) -> AugustusState:
    """The lowest-numbered completion still waiting resolves next; none left: the draw closes."""
    if not state.pending:
        return close_draw(state)
    number, seat = state.pending[0]
    return advance(begin(evolve(state, phase="resolve", chain=()), seat, number))


def _step(state: AugustusState, duty: Duty) -> AugustusState:
    """One automatic step of a resolution."""
    seat = duty.seat
    if duty.kind == "control":
        player = state.player(seat)  # type: ignore[arg-type]
        state = state.with_player(evolve(player, controlled=player.controlled + (duty.card,)))
        state = evolve(state, chain=state.chain + (duty.card.number,))  # type: ignore[union-attr]
        state = rewards.colour_rewards(rewards.after_gain(state, seat, duty.card), seat)  # type: ignore[arg-type]
        if len(state.player(seat).controlled) >= OBJECTIVES_TO_END:  # type: ignore[arg-type]
            state = evolve(state, reached=True)
        if state.settings.number_offer == "each":
            state = _offer(state, seat)  # type: ignore[arg-type]
        return state
    if duty.kind == "chain":
        done = [o.card.number for o in state.player(seat).objectives if o.is_complete]  # type: ignore[arg-type]
        if done:  # §4.6.2: completed through its own power, resolved before the next player
            return begin(state, seat, min(done))  # type: ignore[arg-type]
        state = evolve(state, duties=(Duty("take", seat, len(state.chain)), Duty("next")) + state.duties)
        if state.settings.number_offer == "final":
            state = _offer(state, seat)  # type: ignore[arg-type]  # before the new card (S002 steps 4, 5)
        return state
    if duty.kind == "recheck":
        state, gives = rewards.after_loss(state)
        return evolve(state, duties=gives + state.duties)
    if duty.kind == "next":
        return start_next(evolve(state, resolving=None, chain=()))
    raise ValueError(f"not an automatic step: {duty.kind}")


def _offer(state: AugustusState, seat: int) -> AugustusState:
    reward = rewards.number_offer(state, seat)
    if reward is None:
        return state
    return evolve(state, duties=(Duty("number", seat, of=reward),) + state.duties)


def advance(state: AugustusState) -> AugustusState:
    """Takes every automatic step until a choice waits (or the draw has closed). A mobilisation
    with nowhere to go is no choice, so it is passed by itself."""
    while state.phase == "resolve" and state.duties:
        duty = state.duties[0]
        if duty.kind == "mobilise" and (duty.amount <= 0 or not placing.can_place(state, duty.seat, duty.of)):  # type: ignore[arg-type]
            state = evolve(state, duties=state.duties[1:])
            continue
        if duty.kind in CHOICE_DUTIES:
            return state
        state = _step(evolve(state, duties=state.duties[1:]), duty)
    return state


def done(state: AugustusState) -> AugustusState:
    """The head choice is made: on to the next step."""
    return advance(evolve(state, duties=state.duties[1:]))


def close_call(state: AugustusState) -> AugustusState:
    """Every seat has placed or passed: the completions wait in number order (S002) and resolve."""
    return start_next(evolve(state, pending=placing.completions(state)))


def is_end(state: AugustusState) -> bool:
    """§4.4 (C: S002 「如果在該輪結束時一位玩家有7個控制目標」), judged at the close of the draw
    (§4.7.3); the setting `end_check` "reached" also ends a draw in which someone reached 7."""
    if any(len(p.controlled) >= OBJECTIVES_TO_END for p in state.players):
        return True
    return state.settings.end_check == "reached" and state.reached


def close_draw(state: AugustusState) -> AugustusState:
    """The draw is over: the end, or the next draw (after a joker, every drawn token back in the
    bag and the crier's left the new crier: S002 「百搭指示物」)."""
    state = evolve(state, pending=(), duties=(), resolving=None, chain=(), acted=())
    if is_end(state):
        from companion.games.augustus.scoring import unknown_values, finish

        missing = unknown_values(state)
        if missing:
            return evolve(state, phase="values", duties=tuple(Duty("value", None, of=r) for r in missing))
        return finish(state)
    if state.token == JOKER:
        state = evolve(state, bag=FULL, drawn=(), crier=(state.crier + 1) % state.player_count)
    return evolve(state, phase="draw", token=None, reached=False)
