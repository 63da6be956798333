"""Trajan rules: `decide` validates a command and says what happens (drawing what must be drawn);
`apply` folds an event into the state and never refuses. Both use the same pure functions from
wheel, timetrack, tiles, actions and scoring, so a refused command and a replayed event can never
disagree about the rules.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, Sequence

from companion.core.asks import AnswerNeeded, Ask
from companion.core.errors import IllegalCommand
from companion.core.events import Command, Event
from companion.core.game import AutomaticStep, Game
from companion.core.rng import SeededRandom
from companion.core.values import evolve
from companion.core.views import GameView
from companion.games.trajan import actions, flow, scoring, tiles, timetrack, wheel
from companion.games.trajan import commands as c
from companion.games.trajan import events as e
from companion.games.trajan import rules_data as R
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.parse import intent_of, parse_command
from companion.games.trajan.setup import deal, initial_state
from companion.games.trajan.state import TrajanState, TurnState, bag_remove
from companion.games.trajan.view import public_event, summary_text, view
from companion.core.results import FinalResult
from companion.games.trajan import result
from companion.games.bgg import entry as bgg_entry

TURN = "Trajan 1.2 turn"
BONUS = "Trajan 1.11 bonus tiles"
#: What the table is asked when it draws Trajan tiles itself: the tile drawn from the stack.
DRAWN_TRAJAN_TILE = "trajan.drawn_tile"
_ACTION_COMMANDS: dict[type, str] = {
    c.Seaport: "seaport", c.Forum: "forum", c.Military: "military", c.Senate: "senate",
    c.TrajanAction: "trajan", c.Construction: "construction",
}


#: Command fields added after games were journaled: left out of an event's detail while unset, so
#: the events of a game played without them stay as they were written.
_LATER_FIELDS = frozenset({"found"})


def _detail(command: Command) -> dict[str, Any]:
    return {f.name: getattr(command, f.name) for f in dataclasses.fields(command)
            if not (f.name in _LATER_FIELDS and getattr(command, f.name) is None)}


def _command_from(action: str, detail: Mapping[str, Any]) -> Command:
    cls = next(k for k, v in _ACTION_COMMANDS.items() if v == action)
    return cls(**dict(detail))


def _run_action(state: TrajanState, seat: int, action: str, command: Command) -> TrajanState:
    """One action's effect (validating it on the way): the single place that maps actions to rules."""
    if action == "trajan":
        assert isinstance(command, c.TrajanAction) and command.tile is not None
        return tiles.trajan_action(state, seat, command.stack, command.tile)
    return getattr(actions, action)(state, seat, command)


def _after_bonus_draw(senate_bonus: tuple[str, ...], bonus_bag: tuple[str, ...]) -> str:
    """Trajan 1.11: 2 bonus tiles lie beside the senate; the table draws until there are 2 (or the
    bag is empty), then play goes on."""
    return "bonus_draw" if len(senate_bonus) < 2 and bonus_bag else "turn"


class TrajanRules(Game):
    """Trajan as a `companion.core.Game`."""

    id = "trajan"
    bgg = bgg_entry("trajan")

    def final_result(self, state: TrajanState) -> FinalResult | None:
        """The play's end for the history, BG Stats and the export (trajan/result.py)."""
        return result.final_result(state)
    event_types = e.EVENT_TYPES
    pad_menu = True  # a Trajan pad walks the menu of `pad_choices` (the session keeps the cursor)

    def initial_state(self) -> TrajanState:
        return TrajanState()

    def parse_command(self, name: str, args: Mapping[str, Any]) -> Command:
        return parse_command(name, args)

    def pad_choices(self, state: TrajanState, seat: int) -> list[Command]:
        """What seat `seat` may enter from its own pad now: the legal moves when it is that player's
        turn (or the consul's choice); nothing for the other seats."""
        if state.phase == "turn" and seat == state.current:
            return legal_commands(state)
        if state.phase == "consul" and seat == state.consul:
            return [cmd for cmd in legal_commands(state) if isinstance(cmd, c.ChooseBonusTile)]
        return []

    def automatic_step(self, state: TrajanState, after: Command) -> AutomaticStep | None:
        """The step the app takes by itself after `after` (the end of a turn with nothing left to
        choose, a tray's only action after a pick-up …): `flow.automatic_step`."""
        return flow.automatic_step(state, after)

    def is_forced(self, state: TrajanState) -> bool:
        """A state undo and redo step over (only one command legal): `flow.is_forced`."""
        return flow.is_forced(state)

    # -- decide ------------------------------------------------------------------------------

    def decide(self, state: TrajanState, command: Command) -> Sequence[Event]:
        if isinstance(command, c.SetupTrajan):
            if state.phase != "setup":
                raise IllegalCommand("Trajan setup", "The game is already set up.")
            return [deal(command)]
        if state.phase == "setup":
            raise IllegalCommand("Trajan setup", "Set up the game first.")
        if state.phase == "over":
            raise IllegalCommand("game over", "The game is finished.")
        if state.phase == "reveal":
            if not isinstance(command, c.RevealDemand):
                raise IllegalCommand("Trajan 1.5 demands", "First turn up the next demand tile and enter it.")
            return self._reveal(state, command)
        if state.phase == "bonus_draw":
            if not isinstance(command, c.RevealBonusTile):
                raise IllegalCommand(BONUS, "First draw the bonus tiles for the senate and enter them.")
            return self._reveal_bonus(state, command)
        if state.phase == "consul":
            if isinstance(command, c.RepayDemands):
                self._repayment(state, command.seat, command.sources)
                return [e.DemandsRepaid(command.seat, tuple(command.sources))]
            if not isinstance(command, c.ChooseBonusTile):
                raise IllegalCommand("Trajan 1.4 senate", "The consul chooses a bonus tile first.")
            return self._choose_bonus(state, command)
        return self._turn(state, command)

    def _turn(self, state: TrajanState, command: Command) -> Sequence[Event]:
        seat, turn = state.current, state.turn
        if isinstance(command, (c.RevealDemand, c.ChooseBonusTile, c.RevealBonusTile)):
            raise IllegalCommand(TURN, "That is not part of a turn.")
        if turn.tray is None:
            if isinstance(command, c.Sow):
                if state.mode != "full":
                    raise IllegalCommand(TURN, "In light mode, enter the markers moved and the action.")
                wheel.sow(state.player(seat).wheel, command.tray, tuple(command.order))  # validates
                return [e.Sowed(seat, command.tray, tuple(command.order))]
            if isinstance(command, c.MoveMarkers):
                if state.mode != "light":
                    raise IllegalCommand(TURN, "In full mode, pick up a tray.")
                self._check_move(state, command)
                return [e.MarkersMoved(seat, command.markers, command.tray, command.completed)]
            raise IllegalCommand(TURN, "First move the action markers.")
        if isinstance(command, (c.Sow, c.MoveMarkers)):
            raise IllegalCommand(TURN, "The markers were already moved this turn.")
        if isinstance(command, c.PlacePlus2):
            tiles.place_plus2(state, seat, command.action)
            return [e.Plus2Placed(seat, command.action)]
        if "place_plus2" in turn.pending_actions:
            raise IllegalCommand("Trajan 1.3 Trajan tiles", "First place the +2 marker beside an action.")
        if isinstance(command, c.EndTurn):
            return self._end_turn(state)
        if isinstance(command, c.Pass):
            if turn.acted:
                raise IllegalCommand(TURN, "The action of this turn was already taken.")
            return [e.Passed(seat)]
        if isinstance(command, c.ExtraAction):
            if not turn.acted:
                raise IllegalCommand("Trajan 1.7 extra action", "An extra action comes after the turn's action.")
            actions.extra_action(state, seat, command, taken=turn.taken)
            return [e.ExtraActionTaken(seat, command.action, command.tile)]
        action = _ACTION_COMMANDS.get(type(command))
        if action is None:
            raise IllegalCommand(TURN, "That is not a Trajan action.")
        if not turn.acted:
            target = R.ACTIONS[turn.tray]
            if action != target:
                raise IllegalCommand(TURN, "The markers ended in the {tray} tray: only that action can be taken.", tray=target)
        elif action not in turn.pending_actions:
            raise IllegalCommand(TURN, "No {action} action is left this turn.", action=action)
        if isinstance(command, c.TrajanAction) and command.tile is None:
            if not state.digital_draws:
                # the table drew it: asked of whoever chose the action (touch or pad), answered [kind, colour, colour]
                raise AnswerNeeded(Ask(DRAWN_TRAJAN_TILE, "Trajan 1.3 Trajan tiles", intent_of(command), "tile", seat,
                                       about={"stack": command.stack}),
                                   "Enter the Trajan tile drawn from the stack.", stack=command.stack)
            tile, rng = tiles.draw_from_supply(state.trajan_supply, command.stack, state.rng)
            command = c.TrajanAction(command.stack, (tile.kind, *tile.colours))
            _run_action(evolve(state, rng=rng), seat, action, command)
            return [e.ActionTaken(seat, action, _detail(command) | {"rng_state": rng.state})]
        _run_action(state, seat, action, command)
        return [e.ActionTaken(seat, action, _detail(command))]

    def _check_move(self, state: TrajanState, command: c.MoveMarkers) -> None:
        if not 1 <= command.markers <= R.MARKERS_PER_COLOUR * len(R.COLOURS):
            raise IllegalCommand(TURN, "A turn moves 1 to 12 markers, not {n}.", n=command.markers)
        if not 0 <= command.tray < len(R.ACTIONS):
            raise IllegalCommand(TURN, "There is no tray {n}.", n=command.tray + 1)
        if command.completed and state.player(state.current).trajan_slots[command.tray] is None:
            raise IllegalCommand("Trajan 1.3 Trajan tiles", "There is no Trajan tile beside that tray to complete.")

    def _end_turn(self, state: TrajanState) -> list[Event]:
        events: list[Event] = [e.TurnEnded(state.current)]
        outcome = timetrack.turn_outcome(state)
        if outcome.reveal_demand and state.digital_draws:
            demand, rng = self._draw_demand(state)
            events.append(e.DemandRevealed(demand, True, rng.state))
        if outcome.season_scoring:
            events.append(e.SeasonScored(state.season))
        return events

    def _draw_demand(self, state: TrajanState) -> tuple[str, SeededRandom]:
        """Trajan 1.5: the bag was shuffled at setup; the next tile is its first. (rng kept for symmetry.)"""
        if not state.demand_bag:
            raise IllegalCommand("Trajan 1.5 demands", "The demand bag is empty.")
        return state.demand_bag[0], state.rng

    def _reveal(self, state: TrajanState, command: c.RevealDemand) -> list[Event]:
        if command.demand not in R.DEMAND_TYPES:
            raise IllegalCommand("Trajan 1.5 demands", "A demand is bread, games or religion, not '{d}'.", d=command.demand)
        if command.demand not in state.demand_bag:
            raise IllegalCommand("Trajan 1.5 demands", "No {d} demand tile is left in the bag.", d=command.demand)
        return [e.DemandRevealed(command.demand, False, state.rng.state)]

    def _reveal_bonus(self, state: TrajanState, command: c.RevealBonusTile) -> list[Event]:
        """Trajan 1.6 step 4, 1.11: a tile the table drew for the senate must still be in the bag
        (the others are the players' or already beside the senate)."""
        if command.tile not in R.BONUS_TILES:
            raise IllegalCommand(BONUS, "There is no bonus tile called {tile}.", tile=command.tile)
        if command.tile in state.senate_bonus:
            raise IllegalCommand(BONUS, "The bonus tile {tile} already lies beside the senate.", tile=command.tile)
        if command.tile not in state.bonus_bag:
            raise IllegalCommand(BONUS, "The bonus tile {tile} is not in the bag: a player holds it.", tile=command.tile)
        return [e.BonusTileRevealed(command.tile)]

    def _choose_bonus(self, state: TrajanState, command: c.ChooseBonusTile) -> list[Event]:
        if command.tile not in state.senate_bonus:
            raise IllegalCommand("Trajan 1.4 senate", "The consul chooses one of the two bonus tiles beside the senate.")
        events: list[Event] = [e.BonusTileChosen(state.consul, command.tile)]  # type: ignore[arg-type]
        if len(state.season_reports) >= R.SEASONS:
            events.append(e.GameEnded())  # Trajan 1.6 step 6: the 4th season marker removed ends the game
        else:
            events.append(self._refill(state))
        return events

    def _repayment(self, state: TrajanState, seat: int, sources: Sequence[str | None]):
        """The player as before this season's payment, and the checked new payment (Trajan 1.5)."""
        if not 0 <= seat < state.player_count:
            raise IllegalCommand("Trajan 1.5 demands", "There is no seat {n}.", n=seat + 1)
        report = state.season_reports[-1]
        row = report["players"][seat]
        player = state.player(seat)
        before = evolve(player, vp=player.vp - row["vp_after"] + row["vp_before"],
                        forum=tuple(sorted(player.forum + tuple(row["tiles_spent"]))))
        payment = scoring.check_payment(tuple(report["demands"]), before, tuple(sources), state.settings)
        return before, payment

    def _refill(self, state: TrajanState) -> e.SeasonRefilled:
        """Trajan 1.6 steps 3–4: the forum's tiles (extra-action tiles included) leave the game; 2 new
        bonus tiles beside the senate; a forum tile on every province without leader or legionnaire;
        a new forum display; 3 extra-action tiles on the yellow spaces. The bags were shuffled from the
        seeded generator at setup, so a refill takes the next tiles in order. A table that draws by
        hand enters the senate's 2 bonus tiles next (`RevealBonusTile`): none are drawn here."""
        occupied = {p.leader for p in state.players} | {province for province, _ in state.legionnaires}
        pool = list(state.forum_bag)
        province_tiles = []
        for province, tile in state.province_tiles:
            if tile is None and province not in occupied and pool:
                province_tiles.append((province, pool.pop(0)))
        display = tuple(pool[:R.FORUM_DISPLAY[state.player_count]])
        senate_bonus = tuple(state.bonus_bag[:2]) if state.digital_draws else ()
        return e.SeasonRefilled(senate_bonus, display, tuple(state.extra_supply[:R.EXTRA_ACTION_SPACES]),
                                tuple(province_tiles), state.rng.state)

    # -- apply -------------------------------------------------------------------------------

    def apply(self, state: TrajanState, event: Event) -> TrajanState:
        # One dict lookup by the event's class instead of a chain of isinstance tests: a replay
        # applies every event of the game (a subclass of an event falls back to the chain below).
        handler = _APPLY.get(type(event))
        if handler is None:
            handler = next((h for cls, h in _APPLY.items() if isinstance(event, cls)), None)
            if handler is None:
                raise TypeError(f"not a Trajan event: {event!r}")
        return handler(self, state, event)

    def _apply_action(self, state: TrajanState, event: e.ActionTaken) -> TrajanState:
        detail = {k: v for k, v in event.detail.items() if k != "rng_state"}
        if "rng_state" in event.detail:
            state = evolve(state, rng=SeededRandom(event.detail["rng_state"]))
        main = not state.turn.acted
        state = _run_action(state, event.seat, event.action, _command_from(event.action, detail))
        taken = state.turn.taken + (event.action,)
        if main:
            return evolve(state, turn=evolve(state.turn, taken=taken, acted=True))
        turn = actions.take_pending(evolve(state, turn=evolve(state.turn, taken=taken)), event.action).turn
        return evolve(state, turn=turn)

    def _apply_moved(self, state: TrajanState, event: e.MarkersMoved) -> TrajanState:
        time, ends = timetrack.advance(state.time, event.markers, state.settings.lap(state.player_count))
        state = evolve(state, time=time, round_ending=state.round_ending or ends,
                       turn=TurnState(tray=event.tray, markers=event.markers))
        if event.completed:
            state = tiles.complete_tile(state, event.seat, event.tray)
        return state

    def _apply_passed(self, state: TrajanState, event: e.Passed) -> TrajanState:
        return evolve(state, turn=evolve(state.turn, acted=True))

    def _apply_extra(self, state: TrajanState, event: e.ExtraActionTaken) -> TrajanState:
        return actions.extra_action(state, event.seat, c.ExtraAction(event.action, event.tile), taken=state.turn.taken)

    def _apply_plus2(self, state: TrajanState, event: e.Plus2Placed) -> TrajanState:
        return tiles.place_plus2(state, event.seat, event.action)

    def _apply_turn_ended(self, state: TrajanState, event: e.TurnEnded) -> TrajanState:
        outcome = timetrack.turn_outcome(state)
        state = timetrack.apply_turn_end(state, outcome)
        if outcome.new_round and not outcome.game_over_after_scoring:
            # A point per round start; the game's end is the final breakdown's totals.
            track = state.score_track + ((state.season, state.round, tuple(p.vp for p in state.players)),)
            state = evolve(state, score_track=track)
        if outcome.reveal_demand and not state.digital_draws:
            state = evolve(state, phase="reveal")
        return state

    def _apply_demand(self, state: TrajanState, event: e.DemandRevealed) -> TrajanState:
        bag = list(state.demand_bag)
        bag.remove(event.demand)
        return evolve(state, demands=state.demands + (event.demand,), demand_bag=tuple(bag),
                      rng=SeededRandom(event.rng_state), phase="turn")

    def _apply_season(self, state: TrajanState, event: e.SeasonScored) -> TrajanState:
        # The turn's end already moved the clock to the next season; score the one that ended.
        scored, report = scoring.season_scoring(evolve(state, season=event.season))
        track = state.score_track
        if track and track[-1][:2] == (state.season, state.round):
            # The new season's first point was taken before the penalties: it shows them now.
            track = track[:-1] + ((state.season, state.round, tuple(p.vp for p in scored.players)),)
        return evolve(scored, season=state.season, score_track=track,
                      season_reports=state.season_reports + (report.as_dict(),))

    def _apply_repaid(self, state: TrajanState, event: e.DemandsRepaid) -> TrajanState:
        before, payment = self._repayment(state, event.seat, event.sources)
        after = evolve(before, vp=before.vp - payment.penalty, forum=payment.forum_after)
        report = dict(state.season_reports[-1])
        rows = list(report["players"])
        rows[event.seat] = {**rows[event.seat], **payment.as_dict(), "vp_after": rows[event.seat]["vp_before"] - payment.penalty}
        report["players"] = rows
        return evolve(state.with_player(after), season_reports=state.season_reports[:-1] + (report,))

    def _apply_bonus_chosen(self, state: TrajanState, event: e.BonusTileChosen) -> TrajanState:
        return scoring.award_bonus_tiles(state, event.tile)

    def _apply_bonus_revealed(self, state: TrajanState, event: e.BonusTileRevealed) -> TrajanState:
        senate_bonus = state.senate_bonus + (event.tile,)
        bonus_bag = bag_remove(state.bonus_bag, event.tile)
        return evolve(state, senate_bonus=senate_bonus, bonus_bag=bonus_bag,
                      phase=_after_bonus_draw(senate_bonus, bonus_bag))

    def _apply_ended(self, state: TrajanState, event: e.GameEnded) -> TrajanState:
        return evolve(state, phase="over")

    def _apply_setup(self, state: TrajanState, event: e.TrajanSetUp) -> TrajanState:
        return initial_state(event)

    def _apply_sow(self, state: TrajanState, event: e.Sowed) -> TrajanState:
        player = state.players[event.seat]
        new_wheel, target = wheel.sow(player.wheel, event.tray, event.order)
        markers = len(event.order)
        time, ends = timetrack.advance(state.time, markers, state.settings.lap(state.player_count))
        players = list(state.players)
        players[player.seat] = evolve(player, wheel=new_wheel)  # as `with_player` does
        # One new state for the whole sowing (the player's wheel, the clock, the turn), not three.
        state = evolve(state, players=tuple(players), time=time, round_ending=state.round_ending or ends,
                       turn=TurnState(tray=target, markers=markers))
        tile = player.trajan_slots[target]
        if wheel.completes(tile, new_wheel[target]):
            state = tiles.complete_tile(state, event.seat, target)
        return state

    def _apply_refill(self, state: TrajanState, event: e.SeasonRefilled) -> TrajanState:
        """Trajan 1.6: used demands, senate tiles and the forum's tiles go; refills; ships back to yellow."""
        provinces = dict(state.province_tiles)
        provinces.update(dict(event.province_tiles))
        used = len(event.province_tiles) + len(event.forum_display)
        bonus_bag = state.bonus_bag[len(event.senate_bonus):]
        # A table drawing by hand enters the senate's tiles next; an app-drawn refill (and every
        # refill journaled before tables entered them) names them in the event.
        phase = "turn" if state.digital_draws else _after_bonus_draw(event.senate_bonus, bonus_bag)
        return evolve(
            state, demands=(), senate_bonus=event.senate_bonus, bonus_bag=bonus_bag,
            forum_display=tuple(sorted(event.forum_display)), forum_bag=state.forum_bag[used:],
            extra_display=tuple(sorted(event.extra_display)), extra_supply=state.extra_supply[len(event.extra_display):],
            province_tiles=tuple(provinces.items()), ships=("yellow",) * len(R.SHIPS),
            rng=SeededRandom(event.rng_state), phase=phase, consul=None, proconsul=None,
        )

    # -- reading -----------------------------------------------------------------------------

    def view(self, state: TrajanState, seat: int | None = None) -> GameView:
        return view(state, seat)

    def public_event(self, event: Event) -> dict[str, Any]:
        return public_event(event)

    def summary_text(self, public: Mapping[str, Any]) -> str:
        return summary_text(dict(public))

    has_calculator = True

    def score_snapshot(self, data: Any) -> Mapping[str, Any]:
        """docs/trajan-snapshot.md: a season's or the game's end from what each player holds."""
        from companion.games.trajan.snapshot import score_snapshot

        return score_snapshot(data)

    def format_scores(self, result: Mapping[str, Any]) -> str:
        from companion.games.trajan.snapshot import format_scores

        return format_scores(result)

    def command_of(self, events: Sequence[Event]) -> Command | None:
        """A step's command, from its first event (the others follow from it)."""
        first = events[0]
        if isinstance(first, e.Sowed):
            return c.Sow(first.tray, tuple(first.order))
        if isinstance(first, e.MarkersMoved):
            return c.MoveMarkers(first.markers, first.tray, first.completed)
        if isinstance(first, e.ActionTaken):
            detail = {k: v for k, v in first.detail.items() if k != "rng_state"}
            return _command_from(first.action, detail)
        if isinstance(first, e.Passed):
            return c.Pass()
        if isinstance(first, e.ExtraActionTaken):
            return c.ExtraAction(first.action, first.tile)
        if isinstance(first, e.Plus2Placed):
            return c.PlacePlus2(first.action)
        if isinstance(first, e.TurnEnded):
            return c.EndTurn()
        if isinstance(first, e.DemandRevealed):
            return c.RevealDemand(first.demand)
        if isinstance(first, e.DemandsRepaid):
            return c.RepayDemands(first.seat, tuple(first.sources))
        if isinstance(first, e.BonusTileChosen):
            return c.ChooseBonusTile(first.tile)
        if isinstance(first, e.BonusTileRevealed):
            return c.RevealBonusTile(first.tile)
        return None

    def is_finished(self, state: TrajanState) -> bool:
        return state.phase == "over"


#: `TrajanRules.apply`'s handler for each event class.
_APPLY: dict[type[Event], Any] = {
    e.ActionTaken: TrajanRules._apply_action,
    e.Sowed: TrajanRules._apply_sow,
    e.MarkersMoved: TrajanRules._apply_moved,
    e.Passed: TrajanRules._apply_passed,
    e.ExtraActionTaken: TrajanRules._apply_extra,
    e.Plus2Placed: TrajanRules._apply_plus2,
    e.TurnEnded: TrajanRules._apply_turn_ended,
    e.DemandRevealed: TrajanRules._apply_demand,
    e.SeasonScored: TrajanRules._apply_season,
    e.DemandsRepaid: TrajanRules._apply_repaid,
    e.BonusTileChosen: TrajanRules._apply_bonus_chosen,
    e.SeasonRefilled: TrajanRules._apply_refill,
    e.BonusTileRevealed: TrajanRules._apply_bonus_revealed,
    e.GameEnded: TrajanRules._apply_ended,
    e.TrajanSetUp: TrajanRules._apply_setup,
}

TRAJAN = TrajanRules()
