"""Calculator mode: score a Trajan table that did not track its game (docs/trajan-snapshot.md).

A snapshot is a JSON object saying what every player holds at a season's end (before the season is
scored) or at the game's end (after the 4th season and its senate). `parse_snapshot` turns it into
a `TrajanState`, refusing holdings the box cannot produce with an `IllegalCommand` that names the
field and the rule; `score_snapshot` scores it; `format_scores` prints the result for a terminal.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.games.trajan import rules_data as R
from companion.games.trajan import scoring
from companion.games.trajan.settings import DEFAULT, PROVINCES
from companion.games.trajan.state import PlayerState, TrajanState, TrajanTile, bag

FORMAT = "companion-trajan-snapshot"
VERSION = 1
KINDS = ("season", "final")

TOP_FIELDS = ("format", "version", "kind", "season", "demands", "senate_stack", "senate_bonus", "settings", "players")
SEASON_ONLY = ("season", "demands", "senate_bonus")
PLAYER_FIELDS = (
    "name", "vp", "senate", "demand_tiles", "trajan_demand", "wildcards", "senate_tiles", "hand", "display",
    "workers_camp", "military_camp", "legionnaires", "site_workers", "construction", "bonus_tiles", "trajan_tiles",
)
SETTING_FIELDS = ("senate_values", "bonus_tile_counts_itself", "demand_wildcard_counts_for_bonus")
WILDCARDS = {"demand": "wild_demand", "commodity": "wild_commodity", "construction": "wild_construction",
             "extra": "wild_extra"}
SENATE_TILE_VOTES = (2, 3, 4, 5)
SIDES = ("yellow", "grey")
# Trajan 1.10: 60 commodity cards, 5 of each of the 12 commodities.
CARDS_PER_COMMODITY = 5
# Trajan 1.13: besides the leader, 15 figures: 1 in each camp and 13 in the supply.
FIGURES = R.SUPPLY_AT_START + 2
PLAYERS = (2, 4)


# -- checking the JSON, one field at a time ------------------------------------------------------


def _object(value: Any, field: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise IllegalCommand("Trajan snapshot format", "{field}: expected an object.", field=field)
    return value


def _list(value: Any, field: str) -> list:
    if not isinstance(value, list):
        raise IllegalCommand("Trajan snapshot format", "{field}: expected a list.", field=field)
    return value


def _text(value: Any, field: str) -> str:
    if not isinstance(value, str):
        raise IllegalCommand("Trajan snapshot format", "{field}: expected a text in quotes.", field=field)
    return value


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise IllegalCommand("Trajan snapshot format", "{field}: expected true or false.", field=field)
    return value


def _int(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand("Trajan snapshot format", "{field}: expected a whole number.", field=field)
    return value


def _count(value: Any, field: str) -> int:
    n = _int(value, field)
    if n < 0:
        raise IllegalCommand("Trajan snapshot format", "{field}: {value} is negative; a count starts at 0.",
                             field=field, value=n)
    return n


def _fields(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str) -> None:
    for key in obj:
        if key not in allowed:
            raise IllegalCommand("Trajan snapshot format", "{field}: unknown field; the fields here are: {known}.",
                                 field=f"{where}{key}", known=", ".join(allowed))


def _required(obj: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise IllegalCommand("Trajan snapshot format", "{field}: missing.", field=f"{where}{key}")
    return obj[key]


def _counts(value: Any, field: str) -> dict[str, int]:
    """An object of name → count, counts checked; the caller checks the names."""
    return {name: _count(n, f"{field}.{name}") for name, n in _object(value, field).items()}


# -- the snapshot --------------------------------------------------------------------------------


def _settings(value: Any):
    obj = _object(value, "settings")
    for key in obj:
        if key not in SETTING_FIELDS:
            raise IllegalCommand("Trajan snapshot format", "{field}: '{value}' is not one of: {known}.",
                                 field="settings", value=key, known=", ".join(SETTING_FIELDS))
    changes: dict[str, Any] = {}
    if "senate_values" in obj:
        values = _list(obj["senate_values"], "settings.senate_values")
        if not values:
            raise IllegalCommand("Trajan snapshot format", "{field}: missing.", field="settings.senate_values")
        changes["senate_values"] = tuple(_count(v, f"settings.senate_values[{i}]") for i, v in enumerate(values))
    for flag in ("bonus_tile_counts_itself", "demand_wildcard_counts_for_bonus"):
        if flag in obj:
            changes[flag] = _flag(obj[flag], f"settings.{flag}")
    return dataclasses.replace(DEFAULT, **changes)


def _player(seat: int, obj: Mapping[str, Any], settings) -> tuple[PlayerState, dict[str, Any]]:
    """One player's holdings; returns the state and the raw counts the cross-player checks need."""
    where = f"players[{seat}]."
    _fields(obj, PLAYER_FIELDS, where)
    name = _text(_required(obj, "name", where), f"{where}name").strip()
    if not name:
        raise IllegalCommand("Trajan snapshot format", "{field}: missing.", field=f"{where}name")
    vp = _int(_required(obj, "vp", where), f"{where}vp")  # Trajan 1.5: VP may be below 0

    senate = _count(obj.get("senate", 0), f"{where}senate")
    top = len(settings.senate_values)
    if senate > top:
        raise IllegalCommand("Trajan 1.4 senate", "{field}: senate space {value} is beyond the track (0 to {top}).",
                             field=f"{where}senate", value=senate, top=top)

    forum: list[str] = []
    demand_tiles = _counts(obj.get("demand_tiles", {}), f"{where}demand_tiles")
    trajan_demand = _counts(obj.get("trajan_demand", {}), f"{where}trajan_demand")
    for field, counts in (("demand_tiles", demand_tiles), ("trajan_demand", trajan_demand)):
        for kind in counts:
            if kind not in R.DEMAND_TYPES:
                raise IllegalCommand("Trajan 1.5 demands", "{field}: '{value}' is not one of: {known}.",
                                     field=f"{where}{field}", value=kind, known=", ".join(R.DEMAND_TYPES))
    for kind, n in demand_tiles.items():
        forum += [f"demand_{kind}"] * n

    wildcards = _counts(obj.get("wildcards", {}), f"{where}wildcards")
    for kind, n in wildcards.items():
        if kind not in WILDCARDS:
            raise IllegalCommand("Trajan 1.7 forum", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}wildcards", value=kind, known=", ".join(WILDCARDS))
        forum += [WILDCARDS[kind]] * n

    senate_tiles = _list(obj.get("senate_tiles", []), f"{where}senate_tiles")
    for i, v in enumerate(senate_tiles):
        if _int(v, f"{where}senate_tiles[{i}]") not in SENATE_TILE_VOTES:
            raise IllegalCommand("Trajan 1.7 forum", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}senate_tiles[{i}]", value=v,
                                 known=", ".join(map(str, SENATE_TILE_VOTES)))
        forum.append(f"senate_{v}")

    hand = _count(obj.get("hand", 0), f"{where}hand")
    display = _counts(obj.get("display", {}), f"{where}display")
    for card in display:
        if card not in R.COMMODITIES:
            raise IllegalCommand("Trajan 1.10 seaport", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}display", value=card, known=", ".join(R.COMMODITIES))

    workers_camp = _count(obj.get("workers_camp", 0), f"{where}workers_camp")
    military_camp = _count(obj.get("military_camp", 0), f"{where}military_camp")
    site_workers = _count(obj.get("site_workers", 0), f"{where}site_workers")
    legionnaires = _list(obj.get("legionnaires", []), f"{where}legionnaires")
    seen: set[str] = set()
    for i, province in enumerate(legionnaires):
        if _text(province, f"{where}legionnaires[{i}]") not in PROVINCES:
            raise IllegalCommand("Trajan 1.8 military", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}legionnaires[{i}]", value=province, known=", ".join(PROVINCES))
        if province in seen:
            raise IllegalCommand("Trajan 1.8 military",
                                 "{field}: {province} twice; a player has at most one legionnaire per province.",
                                 field=f"{where}legionnaires[{i}]", province=province)
        seen.add(province)
    figures = workers_camp + military_camp + site_workers + len(legionnaires)
    if figures > FIGURES:
        raise IllegalCommand("Trajan 1.13 setup",
                             "{field}: {count} figures in camps, provinces and on the site, but a player has only "
                             "{limit} besides the leader.",
                             field=f"{where}workers_camp + military_camp + legionnaires + site_workers",
                             count=figures, limit=FIGURES)

    construction = _counts(obj.get("construction", {}), f"{where}construction")
    per_type = len(R.CONSTRUCTION_VP)
    for kind, n in construction.items():
        if kind not in R.CONSTRUCTION_TYPES:
            raise IllegalCommand("Trajan 1.9 construction", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}construction", value=kind, known=", ".join(R.CONSTRUCTION_TYPES))
        if n > per_type:
            raise IllegalCommand("Trajan 1.9 construction",
                                 "{field}: {count} construction tiles of one type, but there are only {limit} of each.",
                                 field=f"{where}construction.{kind}", count=n, limit=per_type)

    bonus = _object(obj.get("bonus_tiles", {}), f"{where}bonus_tiles")
    if len(bonus) > len(R.BONUS_TILES):
        raise IllegalCommand("Trajan 1.11 bonus tiles", "{field}: {count} bonus tiles, but the game has only {limit}.",
                             field=f"{where}bonus_tiles", count=len(bonus), limit=len(R.BONUS_TILES))
    for tile, side in bonus.items():
        if tile not in R.BONUS_TILES:
            raise IllegalCommand("Trajan 1.11 bonus tiles", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}bonus_tiles", value=tile, known=", ".join(R.BONUS_TILES))
        if side not in SIDES:
            raise IllegalCommand("Trajan 1.11 bonus tiles", "{field}: '{value}' is not one of: {known}.",
                                 field=f"{where}bonus_tiles.{tile}", value=side, known=", ".join(SIDES))

    trajan_tiles = _count(obj.get("trajan_tiles", 0), f"{where}trajan_tiles")
    if trajan_tiles > R.TRAJAN_SLOTS:
        raise IllegalCommand("Trajan 1.3 Trajan tiles",
                             "{field}: {count} Trajan tiles on the wheel, but it has only {limit} slots.",
                             field=f"{where}trajan_tiles", count=trajan_tiles, limit=R.TRAJAN_SLOTS)

    # Which tile of a type was taken is not asked (its VP is in `vp` already): only counts score.
    player = dataclasses.replace(
        PlayerState(seat=seat, name=name, colour=""),
        vp=vp,
        senate=senate,
        forum=bag(forum),
        trajan_demand=bag(kind for kind, n in trajan_demand.items() for _ in range(n)),
        hand=hand,
        display=bag(card for card, n in display.items() for _ in range(n)),
        workers_camp=workers_camp,
        military_camp=military_camp,
        supply=FIGURES - figures,
        site_workers=tuple(range(site_workers)),
        construction=tuple(sorted((kind, vp_) for kind, n in construction.items()
                                  for vp_ in R.CONSTRUCTION_VP[:n])),
        bonus_tiles=tuple(sorted(bonus.items())),
        trajan_slots=tuple(TrajanTile("unknown", ("", "")) if i < trajan_tiles else None
                           for i in range(R.TRAJAN_SLOTS)),
    )
    raw = {"demand_tiles": demand_tiles, "trajan_demand": trajan_demand, "wildcards": wildcards,
           "senate_tiles": Counter(senate_tiles), "display": display, "construction": construction,
           "legionnaires": tuple(legionnaires), "bonus_tiles": bonus, "hand": hand}
    return player, raw


def _check_totals(raws: list[dict[str, Any]], settings, senate_bonus: tuple[str, ...]) -> None:
    """What all players hold together cannot exceed what the box contains."""

    def total(group: str, key: Any) -> int:
        return sum(raw[group].get(key, 0) for raw in raws)

    for kind in R.DEMAND_TYPES:
        n, limit = total("demand_tiles", kind), settings.forum_tiles[f"demand_{kind}"]
        if n > limit:
            raise IllegalCommand("Trajan 1.7 forum", "{field}: {count} in all, but the game has only {limit}.",
                                 field=f"players[*].demand_tiles.{kind}", count=n, limit=limit)
        n, limit = total("trajan_demand", kind), R.TRAJAN_STACKS["demand"][f"demand_{kind}"]
        if n > limit:
            raise IllegalCommand("Trajan 1.3 Trajan tiles", "{field}: {count} in all, but the game has only {limit}.",
                                 field=f"players[*].trajan_demand.{kind}", count=n, limit=limit)
    for kind, tile in WILDCARDS.items():
        n, limit = total("wildcards", kind), settings.forum_tiles[tile]
        if n > limit:
            raise IllegalCommand("Trajan 1.7 forum", "{field}: {count} in all, but the game has only {limit}.",
                                 field=f"players[*].wildcards.{kind}", count=n, limit=limit)
    for v in SENATE_TILE_VOTES:
        n, limit = total("senate_tiles", v), settings.forum_tiles[f"senate_{v}"]
        if n > limit:
            raise IllegalCommand("Trajan 1.7 forum", "{field}: {count} in all, but the game has only {limit}.",
                                 field=f"players[*].senate_tiles ({v} votes)", count=n, limit=limit)
    for card in R.COMMODITIES:
        n = total("display", card)
        if n > CARDS_PER_COMMODITY:
            raise IllegalCommand("Trajan 1.10 seaport", "{field}: {count} in all, but the game has only {limit}.",
                                 field=f"players[*].display.{card}", count=n, limit=CARDS_PER_COMMODITY)
    cards = sum(raw["hand"] for raw in raws) + sum(sum(raw["display"].values()) for raw in raws)
    if cards > CARDS_PER_COMMODITY * len(R.COMMODITIES):
        raise IllegalCommand("Trajan 1.10 seaport", "{field}: {count} in all, but the game has only {limit}.",
                             field="players[*].hand + display", count=cards,
                             limit=CARDS_PER_COMMODITY * len(R.COMMODITIES))
    for kind in R.CONSTRUCTION_TYPES:
        n = total("construction", kind)
        if n > len(R.CONSTRUCTION_VP):
            raise IllegalCommand("Trajan 1.9 construction",
                                 "{field}: {count} construction tiles of one type, but there are only {limit} of each.",
                                 field=f"players[*].construction.{kind}", count=n, limit=len(R.CONSTRUCTION_VP))
    holder: dict[str, str] = {tile: "senate_bonus" for tile in senate_bonus}
    for seat, raw in enumerate(raws):
        for tile in raw["bonus_tiles"]:
            if tile in holder:
                raise IllegalCommand("Trajan 1.11 bonus tiles",
                                     "{field}: {tile} is also held by {holder}; each bonus tile exists once.",
                                     field=f"players[{seat}].bonus_tiles", tile=tile, holder=holder[tile])
            holder[tile] = f"players[{seat}]"


def parse_snapshot(data: Any) -> tuple[str, TrajanState]:
    """A snapshot (docs/trajan-snapshot.md) as ("season" | "final", TrajanState).

    Raises IllegalCommand naming the field and the rule for anything the format or the box rules
    out: unknown fields, negative counts, more tiles than exist, a senate space off the track,
    more than 15 figures (Trajan 1.13), a season without exactly 3 demands (Trajan 1.5)…
    """
    top = _object(data, "snapshot")
    fmt = _required(top, "format", "")
    if fmt != FORMAT:
        raise IllegalCommand("Trajan snapshot format", "{field}: this is not a Trajan snapshot (expected '{expected}').",
                             field="format", expected=FORMAT)
    version = _required(top, "version", "")
    if version != VERSION:
        raise IllegalCommand("Trajan snapshot format",
                             "{field}: version {value} cannot be read; this companion reads version {supported}.",
                             field="version", value=version, supported=VERSION)
    _fields(top, TOP_FIELDS, "")
    kind = _text(_required(top, "kind", ""), "kind")
    if kind not in KINDS:
        raise IllegalCommand("Trajan snapshot format", "{field}: '{value}' is not one of: {known}.",
                             field="kind", value=kind, known=", ".join(KINDS))
    if kind == "final":
        for key in SEASON_ONLY:
            if key in top:
                raise IllegalCommand("Trajan snapshot format", "{field}: only a season snapshot has this field.",
                                     field=key)
    settings = _settings(top.get("settings", {}))

    entries = _list(_required(top, "players", ""), "players")
    if not PLAYERS[0] <= len(entries) <= PLAYERS[1]:
        raise IllegalCommand("Trajan 1.13 setup", "{field}: Trajan is for {low} to {high} players, not {count}.",
                             field="players", low=PLAYERS[0], high=PLAYERS[1], count=len(entries))
    players, raws = [], []
    for seat, entry in enumerate(entries):
        player, raw = _player(seat, _object(entry, f"players[{seat}]"), settings)
        if any(p.name == player.name for p in players):
            raise IllegalCommand("Trajan snapshot format", "{field}: two players are named '{name}'.",
                                 field=f"players[{seat}].name", name=player.name)
        players.append(player)
        raws.append(raw)
    names = [p.name for p in players]

    stack_names = _list(_required(top, "senate_stack", ""), "senate_stack")
    if not all(isinstance(n, str) for n in stack_names) or sorted(stack_names) != sorted(names):
        raise IllegalCommand("Trajan 1.4 senate",
                             "{field}: the senate stack must list every player's name exactly once, bottom to top.",
                             field="senate_stack")
    stack = tuple(names.index(n) for n in stack_names)

    season, demands, senate_bonus = R.SEASONS, (), ()
    if kind == "season":
        season = _int(_required(top, "season", ""), "season")
        if not 1 <= season <= R.SEASONS:
            raise IllegalCommand("Trajan 1.1 seasons", "{field}: the game has {seasons} seasons; {value} is not one.",
                                 field="season", seasons=R.SEASONS, value=season)
        revealed = _list(_required(top, "demands", ""), "demands")
        if len(revealed) != len(R.DEMAND_REVEAL_ROUNDS):
            raise IllegalCommand("Trajan 1.5 demands", "{field}: a season reveals exactly {limit} demands, not {count}.",
                                 field="demands", limit=len(R.DEMAND_REVEAL_ROUNDS), count=len(revealed))
        for i, d in enumerate(revealed):
            if _text(d, f"demands[{i}]") not in R.DEMAND_TYPES:
                raise IllegalCommand("Trajan 1.5 demands", "{field}: '{value}' is not one of: {known}.",
                                     field=f"demands[{i}]", value=d, known=", ".join(R.DEMAND_TYPES))
        demands = tuple(revealed)
        beside = _list(top.get("senate_bonus", []), "senate_bonus")
        if len(beside) > 2:
            raise IllegalCommand("Trajan 1.4 senate", "{field}: {count} bonus tiles, but only {limit} lie beside the senate.",
                                 field="senate_bonus", count=len(beside), limit=2)
        for i, tile in enumerate(beside):
            if _text(tile, f"senate_bonus[{i}]") not in R.BONUS_TILES:
                raise IllegalCommand("Trajan 1.11 bonus tiles", "{field}: '{value}' is not one of: {known}.",
                                     field=f"senate_bonus[{i}]", value=tile, known=", ".join(R.BONUS_TILES))
        if len(set(beside)) != len(beside):
            raise IllegalCommand("Trajan 1.11 bonus tiles",
                                 "{field}: {tile} is also held by {holder}; each bonus tile exists once.",
                                 field="senate_bonus", tile=beside[0], holder="senate_bonus")
        senate_bonus = tuple(beside)
    _check_totals(raws, settings, senate_bonus)

    legionnaires = tuple(sorted((province, seat) for seat, raw in enumerate(raws) for province in raw["legionnaires"]))
    state = TrajanState(
        settings=settings,
        phase="turn" if kind == "season" else "over",
        players=tuple(players),
        season=season,
        round=R.ROUNDS_PER_SEASON,
        senate_stack=stack,
        demands=demands,
        legionnaires=legionnaires,
        senate_bonus=senate_bonus,
    )
    return kind, state


# -- scoring and printing ------------------------------------------------------------------------


def score_snapshot(data: Any) -> dict[str, Any]:
    """Scores a snapshot: a season snapshot gets the season report (demands paid with what,
    penalties, votes, consul, proconsul, the new senate stack); a final snapshot the final
    breakdown (every category per player with its rule, totals, ranking, winners, tie-break).
    Players are named, not numbered. Raises IllegalCommand for a snapshot `parse_snapshot` refuses."""
    kind, state = parse_snapshot(data)
    names = [p.name for p in state.players]
    if kind == "season":
        after, report = scoring.season_scoring(state)
        players = []
        for row in report.players:
            p = state.players[row.seat]
            space_vp = scoring.senate_space_vp(p.senate, state.settings)
            players.append({
                **row.as_dict(),
                "senate_space": p.senate,
                "senate_space_votes": space_vp,
                "senate_tile_votes": row.votes - space_vp,
            })
        return {
            "kind": "season",
            "season": report.season,
            "demands": list(report.demands),
            "players": players,
            "consul": names[report.consul],
            "proconsul": None if report.proconsul is None else names[report.proconsul],
            "senate_bonus": list(state.senate_bonus),
            "senate_ranking": [names[s] for s in report.ranking],
            "senate_stack_after": [names[s] for s in report.stack_after],
            "rules": {"demands": "Trajan 1.5", "senate": "Trajan 1.4"},
        }
    return scoring.final_summary(state)


CATEGORY_LABELS = {
    "in_game": "VP during the game",
    "cards": "cards in hand",
    "workers_camp": "workers' camp",
    "military_camp": "military camp",
    "trajan_tiles": "Trajan tiles on the wheel",
    "construction": "construction sets",
    "bonus_tiles": "bonus tiles",
}
SOURCE_LABELS = {"forum": "forum tile (discarded)", "trajan": "Trajan tile (kept)",
                 "wildcard": "demand wildcard (discarded)", None: "not met"}
TIE_BREAKS = {"senate space": "the higher senate space", "senate stack": "the disc higher in the senate stack",
              "shared": "nothing separates them: the victory is shared"}


#: Categories whose detail parts each get a line of their own (a bonus tile's "how" is long).
PART_PER_LINE = ("bonus_tiles",)


def _detail_lines(category: Mapping[str, Any]) -> list[str]:
    """A category's detail parts in English: one line each for `PART_PER_LINE`, else one line
    joined by ", " ("fountain 3 + 1 wildcard, door 2, roof 1")."""
    parts = [scoring.detail_text(part) for part in category["detail"]]
    return parts if category["id"] in PART_PER_LINE else [", ".join(parts)]


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def format_scores(result: Mapping[str, Any], language: str = "en") -> str:
    """A `score_snapshot` result as text for a terminal, every line with its rule.

    The terminal text is English whatever `language` says (the touchscreen translates its own
    screens; `companion.games` cannot import the catalogs)."""
    lines: list[str] = []
    if result["kind"] == "season":
        lines.append(f"Trajan: season {result['season']} scoring")
        lines.append(f"Demands revealed: {', '.join(result['demands'])}   (Trajan 1.5)")
        for p in result["players"]:
            lines.append("")
            lines.append(p["name"])
            for paid in p["paid"]:
                lines.append(f"  {paid['demand']:<9} {SOURCE_LABELS[paid['with']]}")
            lines.append(f"  unmet {p['unmet']}: penalty {p['penalty']:>2}   VP {p['vp_before']} -> {p['vp_after']}"
                         "   (Trajan 1.5)")
            lines.append(f"  votes {p['votes']} = senate space {p['senate_space']} ({p['senate_space_votes']})"
                         f" + senate tiles {p['senate_tile_votes']}   (Trajan 1.4)")
        lines.append("")
        lines.append(f"Consul: {result['consul']}; proconsul: {result['proconsul']}   (Trajan 1.4)")
        if len(result["senate_bonus"]) == 2:
            lines.append(f"The consul takes one of {' / '.join(result['senate_bonus'])} yellow side up; "
                         "the proconsul gets the other grey side up.")
        lines.append(f"Senate stack after the reset, bottom to top: {', '.join(result['senate_stack_after'])}")
        return "\n".join(lines) + "\n"

    lines.append("Trajan: final scoring   (Trajan 1.12)")
    width = max(len(label) for label in CATEGORY_LABELS.values())
    for p in result["players"]:
        lines.append("")
        lines.append(p["name"])
        for c in p["categories"]:
            label = CATEGORY_LABELS.get(c["id"], c["id"])
            head = f"  {label:<{width}} {c['vp']:>4}  {c['rule']:<11}  "
            for i, text in enumerate(_detail_lines(c)):
                lines.append((head if i == 0 else " " * len(head)) + text)
        lines.append(f"  {'total':<{width}} {p['total']:>4}")
    lines.append("")
    totals = {p["name"]: p["total"] for p in result["players"]}
    lines.append("Ranking: " + ", ".join(f"{i}. {n} {totals[n]}" for i, n in enumerate(result["ranking"], start=1)))
    if result["tie_break"] == "none":
        lines.append(f"Winner: {result['winners'][0]} with {totals[result['winners'][0]]} VP")
    else:
        tied = _and(result["tied"])
        lines.append(f"{tied} tie on {totals[result['tied'][0]]} VP; the tie goes to {TIE_BREAKS[result['tie_break']]}"
                     f" ({result['tie_break_rule']}).")
        lines.append(f"Winner: {_and(result['winners'])}")
    return "\n".join(lines) + "\n"
