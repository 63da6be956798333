"""The whole game's part of Tribune's view (mode "full"): `TribuneView.board`, a `BoardView`.

Everything here is public: the faction row (controller, set, size and total, markers, the laurel
still on the field, the claims, the chariot's protection), this round's spaces and their occupants,
every player's laurels, legions, favour, tribune, markers and followers, the Colosseum, the
victory card and its grid (each condition met or its margin), every round's check, the duty the
round waits for, the discard pile and the benefit table with each row's source and mark.

What is never here: an open bid or pair value (those are the core's sealed round, shown only as
who has locked), a card a player keeps (the two discarded face down, region VI's purchase).
Readers: the screens (`companion/ui/tribune`), `companion replay`, exports. Keys are stable.
"""

from __future__ import annotations

from companion.core.asks import AskView
from companion.core.views import FrozenMap, Seq, View


class CardView(View):
    """A card played face up: "vestals:3" as `faction` and `value`, `leader` when it is worth 0."""

    faction: str
    value: int
    leader: bool


class FactionView(View):
    """A faction's field on the row, left to right: its controller (None: nobody), the set in front
    of them (`cards`, `size`, `total`), whether the set-up's laurel still lies on it, the markers
    still in the box, this round's claimants (space 1, space 2; None: empty), and whether the
    chariot protects it this round (no claim may be placed on it)."""

    faction: str
    controller: int | None
    cards: Seq[CardView]
    size: int
    total: int
    laurel: bool
    markers_left: int
    space1: int | None
    space2: int | None
    protected: bool
    chariot: bool


class SpaceView(View):
    """A follower space of this round: its id ("V.1", "bowl" lists each follower there once,
    "faction:…" claims are on `FactionView`), its region and number, the seat on it (None: empty),
    region VI's price, and whether its region is resolved already."""

    id: str
    region: str
    index: int
    seat: int | None
    price: int | None
    done: bool


class HoldingView(View):
    """One player's holdings beside their money (`TribunePlayer.money`): laurels, legions, favour
    (`favour` counts for the victory: `eternal` + `temporary` tiles), scroll tiles on their scroll
    side and on their tribune side (`tribune`, what the victory counts), faction markers (faction →
    count), the factions controlled, followers this round and still to place, the Proconsul for
    next round, a win declared this round."""

    seat: int
    laurels: int
    legions: int
    favour: int
    eternal: int
    temporary: int
    scrolls: int
    tribune: int
    markers: FrozenMap
    factions: Seq[str]
    followers: int
    left: int
    proconsul: bool
    declared: bool


class ConditionView(View):
    """One condition for one player: what they hold, the card's threshold (None: the card does not
    print it, never met), met or not, and the margin (held − threshold; negative: short by)."""

    name: str
    value: int
    threshold: int | None
    met: bool
    margin: int | None


class StandingView(View):
    """One player's row of the victory grid: each condition, how many are met, whether they
    qualify, how many conditions are still missing, the sum of margins over those met."""

    seat: int
    conditions: Seq[ConditionView]
    met: int
    qualifies: bool
    short: int
    margin: int


class VictoryView(View):
    """The card in play: its id ("" when entered by hand), thresholds (condition → number or None)
    and how many are needed."""

    id: str
    thresholds: FrozenMap
    needed: int


class CheckView(View):
    """A round's end check: the grid then, who qualified, who had declared, the winners (None:
    several qualified and the table picks, `several_winners` "table")."""

    round: int
    standings: Seq[StandingView]
    qualifiers: Seq[int]
    declared: Seq[int]
    winners: Seq[int] | None


class DutyView(View):
    """What the round waits for now: its kind (`state.Duty`), the seat it is for (None: the
    table's), the space or faction, the take-over's step (2: space 2 plays first, 1: space 1)."""

    kind: str
    seat: int | None
    space: str
    faction: str
    step: int


class BenefitView(View):
    """A row of the faction benefit table in force: [kind, amount] lists per slot, source, mark
    (C / S / U, or "table" for a row the table entered)."""

    faction: str
    takeover: Seq[Seq]
    benefit: Seq[Seq]
    leader: Seq[Seq]
    source: str
    mark: str


class BoardView(View):
    """The whole game's table: the stage ("placement", "resolve", "takeover", "benefits",
    "chariot", "winner", "over"), whose follower goes next, how many of region V's face-down cards
    are turned up ("none"; "two" after its first follower; "all" after the second: digest 3.7
    item 4), the faction row, this round's spaces,
    the coin bowl's followers (seats, in order), every player's holdings, the Colosseum's denarii,
    the chariot's faction (None: on no faction or off the board) and the faction it protects this
    round, the victory card, the grid now, each round's check, the duty waited for and its ask,
    the challenger holding a faction for a moment (seat, set), the discard pile (`discards` known,
    `hidden_discards` the rest), the winners once over, the benefit table."""

    stage: str
    placer: int | None
    region_v_cards: str
    factions: Seq[FactionView]
    spaces: Seq[SpaceView]
    bowl: Seq[int]
    holdings: Seq[HoldingView]
    colosseum: int
    chariot_at: str | None
    protected: str | None
    victory: VictoryView
    grid: Seq[StandingView]
    checks: Seq[CheckView]
    duty: DutyView | None
    ask: AskView | None
    challenger: FrozenMap | None
    discards: Seq[CardView]
    hidden_discards: int
    winners: Seq[int]
    benefits: Seq[BenefitView]
