"""Augustus rules: `decide` validates a command by folding its event through the rules (moves.run
refuses what the rules refuse; the steps the rules take by themselves are folded with it);
`apply` folds an event through the same functions, and a journaled event is never refused."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core.asks import Ask
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.game import Game
from companion.core.views import GameView
from companion.games.augustus import commands as c
from companion.games.augustus import events as e
from companion.games.augustus import moves
from companion.games.augustus.parse import parse_command
from companion.games.augustus.parts import bag, setup
from companion.games.augustus.parts.choices import seat_asks, seat_choices
from companion.games.augustus.state import AugustusState
from companion.games.augustus.view import ask_of, public_event, summary_text, view
from companion.core.results import FinalResult
from companion.games.augustus import result
from companion.games.bgg import entry as bgg_entry


class AugustusRules(Game):
    """Augustus as a `companion.core.Game`. Its pads walk a menu (`pad_choices`): the crier's OK
    draws, after a call each seat's − / + walk its legal placements and OK places (skipping is
    the menu's last entry), and a resolution's choices are on the chooser's pad."""

    id = "augustus"
    bgg = bgg_entry("augustus")

    def final_result(self, state: AugustusState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (augustus/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES
    pad_menu = True
    _kept_view: tuple[AugustusState, GameView] | None = None

    def initial_state(self) -> AugustusState:
        return AugustusState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return parse_command(name, args)

    def decide(self, state: AugustusState, command: Command) -> Sequence[Event]:
        if isinstance(command, c.SetupAugustus):
            if state.phase != "setup":
                raise IllegalCommand(setup.RULE, "The game is already set up.")
            return [setup.deal(command)]
        if state.phase == "setup":
            raise IllegalCommand(setup.RULE, "Set up the game first.")
        if state.phase == "over":
            raise IllegalCommand("game over", "The game is finished.")
        if not isinstance(command, c.Move):
            raise IllegalCommand(moves.TURN, "That is not an Augustus step.")
        if isinstance(command, c.Draw) and state.settings.bag == "app":
            if command.token is not None:
                bag.refuse_entered()
            token, _ = bag.draw(state.bag, state.rng)
            command = c.Draw(token, "app")
        event = e.Played(c.seat_of(command), command.move, c.detail(command))
        self.apply(state, event)  # the rules refuse here, before anything is journaled
        return [event]

    def apply(self, state: AugustusState, event: Event) -> AugustusState:
        if isinstance(event, e.Played):
            return moves.run(state, c.from_detail(event.move, event.detail))
        if isinstance(event, e.AugustusSetUp):
            return setup.initial_state(event)
        raise TypeError(f"not an Augustus event: {event!r}")

    def view(self, state: AugustusState, seat: int | None = None) -> GameView:
        """The public view, whatever the seat (nothing in Augustus is secret), made once per state:
        after a call the table and all six pads read the same state, and building its view (every
        seat's legal placements as intents) is the costliest part of showing the call. A state is
        immutable and a view frozen, so the one kept for the state last asked about is that state's
        view; it is kept with the state itself, so the identity check cannot match another state."""
        kept = self._kept_view
        if kept is not None and kept[0] is state:
            return kept[1]
        made = view(state, seat)
        self._kept_view = (state, made)
        return made

    def public_event(self, event: Event) -> dict[str, Any]:
        return public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return summary_text(public)

    def is_finished(self, state: AugustusState) -> bool:
        return state.phase == "over"

    def command_of(self, events: Sequence[Event]) -> Command | None:
        first = events[0]
        if isinstance(first, e.Played):
            command = c.from_detail(first.move, first.detail)
            # a step is entered again as it was asked for: the app's bag draws afresh
            return c.Draw() if isinstance(command, c.Draw) and command.source == "app" else command
        return None

    # -- asks and pads --------------------------------------------------------------------------

    def asks(self, state: AugustusState) -> tuple[Ask, ...]:
        """What the table waits for: the physical bag's token and a reward tile's VP (the table's,
        `who` None: the view's `ask`), and each seat's step after a call or in a resolution (that
        seat's, which its pad answers: `parts.choices.seat_asks`)."""
        table = ask_of(state)
        return ((table,) if table is not None else ()) + seat_asks(state)

    def pad_choices(self, state: AugustusState, seat: int) -> Sequence[Command]:
        """What `seat` may enter from its pad now: the crier's draw (app's bag), this call's
        legal placements then a skip, a mobilisation's placements then a skip, the number reward
        (claim, skip), a victim's objectives, the tied players to give gold or wheat to."""
        return seat_choices(state, seat)

    def command_for_button(self, state: AugustusState, seat: int, key: str) -> Command | None:
        """A long press of OK skips: this call's placement, the rest of a mobilisation, the number
        tile on offer (the menu's last entry, without walking to it)."""
        if key != "ok_long":
            return None
        choices = self.pad_choices(state, seat)
        return choices[-1] if choices and isinstance(choices[-1], c.Skip) else None

    has_calculator = True

    def score_snapshot(self, data: Any) -> Mapping[str, Any]:
        """docs/augustus-snapshot.md: the game's end from what each player holds."""
        from companion.games.augustus.snapshot import score_snapshot

        return score_snapshot(data)

    def format_scores(self, result: Mapping[str, Any]) -> str:
        from companion.games.augustus.snapshot import format_scores

        return format_scores(result) + "\n"


AUGUSTUS = AugustusRules()
