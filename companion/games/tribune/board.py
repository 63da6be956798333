"""Tribune's board as data: the seven factions, the eight regions and their spaces, the coin bowl,
the faction row, and faction cards as the table enters them (digest /work/shared/rules/tribune.md).

Every number carries its source mark: C confirmed, S single source, U unconfirmed (the app's
reading, shown in docs/tribune-rules.md). The app never learns a card a player keeps secret (the
two discarded face down at the set-up, a card bought in region VI): it knows a card only when the
table plays it face up (a take-over set, region IV's or VII's discard, region I–III's price).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.core.errors import IllegalCommand

#: The faction row, left to right (digest 3.1, C [ludorium.at; FFG forum; UBG-TRI]): take-overs
#: and faction benefits resolve in this order (3.4 [S003]). The order on the board is U.
FACTIONS = ("gladiators", "legates", "praetorians", "plebeians", "patricians", "vestals", "senators")
VESTALS = "vestals"
GLADIATORS = "gladiators"

#: Followers by player count (digest 3.1, 3.6 item 1, C [UBG-TRI; SFRED]).
FOLLOWERS = {2: 6, 3: 6, 4: 5, 5: 4}
#: Faction markers per faction (digest 3.7 item 2, S [UBG-TRI]: 42 markers, 6 per faction).
MARKERS_PER_FACTION = 6
#: The coin bowl (digest 3.3, 3.6 item 9, S [S003]): the first follower there takes 7, every later one 5.
BOWL_FIRST, BOWL_LATER = 7, 5
BOWL = "bowl"

#: Region VI's price by space (digest 3.3 [S003]), paid to the Colosseum.
REGION_VI_PRICES = (4, 3, 2)


@dataclasses.dataclass(frozen=True)
class Region:
    """A region: its numeral, how many follower spaces it has this app assumes, whether its cards
    lie face down (digest 3.7 item 3), and the source mark of the space count."""

    name: str
    spaces: int
    face_down: bool
    mark: str
    source: str


#: Regions I–VIII, resolved in this order (digest 3.3 [S003]: "from the lowest number").
REGIONS = (
    Region("I", 3, False, "U", "space count not in the sources; one face-up card per space"),
    Region("II", 3, False, "U", "space count not in the sources; one face-up card per space"),
    Region("III", 2, True, "U", "S003: face down (3.7 item 3); space count not in the sources"),
    Region("IV", 1, False, "S", "S003: one occupant takes all the cards there"),
    Region("V", 2, True, "S", "S003: two spaces, never both one player's; two then the rest turned up"),
    Region("VI", 3, True, "S", "S003: three spaces paying 4 / 3 / 2; five face-down cards"),
    Region("VII", 2, True, "S", "S003 reply (BGG German rules): not both spaces one player's"),
    Region("VIII", 4, False, "U", "space count not in the sources; one pair per follower"),
)
REGION_NAMES = tuple(r.name for r in REGIONS)
REGION_OF = {r.name: r for r in REGIONS}
#: Regions where one player may not hold both spaces (digest 3.3, 3.6 item 8).
NOT_TWICE = ("V", "VII")


def space_id(region: str, index: int) -> str:
    """"V.1": region V's space 1 (spaces count from 1, as the board prints them)."""
    return f"{region}.{index}"


def claim_id(faction: str) -> str:
    """"faction:vestals": a claim on the faction row (its space 1, then space 2)."""
    return f"faction:{faction}"


REGION_SPACES = tuple(space_id(r.name, i) for r in REGIONS for i in range(1, r.spaces + 1))
CLAIMS = tuple(claim_id(f) for f in FACTIONS)
SPACES = (BOWL, *REGION_SPACES, *CLAIMS)


def split_space(space: str) -> tuple[str, int]:
    """("V", 1) for "V.1"."""
    region, _, index = space.partition(".")
    return region, int(index)


# -- cards ---------------------------------------------------------------------------------------

#: A leader card is worth 0 (digest 3.1, C); a faction card is worth 1 or more. The highest value
#: printed is not in the sources (U): `TribuneSettings.max_card_value`.
LEADER_VALUE = 0


@dataclasses.dataclass(frozen=True, order=True)
class Card:
    """A faction card played face up: its faction and value (0: the faction's leader)."""

    faction: str
    value: int

    @property
    def is_leader(self) -> bool:
        return self.value == LEADER_VALUE

    @property
    def text(self) -> str:
        """"vestals:3", the form intents and events carry."""
        return f"{self.faction}:{self.value}"


CARD_RULE = "Tribune 3.1 faction cards"


def parse_card(value: Any, field: str, max_value: int, rule: str = CARD_RULE) -> Card:
    """A card from "faction:value" or {"faction", "value"}, refused naming `field`."""
    faction: Any
    number: Any
    if isinstance(value, str):
        faction, _, raw = value.strip().partition(":")
        number = int(raw) if raw.strip().isdigit() else raw
    elif isinstance(value, dict):
        faction, number = value.get("faction"), value.get("value")
    else:
        raise IllegalCommand(rule, "'{field}' must be a card like \"vestals:3\".", field=field)
    if faction not in FACTIONS:
        raise IllegalCommand(rule, "'{field}': there is no faction '{faction}'; the factions are {factions}.",
                             field=field, faction=str(faction)[:20], factions=", ".join(FACTIONS))
    if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= max_value:
        raise IllegalCommand(rule, "'{field}': a card's value is from 0 (the leader) to {max}.", field=field,
                             max=max_value)
    return Card(faction, number)


def parse_cards(value: Any, field: str, max_value: int, rule: str = CARD_RULE) -> tuple[Card, ...]:
    if not isinstance(value, (list, tuple)):
        raise IllegalCommand(rule, "'{field}' must be a list of cards.", field=field)
    return tuple(parse_card(v, f"{field}[{i}]", max_value, rule) for i, v in enumerate(value))


def set_total(cards: tuple[Card, ...]) -> int:
    return sum(c.value for c in cards)


def beats(new: tuple[Card, ...], old: tuple[Card, ...]) -> bool:
    """A set takes a faction over when it has more cards or a higher total than the set it
    challenges (digest 3.4, 3.6 item 5 [S003]: 「比原本控制的人多張或總和數值大」)."""
    return len(new) > len(old) or set_total(new) > set_total(old)
