"""Set-up for 2–4 players (digest 2.1): seats and the start player, the characters (dealt from the
seeded generator, or each seat enters its own on its pad), the starting citizens placed in snake
order, and grey citizens on the spaces left free."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalCommand
from companion.core.rng import SeededRandom
from companion.core.seating import check_names
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.commands import SetupTroyes
from companion.games.troyes.events import TroyesSetUp
from companion.games.troyes.parts import buildings
from companion.games.troyes.parts.catalog import as_text, from_text, merged_data, parse_catalog
from companion.games.troyes.settings import plain, settings_from
from companion.games.troyes.state import PlayerState, TroyesState

RULE = "Troyes 2.1 setup"
CHARACTER_RULE = "Troyes 2.4 characters"
MAX_NAME = 16


def freeze(value: Any) -> Any:
    """Lists as tuples, as the journal gives them back: a live event equals its replayed copy."""
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, dict):
        return {k: freeze(v) for k, v in value.items()}
    return value


def snake(start: int, players: int, citizens: int) -> tuple[int, ...]:
    """Digest 2.1 (TRB-BRIEF): clockwise from the start player, then back counter-clockwise (the
    last places twice in a row), and so on until every starting citizen is placed."""
    order = [(start + i) % players for i in range(players)]
    out: list[int] = []
    for k in range(citizens):
        out += order if k % 2 == 0 else order[::-1]
    return tuple(out)


def placement_order(settings: Any, start: int, players: int) -> tuple[int, ...]:
    """Who places each starting citizen: the snake (digest 2.1); at 2 players with the setting
    `two_player_neutrals` "before", the grey citizens first (R.NEUTRAL, placed by the start player on
    spaces of the table's choice), as many as the spaces the players' citizens leave free."""
    order = snake(start, players, R.START_CITIZENS[players])
    if players == 2 and settings.two_player_neutrals == "before":
        grey = len(R.BUILDINGS) * R.SPACES - len(order)
        return (R.NEUTRAL,) * grey + order
    return order


def deal(cmd: SetupTroyes) -> TroyesSetUp:
    """Checks the set-up and deals what the app deals: the start player when none is named, and
    every seat's characters unless the seats enter their own."""
    n = len(cmd.players)
    if not R.PLAYERS[0] <= n <= R.PLAYERS[1]:
        raise IllegalCommand(RULE, "Troyes is for 2 to 4 players, not {count}.", count=n)
    names = [p.strip() for p in cmd.players]
    check_names(names, RULE, MAX_NAME)
    colours = tuple(cmd.colours) if cmd.colours is not None else R.PLAYER_COLOURS[:n]
    if len(colours) != n or len(set(colours)) != n:
        raise IllegalCommand(RULE, "Each player needs a colour of their own.")
    settings = settings_from(cmd.settings)
    data = merged_data(cmd.data)
    catalog = parse_catalog(data)
    rng = SeededRandom.from_seed(cmd.seed)
    if cmd.start_player is None:
        start, rng = rng.below(n)
    elif not 0 <= cmd.start_player < n:
        raise IllegalCommand(RULE, "The start player must be one of the players.")
    else:
        start = cmd.start_player
    each = R.CHARACTERS_PER_PLAYER[n]
    if len(catalog.characters) < each * n:
        raise IllegalCommand(CHARACTER_RULE, "{count} players need {need} character cards; the data has {have}.",
                             count=n, need=each * n, have=len(catalog.characters))
    characters: tuple[tuple[str, ...], ...] = ()
    if cmd.deal_characters:
        shuffled, rng = rng.shuffled(sorted(catalog.characters))
        characters = tuple(tuple(sorted(shuffled[i * each:(i + 1) * each])) for i in range(n))
    return TroyesSetUp(players=tuple(names), colours=colours, start_player=start, settings=freeze(plain(settings)),
                       data=as_text(data), characters=characters, rng_state=rng.state)


def initial_state(event: TroyesSetUp) -> TroyesState:
    """The state the set-up event describes: every seat with 5 deniers and influence 4 (digest 2.1),
    the starting citizens in hand to place, in snake order."""
    n = len(event.players)
    dealt = event.characters or ((),) * n
    players = tuple(PlayerState(seat=i, name=event.players[i], colour=event.colours[i], characters=tuple(dealt[i]),
                                supply=R.START_CITIZENS[n]) for i in range(n))
    phase = "placement" if event.characters else "characters"
    return TroyesState(settings=settings_from(event.settings), catalog=from_text(event.data), phase=phase,
                       players=players, start_player=event.start_player, current=event.start_player,
                       placements=placement_order(settings_from(event.settings), event.start_player, n),
                       rng=SeededRandom(event.rng_state))


def enter_characters(state: TroyesState, seat: int, characters: tuple[str, ...]) -> TroyesState:
    """A seat's own character card(s), entered on its pad (digest 2.1: 2 each at 2 players). Only
    the names and the count are checked: telling a seat that another holds a card would tell a secret."""
    if state.phase != "characters":
        raise IllegalCommand(CHARACTER_RULE, "The characters are not being entered now.")
    if not 0 <= seat < state.player_count:
        raise IllegalCommand(CHARACTER_RULE, "There is no seat {n}.", n=seat + 1)
    if state.player(seat).characters:
        raise IllegalCommand(CHARACTER_RULE, "Seat {n} has entered its character cards already.", n=seat + 1)
    each = R.CHARACTERS_PER_PLAYER[state.player_count]
    if len(characters) != each or len(set(characters)) != each:
        raise IllegalCommand(CHARACTER_RULE, "Enter {count} different character card(s).", count=each)
    for name in characters:
        if name not in state.catalog.characters:
            raise IllegalCommand(CHARACTER_RULE, "There is no character card '{name}'.", name=name)
    state = state.with_player(evolve(state.player(seat), characters=tuple(sorted(characters))))
    if all(p.characters for p in state.players):
        state = evolve(state, phase="placement")
    return state


def place_start(state: TroyesState, building: str, space: int) -> TroyesState:
    """Digest 2.1: the next seat in snake order puts a starting citizen on a free space."""
    if state.phase != "placement":
        raise IllegalCommand(RULE, "The starting citizens are not being placed now.")
    seat = state.placements[0]
    b = buildings.index(building)
    if not 0 <= space < R.SPACES:
        raise IllegalCommand(RULE, "A building has spaces 0 to 5, not {space}.", space=space)
    if state.buildings[b][space] is not None:
        raise IllegalCommand(RULE, "That space is taken; choose a free one.")
    if seat != R.NEUTRAL:  # a grey citizen comes from the general supply
        player = state.player(seat)
        state = state.with_player(evolve(player, supply=player.supply - 1))
    rest = state.placements[1:]
    placer = rest[0] if rest and rest[0] != R.NEUTRAL else state.start_player
    return evolve(state, buildings=buildings.with_building(state.buildings, b, buildings.put(state.buildings[b], space, seat)),
                  placements=rest, current=placer, phase="placement" if rest else "neutrals")


def free_spaces(state: TroyesState) -> tuple[tuple[str, int], ...]:
    return tuple((b, i) for b, spaces in zip(R.BUILDINGS, state.buildings) for i, o in enumerate(spaces) if o is None)


def place_neutrals(state: TroyesState, spaces: tuple[tuple[str, int], ...]) -> TroyesState:
    """Grey citizens on the spaces left free (digest 2.1), then round 1's activity cards."""
    built = state.buildings
    for building, space in spaces:
        b = R.BUILDINGS.index(building)
        built = buildings.with_building(built, b, buildings.put(built[b], space, R.NEUTRAL))
    return evolve(state, buildings=built, phase="reveal")
