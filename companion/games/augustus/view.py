"""What the table sees of Augustus, as plain data (keys stable). Nothing in Augustus is secret,
so every seat's view is the public one. The view carries the question the table must answer next
(`ask`, a `core.asks.Ask` as plain data): the token from the physical bag, a reward tile's VP;
and what the table waits for (`duty`), with the warning when a draw may end the game."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.asks import Ask
from companion.core.events import Event
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


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def ask_view(ask: Ask | None) -> dict[str, Any] | None:
    """An Ask as plain data (`Ask(**view["ask"])` gives it back)."""
    return None if ask is None else _plain(dataclasses.asdict(ask))


def _objective(state: AugustusState, objective: Objective) -> dict[str, Any]:
    return {**card_data(objective.card), "legions": list(objective.legions), "complete": objective.is_complete,
            "pending": state.is_pending(objective.card.number)}


def _player(state: AugustusState, p: PlayerState) -> dict[str, Any]:
    placing_now = state.phase == "place"
    return {
        "seat": p.seat, "name": p.name, "supply": p.supply, "on_board": p.on_board,
        "objectives": [_objective(state, o) for o in p.objectives],
        "controlled": [card_data(card) for card in p.controlled], "controlled_count": len(p.controlled),
        "rewards": list(p.rewards), "declined": list(p.declined),
        "gold": rewards.resources(p, "gold"), "wheat": rewards.resources(p, "wheat"),
        "senators": rewards.kinds(p, "senator"),
        "acted": placing_now and state.acted[p.seat],
        "can_place": placing_now and not state.acted[p.seat],
        "crier": p.seat == state.crier,
        # what the seat may enter now, as the intents its pad's menu walks (the seat panels' buttons)
        "choices": [intent_of(cmd) for cmd in seat_choices(state, p.seat)],
    }


def _duty(state: AugustusState) -> dict[str, Any] | None:
    duty = state.duty
    if duty is None:
        return None
    return {"kind": duty.kind, "seat": duty.seat, "amount": duty.amount, "of": duty.of, "options": list(duty.options)}


def warning(state: AugustusState) -> dict[str, Any] | None:
    """"Ann holds 6: this draw may end the game": the players one completion from the end."""
    close = [p.seat for p in state.players if len(p.controlled) >= resolution.OBJECTIVES_TO_END - 1]
    if not close or state.phase in ("setup", "start", "over"):
        return None
    best = max(close, key=lambda s: len(state.player(s).controlled))
    return {"seats": close, "seat": best, "controlled": len(state.player(best).controlled)}


def view(state: AugustusState, seat: int | None = None) -> dict[str, Any]:
    if state.phase == "setup":
        return {"game": "augustus", "phase": "setup", "players": []}
    token = state.token
    return {
        "game": "augustus", "phase": state.phase, "call": state.call, "crier": state.crier,
        "bag_source": state.settings.bag,
        "token": token, "token_left": bag.remaining(state.bag, token) if token else None,
        "bag": {t: n for t, n in zip(bag.TOKENS, state.bag)}, "drawn": list(state.drawn),
        "players": [_player(state, p) for p in state.players],
        "middle": list(state.middle), "holders": {"gold": state.gold, "wheat": state.wheat},
        "pending": [{"number": n, "seat": s} for n, s in state.pending],
        "resolving": state.resolving, "chain": list(state.chain),
        "duty": _duty(state),
        "taking": [{"seat": d.seat, "amount": d.amount} for d in state.duties if d.kind == "take"],
        "reserve": state.reserve, "warning": warning(state),
        "cards_known": sorted(n for n in state.catalog if n not in state.seen),
        "seen": sorted(state.seen),
        "ask": ask_view(ask_of(state)),
        "final": _plain(state.final) if state.phase == "over" else None,
    }


def public_event(event: Event) -> dict[str, Any]:
    """An event as the history, logs and exports show it: Augustus has no secrets, so all of it."""
    if isinstance(event, e.Played):
        return {"seat": event.seat, "move": event.move, "detail": _plain(event.detail)}
    return _plain({f.name: getattr(event, f.name) for f in dataclasses.fields(event)})


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
