"""Display names of Trajan's things (actions, tiles, provinces, commodities, demands …) in the
current language: English msgids here, translations in the catalogs. An id not in a table is shown
as itself, never hidden, so a new tile kind in the rules still reads (in English) on screen.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.ui.text.i18n import N_, _

ACTIONS: Mapping[str, str] = {
    "seaport": N_("Seaport"), "forum": N_("Forum"), "military": N_("Military"),
    "senate": N_("Senate"), "trajan": N_("Trajan"), "construction": N_("Construction"),
}
#: Roman tray numbers, I–VI clockwise (Trajan 1.2).
TRAY_NUMERALS = ("I", "II", "III", "IV", "V", "VI")  # ASCII: WenQuanYi draws U+2164 (Ⅴ) blank

DEMANDS: Mapping[str, str] = {"bread": N_("Bread"), "games": N_("Games"), "religion": N_("Religion")}

#: The action markers' six colours (Trajan 1.2), in the order the screens offer them.
MARKER_COLOURS = ("yellow", "orange", "green", "white", "pink", "blue")

COLOURS: Mapping[str, str] = {
    "red": N_("Red"), "blue": N_("Blue"), "green": N_("Green"), "yellow": N_("Yellow"),
    "orange": N_("Orange"), "white": N_("White"), "pink": N_("Pink"), "grey": N_("Grey"),
}

#: A bonus tile's side up (Trajan 1.11), as a breakdown names it after the tile ("Workers bonus grey side").
SIDES: Mapping[str, str] = {"yellow": N_("yellow side"), "grey": N_("grey side")}

#: Screen colours (hex) of player and marker colours.
COLOUR_HEX: Mapping[str, str] = {
    "red": "E5484D", "blue": "3E8EF7", "green": "30A46C", "yellow": "F5D90A",
    "orange": "F76B15", "white": "F3F5F8", "pink": "E93D82", "grey": "8B95A3",
}
DEMAND_HEX: Mapping[str, str] = {"bread": "E8B04B", "games": "E5484D", "religion": "A875FF"}

TRAJAN_TILES: Mapping[str, str] = {
    "victory": N_("Victory"), "plus2": N_("+2 marker"), "cards": N_("Cards"),
    "workers1": N_("Workers I"), "workers2": N_("Workers II"),
    "legion1": N_("Legion I"), "legion2": N_("Legion II"),
    "demand_bread": N_("Bread demand"), "demand_games": N_("Games demand"), "demand_religion": N_("Religion demand"),
}
TRAJAN_STACKS: Mapping[str, str] = {
    "victory": N_("Victory"), "plus2": N_("+2 marker"), "cards": N_("Cards"), "workers": N_("Workers"),
    "legion": N_("Legion"), "demand": N_("Demand"),
}
#: What each Trajan stack holds (the tiles printed on it): for tables entering the tile they drew.
STACK_KINDS: Mapping[str, tuple[str, ...]] = {
    "victory": ("victory",), "plus2": ("plus2",), "cards": ("cards",), "workers": ("workers1", "workers2"),
    "legion": ("legion1", "legion2"), "demand": ("demand_bread", "demand_games", "demand_religion"),
}

FORUM_TILES: Mapping[str, str] = {
    "demand_bread": N_("Bread tile"), "demand_games": N_("Games tile"), "demand_religion": N_("Religion tile"),
    "senate_2": N_("Senate +2"), "senate_3": N_("Senate +3"), "senate_4": N_("Senate +4"), "senate_5": N_("Senate +5"),
    "extra_seaport": N_("Extra: Seaport"), "extra_forum": N_("Extra: Forum"), "extra_military": N_("Extra: Military"),
    "extra_senate": N_("Extra: Senate"), "extra_trajan": N_("Extra: Trajan"),
    "extra_construction": N_("Extra: Construction"),
    "wild_commodity": N_("Commodity wildcard"), "wild_demand": N_("Demand wildcard"),
    "wild_construction": N_("Construction wildcard"), "wild_extra": N_("Extra-action wildcard"),
    "unseen": N_("On the table"),  # table draws: laid out by the table, named when taken
}

PROVINCES: Mapping[str, str] = {
    "camp": N_("Military camp"), "alpes": N_("Alpes"), "raetia": N_("Raetia"), "noricum": N_("Noricum"),
    "narbonensis": N_("Narbonensis"), "lugudunensis": N_("Lugudunensis"), "belgica": N_("Belgica"),
    "germania_superior": N_("Germania Superior"), "aquitania": N_("Aquitania"), "britannia": N_("Britannia"),
    "germania_inferior": N_("Germania Inferior"),
}

COMMODITIES: Mapping[str, str] = {
    "columns": N_("Columns"), "furs": N_("Furs"), "scrolls": N_("Scrolls"), "oils": N_("Oils"),
    "fruit": N_("Fruit"), "ceramics": N_("Ceramics"), "wine": N_("Wine"), "fish": N_("Fish"),
    "jewelry": N_("Jewelry"), "gems": N_("Gems"), "cattle": N_("Cattle"), "wheat": N_("Wheat"),
}
SHIPS: Mapping[str, str] = {"pairs": N_("Pairs ship"), "different": N_("Different ship"),
                            "identical": N_("Identical ship")}

BONUS_TILES: Mapping[str, str] = {
    "demand_bread": N_("Bread bonus"), "demand_games": N_("Games bonus"), "demand_religion": N_("Religion bonus"),
    "workers": N_("Workers bonus"), "legionnaires": N_("Legionnaires bonus"), "bonus": N_("Bonus-tiles bonus"),
}

CONSTRUCTION: Mapping[str, str] = {
    "fountain": N_("Fountain"), "steps": N_("Steps"), "window": N_("Window"), "door": N_("Door"), "roof": N_("Roof"),
}

CATEGORIES: Mapping[str, str] = {
    "in_game": N_("VP on the track"), "cards": N_("Cards in hand"), "workers_camp": N_("Workers' camp"),
    "military_camp": N_("Military camp"), "trajan_tiles": N_("Unfinished Trajan tiles"),
    "construction": N_("Construction sets"), "bonus_tiles": N_("Bonus tiles"),
}

TIE_BREAKS: Mapping[str, str] = {
    "none": N_("no tie"), "senate space": N_("tie broken by the higher senate space"),
    "senate stack": N_("tie broken by the disc higher in the senate stack"),
    "shared": N_("tie not broken: the victory is shared"),
}

PAID_WITH: Mapping[str, str] = {
    "forum": N_("forum tile"), "trajan": N_("Trajan tile"), "wildcard": N_("wildcard"),
}

SETTINGS: Mapping[str, str] = {
    "lap_length": N_("Spaces per lap of the time track"),
    "start_trays_two_colours": N_("Starting trays hold two different colours"),
    "senate_values": N_("Senate space values"),
    "demand_tiles_per_type": N_("Demand tiles per type"),
    "province_vp": N_("Province values"),
    "ship_vp": N_("Ship tables"),
    "forum_tiles": N_("Forum tiles"),
    "first_construction_bonus": N_("First construction bonus actions"),
    "bonus_tile_counts_itself": N_("The bonus-tiles bonus counts itself"),
    "demand_wildcard_counts_for_bonus": N_("Demand wildcards count for demand bonuses"),
}

#: Setting values as the game package describes them (English), translated where known. Where a
#: setting comes from is said in the players' words (`ui.text.provenance`, from the game's `said`);
#: the digest's source keys stay in docs/trajan.md.
SETTING_TEXTS: tuple[str, ...] = (
    N_("yes"), N_("no"), N_("2p 11 / 3p 16 / 4p 21"), N_("Other source: 2p 12 / 3p 17 / 4p 22"),
    N_("Aquitania 10, Lugudunensis 6"), N_("Other source: Aquitania 6, Lugudunensis 10"),
    N_("pairs 5/10/15 · 1/6/11 ..."), N_("70 tiles, another source's mix"), N_("fountain→seaport ..."),
)


def display(table: Mapping[str, str], key: Any) -> str:
    """`key`'s name from `table` in the current language; an unknown key as itself."""
    if key is None:
        return ""
    msgid = table.get(str(key))
    return _(msgid) if msgid else str(key)


def action(key: str) -> str:
    return display(ACTIONS, key)


def demand(key: str) -> str:
    return display(DEMANDS, key)


def colour(key: str) -> str:
    return display(COLOURS, key)


def side(key: str) -> str:
    return display(SIDES, key)


def province(key: str) -> str:
    return display(PROVINCES, key)


def commodity(key: str) -> str:
    return display(COMMODITIES, key)


def ship(key: str) -> str:
    return display(SHIPS, key)


def forum_tile(key: str) -> str:
    return display(FORUM_TILES, key)


def site_tile(tile: Any) -> str:
    """A construction tile on the site, "Roof 4"; "?" for one a table drawing by hand laid out
    unseen (named when a worker takes it); "" for none."""
    if not tile:
        return ""
    kind, vp = tile
    return "?" if kind == "unseen" else f"{construction(kind)} {vp}"


def trajan_tile(key: str) -> str:
    return display(TRAJAN_TILES, key)


def trajan_stack(key: str) -> str:
    return display(TRAJAN_STACKS, key)


def construction(key: str) -> str:
    return display(CONSTRUCTION, key)


def bonus_tile(key: str) -> str:
    """A bonus tile; the six commodity tiles are named by their two commodities."""
    if key.startswith("commodity_"):
        pair = key.removeprefix("commodity_").split("_")
        if len(pair) == 2 and all(p in COMMODITIES for p in pair):
            return _("{a} & {b}").format(a=commodity(pair[0]), b=commodity(pair[1]))
    return display(BONUS_TILES, key)


def category(key: str) -> str:
    return display(CATEGORIES, key)


def rule(text: str) -> str:
    """A rule reference ("Trajan 1.12") in the current language."""
    if text.startswith("Trajan "):
        return _("Trajan {section}").format(section=text.removeprefix("Trajan "))
    return _(text)


def setting(key: str) -> str:
    return display(SETTINGS, key)


def setting_text(text: str) -> str:
    """A setting's value or source as the game package wrote it, translated where the catalog knows it."""
    return _(text) if text in SETTING_TEXTS else text


#: Every table by the parameter names the rules' refusals use, for translating their values.
PARAM_TABLES: Mapping[str, Mapping[str, str]] = {
    "action": ACTIONS, "tray": ACTIONS, "d": DEMANDS, "demand": DEMANDS, "colour": COLOURS,
    "province": PROVINCES, "place": PROVINCES, "card": COMMODITIES, "ship": SHIPS, "stack": TRAJAN_STACKS,
    "kind": TRAJAN_TILES,
}


def any_name(key: Any) -> str:
    """A name for an id whose table is unknown (a refusal's {tile}): the first table that has it."""
    for table in (FORUM_TILES, BONUS_TILES, TRAJAN_TILES, ACTIONS, PROVINCES, COMMODITIES, DEMANDS, CONSTRUCTION):
        if str(key) in table:
            return display(table, key)
    if isinstance(key, str) and key.startswith("commodity_"):
        return bonus_tile(key)
    return str(key)


def translate_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A refusal's parameters with Trajan ids ("demand_bread", "britannia") as display names."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, str):
            table = PARAM_TABLES.get(key)
            out[key] = display(table, value) if table and value in table else any_name(value)
        else:
            out[key] = value
    return out
