"""Activity cards (S004 一, 行动一; digest 2.3, 2.7.6–7): turned up in rounds 1–3, a first tradesman
pays the card's cost, activations = floor(sum / divisor), at least one, each carried out; an
hourglass card stores a cube per activation instead, each later changing one action (square.group).
Effects are data (parts/catalog.py): gain, exchange, per_citizen, event_cubes."""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.parts import buildings, citizens, eventqueue
from companion.games.troyes.parts.catalog import ActivityCard
from companion.games.troyes.parts.square import Group
from companion.games.troyes.state import CardState, TroyesState, gain

RULE = "Troyes 2.3 activity cards"
REVEAL_RULE = "Troyes 2.2 activity cards revealed"
REVEAL_ASK = "troyes.activity_revealed"


def to_reveal(state: TroyesState) -> tuple[str, ...]:
    """The colours still to turn up a card this round (S004 一: one per colour, of the round's number,
    in rounds 1–3), skipping a colour whose cards of that number the data does not list."""
    if state.round > R.ACTIVITY_ROUNDS:
        return ()
    done = {state.catalog.cards[c.id].colour for c in state.cards if state.catalog.cards[c.id].level == state.round}
    return tuple(colour for colour in R.DICE_COLOURS if colour not in done and options(state, colour))


def options(state: TroyesState, colour: str) -> tuple[str, ...]:
    on_board = {c.id for c in state.cards}
    return tuple(sorted(card.id for card in state.catalog.cards.values()
                        if card.colour == colour and card.level == state.round and card.id not in on_board))


def reveal(state: TroyesState, card_id: str) -> TroyesState:
    if state.phase != "reveal":
        raise IllegalCommand(REVEAL_RULE, "No activity card is being turned up now.")
    card = state.catalog.cards.get(card_id)
    if card is None:
        raise IllegalCommand(REVEAL_RULE, "There is no activity card '{card}'.", card=card_id)
    if card.colour not in to_reveal(state) or card_id not in options(state, card.colour):
        raise IllegalCommand(REVEAL_RULE, "Turn up one card of each colour numbered {round}, not yet on the board.",
                             round=state.round)
    placed = CardState(card.id, (None,) * len(card.spaces), (), (0,) * state.player_count)
    state = evolve(state, cards=state.cards + (placed,))
    return evolve(state, phase="reveal" if to_reveal(state) else "income")


def card_state(state: TroyesState, card_id: str) -> CardState:
    card = next((c for c in state.cards if c.id == card_id), None)
    if card is None:
        spec = state.catalog.cards.get(card_id)
        raise IllegalCommand(RULE, "The activity card '{card}' is not on the board.",
                             card=spec.name if spec else card_id, card_id=card_id)
    return card


def place_tradesman(state: TroyesState, seat: int, spec: ActivityCard, source: tuple | None,
                    space: int | None) -> TroyesState:
    """S004 行动一 (no tradesman yet): pay the card's cost, then a citizen on a free space of the
    player's choice (the first free one by default), or on the illustration, for no VP, when all
    are taken (digest 2.3). One tradesman per player per card (2.7.6)."""
    player = state.player(seat)
    if player.deniers < spec.cost:
        raise IllegalCommand(RULE, "A first tradesman on {card} costs {cost} deniers; you have {have}.",
                             card=spec.name, card_id=spec.id, cost=spec.cost, have=player.deniers)
    state = state.with_player(evolve(player, deniers=player.deniers - spec.cost))
    state = citizens.take(state, seat, source)
    card = card_state(state, spec.id)
    free = [i for i, owner in enumerate(card.spaces) if owner is None]
    if space is None:
        return state.with_card(evolve(card, spaces=buildings.put(card.spaces, free[0], seat)) if free
                               else evolve(card, extra=tuple(sorted(card.extra + (seat,)))))
    if space not in free:
        raise IllegalCommand(RULE, "Space {space} of {card} is not free.", space=space, card=spec.name, card_id=spec.id)
    return state.with_card(evolve(card, spaces=buildings.put(card.spaces, space, seat)))


def activations(spec: ActivityCard, g: Group) -> int:
    """S004 行动一: the group's total divided by the card's divisor, rounded down."""
    return g.total // spec.divisor


def activate(state: TroyesState, seat: int, card_id: str, g: Group, source: tuple | None, space: int | None,
             choices: tuple[str, ...] | None) -> TroyesState:
    """The whole action after its dice are paid for (S004 五: pay first, then act)."""
    spec = state.catalog.cards.get(card_id)
    card = card_state(state, card_id)
    if spec is None or spec.effect is None:
        raise IllegalCommand(RULE, "The effect of {card} is not entered yet: enter it in the settings first.",
                             card=spec.name if spec else card_id, card_id=card_id)
    if not g.acts_as(spec.colour):
        raise IllegalCommand(RULE, "{card} is activated with {colour} dice.", card=spec.name, card_id=spec.id,
                             colour=spec.colour)
    placing = not card.has_tradesman(seat)
    if not placing and (source is not None or space is not None):
        raise IllegalCommand(RULE, "You have a tradesman on {card} already: one per player per card.",
                             card=spec.name, card_id=spec.id)
    count = activations(spec, g)
    if count < 1 and (placing or state.settings.activate_every_use):
        raise IllegalCommand(RULE, "Those dice count {total}: {card} needs {divisor} for one activation, and it must "
                                   "be activated at least once.", total=g.total, card=spec.name, card_id=spec.id,
                             divisor=spec.divisor)
    if placing:
        state = place_tradesman(state, seat, spec, source, space)
    return carry_out(state, seat, spec, count, choices)


def carry_out(state: TroyesState, seat: int, spec: ActivityCard, count: int, choices: tuple[str, ...] | None) -> TroyesState:
    """Every activation carried out (digest 2.7.6): an hourglass card stores that many cubes; else
    its effect that many times."""
    effect = spec.effect
    assert effect is not None
    if choices is not None and effect["kind"] not in ("per_citizen", "event_cubes"):
        raise IllegalCommand(RULE, "{card} asks for no choices.", card=spec.name, card_id=spec.id)
    if spec.hourglass:
        return state.with_card(card_state(state, spec.id).storing(seat, count))
    player = state.player(seat)
    kind = effect["kind"]
    if kind == "gain":
        g = effect["gain"]
        return state.with_player(gain(player, count * g.get("vp", 0), count * g.get("deniers", 0), count * g.get("influence", 0)))
    if kind == "exchange":
        pay, g = effect["pay"], effect["gain"]
        need = count * pay.get("deniers", 0)
        if player.deniers < need:
            raise IllegalCommand(RULE, "{count} activations of {card} need {need} deniers; you have {have}.",
                                 count=count, card=spec.name, card_id=spec.id, need=need, have=player.deniers)
        need = count * pay.get("influence", 0)
        if player.influence < need:
            raise IllegalCommand(RULE, "{count} activations of {card} need {need} influence; you have {have}.",
                                 count=count, card=spec.name, card_id=spec.id, need=need, have=player.influence)
        player = gain(player, deniers=-count * pay.get("deniers", 0), influence=-count * pay.get("influence", 0))
        return state.with_player(gain(player, count * g.get("vp", 0), count * g.get("deniers", 0), count * g.get("influence", 0)))
    if kind == "event_cubes":
        return event_cubes(state, seat, spec, count, int(effect["cubes"]), choices)
    # per_citizen: each activation names a building (the Miller: the Palace or the Bishopric)
    allowed = tuple(effect["buildings"])
    if choices is None:
        best = max(allowed, key=lambda b: (buildings.count(state, seat, b), -allowed.index(b)))
        choices = (best,) * count
    if len(choices) != count or any(b not in allowed for b in choices):
        raise IllegalCommand(RULE, "Choose one of {buildings} for each of the {count} activations.",
                             buildings=", ".join(allowed), count=count)
    g = effect["gain"]
    for building in choices:
        n = buildings.count(state, seat, building)
        player = gain(player, n * g.get("vp", 0), n * g.get("deniers", 0), n * g.get("influence", 0))
    return state.with_player(player)


def event_cubes(state: TroyesState, seat: int, spec: ActivityCard, count: int, cubes: int,
                choices: tuple[str, ...] | None) -> TroyesState:
    """A military card that puts cubes on events (the Archer): each activation puts `cubes` cubes on
    the event it names (`choices`: one event for every activation, or one per activation), each
    cube worth 1 influence and a full event resolved at once as with dice (S004 行动三: only such a
    card lets one action put cubes on several events)."""
    if not choices or (len(choices) != 1 and len(choices) != count):
        raise IllegalCommand(RULE, "Name the event {card} puts its cubes on (one for all {count} activations, or one "
                                   "each).", card=spec.name, card_id=spec.id, count=count)
    targets = choices * count if len(choices) == 1 else choices
    for event_id in dict.fromkeys(targets):
        eventqueue.find(state, event_id)
    for event_id in targets:
        if event_id != state.raid.id and all(e.id != event_id for e in state.queue):
            # resolved by an earlier activation: its cubes have no flag left (digest 2.8.6, as a
            # group's excess cubes; the setting "refused" refuses them)
            if state.settings.excess_cubes == "refused":
                raise IllegalCommand(eventqueue.COMBAT_RULE, "Those activations place more cubes than {event} has free "
                                     "flags.", event=state.catalog.event(event_id).name, event_id=event_id)
            continue
        state = eventqueue.place_cubes(state, seat, event_id, cubes)
    return state


def tradesmen_vp(state: TroyesState, seat: int) -> tuple[tuple[str, int], ...]:
    """(card, VP) per own tradesman (digest 2.3: the space's VP; the illustration scores 0)."""
    out = []
    for card in state.cards:
        spec = state.catalog.cards[card.id]
        for i, owner in enumerate(card.spaces):
            if owner == seat:
                out.append((card.id, spec.spaces[i]))
        out += [(card.id, 0) for owner in card.extra if owner == seat]
    return tuple(out)
