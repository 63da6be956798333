"""The demands and senate panel: the people's demands turned up this season (three slots, empty
ones shown as "—") and the bonus tiles lying beside the senate."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import ListProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import names
from companion.ui.trajan.markup import demand_chip
from companion.ui.trajan.panels.unchanged import LastInputs

DEMAND_SLOTS = 3


class DemandsViewModel(EventDispatcher):
    slots = ListProperty([])  # [{text, markup, filled}] × 3 (more, should a season turn up more)
    title = StringProperty("")
    senate_bonus = ListProperty([])  # [{tile, text}]
    bonus_title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._inputs = LastInputs()

    def update(self, view: Mapping[str, Any]) -> None:
        """The slots and the senate's tiles; skipped while neither changed (all but a few taps)."""
        if self._inputs.same(view.get("demands", ()), view.get("senate_bonus", ())):
            return
        revealed = list(view.get("demands", ()))
        self.title = _("Demands")
        self.slots = [
            {"filled": i < len(revealed), "text": names.demand(revealed[i]) if i < len(revealed) else "",
             "markup": (demand_chip(revealed[i]) + " " + names.demand(revealed[i])) if i < len(revealed) else "—"}
            for i in range(max(DEMAND_SLOTS, len(revealed)))
        ]
        self.bonus_title = _("Beside the senate")
        self.senate_bonus = [{"tile": t, "text": names.bonus_tile(t)} for t in view.get("senate_bonus", ())]
