"""The time track panel: season, round and time on the ring, whose turn it is (in the mover's
colour), and the warning that this turn ends the round."""

from __future__ import annotations

from typing import Any, Mapping

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.ui.text.i18n import _
from companion.ui.trajan import format as tfmt
from companion.ui.trajan.markup import colour_rgba
from companion.ui.trajan.panels.unchanged import LastInputs


class TimeTrackViewModel(EventDispatcher):
    season = NumericProperty(1)
    round = NumericProperty(1)
    status_text = StringProperty("")
    season_text = StringProperty("")
    round_text = StringProperty("")
    time = NumericProperty(0)
    lap = NumericProperty(11)
    time_text = StringProperty("")
    round_ending = BooleanProperty(False)
    warning_text = StringProperty("")
    turn_text = StringProperty("")
    current_rgba = ListProperty([1, 1, 1, 1])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._inputs = LastInputs()

    def update(self, view: Mapping[str, Any]) -> None:
        """The ring and its lines from `view`; skipped when what they are made of is unchanged
        (a tap within a turn moves no time)."""
        current = view.get("current")
        player = view["players"][current] if isinstance(current, int) else None
        phase = view["phase"]
        if self._inputs.same(phase, view["season"], view["round"], view["lap"], view["time"],
                             bool(view.get("round_ending")), current,
                             (player["colour"], player["name"]) if player else None,
                             len(view.get("season_reports", ())), view.get("final") if phase == "over" else None):
            return
        self.season, self.round = int(view["season"]), int(view["round"])
        self.season_text = _("Season {n}/4").format(n=self.season)
        self.round_text = _("Round {n}/4").format(n=self.round)
        self.status_text = _("Season {season} · Round {round}").format(season=self.season, round=self.round)
        self.lap, self.time = int(view["lap"]), int(view["time"])
        self.time_text = _("Time {time}/{lap}").format(time=min(self.time, self.lap), lap=self.lap)
        self.round_ending = bool(view.get("round_ending"))
        # The fourth round's end is the season's: the table hears that scoring follows before the
        # tap that starts it, not after.
        if not self.round_ending:
            self.warning_text = ""
        elif self.round >= 4:
            self.warning_text = _("▲ This turn ends season {n}: scoring follows").format(n=self.season)
        else:
            self.warning_text = _("▲ This turn ends the round")
        self.current_rgba = colour_rgba(player["colour"]) if player else [1, 1, 1, 1]
        self.turn_text = self._turn_text(view, player)

    def _turn_text(self, view: Mapping[str, Any], player: Mapping[str, Any] | None) -> str:
        """Whose turn it is, or what the table does now; unchanged when neither (no mover)."""
        phase = view["phase"]
        if phase == "consul":
            return _("Season {n} is scored").format(n=len(view.get("season_reports", ())))
        if phase == "reveal":
            return _("Turn up a demand tile")
        if phase == "bonus_draw":
            return _("Bonus tiles for the senate")
        if phase == "over":
            return tfmt.winner_text(view.get("final") or {})
        if player:
            return _("{name}'s turn").format(name=player["name"])
        return self.turn_text
