"""The city square: each district's dice, taking them for an action and paying for other
districts' dice (S004 五), and what a group of dice is worth with a stored cube (S004 行动一).

Dice are (district, colour, face) and the square is their sorted multiset: identical dice are
interchangeable, so naming a die by what it shows is exact.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Iterable, Mapping

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.state import Die, TroyesState

RULE = "Troyes 2.3 buying dice"
GROUP_RULE = "Troyes 2.2 actions"
CUBE_RULE = "Troyes 2.7.7 stored cubes"


def check_die(colour: str, face: int, rule: str = GROUP_RULE) -> None:
    if colour not in R.DICE_COLOURS:
        raise IllegalCommand(rule, "A die of the city square is red, white or yellow, not {colour}.", colour=repr(colour))
    if not 1 <= face <= 6:
        raise IllegalCommand(rule, "A die shows 1 to 6, not {face}.", face=face)


def take(square: tuple[Die, ...], dice: Iterable[Die]) -> tuple[Die, ...]:
    """The square without `dice`, refusing a die that does not lie there."""
    left = list(square)
    for die in dice:
        try:
            left.remove(tuple(die))  # type: ignore[arg-type]
        except ValueError:
            district, colour, face = die
            if district == R.NEUTRAL:
                raise IllegalCommand(GROUP_RULE, "There is no {colour} {face} in the neutral district.", colour=colour,
                                     face=face) from None
            raise IllegalCommand(GROUP_RULE, "There is no {colour} {face} in seat {n}'s district.", colour=colour,
                                 face=face, n=district + 1) from None
    return tuple(left)


def add(square: tuple[Die, ...], dice: Iterable[Die]) -> tuple[Die, ...]:
    return tuple(sorted(square + tuple(tuple(d) for d in dice)))  # type: ignore[arg-type]


def own(square: tuple[Die, ...], seat: int) -> list[tuple[str, int]]:
    return [(colour, face) for district, colour, face in square if district == seat]


def price(size: int) -> int:
    """Digest 2.3 (C; S004 五): each die from another district costs 2/4/6 when the action uses
    1/2/3 dice: by the group's size, not by how many dice are bought (2.6.1)."""
    return R.PRICE_PER_DIE[size]


@dataclasses.dataclass(frozen=True)
class Group:
    """A group of dice as its action sees it: its colour (None: a group of several colours, which
    a stored cube allowed and which acts as the colour of its action), the values it counts, and
    the deniers its owner pays for it (payee: a seat, or R.NEUTRAL for the bank)."""

    dice: tuple[Die, ...]
    colour: str | None
    values: tuple[int, ...]
    bonus: int = 0
    payments: tuple[tuple[int, int], ...] = ()
    cube: str | None = None

    @property
    def total(self) -> int:
        return sum(self.values) + self.bonus

    @property
    def cost(self) -> int:
        return sum(amount for _payee, amount in self.payments)

    def acts_as(self, colour: str) -> bool:
        """The group may take an action of `colour` (a mixed group takes any)."""
        return self.colour is None or self.colour == colour


def _cube_effect(state: TroyesState, seat: int, card_id: str) -> Mapping[str, object]:
    """The effect of the hourglass card a stored cube comes from; one cube per action (S004 行动一)."""
    card = next((c for c in state.cards if c.id == card_id), None)
    spec = state.catalog.cards.get(card_id)
    if card is None or spec is None or not spec.hourglass or spec.effect is None:
        raise IllegalCommand(CUBE_RULE, "Cubes are stored only on the hourglass cards on the board; '{card}' is not one.",
                             card=spec.name if spec else card_id, card_id=card_id)
    if not card.stored or card.stored[seat] < 1:
        raise IllegalCommand(CUBE_RULE, "You have no cube stored on {card}.", card=spec.name, card_id=spec.id)
    return spec.effect


def group(state: TroyesState, seat: int, dice: tuple[Die, ...], cube: str | None = None) -> Group:
    """Checks a group of 1 to 3 dice of one colour lying in the square (S004 五) and values it, with
    the stored cube's effect when one is used (digest 2.7 card list): group_bonus (+N to a group of
    its colour), die_bonus (+N per die of its colour), colour_as (dice of one colour act as another),
    split (one die acts as N dice of another colour and its value), free_dice (one die of its colour
    free from each other player), faces (every die counts N; with `mixed`, the group may hold dice
    of several colours and acts as the colour of its action: the Apprenticeship)."""
    if not 1 <= len(dice) <= R.GROUP_MAX:
        raise IllegalCommand(GROUP_RULE, "An action uses 1 to 3 dice, not {count}.", count=len(dice))
    for district, colour, face in dice:
        check_die(colour, face)
    effect = _cube_effect(state, seat, cube) if cube is not None else None
    colours = {colour for _d, colour, _f in dice}
    mixed = len(colours) > 1
    if mixed and not (effect is not None and effect["kind"] == "faces" and effect.get("mixed")):
        raise IllegalCommand(GROUP_RULE, "The dice of one action are all of one colour.")
    take(state.square, dice)
    colour: str | None = None if mixed else colours.pop()
    values = tuple(face for _d, _c, face in dice)
    bonus, free = 0, Counter[int]()
    if effect is not None:
        kind = effect["kind"]
        needs = {"group_bonus": effect.get("colour"), "die_bonus": effect.get("colour"), "colour_as": effect.get("from"),
                 "split": effect.get("from"), "free_dice": effect.get("colour")}.get(str(kind))
        if needs is not None and colour != needs:
            raise IllegalCommand(CUBE_RULE, "That stored cube works on {colour} dice only.", colour=needs)
        if kind == "group_bonus":
            bonus = int(effect["amount"])  # type: ignore[arg-type]
        elif kind == "die_bonus":
            values = tuple(v + int(effect["amount"]) for v in values)  # type: ignore[arg-type]
        elif kind == "colour_as":
            colour = str(effect["to"])
        elif kind == "split":
            if len(dice) != 1:
                raise IllegalCommand(CUBE_RULE, "That stored cube turns exactly one die into several.")
            colour, values = str(effect["to"]), (values[0],) * int(effect["count"])  # type: ignore[arg-type]
        elif kind == "free_dice":
            free = Counter({s: int(effect["per_player"]) for s in range(state.player_count) if s != seat})  # type: ignore[arg-type]
        elif kind == "faces":
            values = (int(effect["value"]),) * len(values)  # type: ignore[arg-type]
    from companion.games.troyes.parts import lasting

    each = price(len(dice)) + lasting.extra_price(state)
    payments = []
    for district, _colour, _face in dice:
        if district == seat:
            continue
        if free[district] > 0:
            free[district] -= 1
            continue
        payments.append((district, each))
    return Group(tuple(tuple(d) for d in dice), colour, values, bonus, tuple(payments), cube)  # type: ignore[misc]


def pay_for(state: TroyesState, seat: int, g: Group) -> TroyesState:
    """Pays for a group before the action (S004 五: the owner cannot refuse; the bank takes the
    neutral dice's price), spends its stored cube, and takes its dice off the square."""
    payer = state.player(seat)
    if payer.deniers < g.cost:
        raise IllegalCommand(RULE, "Those dice cost {cost} deniers; you have {have}.", cost=g.cost, have=payer.deniers)
    players = list(state.players)
    players[seat] = evolve(payer, deniers=payer.deniers - g.cost)
    for payee, amount in g.payments:
        if payee != R.NEUTRAL:
            players[payee] = evolve(players[payee], deniers=players[payee].deniers + amount)
    state = evolve(state, players=tuple(players), square=take(state.square, g.dice))
    if g.cube is not None:
        state = state.with_card(next(c for c in state.cards if c.id == g.cube).storing(seat, -1))
    return state
