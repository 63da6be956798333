"""`companion replay`: a journal's final public state, for people and for machines.

Only the public view is ever printed: a replay or an export is shared, so it gets what the big
screen gets and nothing a seat keeps secret. The summary holds the typed view (`core.views`);
what is printed as JSON is its plain data (`to_data`).
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


def format_summary(summary: Mapping[str, Any], game: Game[Any] | None = None) -> str:
    lines = [
        f"journal:  {summary['journal']}",
        f"game:     {summary['game']}  (started {summary['created']})",
        f"status:   {'finished' if summary['finished'] else 'unfinished'}, {summary['steps']} steps"
        f" ({summary['undone_steps']} undone)",
    ]
    view: GameView = summary["view"]
    players = view.players
    text = game.summary_text(view) if game is not None else None
    if text is not None:
        lines.append("")
        lines.append(text.rstrip())
    elif players and all("score" in p for p in players):  # a game's rows with a score (the score pad's)
        lines.append("")
        lines.append("place  player            score")
        for p in sorted(players, key=lambda p: (p.get("place", 0), p.seat)):
            lines.append(f"{p.get('place', ''):>5}  {p.name:<16}  {p['score']:>5}")
    else:
        lines.append(json.dumps(to_data(view), ensure_ascii=False, indent=2))
    return "\n".join(lines)


def run(path: str, as_json: bool, games: Mapping[str, Game[Any]]) -> int:
    try:
        summary = replay_journal(path, games)
    except (JournalError, IllegalCommand) as exc:
        print(f"companion replay: {exc}", flush=True)
        return 2
    print(json.dumps(to_data(summary), ensure_ascii=False, indent=2) if as_json
          else format_summary(summary, games.get(summary["game"])))
    return 0
