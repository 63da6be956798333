"""The seaport's card composer: the rules can only guess the cards a player plays or ships (hands
are secret to the app), so the player names the real ones (and, shipping, the ship) and the
seaport action is posted with them; the rules refuse what does not fit, and the composer stays
open with the reason shown."""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, DictProperty, ListProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import names
from companion.ui.trajan.panels.host import TableHost


def _card_name(card: str) -> str:
    return names.commodity(card) if card != "wild" else _("Wildcard")


class CardsViewModel(EventDispatcher):
    entry = DictProperty({})  # {kind: play|ship, ship, cards: [...]} while open
    summary = StringProperty("")
    kind = StringProperty("")  # "play", "ship" or "" (closed)
    can_confirm = BooleanProperty(False)
    card_buttons = ListProperty([])  # [{wid, text, card, enabled, selected}]
    ship_buttons = ListProperty([])  # [{wid, text, ship, selected}]

    def __init__(self, table: TableHost, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._table = table

    def open(self, kind: str) -> None:
        self.entry = {"kind": kind, "ship": None, "cards": []}
        self.relabel()

    def add(self, card: str) -> None:
        if self.entry:
            self.entry = {**self.entry, "cards": list(self.entry["cards"]) + [card]}
            self.relabel()

    def choose_ship(self, ship: str) -> None:
        if self.entry:
            self.entry = {**self.entry, "ship": ship}
            self.relabel()

    def clear(self) -> None:
        if self.entry:
            self.entry = {**self.entry, "cards": []}
            self.relabel()

    def cancel(self) -> None:
        """Closed by the player: a refusal shown for the shipment no longer applies."""
        self.entry = {}
        self.relabel()
        self._table.drop_refusal()

    def close(self) -> None:
        """The turn went on past the seaport: the composer closes."""
        if self.entry:
            self.entry = {}
            self.relabel()

    @property
    def is_ready(self) -> bool:
        entry = self.entry
        return bool(entry and entry["cards"] and (entry["kind"] == "play" or entry.get("ship")))

    def confirm(self) -> None:
        """Posts the seaport action with the named cards; a refusal keeps the composer open."""
        if not self.is_ready:
            return
        entry = self.entry
        args = {"kind": entry["kind"], "cards": list(entry["cards"]), "ship": entry.get("ship")}
        before = self._table.step
        self._table.play({"name": "seaport", "args": args})
        if self._table.step == before:  # refused: the composer stays open with the reason
            return
        self.entry = {}
        self.relabel()

    def relabel(self) -> None:
        entry = self.entry
        self.kind = str(entry.get("kind", "")) if entry else ""
        self.can_confirm = self.is_ready
        if not entry:
            return
        counts: dict[str, int] = {}
        for card in entry["cards"]:
            counts[card] = counts.get(card, 0) + 1
        cards = list(names.COMMODITIES) + (["wild"] if entry["kind"] == "ship" else [])
        self.card_buttons = [
            {"wid": f"trajan.cards.{card}", "card": card, "enabled": True,
             "text": _card_name(card) + (f" ×{counts[card]}" if counts.get(card) else ""),
             "selected": bool(counts.get(card))}
            for card in cards
        ]
        self.ship_buttons = [{"wid": f"trajan.cards.ship.{ship}", "ship": ship, "text": names.ship(ship),
                              "selected": entry.get("ship") == ship} for ship in names.SHIPS]
        shown = " + ".join(_card_name(c) for c in entry["cards"]) or "—"
        if entry["kind"] == "play":
            self.summary = _("Play to the display (1 or 2 cards): {cards}").format(cards=shown)
        else:
            ship = names.ship(entry["ship"]) if entry.get("ship") else _("choose a ship")
            self.summary = _("{ship}: {cards}").format(ship=ship, cards=shown)
