"""Troyes final scoring (digest 2.4), one pure function per category, each citing its rule, over
what each player holds (`Holdings`): a tracked game's state and a calculator snapshot are scored by
the same functions. Every category lists how its points were counted, for the breakdown.

The result is plain data made of tuples and dicts with text keys, exactly as the journal gives it
back, since the final breakdown travels in the `GameEnded` event.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import activity, buildings, cathedral
from companion.games.troyes.parts.catalog import Catalog, Character
from companion.games.troyes.settings import TroyesSettings
from companion.games.troyes.state import TroyesState

TIE_RULE = "Troyes 2.4 tie-break (U)"


@dataclasses.dataclass(frozen=True)
class Holdings:
    """What one player holds at the end, as scoring needs it."""

    seat: int
    name: str
    vp: int
    deniers: int
    influence: int
    citizens: int  # own citizens on the spaces of the three buildings
    tradesmen: tuple[tuple[str, int], ...]  # (card, VP of the space; 0 on the illustration)
    cathedral_levels: tuple[bool, ...]  # a cube of one's own on level 1, 2, 3
    cathedral_cubes: int
    events_won: int
    uncountered: int  # events left in the queue carrying one of the player's cubes
    characters: tuple[str, ...]


def _part(text: str, **params: Any) -> dict[str, Any]:
    """One line of a category's explanation: an English template and its values."""
    return {"template": text, "params": params}


def score_vp_tokens(h: Holdings, **_: Any) -> dict[str, Any]:
    """Digest 2.4: the VP tokens earned during the game (kept hidden until now, digest 2.1)."""
    return {"id": "vp_tokens", "vp": h.vp, "rule": "Troyes 2.4", "detail": (_part("{vp} VP in tokens", vp=h.vp),)}


def score_tradesmen(h: Holdings, catalog: Catalog, **_: Any) -> dict[str, Any]:
    """Digest 2.3–2.4: the VP printed on each tradesman space the player occupies; the
    illustration area scores 0."""
    parts = tuple(_part("{card}: {vp}", card=catalog.cards[card].name if card in catalog.cards else card, card_id=card,
                        vp=vp) for card, vp in h.tradesmen) or (_part("no tradesmen"),)
    return {"id": "tradesmen", "vp": sum(vp for _card, vp in h.tradesmen), "rule": "Troyes 2.4", "detail": parts}


def score_cathedral(h: Holdings, **_: Any) -> dict[str, Any]:
    """Digest 2.4 (2.6.11): −2 VP per cathedral level (of 3) without one of the player's cubes."""
    empty = tuple(level + 1 for level, has in enumerate(h.cathedral_levels) if not has)
    vp = R.CATHEDRAL_EMPTY_LEVEL_VP * len(empty)
    detail = (_part("no cube on level {levels}: {vp}", levels=", ".join(map(str, empty)), vp=vp) if empty
              else _part("a cube on every level"),)
    return {"id": "cathedral", "vp": vp, "rule": "Troyes 2.4", "detail": detail}


def measure(h: Holdings, what: str) -> int:
    return {"influence": h.influence, "deniers": h.deniers, "cathedral_cubes": h.cathedral_cubes,
            "tradesmen": len(h.tradesmen), "citizens": h.citizens, "events_won": h.events_won}[what]


def character_vp(character: Character, h: Holdings) -> int:
    """A character card's VP for one player: floor(measure / every) × vp (data/characters.json)."""
    return measure(h, character.measure) // character.every * character.vp


def score_characters(h: Holdings, catalog: Catalog, in_play: tuple[str, ...], **_: Any) -> dict[str, Any]:
    """Digest 2.4 (2.6.10): every character card in play is revealed and scores for every player,
    whoever holds it (formulas: data/characters.json, U until checked against the cards)."""
    parts, total = [], 0
    for cid in in_play:
        ch = catalog.characters[cid]
        vp = character_vp(ch, h)
        total += vp
        parts.append(_part("{character}: {measure} {amount}, {each} VP per {every}: {vp}", character=ch.name,
                           character_id=cid, measure=ch.measure, amount=measure(h, ch.measure), every=ch.every, each=ch.vp, vp=vp))
    return {"id": "characters", "vp": total, "rule": "Troyes 2.4", "detail": tuple(parts) or (_part("no characters"),)}


def score_uncountered(h: Holdings, settings: TroyesSettings, **_: Any) -> dict[str, Any]:
    """Digest 2.4 (U, TRB-BRIEF's line): `uncountered_event_vp` per event still in the queue that
    carries one of the player's cubes (0, the default, leaves the line out of the total)."""
    vp = settings.uncountered_event_vp * h.uncountered
    return {"id": "uncountered_events", "vp": vp, "rule": "Troyes 2.4 (U)",
            "detail": (_part("{count} events × {each}", count=h.uncountered, each=settings.uncountered_event_vp),)}


#: The breakdown's categories, in the order shown (digest 2.4).
CATEGORIES: tuple[tuple[str, Callable[..., dict[str, Any]]], ...] = (
    ("vp_tokens", score_vp_tokens),
    ("tradesmen", score_tradesmen),
    ("cathedral", score_cathedral),
    ("characters", score_characters),
    ("uncountered_events", score_uncountered),
)


def final_breakdown(holdings: tuple[Holdings, ...], catalog: Catalog, settings: TroyesSettings) -> dict[str, Any]:
    """Every category per player, the totals, the ranking and the tie-break (digest 2.4: highest
    total wins; the tie-break is U, a setting: none, most deniers, or most influence)."""
    in_play = tuple(sorted({cid for h in holdings for cid in h.characters}))
    players = []
    for h in holdings:
        categories = tuple(fn(h, catalog=catalog, settings=settings, in_play=in_play) for name, fn in CATEGORIES
                           if name != "uncountered_events" or settings.uncountered_event_vp)
        total = sum(cat["vp"] for cat in categories)
        if not settings.negative_total:
            total = max(0, total)
        players.append({"seat": h.seat, "name": h.name, "characters": h.characters, "categories": categories,
                        "total": total})
    tie = settings.tie_break

    def key(seat: int) -> tuple[int, int]:
        h = holdings[seat]
        second = {"deniers": h.deniers, "influence": h.influence}.get(tie, 0)
        return players[seat]["total"], second

    ranking = tuple(sorted(range(len(players)), key=lambda s: (key(s), -s), reverse=True))
    top = players[ranking[0]]["total"] if ranking else 0
    tied = tuple(s for s in ranking if players[s]["total"] == top)
    winners, used = tied, "none"
    if len(tied) > 1:
        best = max(key(s) for s in tied)
        winners = tuple(s for s in tied if key(s) == best)
        used = tie if tie != "shared" and len(winners) == 1 else "shared"
    names = [p["name"] for p in players]
    return {
        "kind": "final",
        "players": tuple(players),
        "characters": tuple({"id": cid, "name": catalog.characters[cid].name, "names": dict(catalog.characters[cid].names),
                             "measure": catalog.characters[cid].measure,
                             "every": catalog.characters[cid].every, "vp": catalog.characters[cid].vp,
                             "holders": tuple(h.name for h in holdings if cid in h.characters)} for cid in in_play),
        # the cards tradesmen stand on, named per language: a part's `card_id` names its card by these
        "cards": tuple({"id": cid, "name": catalog.cards[cid].name, "names": dict(catalog.cards[cid].names)}
                       for cid in sorted({card for h in holdings for card, _vp in h.tradesmen}) if cid in catalog.cards),
        "ranking": tuple(names[s] for s in ranking),
        "tied": tuple(names[s] for s in tied),
        "winners": tuple(names[s] for s in winners),
        "tie_break": used,
        "tie_break_rule": TIE_RULE,
    }


def holdings_of(state: TroyesState) -> tuple[Holdings, ...]:
    """What each player holds in a tracked game's state."""
    out = []
    for p in state.players:
        uncountered = sum(1 for event in state.queue if p.seat in event.cubes)
        out.append(Holdings(
            seat=p.seat, name=p.name, vp=p.vp, deniers=p.deniers, influence=p.influence,
            citizens=buildings.on_buildings(state, p.seat), tradesmen=activity.tradesmen_vp(state, p.seat),
            cathedral_levels=cathedral.levels_with_cube(state, p.seat), cathedral_cubes=cathedral.cubes(state, p.seat),
            events_won=len(p.events_won), uncountered=uncountered, characters=p.characters,
        ))
    return tuple(out)


def final_summary(state: TroyesState) -> dict[str, Any]:
    """The final breakdown of a tracked game (what `GameEnded` reveals)."""
    return final_breakdown(holdings_of(state), state.catalog, state.settings)


def detail_text(part: Mapping[str, Any]) -> str:
    return str(part["template"]).format(**part["params"])
