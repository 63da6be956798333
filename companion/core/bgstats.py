"""A finished play as BG Stats' push-play link (issue 23): BG Stats' `createPlay` link carrying
the play as JSON ("Push plays to BG Stats from other apps or websites", bgstatsapp.com/support:
`https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>`). A phone with BG Stats opens
its import dialog, where the table matches the game and the players once; the ids below are
stable so BG Stats remembers those matches.

Field rules (the issue's, from what implementations report):
- `sourceName`; `sourcePlayId` stable: the journal's id (`PlayRecord.play_id`);
- `playDate`: the play's END time in UTC as `yyyy-MM-dd HH:mm:ss`; `durationMin` whole minutes;
- `game`: `name` (English), stable `sourceGameId`, `bggId` a JSON number (left out when the
  game's id is not known: BG Stats then matches by name), `highestWins`, `noPoints`;
- `players`: `name`, stable `sourcePlayerId`, numeric `score` (0 for a game without points),
  and `winner` and `startPlayer` always present (BG Stats on Android fails without them).

Pure: the JSON is built from a `PlayRecord` only, which holds only a finished game's public end.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from typing import Any
from urllib.parse import parse_qs, quote, urlsplit

from companion.core.plays import PlayRecord
from companion.core.results import BggEntry

SOURCE_NAME = "companion"
LINK = "https://app.bgstatsapp.com/createPlay.html?data="
#: The longest link made (U: BG Stats' page states no limit; this is the link's length a phone's
#: scanner and browser reliably take, and what a QR code shown on the 7" screen still carries: a
#: code of at most version 40 at error correction L, 2,953 bytes). `push_link` refuses longer.
MAX_LINK = 2953
#: Characters the query keeps as they are (RFC 3986 allows them in a query): ":" and "," occur in
#: every field of the JSON, and keeping them keeps the link for 8 players under `MAX_LINK`.
SAFE = ":,'()*!$;@/?"


class LinkTooLong(ValueError):
    """The play's link is longer than `MAX_LINK`: no QR code could carry it."""


def player_id(name: str) -> str:
    """A stable `sourcePlayerId` for a player's name: the same name (ignoring case, width and
    surrounding spaces) gives the same id at every play, so BG Stats keeps the match the table made
    once; short and of fixed length, so eight players fit the link."""
    key = unicodedata.normalize("NFKC", name).strip().casefold()
    return "p" + hashlib.sha256(key.encode("utf-8")).hexdigest()[:8]


def play_date(record: PlayRecord) -> str:
    """The play's end in UTC, as BG Stats reads it: `yyyy-MM-dd HH:mm:ss`."""
    return record.end.strftime("%Y-%m-%d %H:%M:%S")


def push_json(record: PlayRecord, game_name: str, bgg: BggEntry | None) -> dict[str, Any]:
    """The play as BG Stats' push JSON (the module's field rules)."""
    result = record.result
    game: dict[str, Any] = {"name": game_name, "sourceGameId": f"{SOURCE_NAME}-{record.game}"}
    if bgg is not None:
        game["bggId"] = int(bgg.bgg_id)
    game["highestWins"] = bool(result.highest_wins)
    game["noPoints"] = bool(result.no_points)
    players = [{"name": p.name, "sourcePlayerId": player_id(p.name),
                "score": 0 if p.score is None or result.no_points else int(p.score),
                "winner": bool(p.winner), "startPlayer": result.start_player == p.seat}
               for p in result.players]
    return {"sourceName": SOURCE_NAME, "sourcePlayId": record.play_id, "playDate": play_date(record),
            "durationMin": record.duration_min, "game": game, "players": players}


def push_link(data: dict[str, Any]) -> str:
    """BG Stats' createPlay link carrying `data` (compact JSON, url-encoded); raises LinkTooLong
    past `MAX_LINK`, naming the length."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    link = LINK + quote(text, safe=SAFE)
    if len(link) > MAX_LINK:
        raise LinkTooLong(f"the BG Stats link is {len(link)} characters, more than the {MAX_LINK} a QR code carries")
    return link


def data_of(link: str) -> dict[str, Any]:
    """The JSON a createPlay link carries (what BG Stats reads from it): for tests and checks."""
    parts = urlsplit(link)
    return json.loads(parse_qs(parts.query)["data"][0])


__all__ = ["LINK", "LinkTooLong", "MAX_LINK", "SOURCE_NAME", "data_of", "play_date", "player_id", "push_json",
           "push_link"]
