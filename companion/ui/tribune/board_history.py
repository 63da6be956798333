"""The whole game's history lines (mode "full"), from public events only: a follower placed, the
answer to each region and take-over in the table's words (the rules journal what it answered:
`detail.duty`), a win declared, a correction, region VIII's laurels, the victory card in force.

A card bought in region VI stays its buyer's secret: the line says a card was bought, never which.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import _
from companion.ui.tribune import board_words as words

KINDS = ("tribune.whole_game", "tribune.played", "tribune.pairs_settled")


def describe(event: Mapping[str, Any], players: Sequence[str]) -> str:
    kind = str(event.get("kind", ""))
    if kind == "tribune.whole_game":
        return _("The whole game. Victory card: {card}.").format(card=words.threshold_text(_thresholds(event)))
    if kind == "tribune.pairs_settled":
        parts = [f"{words.name_of(players, seat)}{fmt.NBSP}{n}" for seat, n in event.get("laurels", ())]
        return _("Region VIII's laurels: {laurels}.").format(laurels=" · ".join(parts) or "—")
    detail = event.get("detail") or {}
    name = words.name_of(players, event.get("seat"))
    move = event.get("move")
    if move == "place":
        return _("{name}: a follower on {space}.").format(name=name, space=words.space_label(str(detail.get("space"))))
    if move == "declare":
        return _("{name} declared a win (it must still hold at the round's end).").format(name=name)
    if move == "adjust":
        line = _("{name}: {what} {delta} by hand.").format(name=name, what=_what(str(detail.get("what"))),
                                                          delta=f"{int(detail.get('delta', 0)):+d}")
        return f"{line} ({detail['reason']})" if detail.get("reason") else line
    return _answer(detail, name, players)


def _thresholds(event: Mapping[str, Any]) -> dict[str, Any]:
    """The event keeps the card flat (condition → threshold, needed, id): the view's shape."""
    victory = dict(event.get("victory") or {})
    return {"thresholds": {c: victory.get(c) for c in words.CONDITIONS}, "needed": victory.get("needed", 0)}


def _what(what: str) -> str:
    return {"laurels": _("Laurels"), "legions": _("Legions"), "favour": _("Favour"), "scrolls": _("Scrolls"),
            "tribunes": _("Tribune")}.get(what, what)


def _answer(detail: Mapping[str, Any], name: str, players: Sequence[str]) -> str:
    """A region's or a take-over's answer, said as what the player did."""
    duty, answer = str(detail.get("duty", "")), detail.get("answer")
    space = words.space_label(str(detail.get("space", "")))
    faction = words.faction_name(str(detail.get("faction", "")))
    if duty in ("region_i", "region_ii"):
        if answer is None:
            return _("{name} left the card at {space}.").format(name=name, space=space)
        return _("{name} paid {amount} for the card at {space}.").format(name=name, amount=answer, space=space)
    if duty == "region_iii" and isinstance(answer, Mapping):
        template = (_("{name} took {amount} denarii for the card at {space}.") if answer.get("take") == "money"
                    else _("{name} bought the card at {space} for {amount}."))
        return template.format(name=name, amount=answer.get("value", 0), space=space)
    if duty == "region_iv":
        if not isinstance(answer, Mapping):
            return _("{name} left region IV's cards.").format(name=name)
        return _("{name} took region IV's cards ({cards}), discarding {discard}.").format(
            name=name, cards=words.cards_text(answer.get("cards") or ()), discard=words.cards_text(answer.get("discard") or ()))
    if duty == "region_v_single":
        return (_("{name} paid 1 for two cards in region V.") if answer is True
                else _("{name} declined region V's cards.")).format(name=name)
    if duty == "region_vi":
        return (_("{name} bought a card at {space}.") if answer == "buy"
                else _("{name} looked at the cards at {space}.")).format(name=name, space=space)
    if duty == "region_vii":
        if not isinstance(answer, Mapping):
            return _("{name} took no favour in region VII.").format(name=name)
        return _("{name} discarded {card} for the favour of the gods.").format(
            name=name, card=words.card_text(str(answer.get("discard"))))
    if duty == "takeover":
        if not answer:
            return _("{name} passed on the {faction}.").format(name=name, faction=faction)
        return _("{name} played {cards} for the {faction}.").format(name=name, faction=faction,
                                                                    cards=words.cards_text(answer))
    if duty == "chariot_move":
        if answer == "stay":
            return _("{name} left the chariot where it is.").format(name=name)
        return _("{name} moved the chariot onto the {faction}.").format(name=name,
                                                                       faction=words.faction_name(str(answer)))
    if duty == "winner":
        if answer == "shared":
            return _("The table decided: the players who qualified share the win.")
        return _("The table decided: {name} wins.").format(name=words.name_of(players, answer))
    return _("The table answered: {answer}.").format(answer=answer)
