"""Named intents (the touchscreen, a pad, the scanner's answer, a script) → Troyes commands,
naming any field of the wrong shape. What the rules think of the values is `decide`'s business."""

from __future__ import annotations

from typing import Any, Callable, Mapping

from companion.core.errors import IllegalCommand
from companion.games.troyes import commands as c

RULE = "Troyes input"


def _int(args: Mapping[str, Any], field: str, optional: bool = False) -> Any:
    value = args.get(field)
    if value is None and optional:
        return None
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
    value = args.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise IllegalCommand(RULE, "'{field}' must be a list of names, got {value}", field=field, value=repr(value))
    return tuple(value)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _die(value: Any, field: str, with_district: bool) -> tuple[Any, ...]:
    size = 3 if with_district else 2
    ok = isinstance(value, (list, tuple)) and len(value) == size and isinstance(value[-2], str) and _is_int(value[-1]) \
        and (not with_district or _is_int(value[0]))
    if not ok:
        shape = "[district, colour, face]" if with_district else "[colour, face]"
        raise IllegalCommand(RULE, "'{field}' must name dice as {shape}, got {value}", field=field, shape=shape,
                             value=repr(value))
    return tuple(value)


def _dice(args: Mapping[str, Any], field: str, with_district: bool, optional: bool = False) -> Any:
    value = args.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, (list, tuple)):
        shape = "[district, colour, face]" if with_district else "[colour, face]"
        raise IllegalCommand(RULE, "'{field}' must name dice as {shape}, got {value}", field=field, shape=shape,
                             value=repr(value))
    return tuple(_die(d, field, with_district) for d in value)


def _faces(args: Mapping[str, Any], field: str, optional: bool = False) -> Any:
    value = args.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, (list, tuple)) or not all(_is_int(v) for v in value):
        raise IllegalCommand(RULE, "'{field}' must list die faces, got {value}", field=field, value=repr(value))
    return tuple(value)


def _source(args: Mapping[str, Any]) -> Any:
    """A citizen's source: "supply", "recruit", ["building", name, space], ["card", id], ["expelled", building]."""
    value = args.get("citizen")
    if value is None:
        return None
    if isinstance(value, str):
        value = (value,)
    ok = isinstance(value, (list, tuple)) and value and isinstance(value[0], str) and (
        (value[0] in ("supply", "recruit") and len(value) == 1)
        or (value[0] == "building" and len(value) == 3 and isinstance(value[1], str) and _is_int(value[2]))
        or (value[0] in ("card", "expelled") and len(value) == 2 and isinstance(value[1], str)))
    if not ok:
        raise IllegalCommand(RULE, "'{field}' must be supply, recruit, [building, name, space], [card, id] or "
                                   "[expelled, building], got {value}", field="citizen", value=repr(value))
    return tuple(value)


def _read(args: Mapping[str, Any]) -> dict[str, Any]:
    """Where a throw came from: "manual" (by hand) unless a scanner session is named."""
    source = args.get("source", "manual")
    if source not in ("manual", "scanner"):
        raise IllegalCommand(RULE, "'{field}' must be one of {choices}, got {value}", field="source",
                             choices="manual, scanner", value=repr(source))
    return {"source": source, "boot": str(args.get("boot", "")), "seq": _int(args, "seq", True) or 0}


def _setup(a: Mapping[str, Any]) -> c.Command:
    settings, data = a.get("settings", {}), a.get("data", {})
    if not isinstance(settings, Mapping) or not isinstance(data, Mapping):
        raise IllegalCommand(RULE, "'{field}' must be an object, got {value}", field="settings",
                             value=repr(settings if not isinstance(settings, Mapping) else data))
    deal = a.get("deal_characters", True)
    if not isinstance(deal, bool):
        raise IllegalCommand(RULE, "'{field}' must be true or false, got {value}", field="deal_characters", value=repr(deal))
    return c.SetupTroyes(players=_strs(a, "players"), seed=_int(a, "seed"), colours=_strs(a, "colours", True),
                         start_player=_int(a, "start_player", True), settings=dict(settings), data=dict(data),
                         deal_characters=deal)


PARSERS: dict[str, Callable[[Mapping[str, Any]], c.Command]] = {
    "setup": _setup,
    "enter_characters": lambda a: c.EnterCharacters(_int(a, "seat"), _strs(a, "characters")),
    "place_start": lambda a: c.PlaceStart(_str(a, "building"), _int(a, "space")),
    "reveal_activity": lambda a: c.RevealActivity(_str(a, "card", True)),
    "throw": lambda a: c.Throw(_int(a, "district", True), _dice(a, "dice", False, True), **_read(a)),
    "draw_event": lambda a: c.DrawEvent(_str(a, "event", True)),
    "throw_black": lambda a: c.ThrowBlack(_faces(a, "dice", True), **_read(a)),
    "counter": lambda a: c.Counter(_dice(a, "dice", False), _faces(a, "black"), _int(a, "seat", True)),
    "no_counter": lambda a: c.NoCounter(_int(a, "seat", True)),
    "reroll": lambda a: c.Reroll(_die(a.get("die"), "die", False), _int(a, "seat", True)),  # type: ignore[arg-type]
    "rerolled": lambda a: c.Rerolled(_int(a, "face", True), **_read(a)),
    "flip": lambda a: c.Flip(_dice(a, "dice", False), _int(a, "seat", True)),
    "recruit": lambda a: c.Recruit(_int(a, "seat", True)),
    "activate": lambda a: c.Activate(_str(a, "card"), _dice(a, "dice", True), _str(a, "cube", True), _source(a),
                                     _int(a, "space", True), _strs(a, "choices", True), _int(a, "seat", True)),
    "cathedral": lambda a: c.Cathedral(_dice(a, "dice", True), _str(a, "cube", True), _int(a, "seat", True)),
    "fight": lambda a: c.Fight(_str(a, "event"), _dice(a, "dice", True), _str(a, "cube", True), _int(a, "seat", True)),
    "place": lambda a: c.Place(_die(a.get("die"), "die", True), _source(a), _int(a, "seat", True)),  # type: ignore[arg-type]
    "agriculture": lambda a: c.Agriculture(_dice(a, "dice", True), _str(a, "cube", True), _int(a, "seat", True)),
    "pass": lambda a: c.Pass(_int(a, "seat", True)),
}


def parse_command(name: str, args: Mapping[str, Any]) -> c.Command:
    parser = PARSERS.get(name)
    if parser is None:
        raise IllegalCommand(RULE, "Troyes has no action '{name}'.", name=name)
    return parser(args)


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def intent_of(command: c.Move) -> dict[str, Any]:
    """The named intent `parse_command` turns back into `command` (what a screen posts)."""
    return {"name": command.move, "args": {k: _plain(v) for k, v in c.detail(command).items() if v is not None}}
