"""What the table sees of Augustus, as a typed view (`core.views`; keys stable). Nothing in Augustus is secret,
so every seat's view is the public one. The view carries the question the table must answer next
(`ask`, a `core.asks.Ask` as a view): the token from the physical bag, a reward tile's VP;
and what the table waits for (`duty`), with the warning when a draw may end the game."""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Mapping

from companion.core.asks import Ask, AskView, ask_view
from companion.core.events import Event
from companion.core.views import FrozenMap, GameView, PlayerView, Seq, View, freeze, to_data
from companion.games.augustus import events as e
from companion.games.augustus import moves
from companion.games.augustus.parts import bag, resolution, rewards
from companion.games.augustus.parts.cards import card_data
from companion.games.augustus.parts.choices import seat_choices
from companion.games.augustus.parse import intent_of
from companion.games.augustus.state import AugustusState, Objective, PlayerState


def ask_of(state: AugustusState) -> Ask | None:
    """The question the table answers next, or None while it waits for a player's step."""
    if state.phase == "draw" and state.settings.bag == "table":
        return moves.token_ask(state)
    if state.phase == "values" and state.duties:
        return moves.value_ask(state)
    return None


class ObjectiveView(View):
    """An objective card in play: its printed facts (`cards.card_data`: number, kind, vp, gold,
    wheat, symbols, power), a legion or none per symbol (True/False), whether it is complete and whether its
    completion waits to be resolved."""

    number: int
    kind: str
    vp: int
    gold: int
    wheat: int
    symbols: Seq[str]
    power: FrozenMap | None
    legions: Seq[bool]
    complete: bool
    pending: bool


class CardView(View):
    """A controlled card's printed facts (`cards.card_data`)."""

    number: int
    kind: str
    vp: int
    gold: int
    wheat: int
    symbols: Seq[str]
    power: FrozenMap | None


class AugustusPlayer(PlayerView):
    """A player as everyone sees them: supply and legions on the board, three objectives in play,
    the cards controlled, rewards held and declined, gold/wheat/senators counted, and this call's
    placement (done, or may still place), whether they are the crier, and what the seat may enter
    now (`choices`: intents, in the pad menu's order)."""

    supply: int
    on_board: int
    objectives: Seq[ObjectiveView]
    controlled: Seq[CardView]
    controlled_count: int
    rewards: Seq[str]
    declined: Seq[str]
    gold: int
    wheat: int
    senators: int
    acted: bool
    can_place: bool
    crier: bool
    choices: Seq[FrozenMap]


class DutyView(View):
    """What the table waits for a seat to do now (remove legions, take objectives, …)."""

    kind: str
    seat: int
    amount: int
    of: Any
    options: Seq[Any]


class WarningView(View):
    """The players one completion from the end: this draw may end the game."""

    seats: Seq[int]
    seat: int
    controlled: int


class AugustusView(GameView):
    """The call (the draw's number, the crier, the token just drawn and how many of it remain),
    the bag's counts, the players, the middle, who holds gold and wheat, completions waiting and
    the one resolving, the duty the table waits for, the objectives face up in the middle (as
    the table laid them out), the end's warning, the card numbers known
    and seen, the question asked (`ask`), and the final breakdown once over."""

    phase: str
    call: int
    crier: int
    bag_source: str
    token: str | None
    token_left: int | None
    bag: FrozenMap
    drawn: Seq[str]
    players: Seq[AugustusPlayer]
    middle: Seq[str]
    holders: FrozenMap
    pending: Seq[FrozenMap]
    resolving: int | None
    chain: Seq[int]
    duty: DutyView | None
    taking: Seq[FrozenMap]
    face_up: Seq[CardView]
    reserve: int
    warning: WarningView | None
    cards_known: Seq[int]
    seen: Seq[int]
    ask: AskView | None
    final: FrozenMap | None


@functools.lru_cache(maxsize=256)
def _card(card: Any) -> dict[str, Any]:
    """A card's printed facts as a view holds them, made once per card: a card is immutable and so
    is every value here, and each view (one per step, a call's included) lists some thirty cards.
    The dict itself is only ever unpacked into a view's fields, never handed out."""
    data = card_data(card)
    return {**data, "symbols": Seq(data["symbols"]), "power": freeze(data["power"])}


@functools.lru_cache(maxsize=1024)
def _cached_choice(command: Any) -> FrozenMap:
    return freeze(intent_of(command))


def _choice(command: Any) -> FrozenMap:
    """A seat's choice as its view holds it (the frozen intent its pad's menu walks), made once per
    command: a command is a frozen value, so is its intent, and every view of a placing call lists
    some ninety of them, nearly all the same as the view before (a command holding a card's facts,
    a dict, is unhashable and is made each time)."""
    try:
        return _cached_choice(command)
    except TypeError:
        return freeze(intent_of(command))


def _objective(state: AugustusState, objective: Objective) -> ObjectiveView:
    return ObjectiveView(**_card(objective.card), legions=Seq(objective.legions), complete=objective.is_complete,
                         pending=state.is_pending(objective.card.number))


def _player(state: AugustusState, p: PlayerState) -> AugustusPlayer:
    placing_now = state.phase == "place"
    return AugustusPlayer(
        seat=p.seat, name=p.name, colour=p.colour or None, supply=p.supply, on_board=p.on_board,
        objectives=Seq([_objective(state, o) for o in p.objectives]),
        controlled=Seq([CardView(**_card(card)) for card in p.controlled]), controlled_count=len(p.controlled),
        rewards=Seq(p.rewards), declined=Seq(p.declined),
        gold=rewards.resources(p, "gold"), wheat=rewards.resources(p, "wheat"),
        senators=rewards.kinds(p, "senator"),
        acted=placing_now and state.acted[p.seat],
        can_place=placing_now and not state.acted[p.seat],
        crier=p.seat == state.crier,
        # what the seat may enter now, as the intents its pad's menu walks (the seat panels' buttons)
        choices=Seq([_choice(cmd) for cmd in seat_choices(state, p.seat)]),
    )


def _duty(state: AugustusState) -> DutyView | None:
    duty = state.duty
    if duty is None:
        return None
    return DutyView(kind=duty.kind, seat=duty.seat, amount=duty.amount, of=freeze(duty.of),
                    options=freeze(list(duty.options)))


def warning(state: AugustusState) -> WarningView | None:
    """"Ann holds 6: this draw may end the game": the players one completion from the end."""
    close = [p.seat for p in state.players if len(p.controlled) >= resolution.OBJECTIVES_TO_END - 1]
    if not close or state.phase in ("setup", "start", "over"):
        return None
    best = max(close, key=lambda s: len(state.player(s).controlled))
    return WarningView(seats=Seq(close), seat=best, controlled=len(state.player(best).controlled))


def view(state: AugustusState, seat: int | None = None) -> GameView:
    if state.phase == "setup":
        return GameView(game="augustus", phase="setup", players=Seq())
    token = state.token
    return AugustusView(
        game="augustus", phase=state.phase, call=state.call, crier=state.crier,
        bag_source=state.settings.bag,
        token=token, token_left=bag.remaining(state.bag, token) if token else None,
        bag=FrozenMap({t: n for t, n in zip(bag.TOKENS, state.bag)}), drawn=Seq(state.drawn),
        players=Seq([_player(state, p) for p in state.players]),
        middle=Seq(state.middle), holders=FrozenMap({"gold": state.gold, "wheat": state.wheat}),
        pending=Seq([FrozenMap({"number": n, "seat": s}) for n, s in state.pending]),
        resolving=state.resolving, chain=Seq(state.chain),
        duty=_duty(state),
        taking=Seq([FrozenMap({"seat": d.seat, "amount": d.amount}) for d in state.duties if d.kind == "take"]),
        face_up=Seq([CardView(**_card(card)) for card in state.face_up]),
        reserve=state.reserve, warning=warning(state),
        cards_known=Seq(sorted(n for n in state.catalog if n not in state.seen)),
        seen=Seq(sorted(state.seen)),
        ask=ask_view(ask_of(state)),
        final=freeze(to_data(state.final)) if state.phase == "over" else None,
    )


def public_event(event: Event) -> dict[str, Any]:
    """An event as the history, logs and exports show it: Augustus has no secrets, so all of it."""
    if isinstance(event, e.Played):
        return {"seat": event.seat, "move": event.move, "detail": to_data(event.detail)}
    return to_data({f.name: getattr(event, f.name) for f in dataclasses.fields(event)})


def summary_text(public: Mapping[str, Any]) -> str:
    """The public view as terminal text for `companion replay`."""
    lines = []
    final = public.get("final")
    if final:
        from companion.games.augustus.scoring import format_scores

        return format_scores(final)
    lines.append(f"Augustus — draw {public.get('call', 0)}, phase {public.get('phase')}"
                 + (f", token {public['token']}" if public.get("token") else ""))
    for p in public.get("players", ()):
        objectives = ", ".join(f"{o['number']}({sum(o['legions'])}/{len(o['legions'])})" for o in p["objectives"])
        lines.append(f"  {p['name']}: {p['controlled_count']} controlled, supply {p['supply']}, "
                     f"in play {objectives or '-'}, rewards {', '.join(p['rewards']) or '-'}")
    return "\n".join(lines)
