"""A call (augustus.md §4.2, S002 「征服一個目標」): after the crier's token every player, the crier
too, may put one legion on an empty symbol of the token's kind (a joker: any) of one of their
objectives, from their supply or moved from any symbol of theirs; optional, one per token. A
power's mobilisation (card 70) is the same placement without a token (any symbol, or the kind the
power names)."""

from __future__ import annotations

from typing import Iterator

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.augustus.parts.bag import JOKER, matches
from companion.games.augustus.state import AugustusState, Objective, PlayerState

RULE = "Augustus 4.2 mobilisation"
#: (number, slot, from_number, from_slot): a legion from the supply when the from_ are None.
Placement = tuple[int, int, "int | None", "int | None"]


def _fits(symbol: str, wanted: str) -> bool:
    return wanted == "" or matches(wanted, symbol)


def legal(state: AugustusState, seat: int, wanted: str) -> Iterator[Placement]:
    """Every placement `seat` may make onto a symbol `wanted` ("" or a joker: any), supply first.
    Pending completions are out of reach: a legion neither lands on nor leaves them."""
    player = state.player(seat)
    targets = [(o.card.number, i) for o in player.objectives if not state.is_pending(o.card.number)
               for i, (symbol, filled) in enumerate(zip(o.card.symbols, o.legions))
               if not filled and _fits(symbol, wanted)]
    sources = [(o.card.number, i) for o in player.objectives if not state.is_pending(o.card.number)
               for i, filled in enumerate(o.legions) if filled]
    for number, slot in targets:
        if player.supply:
            yield number, slot, None, None
        for from_number, from_slot in sources:
            yield number, slot, from_number, from_slot


def can_place(state: AugustusState, seat: int, wanted: str) -> bool:
    """Whether `legal` lists anything, without listing it (asked for every seat at every call): an
    empty symbol that fits, and a legion to put there (the supply's, or one on another symbol)."""
    player = state.player(seat)
    reachable = [o for o in player.objectives if not state.is_pending(o.card.number)]
    if not any(not filled and _fits(symbol, wanted)
               for o in reachable for symbol, filled in zip(o.card.symbols, o.legions)):
        return False
    return player.supply > 0 or any(o.count for o in reachable)


def _objective(player: PlayerState, number: int, field: str) -> Objective:
    objective = player.objective(number)
    if objective is None:
        raise IllegalCommand(RULE, "{name} has no objective {number} in play ('{field}').", name=player.name,
                             number=number, field=field)
    return objective


def place(state: AugustusState, seat: int, number: int, slot: int, from_number: int | None, from_slot: int | None,
          wanted: str) -> AugustusState:
    """One legion onto (number, slot), checked against the rule; `wanted` is the symbol the call
    or the power allows ("" any)."""
    player = state.player(seat)
    target = _objective(player, number, "number")
    if state.is_pending(number):
        raise IllegalCommand(RULE, "Objective {number} is complete and waits to resolve: no legion goes on it.",
                             number=number)
    if not 0 <= slot < len(target.card.symbols):
        raise IllegalCommand(RULE, "Objective {number} has symbols 0 to {last}, not {slot} ('{field}').",
                             number=number, last=len(target.card.symbols) - 1, slot=slot, field="slot")
    symbol = target.card.symbols[slot]
    if target.legions[slot]:
        raise IllegalCommand(RULE, "A legion already stands on that {symbol} of objective {number}.", symbol=symbol,
                             number=number)
    if not _fits(symbol, wanted):
        raise IllegalCommand(RULE, "The call is {token}: a legion goes only on a {token} symbol, not a {symbol}.",
                             token=wanted, symbol=symbol)
    if (from_number is None) != (from_slot is None):
        raise IllegalCommand(RULE, "A legion moved names both 'from_number' and 'from_slot'.")
    if from_number is None:
        if not player.supply:
            raise IllegalCommand(RULE, "{name} has no legion left in the supply: move one instead.", name=player.name)
        player = evolve(player, supply=player.supply - 1)
    else:
        source = _objective(player, from_number, "from_number")
        if state.is_pending(from_number):
            raise IllegalCommand(RULE, "Objective {number} is complete and waits to resolve: its legions stay.",
                                 number=from_number)
        if not (0 <= from_slot < len(source.legions) and source.legions[from_slot]):  # type: ignore[operator]
            raise IllegalCommand(RULE, "No legion stands on symbol {slot} of objective {number} ('{field}').",
                                 slot=from_slot, number=from_number, field="from_slot")
        if (from_number, from_slot) == (number, slot):
            raise IllegalCommand(RULE, "A legion moved must go to another symbol.")
        player = player.with_objective(_set(source, from_slot, False))  # type: ignore[arg-type]
        target = player.objective(number)  # type: ignore[assignment]
    player = player.with_objective(_set(target, slot, True))
    return state.with_player(player)


def _set(objective: Objective, slot: int, filled: bool) -> Objective:
    legions = objective.legions[:slot] + (filled,) + objective.legions[slot + 1:]
    return Objective(objective.card, legions)


def check_open(state: AugustusState, seat: int, placing: bool) -> None:
    """One legion per token: a seat done with this call (placed, skipped) is done."""
    if state.acted[seat]:
        name = state.player(seat).name
        if placing:
            raise IllegalCommand(RULE, "{name} has placed a legion for this token already: one per token.", name=name)
        raise IllegalCommand(RULE, "{name} is done with this token already.", name=name)


def open_call(state: AugustusState, token: str) -> AugustusState:
    """The call begins: a seat with nothing it could place is done at once (it has no choice)."""
    acted = tuple(not can_place(state, p.seat, token) for p in state.players)
    return evolve(state, phase="place", token=token, acted=acted)


def wanted(state: AugustusState) -> str:
    """The symbol this call allows ("" for a joker: any)."""
    return "" if state.token in (None, JOKER) else state.token  # type: ignore[return-value]


def completions(state: AugustusState) -> tuple[tuple[int, int], ...]:
    """Objectives every symbol of which holds a legion, (number, seat) in ascending number (S002:
    「誰擁有最低的號碼開始」)."""
    return tuple(sorted((o.card.number, p.seat) for p in state.players for o in p.objectives if o.is_complete))
