"""Rewards by themselves (augustus.md §4.3, §4.6, §4.7.2; S002 「要求一個獎勵」).

A. Colour rewards (three provinces of one colour, three senators, one of each): to the first to
   qualify, automatically, never lost; several may come at once (「在這種類型可能有數個獎勵」).
B. Number rewards: only the exact count of controlled objectives, only right after a completion,
   one per player, never lost, never exchanged; claiming is optional.
C. Gold and wheat, counted in resources on controlled objectives (§4.6.5): the first to control
   one takes it; whoever gains to equal the holder takes it; after a loss the holder keeps it while
   still most or tied, else it goes to the top player (the holder chooses among tied ones), and
   back to the middle when nobody has any.
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.augustus.parts.cards import COLOURS, Card
from companion.games.augustus.settings import RESOURCES
from companion.games.augustus.state import AugustusState, Duty, PlayerState

RULE = "Augustus 4.3 rewards"
RESOURCE_RULE = "Augustus 4.3 gold and wheat"


def kinds(player: PlayerState, kind: str) -> int:
    return sum(1 for card in player.controlled if card.kind == kind)


def qualifies(player: PlayerState, reward: str) -> bool:
    """A colour reward's condition (§4.7.2: "three of a colour" is at least three; senators count
    as a colour for the senators' tile)."""
    if reward in COLOURS:
        return kinds(player, reward) >= 3
    if reward == "senators":
        return kinds(player, "senator") >= 3
    if reward == "one_each":
        return all(kinds(player, kind) >= 1 for kind in (*COLOURS, "senator"))
    return False


def colour_rewards(state: AugustusState, seat: int) -> AugustusState:
    """Every colour reward still in the middle that `seat` now qualifies for goes to it."""
    player = state.player(seat)
    won = tuple(r for r in state.middle if qualifies(player, r))
    if not won:
        return state
    state = state.with_player(evolve(player, rewards=player.rewards + won))
    return evolve(state, middle=tuple(r for r in state.middle if r not in won))


def number_offer(state: AugustusState, seat: int) -> str | None:
    """The number reward `seat` may claim now, right after its completion, or None: the tile of its
    exact count, still in the middle, to a player with no number tile who has not declined it."""
    player = state.player(seat)
    reward = f"number_{len(player.controlled)}"
    if reward not in state.middle or any(r.startswith("number_") for r in player.rewards):
        return None
    if reward in player.declined:
        return None
    return reward


def take(state: AugustusState, seat: int, reward: str) -> AugustusState:
    player = state.player(seat)
    state = state.with_player(evolve(player, rewards=player.rewards + (reward,)))
    return evolve(state, middle=tuple(r for r in state.middle if r != reward))


def resources(player: PlayerState, resource: str) -> int:
    return sum(card.gold if resource == "gold" else card.wheat for card in player.controlled)


def _hold(state: AugustusState, resource: str, seat: int | None) -> AugustusState:
    """`resource` now lies with `seat` (None: the middle); the rewards and middle follow."""
    before = state.holder(resource)
    if before == seat:
        return state
    if before is not None:
        player = state.player(before)
        state = state.with_player(evolve(player, rewards=tuple(r for r in player.rewards if r != resource)))
    middle = tuple(r for r in state.middle if r != resource)
    if seat is None:
        middle += (resource,)
    else:
        player = state.player(seat)
        state = state.with_player(evolve(player, rewards=player.rewards + (resource,)))
    return evolve(state, middle=middle, **{resource: seat})


def after_gain(state: AugustusState, seat: int, card: Card) -> AugustusState:
    """S002 C: the first to control a producer takes it; one who equals the holder takes it — when
    gaining (§4.5.2): only a resource `card`, the objective just controlled, produces is looked at,
    so a card without gold never takes the gold from a holder its owner merely equals."""
    for resource in RESOURCES:
        if not (card.gold if resource == "gold" else card.wheat):
            continue
        mine = resources(state.player(seat), resource)
        holder = state.holder(resource)
        if mine and (holder is None or (holder != seat and mine >= resources(state.player(holder), resource))):
            state = _hold(state, resource, seat)
    return state


def after_loss(state: AugustusState) -> tuple[AugustusState, tuple[Duty, ...]]:
    """S002's example (瑪麗蓮): after objectives are lost, each holder keeps its tile while still most
    or tied; else the top player takes it (the holder chooses among tied ones: a "give" duty); back
    to the middle when nobody has any."""
    duties: list[Duty] = []
    for resource in RESOURCES:
        holder = state.holder(resource)
        if holder is None:
            continue
        counts = [resources(p, resource) for p in state.players]
        top = max(counts)
        if top == 0:
            state = _hold(state, resource, None)
        elif counts[holder] < top:
            tied = tuple(s for s, n in enumerate(counts) if n == top)
            if len(tied) == 1:
                state = _hold(state, resource, tied[0])
            else:
                duties.append(Duty("give", holder, of=resource, options=tied))
    return state, tuple(duties)


def give(state: AugustusState, duty: Duty, to: int) -> AugustusState:
    """The holder's choice among the tied leaders (`duty.options`)."""
    if to not in duty.options:
        raise IllegalCommand(RESOURCE_RULE, "The {resource} goes to one of the players with the most: {seats}.",
                             resource=duty.of, seats=", ".join(state.player(s).name for s in duty.options))
    return _hold(state, duty.of, to)
