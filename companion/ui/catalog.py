"""The games the home screen lists, as plain values the UI may hold.

The home screen needs every game, built or not, but must never touch rules or game state: it gets
`GameChoice` values (id, player range, built or not, and what its set-up screen offers). The UI never
imports `companion.games`: the CLI (the composition root) turns the registry into choices and passes
them in.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Iterable, Mapping


@dataclasses.dataclass(frozen=True)
class SettingOption:
    """One value a setting may take on the set-up screen: `label` (an English msgid the UI
    translates) and `value` (sent in the setup; None = the default, nothing sent)."""

    label: str
    value: Any = None


@dataclasses.dataclass(frozen=True)
class SettingInfo:
    """A game setting for the set-up screen: its `name`, the `default` as text, where the number
    comes from (`source`), and the `options` a table may pick (the first is the default; empty =
    shown only)."""

    name: str
    default: str
    source: str
    options: tuple[SettingOption, ...] = ()


@dataclasses.dataclass(frozen=True)
class GameChoice:
    """A game on the home screen: `built` is False while it cannot be played on the touchscreen.

    `colours`: the player colours its set-up offers (empty: the game has none); `settings`: its
    named S/U settings with their defaults, for a set-up sub-panel."""

    id: str
    min_players: int
    max_players: int
    built: bool
    colours: tuple[str, ...] = ()
    settings: tuple[SettingInfo, ...] = ()
    #: Its half of the app, "package.module:Class" (a `companion.ui.gameui.GameUI`); "" while not built.
    ui: str = ""


def choices_from_registry(entries: Iterable[Any], extras: Mapping[str, Mapping[str, Any]] | None = None
                          ) -> tuple[GameChoice, ...]:
    """From `companion.games.registry()` entries (id, players, screens) to choices, order kept.
    A game is offered once it can be played on the touchscreen, not merely once its rules exist.
    `extras[game_id]` may add `colours` and `settings` (the CLI reads them from the game package)."""
    extras = extras or {}
    out = []
    for e in entries:
        more = extras.get(e.id, {})
        out.append(GameChoice(e.id, int(e.players[0]), int(e.players[1]), bool(e.screens),
                              tuple(more.get("colours", ())), tuple(more.get("settings", ())), e.ui or ""))
    return tuple(out)
