"""History lines for Tribune's whole game (mode "full"), from public events only: the set-up's
victory card, each follower placed, each answer to the round's questions (the event names the
duty it answered), a declared win, a correction by hand, region VIII's laurels. `history.py`
hands these events here; the bids' and the money's lines stay there."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import N_, _
from companion.ui.tribune import board_words as words

KINDS = ("tribune.whole_game", "tribune.played", "tribune.pairs_settled")

HELD_NAMES = {"laurels": N_("laurels"), "legions": N_("legions"), "favour": N_("favour"), "scrolls": N_("scrolls"),
              "tribunes": N_("tribune")}


def faction(name: Any) -> str:
    """The faction's name as the screen says it (`board_words`: one list of names for both)."""
    return words.faction_name(str(name))


def space_text(space: Any) -> str:
    """"the coin bowl", "region V, space 1", "a claim on the Vestals"."""
    space = str(space)
    if space == "bowl":
        return _("the coin bowl")
    if space.startswith("faction:"):
        return _("a claim on {faction}").format(faction=faction(space.split(":", 1)[1]))
    region, _dot, index = space.partition(".")
    return _("region {region}, space {n}").format(region=region, n=index)


def cards_text(cards: Any) -> str:
    """"vestals:3", "vestals:0" as "3", "leader" in a list: "leader · 3 · 5"."""
    values = []
    for card in cards or ():
        value = str(card).partition(":")[2] if isinstance(card, str) else str((card or {}).get("value", ""))
        values.append(_("leader") if value == "0" else value)
    return " · ".join(values)


def _resolve(event: Mapping[str, Any], name: str) -> str:
    detail = event.get("detail") or {}
    duty, answer = detail.get("duty", ""), detail.get("answer")
    region = str(detail.get("space", "")).partition(".")[0]
    if duty in ("region_i", "region_ii"):
        if answer is None:
            return _("{name} leaves the card in region {region}.").format(name=name, region=region)
        return _("{name} pays {amount} for the card in region {region}.").format(name=name, amount=answer, region=region)
    if duty == "region_iii" and isinstance(answer, Mapping):
        template = (_("{name} takes {amount} in region III.") if answer.get("take") == "money"
                    else _("{name} buys the card in region III for {amount}."))
        return template.format(name=name, amount=answer.get("value"))
    if duty == "region_iv":
        if not isinstance(answer, Mapping):
            return _("{name} does not take region IV's cards.").format(name=name)
        return _("{name} discards {cards} and takes region IV's cards.").format(
            name=name, cards=cards_text(answer.get("discard")))
    if duty == "region_v_single":
        return (_("{name} pays 1 for two cards in region V.") if answer is True
                else _("{name} leaves region V's cards.")).format(name=name)
    if duty == "region_vi":
        return {"buy": _("{name} buys a card in region VI."), "look": _("{name} pays to look in region VI."),
                }.get(answer, _("{name} looks in region VI and passes.")).format(name=name)
    if duty == "region_vii":
        if not isinstance(answer, Mapping):
            return _("{name} discards nothing in region VII.").format(name=name)
        return _("{name} discards a card of {faction}: the favour of the gods.").format(
            name=name, faction=faction(answer.get("revealed")))
    if duty == "takeover":
        if not answer:
            return _("{name} passes on {faction}.").format(name=name, faction=faction(detail.get("faction")))
        return _("{name} plays {cards} for {faction}.").format(name=name, cards=cards_text(answer),
                                                              faction=faction(detail.get("faction")))
    if duty == "chariot_move":
        if answer == "stay":
            return _("{name} leaves the chariot where it is.").format(name=name)
        return _("{name} moves the chariot onto {faction}.").format(name=name, faction=faction(answer))
    if duty == "winner":
        if answer == "shared":
            return _("The table decides: the qualifiers share the win.")
        return _("The table decides: {name} wins.").format(name=name if event.get("seat") is not None else str(answer))
    return _("{name} answers.").format(name=name)


def describe(event: Mapping[str, Any], players: Sequence[str], name_of: Callable[[Sequence[str], Any], str]) -> str:
    """One whole-game event as a history line."""
    kind = event.get("kind")
    if kind == "tribune.whole_game":
        card = event.get("victory") or {}
        conditions = " · ".join(f"{words.condition_name(c)}{fmt.NBSP}{card[c]}" for c in words.CONDITIONS
                                if card.get(c) is not None)
        return _("The whole game: {needed} of {conditions} win.").format(needed=card.get("needed", ""),
                                                                       conditions=conditions)
    if kind == "tribune.pairs_settled":
        gains = " · ".join(f"{name_of(players, seat)}{fmt.NBSP}+{n}" for seat, n in event.get("laurels", ()))
        return _("Region VIII's pairs: laurels {gains}.").format(gains=gains or "—")
    move, seat = event.get("move"), event.get("seat")
    name = name_of(players, seat) if seat is not None else ""
    detail = event.get("detail") or {}
    if move == "place":
        return _("{name} places a follower on {space}.").format(name=name, space=space_text(detail.get("space")))
    if move == "declare":
        return _("{name} declares a win: it must still hold at the round's end.").format(name=name)
    if move == "adjust":
        what = detail.get("what")
        return _("{name}: {what} {delta} by hand.").format(
            name=name, what=_(HELD_NAMES[what]) if what in HELD_NAMES else str(what),
            delta=f"{int(detail.get('delta', 0)):+d}")
    if move == "resolve":
        if detail.get("duty") == "winner" and isinstance(detail.get("answer"), int):
            name = name_of(players, detail["answer"])
            return _("The table decides: {name} wins.").format(name=name)
        return _resolve(event, name)
    return fmt.format_event(event, players)
