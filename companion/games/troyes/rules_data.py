"""Troyes' confirmed numbers (mark C in ../shared/rules/troyes.md, or stated plainly by S004, the
Chinese rulebook the users hold): rules, not settings. S and U values live in `settings.py` and in
the data files under `data/`."""

from __future__ import annotations

#: Seats' colours in the box (digest 2.1 components: natural, blue, green, orange).
PLAYER_COLOURS = ("natural", "blue", "green", "orange")
PLAYERS = (2, 4)

#: Digest 2.1 (C; S004 opening line): rounds by player count, one red event per round.
ROUNDS = {2: 4, 3: 5, 4: 6}
#: Digest 2.1 (C): 5 deniers, influence 4, citizens 4 (4p) / 5 (3p) / 6 (2p), all placed on the buildings.
START_DENIERS = 5
START_INFLUENCE = 4
START_CITIZENS = {2: 6, 3: 5, 4: 4}
#: Digest 2.1 / 2.6.10 (C): one secret character each, two each at 2 players.
CHARACTERS_PER_PLAYER = {2: 2, 3: 1, 4: 1}
#: Digest 2.1 (C): the influence track runs 0–20; influence above 20 is lost.
INFLUENCE_MAX = 20

#: The district of the neutral (grey) citizens and their dice, beside the seats 0..n-1.
NEUTRAL = -1

#: Digest 2.1 (C): three buildings of 6 spaces; S004 三: a citizen's building gives its die's colour.
BUILDINGS = ("palace", "bishopric", "city_hall")
BUILDING_COLOUR = {"palace": "red", "bishopric": "white", "city_hall": "yellow"}
COLOUR_BUILDING = {colour: building for building, colour in BUILDING_COLOUR.items()}
SPACES = 6
#: Digest 2.1 (C): 8 grey citizens in the box.
GREY_CITIZENS = 8

#: Digest 2.2 phase 1 (C; S004 二): income 10, wages per own citizen by building.
INCOME = 10
WAGES = {"palace": 2, "bishopric": 1, "city_hall": 0}
#: Digest 2.2 (C; S004 二, 四): a flat 2 VP for a shortfall, an event not executed, a black die not countered.
PENALTY_VP = 2

#: Digest 2.1 (C): 6 dice of each colour; black are the enemies.
DICE_COLOURS = ("red", "white", "yellow")
BLACK = "black"
DICE_PER_COLOUR = 6
#: S004 五: 1 to 3 dice of one colour per action.
GROUP_MAX = 3
#: Digest 2.3 (C; S004 五): the price of each die taken from another district, by the action's group size.
PRICE_PER_DIE = {1: 2, 2: 4, 3: 6}
#: Digest 2.2 phase 3 (C; S004 四 2): red dice count double against black dice, and only there.
RED_AGAINST_BLACK = 2
#: S004 四 4 (C): +1 influence per black die countered.
INFLUENCE_PER_BLACK = 1

#: Digest 2.3 (C; S004 行动二): 6 columns (a die's face), 3 levels; 1 VP a cube, influence 1 on
#: columns 1–3 and 2 on columns 4–6.
CATHEDRAL_COLUMNS = 6
CATHEDRAL_LEVELS = 3
CATHEDRAL_VP = 1
CATHEDRAL_INFLUENCE = {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
#: Digest 2.4 (C for the list): −2 VP per cathedral level without one of your cubes at the end.
CATHEDRAL_EMPTY_LEVEL_VP = -2

#: S004 行动三 4 (C): +1 influence per cube placed on an event.
INFLUENCE_PER_EVENT_CUBE = 1
#: S004 行动五: agriculture pays floor(sum / 2) deniers.
AGRICULTURE_DIVISOR = 2
#: S004 行动六: passing puts 2 deniers in your district, then 1 more each time your turn comes.
PASS_FIRST = 2
PASS_LATER = 1

#: S004 一 (C): activity cards are revealed in rounds 1–3 only, one per colour of the round's number.
ACTIVITY_ROUNDS = 3
#: Digest 2.1 (C): 6 characters; 8 red, 4 white, 4 yellow events; 9 activity cards per colour.
EVENT_DECKS = {"red": 8, "white": 4, "yellow": 4}
