"""What the table status display shows, by the shape of the table's public view: pure functions,
no device.

They read the session's PUBLIC view (what every listener's `TableView` carries, never a seat's) to
build a `hardware.status_display.screen.StatusScreen`. The display faces the whole table, so it must
never show a secret: only public fields are read, and a seat's `mine`/`draft` are ignored even if a
seat view were handed over by mistake (a test holds it to that).

Words come in as a `StatusWords` (English by default; `companion.ui.shell.status_display` gives them in
the current language), because the hardware layer knows no language and this layer no catalog.

The shapes (`companion.presenters.game.GamePresenter` puts them together; a game's own presenter
may use them for its own screens):

- a title: the game's name, with its round for games that count them ("Secret bid · round 2");
- a sealed round's public state: how many the table waits for, then the revealed winner;
- scores with places: who leads ("1. Ann 12");
- seasons of rounds and a time track: `StatusScreen`'s pips and track, labelled.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from companion.presenters.screens import StatusScreen
from companion.presenters.view_fields import count_in, seat_name, view_players, whole_number

MAX_LAP = 40
"""The longest time track `StatusScreen` draws (it refuses a longer one)."""


@dataclasses.dataclass(frozen=True)
class StatusWords:
    """Every text the shapes show, as `str.format` templates (English; the UI passes them
    translated). Most are the pads' phrases word for word, so the catalogs hold them once."""

    season: str = "Season"
    round: str = "Round"
    game_round: str = "{game} · round {n}"
    turn_of: str = "{name}'s turn"
    game_over: str = "game over"
    waiting: str = "waiting for {n}"
    won: str = "{name} wins: {amount}"
    tie: str = "Tie: {name} {amount}"
    no_bids: str = "No bids"
    leader: str = "{place}. {name} {amount}"


ENGLISH = StatusWords()


def title_line(name: str, view: Mapping[str, Any], words: StatusWords = ENGLISH) -> str:
    """The top line: the game's name, and its round when the view counts rounds from 1."""
    round_number = whole_number(view.get("round"))
    return words.game_round.format(game=name, n=round_number) if name and round_number and round_number > 0 \
        else name


def shared_status(view: Mapping[str, Any], words: StatusWords = ENGLISH) -> str:
    """The bottom line every game's view can give: game over; else a sealed round's public state
    (the table waits for N, or who won once revealed); else who leads, where players have places."""
    if view.get("finished"):
        return words.game_over
    players = view_players(view)
    bid = view.get("bid")
    if isinstance(bid, Mapping):
        result = bid.get("result")
        if isinstance(result, Mapping):
            return verdict(result, players, words)
        if bid.get("phase") == "bidding":
            waiting = bid.get("waiting") or ()
            return words.waiting.format(n=len(waiting)) if waiting else ""
    return leader(players, words)


def verdict(result: Mapping[str, Any], players: Sequence[Mapping[str, Any]], words: StatusWords = ENGLISH) -> str:
    """A revealed round as the whole table may read it: the winner(s) and the winning amount."""
    winners = [int(s) for s in result.get("winners", ())]
    if not winners:
        return words.no_bids
    bids = {int(b["seat"]): b.get("amount") for b in result.get("bids", ()) if isinstance(b, Mapping)}
    amount = bids.get(winners[0], "")
    if len(winners) == 1:
        return words.won.format(name=seat_name(players, winners[0]), amount=amount)
    return words.tie.format(name=", ".join(seat_name(players, s) for s in winners), amount=amount)


def leader(players: Sequence[Mapping[str, Any]], words: StatusWords = ENGLISH) -> str:
    """The first place ("1. Ann 12"; "1. Ann, Bo 12" on a tie); "" before any score, or when the
    players have no places."""
    first = [p for p in players if p.get("place") == 1]
    if not first or not any(p.get("score") for p in players):
        return ""
    names = ", ".join(str(p.get("name", "")) for p in first)
    return words.leader.format(place=1, name=names, amount=first[0].get("score", 0))


def track_screen(title: str, view: Mapping[str, Any], words: StatusWords = ENGLISH, *, seasons: int, rounds: int,
                 status: str = "") -> StatusScreen:
    """Seasons of rounds and a time track, from the view's `season`, `round`, `time`, `lap` and
    `round_ending` (the view gives the current ones; the game gives how many there are). A value
    the screen cannot draw leaves its part out; so does a view that has none yet (a set-up)."""
    lap = count_in(view.get("lap"), MAX_LAP)
    time = view.get("time")
    has_track = lap is not None and whole_number(time) is not None and time >= 0
    return StatusScreen(
        title=title,
        season=count_in(view.get("season"), seasons), seasons=seasons,
        round=count_in(view.get("round"), rounds), rounds=rounds,
        time=time if has_track else None, lap=lap if has_track else None,
        round_ending=has_track and bool(view.get("round_ending")),
        season_label=words.season, round_label=words.round,
        status=status,
    )
