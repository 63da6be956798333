"""The board as the table screen's Board panel words it, from the public view: the three buildings
with their citizens row by row, the activity cards with tradesmen and stored cubes, the raid and
the event queue with their cubes, and the cathedral's columns. Pure (no Kivy)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt


def card_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Every activity card's id → its name in the table's language: the view's `names` (every card
    of the game's data, turned up or not), and the cards on the table."""
    return {**_names(view), **{str(c["id"]): tfmt.local_name(c) for c in view.get("cards") or ()}}


def event_names(view: Mapping[str, Any]) -> dict[str, str]:
    """Every event's id → its name in the table's language, as `card_names`."""
    events = [view.get("raid") or {}, *(view.get("queue") or ())]
    return {**_names(view), **{str(e["id"]): tfmt.local_name(e) for e in events if e}}


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    names = view.get("names") or {}
    return {str(i): tfmt.name_of(names, i) for i in names}


def _owners(names: Sequence[str], owners: Sequence[Any]) -> str:
    return " ".join(tfmt.owner_mark(names, o) for o in owners) or "–"


def building_lines(view: Mapping[str, Any]) -> list[str]:
    """"Palace: 1 Ann · 2 grey · 3 –" row by row (a row's faces, then who sits there)."""
    names = tfmt.names_of(view)
    rows = view.get("rows") or {}
    out = []
    for building, spaces in (view.get("buildings") or {}).items():
        parts, index = [], 0
        for row in rows.get(building) or ():
            width = len(row)
            faces = "/".join(str(f) for f in row)
            parts.append(f"{faces} {_owners(names, spaces[index:index + width])}")
            index += width
        out.append(_("{building}: {rows}").format(building=tfmt.building_name(building), rows=" · ".join(parts)))
    return out


def card_lines(view: Mapping[str, Any]) -> list[str]:
    """"Archer (red, ÷2, cost 2): 3 Ann · 2 – · 1 –", with cubes stored on an hourglass card."""
    names = tfmt.names_of(view)
    out = []
    for card in view.get("cards") or ():
        spaces = " · ".join(f"{s['vp']} {tfmt.owner_mark(names, s['owner'])}" for s in card.get("spaces") or ())
        line = _("{card} ({colour}, ÷{divisor}, cost {cost}): {spaces}").format(
            card=tfmt.local_name(card), colour=tfmt.colour_word(str(card["colour"])), divisor=card["divisor"],
            cost=card["cost"], spaces=spaces or "–")
        stored = [f"{names[i]} {n}" for i, n in enumerate(card.get("stored") or ()) if n and i < len(names)]
        if stored:
            line += " · " + _("stored: {cubes}").format(cubes=", ".join(stored))
        if card.get("effect") is None:
            line += " · " + _("effect not entered")
        out.append(line)
    return out or [_("No activity card turned up yet.")]


def event_lines(view: Mapping[str, Any]) -> list[str]:
    """The raid first, then the queue left to right: colour, divisor, black dice, cubes by owner."""
    names = tfmt.names_of(view)
    out = []
    for event in [view.get("raid") or {}, *(view.get("queue") or ())]:
        if not event:
            continue
        cubes = _owners(names, event.get("cubes") or ())
        line = _("{event} ({colour}, ÷{divisor}, {flags} flags): {cubes}").format(
            event=tfmt.local_name(event), colour=tfmt.colour_word(str(event["colour"])), divisor=event["divisor"],
            flags=event["flags"], cubes=cubes)
        if event.get("military"):
            line += " · " + _("{count} black dice").format(count=event["military"])
        if event.get("lasting") and event.get("in_force"):
            line += " · " + lasting_text(event["lasting"])
        out.append(line)
    return out


def lasting_text(effect: Mapping[str, Any]) -> str:
    """An event's lasting effect in force, and for how long ("wages +1 per citizen in the Palace,
    while it is in the queue")."""
    kind = effect.get("kind")
    building = tfmt.building_name(effect.get("building", ""))
    if kind == "income":
        what = _("income {amount:+d} deniers").format(amount=int(effect.get("amount", 0)))
    elif kind == "wages":
        what = _("wages +{extra} per citizen in the {building}").format(extra=effect.get("extra"), building=building)
    elif kind == "no_dice":
        what = _("no dice from the {building}").format(building=building)
    else:
        what = _("dice bought +{extra} deniers each").format(extra=effect.get("extra"))
    rounds = effect.get("rounds")
    when = _("while it is in the queue") if rounds is None else _("for {rounds} round(s) from its draw").format(
        rounds=rounds)
    return _("{what}, {when}").format(what=what, when=when)


def cathedral_line(view: Mapping[str, Any]) -> str:
    """"1: Ann · 2: – · …": each column (a die's face) with its cubes bottom up."""
    names = tfmt.names_of(view)
    return " · ".join(f"{face}: {_owners(names, col)}" for face, col in enumerate(view.get("cathedral") or (), 1))


def board_sections(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The Board panel's sections, each a title and its lines."""
    return [
        {"title": _("Buildings"), "lines": building_lines(view)},
        {"title": _("Activity cards"), "lines": card_lines(view)},
        {"title": _("Events"), "lines": event_lines(view)},
        {"title": _("Cathedral"), "lines": [cathedral_line(view)]},
    ]
