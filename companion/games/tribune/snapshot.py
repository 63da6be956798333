"""Calculator mode: the victory check of a Tribune table that did not track its game
(`companion score tribune SNAPSHOT.json [--json]`, docs/tribune-snapshot.md).

A snapshot says what every player holds at a round's end (factions controlled, laurels, legions,
denarii, tiles on their tribune side, favour of the gods) and the victory card (its seven numbers,
or its id in the table's card file given inline). `score_snapshot` checks it field by field,
refusing what the box cannot hold with an IllegalCommand naming the field and the rule, then
checks every player with the same function a tracked game's round end uses (`victory.standing`,
digest 3.5) and decides the winners by the `several_winners` rule.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.tribune import victory as vic
from companion.games.tribune.board import FACTIONS

FORMAT = "companion-tribune-snapshot"
VERSION = 1
FORMAT_RULE = "Tribune snapshot format"
BOX_RULE = "Tribune 3.7 components"
TOP = ("format", "version", "victory", "victory_card", "victory_cards", "several_winners", "players")
PLAYER = ("name", "factions", "laurels", "legions", "denarii", "tribune", "favour", "declared")
#: What the box holds (digest 3.1, 3.7, UBG-TRI, S): laurels 30 × 1 + 10 × 5, 30 legions, 6 scroll /
#: tribune tiles, 6 eternal + 2 temporary favour tiles. A table's holdings together never exceed them.
BOX = {"laurels": 80, "legions": 30, "tribune": 6, "favour": 8}


def _fields(value: Any, allowed: tuple[str, ...], where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected an object.", field=where)
    for key in value:
        if key not in allowed:
            raise IllegalCommand(FORMAT_RULE, "{field}: unknown field; the fields here are: {known}.",
                                 field=key if where == "snapshot" else f"{where}.{key}", known=", ".join(allowed))
    return value


def _count(value: Any, field: str, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= high:
        raise IllegalCommand(FORMAT_RULE, "{field}: expected a whole number from 0 to {high}.", field=field, high=high)
    return value


def _card(top: Mapping[str, Any], players: int) -> vic.VictoryCard:
    if "victory" in top:
        return vic.parse_card(top["victory"], "victory")
    card_id = top.get("victory_card")
    if not isinstance(card_id, str) or "victory_cards" not in top:
        raise IllegalCommand(FORMAT_RULE, "{field}: give the card's seven numbers, or victory_card with "
                             "victory_cards.", field="victory")
    return vic.pick(vic.parse_card_file(json.dumps(top["victory_cards"], indent=1)), card_id, players)


def score_snapshot(data: Any) -> dict[str, Any]:
    """The victory grid of a snapshot: each player's conditions (met, or the margin), how many are
    met, who qualifies, the winners by `several_winners` (None: the table picks among `qualifiers`)."""
    top = _fields(data, TOP, "snapshot")
    if top.get("format") != FORMAT:
        raise IllegalCommand(FORMAT_RULE, "{field}: expected \"{expected}\".", field="format", expected=FORMAT)
    if top.get("version") != VERSION:
        raise IllegalCommand(FORMAT_RULE, "{field}: this companion reads version {expected}.", field="version",
                             expected=VERSION)
    rows = top.get("players")
    if not isinstance(rows, list) or not 2 <= len(rows) <= 5:
        raise IllegalCommand(FORMAT_RULE, "{field}: Tribune is for 2 to 5 players.", field="players")
    rule = top.get("several_winners", "table")
    if rule not in vic.SEVERAL:
        raise IllegalCommand(FORMAT_RULE, "{field}: expected one of {choices}.", field="several_winners",
                             choices=", ".join(vic.SEVERAL))
    card = _card(top, len(rows))
    names: list[str] = []
    held: dict[str, str] = {}
    values: list[dict[str, int]] = []
    declared: list[bool] = []
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        row = _fields(row, PLAYER, where)
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalCommand(FORMAT_RULE, "{field}: expected a name.", field=f"{where}.name")
        if name in names:
            raise IllegalCommand(FORMAT_RULE, "{field}: two players are named {name}.", field=f"{where}.name", name=name)
        names.append(name)
        factions = row.get("factions", 0)
        if isinstance(factions, list):
            for k, faction in enumerate(factions):
                field = f"{where}.factions[{k}]"
                if faction not in FACTIONS:
                    raise IllegalCommand(FORMAT_RULE, "{field}: expected one of {choices}.", field=field,
                                         choices=", ".join(FACTIONS))
                if faction in held:
                    raise IllegalCommand(BOX_RULE, "{field}: the {faction} are controlled by {other}: one "
                                         "controller per faction.", field=field, faction=faction, other=held[faction])
                held[faction] = name
            count = len(factions)
        else:
            count = _count(factions, f"{where}.factions", len(FACTIONS))
        values.append({"factions": count, "laurels": _count(row.get("laurels", 0), f"{where}.laurels", BOX["laurels"]),
                       "legions": _count(row.get("legions", 0), f"{where}.legions", BOX["legions"]),
                       "denarii": _count(row.get("denarii", 0), f"{where}.denarii", 9_999_999),
                       "tribune": _count(row.get("tribune", 0), f"{where}.tribune", BOX["tribune"]),
                       "favour": _count(row.get("favour", 0), f"{where}.favour", BOX["favour"])})
        flag = row.get("declared", False)
        if not isinstance(flag, bool):
            raise IllegalCommand(FORMAT_RULE, "{field}: expected true or false.", field=f"{where}.declared")
        declared.append(flag)
    if sum(v["factions"] for v in values) > len(FACTIONS):
        raise IllegalCommand(BOX_RULE, "{field}: {count} factions controlled, but there are 7.", field="players",
                             count=sum(v["factions"] for v in values))
    for what, most in BOX.items():
        total = sum(v[what] for v in values)
        if total > most:
            raise IllegalCommand(BOX_RULE, "{field}: the players hold {total} {what} together; the box has {most}.",
                                 field=f"players[*].{what}", total=total, what=what, most=most)
    standings = [vic.standing(i, v, card) for i, v in enumerate(values)]
    winners = vic.winners(standings, rule)
    return {
        "card": card.data(),
        "several_winners": rule,
        "grid": [{"seat": s.seat, "name": names[s.seat], "declared": declared[s.seat], "met": s.met,
                  "qualifies": s.qualifies, "short": s.short, "margin": s.margin,
                  "conditions": [{"name": c.name, "value": c.value, "threshold": c.threshold, "met": c.met,
                                  "margin": c.margin} for c in s.conditions]} for s in standings],
        "qualifiers": [s.seat for s in standings if s.qualifies],
        "winners": None if winners is None else list(winners),
        "winner_names": None if winners is None else [names[s] for s in winners],
    }


def _cell(condition: Mapping[str, Any]) -> str:
    if condition["threshold"] is None:
        return f"{condition['value']} (-)"
    if condition["met"]:
        return f"{condition['value']} met"
    return f"{condition['value']} ({condition['margin']})"


def format_scores(result: Mapping[str, Any]) -> str:
    """The grid as terminal text: a column per condition (value, "met" or the margin; "-": not on
    the card), the conditions met, then the winner(s) or the qualifiers the table picks among."""
    card = result["card"]
    head = f"Victory card {card['id'] or '(entered)'}: {card['needed']} of " + ", ".join(
        f"{name} {card[name]}" for name in vic.CONDITIONS if card[name] is not None)
    width = max(len(r["name"]) for r in result["grid"]) + 2
    lines = [head, " " * width + "".join(f"{name:<12}" for name in vic.CONDITIONS) + "met"]
    for row in result["grid"]:
        cells = "".join(f"{_cell(c):<12}" for c in row["conditions"])
        mark = " qualifies" if row["qualifies"] else f" (short {row['short']})"
        lines.append(f"{row['name']:<{width}}{cells}{row['met']}{mark}" + (" · declared" if row["declared"] else ""))
    names = {r["seat"]: r["name"] for r in result["grid"]}
    if not result["qualifiers"]:
        lines.append("Nobody meets the card: play goes on.")
    elif result["winners"] is None:
        lines.append("Several qualify: the table picks among " + ", ".join(
            f"{names[s]} (margin {result['grid'][s]['margin']})" for s in result["qualifiers"]))
    else:
        margins = ", ".join(f"{names[q]} {result['grid'][q]['margin']}" for q in result["qualifiers"])
        rule = "" if len(result["qualifiers"]) == 1 else f" (several_winners: {result['several_winners']}; margins {margins})"
        lines.append("Winner: " + " and ".join(names[s] for s in result["winners"]) + rule)
    return "\n".join(lines) + "\n"
