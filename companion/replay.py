"""`companion replay`: a journal's final public state, for people and for machines.

Only the public view is ever printed: a replay or an export is shared, so it gets what the big
screen gets and nothing a seat keeps secret. The summary holds the typed view (`core.views`);
what is printed as JSON is its plain data (`to_data`).

The text speaks the table's language (`--lang`, else the config's): the frame and the generic
score table here, the game's own lines from its UI half's `replay_text` (player-facing names, never
internal ids), else the game's own `summary_text`. JSON stays data: ids, not words.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

from companion.core.engine import Engine
from companion.core.errors import IllegalCommand, JournalError
from companion.core.game import Game
from companion.core.journal import Journal
from companion.core.views import GameView, to_data
from companion.ui.text.cli_words import (
    FINISHED, GAME, JOURNAL, REPLAY_PROBLEM, STATUS, TABLE_HEAD, UNFINISHED, pad_columns,
)
from companion.ui.text.i18n import _


def replay_journal(path: str | Path, games: Mapping[str, Game[Any]]) -> dict[str, Any]:
    """Replays a journal read-only (`Journal.read`: nothing written, the app never kept waiting)
    and returns its public summary. Raises JournalError or IllegalCommand."""
    journal = Journal.read(path)
    try:
        game = games.get(journal.game)
        if game is None:
            raise IllegalCommand("replay", "This journal is for '{game}', which this version cannot play.", game=journal.game)
        engine = Engine(game, journal)
        history = engine.history()
        return {
            "journal": str(Path(path)),
            "game": journal.game,
            "created": journal.meta.get("created", ""),
            "finished": engine.is_finished,
            "steps": len(history),
            "undone_steps": sum(1 for h in history if h.undone),
            "view": engine.view(None),
        }
    finally:
        journal.close()


def format_summary(summary: Mapping[str, Any], game: Game[Any] | None = None, words: Any = None) -> str:
    """The summary as text in the current language; `words`: the game's words
    (`companion.ui.gamewords.GameWords`, its `replay_text`), or None."""
    from companion.ui.text.formatting import game_title

    lines = [
        _(JOURNAL).format(path=summary["journal"]),
        _(GAME).format(game=game_title(summary["game"]) or summary["game"], created=summary["created"]),
        _(STATUS).format(state=_(FINISHED) if summary["finished"] else _(UNFINISHED), steps=summary["steps"],
                         undone=summary["undone_steps"]),
    ]
    view: GameView = summary["view"]
    players = view.players
    text = words.replay_text(view) if words is not None else None
    if text is None and game is not None:
        text = game.summary_text(view)
    if text is not None:
        lines.append("")
        lines.append(text.rstrip())
    elif players and all("score" in p for p in players):  # a game's rows with a score (the score pad's)
        place, player, score = (_(word) for word in TABLE_HEAD)
        lines.append("")
        lines.append(f"{pad_columns(place, 5, right=True)}  {pad_columns(player, 16)}  {pad_columns(score, 5, right=True)}")
        for p in sorted(players, key=lambda p: (p.get("place", 0), p.seat)):
            lines.append(f"{p.get('place', ''):>5}  {pad_columns(p.name, 16)}  {p['score']:>5}")
    else:
        lines.append(json.dumps(to_data(view), ensure_ascii=False, indent=2))
    return "\n".join(lines)


def run(path: str, as_json: bool, games: Mapping[str, Game[Any]], words: Mapping[str, Any] | None = None) -> int:
    """`words`: game id → its words (`companion.ui.gamewords`, Kivy-free), from the CLI."""
    try:
        summary = replay_journal(path, games)
    except (JournalError, IllegalCommand) as exc:
        print(_(REPLAY_PROBLEM).format(problem=_translated(exc)), flush=True)
        return 2
    print(json.dumps(to_data(summary), ensure_ascii=False, indent=2) if as_json
          else format_summary(summary, games.get(summary["game"]), (words or {}).get(summary["game"])))
    return 0


def _translated(exc: Exception) -> str:
    """A refusal or a journal's problem in the table's language (its template through the
    catalogs); the path as it is."""
    from companion.ui.text.i18n import translate_notice, translate_rule

    if isinstance(exc, IllegalCommand):
        return f"{translate_notice(exc.template, exc.params)} [{translate_rule(exc.rule)}]"
    if isinstance(exc, JournalError):
        return f"{exc.path}: {translate_notice(exc.template, exc.params)}"
    return str(exc)
