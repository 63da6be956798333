"""Trajan's confirmed (C) numbers, each with its digest section. These are rules, not settings."""

from __future__ import annotations

# The players' disc colours offered at setup (any 2–4 distinct ones).
PLAYER_COLOURS = ("red", "blue", "green", "yellow")

# Trajan 1.2: trays I–VI clockwise.
ACTIONS = ("seaport", "forum", "military", "senate", "trajan", "construction")
# Trajan 1.2: 12 markers per player, 2 of each colour.
COLOURS = ("yellow", "orange", "green", "white", "pink", "blue")
MARKERS_PER_COLOUR = 2
MARKERS_PER_TRAY_AT_START = 2
# Trajan 1.2 / 1.3: the arch starts on slot I; starting Trajan tiles go on slots II, IV, VI.
ARCH_START_SLOT = 0
START_TILE_SLOTS = (1, 3, 5)

# Trajan 1.1: 4 seasons (quarters) of 4 rounds; rounds 1–3 reveal a demand, round 4 scores.
SEASONS = 4
ROUNDS_PER_SEASON = 4
DEMAND_REVEAL_ROUNDS = (1, 2, 3)

# Trajan 1.3: the six Trajan stacks and each tile's VP.
TRAJAN_TILE_VP = {
    "victory": 9, "plus2": 4, "cards": 3, "workers1": 5, "workers2": 2,
    "legion1": 5, "legion2": 2, "demand_bread": 1, "demand_games": 1, "demand_religion": 1,
}
TRAJAN_STACKS = {
    "victory": {"victory": 9},
    "plus2": {"plus2": 9},
    "cards": {"cards": 9},
    "workers": {"workers1": 5, "workers2": 4},
    "legion": {"legion1": 5, "legion2": 4},
    "demand": {"demand_bread": 3, "demand_games": 3, "demand_religion": 3},
}
TRAJAN_SLOTS = 6

# Trajan 1.5: demand types and the penalty for 0..3 unmet demands (not linear).
DEMAND_TYPES = ("bread", "games", "religion")
DEMAND_PENALTY = (0, 4, 9, 15)

# Trajan 1.7: forum display size by player count, plus 3 extra-action spaces.
FORUM_DISPLAY = {2: 6, 3: 9, 4: 12}
EXTRA_ACTION_SPACES = 3
PROVINCE_COUNT = 10

# Trajan 1.8: a legionnaire scores the province VP minus 3 per other player's legionnaire there, ≥ 0.
LEGIONNAIRE_PENALTY = 3

# Trajan 1.9: construction tiles and site.
CONSTRUCTION_TYPES = ("fountain", "steps", "window", "door", "roof")
CONSTRUCTION_VP = (2, 3, 4, 5)
SITE_COLUMNS, SITE_ROWS = 5, 4
CONSTRUCTION_SET_VP = {3: 10, 4: 20}

# Trajan 1.10: 12 commodities (5 cards each), paired on the commodity bonus tiles (Trajan 1.11).
COMMODITY_PAIRS = (
    ("columns", "furs"), ("scrolls", "oils"), ("fruit", "ceramics"),
    ("wine", "fish"), ("jewelry", "gems"), ("cattle", "wheat"),
)
COMMODITIES = tuple(c for pair in COMMODITY_PAIRS for c in pair)
SHIPS = ("pairs", "different", "identical")

# Trajan 1.11: the 12 bonus tiles.
BONUS_TILES = (
    "demand_bread", "demand_games", "demand_religion",
    *(f"commodity_{a}_{b}" for a, b in COMMODITY_PAIRS),
    "workers", "legionnaires", "bonus",
)

# Trajan 1.13: figures per player: leader, 1 in the military camp, 1 in the workers' camp, 13 in supply.
SUPPLY_AT_START = 13
START_CARDS = 3
