"""Trajan scoring: the season's demands and senate, and the final breakdown. Pure functions.

Every function cites the rules digest (../shared/rules/trajan.md) by section, "Trajan 1.x". Results
are frozen dataclasses with an `as_dict()` for journals, exports and `companion score --json`.

Interpretations the digest leaves open, decided here once:

- A wildcard stands in for exactly one tile. A leftover demand wildcard never satisfies a demand
  bonus tile (S000 p11: a forum demand tile of the type; p12: the demand wildcard pays demands);
  with the HEM setting `settings.demand_wildcard_counts_for_bonus` it satisfies one that has no
  forum tile of its type, yellow tiles first (HEM `getTotalWildDemandBonus`). A leftover commodity
  wildcard counts as one card for one commodity bonus tile, the best-paying one (S000 p12). A
  construction wildcard adds one tile to a type of which the player holds at least one real tile.
- Demand payment keeps, among the payments with fewest unmet demands, the tiles worth most to the
  player's demand bonus tiles (so a demand wildcard pays where it can, keeping the forum tile a
  bonus tile needs); then uses Trajan tiles (free), then forum tiles before wildcards.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from typing import Any, Callable, Iterable, Mapping

from companion.core.errors import IllegalCommand
from companion.games.trajan import rules_data as R
from companion.games.trajan.settings import DEFAULT, TrajanSettings
from companion.games.trajan.state import PlayerState, TrajanState, bag

# Where a demand was met from (Trajan 1.5). None = unmet.
FORUM, TRAJAN, WILDCARD = "forum", "trajan", "wildcard"
_SOURCE_ORDER = {TRAJAN: 0, FORUM: 1, WILDCARD: 2, None: 3}

SENATE_TILES = {"senate_2": 2, "senate_3": 3, "senate_4": 4, "senate_5": 5}
YELLOW, GREY = "yellow", "grey"

# Trajan 1.11: VP of each bonus tile kind, (yellow, grey).
DEMAND_BONUS_VP = {YELLOW: 9, GREY: 6}
COMMODITY_BONUS_VP = {YELLOW: 3, GREY: 2}
LEGIONNAIRE_BONUS_VP = {YELLOW: 2, GREY: 1}
BONUS_BONUS_VP = {YELLOW: 3, GREY: 2}


# -- demands (Trajan 1.5) -----------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DemandPayment:
    """How one player met the season's demands (Trajan 1.5).

    `sources[i]` says what met `demands[i]`: "forum" (a forum tile `demand_<type>`, discarded),
    "trajan" (a permanent Trajan demand tile, kept), "wildcard" (`wild_demand`, discarded) or None
    (unmet). `forum_after` is the player's forum tiles once the spent ones are discarded.
    """

    demands: tuple[str, ...]
    sources: tuple[str | None, ...]
    unmet: int
    penalty: int
    forum_after: tuple[str, ...]

    @property
    def paid(self) -> tuple[tuple[str, str | None], ...]:
        """(demand, source) pairs, in the order the demands were revealed."""
        return tuple(zip(self.demands, self.sources))

    @property
    def tiles_spent(self) -> tuple[str, ...]:
        """The forum tiles discarded (Trajan tiles are kept and not listed)."""
        spent = []
        for demand, source in self.paid:
            if source == FORUM:
                spent.append(f"demand_{demand}")
            elif source == WILDCARD:
                spent.append("wild_demand")
        return bag(spent)

    def as_dict(self) -> dict[str, Any]:
        return {
            "paid": [{"demand": d, "with": s} for d, s in self.paid],
            "unmet": self.unmet,
            "penalty": self.penalty,
            "tiles_spent": list(self.tiles_spent),
        }


def demand_bonus_vp(bonus_tiles: Iterable[tuple[str, str]], forum: Iterable[str],
                    settings: TrajanSettings = DEFAULT) -> int:
    """VP the demand bonus tiles give with these forum tiles (Trajan 1.11, 1.14 points 5 and 13).

    A demand bonus tile of type X gives 9 (yellow) or 6 (grey) once, not per tile, if at least
    one unused forum tile `demand_X` is held (S000 p11: 论坛板块，非图拉真板块); Trajan demand tiles
    and demand wildcards never count (S000 p12: the demand wildcard pays demands). Only with the
    HEM setting `settings.demand_wildcard_counts_for_bonus` does each unused `wild_demand` stand in
    for one missing forum tile, yellow bonus tiles first.
    """
    held = Counter(forum)
    unsatisfied = []
    total = 0
    for tile, side in bonus_tiles:
        if not tile.startswith("demand_"):
            continue
        if held[tile] > 0:
            total += DEMAND_BONUS_VP[side]
        else:
            unsatisfied.append(DEMAND_BONUS_VP[side])
    if settings.demand_wildcard_counts_for_bonus:
        total += sum(sorted(unsatisfied, reverse=True)[: held["wild_demand"]])
    return total


def _sources_for(demands: tuple[str, ...], counts: Mapping[str, tuple[int, int, int]]) -> tuple[str | None, ...]:
    """Per demand, in reveal order: within a type the earliest are met first, Trajan then forum then wildcard."""
    left = {t: list(c) for t, c in counts.items()}
    out: list[str | None] = []
    for demand in demands:
        trajan, forum, wild = left[demand]
        if trajan:
            left[demand][0] -= 1
            out.append(TRAJAN)
        elif forum:
            left[demand][1] -= 1
            out.append(FORUM)
        elif wild:
            left[demand][2] -= 1
            out.append(WILDCARD)
        else:
            out.append(None)
    return tuple(out)


def pay_demands(demands: tuple[str, ...], player: PlayerState, settings: TrajanSettings = DEFAULT) -> DemandPayment:
    """Meets the season's revealed demands from what `player` holds (Trajan 1.5, 1.14 points 3–4).

    Each demand is met by one matching forum demand tile (discarded), a matching permanent Trajan
    demand tile (kept; each meets at most one demand per season) or a demand wildcard (discarded).
    Paying is compulsory: the fewest unmet demands come first, and the penalty for 0/1/2/3 unmet
    is 0/4/9/15 (not linear; scores may go below 0; S000 p10). Among the payments with fewest
    unmet demands: keep what is worth most to the player's demand bonus tiles (Trajan 1.11, S000
    p11: a demand wildcard pays instead of the forum tile a bonus tile needs, since by default the
    wildcard counts for no bonus tile), then use Trajan tiles, then forum tiles before wildcards,
    then meet earlier-revealed demands first.
    """
    demands = tuple(demands)
    unknown = [d for d in demands if d not in R.DEMAND_TYPES]
    if unknown:
        raise ValueError(f"unknown demand types {unknown}; expected {R.DEMAND_TYPES}")
    if len(demands) >= len(R.DEMAND_PENALTY):
        raise ValueError(f"{len(demands)} demands; a season reveals {len(R.DEMAND_PENALTY) - 1}")
    need = Counter(demands)
    trajan = Counter(player.trajan_demand)
    forum = Counter(player.forum)
    wild = forum["wild_demand"]
    types = [t for t in R.DEMAND_TYPES if need[t]]
    by_trajan = {t: min(need[t], trajan[t]) for t in types}

    best_key: tuple | None = None
    best: DemandPayment | None = None
    # Only the number of wildcards given to each type is free: Trajan tiles are always best used
    # to the full, and forum tiles cover whatever the wildcards do not.
    for alloc in itertools.product(*(range(min(need[t] - by_trajan[t], wild) + 1) for t in types)):
        if sum(alloc) > wild:
            continue
        counts = {}
        for t, w in zip(types, alloc):
            f = min(forum[f"demand_{t}"], need[t] - by_trajan[t] - w)
            counts[t] = (by_trajan[t], f, w)
        sources = _sources_for(demands, counts)
        spent = Counter(f"demand_{d}" if s == FORUM else "wild_demand" for d, s in zip(demands, sources)
                        if s in (FORUM, WILDCARD))
        after = bag((forum - spent).elements())
        unmet = sources.count(None)
        key = (
            unmet,
            -demand_bonus_vp(player.bonus_tiles, after, settings),
            -sources.count(TRAJAN),
            sources.count(WILDCARD),
            tuple(_SOURCE_ORDER[s] for s in sources),
        )
        if best_key is None or key < best_key:
            best_key = key
            best = DemandPayment(demands, sources, unmet, R.DEMAND_PENALTY[unmet], after)
    assert best is not None  # the product always has the all-zero allocation
    return best


def check_payment(demands: tuple[str, ...], player: PlayerState, sources: tuple[str | None, ...],
                  settings: TrajanSettings = DEFAULT) -> DemandPayment:
    """A payment a player chose instead of the app's (Trajan 1.5, 1.14 point 4), checked: each
    source must match a tile the player holds (a forum tile `demand_<type>` or a `wild_demand` is
    used up; a permanent Trajan demand tile meets at most one demand per season), and the player
    must meet as many demands as they can: leaving one unmet when it could be paid is refused."""
    rule = "Trajan 1.5 demands"
    if len(sources) != len(demands):
        raise IllegalCommand(rule, "Say how each of the {n} demands is paid.", n=len(demands))
    forum = Counter(player.forum)
    trajan = Counter(player.trajan_demand)
    spent = []
    for demand, source in zip(demands, sources):
        if source == FORUM:
            if forum[f"demand_{demand}"] <= 0:
                raise IllegalCommand(rule, "{name} has no {demand} demand tile left to pay with.", name=player.name, demand=demand)
            forum[f"demand_{demand}"] -= 1
            spent.append(f"demand_{demand}")
        elif source == TRAJAN:
            if trajan[demand] <= 0:
                raise IllegalCommand(rule, "{name} has no unused {demand} Trajan tile: each meets one demand per season.",
                                     name=player.name, demand=demand)
            trajan[demand] -= 1
        elif source == WILDCARD:
            if forum["wild_demand"] <= 0:
                raise IllegalCommand(rule, "{name} has no demand wildcard left.", name=player.name)
            forum["wild_demand"] -= 1
            spent.append("wild_demand")
        elif source is not None:
            raise IllegalCommand(rule, "A demand is paid with a forum tile, a Trajan tile or a wildcard, not '{source}'.",
                                 source=str(source))
    unmet = sum(1 for source in sources if source is None)
    best = pay_demands(demands, player, settings).unmet
    if unmet > best:
        raise IllegalCommand(rule, "{name} can meet {n} more demand(s): paying is compulsory when possible.",
                             name=player.name, n=unmet - best)
    forum_after = list(player.forum)
    for tile in spent:
        forum_after.remove(tile)
    return DemandPayment(tuple(demands), tuple(sources), unmet, R.DEMAND_PENALTY[unmet], bag(forum_after))


# -- senate (Trajan 1.4) ------------------------------------------------------------------------


def senate_space_vp(space: int, settings: TrajanSettings = DEFAULT) -> int:
    """VP value of a senate space: 0 for the start space, then settings.senate_values (Trajan 1.4)."""
    return settings.senate_values[space - 1] if space > 0 else 0


def votes(player: PlayerState, settings: TrajanSettings = DEFAULT) -> int:
    """A player's votes (Trajan 1.4, 1.14 point 6): the value of the own senate space (start = 0)
    plus every senate forum tile held (2, 3, 4 or 5 votes each)."""
    return senate_space_vp(player.senate, settings) + sum(SENATE_TILES.get(t, 0) for t in player.forum)


def _stack_height(state: TrajanState, seat: int) -> int:
    return state.senate_stack.index(seat) if seat in state.senate_stack else -1


def senate_ranking(state: TrajanState) -> tuple[int, ...]:
    """Seats from most to fewest votes (Trajan 1.4): ties go to the higher senate space, then to
    the disc higher in the stack (later in `state.senate_stack`)."""
    seats = range(state.player_count)
    key = {s: (votes(state.players[s], state.settings), state.players[s].senate, _stack_height(state, s)) for s in seats}
    return tuple(sorted(seats, key=lambda s: (key[s], -s), reverse=True))


@dataclasses.dataclass(frozen=True)
class SenateResult:
    """Trajan 1.4: the consul (most votes), the proconsul (second; with 2 players, the other one),
    each seat's votes, and the full ranking (seats, best first). Unpacks as (consul, proconsul, votes)."""

    consul: int
    proconsul: int | None
    votes: tuple[int, ...]
    ranking: tuple[int, ...]

    def __iter__(self):
        return iter((self.consul, self.proconsul, self.votes))


def senate_result(state: TrajanState) -> SenateResult:
    """Consul, proconsul and votes per seat (Trajan 1.4; ties: senate space, then stack height)."""
    ranking = senate_ranking(state)
    return SenateResult(
        consul=ranking[0],
        proconsul=ranking[1] if len(ranking) > 1 else None,
        votes=tuple(votes(p, state.settings) for p in state.players),
        ranking=ranking,
    )


def rebuilt_stack(state: TrajanState) -> tuple[int, ...]:
    """The senate stack after the season (Trajan 1.4), bottom to top: every disc back on the start
    space, fewest votes at the bottom, the consul on top; ties ordered as in `senate_ranking`."""
    return tuple(reversed(senate_ranking(state)))


# -- the season (Trajan 1.5, 1.4, 1.6) -----------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PlayerSeason:
    """One player's season: the demand payment, votes, and VP before and after the penalty."""

    seat: int
    name: str
    payment: DemandPayment
    votes: int
    vp_before: int
    vp_after: int

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, **self.payment.as_dict(), "votes": self.votes,
                "vp_before": self.vp_before, "vp_after": self.vp_after}


@dataclasses.dataclass(frozen=True)
class SeasonReport:
    """Trajan 1.6 steps 1–2: what every player paid, the penalties, the votes and the senate result."""

    season: int
    demands: tuple[str, ...]
    players: tuple[PlayerSeason, ...]
    consul: int
    proconsul: int | None
    ranking: tuple[int, ...]  # senate ranking, best first
    stack_after: tuple[int, ...]  # the senate stack once rebuilt, bottom to top

    def as_dict(self) -> dict[str, Any]:
        return {
            "season": self.season,
            "demands": list(self.demands),
            "players": [p.as_dict() for p in self.players],
            "consul": self.consul,
            "proconsul": self.proconsul,
            "senate_ranking": list(self.ranking),
            "senate_stack_after": list(self.stack_after),
        }


def season_scoring(state: TrajanState) -> tuple[TrajanState, SeasonReport]:
    """Scores the end of a season (Trajan 1.6 steps 1–2, rules 1.5 and 1.4).

    Every player pays the revealed demands (`pay_demands`: tiles spent, VP − penalty), then the
    votes decide the consul and proconsul. Returns the state with the payments applied, `consul`
    and `proconsul` set and `phase="consul"`, and the report. The report is not appended to
    `state.season_reports` (the rules module journals it); the consul's choice is
    `award_bonus_tiles`; clean-up and refills (Trajan 1.6 steps 3–6) belong to the rules module.
    """
    players = []
    rows = []
    for p in state.players:
        payment = pay_demands(state.demands, p, state.settings)
        after = dataclasses.replace(p, vp=p.vp - payment.penalty, forum=payment.forum_after)
        players.append(after)
        rows.append((p, payment, after))
    paid = dataclasses.replace(state, players=tuple(players))
    senate = senate_result(paid)
    report = SeasonReport(
        season=state.season,
        demands=tuple(state.demands),
        players=tuple(
            PlayerSeason(p.seat, p.name, payment, senate.votes[p.seat], p.vp, after.vp) for p, payment, after in rows
        ),
        consul=senate.consul,
        proconsul=senate.proconsul,
        ranking=senate.ranking,
        stack_after=tuple(reversed(senate.ranking)),
    )
    return dataclasses.replace(paid, consul=senate.consul, proconsul=senate.proconsul, phase="consul"), report


def award_bonus_tiles(state: TrajanState, consul_choice: str) -> TrajanState:
    """The consul's choice and the senate reset (Trajan 1.4, 1.6 step 2).

    The consul takes `consul_choice`, one of the bonus tiles beside the senate, yellow side up; the
    proconsul takes the other one grey side up. Then the stack is rebuilt from this season's votes
    (fewest at the bottom, consul on top), every disc goes back to the start space and all senate
    tiles leave every player. `consul`, `proconsul` and `phase` are left for the rules module.
    """
    if state.consul is None:
        raise IllegalCommand("Trajan 1.4 senate", "There is no consul yet: the season has not been scored.")
    if consul_choice not in state.senate_bonus:
        raise IllegalCommand(
            "Trajan 1.4 senate", "The consul can only take one of the bonus tiles beside the senate: {tiles}.",
            tiles=", ".join(state.senate_bonus) or "-",
        )
    stack = rebuilt_stack(state)
    others = list(state.senate_bonus)
    others.remove(consul_choice)
    gifts = {state.consul: (consul_choice, YELLOW)}
    if state.proconsul is not None and others:
        gifts[state.proconsul] = (others[0], GREY)
    players = []
    for p in state.players:
        bonus = p.bonus_tiles + ((gifts[p.seat],) if p.seat in gifts else ())
        players.append(dataclasses.replace(
            p, bonus_tiles=tuple(sorted(bonus)), senate=0,
            forum=tuple(t for t in p.forum if t not in SENATE_TILES),
        ))
    return dataclasses.replace(state, players=tuple(players), senate_bonus=(), senate_stack=stack)


# -- final scoring (Trajan 1.12) -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Detail:
    """How a number was counted, as an English template and its parameters: "{n} in hand × 1"
    with {"n": 3}. The template doubles as a gettext msgid, so the touchscreen translates it and
    names the ids among the parameters (a demand type, a commodity, a tile, a side) in its own
    language, while the terminal prints the English; a parameter may itself be a `Detail` (a bonus
    tile's "how"). Nobody has to read numbers back out of a sentence."""

    template: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"template": self.template,
                "params": {k: v.as_dict() if isinstance(v, Detail) else v for k, v in self.params.items()}}

    def text(self) -> str:
        """The English rendering (ids as they are), as `companion score` prints it."""
        return detail_text(self.as_dict())


def detail_text(detail: Mapping[str, Any]) -> str:
    """The English text of a detail in its dict form ({"template", "params"}, as in `as_dict`
    and `companion score --json`): nested details first, then the template's fields filled in."""
    params = {k: detail_text(v) if isinstance(v, Mapping) else v for k, v in detail.get("params", {}).items()}
    return str(detail["template"]).format(**params)


def _counted(n: int, one: str, many: str, **params: Any) -> Detail:
    """A detail whose wording follows a count: the singular template for 1, else the plural one
    (both are msgids, so a language without plurals translates them alike)."""
    return Detail(one if n == 1 else many, {"n": n, **params})


@dataclasses.dataclass(frozen=True)
class CategoryScore:
    """One line of a final breakdown: category id, VP, the rule it comes from, and how it was
    counted, as one or more `Detail` parts (a construction set per type, a bonus tile each)."""

    id: str
    vp: int
    rule: str
    detail: tuple[Detail, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "vp": self.vp, "rule": self.rule, "detail": [d.as_dict() for d in self.detail]}


def score_in_game(state: TrajanState, player: PlayerState) -> CategoryScore:
    """VP scored during the game, penalties included (Trajan 1.12: the final scoring adds to it)."""
    return CategoryScore("in_game", player.vp, "Trajan 1.12", (Detail("on the score track"),))


def score_cards(state: TrajanState, player: PlayerState) -> CategoryScore:
    """+1 VP per commodity card in hand (Trajan 1.12); display cards score only through bonus tiles."""
    return CategoryScore("cards", player.hand, "Trajan 1.12", (Detail("{n} in hand × 1", {"n": player.hand}),))


def score_workers_camp(state: TrajanState, player: PlayerState) -> CategoryScore:
    """+1 VP per worker in the workers' camp (Trajan 1.12); workers on the site do not count here."""
    n = player.workers_camp
    return CategoryScore("workers_camp", n, "Trajan 1.12", (Detail("{n} × 1", {"n": n}),))


def score_military_camp(state: TrajanState, player: PlayerState) -> CategoryScore:
    """+1 VP per legionnaire in the military camp (Trajan 1.12); those in provinces do not count here."""
    n = player.military_camp
    return CategoryScore("military_camp", n, "Trajan 1.12", (Detail("{n} × 1", {"n": n}),))


def score_trajan_tiles(state: TrajanState, player: PlayerState) -> CategoryScore:
    """+1 VP per Trajan tile still lying unfinished on the action wheel (Trajan 1.3, 1.14 point 11).
    Completed demand tiles kept on the mat are not on the wheel's slots and do not count."""
    n = sum(1 for t in player.trajan_slots if t is not None)
    return CategoryScore("trajan_tiles", n, "Trajan 1.3", (Detail("{n} on the wheel × 1", {"n": n}),))


def construction_sets(tiles: Mapping[str, int], wildcards: int) -> tuple[int, dict[str, int]]:
    """Best construction-set VP (Trajan 1.9): 3 tiles of a type = 10, 4 = 20; each construction
    wildcard substitutes one tile of a type the player holds. Returns (VP, wildcards per type)."""

    def value(n: int) -> int:
        return max((vp for size, vp in R.CONSTRUCTION_SET_VP.items() if n >= size), default=0)

    top = max(R.CONSTRUCTION_SET_VP)
    types = [t for t in sorted(tiles) if tiles[t] > 0]
    best = (sum(value(tiles[t]) for t in types), {})
    for alloc in itertools.product(*(range(max(0, min(wildcards, top - tiles[t])) + 1) for t in types)):
        if sum(alloc) > wildcards:
            continue
        vp = sum(value(tiles[t] + w) for t, w in zip(types, alloc))
        used = {t: w for t, w in zip(types, alloc) if w}
        if vp > best[0] or (vp == best[0] and sum(used.values()) < sum(best[1].values())):
            best = (vp, used)
    return best


def _construction_part(kind: str, tiles: int, wild: int) -> Detail:
    """One construction type's count, with the wildcards the set was completed with (Trajan 1.9)."""
    if not wild:
        return Detail("{type} {n}", {"type": kind, "n": tiles})
    template = "{type} {n} + {wild} wildcard" if wild == 1 else "{type} {n} + {wild} wildcards"
    return Detail(template, {"type": kind, "n": tiles, "wild": wild})


def score_construction(state: TrajanState, player: PlayerState) -> CategoryScore:
    """Construction sets at the end (Trajan 1.9): per type, 3 tiles = 10 VP, 4 tiles = 20 VP; each
    held construction wildcard substitutes one tile, placed where it scores most. One detail part
    per type held, in the rules' type order."""
    tiles = Counter(t for t, _vp in player.construction)
    vp, used = construction_sets(tiles, player.forum_count("wild_construction"))
    parts = tuple(_construction_part(t, tiles[t], used.get(t, 0))
                  for t in R.CONSTRUCTION_TYPES if tiles[t] or used.get(t))
    return CategoryScore("construction", vp, "Trajan 1.9", parts or (Detail("no tiles"),))


def _commodity_pair(tile: str) -> tuple[str, str]:
    for a, b in R.COMMODITY_PAIRS:
        if tile == f"commodity_{a}_{b}":
            return a, b
    raise ValueError(f"not a commodity bonus tile: {tile}")


def _demand_bonus(tile: str, side: str, held: Counter, by_wildcard: bool) -> tuple[int, Detail]:
    """Trajan 1.11 (1.14 points 5, 13; S000 p11): 9 / 6 once if an unused forum tile of the type is
    held, or, with the HEM setting only, if an unused demand wildcard was set aside for this tile
    (`by_wildcard`); Trajan tiles never count."""
    kind = tile.removeprefix("demand_")
    if held[tile]:
        return DEMAND_BONUS_VP[side], _counted(held[tile], "{n} unused {kind} forum tile",
                                               "{n} unused {kind} forum tiles", kind=kind)
    if by_wildcard:
        return DEMAND_BONUS_VP[side], Detail("an unused demand wildcard")
    return 0, Detail("no unused {kind} forum tile", {"kind": kind})


def _commodity_bonus(tile: str, side: str, display: Counter, wild: int) -> tuple[int, Detail]:
    """Trajan 1.11: 3 / 2 per display card of either commodity on the tile, plus the `wild` unused
    commodity wildcards given to this tile (each counts as one card)."""
    a, b = _commodity_pair(tile)
    cards = display[a] + display[b] + wild
    each = COMMODITY_BONUS_VP[side]
    params = {"a": a, "na": display[a], "b": b, "nb": display[b], "cards": cards, "each": each}
    if not wild:
        return each * cards, Detail("{a} {na} + {b} {nb} = {cards} × {each}", params)
    template = ("{a} {na} + {b} {nb} + {wild} wildcard = {cards} × {each}" if wild == 1
                else "{a} {na} + {b} {nb} + {wild} wildcards = {cards} × {each}")
    return each * cards, Detail(template, {**params, "wild": wild})


def _workers_bonus(side: str, workers: int) -> tuple[int, Detail]:
    """Trajan 1.11, 1.14 point 9: 1 per own worker on the site, grey half of them rounded up."""
    if side == YELLOW:
        return workers, Detail("{n} on the site × 1", {"n": workers})
    return (workers + 1) // 2, Detail("{n} on the site, half rounded up", {"n": workers})


def _legionnaires_bonus(side: str, legionnaires: int) -> tuple[int, Detail]:
    """Trajan 1.11: 2 / 1 per own legionnaire in the provinces (not those in the military camp)."""
    each = LEGIONNAIRE_BONUS_VP[side]
    return each * legionnaires, Detail("{n} in provinces × {each}", {"n": legionnaires, "each": each})


def _bonus_bonus(side: str, counted: int) -> tuple[int, Detail]:
    """Trajan 1.11: 3 / 2 per own yellow-side bonus tile (`counted` already says whether it counts itself)."""
    each = BONUS_BONUS_VP[side]
    return each * counted, _counted(counted, "{n} yellow bonus tile × {each}", "{n} yellow bonus tiles × {each}",
                                    each=each)


def _wildcards_for_bonus(player: PlayerState, settings: TrajanSettings) -> tuple[set[int], int | None]:
    """Where the leftover wildcards score most (Trajan 1.11): the indexes of the demand bonus tiles
    a demand wildcard satisfies (none by default, S000 p11–12; yellow first with the HEM setting),
    and the one commodity tile of the best side that all commodity wildcards count for (or None;
    S000 p12)."""
    held = Counter(player.forum)
    tiles = player.bonus_tiles
    wild_demand = held["wild_demand"] if settings.demand_wildcard_counts_for_bonus else 0
    short = sorted((i for i, (t, _side) in enumerate(tiles) if t.startswith("demand_") and not held[t]),
                   key=lambda i: -DEMAND_BONUS_VP[tiles[i][1]])
    commodity = [i for i, (t, _side) in enumerate(tiles) if t.startswith("commodity_")]
    best = max(commodity, key=lambda i: (COMMODITY_BONUS_VP[tiles[i][1]], -i), default=None)
    return set(short[:wild_demand]), best


def bonus_tile_values(state: TrajanState, player: PlayerState) -> tuple[tuple[str, str, int, Detail], ...]:
    """Each bonus tile's VP (Trajan 1.11), as (tile, side, VP, how), in the player's tile order.

    demand X: 9 yellow / 6 grey once if an unused forum `demand_X` is held (S000 p11; a demand
    wildcard only with the HEM setting);
    commodity A/B: 3 / 2 per display card of A or B, unused commodity wildcards counting as cards
    of the best-paying such tile; workers: 1 per own worker on the site / half of them rounded up
    (1.14 point 9); legionnaires: 2 / 1 per own legionnaire in the provinces; bonus: 3 / 2 per own
    yellow-side bonus tile (itself included per `settings.bonus_tile_counts_itself`).
    """
    s = state.settings
    held = Counter(player.forum)
    display = Counter(player.display)
    yellow_tiles = sum(1 for _t, side in player.bonus_tiles if side == YELLOW)
    legionnaires = sum(1 for _prov, seat in state.legionnaires if seat == player.seat)
    wild_demand_for, wild_commodity_for = _wildcards_for_bonus(player, s)

    out = []
    for i, (tile, side) in enumerate(player.bonus_tiles):
        if tile.startswith("demand_"):
            vp, how = _demand_bonus(tile, side, held, i in wild_demand_for)
        elif tile.startswith("commodity_"):
            vp, how = _commodity_bonus(tile, side, display, held["wild_commodity"] if i == wild_commodity_for else 0)
        elif tile == "workers":
            vp, how = _workers_bonus(side, len(player.site_workers))
        elif tile == "legionnaires":
            vp, how = _legionnaires_bonus(side, legionnaires)
        elif tile == "bonus":
            vp, how = _bonus_bonus(side, yellow_tiles - (1 if side == YELLOW and not s.bonus_tile_counts_itself else 0))
        else:
            raise ValueError(f"unknown bonus tile {tile!r}")
        out.append((tile, side, vp, how))
    return tuple(out)


def score_bonus_tiles(state: TrajanState, player: PlayerState) -> CategoryScore:
    """Every bonus tile the player holds, on the side it lies (Trajan 1.11; see `bonus_tile_values`):
    one detail part per tile, naming the tile, its side, its VP and how they were counted."""
    values = bonus_tile_values(state, player)
    parts = tuple(Detail("{tile} {side}: {vp} ({how})", {"tile": tile, "side": side, "vp": vp, "how": how})
                  for tile, side, vp, how in values)
    return CategoryScore("bonus_tiles", sum(v[2] for v in values), "Trajan 1.11", parts or (Detail("no bonus tiles"),))


#: The final breakdown's categories, in the order they are shown (Trajan 1.12).
CATEGORIES: tuple[tuple[str, Callable[[TrajanState, PlayerState], CategoryScore]], ...] = (
    ("in_game", score_in_game),
    ("cards", score_cards),
    ("workers_camp", score_workers_camp),
    ("military_camp", score_military_camp),
    ("trajan_tiles", score_trajan_tiles),
    ("construction", score_construction),
    ("bonus_tiles", score_bonus_tiles),
)


@dataclasses.dataclass(frozen=True)
class PlayerFinal:
    """One player's final breakdown: every category in `CATEGORIES` order, and the total."""

    seat: int
    name: str
    categories: tuple[CategoryScore, ...]
    total: int

    def vp(self, category: str) -> int:
        return next(c.vp for c in self.categories if c.id == category)

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "categories": [c.as_dict() for c in self.categories],
                "total": self.total}


@dataclasses.dataclass(frozen=True)
class FinalScores:
    """The final result (Trajan 1.12). `ranking` lists seats best first; `tied` the seats sharing
    the highest total; `winners` those left after the tie-break; `tie_break` says what decided:
    "none" (a clear winner), "senate space", "senate stack", or "shared" (nothing could)."""

    players: tuple[PlayerFinal, ...]
    ranking: tuple[int, ...]
    tied: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: str
    tie_break_rule: str = "Trajan 1.12"

    def as_dict(self) -> dict[str, Any]:
        return {"players": [p.as_dict() for p in self.players], "ranking": list(self.ranking),
                "tied": list(self.tied), "winners": list(self.winners), "tie_break": self.tie_break,
                "tie_break_rule": self.tie_break_rule}


def final_breakdown(state: TrajanState) -> FinalScores:
    """The final scoring (Trajan 1.12): every category per player, the total, and the winner.

    Highest total wins; a tie goes to the higher senate space, then to the disc higher in the
    senate stack (after the last reset all discs share the start space, so the stack decides).
    """
    players = []
    for p in state.players:
        cats = tuple(fn(state, p) for _id, fn in CATEGORIES)
        players.append(PlayerFinal(p.seat, p.name, cats, sum(c.vp for c in cats)))

    def key(seat: int) -> tuple[int, int, int]:
        return players[seat].total, state.players[seat].senate, _stack_height(state, seat)

    ranking = tuple(sorted(range(len(players)), key=lambda s: (key(s), -s), reverse=True))
    if not ranking:
        return FinalScores((), (), (), (), "none")
    top = players[ranking[0]].total
    tied = tuple(s for s in ranking if players[s].total == top)
    winners, tie_break = tied, "none"
    if len(tied) > 1:
        best_space = max(state.players[s].senate for s in tied)
        by_space = tuple(s for s in tied if state.players[s].senate == best_space)
        if len(by_space) == 1:
            winners, tie_break = by_space, "senate space"
        else:
            best_height = max(_stack_height(state, s) for s in by_space)
            by_stack = tuple(s for s in by_space if _stack_height(state, s) == best_height)
            winners, tie_break = by_stack, ("senate stack" if len(by_stack) == 1 and best_height >= 0 else "shared")
    return FinalScores(tuple(players), ranking, tied, winners, tie_break)


def final_summary(state: TrajanState) -> dict[str, Any]:
    """The final breakdown with players named (not numbered): what `companion score`, `companion
    replay` and the game-end screen show (Trajan 1.12)."""
    names = [p.name for p in state.players]
    final = final_breakdown(state)
    return {
        "kind": "final",
        **final.as_dict(),
        "ranking": [names[s] for s in final.ranking],
        "tied": [names[s] for s in final.tied],
        "winners": [names[s] for s in final.winners],
    }
