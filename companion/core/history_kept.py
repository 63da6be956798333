"""The open game's history, read from the journal once: later reads add only the steps since.

Why: the engine keeps a few bytes a step, not its events (`core.engine`), so a whole history is
every step's summary row read from the file (`core.journal_summaries`: its public events, written
with it) and parsed — O(steps) again each time the history screen opens or another caller (a
game's own screen, the scanner's last read) asks. A step's
public form never changes once written (an undo, a redo or a correction is a later step of its
own); only whether it is still in effect does, and that is marked again from the engine's stack
at each read, which costs a set lookup a step. So the entries are read once per open game and
kept here, where the screens read them — the history view-model holds these same objects, so
nothing is kept twice — and the engine itself stays small (the memory benchmarks measure it).
"""

from __future__ import annotations

from typing import Any

from companion.core.engine import Engine, HistoryEntry


class KeptHistory:
    """`Engine.history(since)` for one engine, each step read from the journal at most once."""

    def __init__(self, engine: Engine[Any]) -> None:
        self._engine = engine
        self._entries: list[HistoryEntry] = []  # steps 1 … len, oldest first, as last marked

    def history(self, since: int = 0) -> list[HistoryEntry]:
        """Every step after step `since` (0: all), oldest first, undone ones marked as of now.
        Raises what `Engine.history` raises (a `JournalError` for a file damaged meanwhile)."""
        engine, kept = self._engine, self._entries
        since = max(since, 0)
        if since > len(kept):  # only steps beyond those kept: read them, not the gap before
            return engine.history(since)
        newer = engine.history(len(kept))
        if since < len(kept):
            kept[since:] = engine.marked(kept[since:])
        kept.extend(newer)
        return kept[since:]
