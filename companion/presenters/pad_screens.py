"""What a seat's private 128×64 display shows, by the shape of that seat's view: pure functions,
no device.

Each maps the view the session gives for ONE seat (`Session.seat_view(seat)`: the public view plus
that seat's `mine` and `draft`) to a `hardware.handheld.screen.PadScreen`. A seat's secret is read
only from `mine`/`draft` and only when `mine` says it is that seat's (a view handed to the wrong pad
shows nothing secret); every other field read is public. Words come in as a `PadWords` (English by
default; `companion.ui.text.pad_words` gives them translated), because the hardware layer knows no
language and this layer no catalog.

The shapes (`companion.presenters.game.GamePresenter` picks among them; a game's own presenter may
use them for its own screens):

- a sealed-bid round (`bid` and `mine` in the view, docs/sealed-bids.md): the draft (or the locked
  amount) large, the limit, the padlock, "waiting for N"; after the reveal the result;
- a score: the seat's score and place, and what − / + do;
- a menu the pad walks with − / + and plays with OK: the highlighted choice with its neighbour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence  # not typing's: an isinstance check through those is 2-3x slower
from typing import Any, Callable

from companion.presenters.screens import PadScreen
from companion.presenters.view_fields import seat_name, seat_player, view_players, whole_number

ChoiceLabel = Callable[[Mapping[str, Any], Mapping[str, Any]], str]
"""(choice intent, the view it came from) -> a short label for the pad's menu."""


@dataclasses.dataclass(frozen=True)
class PadWords:
    """Every text the shapes show, as `str.format` templates (English; `companion.ui.text.pad_words`
    gives them in the current language). The bitmap font draws Latin-1 only and CJK through its own
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
    menu_help: str = "-/+ choose, OK plays"
    turn_of: str = "{name}'s turn"
    points: str = "{score} points"
    place: str = "place {place}"
    score_help: str = "-/+ one point"
    answer_title: str = "{name} · your answer"
    answer_help: str = "-/+ pick, OK answers"


ENGLISH = PadWords()


# -- sealed bids ----------------------------------------------------------------------------------


def is_sealed_seat_view(view: Mapping[str, Any]) -> bool:
    """Is this a seat's view of a game that bids sealed (`bid` beside the seat's own `mine`)?"""
    return "bid" in view and "mine" in view


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


# -- an answer to the seat's ask -----------------------------------------------------------------


def answering(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    """The ask seat's pad answers now (`Session.seat_view`'s `answering`: the ask as plain data and
    the `value` the pad shows), or None. Only when it is this seat's: a view handed to the wrong pad
    answers nothing."""
    ask = view.get("answering")
    return ask if isinstance(ask, Mapping) and ask.get("who") == seat else None


def answer_screen(ask: Mapping[str, Any], seat: int, players: Sequence[Mapping[str, Any]], question: str,
                  label: Callable[[Any], str], words: PadWords = ENGLISH) -> PadScreen:
    """Seat's pad answering its ask: the question, the value it shows ("> Roof 4"), and where that
    is among the answers ("2/6" of a list, "1-6" of a range), then what the keys do. Each on its own
    line, so a long name is not cut for a counter beside it (a line holds about 20 characters).
    No padlock: only a sealed bid has one (the sealed-bid screen)."""
    title = words.answer_title.format(name=seat_name(players, seat))
    value = ask.get("value")
    options = list(ask.get("options") or ())
    if options:
        i = options.index(value) if value in options else 0
        where = f"{i + 1}/{len(options)}"
    else:
        bounds = list(ask.get("range") or ())
        where = f"{bounds[0]}-{bounds[1]}" if len(bounds) == 3 else ""
    return PadScreen(title=title, result=(question, f"> {label(value)}", where), status=words.answer_help)


# -- a score --------------------------------------------------------------------------------------


def has_score(view: Mapping[str, Any], seat: int) -> bool:
    """Does the view give this seat's player a `score`?"""
    me = seat_player(view_players(view), seat)
    return me is not None and "score" in me


def score_screen(view: Mapping[str, Any], seat: int, words: PadWords = ENGLISH) -> PadScreen:
    """The seat's score and place (public anyway): a player can check it without looking up."""
    players = view_players(view)
    me = seat_player(players, seat)
    if me is None:
        return PadScreen()
    lines = [words.points.format(score=me.get("score", 0))]
    if me.get("place"):
        lines.append(words.place.format(place=me["place"]))
    return PadScreen(title=seat_name(players, seat), result=tuple(lines),
                     status=words.game_over if view.get("finished") else words.score_help)


# -- a menu ---------------------------------------------------------------------------------------


def menu_screen(title: str, menu: Sequence[Mapping[str, Any]], cursor: int | None, view: Mapping[str, Any],
                label: ChoiceLabel, words: PadWords = ENGLISH) -> PadScreen:
    """A pad menu (choices as intents, not empty) with the session's cursor: where the cursor is
    ("2/5"), the highlighted choice, the next one below it, and what the keys do."""
    i = (cursor or 0) % len(menu)
    lines = [f"{i + 1}/{len(menu)}", "> " + label(menu[i], view)]
    if len(menu) > 1:
        lines.append("  " + label(menu[(i + 1) % len(menu)], view))
    return PadScreen(title=title, result=tuple(lines), status=words.menu_help)


def intent_name(intent: Mapping[str, Any], _view: Mapping[str, Any]) -> str:
    """A choice labelled by its intent's name: the menu's label when a game gives none."""
    return str(intent.get("name", ""))
