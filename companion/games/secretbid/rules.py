"""Secret bid rules: decide (validate, never change) and apply (fold, never refuse).

Everything about the bids themselves is the core's (`companion.core.sealed`): this module seats
the table, opens each round for every seat with the standing limits, and keeps the results.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core import sealed, sealed_view
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.seating import check_names
from companion.core.values import evolve
from companion.games.secretbid import commands as c
from companion.games.secretbid import events as e
from companion.games.secretbid import view as v
from companion.games.secretbid.settings import DEFAULT, SecretBidSettings
from companion.games.secretbid.state import SecretBidState
from companion.core.results import FinalResult
from companion.games.secretbid import result


class SecretBidRules(sealed_view.SealedPads):
    """The secret bid as a `companion.core.Game`."""

    id = "secretbid"

    def final_result(self, state: SecretBidState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (secretbid/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES
    bid_rule = "secret bid input"
    _kept_public: tuple[SecretBidState, dict[str, Any], v.SecretBidView] | None = None

    def __init__(self, settings: SecretBidSettings = DEFAULT) -> None:
        self.settings = settings

    def initial_state(self) -> SecretBidState:
        return SecretBidState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return c.parse_command(name, args)

    def bid_round(self, state: SecretBidState) -> sealed.SealedRound | None:
        """The round the pads bid in: nothing before the seating or after the finish, so a press
        meant for the last round never opens the next one."""
        return None if state.finished or not state.is_set_up else state.round

    # -- decide ---------------------------------------------------------------------------------

    def _limits(self, limits: Sequence[int | None], count: int) -> tuple[int, ...]:
        """One limit per seat: none given means every seat may bid up to the largest bid."""
        top = self.settings.max_bid
        if not limits:
            return (top,) * count
        if len(limits) != count:
            raise IllegalCommand("secret bid setup", "Give one limit per player ({count}), or none.", count=count)
        out = tuple(top if limit is None else limit for limit in limits)
        for i, limit in enumerate(out):
            if not 0 <= limit <= top:
                raise IllegalCommand("secret bid setup", "Player {n}'s limit must be from 0 to {max}.", n=i + 1, max=top)
        return out

    def _open(self, state_step: int, unlocked: str, limits: tuple[int, ...]) -> sealed.RoundOpened:
        # Every seat bids in every round; ties are listed for the table, not broken (no tie order).
        return sealed.open_round(range(len(limits)), limits, step=state_step, unlocked=unlocked)

    def decide(self, state: SecretBidState, command: Command) -> Sequence[Event]:
        s = self.settings
        if isinstance(command, c.StartBids):
            if state.is_set_up:
                raise IllegalCommand("secret bid setup", "The players are already seated.")
            names = tuple(name.strip() for name in command.players)
            if not s.min_players <= len(names) <= s.max_players:
                raise IllegalCommand("secret bid setup", "A secret bid takes {min} to {max} players, not {count}.",
                                     min=s.min_players, max=s.max_players, count=len(names))
            check_names(names, "secret bid setup", s.max_name_length)
            if not 1 <= command.step <= s.max_step:
                raise IllegalCommand("secret bid setup", "One press changes a bid by 1 to {max}.", max=s.max_step)
            limits = self._limits(command.limits, len(names))
            opened = self._open(command.step, command.unlocked, limits)
            return [e.BidsStarted(names, limits, command.step, command.unlocked), opened]
        if not state.is_set_up:
            raise IllegalCommand("secret bid setup", "Seat the players first.")
        if state.finished:
            raise IllegalCommand("game over", "The game is finished.")
        if sealed.is_command(command):
            return sealed.decide(state.round, command)
        if isinstance(command, c.NewRound):
            if state.is_bidding:
                raise IllegalCommand("secret bid input", "Reveal this round's bids before starting another.")
            limits = state.limits if command.limits is None else self._limits(command.limits, len(state.players))
            return [self._open(state.step, state.unlocked, limits)]
        if isinstance(command, c.FinishBids):
            if state.is_bidding:
                raise IllegalCommand("secret bid input", "Reveal this round's bids before finishing.")
            return [e.BidsFinished()]
        raise IllegalCommand("secret bid input", "The secret bid does not know {name}.", name=type(command).__name__)

    # -- apply ----------------------------------------------------------------------------------

    def apply(self, state: SecretBidState, event: Event) -> SecretBidState:
        if isinstance(event, (sealed.BidChanged, sealed.BidLocked, sealed.BidUnlocked)):
            return evolve(state, round=sealed.apply(state.round, event))
        if isinstance(event, sealed.BidsRevealed):
            round_ = sealed.apply(state.round, event)
            assert round_.result is not None
            return evolve(state, round=round_, results=state.results + (round_.result,))
        if isinstance(event, sealed.RoundOpened):
            return evolve(state, round=sealed.apply(state.round, event), rounds=state.rounds + 1, limits=event.limits)
        if isinstance(event, e.BidsStarted):
            return SecretBidState(players=event.players, limits=event.limits, step=event.step, unlocked=event.unlocked)
        if isinstance(event, e.BidsFinished):
            return evolve(state, finished=True)
        raise TypeError(f"not a secret bid event: {event.kind}")

    # -- reading --------------------------------------------------------------------------------

    def view(self, state: SecretBidState, seat: int | None = None) -> v.SecretBidView:
        """Seat's view, or the public one, with the part every audience shares made once per state:
        after a press the table and each of the pads read the same state, and that part (every
        bidder, the round, the results) was most of each view's cost. A state is immutable and a
        view frozen, so what is kept with the state last asked about is that state's; it is kept
        with the state itself, so the identity check cannot match another state."""
        kept = self._kept_public
        if kept is None or kept[0] is not state:
            fields = v.public_fields(state)
            kept = self._kept_public = (state, fields, v.view(state, None, fields))
        return kept[2] if seat is None else v.view(state, seat, kept[1])

    def public_event(self, event: Event) -> dict[str, Any]:
        return v.public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return v.summary_text(public)

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        if isinstance(first, sealed.RoundOpened):
            return c.NewRound(first.limits)
        if isinstance(first, e.BidsFinished):
            return c.FinishBids()
        if isinstance(first, e.BidsStarted):
            return None
        return sealed_view.command_of(first)

    def is_finished(self, state: SecretBidState) -> bool:
        return state.finished


SECRETBID = SecretBidRules()
