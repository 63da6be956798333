"""The players panel: a card per player with VP, senate space and stack, the demand tiles held
(◆ the ones a Trajan tile pays, ◎ wildcards), the mover and the start player."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import ListProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import names
from companion.ui.trajan.markup import colour_rgba, demand_chip
from companion.ui.trajan.panels.unchanged import LastInputs

#: What a player's card is made of (`_row`): a change elsewhere in a player (the wheel, the hand)
#: leaves the cards as they are.
SHOWN = ("seat", "name", "colour", "vp", "demand_tiles", "trajan_demand", "wild_demand", "stack_position", "senate")


class PlayersViewModel(EventDispatcher):
    rows = ListProperty([])  # [{seat, name, rgba, vp_text, senate_text, demand_markup, is_current, is_start}]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._inputs = LastInputs()

    def update(self, view: Mapping[str, Any]) -> None:
        """A card per player; skipped while nothing a card shows changed."""
        shown = tuple(tuple(p.get(key) for key in SHOWN) for p in view["players"])
        if self._inputs.same(shown, view.get("current"), view["phase"], view.get("start_player")):
            return
        count = len(view["players"])
        self.rows = [self._row(view, p, count) for p in view["players"]]

    @staticmethod
    def _row(view: Mapping[str, Any], p: Mapping[str, Any], count: int) -> dict[str, Any]:
        held = p.get("demand_tiles", {})
        chips = []
        for d in names.DEMANDS:
            chip = f"{demand_chip(d)}{held.get(d, 0)}"
            if d in p.get("trajan_demand", ()):
                chip += "◆"
            chips.append(chip)
        if p.get("wild_demand"):
            chips.append(f"◎{p['wild_demand']}")
        stack = p.get("stack_position")
        senate = _("Senate {space}").format(space=p.get("senate", 0))
        if isinstance(stack, int):
            senate += " · " + _("stack {n}/{count}").format(n=stack + 1, count=count)
        return {
            "seat": int(p["seat"]), "name": str(p["name"]), "rgba": colour_rgba(p["colour"]),
            "vp_text": str(p["vp"]), "senate_text": senate, "demand_markup": " ".join(chips),
            "is_current": view.get("current") == p["seat"] and view["phase"] == "turn",
            "is_start": view.get("start_player") == p["seat"],
        }
