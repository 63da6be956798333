"""Augustus on the pads' OLEDs and the table's status display (pure, no Kivy).

After each call every seat's pad shows the token called and walks the seat's legal placements
(the view's `players[i].choices`, the rules' own pad menu: − / + walk, OK places, the last entry
skips, a long press skips at once); a resolution's choices are on the chooser's pad; the crier's
pad draws (the app's bag). A seat with nothing to enter sees the call and its supply. The status
display shows the draw, the call and what the table waits for."""

from __future__ import annotations

from typing import Any, Mapping

from companion.presenters.game import GamePresenter
from companion.presenters.pad_screens import ENGLISH as PAD_ENGLISH
from companion.presenters.pad_screens import PadWords, menu_screen
from companion.presenters.view_fields import seat_name, seat_player, view_players
from companion.presenters.screens import PadScreen, StatusScreen
from companion.presenters.status_screens import ENGLISH as STATUS_ENGLISH
from companion.presenters.status_screens import StatusWords
from companion.ui.augustus import format as aw
from companion.ui.text.i18n import _


def pad_label(intent: Mapping[str, Any], view: Mapping[str, Any]) -> str:
    """A choice as the pad's bitmap font draws it (Latin-1 and CJK only: no arrow)."""
    return aw.choice_label(intent, view).replace("←", "<")


def call_line(view: Mapping[str, Any]) -> str:
    """The token called and how many of its kind remain ("Shield · 3 left"), or the draw to come."""
    token = aw.last_call(view)
    if not token:
        return _("Draw {n}").format(n=int(view.get("call") or 0) + 1)
    return _("{token} · {left} left").format(token=aw.token_name(token), left=(view.get("bag") or {}).get(token, 0))


def with_colours(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The view with each name followed by its seat's colour ("Bo (blue)"), for the monochrome
    status display, where a colour can only be a word."""
    players = [{**p, "name": _("{name} ({colour})").format(name=p["name"], colour=aw.colour_word(p["colour"]))}
               if p.get("colour") else p for p in view_players(view)]
    return {**view, "players": players}


class AugustusPresenter(GamePresenter):
    def answer_screen(self, view: Mapping[str, Any], seat: int, ask: Mapping[str, Any], *,
                      words: PadWords = PAD_ENGLISH) -> PadScreen:
        """A seat answering its step (`augustus.place` after a call, a resolution's choice): the
        call in the title, then its options as the pad's menu, the one its − / + reached first."""
        options = list(ask.get("options") or ())
        if ask.get("field") != "choice" or not options:
            return super().answer_screen(view, seat, ask, words=words)
        value = ask.get("value")
        cursor = options.index(value) if value in options else 0
        title = f"{seat_name(view_players(view), seat)} · {call_line(view)}"
        return menu_screen(title, options, cursor, view, pad_label, words)

    def pad_screen(self, view: Mapping[str, Any], seat: int, *, cursor: int | None = None,
                   words: PadWords = PAD_ENGLISH) -> PadScreen:
        """The call in the title, then the seat's menu (its highlighted choice and the next), or
        its supply and controlled objectives."""
        players = view_players(view)
        name = seat_name(players, seat)
        me = seat_player(players, seat) or {}
        menu = list(me.get("choices") or ())
        title = f"{name} · {call_line(view)}"
        if view.get("phase") == "over":
            return PadScreen(title=name, result=tuple(self._final(view, seat)), status=words.game_over)
        if menu:
            return menu_screen(title, menu, cursor, view, pad_label, words)
        lines = (_("Legions {n}").format(n=me.get("supply", 0)),
                 _("Controlled {n}").format(n=me.get("controlled_count", 0)))
        if me.get("colour"):  # which legions are the seat's, on a monochrome display
            lines = (_("Colour: {colour}").format(colour=aw.colour_word(me["colour"])),) + lines
        return PadScreen(title=title, result=lines, status=_("waiting for the others") if view.get("phase") == "place"
                         else "")

    def spoken_call(self, view: Mapping[str, Any]) -> tuple[Any, str] | None:
        """The token just drawn, by its name, once per call (its draw number)."""
        token = aw.last_call(view)
        if not token or view.get("phase") == "over":
            return None
        return (view.get("call"), aw.token_name(token))

    @staticmethod
    def _final(view: Mapping[str, Any], seat: int) -> list[str]:
        final = view.get("final") or {}
        for place, index in enumerate(final.get("order") or (), start=1):
            score = final["scores"][index]
            if score.get("seat") == seat:
                return [_("{vp} VP").format(vp=score.get("total", 0)), _("place {place}").format(place=place)]
        return []

    def status_screen(self, view: Mapping[str, Any], words: StatusWords = STATUS_ENGLISH) -> StatusScreen:
        """The game's name and the call, over what the table waits for."""
        if not view.get("players"):
            return StatusScreen()
        named = with_colours(view)
        return StatusScreen(title=f"{self.title()} · {call_line(view)}", status=aw.warning_text(named)
                            or aw.duty_text(named))
