"""The actions that move figures: military (Trajan 1.8) and construction (Trajan 1.9).

A player's 15 figures (Trajan 1.13; the leader is a separate piece) are always somewhere: supply,
military camp, workers' camp, a province (legionnaire) or the construction site (worker). Every
function here moves one figure from one place to another, so the count is conserved.
"""

from __future__ import annotations

from companion.core.asks import AnswerNeeded, Ask
from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import board
from companion.games.trajan import rules_data as R
from companion.games.trajan import unseen
from companion.games.trajan.commands import Construction, Military
from companion.games.trajan.parse import intent_of
from companion.games.trajan.state import SiteSpace, TrajanState, bag
from companion.games.trajan.unseen import UNSEEN, UNSEEN_SITE_TILE


def legionnaire_vp(state: TrajanState, seat: int, province: str) -> int:
    """What a legionnaire of `seat` would score in `province` now: the province VP minus 3 for every
    other player's legionnaire already there, never below 0 (Trajan 1.8, 1.14 #7)."""
    others = sum(1 for place, owner in state.legionnaires if place == province and owner != seat)
    return max(0, state.settings.province_vp[province] - R.LEGIONNAIRE_PENALTY * others)


def arriving_legionnaire_vp(state: TrajanState, province: str) -> int:
    """What the next legionnaire to arrive in `province` scores, whoever sends it: the province VP
    minus 3 per legionnaire already there, never below 0 (Trajan 1.8). Every one already there is
    another player's, since a player may not send a second one (so this is `legionnaire_vp` for
    every seat that may still send one)."""
    there = sum(1 for place, _owner in state.legionnaires if place == province)
    return max(0, state.settings.province_vp[province] - R.LEGIONNAIRE_PENALTY * there)


def has_legionnaire(state: TrajanState, seat: int, province: str) -> bool:
    return (province, seat) in state.legionnaires

#: What the table is asked when a figure reaches a tile it laid out unseen (table draws): the forum
#: tile in the leader's province (answered with its kind), the construction tile on the worker's
#: space (answered with [type, VP]).
FOUND_FORUM_TILE = "trajan.found_forum_tile"
FOUND_SITE_TILE = "trajan.found_site_tile"


def military(state: TrajanState, seat: int, cmd: Military) -> TrajanState:
    """Trajan 1.8. "recruit": supply → military camp; "move": the leader one step along the province
    graph (the camp is a one-way start), taking the forum tile lying there; "legionnaire": a figure
    from the military camp to the leader's province (one per player per province), scoring
    `legionnaire_vp`."""
    player = state.player(seat)
    if cmd.kind != "move" and cmd.found is not None:
        raise IllegalCommand("Trajan 1.8 military", "Only the leader's move finds a forum tile.")
    if cmd.kind == "recruit":
        if cmd.province is not None:
            raise IllegalCommand("Trajan 1.8 military", "Recruiting names no province.")
        if player.supply < 1:
            raise IllegalCommand("Trajan 1.8 military", "{name} has no figures left in the supply.", name=player.name)
        return state.with_player(evolve(
            player, supply=player.supply - 1, military_camp=player.military_camp + 1))
    if cmd.kind == "move":
        if not board.is_province(cmd.province, state.settings):
            raise IllegalCommand("Trajan 1.8 military", "{province} is not a province.", province=cmd.province)
        if not board.is_adjacent(player.leader, cmd.province, state.settings):
            raise IllegalCommand("Trajan 1.8 military", "{province} is not next to {place}: the leader moves one step at a time.",
                                 province=cmd.province, place=player.leader)
        tiles = dict(state.province_tiles)
        taken = tiles.get(cmd.province)
        forum = player.forum
        if taken == UNSEEN:
            # Table draws: the tile lay there unseen by the app; the player names it (unseen.py).
            if cmd.found is None:
                raise AnswerNeeded(Ask(FOUND_FORUM_TILE, "Trajan 1.8 military", intent_of(cmd), "found", seat,
                                       tuple(unseen.kinds_left(state)), {"province": cmd.province}),
                                   "Enter the forum tile found in {province}.", province=cmd.province)
            unseen.check_named(state, cmd.found)
            state, taken = unseen.named(state, cmd.found), cmd.found
        elif cmd.found is not None and cmd.found != taken:
            if taken is None:
                raise IllegalCommand("Trajan 1.8 military", "No forum tile lies in {province}.", province=cmd.province)
            raise IllegalCommand("Trajan 1.8 military", "The forum tile in {province} is {tile}.",
                                 province=cmd.province, tile=taken)
        if taken is not None:
            forum = bag(forum + (taken,))
            tiles[cmd.province] = None
        state = evolve(
            state, province_tiles=tuple((p, tiles[p]) for p, _ in state.province_tiles))
        return state.with_player(evolve(player, leader=cmd.province, forum=forum))
    if cmd.kind == "legionnaire":
        province = player.leader
        if province == board.CAMP:
            raise IllegalCommand("Trajan 1.8 military", "{name}'s leader is still in the military camp: move it to a province first.",
                                 name=player.name)
        if cmd.province is not None and cmd.province != province:
            raise IllegalCommand("Trajan 1.8 military", "A legionnaire goes to the leader's province, {province}.", province=province)
        if player.military_camp < 1:
            raise IllegalCommand("Trajan 1.8 military", "{name} has no legionnaire in the military camp.", name=player.name)
        if has_legionnaire(state, seat, province):
            raise IllegalCommand("Trajan 1.8 military", "{name} already has a legionnaire in {province}.",
                                 name=player.name, province=province)
        gained = legionnaire_vp(state, seat, province)
        state = evolve(state, legionnaires=tuple(sorted(state.legionnaires + ((province, seat),))))
        return state.with_player(evolve(
            player, military_camp=player.military_camp - 1, vp=player.vp + gained))
    raise IllegalCommand("Trajan 1.8 military", "A military action is recruit, move or legionnaire, not {kind}.", kind=cmd.kind)


def can_place_worker(state: TrajanState, seat: int, space: int) -> bool:
    """Whether `seat` may put its next worker on `space` (ignoring the workers' camp)."""
    own = state.player(seat).site_workers
    if space in own:
        return False
    return not own or any(n in own for n in board.site_neighbours(space))


def construction(state: TrajanState, seat: int, cmd: Construction) -> TrajanState:
    """Trajan 1.9. "recruit": supply → workers' camp; "worker": a figure from the workers' camp onto
    site `space` (the first anywhere, later orthogonally next to an own worker, never where the player
    already stands). A tile still there is taken with its VP; the first tile of a type also queues
    that type's bonus action (setting `first_construction_bonus`) in `state.turn.pending_actions`.
    A space holding only other players' workers gives nothing but is a legal step."""
    player = state.player(seat)
    if cmd.kind != "worker" and cmd.found is not None:
        raise IllegalCommand("Trajan 1.9 construction", "Only a worker going onto the site finds a construction tile.")
    if cmd.kind == "recruit":
        if cmd.space is not None:
            raise IllegalCommand("Trajan 1.9 construction", "Recruiting names no space.")
        if player.supply < 1:
            raise IllegalCommand("Trajan 1.9 construction", "{name} has no figures left in the supply.", name=player.name)
        return state.with_player(evolve(
            player, supply=player.supply - 1, workers_camp=player.workers_camp + 1))
    if cmd.kind == "worker":
        space = cmd.space
        if not board.is_site_space(space) or len(state.site) != board.SITE_SPACES:
            raise IllegalCommand("Trajan 1.9 construction", "{space} is not a space of the construction site.", space=space)
        if player.workers_camp < 1:
            raise IllegalCommand("Trajan 1.9 construction", "{name} has no worker in the workers' camp.", name=player.name)
        if space in player.site_workers:
            raise IllegalCommand("Trajan 1.9 construction", "{name} already has a worker on space {space}.", name=player.name, space=space)
        if not can_place_worker(state, seat, space):
            raise IllegalCommand("Trajan 1.9 construction", "{name}'s next worker goes next to one of their own workers, not diagonally.",
                                 name=player.name)
        spot = state.site[space]
        tile = spot.tile
        if tile == UNSEEN_SITE_TILE:
            # Table draws: the tile lay there unseen by the app; the player names it (unseen.py).
            if cmd.found is None:
                place = board.site_place(space)
                raise AnswerNeeded(Ask(FOUND_SITE_TILE, "Trajan 1.9 construction", intent_of(cmd), "found", seat,
                                       tuple(unseen.site_tiles_left(state)), place),
                                   "Enter the construction tile found in row {row}, column {column}.", **place)
            tile = unseen.named_site_tile(state, cmd.found)
        elif cmd.found is not None and tuple(cmd.found) != tile:
            if tile is None:
                raise IllegalCommand("Trajan 1.9 construction",
                                     "No construction tile lies in row {row}, column {column}.",
                                     **board.site_place(space))
            raise IllegalCommand("Trajan 1.9 construction",
                                 "The construction tile in row {row}, column {column} is {building} {vp}.",
                                 **board.site_place(space), building=tile[0], vp=tile[1])
        site = list(state.site)
        site[space] = SiteSpace(tile=None, workers=tuple(sorted(spot.workers + (seat,))))
        turn = state.turn
        vp, taken = player.vp, player.construction
        if tile is not None:
            kind, value = tile
            if all(have != kind for have, _ in player.construction):
                bonus = state.settings.first_construction_bonus[kind]
                turn = evolve(turn, pending_actions=turn.pending_actions + (bonus,))
            vp, taken = vp + value, tuple(sorted(taken + (tile,)))
        player = evolve(
            player, workers_camp=player.workers_camp - 1, vp=vp, construction=taken,
            site_workers=tuple(sorted(player.site_workers + (space,))))
        return evolve(state.with_player(player), site=tuple(site), turn=turn)
    raise IllegalCommand("Trajan 1.9 construction", "A construction action is recruit or worker, not {kind}.", kind=cmd.kind)


def military_choices(state: TrajanState, seat: int) -> list[Military]:
    """Every legal military command for `seat`, in a stable order."""
    player = state.player(seat)
    out: list[Military] = []
    if player.supply >= 1:
        out.append(Military("recruit"))
    out += [Military("move", p) for p in board.neighbours(player.leader, state.settings)
            if board.is_province(p, state.settings)]
    if player.leader != board.CAMP and player.military_camp >= 1 and not has_legionnaire(state, seat, player.leader):
        out.append(Military("legionnaire", player.leader))
    return out


def construction_choices(state: TrajanState, seat: int) -> list[Construction]:
    """Every legal construction command for `seat`, in a stable order."""
    player = state.player(seat)
    out: list[Construction] = []
    if player.supply >= 1:
        out.append(Construction("recruit"))
    if player.workers_camp >= 1 and len(state.site) == board.SITE_SPACES:
        out += [Construction("worker", s) for s in range(board.SITE_SPACES) if can_place_worker(state, seat, s)]
    return out
