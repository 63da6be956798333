"""The history of finished plays (issue 23): the list (date, duration, players, winner, scores),
one play opened (its final breakdown, every category with its rule, its score chart as at the end,
and its BG Stats QR code), and the statistics per player name across games.

The records come from the session (`Session.finished_plays`, finished games only: no secret is
still secret in them); each game's words for its categories and rules from its GameUI
(`category_name`, `rule_name`). Nothing here names a game.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.gameui import game_ui_for
from companion.ui.shell.choices import known
from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.widgets.charts import series_rgba

#: record → its BG Stats link (the app's: `Session.bgstats_link` with the game's English title).
Linker = Callable[[Any], str]


def english_title(game_id: str) -> str:
    """The game's English title (its registry line's), which BG Stats matches by; the id without one."""
    choice = known(game_id)
    return choice.title if choice is not None and choice.title else game_id


def _score(player: Any) -> str:
    return "" if player.score is None else str(player.score)


def players_line(record: Any) -> str:
    """"★ Ann 23 · Bo 9": every player with their score, the winners starred, in seat order."""
    parts = []
    for p in record.players:
        score = _score(p)
        text = f"{p.name} {score}" if score else p.name
        parts.append(("★ " + text) if p.winner else text)
    return " · ".join(parts)


def winners_text(record: Any) -> str:
    names = [p.name for p in record.players if p.winner]
    if not names:
        return _("No winner recorded")
    return _("Winner: {names}").format(names=", ".join(names))


@dataclasses.dataclass
class PlayerStats:
    """One name's plays across games: plays and wins in all, and per game its plays, the sum and
    the best of its scores (games without points count plays and wins only)."""

    name: str
    plays: int = 0
    wins: int = 0
    games: dict[str, list[int]] = dataclasses.field(default_factory=dict)  # game → [plays, scored, total, best]


def player_stats(records: Sequence[Any]) -> list[PlayerStats]:
    """Statistics per player name (the same name at any game is the same player), most plays
    first, then by name."""
    stats: dict[str, PlayerStats] = {}
    for record in records:
        for p in record.players:
            mine = stats.setdefault(p.name, PlayerStats(p.name))
            mine.plays += 1
            mine.wins += 1 if p.winner else 0
            game = mine.games.setdefault(record.game, [0, 0, 0, 0])
            game[0] += 1
            if p.score is not None and not record.result.no_points:
                game[3] = p.score if game[1] == 0 else max(game[3], p.score)
                game[1] += 1
                game[2] += p.score
    return sorted(stats.values(), key=lambda s: (-s.plays, s.name))


class PlaysViewModel(EventDispatcher):
    """`rows` the plays, newest first; `stats` and `bars` the statistics per player; `opened` the
    index of the play shown (-1: none) with its `title`, `summary`, `grid` (the breakdown as
    rows of cells: a header, one row per category with its rule, the totals), `series` (the score
    chart) and `link` (BG Stats, carried by the QR code; "" with `link_problem` saying why)."""

    rows = ListProperty([])  # [{index, title, players}]
    stats = ListProperty([])  # [{name, text, rgba}]
    bars = ListProperty([])  # [{label, plays, wins, rgba}]
    has_plays = BooleanProperty(False)
    opened = NumericProperty(-1)
    title = StringProperty("")
    summary = StringProperty("")
    winners = StringProperty("")
    grid = ListProperty([])  # [[cell, …]]: header, categories, totals
    columns = NumericProperty(1)
    series = ListProperty([])  # [{rgba, points}]
    link = StringProperty("")
    link_problem = StringProperty("")
    qr_large = BooleanProperty(False)  # the QR code over the whole screen (the breakdown hidden)

    def __init__(self, linker: Linker | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.linker = linker
        self._records: list[Any] = []

    @property
    def records(self) -> list[Any]:
        return list(self._records)

    def refresh(self, records: Sequence[Any] | None = None) -> None:
        """The list and the statistics from `records` (None: the ones it has, reworded after a
        language change); the opened play stays open when it is still listed."""
        opened = self._records[self.opened].play_id if 0 <= self.opened < len(self._records) else None
        if records is not None:
            self._records = list(records)
        self.has_plays = bool(self._records)
        self.rows = [{"index": i, "title": self._heading(r), "players": players_line(r)}
                     for i, r in enumerate(self._records)]
        stats = player_stats(self._records)
        self.stats = [{"name": s.name, "text": self._stats_text(s), "rgba": series_rgba(i)} for i, s in enumerate(stats)]
        self.bars = [{"label": s.name, "plays": s.plays, "wins": s.wins, "rgba": series_rgba(i)}
                     for i, s in enumerate(stats[:8])]
        again = next((i for i, r in enumerate(self._records) if r.play_id == opened), -1)
        self.open(again) if again >= 0 else self.close()

    @staticmethod
    def _heading(record: Any) -> str:
        return _("{game} · {when} · {minutes} min").format(
            game=fmt.game_title(record.game), when=fmt.format_when(record.end.isoformat()),
            minutes=record.duration_min)

    @staticmethod
    def _stats_text(stats: PlayerStats) -> str:
        lines = [_("{name}: played {plays}, won {wins}").format(name=stats.name, plays=stats.plays, wins=stats.wins)]
        for game, (plays, scored, total, best) in stats.games.items():
            if scored:
                lines.append(_("{game}: played {plays}, average {average}, best {best}").format(
                    game=fmt.game_title(game), plays=plays, average=f"{total / scored:.1f}", best=best))
            else:
                lines.append(_("{game}: played {plays}").format(game=fmt.game_title(game), plays=plays))
        return "\n".join(lines)

    def open(self, index: int) -> None:
        """Shows play `index`: its breakdown, chart and BG Stats link."""
        record = self._records[index]
        ui = game_ui_for(record.game)
        result = record.result
        self.title = self._heading(record)
        self.summary = players_line(record)
        self.winners = winners_text(record)
        header = [_("Category")] + [p.name for p in result.players]
        grid = [header]
        ids = list(dict.fromkeys(c.id for p in result.players for c in p.categories))
        for cid in ids:
            cats = [next((c for c in p.categories if c.id == cid), None) for p in result.players]
            rule = next(c.rule for c in cats if c is not None)
            grid.append([_("{category} [{rule}]").format(category=ui.category_name(cid), rule=ui.rule_name(rule))]
                        + ["" if c is None else str(c.points) for c in cats])
        if not result.no_points:
            grid.append([_("Total")] + [_score(p) for p in result.players])
        self.columns = len(header)
        self.grid = grid
        if result.track:
            self.series = [{"rgba": series_rgba(i), "points": list(points)} for i, points in enumerate(result.track)]
        elif not result.no_points:
            self.series = [{"rgba": series_rgba(i), "points": [p.score or 0]} for i, p in enumerate(result.players)]
        else:
            self.series = []
        self.link, self.link_problem, self.qr_large = "", "", False
        if self.linker is not None:
            try:
                self.link = self.linker(record)
            except ValueError as exc:  # bgstats.LinkTooLong: no QR code could carry it
                self.link_problem = _("This play is too long for a QR code: {reason}").format(reason=str(exc))
        self.opened = index

    def close(self) -> None:
        self.opened = -1
        self.title = self.summary = self.winners = self.link = self.link_problem = ""
        self.qr_large = False
        self.grid = []
        self.series = []
