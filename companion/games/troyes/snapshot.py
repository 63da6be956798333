"""Calculator mode: score a Troyes table that did not track its game (docs/troyes-snapshot.md).

A snapshot says what every player holds at the game's end; `parse_snapshot` checks it field by
field (refusing what the box cannot produce with an IllegalCommand naming the field and the rule),
`score_snapshot` scores it with the same functions a tracked game's end uses (scoring.py), and
`format_scores` prints the breakdown for a terminal.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.troyes import rules_data as R
from companion.games.troyes import scoring
from companion.games.troyes.parts.catalog import Catalog, merged_data, parse_catalog
from companion.games.troyes.settings import TroyesSettings, settings_from

FORMAT = "companion-troyes-snapshot"
VERSION = 1
FORMAT_RULE = "Troyes snapshot format"
TOP_FIELDS = ("format", "version", "settings", "data", "players")
PLAYER_FIELDS = ("name", "vp", "deniers", "influence", "citizens", "supply", "cathedral", "tradesmen", "events_won",
                 "uncountered_events", "characters")
TRADESMAN_FIELDS = ("card", "space")
#: Settings that change the final scoring (the others shape play, not its end).
SETTING_FIELDS = ("tie_break", "negative_total", "uncountered_event_vp", "max_citizens")
ILLUSTRATION = "illustration"


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected an object.", field=field)
    return value


def _list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected a list.", field=field)
    return value


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected a text in quotes.", field=field)
    return value


def _count(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand(FORMAT_RULE, "{field}: expected a whole number.", field=field)
    if value < 0:
        raise IllegalCommand(FORMAT_RULE, "{field}: {value} is negative; a count starts at 0.", field=field, value=value)
    return value


def _fields(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise IllegalCommand(FORMAT_RULE, "{field}: unknown field; the fields here are: {known}.",
                                 field=f"{where}{key}", known=", ".join(allowed))


def _required(obj: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise IllegalCommand(FORMAT_RULE, "{field}: missing.", field=f"{where}{key}")
    return obj[key]


def _levels(value: Any, field: str) -> tuple[int, int, int]:
    cubes = _list(value, field)
    if len(cubes) != R.CATHEDRAL_LEVELS:
        raise IllegalCommand(FORMAT_RULE, "{field}: give the cubes on each of the {levels} levels, bottom first.",
                             field=field, levels=R.CATHEDRAL_LEVELS)
    out = tuple(_count(n, f"{field}[{i}]") for i, n in enumerate(cubes))
    for i, n in enumerate(out):
        if n > R.CATHEDRAL_COLUMNS:
            raise IllegalCommand("Troyes 2.3 cathedral", "{field}: {count} cubes, but a level has {limit} spaces.",
                                 field=f"{field}[{i}]", count=n, limit=R.CATHEDRAL_COLUMNS)
    return out  # type: ignore[return-value]


def _tradesmen(value: Any, where: str, catalog: Catalog) -> tuple[tuple[str, int | str], ...]:
    out = []
    seen: set[str] = set()
    for i, entry in enumerate(_list(value, f"{where}tradesmen")):
        field = f"{where}tradesmen[{i}]"
        entry = _object(entry, field)
        _fields(entry, TRADESMAN_FIELDS, f"{field}.")
        card = _text(_required(entry, "card", f"{field}."), f"{field}.card")
        if card not in catalog.cards:
            raise IllegalCommand("Troyes 2.3 activity cards", "{field}: there is no activity card '{value}'.",
                                 field=f"{field}.card", value=card)
        if card in seen:
            raise IllegalCommand("Troyes 2.7.6 tradesmen",
                                 "{field}: a second tradesman on {card}; a player has at most one per card.",
                                 field=field, card=card)
        seen.add(card)
        space = entry.get("space", ILLUSTRATION)
        if space != ILLUSTRATION:
            spaces = len(catalog.cards[card].spaces)
            if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space < spaces:
                raise IllegalCommand("Troyes 2.3 activity cards",
                                     "{field}: a space of {card} is 0 to {last}, or \"illustration\".",
                                     field=f"{field}.space", card=card, last=spaces - 1)
        out.append((card, space))
    return tuple(out)


def parse_snapshot(data: Any) -> tuple[tuple[scoring.Holdings, ...], Catalog, TroyesSettings]:
    """A snapshot as what each player holds, the card facts and the settings it is scored with;
    IllegalCommand naming the field and the rule for anything the box rules out."""
    top = _object(data, "snapshot")
    if _required(top, "format", "") != FORMAT:
        raise IllegalCommand(FORMAT_RULE, "{field}: this is not a Troyes snapshot (expected '{expected}').",
                             field="format", expected=FORMAT)
    version = _required(top, "version", "")
    if version != VERSION:
        raise IllegalCommand(FORMAT_RULE, "{field}: version {value} cannot be read; this companion reads version "
                                          "{supported}.", field="version", value=version, supported=VERSION)
    _fields(top, TOP_FIELDS, "")
    overrides = _object(top.get("settings", {}), "settings")
    for key in overrides:
        if key not in SETTING_FIELDS:
            raise IllegalCommand(FORMAT_RULE, "{field}: unknown field; the fields here are: {known}.",
                                 field=f"settings.{key}", known=", ".join(SETTING_FIELDS))
    settings = settings_from(overrides)
    catalog = parse_catalog(merged_data(_object(top.get("data", {}), "data")))

    entries = _list(_required(top, "players", ""), "players")
    if not R.PLAYERS[0] <= len(entries) <= R.PLAYERS[1]:
        raise IllegalCommand("Troyes 2.1 setup", "{field}: Troyes is for {low} to {high} players, not {count}.",
                             field="players", low=R.PLAYERS[0], high=R.PLAYERS[1], count=len(entries))
    each = R.CHARACTERS_PER_PLAYER[len(entries)]
    holdings, spaces_taken, characters_held = [], {}, {}
    level_totals = [0] * R.CATHEDRAL_LEVELS
    citizens_total = events_total = 0
    for seat, raw in enumerate(entries):
        where = f"players[{seat}]."
        obj = _object(raw, f"players[{seat}]")
        _fields(obj, PLAYER_FIELDS, where)
        name = _text(_required(obj, "name", where), f"{where}name").strip()
        if not name:
            raise IllegalCommand(FORMAT_RULE, "{field}: missing.", field=f"{where}name")
        if any(h.name == name for h in holdings):
            raise IllegalCommand(FORMAT_RULE, "{field}: two players are named '{name}'.", field=f"{where}name", name=name)
        vp = _count(_required(obj, "vp", where), f"{where}vp")
        deniers = _count(obj.get("deniers", 0), f"{where}deniers")
        influence = _count(obj.get("influence", 0), f"{where}influence")
        if influence > R.INFLUENCE_MAX:
            raise IllegalCommand("Troyes 2.1 influence", "{field}: {value} is past the influence track's {max}.",
                                 field=f"{where}influence", value=influence, max=R.INFLUENCE_MAX)
        citizens = _count(obj.get("citizens", 0), f"{where}citizens")
        supply = _count(obj.get("supply", 0), f"{where}supply")
        tradesmen = _tradesmen(obj.get("tradesmen", []), where, catalog)
        owned = citizens + supply + len(tradesmen)
        if owned > settings.max_citizens:
            raise IllegalCommand("Troyes 2.1 citizens",
                                 "{field}: {count} citizens, but a player has at most {max}.",
                                 field=f"{where}citizens + supply + tradesmen", count=owned, max=settings.max_citizens)
        citizens_total += citizens
        for i, (card, space) in enumerate(tradesmen):
            if space != ILLUSTRATION:
                other = spaces_taken.get((card, space))
                if other is not None:
                    raise IllegalCommand("Troyes 2.3 activity cards",
                                         "{field}: that space of {card} is {name}'s already.",
                                         field=f"{where}tradesmen[{i}]", card=card, name=other)
                spaces_taken[(card, space)] = name
        levels = _levels(obj.get("cathedral", [0, 0, 0]), f"{where}cathedral")
        for i, n in enumerate(levels):
            level_totals[i] += n
        events_won = _count(obj.get("events_won", 0), f"{where}events_won")
        events_total += events_won
        uncountered = _count(obj.get("uncountered_events", 0), f"{where}uncountered_events")
        chars = _list(obj.get("characters", []), f"{where}characters")
        if len(chars) != each:
            raise IllegalCommand("Troyes 2.4 characters", "{field}: each player holds {count} character card(s) at "
                                                          "{players} players.", field=f"{where}characters",
                                 count=each, players=len(entries))
        for i, cid in enumerate(chars):
            field = f"{where}characters[{i}]"
            if _text(cid, field) not in catalog.characters:
                raise IllegalCommand("Troyes 2.4 characters", "{field}: there is no character card '{value}'.",
                                     field=field, value=cid)
            if cid in characters_held:
                raise IllegalCommand("Troyes 2.4 characters", "{field}: {value} is {name}'s card too; each card "
                                                              "exists once.", field=field, value=cid,
                                     name=characters_held[cid])
            characters_held[cid] = name
        holdings.append(scoring.Holdings(
            seat=seat, name=name, vp=vp, deniers=deniers, influence=influence, citizens=citizens,
            tradesmen=tuple((card, 0 if space == ILLUSTRATION else catalog.cards[card].spaces[int(space)])
                            for card, space in tradesmen),
            cathedral_levels=tuple(n > 0 for n in levels), cathedral_cubes=sum(levels), events_won=events_won,
            uncountered=uncountered, characters=tuple(sorted(chars)),
        ))
    spaces = len(R.BUILDINGS) * R.SPACES
    if citizens_total > spaces:
        raise IllegalCommand("Troyes 2.1 citizens", "{field}: {count} citizens in the buildings, but they have {limit} "
                                                    "spaces.", field="players[*].citizens", count=citizens_total,
                             limit=spaces)
    cathedral_spaces = R.CATHEDRAL_COLUMNS * R.CATHEDRAL_LEVELS
    if sum(level_totals) > cathedral_spaces:
        raise IllegalCommand("Troyes 2.3 cathedral", "{field}: {count} cubes in all, but the cathedral has {limit} "
                                                     "spaces.", field="players[*].cathedral", count=sum(level_totals),
                             limit=cathedral_spaces)
    for i, n in enumerate(level_totals):
        if n > R.CATHEDRAL_COLUMNS:
            raise IllegalCommand("Troyes 2.3 cathedral", "{field}: {count} cubes, but a level has {limit} spaces.",
                                 field=f"players[*].cathedral[{i}]", count=n, limit=R.CATHEDRAL_COLUMNS)
        if i and n > level_totals[i - 1]:
            raise IllegalCommand("Troyes 2.3 cathedral", "{field}: {count} cubes on level {level} but {below} below it; "
                                                         "a level is built on a full one.",
                                 field=f"players[*].cathedral[{i}]", count=n, level=i + 1, below=level_totals[i - 1])
    events = sum(R.EVENT_DECKS.values())
    if events_total > events:
        raise IllegalCommand("Troyes 2.2 events", "{field}: {count} in all, but the game has only {limit}.",
                             field="players[*].events_won", count=events_total, limit=events)
    return tuple(holdings), catalog, settings


def score_snapshot(data: Any) -> dict[str, Any]:
    """The final breakdown of a snapshot: every category per player with its rule, the totals,
    the ranking, the winners and the tie-break used."""
    holdings, catalog, settings = parse_snapshot(data)
    return scoring.final_breakdown(holdings, catalog, settings)


CATEGORY_LABELS = {
    "vp_tokens": "VP tokens",
    "tradesmen": "tradesman spaces",
    "cathedral": "cathedral levels",
    "characters": "characters",
    "uncountered_events": "uncountered events",
}
TIE_BREAKS = {"deniers": "the most deniers", "influence": "the most influence"}


def _and(names: Any) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def format_scores(result: Mapping[str, Any]) -> str:
    """A final breakdown as English text for a terminal, every line with its rule."""
    lines = ["Troyes: final scoring   (Troyes 2.4)"]
    if result["characters"]:
        lines.append("Characters revealed: " + ", ".join(
            f"{c['name']} ({_and(c['holders'])}): {c['vp']} VP per {c['every']} {c['measure']}"
            for c in result["characters"]))
    width = max(len(label) for label in CATEGORY_LABELS.values())
    for p in result["players"]:
        lines.append("")
        lines.append(p["name"])
        for cat in p["categories"]:
            label = CATEGORY_LABELS.get(cat["id"], cat["id"])
            detail = ", ".join(scoring.detail_text(part) for part in cat["detail"])
            lines.append(f"  {label:<{width}} {cat['vp']:>4}  {cat['rule']:<14}  {detail}")
        lines.append(f"  {'total':<{width}} {p['total']:>4}")
    lines.append("")
    totals = {p["name"]: p["total"] for p in result["players"]}
    lines.append("Ranking: " + ", ".join(f"{i}. {n} {totals[n]}" for i, n in enumerate(result["ranking"], start=1)))
    if result["tie_break"] == "none":
        lines.append(f"Winner: {result['winners'][0]} with {totals[result['winners'][0]]} VP")
    elif result["tie_break"] == "shared":
        lines.append(f"{_and(result['tied'])} tie on {totals[result['tied'][0]]} VP and nothing separates them: "
                     f"the victory is shared ({result['tie_break_rule']}).")
        lines.append(f"Winners: {_and(result['winners'])}")
    else:
        lines.append(f"{_and(result['tied'])} tie on {totals[result['tied'][0]]} VP; the tie goes to "
                     f"{TIE_BREAKS[result['tie_break']]} ({result['tie_break_rule']}).")
        lines.append(f"Winner: {_and(result['winners'])}")
    return "\n".join(lines) + "\n"
