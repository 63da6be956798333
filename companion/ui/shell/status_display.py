"""The table status display in the app: its words in the current language, and its feed opened
after the first frame, re-labelled on a language switch and closed when the app stops.

Kivy-free (the app is handed in; its `language` property is bound through the app's own `bind`),
so the words and their tests need no window. The English msgids are
`companion.presenters.status_screens.StatusWords`' defaults, word for word (a test keeps them equal),
so the catalogs' entries are what the display shows; most are the pads' phrases. A game's name
and its own phrases are its presenter's (`companion.ui.gameui.game_presenters`).
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import dataclasses

from companion.presenters.game import Presenters
from companion.presenters.status_screens import StatusWords
from companion.ui.shell import news
from companion.ui.text.i18n import _, translate_notice


def status_words() -> StatusWords:
    """The texts the status display shows, translated now (called at every update)."""
    return StatusWords(
        season=_("Season"),
        round=_("Round"),
        game_round=_("{game} · round {n}"),
        turn_of=_("{name}'s turn"),
        game_over=_("game over"),
        waiting=_("waiting for {n}"),
        won=_("{name} wins: {amount}"),
        tie=_("Tie: {name} {amount}"),
        no_bids=_("No bids"),
        leader=_("{place}. {name} {amount}"),
    )


class StatusOpener(Protocol):
    """What the CLI hands the app for the status display (a `companion.wiring.status.StatusPlan`):
    one call opens it, after the first frame, and returns its feed (`update(table)`, a session
    listener; `close()`), or None when the table has none ("off")."""

    def open(self, report: Callable[[object], None], *, words: Callable[[], StatusWords],
             presenters: Presenters) -> Any: ...


#: The notices the touchscreen tells the table that the status display tells too: what Undo or
#: Redo did, and a step the game calls news (`companion.ui.shell.news`).
TOLD = frozenset({news.UNDID_WHAT, news.REDID_WHAT, news.JUST_NOW, news.UNDID, news.REDID})


@dataclasses.dataclass(frozen=True)
class ToldTable:
    """What the feed is given: the table's game and public view, and the notice the touchscreen
    shows now in the current language ("" for none)."""

    game: str | None
    view: Any
    notice_text: str = ""


def told_table(table: Any) -> ToldTable:
    """`table` (a TableView as the app words it) for the status display."""
    notice = getattr(table, "notice", None)
    text = ""
    if notice is not None and notice.level == "info" and notice.template in TOLD:
        text = translate_notice(notice.template, notice.params)
    return ToldTable(getattr(table, "game", None), getattr(table, "view", None), text)


class StatusDisplayHook:
    """The status display of one running app: told every update by the app (`tell`, with the
    notice the touchscreen shows: undo, redo, "Just now: …"), and again when the language changes
    (the next move would be too late for a table that just switched)."""

    def __init__(self, app: Any, feed: Any) -> None:
        self.app = app
        self.session = app.session
        self.feed = feed
        self._last: Any = self.session.table_view()
        app.bind(language=self._on_language)
        feed.update(told_table(self._last))

    def tell(self, table: Any) -> None:
        """The table as the touchscreen shows it now (the app's worded `TableView`)."""
        self._last = table
        self.feed.update(told_table(table))

    @classmethod
    def open(cls, app: Any, plan: StatusOpener) -> "StatusDisplayHook | None":
        """Opens `plan`, reporting the display's trouble through the app's bridge as facts; None
        when the plan is "off"."""
        feed = plan.open(app.bridge.post, words=status_words, presenters=app.presenters)
        return None if feed is None else cls(app, feed)

    def _on_language(self, *_args: Any) -> None:
        self.feed.update(told_table(self._last))  # the notice's template and parameters, worded again

    def close(self) -> None:
        """Stops listening, then closes the feed (the display is cleared). Idempotent."""
        self.app.unbind(language=self._on_language)
        self.feed.close()
