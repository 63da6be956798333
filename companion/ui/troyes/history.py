"""Troyes' history lines, from public events only (`view.public_event`: no character card and no VP
total before the final reveal, which says everything). `TroyesUI.history_describer` is a fresh
`Describer`: the players' names come from `START_KIND`, the first event of a Troyes journal, and
so do the cards' and events' (its `names`: every card's and event's name per language, as the game
was set up), so a line names a card in the table's language, never by its id."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt

START_KIND = "troyes.setup"


def _dice(detail: Mapping[str, Any], players: Sequence[str]) -> str:
    """The dice a move names: (colour, face) of one's own, or (district, colour, face) from the square."""
    parts = []
    for die in detail.get("dice") or ():
        if len(die) == 3:
            parts.append(f"{tfmt.owner_mark(players, die[0])} {tfmt.die_text(str(die[1]), int(die[2]))}")
        elif len(die) == 2:
            parts.append(tfmt.die_text(str(die[0]), int(die[1])))
    if detail.get("die"):
        die = detail["die"]
        parts.append(tfmt.die_text(str(die[-2]), int(die[-1])))
    return _(", ").join(parts)


def _played(event: Mapping[str, Any], players: Sequence[str], names: Mapping[str, Any]) -> str:
    move, detail = str(event.get("move", "")), dict(event.get("detail") or {})
    who = tfmt.district_name(players, event.get("seat")) if event.get("seat") is not None else ""
    what = tfmt.move_name(move)
    if move == "throw":
        dice = tfmt.dice_words(detail.get("dice") or ())
        how = _("scanner") if detail.get("source") == "scanner" else _("by hand")
        return _("{district} threw {dice} ({how}).").format(
            district=tfmt.district_name(players, detail.get("district")), dice=dice, how=how)
    if move == "throw_black":
        return _("Black dice: {faces}.").format(faces=" ".join(str(f) for f in detail.get("dice") or ()))
    if move == "rerolled":
        return _("Rerolled die: {face}.").format(face=detail.get("face"))
    if move == "reveal_activity":
        return _("Activity card turned up: {card}.").format(card=tfmt.name_of(names, detail.get("card")))
    if move == "draw_event":
        return _("Event drawn: {event}.").format(event=tfmt.name_of(names, detail.get("event")))
    if move == "place_start":
        return _("{name}: starting citizen in the {building}.").format(
            name=who, building=tfmt.building_name(detail.get("building")))
    item = detail.get("card") or detail.get("event")
    target = tfmt.name_of(names, item) if item else ""
    dice = _dice(detail, players)
    parts = " ".join(p for p in (target, dice) if p)
    text = _("{name}: {move} {what}").format(name=who, move=what, what=parts).strip()
    if detail.get("cube"):
        text = _("{action} with a {card} cube").format(action=text, card=tfmt.name_of(names, detail["cube"]))
    return text


class Describer:
    """Troyes' describer for one history (`TroyesUI.history_describer`): `describe_event` with the
    card and event names of the history's own set-up event, remembered as it passes."""

    def __init__(self) -> None:
        self.names: Mapping[str, Any] = {}

    def __call__(self, event: Mapping[str, Any], players: Sequence[str]) -> str:
        if event.get("kind") == START_KIND:
            self.names = event.get("names") or {}
        return describe_event(event, players, self.names)


def describe_event(event: Mapping[str, Any], players: Sequence[str], names: Mapping[str, Any] | None = None) -> str:
    """One Troyes event as a history line (undo, redo and anything else: the generic line);
    `names`: every card's and event's name per language by id (the set-up event's), else ids."""
    names = names or {}
    kind = str(event.get("kind", ""))
    if kind == START_KIND:
        seated = [str(n) for n in event.get("players", ())]
        return _("Seated {players}; {name} starts.").format(
            players=fmt.join_names(seated), name=tfmt.district_name(seated, event.get("start_player", 0)))
    if kind == "troyes.characters":
        return _("{name} entered their character card.").format(name=tfmt.district_name(players, event.get("seat")))
    if kind == "troyes.played":
        return _played(event, players, names)
    if kind == "troyes.neutrals":
        return _("Grey citizens on the {count} spaces left.").format(count=len(event.get("spaces") or ()))
    if kind == "troyes.income":
        short = [tfmt.district_name(players, row[0]) for row in event.get("rows") or () if row[3]]
        text = _("Round {round}: income 10, wages paid.").format(round=event.get("round"))
        if short:
            text += " " + _("Short of wages: {names}.").format(names=fmt.join_names(short))
        return text
    if kind == "troyes.events":
        return _("Round {round}: the events take effect, {count} black dice.").format(
            round=event.get("round"), count=event.get("black", 0))
    if kind == "troyes.round_ended":
        return _("Round {round} ended: deniers collected, citizens and dice back.").format(round=event.get("round"))
    if kind == "troyes.game_ended":
        final = event.get("final") or {}
        totals = " · ".join(f"{p.get('name')}{fmt.NBSP}{p.get('total')}" for p in final.get("players") or ())
        return _("Final scoring: {totals}.").format(totals=totals)
    return fmt.format_event(event, players)
