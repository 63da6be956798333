"""What a Troyes table's pads and status display show: `TroyesPresenter`. Pure (no Kivy).

A pad gets its own seat's view (`Session.seat_view(seat)`): the public view plus `me`, that seat's
VP and character card(s), the only place either exists before the final reveal (digest 2.1). So
the pad shows its owner's VP and character(s), and what the table waits for; the status display
gets the public view and shows the round, the phase and whose move it is, never a VP.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.presenters.game import GamePresenter
from companion.presenters.pad_screens import ENGLISH as PAD_ENGLISH
from companion.presenters.pad_screens import PadWords
from companion.presenters.screens import PadScreen, StatusScreen
from companion.presenters.status_screens import ENGLISH as STATUS_ENGLISH
from companion.presenters.status_screens import StatusWords
from companion.presenters.view_fields import seat_name, view_players, whole_number
from companion.ui.text.i18n import N_, _

VP = N_("{vp} VP")
CHARACTER = N_("Character: {name}")
FINAL = N_("{vp} VP · place {place}")


def _mine(view: Mapping[str, Any], seat: int) -> Mapping[str, Any] | None:
    """The seat's secrets, only when the view says they are this seat's (a view handed to the
    wrong pad shows nothing secret)."""
    me = view.get("me")
    return me if isinstance(me, Mapping) and me.get("seat") == seat else None


def tfmt_character(names: Mapping[str, Any], cid: str) -> str:
    """A character card's name in the table's language, from the ask's names (id → name per
    language; the id when the data names none)."""
    from companion.ui.troyes import format as tfmt

    named = names.get(cid) or {}
    return tfmt.local_name({"names": named, "name": named.get("en"), "id": cid}) if isinstance(named, Mapping) else cid


def status_text(view: Mapping[str, Any], turn_of: str, game_over: str) -> str:
    """What the table does now: whose move, or the question it answers (public). `turn_of`,
    `game_over`: the pad's or the status display's own words for those."""
    from companion.ui.troyes import format as tfmt

    phase = view.get("phase")
    players = view_players(view)
    if phase == "over":
        return game_over
    ask = view.get("ask")
    if isinstance(ask, Mapping) and ask.get("kind") == "troyes.throw":
        about = ask.get("about") or {}
        return _("{district} throws").format(district=tfmt.district_name(tfmt.names_of(view), about.get("district")))
    if phase in ("actions", "counter") and whole_number(view.get("current")) is not None:
        return turn_of.format(name=seat_name(players, view["current"]))
    return tfmt.phase_name(phase)


class TroyesPresenter(GamePresenter):
    """Troyes' pads (the seat's VP and character cards) and status display (round and phase)."""

    def pad_screen(self, view: Mapping[str, Any], seat: int, *, cursor: int | None = None,
                   words: PadWords = PAD_ENGLISH) -> PadScreen:
        players = view_players(view)
        name = seat_name(players, seat)
        final = view.get("final")
        if isinstance(final, Mapping) and final.get("players"):
            ranking = list(final.get("ranking") or ())
            mine = next((p for p in final["players"] if p.get("seat") == seat), None)
            if mine is not None:
                place = ranking.index(mine.get("name")) + 1 if mine.get("name") in ranking else 0
                return PadScreen(title=name, result=(_(FINAL).format(vp=mine.get("total", 0), place=place),),
                                 status=words.game_over)
        me = _mine(view, seat)
        lines: tuple[str, ...] = ()
        if me is not None:
            from companion.ui.troyes import format as tfmt

            lines = (_(VP).format(vp=me.get("vp", 0)),) + tuple(
                _(CHARACTER).format(name=tfmt.local_name(c)) for c in me.get("characters") or ())
        return PadScreen(title=name, result=lines, status=status_text(view, words.turn_of, words.game_over))

    def question(self, ask: Mapping[str, Any]) -> str:
        if ask.get("kind") == "troyes.characters":
            return _("Your character card(s)")
        return super().question(ask)

    def answer_label(self, ask: Mapping[str, Any], value: Any) -> str:
        """A set of character cards by their names ("Urbain IV + Henri Ier"), on the seat's own pad only."""
        if ask.get("kind") == "troyes.characters" and isinstance(value, (list, tuple)):
            names = (ask.get("about") or {}).get("names") or {}
            return " + ".join(tfmt_character(names, str(cid)) for cid in value)
        return super().answer_label(ask, value)

    def status_line(self, view: Mapping[str, Any], words: StatusWords = STATUS_ENGLISH) -> str:
        return status_text(view, words.turn_of, words.game_over)
