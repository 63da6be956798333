"""Set-up for 2–6 players (augustus.md §4.1, §4.6.7): seats, the oldest player as the first
crier, 7 legions each, the 12 rewards in the middle, the full bag, the table's card file; then
each seat takes the 3 objectives it keeps (S002: six dealt, three kept; a first game: three)."""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.events import Event
from companion.core.intent_args import frozen
from companion.core.rng import SeededRandom
from companion.core.seating import check_names
from companion.games.augustus.commands import SetupAugustus
from companion.games.augustus.events import AugustusSetUp
from companion.games.augustus.parts.cards import card_data, parse_cards
from companion.games.augustus.settings import REWARDS, plain, settings_from
from companion.games.augustus.state import AugustusState, Duty, PlayerState

RULE = "Augustus set-up"
PLAYERS = (2, 6)
MAX_NAME = 16
#: S002: each player keeps three objectives in play.
IN_PLAY = 3
#: The seats' colours the set-up offers, in its order (U: S002 names no legion colours; a table
#: picks one per seat, as it hands out the box's legions).
COLOURS = ("red", "blue", "green", "yellow", "purple", "white")


def check_colours(colours: tuple[str, ...], n: int) -> tuple[str, ...]:
    """One colour of `COLOURS` per seat, none twice; none given: the first `n`, in order."""
    if not colours:
        return COLOURS[:n]
    if len(colours) != n:
        raise IllegalCommand(RULE, "'{field}' must give one colour per player ({count}), got {given}.",
                             field="colours", count=n, given=len(colours))
    for colour in colours:
        if colour not in COLOURS:
            raise IllegalCommand(RULE, "'{field}' must be one of {choices}, got {value}", field="colours",
                                 choices=", ".join(COLOURS), value=colour[:20])
    if len(set(colours)) != n:
        raise IllegalCommand(RULE, "'{field}': each player has a colour of their own.", field="colours")
    return tuple(colours)


def deal(cmd: SetupAugustus) -> Event:
    n = len(cmd.players)
    if not PLAYERS[0] <= n <= PLAYERS[1]:
        raise IllegalCommand(RULE, "Augustus is for 2 to 6 players, not {count}.", count=n)
    names = [p.strip() for p in cmd.players]
    check_names(names, RULE, MAX_NAME)
    if not 0 <= cmd.oldest < n:
        raise IllegalCommand(RULE, "'{field}' must be the seat of one of the players (0 to {last}).", field="oldest",
                             last=n - 1)
    settings = settings_from(cmd.settings)
    cards = parse_cards(cmd.cards)
    return AugustusSetUp(players=tuple(names), oldest=cmd.oldest, settings=frozen(plain(settings)),
                         cards=tuple(frozen(card_data(c)) for c in cards),
                         rng_state=SeededRandom.from_seed(cmd.seed).state, colours=check_colours(cmd.colours, n))


def initial_state(event: AugustusSetUp) -> AugustusState:
    settings = settings_from(event.settings)
    n = len(event.players)
    colours = tuple(event.colours) or ("",) * n
    players = tuple(PlayerState(seat=i, name=name, supply=settings.legions_start, colour=colours[i])
                    for i, name in enumerate(event.players))
    catalog = {c.number: c for c in parse_cards(event.cards)}
    return AugustusState(settings=settings, phase="start", players=players, crier=event.oldest, middle=REWARDS,
                         reserve=settings.legions_box - n * settings.legions_start, catalog=catalog,
                         duties=tuple(Duty("take", i, IN_PLAY) for i in range(n)), rng=SeededRandom(event.rng_state))
