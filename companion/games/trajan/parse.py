"""Named intents (from the touchscreen, a pad or a script) → Trajan commands, naming any bad field."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any, Callable, Mapping

from companion.core.errors import IllegalCommand
from companion.core.events import Command
from companion.core.intent_args import IntentArgs, is_text, is_whole, list_of, optional, record
from companion.core.views import FrozenMap, freeze
from companion.games.trajan import commands as c

RULE = "Trajan input"

TILE = "'{field}' must be a Trajan tile, its kind and then its two colours, such as [\"cards\", \"pink\", \"blue\"], got {value}"
SITE_TILE = "'{field}' must be a construction tile and its VP, such as [\"roof\", 4], got {value}"
TRAYS = "'{field}' must list each player's trays, each a list of marker colours, got {value}"
TILES = "'{field}' must list each player's Trajan tiles, each its kind and two colours, got {value}"
SOURCES = "'{field}' must list, per demand, what pays it (forum, trajan, wildcard) or nothing, got {value}"

_TILE = list_of(is_text, at_least=1)  # the kind first; the rules count the colours (and say so)
_SITE_TILE = record(is_text, is_whole)
_PER_PLAYER = list_of(list_of(list_of(is_text)))


def _setup(a: IntentArgs) -> Command:
    return c.SetupTrajan(
        players=a.texts("players", ()), colours=a.texts("colours", ()), seed=a.whole("seed"),
        start_player=a.optional_whole("start_player"), mode=a.text("mode", "full"),
        digital_draws=a.flag("digital_draws", True), settings=a.mapping("settings", {}),
        start_trays=a.optional_shaped("start_trays", _PER_PLAYER, TRAYS),
        start_tiles=a.optional_shaped("start_tiles", _PER_PLAYER, TILES),
        start_bonus=a.optional_texts("start_bonus"),
        senate_bonus=a.optional_texts("senate_bonus"),
    )


PARSERS: dict[str, Callable[[IntentArgs], Command]] = {
    "setup": _setup,
    "sow": lambda a: c.Sow(a.whole("tray"), a.texts("order", ())),
    "move": lambda a: c.MoveMarkers(a.whole("markers"), a.whole("tray"), a.flag("completed", False)),
    "seaport": lambda a: c.Seaport(a.text("kind"), a.optional_texts("cards") or (), a.optional_text("ship")),
    "forum": lambda a: c.Forum(a.text("tile"), a.flag("from_extra", False)),
    "military": lambda a: c.Military(a.text("kind"), a.optional_text("province"), a.optional_text("found")),
    "senate": lambda a: c.Senate(),
    "trajan": lambda a: c.TrajanAction(a.text("stack"), a.optional_shaped("tile", _TILE, TILE)),
    "construction": lambda a: c.Construction(a.text("kind"), a.optional_whole("space"),
                                             a.optional_shaped("found", _SITE_TILE, SITE_TILE)),
    "pass": lambda a: c.Pass(),
    "extra": lambda a: c.ExtraAction(a.text("action"), a.text("tile")),
    "plus2": lambda a: c.PlacePlus2(a.text("action")),
    "end_turn": lambda a: c.EndTurn(),
    "reveal_demand": lambda a: c.RevealDemand(a.text("demand")),
    "reveal_bonus": lambda a: c.RevealBonusTile(a.text("tile")),
    "choose_bonus": lambda a: c.ChooseBonusTile(a.text("tile")),
    "repay_demands": lambda a: c.RepayDemands(a.whole("seat"), a.shaped("sources", list_of(optional(is_text)), SOURCES, ())),
}


INTENT_NAMES: dict[type, str] = {
    c.Sow: "sow", c.MoveMarkers: "move", c.Seaport: "seaport", c.Forum: "forum", c.Military: "military",
    c.Senate: "senate", c.TrajanAction: "trajan", c.Construction: "construction", c.Pass: "pass",
    c.ExtraAction: "extra", c.PlacePlus2: "plus2", c.EndTurn: "end_turn", c.RevealDemand: "reveal_demand",
    c.RevealBonusTile: "reveal_bonus", c.ChooseBonusTile: "choose_bonus", c.RepayDemands: "repay_demands",
}


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


@lru_cache(maxsize=None)
def _field_names(kind: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(kind))


def intent_of(command: Command) -> dict[str, Any]:
    """The named intent that `parse_command` turns back into `command`: what the screen posts for a
    choice it was offered (so the screen needs no knowledge of the rules' classes)."""
    args = {name: _plain(getattr(command, name)) for name in _field_names(type(command))}
    return {"name": INTENT_NAMES[type(command)], "args": args}


def frozen_intent_of(command: Command) -> FrozenMap:
    """`intent_of(command)` as a view holds it (`core.views.freeze` of it, built in one pass: the
    view lists every legal move so, after every step)."""
    args = FrozenMap({name: freeze(getattr(command, name)) for name in _field_names(type(command))})
    return FrozenMap(name=INTENT_NAMES[type(command)], args=args)


def parse_command(name: str, args: Mapping[str, Any]) -> Command:
    """The command the intent `name` stands for, its every field read by type (`IntentArgs`): a
    wrong one is refused naming it, so the rules see only the types their commands declare."""
    parser = PARSERS.get(name) if isinstance(name, str) else None
    if parser is None:
        raise IllegalCommand(RULE, "Trajan has no action '{name}'.", name=name)
    return parser(IntentArgs(args, RULE))
