"""What the shared screen may show of a Trajan game. Trajan keeps no secrets the app knows (hands
are counts), so every seat's view is the public one; the per-seat hook stays for symmetry."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.core.views import FrozenMap, GameView, PlayerView, Seq, View, freeze, optional
from companion.games.trajan import rules_data as R
from companion.games.trajan import unseen, wheel
from companion.games.trajan.actions_figures import arriving_legionnaire_vp
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.parse import frozen_intent_of
from companion.games.trajan.state import TrajanState


class TileView(View):
    """A Trajan tile (on a tray's slot, or the one a sowing completes): its kind and two colours."""

    kind: str
    colours: Seq[str]


class TrajanPlayer(PlayerView):
    """A player's row (VP are public in Trajan): the senate, forum tiles by kind, hand and display,
    camps, the leader's place, construction, the wheel and the Trajan tiles beside it.
    `score` repeats `vp` for the generic readers (`companion replay`'s score table)."""

    colour: str
    vp: int
    senate: int
    stack_position: int | None
    demand_tiles: FrozenMap
    trajan_demand: Seq[str]
    wild_demand: int
    senate_tiles: Seq[int]
    forum: Seq[str]
    plus2: Seq[str]
    bonus_tiles: Seq[Seq[str]]
    hand: int
    display: Seq[str]
    supply: int
    military_camp: int
    workers_camp: int
    leader: str
    construction: Seq[Seq[Any]]
    site_workers: Seq[int]
    wheel: Seq[Seq[str]]
    trajan_slots: Seq[TileView | None]
    arch: int
    score: int


class ProvinceView(View):
    """A province as the board shows it (Trajan 1.8): see `_provinces`."""

    province: str
    vp: int
    tile: str | None
    legion_vp: int
    legionnaires: Seq[int]
    leaders: Seq[int]


class SiteView(View):
    """A construction site space: its tile (type, VP) until taken, and the workers on it (seats)."""

    tile: Seq[Any] | None
    workers: Seq[int]


class TurnView(View):
    """The current turn: the target tray once chosen, markers picked up, whether the action was
    taken, whether the turn's extra action was used, bonus actions still to take."""

    tray: int | None
    markers: int
    acted: bool
    extra_used: bool
    pending: Seq[str]


class PreviewView(View):
    """Full mode, before a pick-up: what picking up one tray would do (see `_previews`)."""

    tray: int
    markers: int
    target: int
    target_action: str
    order: Seq[str]
    completes: TileView | None
    ends_round: bool


class TrajanView(GameView):
    """The shared screen's Trajan (no secrets: hands are counts). `choices` lists every legal move
    as an intent ({name, args}); `final` (the end's breakdown) is there once the game is over."""

    phase: str
    round: int
    current: int
    players: Seq[TrajanPlayer]
    mode: str
    digital_draws: bool
    season: int
    time: int
    lap: int
    round_ending: bool
    start_player: int
    demands: Seq[str]
    demands_left: int
    senate_bonus: Seq[str]
    senate_stack: Seq[int]
    forum_display: Seq[str]
    extra_display: Seq[str]
    forum_tiles_left: Seq[str]
    site_tiles_left: Seq[Seq[Any]]
    provinces: Seq[ProvinceView]
    legionnaires: Seq[Seq[Any]]
    ships: Seq[str]
    site: Seq[SiteView]
    turn: TurnView
    consul: int | None
    proconsul: int | None
    season_reports: Seq[FrozenMap]
    score_track: Seq[Seq[Any]]
    choices: Seq[FrozenMap]
    previews: Seq[PreviewView | None]
    final_categories: Seq[str]
    final: FrozenMap | None = optional()


def _tile(tile: Any) -> TileView | None:
    return None if tile is None else TileView(kind=tile.kind, colours=Seq(tile.colours))


def _player(state: TrajanState, seat: int) -> TrajanPlayer:
    p = state.players[seat]
    return TrajanPlayer(
        seat=seat, name=p.name, colour=p.colour, vp=p.vp,
        senate=p.senate, stack_position=state.senate_stack.index(seat) if seat in state.senate_stack else None,
        demand_tiles=FrozenMap({d: p.forum.count(f"demand_{d}") for d in R.DEMAND_TYPES}),
        trajan_demand=Seq(p.trajan_demand),
        wild_demand=p.forum.count("wild_demand"),
        senate_tiles=Seq(sorted(int(t.split("_")[1]) for t in p.forum if t.startswith("senate_"))),
        forum=Seq(p.forum), plus2=Seq(p.plus2),
        bonus_tiles=Seq([Seq(b) for b in p.bonus_tiles]),
        hand=p.hand, display=Seq(p.display),
        supply=p.supply, military_camp=p.military_camp, workers_camp=p.workers_camp,
        leader=p.leader, construction=Seq([Seq(t) for t in p.construction]), site_workers=Seq(p.site_workers),
        wheel=Seq([Seq(t) for t in p.wheel]),
        trajan_slots=Seq([_tile(t) for t in p.trajan_slots]),
        arch=p.arch,
        score=p.vp,
    )


def _provinces(state: TrajanState) -> Seq[ProvinceView]:
    """Each province as the board shows it (Trajan 1.8): its VP, the forum tile still lying there
    (None once a leader took it), what the next legionnaire sent there scores, and whose
    legionnaires and leaders stand there (seats)."""
    out = []
    for province, tile in state.province_tiles:
        out.append(ProvinceView(
            province=province, vp=state.settings.province_vp.get(province, 0), tile=tile,
            legion_vp=arriving_legionnaire_vp(state, province) if province in state.settings.province_vp else 0,
            legionnaires=Seq(sorted(seat for place, seat in state.legionnaires if place == province)),
            leaders=Seq([p.seat for p in state.players if p.leader == province]),
        ))
    return Seq(out)


def _previews(state: TrajanState) -> Seq[PreviewView | None]:
    """Full mode, before the current player picks up a tray: for each tray, where the last marker
    lands, how far time moves, and which Trajan tile completes with which sowing order (Trajan 1.2)."""
    if state.phase != "turn" or state.mode != "full" or state.turn.tray is not None:
        return Seq()
    player = state.players[state.current]
    lap = state.settings.lap(state.player_count)
    out: list[PreviewView | None] = []
    for tray, markers in enumerate(player.wheel):
        if not markers:
            out.append(None)
            continue
        landing = wheel.predict(player, tray)
        out.append(PreviewView(
            tray=tray, markers=landing.markers, target=landing.target,
            target_action=R.ACTIONS[landing.target], order=Seq(landing.order),
            completes=_tile(landing.completes),
            ends_round=state.time + landing.markers >= lap,
        ))
    return Seq(out)


def view(state: TrajanState, seat: int | None = None) -> GameView:
    """The public view: a `TrajanView` once set up (before, a bare `GameView`: the game and its
    phase). Every seat's view is this one: the app knows no Trajan secret."""
    if state.phase == "setup":
        return GameView(game="trajan", phase="setup", players=Seq())
    from companion.games.trajan.scoring import CATEGORIES, final_summary

    turn = state.turn
    return TrajanView(
        game="trajan", phase=state.phase, mode=state.mode, digital_draws=state.digital_draws,
        season=min(state.season, R.SEASONS),
        round=state.round, time=state.time, lap=state.settings.lap(state.player_count),
        round_ending=state.round_ending,
        current=state.current, start_player=state.start_player,
        demands=Seq(state.demands), demands_left=len(state.demand_bag),
        senate_bonus=Seq(state.senate_bonus), senate_stack=Seq(state.senate_stack),
        forum_display=Seq(state.forum_display), extra_display=Seq(state.extra_display),
        # table draws: the tiles a player may name on finding one the table laid out unseen
        forum_tiles_left=Seq() if state.digital_draws else Seq(unseen.kinds_left(state)),
        site_tiles_left=Seq() if state.digital_draws else Seq([Seq(t) for t in unseen.site_tiles_left(state)]),
        provinces=_provinces(state),
        legionnaires=Seq([Seq(pair) for pair in state.legionnaires]),
        ships=Seq(state.ships),
        site=Seq([SiteView(tile=Seq(s.tile) if s.tile else None, workers=Seq(s.workers)) for s in state.site]),
        turn=TurnView(tray=turn.tray, markers=turn.markers, acted=turn.acted, extra_used=turn.extra_used,
                      pending=Seq(turn.pending_actions)),
        consul=state.consul, proconsul=state.proconsul,
        season_reports=Seq([freeze(report) for report in state.season_reports]),
        score_track=Seq([Seq([s, r, Seq(v)]) for s, r, v in state.score_track]),
        players=Seq([_player(state, i) for i in range(state.player_count)]),
        choices=Seq([frozen_intent_of(cmd) for cmd in legal_commands(state)]),
        previews=_previews(state),
        final_categories=Seq([category for category, _score in CATEGORIES]),  # the end's table, in order
        final=freeze(final_summary(state)) if state.phase == "over" else None,
    )


def summary_text(public: dict[str, Any]) -> str:
    """A public view as terminal text, for `companion replay`: the final breakdown when the game is
    over, else where the game stands."""
    from companion.games.trajan.snapshot import format_scores

    if public.get("final"):
        return format_scores(public["final"])
    lines = [f"Trajan: season {public['season']}, round {public['round']}, time {public['time']}/{public['lap']}"]
    lines += [f"  {p['name']:<16} {p['vp']:>4} VP" for p in public["players"]]
    return "\n".join(lines) + "\n"


def public_event(event: Any) -> dict[str, Any]:
    """Every Trajan event is public: nothing in Trajan is hidden from the table by the app."""
    return {f.name: getattr(event, f.name) for f in dataclasses.fields(event)}
