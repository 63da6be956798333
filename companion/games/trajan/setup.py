"""Trajan setup for 2–4 players (Trajan 1.2, 1.7, 1.11, 1.13): everything the app draws, it draws
here from the seeded generator, and the result goes into the `TrajanSetUp` event."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand
from companion.core.intent_args import frozen
from companion.core.rng import SeededRandom
from companion.games.trajan import rules_data as R
from companion.games.trajan import tiles, wheel
from companion.games.trajan.commands import SetupTrajan
from companion.games.trajan.events import TrajanSetUp
from companion.games.trajan.settings import DEFAULT, FORMER_DEFAULTS, PROVINCES, SHAPES, TrajanSettings
from companion.games.trajan.state import PlayerState, SiteSpace, TrajanState, TrajanTile, bag
from companion.games.trajan.unseen import UNSEEN, UNSEEN_SITE_TILE

RULE = "Trajan setup"
BONUS_RULE = "Trajan 1.11 bonus tiles"
from companion.games.trajan.rules_data import PLAYER_COLOURS  # noqa: E402  (re-exported)
_INT_KEYED = ("lap_length",)


def settings_from(overrides: Mapping[str, Any]) -> TrajanSettings:
    """Named S/U settings over the digest's defaults; unknown names or ill-shaped values (`SHAPES`:
    the kinds, the names and the bounds each setting takes) are refused."""
    values: dict[str, Any] = {}
    for name, value in overrides.items():
        shape = SHAPES.get(name)
        if shape is None:
            raise IllegalCommand("Trajan settings", "There is no Trajan setting '{name}'.", name=name)
        if not shape(value):
            raise IllegalCommand("Trajan settings", "The setting '{name}' has a value of the wrong kind.", name=name)
        values[name] = {int(k): v for k, v in value.items()} if name in _INT_KEYED else frozen(value)
    return dataclasses.replace(DEFAULT, **values)


def plain_settings(overrides: Mapping[str, Any]) -> dict[str, Any]:
    """JSON-friendly copy (dict keys as strings) of the overrides, for the event."""
    return {k: ({str(a): b for a, b in v.items()} if isinstance(v, Mapping) else v) for k, v in overrides.items()}


def recorded_settings(overrides: Mapping[str, Any], settings: TrajanSettings) -> dict[str, Any]:
    """What the set-up event records: the table's overrides, plus the value played of every setting
    whose default has changed (`FORMER_DEFAULTS`), so the journal replays the same under any later
    default."""
    return plain_settings({**{name: getattr(settings, name) for name in FORMER_DEFAULTS}, **overrides})


def event_settings(event: TrajanSetUp) -> TrajanSettings:
    """The settings a set-up event was played with: a setting whose default changed since and that
    the event does not name had its former default then (`FORMER_DEFAULTS`)."""
    return settings_from({**FORMER_DEFAULTS, **event.settings})


def _shuffled_counts(counts: Mapping[str, int], rng: SeededRandom) -> tuple[tuple[str, ...], SeededRandom]:
    return rng.shuffled([kind for kind, n in sorted(counts.items()) for _ in range(n)])


def _check_players(cmd: SetupTrajan) -> None:
    n = len(cmd.players)
    if not 2 <= n <= 4:
        raise IllegalCommand(RULE, "Trajan is for 2 to 4 players, not {count}.", count=n)
    names = [p.strip() for p in cmd.players]
    if any(not name for name in names):
        raise IllegalCommand(RULE, "Every player needs a name.")
    if len(set(names)) != n:
        raise IllegalCommand(RULE, "Two players have the same name.")
    if len(cmd.colours) != n or len(set(cmd.colours)) != n:
        raise IllegalCommand(RULE, "Each player needs a colour of their own.")
    if cmd.start_player is not None and not 0 <= cmd.start_player < n:
        raise IllegalCommand(RULE, "The start player must be one of the players.")
    if cmd.mode not in ("full", "light"):
        raise IllegalCommand(RULE, "The mode is 'full' or 'light', not '{mode}'.", mode=cmd.mode)


def _check_bonus_names(tiles: tuple[str, ...]) -> None:
    """A bonus tile the table entered that the game does not have is refused by its name."""
    for tile in tiles:
        if tile not in R.BONUS_TILES:
            raise IllegalCommand(BONUS_RULE, "There is no bonus tile called {tile}.", tile=tile)


def _entered_senate_bonus(cmd: SetupTrajan) -> tuple[str, ...] | None:
    """The 2 bonus tiles the table put beside the senate (Trajan 1.11: each player draws one, then 2
    more go beside the senate, so they are 2 different tiles and neither is a player's), or None
    when the app draws them."""
    if cmd.senate_bonus is None:
        return None
    entered = tuple(cmd.senate_bonus)
    _check_bonus_names(entered)
    if len(entered) != 2 or len(set(entered)) != 2:
        raise IllegalCommand(BONUS_RULE, "Two different bonus tiles go beside the senate.")
    for tile in entered:
        if cmd.start_bonus is not None and tile in cmd.start_bonus:
            raise IllegalCommand(BONUS_RULE, "The bonus tile {tile} is a player's: it cannot also lie beside the senate.",
                                 tile=tile)
    return entered


def deal(cmd: SetupTrajan) -> TrajanSetUp:
    """Validates the setup and deals everything not entered by the table."""
    _check_players(cmd)
    settings = settings_from(cmd.settings)
    n = len(cmd.players)
    rng = SeededRandom.from_seed(cmd.seed)
    if cmd.start_player is None:
        start, rng = rng.below(n)
    else:
        start = cmd.start_player

    if cmd.start_trays is not None:
        if len(cmd.start_trays) != n:
            raise IllegalCommand(RULE, "Enter the starting trays of every player.")
        for trays in cmd.start_trays:
            wheel.validate_start_trays(trays, settings.start_trays_two_colours)
        trays_all = tuple(tuple(tuple(t) for t in trays) for trays in cmd.start_trays)
    else:
        dealt = []
        for _ in range(n):
            trays, rng = wheel.deal_start_trays(rng, settings.start_trays_two_colours)
            dealt.append(tuple(tuple(t) for t in trays))
        trays_all = tuple(dealt)

    supply = list(kind for stack in R.TRAJAN_STACKS.values() for kind, count in stack.items() for _ in range(count))
    if cmd.start_tiles is not None and len(cmd.start_tiles) != n:
        raise IllegalCommand(RULE, "Enter the starting Trajan tiles of every player.")
    start_tiles: list[tuple[tuple[str, str, str], ...]] = []
    for seat in range(n):
        if cmd.start_tiles is not None:
            entered = tuple(tuple(t) for t in cmd.start_tiles[seat])
            for tile in entered:
                if len(tile) != 3:  # a kind and its two colours, or the tile cannot be placed
                    raise IllegalCommand(RULE, "No such Trajan tile: {tile}.", tile=" ".join(map(str, tile)))
            stacks = {tiles.stack_of(t[0]) for t in entered}
            if len(entered) != 3 or len(stacks) != 3:
                raise IllegalCommand(RULE, "Each player starts with 3 Trajan tiles from 3 different stacks.")
            for kind, *colours in entered:
                if kind not in supply or any(c not in R.COLOURS for c in colours):
                    raise IllegalCommand(RULE, "No such Trajan tile: {tile}.", tile=f"{kind} {'/'.join(colours)}")
                supply.remove(kind)
            start_tiles.append(entered)  # type: ignore[arg-type]
        else:
            stacks, rng = rng.shuffled(sorted(R.TRAJAN_STACKS))
            chosen = []
            for stack in stacks[:3]:
                tile, rng = tiles.draw_from_supply(tuple(supply), stack, rng)
                supply.remove(tile.kind)
                chosen.append((tile.kind, *tile.colours))
            start_tiles.append(tuple(chosen))  # type: ignore[arg-type]

    bonus, rng = rng.shuffled(R.BONUS_TILES)
    entered_senate = _entered_senate_bonus(cmd)
    pool = [b for b in bonus if b not in (entered_senate or ())]
    if cmd.start_bonus is not None:
        _check_bonus_names(tuple(cmd.start_bonus))
        if len(cmd.start_bonus) != n or len(set(cmd.start_bonus)) != n:
            raise IllegalCommand(RULE, "Each player starts with one different bonus tile.")
        start_bonus = tuple(cmd.start_bonus)
    else:
        start_bonus = tuple(pool[:n])
    rest = [b for b in pool if b not in start_bonus]
    if entered_senate is None:
        senate_bonus, rest = tuple(rest[:2]), rest[2:]
    else:
        senate_bonus = entered_senate
    bonus_bag = tuple(rest)

    demand_bag, rng = _shuffled_counts({d: settings.demand_tiles_per_type for d in R.DEMAND_TYPES}, rng)
    forum_bag, rng = _shuffled_counts(settings.forum_tiles, rng)
    display_size = R.FORUM_DISPLAY[n]
    forum_display = forum_bag[:display_size]
    province_tiles = tuple(zip(PROVINCES, forum_bag[display_size:display_size + R.PROVINCE_COUNT]))
    forum_rest = forum_bag[display_size + R.PROVINCE_COUNT:]
    extra, rng = _shuffled_counts({f"extra_{a}": settings.extra_action_tiles_per_action for a in R.ACTIONS}, rng)
    site, rng = rng.shuffled([(t, vp) for t in R.CONSTRUCTION_TYPES for vp in R.CONSTRUCTION_VP])
    if not cmd.digital_draws:
        # The table fills the forum, the provinces, the extra-action spaces and the construction
        # site from its own bags: the app keeps how many tiles lie where, and each is named when
        # taken (unseen.py).
        forum_display = (UNSEEN,) * len(forum_display)
        province_tiles = tuple((province, UNSEEN) for province, _ in province_tiles)
        forum_rest = (UNSEEN,) * len(forum_rest)
        extra = (UNSEEN,) * len(extra)
        site = [UNSEEN_SITE_TILE] * len(site)
    return TrajanSetUp(
        players=tuple(p.strip() for p in cmd.players), colours=tuple(cmd.colours), start_player=start,
        mode=cmd.mode, digital_draws=cmd.digital_draws, settings=recorded_settings(cmd.settings, settings),
        trays=trays_all, start_tiles=tuple(start_tiles), start_bonus=start_bonus,
        senate_bonus=senate_bonus, bonus_bag=bonus_bag, demand_bag=demand_bag,
        forum_display=tuple(forum_display), extra_display=extra[:R.EXTRA_ACTION_SPACES],
        extra_supply=extra[R.EXTRA_ACTION_SPACES:], province_tiles=province_tiles,
        forum_bag=tuple(forum_rest), site=tuple(site), trajan_supply=bag(supply), rng_state=rng.state,
    )


def initial_state(event: TrajanSetUp) -> TrajanState:
    """The state the `TrajanSetUp` event describes."""
    n = len(event.players)
    players = []
    for seat in range(n):
        slots: list[TrajanTile | None] = [None] * R.TRAJAN_SLOTS
        for slot, (kind, c1, c2) in zip(R.START_TILE_SLOTS, event.start_tiles[seat]):
            slots[slot] = TrajanTile(kind, (c1, c2))
        players.append(PlayerState(
            seat=seat, name=event.players[seat], colour=event.colours[seat],
            wheel=tuple(tuple(t) for t in event.trays[seat]), trajan_slots=tuple(slots),
            bonus_tiles=((event.start_bonus[seat], "yellow"),),
        ))
    start = event.start_player
    return TrajanState(
        settings=event_settings(event), phase="turn", mode=event.mode, digital_draws=event.digital_draws,
        players=tuple(players), start_player=start, current=start,
        senate_stack=tuple((start + i) % n for i in range(n)),
        demand_bag=event.demand_bag, forum_display=bag(event.forum_display), extra_display=bag(event.extra_display),
        extra_supply=event.extra_supply, forum_bag=event.forum_bag,
        province_tiles=tuple((p, t) for p, t in event.province_tiles),
        senate_bonus=event.senate_bonus, bonus_bag=event.bonus_bag,
        site=tuple(SiteSpace(tile=(t, vp)) for t, vp in event.site),
        trajan_supply=event.trajan_supply, rng=SeededRandom(event.rng_state),
        score_track=((1, 1, (0,) * n),),
    )
