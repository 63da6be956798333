"""What `companion score` and `companion replay` say for a game, found without its screens (no Kivy).

A game's words for the terminal live in its UI package's `scores_text` module (beside `gameui`,
Kivy-free): `format_scores(result)` for a calculator result and `replay_text(view)` for a journal's
public view, each in the current language with player-facing names, each optional. `GameUI`'s
hooks of the same names read that module, and so do the commands, by the registry's name for the
game's UI (`GameChoice.ui`, "package.gameui:Class") without importing it: importing a GameUI class
brings in Kivy (its view-models are Kivy properties), about 0.4 s and Kivy's config warnings for a
command that draws nothing.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import importlib.util
from types import ModuleType
from typing import Any, Mapping, Sequence

#: The module of a game's UI package holding its terminal words.
WORDS_MODULE = "scores_text"


@functools.lru_cache(maxsize=None)
def words_module(ui_module: str) -> ModuleType | None:
    """The `scores_text` module beside `ui_module` (a game's gameui module, "companion.ui.trajan.gameui"),
    or None when its package has none (the score pad, the dice tray: the game's own texts)."""
    package = ui_module.rpartition(".")[0]
    name = f"{package}.{WORDS_MODULE}"
    try:
        found = importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        found = False
    return importlib.import_module(name) if found else None


@dataclasses.dataclass(frozen=True)
class GameWords:
    """One game's terminal words (`module`: its `scores_text`, or None for the defaults)."""

    module: ModuleType | None = None

    def format_scores(self, result: Mapping[str, Any]) -> str | None:
        """A calculator result (`companion score GAME FILE`) as terminal text in the current
        language, with player-facing names; None (the default): the game's own English text."""
        worded = getattr(self.module, "format_scores", None)
        return worded(result) if worded is not None else None

    def replay_text(self, view: Mapping[str, Any]) -> str | None:
        """A journal's public view as terminal text for `companion replay`. Default: a finished
        game's breakdown through `format_scores` (`view.final`), else None: the game's own
        `summary_text`, else a score table."""
        worded = getattr(self.module, "replay_text", None)
        if worded is not None:
            return worded(view)
        final = view.get("final")
        return self.format_scores(final) if isinstance(final, Mapping) and final else None


def game_words(ui: str) -> GameWords:
    """The words of the game whose UI is `ui` ("package.module:Class", or the module alone)."""
    return GameWords(words_module(ui.partition(":")[0]) if ui else None)


def game_words_by_id(choices: Sequence[Any]) -> dict[str, GameWords]:
    """Game id → its words, for each game with a UI (`GameChoice.ui`), in home-screen order."""
    return {choice.id: game_words(choice.ui) for choice in choices if choice.ui}
