"""What a seat's private 128×64 display shows, from that seat's view: a pure function, no device.

`pad_screen(seat_view, seat, …)` maps the view the session gives for ONE seat
(`Session.seat_view(seat)`: the public view plus that seat's `mine` and `draft`) to a
`hardware.handheld.screen.PadScreen`. It reads a seat's secret only from `mine`/`draft` and only
when `mine` says it is that seat's (a view handed to the wrong pad shows nothing secret); every
other field it reads is public. Words come in as a `PadWords` (English by default; the UI passes
them translated), because the hardware layer knows no language and this layer no catalog.

By game shape (not by game id, except Trajan's pad menu):

- a sealed-bid round (`bid` and `mine` in the view, docs/sealed-bids.md): the draft (or the locked
  amount) large, the limit, the padlock, "waiting for N"; after the reveal the result;
- Trajan: the seat's pad menu (the legal moves while it is that player's turn, the bonus tiles
  for the consul) with the session's cursor, else whose turn it is and the seat's VP;
- a score pad: the seat's score and place, and what − / + do;
- anything else, or no game: blank (the display is cleared).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping, Sequence

from companion.presenters.view_fields import seat_name, view_players, whole_number
from hardware.handheld.screen import PadScreen

ChoiceLabel = Callable[[Mapping[str, Any], Mapping[str, Any]], str]
"""(choice intent, the view it came from) -> a short label for the pad's menu."""


@dataclasses.dataclass(frozen=True)
class PadWords:
    """Every text a pad shows, as `str.format` templates (English; `companion.ui.pad_words` gives
    them in the current language). The bitmap font draws Latin-1 only and CJK through its own
    font, so the English avoids "−" (U+2212) and other symbols outside both."""

    bid_title: str = "{name} · round {round}"
    ok_to_lock: str = "OK locks your bid"
    waiting: str = "waiting for {n}"
    hold_to_change: str = "hold OK to change"
    not_bidding: str = "not in this round"
    no_round: str = "no bidding now"
    you_won: str = "You win: {amount}"
    you_tie: str = "You tie: {amount}"
    won: str = "{name} wins: {amount}"
    tie: str = "Tie: {name} {amount}"
    no_bids: str = "No bids"
    ranking: str = "{place}. {name} {amount}"
    game_over: str = "game over"
    turn_title: str = "{name} · your turn"
    consul_title: str = "{name} · bonus tile"
    menu_help: str = "-/+ choose, OK plays"
    turn_of: str = "{name}'s turn"
    vp: str = "{vp} VP"
    points: str = "{score} points"
    place: str = "place {place}"
    score_help: str = "-/+ one point"


ENGLISH = PadWords()


def pad_screen(view: Mapping[str, Any] | None, seat: int, *, cursor: int | None = None,
               words: PadWords = ENGLISH, label: ChoiceLabel | None = None) -> PadScreen:
    """Seat `seat`'s screen from its own view (`Session.seat_view(seat)`); blank for no view.

    cursor: the seat's place in its pad menu (`TableView.pad_cursor.get(seat)`), for games a pad
    plays a whole turn in. label: how a menu choice reads (default: the intent's name).
    """
    if not view:
        return PadScreen()
    if "bid" in view and "mine" in view:
        return sealed_screen(view, seat, words)
    if view.get("game") == "trajan":
        return menu_screen(view, seat, cursor, words, label or _intent_name)
    if view.get("game") == "scorepad":
        return score_screen(view, seat, words)
    return PadScreen()


# -- sealed bids ----------------------------------------------------------------------------------


def sealed_screen(view: Mapping[str, Any], seat: int, words: PadWords = ENGLISH) -> PadScreen:
    """A sealed-bid round on seat's pad: while bidding, its own amount (the session's private
    draft while unlocked, the round's amount once locked) over its limit; after the reveal, the
    result, which is public by then."""
    players = view_players(view)
    name = seat_name(players, seat)
    round_number = view.get("round")
    title = words.bid_title.format(name=name, round=round_number) if round_number else name
    if view.get("finished"):
        results = view.get("results") or []
        last = results[-1] if results else None
        lines = result_lines(last, seat, players, words) if isinstance(last, Mapping) else ()
        return PadScreen(title=name, result=lines[:3], status=words.game_over)
    bid = view.get("bid")
    if not isinstance(bid, Mapping):
        return PadScreen(title=title, status=words.no_round)
    if bid.get("result") is not None:
        return PadScreen(title=title, result=result_lines(bid["result"], seat, players, words))
    mine = view.get("mine")
    if not isinstance(mine, Mapping) or mine.get("seat") != seat:
        return PadScreen(title=title, status=words.not_bidding)
    locked = bool(mine.get("locked"))
    draft = view.get("draft")
    amount = mine.get("amount") if locked or draft is None else draft
    others = [s for s in bid.get("waiting", ()) if s != seat]
    if not locked:
        status = words.ok_to_lock
    elif others:
        status = words.waiting.format(n=len(others))
    else:
        status = words.hold_to_change
    limit = mine.get("limit")
    return PadScreen(title=title, amount=whole_number(amount), limit=whole_number(limit), locked=locked, status=status)


def result_lines(result: Mapping[str, Any], seat: int, players: Sequence[Mapping[str, Any]],
                 words: PadWords = ENGLISH) -> tuple[str, ...]:
    """A revealed round from seat's side: the verdict first ("You win: 12", "Bo wins: 12"), then
    every counted bid by place ("1. Bo 12")."""
    bids = {int(b["seat"]): int(b["amount"]) for b in result.get("bids", ())}
    winners = [int(s) for s in result.get("winners", ())]
    if not winners:
        verdict = words.no_bids
    else:
        top = bids.get(winners[0], 0)
        if seat in winners:
            verdict = (words.you_won if len(winners) == 1 else words.you_tie).format(amount=top)
        elif len(winners) == 1:
            verdict = words.won.format(name=seat_name(players, winners[0]), amount=top)
        else:
            verdict = words.tie.format(name=", ".join(seat_name(players, s) for s in winners), amount=top)
    lines = [verdict]
    for place, group in enumerate(result.get("places", ()), start=1):
        for s in group:
            lines.append(words.ranking.format(place=place, name=seat_name(players, int(s)), amount=bids.get(int(s), 0)))
    return tuple(lines)


# -- a pad menu (Trajan) --------------------------------------------------------------------------


def pad_menu(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    """The choices seat's pad walks in a Trajan game, as intents, in the order the session plays
    them: the public `choices` (every legal move) on that player's turn, the bonus tiles for the
    consul; nothing for the other seats. Mirrors `TrajanRules.pad_choices` on the public view
    (a test keeps the two in step), so the pad needs no game state."""
    choices = [c for c in view.get("choices") or () if isinstance(c, Mapping)]
    phase = view.get("phase")
    if phase == "turn" and view.get("current") == seat:
        return choices
    if phase == "consul" and view.get("consul") == seat:
        return [c for c in choices if c.get("name") == "choose_bonus"]
    return []


def menu_screen(view: Mapping[str, Any], seat: int, cursor: int | None, words: PadWords = ENGLISH,
                label: Callable[[Mapping[str, Any], Mapping[str, Any]], str] | None = None) -> PadScreen:
    """The highlighted choice of seat's pad menu with its neighbours, or, off turn, whose turn it
    is and the seat's VP."""
    label = label or _intent_name
    players = view_players(view)
    name = seat_name(players, seat)
    menu = pad_menu(view, seat)
    if not menu:
        me = next((p for p in players if p.get("seat") == seat), {})
        lines = (words.vp.format(vp=me["vp"]),) if "vp" in me else ()
        current = view.get("current")
        if view.get("phase") == "over":
            status = words.game_over
        elif isinstance(current, int) and current != seat and view.get("phase") == "turn":
            status = words.turn_of.format(name=seat_name(players, current))
        else:
            status = ""
        return PadScreen(title=name, result=lines, status=status)
    i = (cursor or 0) % len(menu)
    title = (words.consul_title if view.get("phase") == "consul" else words.turn_title).format(name=name)
    lines = [f"{i + 1}/{len(menu)}", "> " + label(menu[i], view)]
    if len(menu) > 1:
        lines.append("  " + label(menu[(i + 1) % len(menu)], view))
    return PadScreen(title=title, result=tuple(lines), status=words.menu_help)


# -- a score pad ----------------------------------------------------------------------------------


def score_screen(view: Mapping[str, Any], seat: int, words: PadWords = ENGLISH) -> PadScreen:
    """The seat's score and place (public anyway): a player can check it without looking up."""
    players = view_players(view)
    me = next((p for p in players if p.get("seat") == seat), None)
    if me is None:
        return PadScreen()
    lines = [words.points.format(score=me.get("score", 0))]
    if me.get("place"):
        lines.append(words.place.format(place=me["place"]))
    return PadScreen(title=seat_name(players, seat), result=tuple(lines),
                     status=words.game_over if view.get("finished") else words.score_help)


# -- helpers --------------------------------------------------------------------------------------


def _intent_name(intent: Mapping[str, Any], _view: Mapping[str, Any]) -> str:
    return str(intent.get("name", ""))
