"""The cathedral (S004 行动二, digest 2.3): 6 columns, one per die face, 3 levels each, filled from
the bottom; one cube per die, 1 VP and 1 influence on columns 1–3, 1 VP and 2 influence on 4–6."""

from __future__ import annotations

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.troyes import rules_data as R
from companion.games.troyes.state import TroyesState, gain

RULE = "Troyes 2.3 cathedral"


def build(state: TroyesState, seat: int, values: tuple[int, ...]) -> TroyesState:
    """A cube per die (digest 2.7.8) in the column of its value, on that column's lowest free
    level (a lower level must be full first); each gives 1 VP and the column's influence (2.6.7)."""
    columns = list(state.cathedral)
    player = state.player(seat)
    for value in values:
        if not 1 <= value <= R.CATHEDRAL_COLUMNS:
            raise IllegalCommand(RULE, "The cathedral has columns 1 to 6; a die counting {value} has none.", value=value)
        column = columns[value - 1]
        if len(column) >= R.CATHEDRAL_LEVELS:
            raise IllegalCommand(RULE, "Column {value} of the cathedral is full.", value=value)
        columns[value - 1] = column + (seat,)
        player = gain(player, vp=R.CATHEDRAL_VP, influence=R.CATHEDRAL_INFLUENCE[value])
    return evolve(state.with_player(player), cathedral=tuple(columns))


def levels_with_cube(state: TroyesState, seat: int) -> tuple[bool, ...]:
    """For each level (1–3), whether the seat has a cube there (digest 2.4: −2 VP per level without)."""
    return tuple(any(len(col) > level and col[level] == seat for col in state.cathedral)
                 for level in range(R.CATHEDRAL_LEVELS))


def cubes(state: TroyesState, seat: int) -> int:
    return sum(col.count(seat) for col in state.cathedral)
