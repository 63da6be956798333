"""One package per game, each pure (standard library and companion.core only) and alike:
state · commands · events · rules (decide/apply) · scoring · view · settings.

`registry()` lists every game the app knows, in the order the home screen shows them. A game can
have its rules before it has its screens: `replay` and `score` then work, the home screen still
says it cannot be played on the touchscreen yet.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Iterator, Mapping


@dataclasses.dataclass(frozen=True)
class GameEntry:
    """A game as the app knows it: the one line a game adds. `module` names where its rules live
    ("package.module:NAME"), None until they are built; `ui` names its half of the app
    (`companion.ui.gameui.GameUI`, "package.module:Class"), None until it can be played on the
    touchscreen. Both are names, not imports: the games stay pure, and the UI never imports them.

    The rules are imported on first use (`rules`): the home screen needs only ids and player
    counts, and importing Trajan's rules alone costs ~75 ms of a ~0.35 s start-up."""

    id: str
    players: tuple[int, int]
    module: str | None
    ui: str | None = None
    #: What its own set-up screen offers beyond names and pads ("package.module:function" returning
    #: {"colours", "settings"} as plain values, e.g. companion.games.trajan.settings.setup_offer),
    #: imported only for the home screen's list: no rules are loaded for it.
    offer: str | None = None
    #: Its name in English, a msgid the UI translates (`companion.ui.text.msgids` finds it here): the
    #: home screen names a game before its rules or its screens exist.
    title: str = ""

    def setup_offer(self) -> dict[str, Any] | None:
        """The set-up offer (`offer`), or None."""
        if self.offer is None:
            return None
        path, _, name = self.offer.partition(":")
        return getattr(importlib.import_module(path), name)()

    @property
    def screens(self) -> bool:
        """Whether it can be played on the touchscreen."""
        return self.ui is not None

    @property
    def rules(self) -> Any | None:
        if self.module is None:
            return None
        path, _, name = self.module.partition(":")
        return getattr(importlib.import_module(path), name)


class LazyRules(Mapping[str, Any]):
    """Game id → rules, importing a game's rules only when that game is asked for."""

    def __init__(self, entries: tuple[GameEntry, ...]) -> None:
        self._entries = {entry.id: entry for entry in entries}

    def __getitem__(self, game_id: str) -> Any:
        return self._entries[game_id].rules

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


def registry() -> tuple[GameEntry, ...]:
    """Every game in home-screen order."""
    return (
        GameEntry("trajan", (2, 4), "companion.games.trajan.rules:TRAJAN", "companion.ui.trajan.gameui:TrajanUI",
                  "companion.games.trajan.settings:setup_offer", title="Trajan"),
        GameEntry("troyes", (2, 4), "companion.games.troyes.rules:TROYES", "companion.ui.troyes.gameui:TroyesUI",
                  title="Troyes"),
        # A money-and-bids keeper (region V and the chariot on the pads), not the whole board.
        GameEntry("tribune", (2, 5), "companion.games.tribune.rules:TRIBUNE",
                  "companion.ui.tribune.gameui:TribuneGameUI", "companion.games.tribune.settings:setup_offer",
                  title="Tribune"),
        GameEntry("augustus", (2, 6), "companion.games.augustus.rules:AUGUSTUS",
                  "companion.ui.augustus.gameui:AugustusGameUI", title="Augustus"),
        GameEntry("scorepad", (1, 8), "companion.games.scorepad.rules:SCOREPAD",
                  "companion.ui.scorepad.gameui:ScorePadUI", title="Score pad"),
        GameEntry("secretbid", (2, 8), "companion.games.secretbid.rules:SECRETBID",
                  "companion.ui.secretbid.gameui:SecretBidGameUI", title="Secret bid"),
        # A tool for the whole table, no seats (players 0-0): the dice scanner's reads and dice
        # entered by hand, journaled one by one; Troyes' screens will reuse its panel.
        GameEntry("dicetray", (0, 0), "companion.games.dicetray.rules:DICETRAY", "companion.ui.dice.gameui:DiceTrayUI",
                  title="Dice tray"),
    )


def built_games() -> LazyRules:
    """Game id → rules, for the games that can be played on the touchscreen now."""
    return LazyRules(tuple(entry for entry in registry() if entry.screens))


def all_rules() -> LazyRules:
    """Game id → rules, for every game whose rules exist (replay, score, tests)."""
    return LazyRules(tuple(entry for entry in registry() if entry.module is not None))
