"""What the table status display shows, from the table's public view: a pure function, no device.

`status_screen(table, words)` maps the session's `TableView` (what every listener gets: the PUBLIC
view, never a seat's) to a `hardware.status_display.screen.StatusScreen`. The display faces the
whole table, so it must never show a secret: it reads only public fields, and ignores a seat's
`mine`/`draft` even if a seat view were handed to it by mistake (a test holds it to that).

Words come in as a `StatusWords` (English by default; `companion.ui.status_display` gives them in
the current language), because the hardware layer knows no language and this layer no catalog.

- Trajan: the season and round large with their pips, the time track (time, lap, and the round-end
  bar while the round ends after this turn), and the phase on the bottom line (whose turn, the
  consul's bonus tile, a demand to turn up, the senate's bonus tiles to draw, game over);
- a score pad: its name and who leads;
- a game with open-ended rounds (secret bid, Tribune): its name and round, and the bidding's
  public state (how many the table waits for, the revealed winner);
- the dice tray: its name and how many reads the table has counted (closed or not: the tally is
  what it is for);
- anything else with a known name: the name; no game: blank (the display is cleared).
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from companion.presenters.view_fields import seat_name, view_players, whole_number
from hardware.status_display.screen import StatusScreen

TRAJAN_SEASONS = 4
TRAJAN_ROUNDS = 4
"""Trajan 1.1: four seasons of four rounds (the view gives the current ones, not the counts)."""

MAX_LAP = 40
"""The longest track `StatusScreen` draws; Trajan's laps are 11 to 22 spaces."""


def _english_titles() -> dict[str, str]:
    return {"trajan": "Trajan", "scorepad": "Score pad", "secretbid": "Secret bid", "tribune": "Tribune",
            "troyes": "Troyes", "augustus": "Augustus", "dicetray": "Dice tray"}


@dataclasses.dataclass(frozen=True)
class StatusWords:
    """Every text the status display shows, as `str.format` templates (English; the UI passes them
    translated). Most are the pads' phrases word for word, so the catalogs hold them once."""

    titles: Mapping[str, str] = dataclasses.field(default_factory=_english_titles)
    season: str = "Season"
    round: str = "Round"
    game_round: str = "{game} · round {n}"
    turn_of: str = "{name}'s turn"
    consul: str = "{name} · bonus tile"
    reveal_demand: str = "Turn up a demand tile"
    # The table draws the senate's 2 bonus tiles (Trajan 1.6 step 4, 1.11). Not the table screen's
    # "Bonus tiles for the senate": the status line holds 21 Latin characters (6 px each in 128).
    draw_bonus: str = "Draw the bonus tiles"
    game_over: str = "game over"
    waiting: str = "waiting for {n}"
    won: str = "{name} wins: {amount}"
    tie: str = "Tie: {name} {amount}"
    no_bids: str = "No bids"
    leader: str = "{place}. {name} {amount}"
    reads: str = "Reads counted: {count}"


ENGLISH = StatusWords()


def status_screen(table: Any, words: StatusWords = ENGLISH) -> StatusScreen:
    """The status display's screen for `table` (a `companion.session.TableView`, or anything with
    `game` and `view`); blank when no game is open."""
    view = getattr(table, "view", None)
    game = getattr(table, "game", None)
    if not game or not isinstance(view, Mapping):
        return StatusScreen()
    if game == "trajan":
        return trajan_screen(view, words)
    return other_screen(game, view, words)


# -- Trajan -----------------------------------------------------------------------------------------


def trajan_screen(view: Mapping[str, Any], words: StatusWords = ENGLISH) -> StatusScreen:
    """Season, round and the time track of a Trajan game, and what the table does now."""
    title = words.titles.get("trajan", "")
    if view.get("phase") == "setup":
        return StatusScreen(title=title, season_label=words.season, round_label=words.round)
    lap = _count(view.get("lap"), MAX_LAP)
    time = view.get("time")
    has_track = lap is not None and whole_number(time) is not None and time >= 0
    return StatusScreen(
        title=title,
        season=_count(view.get("season"), TRAJAN_SEASONS), seasons=TRAJAN_SEASONS,
        round=_count(view.get("round"), TRAJAN_ROUNDS), rounds=TRAJAN_ROUNDS,
        time=time if has_track else None, lap=lap if has_track else None,
        round_ending=has_track and bool(view.get("round_ending")),
        season_label=words.season, round_label=words.round,
        status=trajan_status(view, words),
    )


def trajan_status(view: Mapping[str, Any], words: StatusWords = ENGLISH) -> str:
    """The bottom line: whose turn it is, or the phase that holds the game up (Trajan 1.1, 1.6):
    the consul's choice, a demand to turn up, the senate's bonus tiles to draw (the table draws)."""
    phase = view.get("phase")
    players = view_players(view)
    if phase == "over":
        return words.game_over
    if phase == "consul" and whole_number(view.get("consul")) is not None:
        return words.consul.format(name=seat_name(players, view["consul"]))
    if phase == "reveal":
        return words.reveal_demand
    if phase == "bonus_draw":
        return words.draw_bonus
    if phase == "turn" and whole_number(view.get("current")) is not None:
        return words.turn_of.format(name=seat_name(players, view["current"]))
    return ""


# -- other games ------------------------------------------------------------------------------------


def other_screen(game: str, view: Mapping[str, Any], words: StatusWords = ENGLISH) -> StatusScreen:
    """A game without a time track: its name (with the round, for games that count them) and one
    public line about where it stands."""
    name = words.titles.get(game, "")
    round_number = whole_number(view.get("round"))
    title = words.game_round.format(game=name, n=round_number) if name and round_number and round_number > 0 \
        else name
    if not title:
        return StatusScreen()
    return StatusScreen(title=title, status=other_status(game, view, words))


def other_status(game: str, view: Mapping[str, Any], words: StatusWords = ENGLISH) -> str:
    """The dice tray's count of reads; else game over; else a sealed round's public state (the
    table waits for N, or who won once revealed); else, on a score pad, who leads."""
    if game == "dicetray":
        count = whole_number(view.get("count"))
        return words.reads.format(count=count) if count is not None and count >= 0 else ""
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
    if game == "scorepad":
        return leader(players, words)
    return ""


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
    """The score pad's first place ("1. Ann 12"; "1. Ann, Bo 12" on a tie); "" before any score."""
    first = [p for p in players if p.get("place") == 1]
    if not first or not any(p.get("score") for p in players):
        return ""
    names = ", ".join(str(p.get("name", "")) for p in first)
    return words.leader.format(place=1, name=names, amount=first[0].get("score", 0))


# -- helpers ----------------------------------------------------------------------------------------


def _count(value: Any, most: int) -> int | None:
    """`value` when it is 1 to `most`, else None: a value the screen cannot draw leaves its part out
    rather than stopping the display (StatusScreen raises on it)."""
    number = whole_number(value)
    return number if number is not None and 1 <= number <= most else None
