"""What just happened, told on the table: the session's notice after an Undo or Redo names a step
("Undid step 12."); here it becomes that step's own words as the game's history says them
("Undid: Bob — Military → Senate"). And a step a game calls news (`GameUI.news_kinds`: Trajan's
round end with its demand turned up, a season scored) is told in its history words when nothing
else is noticed, so the table is not surprised by it.

One job: a `TableView` in, the same view with the notice to show out; the screens translate and
show it as any notice (`translate_notice`), the status display too. The notice keeps its message id
and its arguments, never text made in one language: the step's words are a `HistoryLine`, worded
again in the language of the moment each time the notice is shown, so a notice on screen follows a
language switch.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from companion.session import Notice, TableView
from companion.ui.text.i18n import N_, current_language

UNDID, REDID = "Undid step {step}.", "Redid step {step}."
#: The notice after an Undo or Redo, with the step's history line (translated when shown).
UNDID_WHAT = N_("Undid: {what}")
REDID_WHAT = N_("Redid: {what}")
#: A step the game calls news, in its history words.
JUST_NOW = N_("Just now: {what}")
#: Events whose line says what another step said ("Undid step 3: …").
_REFERRING = frozenset({"core.undo", "core.redo"})


class HistoryLine:
    """Step `step`'s line as the game's history words it, in the current language whenever it is
    formatted (a notice's `{what}`); worded once per language."""

    def __init__(self, entries: Sequence[Any], game_ui: Any, step: int) -> None:
        self.entries, self.game_ui, self.step = list(entries), game_ui, step
        self._worded: tuple[str, str] | None = None

    def __str__(self) -> str:
        language = current_language()
        if self._worded is None or self._worded[0] != language:
            self._worded = (language, _line_of(self.entries, self.game_ui, self.step))
        return self._worded[1]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __bool__(self) -> bool:
        return bool(str(self))

    def __eq__(self, other: object) -> bool:
        return str(self) == other if isinstance(other, str) else (
            isinstance(other, HistoryLine) and (other.step, other.game_ui) == (self.step, self.game_ui))

    def __hash__(self) -> int:
        return hash(self.step)

    def __repr__(self) -> str:
        return f"HistoryLine(step={self.step}, {str(self)!r})"


class TableNews:
    """Remembers the last step told, so a step's news is told once (the next update clears it)."""

    def __init__(self) -> None:
        self._told_step: tuple[str | None, int] = (None, 0)
        self._opening: tuple[str | None, Any] = (None, None)  # (journal, its first entry): read once a game

    def tell(self, table: TableView, history: Callable[..., Sequence[Any]], game_ui: Any) -> TableView:
        """`table` with its notice worded for the table: an Undo's or Redo's step in the game's
        history words, or the news of the steps since the last update. `history(since=0)`: the
        open game's entries after step `since` (called only when needed; for the news, only the
        steps since the last update, so a tap costs its own steps, not the whole game's);
        `game_ui`: the open game's GameUI class."""
        key = (table.journal, table.step)
        earlier, self._told_step = self._told_step, key
        if game_ui is None or table.game is None:
            return table
        notice = table.notice
        if notice is not None and notice.level == "info" and notice.template in (UNDID, REDID):
            step = notice.params.get("step")
            what = HistoryLine(self._wording_of(table, history, step), game_ui, step) if isinstance(step, int) else ""
            if what:
                template = UNDID_WHAT if notice.template == UNDID else REDID_WHAT
                return dataclasses.replace(table, notice=Notice("info", template, {"what": what}))
            return table
        kinds = frozenset(getattr(game_ui, "news_kinds", ()))
        if notice is not None or not kinds or earlier[0] != table.journal or table.step <= earlier[1]:
            return table
        newer = [e for e in history(since=earlier[1]) if not e.undone]
        news = [e for e in newer if any(ev.get("kind") in kinds for ev in e.events)]
        if not news:
            return table
        what = HistoryLine(self._wording_of(table, history, news[-1].step), game_ui, news[-1].step)
        return dataclasses.replace(table, notice=Notice("info", JUST_NOW, {"what": what})) if what else table

    def _wording_of(self, table: TableView, history: Callable[..., Sequence[Any]], step: int) -> list[Any]:
        """The entries step `step`'s history line is worded from, read and worded at the cost of a
        few steps, not the whole game's (a tap's news must not grow with the game): a game's
        history words a step from the names its opening step seats (`history_texts`' start event)
        and the event before (`GameUI.history_describer` may remember it), so the opening, the
        step before and the step itself word it as the whole history does. A step that undoes or
        redoes another is worded from what that one said: the whole history then."""
        recent = [e for e in history(since=max(0, step - 2)) if e.step <= step]
        whole = not recent or recent[-1].step != step or (step > 1 and recent[0].step != step - 1) \
            or any(event.get("kind") in _REFERRING for event in recent[-1].events)
        if whole:
            return list(history())
        journal, opening = self._opening
        if journal != table.journal or opening is None:
            entries = history()
            opening = entries[0] if entries else None
            self._opening = (table.journal, opening)
        return ([opening] if opening is not None and opening.step < recent[0].step else []) + recent


def _line_of(entries: Sequence[Any], game_ui: Any, step: Any) -> str:
    """Step `step`'s line as the game's history words it (without a season/round prefix)."""
    if not isinstance(step, int):
        return ""
    for row in game_ui.history_rows(entries):
        if row.get("step") == step:
            return str(row.get("bare") or row.get("text") or "")
    return ""
