"""One game's presenter: what its pads and the table's status display show, and the two entry points
that pick the open game's.

`GamePresenter` is the whole contract, every hook with its default, and the defaults go by the
view's shape (`pad_screens`, `status_screens`): a sealed bid on the pads, the seat's score, the
game's name and round on the status display with a sealed round's state or the leader. A game that
shows more subclasses it in its own UI folder (pure, no Kivy) and names the class on its `GameUI`
(`presenter_class`); the app builds one per game (`companion.ui.gameui.game_presenters`) and hands
the mapping to the device feeds, which call only `pad_screen` and `status_screen` below.
"""

from __future__ import annotations

import dataclasses

from types import MappingProxyType
from typing import Any, Callable, Mapping

from companion.presenters import pad_screens, status_screens
from companion.presenters.pad_screens import PadWords
from companion.presenters.screens import PadScreen, StatusScreen
from companion.presenters.status_screens import StatusWords


class GamePresenter:
    """What one game's pads and the status display show (see the module docstring). `title` gives
    the game's name in the current language at each call (a language switch shows at the next
    screen); the default, no name, leaves the status display dark."""

    def __init__(self, title: Callable[[], str] = lambda: "", text: Callable[[str], str] = str) -> None:
        self.title = title
        self.text = text  # a msgid in the current language (the app passes its catalog's)

    def answer_screen(self, view: Mapping[str, Any], seat: int, ask: Mapping[str, Any], *,
                      words: PadWords = pad_screens.ENGLISH) -> PadScreen:
        """Seat's pad answering its ask (`Session.seat_view`'s `answering`, plain data with the
        `value` the pad shows): −/+ choose, OK posts the answer. Default: `pad_screens.answer_screen`
        with `question` and `answer_label`."""
        return pad_screens.answer_screen(ask, seat, pad_screens.view_players(view), self.question(ask),
                                         lambda value: self.answer_label(ask, value), words)

    def question(self, ask: Mapping[str, Any]) -> str:
        """What the pad asks, one short line. Default: the rule that asks it, translated."""
        return self.text(str(ask.get("rule", "")))

    def answer_label(self, ask: Mapping[str, Any], value: Any) -> str:
        """How one answer reads on the pad. Default: the value itself (a face, an id)."""
        if isinstance(value, (list, tuple)):
            return " ".join(str(v) for v in value)
        return str(value)

    def pad_screen(self, view: Mapping[str, Any], seat: int, *, cursor: int | None = None,
                   words: PadWords = pad_screens.ENGLISH) -> PadScreen:
        """Seat `seat`'s screen from its own view (`Session.seat_view(seat)`, never empty here).
        cursor: the seat's place in its pad menu (`TableView.pad_cursor.get(seat)`), for games a pad
        plays a whole turn in. Default: a sealed bid, else the seat's score, else blank."""
        if pad_screens.is_sealed_seat_view(view):
            return pad_screens.sealed_screen(view, seat, words)
        if pad_screens.has_score(view, seat):
            return pad_screens.score_screen(view, seat, words)
        return PadScreen()

    def spoken_call(self, view: Mapping[str, Any]) -> tuple[Any, str] | None:
        """What the table hears now, in the current language, with a key that changes only with a
        new call (the speech feed says each key once): a game with a crier's call overrides it.
        Default: nothing is spoken."""
        return None

    def status_screen(self, view: Mapping[str, Any], words: StatusWords = status_screens.ENGLISH) -> StatusScreen:
        """The status display's screen from the table's public view. Default: the title line
        (`status_screens.title_line`) over `status_line`; blank without a name."""
        title = status_screens.title_line(self.title(), view, words)
        if not title:
            return StatusScreen()
        return StatusScreen(title=title, status=self.status_line(view, words))

    def status_line(self, view: Mapping[str, Any], words: StatusWords = status_screens.ENGLISH) -> str:
        """The default screen's bottom line: `status_screens.shared_status`."""
        return status_screens.shared_status(view, words)


Presenters = Mapping[str, GamePresenter]
"""Game id → its presenter (`companion.ui.gameui.game_presenters`); a game not in it is shown by
shape, without a name."""

NO_PRESENTERS: Presenters = MappingProxyType({})
BY_SHAPE = GamePresenter()


def presenter_for(presenters: Presenters, game_id: Any) -> GamePresenter:
    """The game's presenter, or the nameless one by shape."""
    return presenters.get(game_id, BY_SHAPE) if isinstance(game_id, str) else BY_SHAPE


def pad_screen(view: Mapping[str, Any] | None, seat: int, *, cursor: int | None = None,
               words: PadWords = pad_screens.ENGLISH, presenters: Presenters = NO_PRESENTERS) -> PadScreen:
    """Seat `seat`'s screen from its own view, by the view's game's presenter; blank for no view.
    While the seat's pad answers an ask, its `answer_screen` (a sealed bid's secret amount keeps
    the sealed-bid screen, which shows it as the seat's draft)."""
    if not view:
        return PadScreen()
    presenter = presenter_for(presenters, view.get("game"))
    ask = pad_screens.answering(view, seat)
    if ask is not None and not (ask.get("secret") and pad_screens.is_sealed_seat_view(view)):
        return presenter.answer_screen(view, seat, ask, words=words)
    return presenter.pad_screen(view, seat, cursor=cursor, words=words)


def status_screen(table: Any, words: StatusWords = status_screens.ENGLISH,
                  presenters: Presenters = NO_PRESENTERS) -> StatusScreen:
    """The status display's screen for `table` (a `companion.session.TableView`, or anything with
    `game` and `view`), by its game's presenter; blank when no game is open. A table that carries
    `notice_text` (what the touchscreen just told the table, in its language) shows it in the
    notice's place, over the presenter's own (a warning of what comes next)."""
    view = getattr(table, "view", None)
    game = getattr(table, "game", None)
    if not game or not isinstance(view, Mapping):
        return StatusScreen()
    screen = presenter_for(presenters, game).status_screen(view, words)
    told = getattr(table, "notice_text", "")
    return dataclasses.replace(screen, notice=told) if told and not screen.is_blank else screen
