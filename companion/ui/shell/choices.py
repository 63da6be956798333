"""The games the home screen lists, as plain values the UI may hold.

The home screen needs every game, built or not, but must never touch rules or game state: it gets
`GameChoice` values (id, title, player range, built or not, and what its set-up screen offers). The
UI never imports `companion.games`: the CLI (the composition root) turns the registry into choices
and passes them in, and the app registers them (`register`), so code with only a game id to go on
(a journal's title, the wording of its history) finds its game without naming one.
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
    #: Its name in English (the registry line's), a msgid `formatting.game_title` translates.
    title: str = ""
    #: Whatever else its set-up offer gives as plain data (Tribune: its faction benefit table).
    offer: Mapping[str, Any] = dataclasses.field(default_factory=dict, hash=False, compare=False)


def choices_from_registry(entries: Iterable[Any], extras: Mapping[str, Mapping[str, Any]] | None = None
                          ) -> tuple[GameChoice, ...]:
    """From `companion.games.registry()` entries (id, players, screens, title) to choices, order kept.
    A game is offered once it can be played on the touchscreen, not merely once its rules exist.
    `extras[game_id]` may add `colours` and `settings` (the CLI reads them from the game package)."""
    extras = extras or {}
    out = []
    for e in entries:
        more = extras.get(e.id, {})
        out.append(GameChoice(e.id, int(e.players[0]), int(e.players[1]), bool(e.screens),
                              tuple(more.get("colours", ())), tuple(more.get("settings", ())), e.ui or "",
                              e.title or "", dict(more.get("offer", {}))))
    return tuple(out)


#: Every game registered so far, by id (`register`).
_KNOWN: dict[str, GameChoice] = {}


def register(choices: Iterable[GameChoice]) -> None:
    """Makes these games known by id (`known`) to code that has only an id: a journal names its
    game by id, and its title and history wording are that game's. The app registers the choices it
    is given; tests register the registry's. A game registered again is replaced; the others stay."""
    _KNOWN.update((choice.id, choice) for choice in choices)


def known(game_id: str | None) -> GameChoice | None:
    """The registered choice of `game_id`, or None (an unknown or empty id)."""
    return _KNOWN.get(game_id) if game_id else None
