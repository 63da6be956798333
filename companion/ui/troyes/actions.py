"""The actions the chosen dice allow, as the table screen's buttons (S004 五: an action takes 1 to 3
dice of one colour): activate each card of that colour, the cathedral (white), fight each event of
that colour, agriculture (yellow), a citizen into the die's building (one die); on one's own dice
a flip or a reroll (influence); countering a black die with one's own dice; pass. A stored cube
(hourglass card) the group may use adds its own buttons ("… with a Blacksmith cube"): the actions
the group may take once the cube changed it (the Apprenticeship lets a group of several colours act
as any colour); the Archer is one button per event it may put its cubes on. Each button
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
    if chosen and len(chosen) <= GROUP_MAX:
        if len(colours) == 1:
            out += _group_actions(view, seat, me, chosen, next(iter(colours)), None)
        for card, acts_as in _cubes(view, seat, chosen, colours):
            for colour in acts_as:
                out += _group_actions(view, seat, me, chosen, colour, card)
    out += _own_dice(own, chosen)
    out.append(_button(_("Pass"), "pass", "pass", {}))
    return out


def _cubes(view: Mapping[str, Any], seat: int, chosen: list[list[Any]],
           colours: set[str]) -> list[tuple[Mapping[str, Any], tuple[str, ...]]]:
    """The mover's stored cubes (hourglass cards, S004 行动一) this group may use, each with the
    colours of the actions it may then take: one colour, or any for a group of several colours
    that a cube allows (the Apprenticeship: faces, mixed)."""
    out = []
    for card in view.get("cards") or ():
        stored = card.get("stored") or ()
        effect = card.get("effect") or {}
        if not card.get("hourglass") or seat >= len(stored) or int(stored[seat]) < 1 or not effect:
            continue
        kind = effect.get("kind")
        if len(colours) > 1:
            if kind == "faces" and effect.get("mixed"):
                out.append((card, ("red", "white", "yellow")))
            continue
        colour = next(iter(colours))
        needs = effect.get("colour") if kind in ("group_bonus", "die_bonus", "free_dice") else (
            effect.get("from") if kind in ("colour_as", "split") else None)
        if needs is not None and needs != colour:
            continue
        if kind == "split" and len(chosen) != 1:
            continue
        acts = str(effect.get("to")) if kind in ("colour_as", "split") else colour
        out.append((card, (acts,)))
    return out


def _group_actions(view: Mapping[str, Any], seat: int, me: Mapping[str, Any], chosen: list[list[Any]], colour: str,
                   cube: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """What a group acting as `colour` may do (with a stored cube from `cube`, when given): activate
    each card of that colour (the Archer once per event it may put its cubes on), the cathedral,
    fight each event of that colour, agriculture; one die without a cube, a citizen."""
    out: list[dict[str, Any]] = []
    extra: dict[str, Any] = {"cube": cube["id"]} if cube is not None else {}
    suffix = "" if cube is None else "." + str(cube["id"])

    def label(text: str) -> str:
        return text if cube is None else _("{action} with a {card} cube").format(action=text, card=tfmt.local_name(cube))

    events = [e for e in [view.get("raid") or {}, *(view.get("queue") or ())] if e]
    for card in view.get("cards") or ():
        if card.get("colour") != colour:
            continue
        args: dict[str, Any] = {"card": card["id"], "dice": chosen, **extra}
        mine = any(s.get("owner") == seat for s in card.get("spaces") or ()) or seat in (card.get("extra") or ())
        if not mine:
            args["citizen"] = _source(me)
        if (card.get("effect") or {}).get("kind") == "event_cubes":
            for event in events:
                out.append(_button(label(_("Activate {card}: {event}").format(card=tfmt.local_name(card), event=tfmt.local_name(event))),
                                   f"activate.{card['id']}.{event['id']}{suffix}", "activate",
                                   {**args, "choices": [event["id"]]}))
            continue
        out.append(_button(label(_("Activate {card}").format(card=tfmt.local_name(card))), f"activate.{card['id']}{suffix}",
                           "activate", args))
    if colour == "white":
        out.append(_button(label(_("Cathedral")), f"cathedral{suffix}", "cathedral", {"dice": chosen, **extra}))
    for event in events:
        if event.get("colour") == colour:
            out.append(_button(label(_("Fight {event}").format(event=tfmt.local_name(event))), f"fight.{event['id']}{suffix}",
                               "fight", {"event": event["id"], "dice": chosen, **extra}))
    if colour == "yellow":
        out.append(_button(label(_("Agriculture")), f"agriculture{suffix}", "agriculture", {"dice": chosen, **extra}))
    if len(chosen) == 1 and cube is None:
        building = {"red": "palace", "white": "bishopric", "yellow": "city_hall"}.get(colour, "")
        out.append(_button(_("Citizen into the {building}").format(building=tfmt.building_name(building)),
                           "place", "place", {"die": chosen[0], "citizen": _source(me)}))
    return out


def _own_dice(own: list[list[Any]], chosen: list[list[Any]]) -> list[dict[str, Any]]:
    """Influence on one's own dice (digest 2.3): a flip (7 − face) or a reroll (one die)."""
    if not own or len(own) != len(chosen):
        return []
    out = [_button(_("Flip (7 − face)"), "flip", "flip", {"dice": own})]
    if len(own) == 1:
        out.append(_button(_("Reroll"), "reroll", "reroll", {"die": own[0]}))
    return out
