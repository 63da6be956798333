"""What each audience may see of a secret bid: the shared screen (seat None) never an unrevealed
amount; seat k's pad adds only seat k's own bid (`mine`). Built on `companion.core.sealed_view`."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import sealed, sealed_view
from companion.core.events import Event
from companion.core.views import GameView, PlayerView, Seq
from companion.games.secretbid.events import BidsFinished, BidsStarted
from companion.games.secretbid.state import SecretBidState


class BidderView(PlayerView):
    """A bidder as the table sees them: their standing limit and whether they have locked."""

    limit: int
    locked: bool


class RoundResult(sealed_view.RevealView):
    """A revealed round, numbered from 1."""

    round: int


class SecretBidView(GameView):
    """The shared screen's secret bid: the table's settings, every bidder, the open round
    (`bid`, amounts never before the reveal) and every revealed round (`results`)."""

    phase: str
    finished: bool
    round: int
    step: int
    unlocked: str
    players: Seq[BidderView]
    bid: sealed_view.SealedRoundView | None
    results: Seq[RoundResult]


class SecretBidSeatView(SecretBidView):
    """Seat k's view: the shared one plus `mine`, its own bid (None when it does not bid)."""

    mine: sealed_view.MyBid | None


def public_fields(state: SecretBidState) -> dict[str, Any]:
    """What every audience of `state` sees alike: the public view's fields, which a seat's view
    has too (beside its own bid). Nothing in them is secret (amounts only once revealed)."""
    round_ = state.round
    return dict(
        game="secretbid",
        phase=state.phase,
        finished=state.finished,
        round=state.rounds,
        step=state.step,
        unlocked=state.unlocked,
        players=Seq([BidderView(seat=i, name=name, limit=state.limits[i],
                                locked=round_ is not None and round_.is_locked(i))
                     for i, name in enumerate(state.players)]),
        bid=sealed_view.public_view(round_) if round_ is not None else None,
        results=Seq([RoundResult(round=n, **sealed_view.reveal_fields(r)) for n, r in enumerate(state.results, start=1)]),
    )


def view(state: SecretBidState, seat: int | None = None, public: Mapping[str, Any] | None = None) -> SecretBidView:
    """The public view (seat None), or seat's: `SecretBidSeatView`, with its own bid. `public`:
    `public_fields(state)` made already (the rules keep them per state: the table and every pad
    read the same state after each press)."""
    fields = public_fields(state) if public is None else public
    if seat is None:
        return SecretBidView(**fields)
    round_ = state.round
    return SecretBidSeatView(**fields, mine=sealed_view.my_bid(round_, seat) if round_ is not None else None)


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
