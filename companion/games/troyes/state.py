"""Troyes state: immutable values, so the engine keeps one per step and undo is instant.

Everything on the table is public and modelled exactly; what a player keeps hidden (VP tokens and
character cards, digest 2.1) lives in `PlayerState.vp` and `.characters` only, left out of `repr`
so a state that reaches a log or a traceback shows neither, and out of every public view by
construction (view.py builds the public view field by field). Multisets are sorted tuples, so
equal states compare equal whatever order things happened in.
"""

from __future__ import annotations

import dataclasses

from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts.catalog import Catalog, default_catalog
from companion.games.troyes.settings import DEFAULT, TroyesSettings

#: (district, colour, face): a die in the city square. District: a seat, or R.NEUTRAL.
Die = tuple[int, str, int]

#: Phases the table waits in; the others (`TRANSIENT`) are left at once by the rules' own step.
PHASES = ("setup", "characters", "placement", "reveal", "dice", "event_draw", "black_throw", "counter",
          "actions", "over")
TRANSIENT = ("neutrals", "income", "events", "round_end", "final")


@dataclasses.dataclass(frozen=True)
class PlayerState:
    """One player. `supply`: citizens in the personal supply (not on the board); `district`:
    deniers lying in their district of the city square from passing, collected at the round's end.
    `vp` and `characters` are the player's secrets (digest 2.1: VP are kept hidden)."""

    seat: int
    name: str
    colour: str
    deniers: int = R.START_DENIERS
    influence: int = R.START_INFLUENCE
    vp: int = dataclasses.field(default=0, repr=False)
    characters: tuple[str, ...] = dataclasses.field(default=(), repr=False)
    supply: int = 0
    district: int = 0
    passed: bool = False
    events_won: tuple[str, ...] = ()


@dataclasses.dataclass(frozen=True)
class CardState:
    """An activity card on the board: the owner of each tradesman space (None: free), the tradesmen
    on its illustration (no VP, digest 2.3), and the cubes each seat stores on it (hourglass)."""

    id: str
    spaces: tuple[int | None, ...]
    extra: tuple[int, ...] = ()
    stored: tuple[int, ...] = ()

    def has_tradesman(self, seat: int) -> bool:
        return seat in self.spaces or seat in self.extra

    def storing(self, seat: int, change: int) -> "CardState":
        """The card with `change` more (or fewer) cubes stored by `seat`."""
        return evolve(self, stored=self.stored[:seat] + (self.stored[seat] + change,) + self.stored[seat + 1:])


@dataclasses.dataclass(frozen=True)
class EventState:
    """An event in the queue: the owner of each filled flag, in the order they were filled (S004
    行动三 3: left to right, top to bottom), R.NEUTRAL for a grey cube."""

    id: str
    cubes: tuple[int, ...] = ()
    since: int = 0  # the round it entered the queue (its lasting effect counts its rounds from it)


@dataclasses.dataclass(frozen=True)
class TroyesState:
    settings: TroyesSettings = DEFAULT
    catalog: Catalog = dataclasses.field(default_factory=default_catalog, repr=False)
    phase: str = "setup"
    players: tuple[PlayerState, ...] = ()
    round: int = 1
    start_player: int = 0
    current: int = 0
    # Each building's spaces (rules_data.BUILDINGS order), row by row as settings.building_rows
    # lists them: the owner of the citizen there (a seat, R.NEUTRAL) or None.
    buildings: tuple[tuple[int | None, ...], ...] = ((None,) * R.SPACES,) * len(R.BUILDINGS)
    # Per building, the owners of the citizens expelled there this round (S004 行动四).
    expelled: tuple[tuple[int, ...], ...] = ((),) * len(R.BUILDINGS)
    # Per building, the colours (owners) expelled there this round: protected until its end.
    protected: tuple[tuple[int, ...], ...] = ((),) * len(R.BUILDINGS)
    # Set-up: the seats still to place a starting citizen, in snake order (digest 2.1).
    placements: tuple[int, ...] = ()
    cards: tuple[CardState, ...] = ()  # activity cards revealed, in the order they came
    square: tuple[Die, ...] = ()  # the city square's dice, sorted
    thrown: tuple[int, ...] = ()  # districts whose dice were thrown this round
    drawn: tuple[str, ...] = ()  # events drawn this round (a red one, then its second)
    black_due: int = 0  # black dice the round's military events bring
    black: tuple[int, ...] = ()  # black dice still to counter, high to low
    queue: tuple[EventState, ...] = ()  # the event queue, left to right
    raid: EventState = EventState("raid")
    seen: tuple[str, ...] = ()  # every event drawn so far
    cathedral: tuple[tuple[int, ...], ...] = ((),) * R.CATHEDRAL_COLUMNS  # per face 1–6, owners bottom up
    reroll: tuple[int, str] | None = None  # (seat, colour): a die picked up to reroll, its face to enter
    rng: SeededRandom = SeededRandom(0)
    final: dict | None = dataclasses.field(default=None, repr=False)

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def rounds(self) -> int:
        return R.ROUNDS[self.player_count]

    def player(self, seat: int) -> PlayerState:
        return self.players[seat]

    def with_player(self, player: PlayerState) -> "TroyesState":
        players = list(self.players)
        players[player.seat] = player
        return evolve(self, players=tuple(players))

    def with_card(self, card: CardState) -> "TroyesState":
        return evolve(self, cards=tuple(card if c.id == card.id else c for c in self.cards))

    def seats_from(self, first: int) -> tuple[int, ...]:
        """Every seat clockwise from `first` (S004: play goes clockwise from the start player)."""
        n = self.player_count
        return tuple((first + i) % n for i in range(n))


def gain(player: PlayerState, vp: int = 0, deniers: int = 0, influence: int = 0) -> PlayerState:
    """`player` after a gain (or a loss, negative): influence stays on its track, 0 to 20 (digest
    2.1: influence above 20 is lost); deniers and VP as given (callers check what can be paid)."""
    return evolve(player, vp=player.vp + vp, deniers=player.deniers + deniers,
                  influence=max(0, min(R.INFLUENCE_MAX, player.influence + influence)))


def penalty(player: PlayerState, floor: bool = True) -> PlayerState:
    """The flat −2 VP (digest 2.2): a player on 1 VP goes to 0, one on 0 loses nothing more (S004
    二, 四) when `floor`; else VP may go below 0."""
    vp = player.vp - R.PENALTY_VP
    return evolve(player, vp=max(0, vp) if floor else vp)
