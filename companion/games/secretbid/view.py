"""What each audience may see of a secret bid: the shared screen (seat None) never an unrevealed
amount; seat k's pad adds only seat k's own bid (`mine`). Built on `companion.core.sealed_view`."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import sealed, sealed_view
from companion.core.events import Event
from companion.games.secretbid.events import BidsFinished, BidsStarted
from companion.games.secretbid.state import SecretBidState


def view(state: SecretBidState, seat: int | None = None) -> dict[str, Any]:
    round_ = state.round
    out: dict[str, Any] = {
        "game": "secretbid",
        "phase": state.phase,
        "finished": state.finished,
        "round": state.rounds,
        "step": state.step,
        "unlocked": state.unlocked,
        "players": [
            {"seat": i, "name": name, "limit": state.limits[i],
             "locked": round_ is not None and round_.is_locked(i)}
            for i, name in enumerate(state.players)
        ],
        "bid": sealed_view.public_view(round_) if round_ is not None else None,
        "results": [{"round": n, **sealed_view.result_view(r)} for n, r in enumerate(state.results, start=1)],
    }
    if seat is not None:
        out["mine"] = sealed_view.seat_view(round_, seat)["mine"] if round_ is not None else None
    return out


def public_event(event: Event) -> dict[str, Any]:
    if isinstance(event, BidsStarted):
        return {"players": list(event.players), "limits": list(event.limits), "step": event.step,
                "unlocked": event.unlocked}
    if isinstance(event, BidsFinished):
        return {}
    if isinstance(event, sealed.EVENT_TYPES):
        return sealed_view.public_event(event)
    raise TypeError(f"not a secret bid event: {event.kind}")


def _names(players: list[Mapping[str, Any]], seats: Any) -> str:
    return ", ".join(players[s]["name"] for s in seats)


def summary_text(public: Mapping[str, Any]) -> str:
    """A public view as terminal text for `companion replay`: where the bidding stands (who has
    locked, never what) and every revealed round."""
    players = list(public.get("players", ()))
    if public.get("phase") == "setup":
        return "Secret bid: not set up\n"
    bid = public.get("bid") or {}
    if public.get("finished"):
        lines = [f"Secret bid: finished after {len(public['results'])} revealed round(s)"]
    elif bid.get("phase") == "bidding":
        locked = [s["seat"] for s in bid["seats"] if s["locked"]]
        lines = [f"Secret bid: round {public['round']}, bidding",
                 f"  locked:  {_names(players, locked) or '-'}",
                 f"  waiting: {_names(players, bid['waiting']) or '-'}"]
    else:
        lines = [f"Secret bid: round {public['round']} revealed"]
    for result in public.get("results", ()):
        bids = " · ".join(f"{players[b['seat']]['name']} {b['amount']}" + ("" if b["locked"] else " (not locked)")
                          for b in sorted(result["bids"], key=lambda b: -b["amount"]))
        winners = result["winners"]
        verdict = "no bids" if not winners else (
            f"highest: {_names(players, winners)}" if len(winners) == 1 else f"tie: {_names(players, winners)}")
        forced = ", forced" if result["forced"] else ""
        lines.append(f"Round {result['round']}{forced}: {bids or '-'} — {verdict}")
    return "\n".join(lines) + "\n"
