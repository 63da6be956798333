"""Troyes settings: every number or reading the digest marks S (single source) or U (unconfirmed),
and the §2.8 readings we take by default (the other reading is the setting's alternative).

The defaults are S004's (the Chinese rulebook the users hold) wherever it states the rule plainly
(../shared/rules/README.md). C numbers are rules and live in `rules_data.py`; the card facts live
in the data files (`parts/catalog.py`). A set-up event records every value it was played with, so
a journal replays the same under any later default.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand

RULE = "Troyes settings"
TIE_BREAKS = ("shared", "deniers", "influence")
BLACK_GROUPS = ("sum", "each")
EXCESS_CUBES = ("lost", "refused")
TWO_PLAYER_NEUTRALS = ("after", "before")


@dataclasses.dataclass(frozen=True)
class TroyesSettings:
    # Digest 2.1, S (UBG-TRY): the most citizens a player can have.
    max_citizens: int = 12
    # Digest 2.3, S (TRB-BRIEF): influence to reroll one die of your district.
    reroll_cost: int = 1
    # Digest 2.3, S (TRB-BRIEF): influence to turn 1 to `flip_max` dice of your district to 7 − face.
    flip_cost: int = 4
    flip_max: int = 3
    # Digest 2.3 (C): influence for a citizen from the general supply.
    recruit_cost: int = 2
    # Digest 2.7.2: False, S004: only during an action that needs a citizen, and only when your
    # own supply is empty. True: TRB-BRIEF's reading, any time before an action or a counter.
    recruit_any_time: bool = False
    # Digest 2.7.5, U ("check the row/space layout on the board"): each building's rows of spaces,
    # each row the die faces it takes. A newcomer enters the first space of its face's row and
    # pushes the row right; the Palace's rows are single spaces, so it replaces (S004 行动四).
    building_rows: Mapping[str, tuple[tuple[int, ...], ...]] = dataclasses.field(default_factory=lambda: {
        "palace": ((1,), (2,), (3,), (4,), (5,), (6,)),
        "bishopric": ((1, 2), (3, 4), (5, 6)),
        "city_hall": ((1, 2, 3), (4, 5, 6)),
    })
    # Digest 2.8.1: a −2 VP penalty never takes a player below 0 VP (S004 for wages and events; we
    # extend it to black dice). False: a black die's penalty may go below 0.
    black_penalty_floor: bool = True
    # Digest 2.8.2: one group countering several black dice must reach their sum ("sum"), or only
    # each one's value ("each").
    black_groups: str = "sum"
    # Digest 2.8.3: an activity card is activated at least once on every use (True), not only
    # right after placing a tradesman (False).
    activate_every_use: bool = True
    # Digest 2.8.4: agriculture yielding 0 deniers is legal (True) or refused (False).
    agriculture_zero: bool = True
    # Digest 2.8.5: neutral grey cubes are a participant of an event's majority (True); False: a
    # lone player beside grey cubes takes both prizes.
    neutral_participant: bool = True
    # Digest 2.8.6: cubes beyond an event's free flags are not placed and give no influence
    # ("lost"), or such an action is refused ("refused").
    excess_cubes: str = "lost"
    # Digest 2.8.7: a final total may be negative (True), or is at least 0 (False).
    negative_total: bool = True
    # Digest 2.1, U (the French BGA help: at 2 players the grey citizens are "placed at the start of
    # the phase"): "after", the grey citizens fill the spaces left free once the players have placed
    # theirs (as at 3 and 4 players); "before", at 2 players the start player first places the grey
    # citizens one by one on spaces of the table's choice, then the players place theirs.
    two_player_neutrals: str = "after"
    # Digest 2.4, U: the tie-break: nobody ("shared"), most deniers, most influence.
    tie_break: str = "shared"
    # Digest 2.4, U (TRB-BRIEF "+1 VP per uncountered event card where the player is present"): VP per
    # event still in the queue at the end on which the player has a cube; 0 leaves the line out.
    uncountered_event_vp: int = 0


DEFAULT = TroyesSettings()

_CHOICES = {"tie_break": TIE_BREAKS, "black_groups": BLACK_GROUPS, "excess_cubes": EXCESS_CUBES,
            "two_player_neutrals": TWO_PLAYER_NEUTRALS}


def _rows(value: Any) -> dict[str, tuple[tuple[int, ...], ...]] | None:
    """A building layout as given (JSON lists), or None when it is not one: every building, rows
    covering the faces 1–6 once each, 6 spaces in all."""
    if not isinstance(value, Mapping) or set(value) != set(DEFAULT.building_rows):
        return None
    out = {}
    for building, rows in value.items():
        if not isinstance(rows, (list, tuple)) or not all(isinstance(r, (list, tuple)) and r for r in rows):
            return None
        faces = sorted(f for r in rows for f in r)
        if faces != [1, 2, 3, 4, 5, 6]:
            return None
        out[building] = tuple(tuple(r) for r in rows)
    return out


def settings_from(overrides: Mapping[str, Any]) -> TroyesSettings:
    """Named settings over the defaults; an unknown name or a value of the wrong kind is refused."""
    values: dict[str, Any] = {}
    fields = {f.name for f in dataclasses.fields(TroyesSettings)}
    for name, value in overrides.items():
        if name not in fields:
            raise IllegalCommand(RULE, "There is no Troyes setting '{name}'.", name=name)
        default = getattr(DEFAULT, name)
        if name == "building_rows":
            value = _rows(value)
            ok = value is not None
        elif isinstance(default, bool):
            ok = isinstance(value, bool)
        elif isinstance(default, int):
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        else:
            ok = value in _CHOICES[name]
        if not ok:
            raise IllegalCommand(RULE, "The setting '{name}' has a value of the wrong kind.", name=name)
        values[name] = value
    return dataclasses.replace(DEFAULT, **values)


def plain(settings: TroyesSettings) -> dict[str, Any]:
    """Every value, JSON-friendly: what a set-up event records."""
    out = dataclasses.asdict(settings)
    out["building_rows"] = {b: [list(r) for r in rows] for b, rows in settings.building_rows.items()}
    return out


def describe() -> list[tuple[str, str, str]]:
    """(name, default, source) for the settings screen and docs/troyes.md."""
    return [
        ("max_citizens", "12", "Troyes 2.1 (S: UBG-TRY)"),
        ("reroll_cost", "1", "Troyes 2.3 (S: TRB-BRIEF)"),
        ("flip_cost", "4", "Troyes 2.3 (S: TRB-BRIEF)"),
        ("flip_max", "3", "Troyes 2.3 (S: TRB-BRIEF)"),
        ("recruit_cost", "2", "Troyes 2.3 (C: S004, TRB-BRIEF)"),
        ("recruit_any_time", "no", "Troyes 2.7.2 (S004; yes: TRB-BRIEF)"),
        ("building_rows", "Palace 1|2|3|4|5|6, Bishopric 1-2|3-4|5-6, City Hall 1-3|4-6", "Troyes 2.7.5 (U: check the board)"),
        ("black_penalty_floor", "yes", "Troyes 2.8.1"),
        ("black_groups", "sum", "Troyes 2.8.2 (each: the other reading)"),
        ("activate_every_use", "yes", "Troyes 2.8.3"),
        ("agriculture_zero", "yes", "Troyes 2.8.4"),
        ("neutral_participant", "yes", "Troyes 2.8.5"),
        ("excess_cubes", "lost", "Troyes 2.8.6 (refused: the other reading)"),
        ("negative_total", "yes", "Troyes 2.8.7"),
        ("two_player_neutrals", "after", "Troyes 2.1 (U; before: the French BGA help, 2 players)"),
        ("tie_break", "shared", "Troyes 2.4 (U)"),
        ("uncountered_event_vp", "0", "Troyes 2.4 (U: TRB-BRIEF's +1 VP line)"),
    ]
