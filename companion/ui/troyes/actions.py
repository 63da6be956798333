"""The actions the chosen dice allow, as the table screen's buttons (S004 五: an action takes 1 to 3
dice of one colour): activate each card of that colour, the cathedral (white), fight each event of
that colour, agriculture (yellow), a citizen into the die's building (one die); on one's own dice
a flip or a reroll (influence); countering a black die with one's own dice; pass. Each button
carries the intent it posts, built from the public view; the rules check it (a price unpaid, a
card without its effect entered are refused naming their rule). At most 4 taps: the dice, the
action (the die fixes the cathedral column and the building row)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.session import Intent
from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt

GROUP_MAX = 3


def _button(text: str, wid: str, name: str, args: Mapping[str, Any]) -> dict[str, Any]:
    return {"text": text, "wid": f"troyes.action.{wid}", "intent": Intent(name, dict(args), automatic=True)}


def _source(me: Mapping[str, Any]) -> str:
    """A new citizen comes from the supply, or (supply empty) is recruited for 2 influence."""
    return "supply" if int(me.get("supply", 0)) > 0 else "recruit"


def action_buttons(view: Mapping[str, Any], dice: Sequence[Sequence[Any]]) -> list[dict[str, Any]]:
    """Buttons for the mover's turn (`view["phase"]` "actions") or their countering ("counter")."""
    seat = view.get("current")
    players = view.get("players") or ()
    if not isinstance(seat, int) or not 0 <= seat < len(players):
        return []
    me = players[seat]
    chosen = [list(d) for d in dice]
    own = [[str(c), int(f)] for d, c, f in chosen if d == seat]
    out: list[dict[str, Any]] = []
    if view.get("phase") == "counter":
        black = list(view.get("black") or ())
        if own and len(own) == len(chosen) and black:
            out.append(_button(_("Counter the black {face}").format(face=black[0]), "counter", "counter",
                               {"dice": own, "black": [black[0]]}))
        out += _own_dice(own, chosen)
        out.append(_button(_("Don't counter (−2 VP)"), "no_counter", "no_counter", {}))
        return out
    colours = {str(d[1]) for d in chosen}
    if chosen and len(colours) == 1 and len(chosen) <= GROUP_MAX:
        colour = colours.pop()
        for card in view.get("cards") or ():
            if card.get("colour") != colour:
                continue
            args: dict[str, Any] = {"card": card["id"], "dice": chosen}
            mine = any(s.get("owner") == seat for s in card.get("spaces") or ()) or seat in (card.get("extra") or ())
            if not mine:
                args["citizen"] = _source(me)
            out.append(_button(_("Activate {card}").format(card=card["name"]), f"activate.{card['id']}", "activate", args))
        if colour == "white":
            out.append(_button(_("Cathedral"), "cathedral", "cathedral", {"dice": chosen}))
        for event in [view.get("raid") or {}, *(view.get("queue") or ())]:
            if event and event.get("colour") == colour:
                out.append(_button(_("Fight {event}").format(event=event["name"]), f"fight.{event['id']}", "fight",
                                   {"event": event["id"], "dice": chosen}))
        if colour == "yellow":
            out.append(_button(_("Agriculture"), "agriculture", "agriculture", {"dice": chosen}))
        if len(chosen) == 1:
            building = {"red": "palace", "white": "bishopric", "yellow": "city_hall"}.get(colour, "")
            out.append(_button(_("Citizen into the {building}").format(building=tfmt.building_name(building)),
                               "place", "place", {"die": chosen[0], "citizen": _source(me)}))
    out += _own_dice(own, chosen)
    out.append(_button(_("Pass"), "pass", "pass", {}))
    return out


def _own_dice(own: list[list[Any]], chosen: list[list[Any]]) -> list[dict[str, Any]]:
    """Influence on one's own dice (digest 2.3): a flip (7 − face) or a reroll (one die)."""
    if not own or len(own) != len(chosen):
        return []
    out = [_button(_("Flip (7 − face)"), "flip", "flip", {"dice": own})]
    if len(own) == 1:
        out.append(_button(_("Reroll"), "reroll", "reroll", {"die": own[0]}))
    return out
