"""`companion export`'s files, from play records (`core.plays`): BG Stats' push JSON per play,
and CSV with one row per player per play. Pure: only finished plays' public ends go in."""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Callable, Iterable, Mapping

from companion.core import bgstats
from companion.core.plays import PlayRecord
from companion.core.results import BggEntry

#: The CSV's columns, one row per player per play (a spreadsheet sorts and sums them).
CSV_COLUMNS = ("play_id", "game", "date", "start_utc", "end_utc", "duration_min", "seat", "player",
               "start_player", "score", "winner", "no_points", "breakdown")

Titles = Callable[[str], str]
Bggs = Callable[[str], BggEntry | None]


def bgstats_plays(records: Iterable[PlayRecord], title: Titles, bgg: Bggs) -> list[dict[str, Any]]:
    """Each play's BG Stats push JSON (`core.bgstats.push_json`), newest first as given."""
    return [bgstats.push_json(r, title(r.game), bgg(r.game)) for r in records]


def bgstats_text(records: Iterable[PlayRecord], title: Titles, bgg: Bggs) -> str:
    """The --bgstats file: {"plays": [push JSON, …]} (UTF-8 JSON)."""
    return json.dumps({"plays": bgstats_plays(records, title, bgg)}, ensure_ascii=False, indent=2) + "\n"


def _time(record_time: Any) -> str:
    return record_time.strftime("%Y-%m-%d %H:%M:%S")


def csv_rows(records: Iterable[PlayRecord], title: Titles) -> list[dict[str, str]]:
    """One row per player per play; `breakdown` is the player's categories as JSON
    ([{id, points, rule}]), empty for a game without one."""
    rows = []
    for r in records:
        result = r.result
        for p in result.players:
            breakdown = [{"id": c.id, "points": c.points, "rule": c.rule} for c in p.categories]
            rows.append({"play_id": r.play_id, "game": title(r.game), "date": r.date, "start_utc": _time(r.start),
                         "end_utc": _time(r.end), "duration_min": str(r.duration_min), "seat": str(p.seat + 1),
                         "player": p.name, "start_player": "1" if result.start_player == p.seat else "0",
                         "score": "" if p.score is None else str(p.score), "winner": "1" if p.winner else "0",
                         "no_points": "1" if result.no_points else "0",
                         "breakdown": json.dumps(breakdown, ensure_ascii=False) if breakdown else ""})
    return rows


def csv_text(records: Iterable[PlayRecord], title: Titles) -> str:
    """The --csv file's text (header, then `csv_rows`)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(csv_rows(records, title))
    return out.getvalue()


def titles_from(entries: Mapping[str, str]) -> Titles:
    """A game id → English title lookup (an unknown id stays itself)."""
    return lambda game: entries.get(game) or game


__all__ = ["CSV_COLUMNS", "bgstats_plays", "bgstats_text", "csv_rows", "csv_text", "titles_from"]
