"""Small pieces of Kivy markup and colour the Trajan screens share: a player's or a demand's colour
as a glyph, colours as RGBA, text made safe inside markup, a button row of the choice grids."""

from __future__ import annotations

from typing import Any, Mapping

from companion.ui.trajan import names

#: The grey of secondary text inside markup (theme.MUTED as a hex colour).
MUTED_HEX = "A9B3C1"
_UNKNOWN_HEX = "8B95A3"


def escape(text: str) -> str:
    """Text inside Kivy markup: brackets and ampersands escaped."""
    return text.replace("&", "&amp;").replace("[", "&bl;").replace("]", "&br;")


def hex_rgba(value: str, alpha: float = 1.0) -> list[float]:
    value = value.lstrip("#")
    return [int(value[i:i + 2], 16) / 255 for i in (0, 2, 4)] + [alpha]


def colour_rgba(colour: str) -> list[float]:
    """A player's (or a marker's) colour as Kivy RGBA."""
    return hex_rgba(names.COLOUR_HEX.get(colour, _UNKNOWN_HEX))


def dot(colour: str, char: str = "●") -> str:
    """A coloured glyph in Kivy markup (a marker or a demand chip)."""
    return f"[color={names.COLOUR_HEX.get(colour, names.DEMAND_HEX.get(colour, _UNKNOWN_HEX))}]{char}[/color]"


def demand_chip(demand: str) -> str:
    return f"[color={names.DEMAND_HEX.get(demand, _UNKNOWN_HEX)}]■[/color]"


def seat_name(view: Mapping[str, Any], seat: Any) -> str:
    """The name of the player at `seat`, or "" for no seat."""
    players = view.get("players", ())
    return str(players[seat]["name"]) if isinstance(seat, int) and 0 <= seat < len(players) else ""


def button_row(wid: str, text: str, kind: str, index: int = -1, enabled: bool = True, markup: str = "",
               **extra: Any) -> dict[str, Any]:
    """One button of the choice grid: `index` into the view's choices (-1: a button of the screen's
    own, such as a card composer or a found tile, told apart by `extra`)."""
    return {"index": index, "wid": wid, "text": text, "kind": kind, "enabled": enabled, "markup": markup, **extra}


def select(rows: list[dict[str, Any]], cursor: int) -> None:
    """Marks the row the mover's pad points at (`cursor`, an index into the view's choices; -1:
    none) as selected, and every other row as not."""
    for row in rows:
        row["selected"] = cursor >= 0 and row.get("index") == cursor
