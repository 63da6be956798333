"""Named intents (from the touchscreen, a pad or a script) → Trajan commands, naming any bad field."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Mapping

from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.games.trajan import commands as c

RULE = "Trajan input"


def _int(args: Mapping[str, Any], field: str) -> int:
    value = args.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalCommand(RULE, "'{field}' must be a whole number, got {value}", field=field, value=repr(value))
    return value


def _str(args: Mapping[str, Any], field: str, optional: bool = False) -> Any:
    value = args.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise IllegalCommand(RULE, "'{field}' must be a text, got {value}", field=field, value=repr(value))
    return value


def _strs(args: Mapping[str, Any], field: str, optional: bool = False) -> Any:
    value = args.get(field, None if optional else ())
    if value is None and optional:
        return None
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise IllegalCommand(RULE, "'{field}' must be a list of names, got {value}", field=field, value=repr(value))
    return tuple(value)


def _site_tile(args: Mapping[str, Any], field: str) -> tuple[str, int] | None:
    """A construction tile as the table names it, [type, VP], or None when not given."""
    value = args.get(field)
    if value is None:
        return None
    if (not isinstance(value, (list, tuple)) or len(value) != 2 or not isinstance(value[0], str)
            or isinstance(value[1], bool) or not isinstance(value[1], int)):
        raise IllegalCommand(RULE, "'{field}' must be a construction tile and its VP, such as [\"roof\", 4], got {value}",
                             field=field, value=repr(value))
    return value[0], value[1]


def _nested(value: Any) -> Any:
    return tuple(_nested(v) for v in value) if isinstance(value, (list, tuple)) else value


def _setup(a: Mapping[str, Any]) -> Command:
    return c.SetupTrajan(
        players=_strs(a, "players"), colours=_strs(a, "colours"), seed=_int(a, "seed"),
        start_player=a.get("start_player"), mode=a.get("mode", "full"),
        digital_draws=bool(a.get("digital_draws", True)), settings=dict(a.get("settings", {})),
        start_trays=_nested(a["start_trays"]) if a.get("start_trays") is not None else None,
        start_tiles=_nested(a["start_tiles"]) if a.get("start_tiles") is not None else None,
        start_bonus=_strs(a, "start_bonus", optional=True),
        senate_bonus=_strs(a, "senate_bonus", optional=True),
    )


PARSERS: dict[str, Callable[[Mapping[str, Any]], Command]] = {
    "setup": _setup,
    "sow": lambda a: c.Sow(_int(a, "tray"), _strs(a, "order")),
    "move": lambda a: c.MoveMarkers(_int(a, "markers"), _int(a, "tray"), bool(a.get("completed", False))),
    "seaport": lambda a: c.Seaport(_str(a, "kind"), _strs(a, "cards", optional=True) or (), _str(a, "ship", optional=True)),
    "forum": lambda a: c.Forum(_str(a, "tile"), bool(a.get("from_extra", False))),
    "military": lambda a: c.Military(_str(a, "kind"), _str(a, "province", optional=True),
                                     _str(a, "found", optional=True)),
    "senate": lambda a: c.Senate(),
    "trajan": lambda a: c.TrajanAction(_str(a, "stack"), _nested(a["tile"]) if a.get("tile") is not None else None),
    "construction": lambda a: c.Construction(_str(a, "kind"), a.get("space"), _site_tile(a, "found")),
    "pass": lambda a: c.Pass(),
    "extra": lambda a: c.ExtraAction(_str(a, "action"), _str(a, "tile")),
    "plus2": lambda a: c.PlacePlus2(_str(a, "action")),
    "end_turn": lambda a: c.EndTurn(),
    "reveal_demand": lambda a: c.RevealDemand(_str(a, "demand")),
    "reveal_bonus": lambda a: c.RevealBonusTile(_str(a, "tile")),
    "choose_bonus": lambda a: c.ChooseBonusTile(_str(a, "tile")),
    "repay_demands": lambda a: c.RepayDemands(_int(a, "seat"), tuple(a.get("sources", ()))),
}


INTENT_NAMES: dict[type, str] = {
    c.Sow: "sow", c.MoveMarkers: "move", c.Seaport: "seaport", c.Forum: "forum", c.Military: "military",
    c.Senate: "senate", c.TrajanAction: "trajan", c.Construction: "construction", c.Pass: "pass",
    c.ExtraAction: "extra", c.PlacePlus2: "plus2", c.EndTurn: "end_turn", c.RevealDemand: "reveal_demand",
    c.RevealBonusTile: "reveal_bonus", c.ChooseBonusTile: "choose_bonus", c.RepayDemands: "repay_demands",
}


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def intent_of(command: Command) -> dict[str, Any]:
    """The named intent that `parse_command` turns back into `command`: what the screen posts for a
    choice it was offered (so the screen needs no knowledge of the rules' classes)."""
    args = {f.name: _plain(getattr(command, f.name)) for f in dataclasses.fields(command)}
    return {"name": INTENT_NAMES[type(command)], "args": args}


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    parser = PARSERS.get(name)
    if parser is None:
        raise IllegalCommand(RULE, "Trajan has no action '{name}'.", name=name)
    return parser(args)
