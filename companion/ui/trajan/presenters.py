"""What a Trajan table's pads and status display show: `TrajanPresenter`, the game's
`companion.presenters.game.GamePresenter`. Pure (no Kivy): public view in, screen values out,
in the current language.

- a pad: on its player's turn the menu of every legal move (for the consul, the bonus tiles) with
  the session's cursor, each named as the touchscreen's button names it; otherwise whose turn it
  is and the seat's VP;
- the status display: the season and round large with their pips, the time track (time, lap, and
  the round-end bar while the round ends after this turn), and what holds the table up on the
  bottom line: whose turn, the consul's bonus tile, a demand to turn up, the senate's bonus tiles
  to draw, game over.
"""

from __future__ import annotations

import dataclasses

from typing import Any, Callable, Mapping

from companion.presenters.game import GamePresenter
from companion.presenters.pad_screens import ENGLISH as PAD_ENGLISH
from companion.presenters.pad_screens import ChoiceLabel, PadWords, menu_screen
from companion.presenters.screens import PadScreen, StatusScreen
from companion.presenters.status_screens import ENGLISH as STATUS_ENGLISH
from companion.presenters.status_screens import StatusWords, track_screen
from companion.presenters.view_fields import seat_name, seat_player, view_players, whole_number
from companion.ui.text.i18n import N_, _
from companion.ui.trajan import names
from companion.ui.trajan.format import choice_label
from companion.ui.trajan.ask_kinds import FOUND_FORUM_TILE, FOUND_SITE_TILE

SEASONS = 4
ROUNDS = 4
"""Trajan 1.1: four seasons of four rounds (the view gives the current ones, not the counts)."""

BONUS_TILE = N_("{name} · bonus tile")
"""The consul chooses a bonus tile (Trajan 1.6 step 3), on the consul's pad and the status line."""
VP = N_("{vp} VP")
REVEAL_DEMAND = N_("Turn up a demand tile")
# The table draws the senate's 2 bonus tiles (Trajan 1.6 step 4, 1.11). Not the table screen's
# "Bonus tiles for the senate": the status line holds 21 Latin characters (6 px each in 128).
DRAW_BONUS = N_("Draw the bonus tiles")


def touch_label(intent: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A pad-menu choice as the touchscreen's button names it."""
    return choice_label(intent, view.get("site"))


def pad_menu(view: Mapping[str, Any], seat: int) -> list[Mapping[str, Any]]:
    """The choices seat's pad walks, as intents, in the order the session plays them: the public
    `choices` (every legal move) on that player's turn, the bonus tiles for the consul; nothing for
    the other seats. Mirrors `TrajanRules.pad_choices` on the public view (a test keeps the two in
    step), so the pad needs no game state."""
    choices = [c for c in view.get("choices") or () if isinstance(c, Mapping)]
    phase = view.get("phase")
    if phase == "turn" and view.get("current") == seat:
        return choices
    if phase == "consul" and view.get("consul") == seat:
        return [c for c in choices if c.get("name") == "choose_bonus"]
    return []


def table_status(view: Mapping[str, Any], words: StatusWords = STATUS_ENGLISH) -> str:
    """The status display's bottom line: whose turn it is, or the phase that holds the game up
    (Trajan 1.1, 1.6): the consul's choice, a demand to turn up, the senate's bonus tiles to draw
    (the table draws)."""
    phase = view.get("phase")
    players = view_players(view)
    if phase == "over":
        return words.game_over
    if phase == "consul" and whole_number(view.get("consul")) is not None:
        return _(BONUS_TILE).format(name=seat_name(players, view["consul"]))
    if phase == "reveal":
        return _(REVEAL_DEMAND)
    if phase == "bonus_draw":
        return _(DRAW_BONUS)
    if phase == "turn" and whole_number(view.get("current")) is not None:
        return words.turn_of.format(name=seat_name(players, view["current"]))
    return ""


def season_warning(view: Mapping[str, Any]) -> str:
    """The touchscreen's warning on the turn that ends a season (its fourth round), else ""."""
    rnd, season = whole_number(view.get("round")), whole_number(view.get("season"))
    if view.get("phase") == "turn" and view.get("round_ending") and rnd is not None and rnd >= ROUNDS and season:
        return _("▲ This turn ends season {n}: scoring follows").format(n=season)
    return ""


class TrajanPresenter(GamePresenter):
    """Trajan's pads and status display (see the module docstring). `label` names a menu choice
    (default: the touchscreen's words, `touch_label`)."""

    def __init__(self, title: Callable[[], str] = lambda: "", label: ChoiceLabel | None = None,
                 text: Callable[[str], str] = _) -> None:
        super().__init__(title, text)
        self.label = label or touch_label

    def answer_label(self, ask: Mapping[str, Any], value: Any) -> str:
        """A tile the table drew by hand, as the found-tile panel names it (the pad answers the
        leader's or the worker's question: which forum or construction tile lay there)."""
        if ask.get("kind") == FOUND_FORUM_TILE:
            return names.forum_tile(str(value))
        if ask.get("kind") == FOUND_SITE_TILE and isinstance(value, (list, tuple)) and len(value) == 2:
            return names.site_tile(tuple(value))
        return super().answer_label(ask, value)

    def pad_screen(self, view: Mapping[str, Any], seat: int, *, cursor: int | None = None,
                   words: PadWords = PAD_ENGLISH) -> PadScreen:
        """The highlighted choice of seat's pad menu with its neighbour, or, off turn, whose turn it
        is and the seat's VP."""
        players = view_players(view)
        name = seat_name(players, seat)
        menu = pad_menu(view, seat)
        if menu:
            title = _(BONUS_TILE) if view.get("phase") == "consul" else words.turn_title
            return menu_screen(title.format(name=name), menu, cursor, view, self.label, words)
        me = seat_player(players, seat) or {}
        lines = (_(VP).format(vp=me["vp"]),) if "vp" in me else ()
        current = view.get("current")
        if view.get("phase") == "over":
            status = words.game_over
        elif isinstance(current, int) and current != seat and view.get("phase") == "turn":
            status = words.turn_of.format(name=seat_name(players, current))
        else:
            status = ""
        return PadScreen(title=name, result=lines, status=status)

    def status_screen(self, view: Mapping[str, Any], words: StatusWords = STATUS_ENGLISH) -> StatusScreen:
        """Season, round and the time track, and what the table does now; during a season's last
        turn the touchscreen's warning that scoring follows, so the table is not surprised."""
        screen = track_screen(self.title(), view, words, seasons=SEASONS, rounds=ROUNDS,
                              status=table_status(view, words))
        return dataclasses.replace(screen, notice=season_warning(view)) if season_warning(view) else screen
