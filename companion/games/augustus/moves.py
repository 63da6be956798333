"""Each move run through the rules: `run(state, command)` is both the check (`decide` folds the
step and whatever it refuses is refused) and the fold (`apply`), so a replay never disagrees with
what was allowed."""

from __future__ import annotations

from typing import Callable

from companion.core.asks import AnswerNeeded, Ask
from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.augustus import commands as c
from companion.games.augustus.parts import bag, placing, resolution, rewards
from companion.games.augustus.parts.cards import RULE as CARD_RULE
from companion.games.augustus.parts.cards import FACE_UP, SHAPE, Card, card_data, check_card, check_new
from companion.games.augustus.scoring import finish
from companion.games.augustus.settings import REWARDS
from companion.games.augustus.state import AugustusState, Objective

TURN = "Augustus 4.2 play"
FACE_UP_RULE = "Augustus 4.1 face-up objectives"
TOKEN_ASK = "augustus.token"
CARD_ASK = "augustus.card"
VALUE_ASK = "augustus.reward_vp"
VALUE_RANGE = (0, 30)
VALUES_RULE = "Augustus 4.7 reward values"


def _seat(state: AugustusState, seat: int) -> None:
    if not 0 <= seat < state.player_count:
        raise IllegalCommand(TURN, "There is no seat {n}.", n=seat + 1)


# -- the crier --------------------------------------------------------------------------------

def token_ask(state: AugustusState) -> Ask:
    """The physical bag's draw: the table's question (`who` None, docs/game-kit.md's convention
    for a token), answered by whoever enters it — the touchscreen, a script, a bag reader — never
    a pad, whose seat would speak for the crier. `about` names the crier and what the bag holds;
    `options` are the tokens still in it (a third joker, a sixth shield is not offered)."""
    return Ask(TOKEN_ASK, bag.RULE, {"name": "draw", "args": {}}, "token", None, bag.in_bag(state.bag),
               {"crier": state.crier, "call": state.call + 1, "bag": dict(zip(bag.TOKENS, state.bag))})


def draw(state: AugustusState, cmd: c.Draw) -> AugustusState:
    if state.phase != "draw":
        raise IllegalCommand(TURN, "The crier draws only once the last call is resolved.")
    rng = state.rng
    if state.settings.bag == "app":
        if cmd.source != "app":
            bag.refuse_entered()
        drawn, rng = bag.draw(state.bag, rng)
        # decide put the generator's token in the event; the journaled token is the fact folded
        # (the same, unless a journal was written by another generator), and apply stays total
        token = cmd.token if cmd.token in bag.TOKENS and bag.remaining(state.bag, cmd.token) else drawn
    else:
        if cmd.token is None:
            raise AnswerNeeded(token_ask(state), "Enter the token the crier drew.")
        bag.check_drawable(state.bag, cmd.token)
        token = cmd.token
    state = evolve(state, bag=bag.without(state.bag, token), drawn=state.drawn + (token,), call=state.call + 1,
                   rng=rng)
    state = placing.open_call(state, token)
    return resolution.close_call(state) if all(state.acted) else state


# -- the call -----------------------------------------------------------------------------------

def place(state: AugustusState, cmd: c.Place) -> AugustusState:
    _seat(state, cmd.seat)
    if state.phase == "place":
        placing.check_open(state, cmd.seat, placing=True)
        state = placing.place(state, cmd.seat, cmd.number, cmd.slot, cmd.from_number, cmd.from_slot,
                              placing.wanted(state))
        return _acted(state, cmd.seat)
    duty = resolution.waiting(state, cmd.seat, "mobilise")
    state = placing.place(state, cmd.seat, cmd.number, cmd.slot, cmd.from_number, cmd.from_slot, duty.of)
    left = evolve(duty, amount=duty.amount - 1)
    return resolution.advance(evolve(state, duties=(left,) + state.duties[1:]))


def _acted(state: AugustusState, seat: int) -> AugustusState:
    state = evolve(state, acted=state.acted[:seat] + (True,) + state.acted[seat + 1:])
    return resolution.close_call(state) if all(state.acted) else state


def skip(state: AugustusState, cmd: c.Skip) -> AugustusState:
    _seat(state, cmd.seat)
    if state.phase == "place":
        placing.check_open(state, cmd.seat, placing=False)
        return _acted(state, cmd.seat)
    duty = resolution.waiting(state, cmd.seat, "mobilise", "number")
    if duty.kind == "number" and state.settings.declined_number_lost:
        player = state.player(cmd.seat)
        state = state.with_player(evolve(player, declined=player.declined + (duty.of,)))
    return resolution.done(state)


# -- choices of a resolution --------------------------------------------------------------------

def claim(state: AugustusState, cmd: c.Claim) -> AugustusState:
    _seat(state, cmd.seat)
    duty = resolution.waiting(state, cmd.seat, "number")
    return resolution.done(rewards.take(state, cmd.seat, duty.of))


def lose(state: AugustusState, cmd: c.Lose) -> AugustusState:
    _seat(state, cmd.seat)
    resolution.waiting(state, cmd.seat, "lose")
    resolution.check_lose(state, cmd.seat, cmd.number)
    return resolution.done(resolution.lose(state, cmd.seat, cmd.number))


def clear(state: AugustusState, cmd: c.Clear) -> AugustusState:
    _seat(state, cmd.seat)
    resolution.waiting(state, cmd.seat, "clear")
    resolution.check_clear(state, cmd.seat, cmd.number)
    return resolution.done(resolution.clear(state, cmd.seat, cmd.number))


def give(state: AugustusState, cmd: c.Give) -> AugustusState:
    _seat(state, cmd.seat)
    duty = resolution.waiting(state, cmd.seat, "give")
    return resolution.done(rewards.give(state, duty, cmd.to))


# -- new objectives -----------------------------------------------------------------------------

def card_ask(state: AugustusState, seat: int, number: int) -> Ask:
    """The printed facts of a card the table's file does not hold, asked of its new owner."""
    return Ask(CARD_ASK, CARD_RULE, {"name": "take", "args": {"seat": seat, "number": number}}, "card", seat, (),
               {"number": number, "shape": SHAPE})


def take(state: AugustusState, cmd: c.Take) -> AugustusState:
    """A new objective in front of `cmd.seat`: at the start from the deck (S002: dealt, kept);
    after a completion one of the five face up (S002 step 5) — by its number alone when the
    table laid it out (`reveal`), else entered now, while the table does not track a full row."""
    _seat(state, cmd.seat)
    if state.phase == "start":
        index = next((i for i, d in enumerate(state.duties) if d.kind == "take" and d.seat == cmd.seat), None)
    else:
        resolution.waiting(state, cmd.seat, "take")
        index = 0
    player = state.player(cmd.seat)
    in_play = 3 if index is None else len(player.objectives)
    row = next((card for card in state.face_up if card.number == cmd.number), None)
    face_up, seen = state.face_up, state.seen + (cmd.number,)
    if row is not None:
        if state.phase == "start":
            raise IllegalCommand(FACE_UP_RULE, "Objective {number} lies face up in the middle: the objectives kept "
                                 "at the start come from the deck.", number=cmd.number)
        if in_play >= 3:
            raise IllegalCommand(CARD_RULE, "{name} has three objectives in play already.", name=player.name)
        if cmd.card is not None and card_data(check_card(cmd.number, (), None, cmd.card)) != card_data(row):
            raise IllegalCommand(FACE_UP_RULE, "'{field}' differs from objective {number} as it was laid face up.",
                                 field="card", number=cmd.number)
        card: Card | None = row
        face_up, seen = tuple(c for c in face_up if c.number != cmd.number), state.seen
    else:
        if state.phase == "resolve" and len(face_up) >= FACE_UP:
            raise IllegalCommand(FACE_UP_RULE, "Objective {number} is not face up: take one of the five ({numbers}).",
                                 number=cmd.number, numbers=", ".join(str(c.number) for c in face_up))
        card = check_new(cmd.number, state.seen, state.catalog.get(cmd.number), cmd.card, player.name, in_play)
    if card is None:
        raise AnswerNeeded(card_ask(state, cmd.seat, cmd.number), "Enter the facts printed on objective {number}.",
                           number=cmd.number)
    assert index is not None
    player = evolve(player, objectives=player.objectives + (Objective(card, (False,) * len(card.symbols)),))
    duty = state.duties[index]
    rest = state.duties[:index] + ((evolve(duty, amount=duty.amount - 1),) if duty.amount > 1 else ()) \
        + state.duties[index + 1:]
    state = evolve(state.with_player(player), seen=seen, face_up=face_up, duties=rest)
    if state.phase == "start":
        return state if rest else evolve(state, phase="draw")
    return resolution.advance(state)


def reveal_ask(state: AugustusState, number: int) -> Ask:
    """The printed facts of a card laid face up that the table's file does not hold: the table's
    question (`who` None), whoever turns the card over."""
    return Ask(CARD_ASK, CARD_RULE, {"name": "reveal", "args": {"number": number}}, "card", None, (),
               {"number": number, "shape": SHAPE, "face_up": True})


def reveal(state: AugustusState, cmd: c.Reveal) -> AugustusState:
    """The table lays an objective face up (S002 §4.1: five lie face up; step 5 refills the row)."""
    if state.phase not in ("start", "draw", "place", "resolve"):
        raise IllegalCommand(FACE_UP_RULE, "No objective is laid face up now.")
    if len(state.face_up) >= FACE_UP:
        raise IllegalCommand(FACE_UP_RULE, "Five objectives lie face up already: one is taken before another is "
                             "laid out.")
    card = check_card(cmd.number, state.seen, state.catalog.get(cmd.number), cmd.card)
    if card is None:
        raise AnswerNeeded(reveal_ask(state, cmd.number), "Enter the facts printed on objective {number}.",
                           number=cmd.number)
    return evolve(state, face_up=state.face_up + (card,), seen=state.seen + (cmd.number,))


# -- the end ------------------------------------------------------------------------------------

def value_ask(state: AugustusState) -> Ask:
    reward = state.duties[0].of
    return Ask(VALUE_ASK, VALUES_RULE, {"name": "reward_value", "args": {"reward": reward}}, "vp",
               None, tuple(range(VALUE_RANGE[0], VALUE_RANGE[1] + 1)), {"reward": reward})


def reward_value(state: AugustusState, cmd: c.RewardValue) -> AugustusState:
    if state.phase != "values":
        raise IllegalCommand(VALUES_RULE, "No reward's value is asked for now.")
    if cmd.reward not in REWARDS or all(d.of != cmd.reward for d in state.duties):
        raise IllegalCommand(VALUES_RULE, "'{field}' must be one of {choices}, got {value}",
                             field="reward", choices=", ".join(d.of for d in state.duties), value=cmd.reward)
    if cmd.vp is None:
        raise AnswerNeeded(value_ask(evolve(state, duties=tuple(d for d in state.duties if d.of == cmd.reward))),
                           "Enter the VP printed on the {reward} reward.", reward=cmd.reward)
    if not VALUE_RANGE[0] <= cmd.vp <= VALUE_RANGE[1]:
        raise IllegalCommand(VALUES_RULE, "'{field}' must be from {low} to {high}, "
                             "got {value}", field="vp", low=VALUE_RANGE[0], high=VALUE_RANGE[1], value=cmd.vp)
    state = evolve(state, values={**state.values, cmd.reward: cmd.vp},
                   duties=tuple(d for d in state.duties if d.of != cmd.reward))
    return state if state.duties else finish(state)


RUN: dict[str, Callable[[AugustusState, c.Move], AugustusState]] = {
    "draw": draw, "place": place, "skip": skip, "claim": claim, "lose": lose, "clear": clear,  # type: ignore[dict-item]
    "give": give, "take": take, "reveal": reveal, "reward_value": reward_value,  # type: ignore[dict-item]
}


def run(state: AugustusState, command: c.Move) -> AugustusState:
    if state.phase == "over":
        raise IllegalCommand("game over", "The game is finished.")
    return RUN[command.move](state, command)
