"""Calculator mode: score an Augustus table that did not track its game (docs/augustus-snapshot.md).

A snapshot says what every player holds at the game's end: the controlled objectives (their
printed facts, or their numbers in the table's card file) and the reward tiles. `parse_snapshot`
checks it field by field, refusing what the box cannot produce with an IllegalCommand naming the
field and the rule; `score_snapshot` scores it with the functions a tracked game's end uses
(scoring.py); `format_scores` prints the breakdown for a terminal.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.augustus.parts import rewards as R
from companion.games.augustus.parts.cards import Card, parse_card, parse_cards
from companion.games.augustus.scoring import final_summary, format_scores, unknown_values
from companion.games.augustus.settings import NUMBER_REWARDS, RESOURCES, REWARDS, settings_from
from companion.games.augustus.state import AugustusState, PlayerState

FORMAT = "companion-augustus-snapshot"
VERSION = 1
FORMAT_RULE = "Augustus snapshot format"
REWARD_RULE = "Augustus 4.3 rewards"
RESOURCE_RULE = "Augustus 4.3 gold and wheat"
CARD_RULE = "Augustus 4.1 objectives"
TOP_FIELDS = ("format", "version", "settings", "cards", "players")
PLAYER_FIELDS = ("name", "controlled", "rewards")

__all__ = ["parse_snapshot", "score_snapshot", "format_scores"]


def _fields(value: Any, allowed: tuple[str, ...], where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected an object.", field=where)
    for key in value:
        if key not in allowed:
            raise IllegalCommand(FORMAT_RULE, "{field}: unknown field; the fields here are: {known}.",
                                 field=f"{where}.{key}" if where != "snapshot" else key, known=", ".join(allowed))
    return value


def _list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected a list.", field=field)
    return value


def _objective(value: Any, field: str, cards: Mapping[int, Card]) -> Card:
    """A controlled objective: its facts, or its number in the snapshot's `cards`."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value not in cards:
            raise IllegalCommand(CARD_RULE, "{field}: objective {number} is not in the snapshot's cards; give its "
                                 "facts.", field=field, number=value)
        return cards[value]
    return parse_card(value, field, CARD_RULE)


def parse_snapshot(data: Any) -> AugustusState:
    """The table the snapshot describes, as the end of a tracked game would hold it."""
    top = _fields(data, TOP_FIELDS, "snapshot")
    if top.get("format") != FORMAT:
        raise IllegalCommand(FORMAT_RULE, "{field}: expected \"{expected}\".", field="format", expected=FORMAT)
    if top.get("version") != VERSION:
        raise IllegalCommand(FORMAT_RULE, "{field}: this companion reads version {expected}.", field="version",
                             expected=VERSION)
    settings = _fields(top.get("settings", {}), ("reward_vp",), "settings")
    try:
        chosen = settings_from(settings)
    except IllegalCommand as exc:
        raise IllegalCommand(FORMAT_RULE, "{field}: {problem}", field="settings.reward_vp", problem=exc.message) from None
    cards = {c.number: c for c in parse_cards(top.get("cards", []), "cards", CARD_RULE)}
    rows = _list(top.get("players"), "players")
    if not 2 <= len(rows) <= 6:
        raise IllegalCommand(FORMAT_RULE, "{field}: Augustus is for 2 to 6 players, not {count}.", field="players",
                             count=len(rows))
    players: list[PlayerState] = []
    numbers: dict[int, str] = {}
    held: dict[str, str] = {}
    for i, row in enumerate(rows):
        where = f"players[{i}]"
        row = _fields(row, PLAYER_FIELDS, where)
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise IllegalCommand(FORMAT_RULE, "{field}: expected a name.", field=f"{where}.name")
        if any(p.name == name for p in players):
            raise IllegalCommand(FORMAT_RULE, "{field}: two players are named {name}.", field=f"{where}.name", name=name)
        controlled = []
        for k, value in enumerate(_list(row.get("controlled", []), f"{where}.controlled")):
            card = _objective(value, f"{where}.controlled[{k}]", cards)
            if card.number in numbers:
                raise IllegalCommand(CARD_RULE, "{field}: objective {number} is held by {other} too.",
                                     field=f"{where}.controlled[{k}]", number=card.number, other=numbers[card.number])
            numbers[card.number] = name
            controlled.append(card)
        tiles = []
        for k, reward in enumerate(_list(row.get("rewards", []), f"{where}.rewards")):
            field = f"{where}.rewards[{k}]"
            if reward not in REWARDS:
                raise IllegalCommand(FORMAT_RULE, "{field}: expected one of {choices}.", field=field,
                                     choices=", ".join(REWARDS))
            if reward in held:
                raise IllegalCommand(REWARD_RULE, "{field}: the {reward} tile is held by {other} already: there is "
                                     "one of each.", field=field, reward=reward, other=held[reward])
            if reward in NUMBER_REWARDS and any(t in NUMBER_REWARDS for t in tiles):
                raise IllegalCommand(REWARD_RULE, "{field}: a player holds one number reward at most.", field=field)
            held[reward] = name
            tiles.append(reward)
        players.append(PlayerState(seat=i, name=name, supply=0, controlled=tuple(controlled), rewards=tuple(tiles)))
    state = AugustusState(settings=chosen, phase="over", players=tuple(players))
    for resource in RESOURCES:
        counts = [R.resources(p, resource) for p in players]
        holder = next((p.seat for p in players if resource in p.rewards), None)
        if holder is None and max(counts) > 0:
            raise IllegalCommand(RESOURCE_RULE, "{field}: someone controls {resource}, so its tile lies with the "
                                 "player who has the most.", field="players", resource=resource)
        if holder is not None and (counts[holder] == 0 or counts[holder] < max(counts)):
            raise IllegalCommand(RESOURCE_RULE, "{field}: the {resource} tile lies with a player who has the most "
                                 "{resource} or is tied, not {name}.", field=f"players[{holder}].rewards",
                                 resource=resource, name=players[holder].name)
    missing = unknown_values(state)
    if missing:
        raise IllegalCommand(FORMAT_RULE, "{field}: no source gives this tile's VP; enter the value printed on it.",
                             field=f"settings.reward_vp.{missing[0]}")
    return state


def score_snapshot(data: Any) -> dict[str, Any]:
    """The breakdown of a snapshot: every player's lines with their rules, the order, the winners
    and the tie-break used (scoring.final_summary)."""
    result = final_summary(parse_snapshot(data))
    return {**result, "winner_names": [result["scores"][i]["name"] for i in result["winners"]]}
