"""Where a citizen comes from when an action needs one (S004 行动一 3–4, 行动四): the personal supply,
the general supply for 2 influence when the personal one is empty (digest 2.7.2), or one already
on the board (a building's space, an activity card, or lying expelled beside a building)."""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import buildings
from companion.games.troyes.state import TroyesState, gain

RULE = "Troyes 2.7.2 citizens"


def recruit(state: TroyesState, seat: int) -> TroyesState:
    """A citizen from the general supply into the personal one for 2 influence, up to 12 in all
    (digest 2.1: a player has at most 12 citizens)."""
    player = state.player(seat)
    cost = state.settings.recruit_cost
    if player.influence < cost:
        raise IllegalCommand(RULE, "A citizen from the general supply costs {cost} influence; you have {have}.",
                             cost=cost, have=player.influence)
    if buildings.citizens(state, seat) >= state.settings.max_citizens:
        raise IllegalCommand(RULE, "You have {max} citizens, the most a player can have.", max=state.settings.max_citizens)
    player = gain(player, influence=-cost)
    return state.with_player(evolve(player, supply=player.supply + 1))


def take(state: TroyesState, seat: int, source: tuple | None) -> TroyesState:
    """The state with one of the seat's citizens taken from `source` (default: the personal supply)."""
    source = source or ("supply",)
    kind = source[0]
    player = state.player(seat)
    if kind == "supply":
        if player.supply < 1:
            raise IllegalCommand(RULE, "Your supply has no citizen: recruit one for {cost} influence, or move one "
                                       "from the board.", cost=state.settings.recruit_cost)
        return state.with_player(evolve(player, supply=player.supply - 1))
    if kind == "recruit":
        if player.supply > 0:
            raise IllegalCommand(RULE, "A citizen is recruited for influence only when your supply is empty.")
        return take(recruit(state, seat), seat, ("supply",))
    if kind == "building":
        b = buildings.index(str(source[1]))
        space = int(source[2])
        if not 0 <= space < R.SPACES or state.buildings[b][space] != seat:
            raise IllegalCommand(RULE, "None of your citizens is on that space.")
        built = buildings.with_building(state.buildings, b, buildings.put(state.buildings[b], space, None))
        return evolve(state, buildings=built)
    if kind == "card":
        card = next((c for c in state.cards if c.id == source[1]), None)
        if card is None or not card.has_tradesman(seat):
            raise IllegalCommand(RULE, "You have no tradesman on that card.")
        # S004 行动一: the space it leaves is free for others (the card's other citizens stay put).
        if seat in card.extra:
            extra = list(card.extra)
            extra.remove(seat)
            card = evolve(card, extra=tuple(extra))
        else:
            card = evolve(card, spaces=tuple(None if o == seat else o for o in card.spaces))
        return state.with_card(card)
    if kind == "expelled":
        b = buildings.index(str(source[1]))
        if seat not in state.expelled[b]:
            raise IllegalCommand(RULE, "None of your citizens lies expelled beside that building.")
        lying = list(state.expelled[b])
        lying.remove(seat)
        return evolve(state, expelled=state.expelled[:b] + (tuple(lying),) + state.expelled[b + 1:])
    raise IllegalCommand(RULE, "A citizen comes from your supply, the general supply (recruit) or the board.")
