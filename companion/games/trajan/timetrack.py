"""The time track (Trajan 1.1): rounds, seasons (quarters) and whose turn it is.

`TrajanState.time` counts the spaces the time marker has moved since the current round began. A
turn moves it by the number of markers picked up (not trays passed). When it reaches or passes the
start space (time ≥ the lap length, a U setting by player count: `settings.lap(players)`) the round
ends, but only after the current player has finished the turn; the marker is not reset, so the
surplus counts in the next round, which the next player in turn order begins (Trajan 1.1, 1.14 #2).

A game is 4 seasons of 4 rounds. After rounds 1–3 of a season a demand tile is revealed; after
round 4 the season is scored; after the 4th season's scoring the game is over (Trajan 1.1, 1.6).

The flow at the end of a turn: the rules call `turn_outcome(state)` (what happens next) and
`apply_turn_end(state)` (whose turn, which round and season, the time after the carry). Drawing a
demand and scoring a season are the rules module's work, guided by the outcome.
"""

from __future__ import annotations

import dataclasses

from companion.core.errors import IllegalCommand
from companion.core.values import evolve
from companion.games.trajan import rules_data as R
from companion.games.trajan.state import TrajanState, TurnState

MAX_MARKERS = R.MARKERS_PER_COLOUR * len(R.COLOURS)  # all 12 markers can lie in one tray (Trajan 1.1)


def advance(time: int, markers: int, lap: int) -> tuple[int, bool]:
    """Move the time marker by `markers` spaces: (time after, whether the round ends after this turn).

    The round ends when the marker reaches or passes the start space: time after ≥ `lap`
    (Trajan 1.1). A turn moves 1–12 spaces; anything else is refused ("Trajan 1.1 time track").
    """
    if isinstance(markers, bool) or not isinstance(markers, int) or not 1 <= markers <= MAX_MARKERS:
        raise IllegalCommand("Trajan 1.1 time track", "A turn moves the time marker 1 to 12 spaces, not {markers}.",
                             markers=markers)
    if lap < 1:
        raise ValueError(f"lap length must be positive, not {lap}")
    after = time + markers
    return after, after >= lap


def carry(time: int, lap: int) -> int:
    """Where the next round starts counting from once a round has ended: the surplus past the start.

    The marker is never reset (Trajan 1.1), so its position on the cycle is kept: time mod lap. With
    the 2-player default of 11 spaces, a 12-marker move from space 10 lands on the start space again;
    that still ends only the one round (one round end per turn) and the next begins at 0, as the
    marker on the board shows.
    """
    return time % lap


def next_seat(current: int, players: int) -> int:
    """The seat after `current` in turn order (clockwise)."""
    return (current + 1) % players


@dataclasses.dataclass(frozen=True)
class TurnOutcome:
    """What follows the end of the current turn (Trajan 1.1).

    `next_player`: whose turn is next (the next seat in order, also when a round or season ends; at
    the end of the game there is no next turn and it is only the next seat). `new_round`: the round
    ended with this turn. `reveal_demand`: a demand tile is revealed now (the round that ended was 1–3
    of its season). `season_scoring`: the season is scored now (round 4 ended).
    `game_over_after_scoring`: that scoring was the 4th season's; the game ends after it.
    `season`, `round`: the season and round the ended turn belonged to (the one to score or reveal for).
    """

    next_player: int
    new_round: bool
    reveal_demand: bool
    season_scoring: bool
    game_over_after_scoring: bool
    season: int
    round: int


def move_time(state: TrajanState, markers: int) -> TrajanState:
    """The time marker moves with the markers just picked up; `round_ending` records a reached start.

    Called once per turn, when the sowing (or, in the light mode, the moved-markers count) is known.
    The round does not end yet: the current player still finishes the turn (Trajan 1.1).
    """
    time, ends = advance(state.time, markers, state.settings.lap(state.player_count))
    return evolve(state, time=time, round_ending=state.round_ending or ends)


def turn_outcome(state: TrajanState) -> TurnOutcome:
    """What happens when the current player ends the turn, read from the state before `apply_turn_end`."""
    nxt = next_seat(state.current, state.player_count)
    if not state.round_ending:
        return TurnOutcome(nxt, False, False, False, False, state.season, state.round)
    scoring = state.round == R.ROUNDS_PER_SEASON
    return TurnOutcome(
        next_player=nxt,
        new_round=True,
        reveal_demand=state.round in R.DEMAND_REVEAL_ROUNDS,
        season_scoring=scoring,
        game_over_after_scoring=scoring and state.season == R.SEASONS,
        season=state.season,
        round=state.round,
    )


def apply_turn_end(state: TrajanState, outcome: TurnOutcome | None = None) -> TrajanState:
    """The state in which the next turn is played: next player, fresh turn, and round/season moved on.

    Always: `current` is the next seat and `turn` is a fresh `TurnState`. If the round ended: the time
    carries (`carry`), `round_ending` clears, and the round advances; after round 4 of season s,
    season s + 1 round 1 begins (the rules score season s first or afterwards using the outcome's
    `season`; `demands` and everything scored are left for them to clear). After the 4th season's
    last round, season and round stay 4 / 4: there is no next round, the rules end the game after
    the final scoring. Demands are not drawn and nothing is scored here. `outcome` is
    `turn_outcome(state)` when the caller has it already (the rules read it too, at every turn's end).
    """
    if outcome is None:
        outcome = turn_outcome(state)
    changes: dict = {"current": outcome.next_player, "turn": TurnState()}
    if outcome.new_round:
        changes["time"] = carry(state.time, state.settings.lap(state.player_count))
        changes["round_ending"] = False
        if outcome.game_over_after_scoring:
            pass
        elif outcome.season_scoring:
            changes["season"], changes["round"] = state.season + 1, 1
        else:
            changes["round"] = state.round + 1
    return evolve(state, **changes)
