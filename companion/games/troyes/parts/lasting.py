"""Events' lasting effects (S004 四: an event acts by its text and picture, and an event left in the
queue acts again every round; the raid is always there, resolved first): what an event's `lasting`
effect (data/events.json) changes while it is in force — from the round it is drawn, for `rounds`
rounds, or while it stays in the queue (`rounds` null) — in the rules that read it: income and wages
(phase 1), the dice a building gives (phase 2), the price of dice bought (actions).

Kinds (each a data entry {"kind", …, "rounds"}; no source we hold gives an event's text, so every
event's is a placeholder the table enters from its card, U):
- `income`: `amount` more deniers of income (negative: less), never below 0;
- `wages`: `extra` more deniers of wages per own citizen in `building`;
- `no_dice`: the citizens in `building` give no dice;
- `dice_price`: `extra` more deniers for each die bought from another district.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from companion.games.troyes import rules_data as R
from companion.games.troyes.state import EventState, TroyesState

RULE = "Troyes 2.2 events"


def is_active(state: TroyesState, event: EventState) -> bool:
    """The event's lasting effect is in force this round (the raid's, every round)."""
    effect = state.catalog.event(event.id).lasting
    if effect is None:
        return False
    rounds = effect.get("rounds")
    return rounds is None or event.id == state.raid.id or state.round < event.since + int(rounds)


def active(state: TroyesState, kind: str) -> Iterator[Mapping[str, Any]]:
    """Every lasting effect of `kind` in force: the raid's first, then the queue's left to right."""
    for event in (state.raid, *state.queue):
        effect = state.catalog.event(event.id).lasting
        if effect is not None and effect["kind"] == kind and is_active(state, event):
            yield effect


def income(state: TroyesState) -> int:
    """Phase 1's income: 10 deniers (digest 2.2, C) changed by the `income` effects in force."""
    return max(0, R.INCOME + sum(int(e["amount"]) for e in active(state, "income")))


def extra_wages(state: TroyesState, building: str) -> int:
    """Deniers more per citizen in `building` than digest 2.2's wages."""
    return sum(int(e["extra"]) for e in active(state, "wages") if e["building"] == building)


def gives_dice(state: TroyesState, building: str) -> bool:
    return not any(e["building"] == building for e in active(state, "no_dice"))


def extra_price(state: TroyesState) -> int:
    """Deniers more for each die bought (digest 2.3's 2 / 4 / 6 by group size, plus this)."""
    return sum(int(e["extra"]) for e in active(state, "dice_price"))
