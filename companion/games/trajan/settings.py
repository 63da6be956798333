"""Trajan settings: every number the digest marks S (single source) or U (unconfirmed).

A table whose printing differs changes them in the game's settings screen; the defaults are the
digest's, which are the Chinese rulebook's reading wherever it states the rule plainly (S000,
../shared/rules/README.md); another source's reading is then only the alternative. C (confirmed)
numbers are rules and live in `rules_data.py`, not here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.intent_args import Shape, is_flag, list_of, mapping_of, one_of, record, whole_in
from companion.games.trajan.rules_data import ACTIONS

PROVINCES = (
    "alpes", "raetia", "noricum", "narbonensis", "lugudunensis",
    "belgica", "germania_superior", "aquitania", "britannia", "germania_inferior",
)


@dataclasses.dataclass(frozen=True)
class TrajanSettings:
    # Trajan 1.1, U: spaces in one lap of the time track, by player count (HEM 11/16/21; FRK 12/17/22).
    lap_length: Mapping[int, int] = dataclasses.field(default_factory=lambda: {2: 11, 3: 16, 4: 21})
    # Trajan 1.2, S: the two starting markers in a tray must differ in colour. No by default: S000 p3
    # lets each tray take any two markers (每个圆盘可以任意分配两个行动指示物). Yes is KNOB's and MONO's reading.
    start_trays_two_colours: bool = False
    # Trajan 1.4, S: VP of senate spaces 1..7 (space 0 is the start and scores nothing).
    senate_values: tuple[int, ...] = (2, 3, 4, 5, 6, 7, 8)
    # Trajan 1.5, S: demand tiles per type in the bag (bread, games, religion).
    demand_tiles_per_type: int = 5
    # Trajan 1.8, S/U: province VP (HEM); FRK swaps Aquitania (6) and Lugudunensis (10).
    province_vp: Mapping[str, int] = dataclasses.field(default_factory=lambda: {
        "alpes": 3, "raetia": 3, "noricum": 5, "narbonensis": 6, "lugudunensis": 6,
        "belgica": 6, "germania_superior": 6, "aquitania": 10, "britannia": 10, "germania_inferior": 10,
    })
    # Trajan 1.8, S/U: the province graph (HEM). The camp is a one-way start.
    province_links: tuple[tuple[str, str], ...] = (
        ("camp", "alpes"), ("camp", "raetia"), ("camp", "noricum"),
        ("alpes", "raetia"), ("alpes", "narbonensis"), ("alpes", "lugudunensis"), ("alpes", "belgica"),
        ("raetia", "noricum"), ("raetia", "belgica"), ("raetia", "germania_superior"),
        ("narbonensis", "lugudunensis"), ("narbonensis", "aquitania"),
        ("lugudunensis", "aquitania"), ("lugudunensis", "belgica"), ("lugudunensis", "britannia"),
        ("belgica", "britannia"), ("belgica", "germania_inferior"), ("belgica", "germania_superior"),
        ("germania_superior", "germania_inferior"), ("britannia", "germania_inferior"),
    )
    # Trajan 1.10, S: ship VP by number of sets/cards, yellow side then grey side (HEM Boat::setType).
    ship_vp: Mapping[str, Mapping[str, tuple[int, ...]]] = dataclasses.field(default_factory=lambda: {
        "pairs": {"yellow": (5, 10, 15), "grey": (1, 6, 11)},
        "different": {"yellow": (2, 4, 6, 8), "grey": (0, 1, 3, 5)},
        "identical": {"yellow": (2, 6, 12, 20), "grey": (0, 1, 7, 15)},
    })
    # Trajan 1.7, S: the 70 forum tiles (HEM ForumTileDeck).
    forum_tiles: Mapping[str, int] = dataclasses.field(default_factory=lambda: {
        "demand_bread": 14, "demand_games": 14, "demand_religion": 14,
        "senate_2": 3, "senate_3": 3, "senate_4": 3, "senate_5": 3,
        "extra_seaport": 1, "extra_forum": 1, "extra_military": 1,
        "extra_senate": 1, "extra_trajan": 1, "extra_construction": 1,
        "wild_commodity": 3, "wild_demand": 3, "wild_construction": 2, "wild_extra": 2,
    })
    # Trajan 1.7, S: separate extra-action tiles on the yellow spaces, per action.
    extra_action_tiles_per_action: int = 2
    # Trajan 1.9, S/U: the bonus action for the first construction tile of each type (HEM).
    first_construction_bonus: Mapping[str, str] = dataclasses.field(default_factory=lambda: {
        "fountain": "seaport", "steps": "forum", "window": "military", "door": "senate", "roof": "trajan",
    })
    # Trajan 1.11, U: whether the "bonus tiles" bonus tile counts itself.
    bonus_tile_counts_itself: bool = True
    # Trajan 1.11, S: unused demand wildcards satisfy a demand bonus tile. No by default: S000 p11
    # asks for a forum demand tile of the type (论坛板块，非图拉真板块) and p12 gives the demand
    # wildcard only to paying demands. Yes is HEM's reading (getTotalWildDemandBonus).
    demand_wildcard_counts_for_bonus: bool = False

    def lap(self, players: int) -> int:
        return self.lap_length[players]


DEFAULT = TrajanSettings()

#: The largest count of tiles a setting may put in a bag or a lap may have: far beyond any printing,
#: small enough that a slip (or a hostile script) cannot make the set-up deal a billion tiles.
MOST_TILES = 99
#: The largest VP a setting may give one space, ship or province.
MOST_VP = 999

_VP = whole_in(0, MOST_VP)
_PLACES = ("camp", *PROVINCES)


def _ships(value: Any) -> bool:
    """Per ship, its VP by size on the yellow and the grey side: as many sizes on each side."""
    sides = mapping_of(("yellow", "grey"), list_of(_VP, at_least=1))
    return (mapping_of(DEFAULT.ship_vp, sides)(value)
            and all(len(by_side["yellow"]) == len(by_side["grey"]) for by_side in value.values()))


#: What each setting takes, as an override at set-up (JSON: lists for tuples, texts for keys).
SHAPES: Mapping[str, Shape] = {
    "lap_length": mapping_of(DEFAULT.lap_length, whole_in(1, MOST_TILES)),
    "start_trays_two_colours": is_flag,
    "senate_values": list_of(_VP, length=len(DEFAULT.senate_values)),
    "demand_tiles_per_type": whole_in(1, MOST_TILES),
    "province_vp": mapping_of(PROVINCES, _VP),
    "province_links": list_of(record(one_of(_PLACES), one_of(_PLACES)), at_least=1),
    "ship_vp": _ships,
    "forum_tiles": mapping_of(DEFAULT.forum_tiles, whole_in(0, MOST_TILES)),
    "extra_action_tiles_per_action": whole_in(1, MOST_TILES),
    "first_construction_bonus": mapping_of(DEFAULT.first_construction_bonus, one_of(ACTIONS)),
    "bonus_tile_counts_itself": is_flag,
    "demand_wildcard_counts_for_bonus": is_flag,
}

#: Settings whose default moves to the Chinese rulebook's reading (issue #16), each with the default
#: a game set up before that was played with. A set-up event names each of them with the value the
#: game is played with (setup.deal), so what a journal means never depends on the defaults of the
#: code that reads it; a set-up event that does not name one was recorded before, under the former
#: default (setup.initial_state), and replays as it was played.
FORMER_DEFAULTS: Mapping[str, Any] = {
    "start_trays_two_colours": True,
    "demand_wildcard_counts_for_bonus": True,
}


def setup_offer() -> dict[str, Any]:
    """What Trajan's set-up screen offers (the registry's `offer`): the player colours and every
    S/U setting as (name, default shown, source, options), each option (English label, value), the
    first the default (value None: nothing sent); the alternatives are the sources' other readings
    (docs/trajan.md); and `said`, who gives each default (`SAID`), for the page's players' words.
    Plain values: the CLI turns them into the UI's choices."""
    from companion.games.trajan.rules_data import PLAYER_COLOURS

    swapped = dict(DEFAULT.province_vp)
    swapped["aquitania"], swapped["lugudunensis"] = DEFAULT.province_vp["lugudunensis"], DEFAULT.province_vp["aquitania"]
    yes_no, no_yes = (("yes", None), ("no", False)), (("no", None), ("yes", True))
    options: dict[str, tuple[tuple[str, Any], ...]] = {
        "lap_length": (("2p 11 / 3p 16 / 4p 21", None), ("Other source: 2p 12 / 3p 17 / 4p 22", {"2": 12, "3": 17, "4": 22})),
        "province_vp": (("Aquitania 10, Lugudunensis 6", None), ("Other source: Aquitania 6, Lugudunensis 10", swapped)),
    }
    for name in ("start_trays_two_colours", "bonus_tile_counts_itself", "demand_wildcard_counts_for_bonus"):
        options[name] = yes_no if getattr(DEFAULT, name) else no_yes
    settings = tuple((name, shown, source, options.get(name, ())) for name, shown, source in describe())
    return {"colours": tuple(PLAYER_COLOURS), "settings": settings,
            "said": {name: {"by": by, "page": page} for name, (by, page) in SAID.items()}}


#: Who gives each setting's default, as data for the players' words on the settings page
#: (`ui.text.provenance`): "box" (the Chinese rulebook in the table's box, at that page),
#: "source" (another source: HEM, I. Hemenway's computer version, or a review), "" (no source).
#: The digest's keys (`describe`'s sources) are for docs/trajan.md, not the screen.
SAID: Mapping[str, tuple[str, str]] = {
    "lap_length": ("source", ""),
    "start_trays_two_colours": ("box", "3"),
    "senate_values": ("source", ""),
    "demand_tiles_per_type": ("source", ""),
    "province_vp": ("source", ""),
    "ship_vp": ("source", ""),
    "forum_tiles": ("source", ""),
    "first_construction_bonus": ("source", ""),
    "bonus_tile_counts_itself": ("", ""),
    "demand_wildcard_counts_for_bonus": ("box", "11–12"),
}


def describe() -> list[tuple[str, str, str]]:
    """(name, default, source) for the settings screen and docs/trajan.md."""
    return [
        ("lap_length", "2p 11 / 3p 16 / 4p 21", "Trajan 1.1 (U: HEM; FRK says 12/17/22)"),
        ("start_trays_two_colours", "no", "Trajan 1.2 (rulebook p3; yes: KNOB, MONO)"),
        ("senate_values", "2 3 4 5 6 7 8", "Trajan 1.4 (S: HEM)"),
        ("demand_tiles_per_type", "5", "Trajan 1.5 (S: HEM)"),
        ("province_vp", "Aquitania 10, Lugudunensis 6", "Trajan 1.8 (S/U: HEM; FRK swaps them)"),
        ("ship_vp", "pairs 5/10/15 · 1/6/11 ...", "Trajan 1.10 (S: HEM)"),
        ("forum_tiles", "70 tiles, another source's mix", "Trajan 1.7 (S: HEM)"),
        ("first_construction_bonus", "fountain→seaport ...", "Trajan 1.9 (S/U: HEM)"),
        ("bonus_tile_counts_itself", "yes", "Trajan 1.11 (U)"),
        ("demand_wildcard_counts_for_bonus", "no", "Trajan 1.11 (rulebook p11–12; yes: HEM)"),
    ]
