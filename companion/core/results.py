"""What a game says about its end (`Game.final_result`): every player's score, whether they won,
and the breakdown with the rule each category scores by. Plain frozen values, so a play record
(`core.plays`), BG Stats' push and the export read every game alike."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence


@dataclasses.dataclass(frozen=True)
class Category:
    """One scoring category of one player: its id, the points and the rule it scores by; `detail`
    how it was counted, as plain data the game's end screen words (templates and params)."""

    id: str
    points: int
    rule: str
    detail: Any = ()


@dataclasses.dataclass(frozen=True)
class PlayerResult:
    """One seat at the end: `score` None for a game without points (Tribune)."""

    seat: int
    name: str
    score: int | None
    winner: bool
    categories: tuple[Category, ...] = ()


@dataclasses.dataclass(frozen=True)
class FinalResult:
    """How a finished game ended, as its rules say (`Game.final_result`): the players in seat
    order, the start player (None when the game has none: Augustus plays at once), whether the
    highest score wins, whether the game scores points at all, the tie-break used, and the score
    over the game (`track`: per seat the score after each counted moment, ending at the final
    total; empty when the game keeps none)."""

    players: tuple[PlayerResult, ...]
    start_player: int | None = None
    highest_wins: bool = True
    no_points: bool = False
    tie_break: str = ""
    tie_break_rule: str = ""
    track: tuple[tuple[int, ...], ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(p.seat for p in self.players if p.winner)


def winners_by_score(scores: Sequence[int], highest_wins: bool = True) -> tuple[bool, ...]:
    """Who wins by the score alone (every seat tied for the best): for games whose rules have
    no tie-break beyond the score."""
    if not scores:
        return ()
    best = max(scores) if highest_wins else min(scores)
    return tuple(s == best for s in scores)



@dataclasses.dataclass(frozen=True)
class BggEntry:
    """A game's BoardGameGeek id as data: `confirmed` False while nobody has checked it against
    the box (it is pushed all the same: BG Stats shows the match for the table to accept), and
    where the id comes from."""

    bgg_id: int
    confirmed: bool
    source: str


__all__ = ["BggEntry", "Category", "FinalResult", "PlayerResult", "from_breakdown", "winners_by_score"]


def from_breakdown(final: Mapping[str, Any], *, start_player: int | None,
                   track: Sequence[Sequence[int]] = ()) -> FinalResult:
    """A `FinalResult` from the end-of-game breakdown Trajan and Troyes share (their public view's
    `final`: players [{seat, name, categories [{id, vp, rule, detail}], total}], `winners` by name,
    `tie_break`, `tie_break_rule`): one reading, not one per game."""
    winners = set(final.get("winners", ()))
    players = tuple(
        PlayerResult(int(p["seat"]), str(p["name"]), int(p["total"]), p["name"] in winners,
                     tuple(Category(str(c["id"]), int(c["vp"]), str(c["rule"]), c.get("detail", ()))
                           for c in p.get("categories", ())))
        for p in sorted(final.get("players", ()), key=lambda p: p["seat"]))
    return FinalResult(players, start_player, tie_break=str(final.get("tie_break", "")),
                       tie_break_rule=str(final.get("tie_break_rule", "")),
                       track=tuple(tuple(int(v) for v in seat) for seat in track))
