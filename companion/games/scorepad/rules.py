"""Score pad rules: decide (validate, never change) and apply (fold, never refuse)."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.game import Game
from companion.core.rng import SeededRandom
from companion.core.seating import check_names
from companion.core.values import evolve
from companion.games.scorepad import commands as c
from companion.games.scorepad import events as e
from companion.games.scorepad import view as v
from companion.games.scorepad.settings import DEFAULT, ScorepadSettings
from companion.games.scorepad.state import PadState
from companion.core.results import FinalResult
from companion.games.scorepad import result


class ScorepadRules(Game):
    """The score pad as a `companion.core.Game`."""

    id = "scorepad"

    def final_result(self, state: PadState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (scorepad/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES

    def __init__(self, settings: ScorepadSettings = DEFAULT) -> None:
        self.settings = settings

    def initial_state(self) -> PadState:
        return PadState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return c.parse_command(name, args)

    def command_for_button(self, state: PadState, seat: int, key: str) -> Command | None:
        return c.command_for_button(seat, key) if state.is_set_up and seat < len(state.players) else None

    def decide(self, state: PadState, command: Command) -> Sequence[Event]:
        s = self.settings
        if isinstance(command, c.StartPad):
            if state.is_set_up:
                raise IllegalCommand("score pad setup", "The players are already seated.")
            names = tuple(name.strip() for name in command.players)
            if not 1 <= len(names) <= s.max_players:
                raise IllegalCommand("score pad setup", "A score pad takes 1 to {max} players, not {count}.", max=s.max_players, count=len(names))
            check_names(names, "score pad setup", s.max_name_length)
            start, rng = SeededRandom.from_seed(command.seed).below(len(names))
            return [e.PadStarted(names, start, rng.state)]
        if not state.is_set_up:
            raise IllegalCommand("score pad setup", "Seat the players first.")
        if state.finished:
            raise IllegalCommand("game over", "The game is finished.")
        if isinstance(command, c.AddPoints):
            if not 0 <= command.seat < len(state.players):
                raise IllegalCommand("score pad input", "There is no seat {n}.", n=command.seat + 1)
            if command.points == 0:
                raise IllegalCommand("score pad input", "An entry of 0 points changes nothing.")
            if abs(command.points) > s.max_entry:
                raise IllegalCommand("score pad input", "One entry is at most {max} points either way.", max=s.max_entry)
            return [e.PointsAdded(command.seat, command.points)]
        if isinstance(command, c.FinishPad):
            return [e.PadFinished()]
        raise IllegalCommand("score pad input", "The score pad does not know {name}.", name=type(command).__name__)

    def apply(self, state: PadState, event: Event) -> PadState:
        if isinstance(event, e.PointsAdded):
            scores = list(state.scores)
            scores[event.seat] += event.points
            # evolve, not dataclasses.replace: this runs once per event at every start-up.
            return evolve(state, scores=tuple(scores), entries=state.entries + 1)
        if isinstance(event, e.PadStarted):
            return PadState(players=event.players, scores=(0,) * len(event.players),
                            start_player=event.start_player, rng=SeededRandom(event.rng_state))
        if isinstance(event, e.PadFinished):
            return dataclasses.replace(state, finished=True)
        raise TypeError(f"not a score pad event: {event!r}")

    def view(self, state: PadState, seat: int | None = None) -> v.ScorePadView:
        return v.view(state, seat)

    def public_event(self, event: Event) -> dict[str, Any]:
        return v.public_event(event)

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        if isinstance(first, e.PointsAdded):
            return c.AddPoints(first.seat, first.points)
        if isinstance(first, e.PadFinished):
            return c.FinishPad()
        return None

    def is_finished(self, state: PadState) -> bool:
        return state.finished


SCOREPAD = ScorepadRules()
