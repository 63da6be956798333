"""Augustus settings: every number the digest marks S or U (../shared/rules/augustus.md §4.3) and
the §4.7 readings we take by default (the other reading is the setting's alternative), each with
its source in `describe()`. C numbers (the bag, 7 legions) are rules (parts/bag.py, RULES_DATA
below). A set-up event records every value it was played with, so a journal replays the same
under any later default.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

from companion.core.errors import IllegalCommand

RULE = "Augustus settings"

#: The 12 rewards (§4.3, C for the types: S002, BSV-AUG): three provinces of one colour (3 tiles),
#: three senators, one of each (green, pink, orange, senator), 2–6 controlled objectives, gold, wheat.
COLOUR_REWARDS = ("green", "pink", "orange", "senators", "one_each")
NUMBER_REWARDS = tuple(f"number_{n}" for n in range(2, 7))
RESOURCES = ("gold", "wheat")
REWARDS = COLOUR_REWARDS + NUMBER_REWARDS + RESOURCES

#: §4.3 values: number rewards 3 → 4, 4 → 6, 6 → 10 (S: PAST); 2 → 2 and 5 → 8 follow the step
#: (U); gold and wheat 5 each (S: PAST). Colour and senator rewards: no source gives them (§4.7.6),
#: so none is invented: None means the table enters the tile's printed value when it counts.
REWARD_VP: dict[str, int | None] = {
    "green": None, "pink": None, "orange": None, "senators": None, "one_each": None,
    "number_2": 2, "number_3": 4, "number_4": 6, "number_5": 8, "number_6": 10, "gold": 5, "wheat": 5,
}

BAGS = ("app", "table")
END_CHECKS = ("close", "reached")
NUMBER_OFFERS = ("final", "each")


@dataclasses.dataclass(frozen=True)
class AugustusSettings:
    # Who draws: "app", the seeded generator (journaled); "table", the crier draws from the
    # physical bag and enters the token.
    bag: str = "app"
    # §4.1 (C: S002, SPP-AUG): legions each at the start; the box's legions (48: the rulebook's 50
    # is an erratum), which caps what a "+legions" power can give.
    legions_start: int = 7
    legions_box: int = 48
    # §4.3 reward VP (see REWARD_VP); a table's own values override them per reward.
    reward_vp: Mapping[str, int | None] = dataclasses.field(default_factory=lambda: dict(REWARD_VP))
    # §4.7.1: a number reward after a chain of completions is offered once, at the final count
    # ("final"); "each": at every count the chain passes (the other reading).
    number_offer: str = "final"
    # §4.7.1: a number tile the player declines is lost to them for good (True).
    declined_number_lost: bool = True
    # §4.7.3: the end is judged at the close of the draw ("close": someone holds 7 then);
    # "reached": someone reached 7 at any moment of the draw.
    end_check: str = "close"


DEFAULT = AugustusSettings()
_CHOICES = {"bag": BAGS, "end_check": END_CHECKS, "number_offer": NUMBER_OFFERS}


def _reward_vp(value: Any) -> dict[str, int | None]:
    if not isinstance(value, Mapping) or not set(value) <= set(REWARDS):
        raise IllegalCommand(RULE, "'{field}' must give VP by reward ({choices}).", field="reward_vp",
                             choices=", ".join(REWARDS))
    out = dict(REWARD_VP)
    for name, vp in value.items():
        if vp is not None and (isinstance(vp, bool) or not isinstance(vp, int) or not 0 <= vp <= 30):
            raise IllegalCommand(RULE, "'{field}' must be a whole number from 0 to 30, or null.",
                                 field=f"reward_vp.{name}")
        out[name] = vp
    return out


def settings_from(overrides: Any) -> AugustusSettings:
    """Named settings over the defaults; an unknown name or a value of the wrong kind is refused
    naming it."""
    if not isinstance(overrides, Mapping):
        raise IllegalCommand(RULE, "'{field}' must give settings by name.", field="settings")
    values: dict[str, Any] = {}
    fields = {f.name for f in dataclasses.fields(AugustusSettings)}
    for name, value in overrides.items():
        if name not in fields:
            raise IllegalCommand(RULE, "There is no Augustus setting '{name}'.", name=str(name))
        default = getattr(DEFAULT, name)
        if name == "reward_vp":
            value = _reward_vp(value)
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise IllegalCommand(RULE, "The setting '{name}' must be true or false.", name=name)
        elif isinstance(default, int):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 99:
                raise IllegalCommand(RULE, "The setting '{name}' must be a whole number from 1 to 99.", name=name)
        elif value not in _CHOICES[name]:
            raise IllegalCommand(RULE, "The setting '{name}' must be one of {choices}.", name=name,
                                 choices=", ".join(_CHOICES[name]))
        values[name] = value
    settings = dataclasses.replace(DEFAULT, **values)
    if settings.legions_box < settings.legions_start * 6:
        raise IllegalCommand(RULE, "The box must hold at least 6 × {start} legions.", start=settings.legions_start)
    return settings


def plain(settings: AugustusSettings) -> dict[str, Any]:
    """Every value, JSON-friendly: what a set-up event records."""
    out = dataclasses.asdict(settings)
    out["reward_vp"] = dict(settings.reward_vp)
    return out


def describe() -> list[tuple[str, str, str]]:
    """(name, default, source) for the settings screen and docs/augustus-rules.md."""
    return [
        ("bag", "app", "Augustus 4.2 (the crier's draw; table: the physical bag)"),
        ("legions_start", "7", "Augustus 4.1 (C: S002, SPP-AUG)"),
        ("legions_box", "48", "Augustus 4.1 (C: S002 says 50, an erratum: SPP-AUG)"),
        ("reward_vp.number_2", "2", "Augustus 4.3 (U: the step of PAST's values)"),
        ("reward_vp.number_3", "4", "Augustus 4.3 (S: PAST)"),
        ("reward_vp.number_4", "6", "Augustus 4.3 (S: PAST)"),
        ("reward_vp.number_5", "8", "Augustus 4.3 (U: the step of PAST's values)"),
        ("reward_vp.number_6", "10", "Augustus 4.3 (S: PAST)"),
        ("reward_vp.gold", "5", "Augustus 4.3 (S: PAST)"),
        ("reward_vp.wheat", "5", "Augustus 4.3 (S: PAST)"),
        ("reward_vp.green/pink/orange/senators/one_each", "none: entered", "Augustus 4.7.6 (U: no source)"),
        ("number_offer", "final", "Augustus 4.7.1 (each: the other reading)"),
        ("declined_number_lost", "yes", "Augustus 4.7.1"),
        ("end_check", "close", "Augustus 4.7.3 (reached: the other reading)"),
    ]
