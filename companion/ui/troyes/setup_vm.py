"""Troyes' set-up beyond the shared names and pads (`app.setup_vm`, `app.setup_pads`): each seat's
colour (the box's four, tap to take the next one no other seat has), the start player (drawn by
the app's seeded generator unless the table names one), and the tie-break (Troyes 2.4, U: a
setting), and how the character cards come to the players (digest 2.1: each seen only by its
owner): dealt by the app's seeded generator, or drawn from the box and each entered by its owner
on their own pad (a secret ask per seat); the rules decide whether the set-up is valid."""

from __future__ import annotations

from typing import Any

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.shell.seat_colours import fit_colours, next_colour
from companion.ui.text.i18n import _
from companion.ui.troyes import format as tfmt

TIE_BREAKS = ("shared", "deniers", "influence")
"""The rules' tie-break setting's values (`settings.TIE_BREAKS`), in the order a tap cycles them."""


class TroyesSetupModel(EventDispatcher):
    """`colours` per seat (the box's colour names), `start_player` (-1: the app draws one),
    `tie_break`, `deal` (the app deals the characters; False: each player enters theirs on their
    pad); `colour_labels`, `start_labels`, `tie_text`, `deal_text` in the current language."""

    colours = ListProperty([])
    colour_labels = ListProperty([])
    start_player = NumericProperty(-1)
    start_labels = ListProperty([])
    tie_break = StringProperty("shared")
    tie_text = StringProperty("")
    deal = BooleanProperty(True)
    deal_text = StringProperty("")
    #: The table's own card facts in force for the next game ("" when it plays the data's).
    facts_text = StringProperty("")

    def __init__(self, setup_vm: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.setup_vm = setup_vm
        setup_vm.bind(count=lambda *_: self._fit())
        self._fit()

    def _fit(self) -> None:
        count = int(self.setup_vm.count)
        colours = fit_colours(self.colours, count, tfmt.PLAYER_COLOURS)
        self.colours = colours
        if self.start_player >= count:
            self.start_player = -1
        self.relabel()

    def cycle_colour(self, seat: int) -> None:
        """The seat takes the next box colour no other seat has."""
        self.colours = next_colour(self.colours, seat, tfmt.PLAYER_COLOURS)
        self.relabel()

    def choose_start(self, seat: int) -> None:
        """This seat starts; tapped again, the app draws the start player."""
        self.start_player = -1 if self.start_player == seat else int(seat)
        self.relabel()

    def cycle_tie_break(self) -> None:
        self.tie_break = TIE_BREAKS[(TIE_BREAKS.index(self.tie_break) + 1) % len(TIE_BREAKS)]
        self.relabel()

    def toggle_deal(self) -> None:
        self.deal = not self.deal
        self.relabel()

    def relabel(self) -> None:
        self.colour_labels = [tfmt.seat_colour(c) for c in self.colours]
        self.start_labels = [_("Starts") if seat == self.start_player else _("Start?")
                             for seat in range(len(self.colours))]
        self.tie_text = _("Tie: {rule}").format(rule=tfmt.tie_break_name(self.tie_break))
        self.deal_text = _("Characters: by the app") if self.deal else _("Characters: own pads")

    def terms(self) -> dict[str, Any]:
        """What the set-up adds to the shared names: colours, the start player, the tie-break."""
        out: dict[str, Any] = {"colours": list(self.colours), "settings": {"tie_break": self.tie_break}}
        if self.start_player >= 0:
            out["start_player"] = int(self.start_player)
        if not self.deal:
            out["deal_characters"] = False
        return out
