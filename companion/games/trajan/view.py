"""What the shared screen may show of a Trajan game. Trajan keeps no secrets the app knows (hands
are counts), so every seat's view is the public one; the per-seat hook stays for symmetry."""

from __future__ import annotations

import dataclasses
from typing import Any

from companion.games.trajan import rules_data as R
from companion.games.trajan import unseen, wheel
from companion.games.trajan.actions_figures import arriving_legionnaire_vp
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.parse import intent_of
from companion.games.trajan.state import TrajanState


def _player(state: TrajanState, seat: int) -> dict[str, Any]:
    p = state.players[seat]
    return {
        "seat": seat, "name": p.name, "colour": p.colour, "vp": p.vp,
        "senate": p.senate, "stack_position": state.senate_stack.index(seat) if seat in state.senate_stack else None,
        "demand_tiles": {d: p.forum.count(f"demand_{d}") for d in R.DEMAND_TYPES},
        "trajan_demand": list(p.trajan_demand),
        "wild_demand": p.forum.count("wild_demand"),
        "senate_tiles": sorted(int(t.split("_")[1]) for t in p.forum if t.startswith("senate_")),
        "forum": list(p.forum), "plus2": list(p.plus2),
        "bonus_tiles": [list(b) for b in p.bonus_tiles],
        "hand": p.hand, "display": list(p.display),
        "supply": p.supply, "military_camp": p.military_camp, "workers_camp": p.workers_camp,
        "leader": p.leader, "construction": [list(t) for t in p.construction], "site_workers": list(p.site_workers),
        "wheel": [list(t) for t in p.wheel],
        "trajan_slots": [None if t is None else {"kind": t.kind, "colours": list(t.colours)} for t in p.trajan_slots],
        "arch": p.arch,
    }


def _provinces(state: TrajanState) -> list[dict[str, Any]]:
    """Each province as the board shows it (Trajan 1.8): its VP, the forum tile still lying there
    (None once a leader took it), what the next legionnaire sent there scores, and whose
    legionnaires and leaders stand there (seats)."""
    out = []
    for province, tile in state.province_tiles:
        out.append({
            "province": province, "vp": state.settings.province_vp.get(province, 0), "tile": tile,
            "legion_vp": arriving_legionnaire_vp(state, province) if province in state.settings.province_vp else 0,
            "legionnaires": sorted(seat for place, seat in state.legionnaires if place == province),
            "leaders": [p.seat for p in state.players if p.leader == province],
        })
    return out


def _previews(state: TrajanState) -> list[dict[str, Any] | None]:
    """Full mode, before the current player picks up a tray: for each tray, where the last marker
    lands, how far time moves, and which Trajan tile completes with which sowing order (Trajan 1.2)."""
    if state.phase != "turn" or state.mode != "full" or state.turn.tray is not None:
        return []
    player = state.players[state.current]
    lap = state.settings.lap(state.player_count)
    out: list[dict[str, Any] | None] = []
    for tray, markers in enumerate(player.wheel):
        if not markers:
            out.append(None)
            continue
        landing = wheel.predict(player, tray)
        done = landing.completes
        out.append({
            "tray": tray, "markers": landing.markers, "target": landing.target,
            "target_action": R.ACTIONS[landing.target], "order": list(landing.order),
            "completes": None if done is None else {"kind": done.kind, "colours": list(done.colours)},
            "ends_round": state.time + landing.markers >= lap,
        })
    return out


def view(state: TrajanState, seat: int | None = None) -> dict[str, Any]:
    if state.phase == "setup":
        return {"game": "trajan", "phase": "setup", "players": []}
    lap = state.settings.lap(state.player_count)
    out: dict[str, Any] = {
        "game": "trajan", "phase": state.phase, "mode": state.mode, "digital_draws": state.digital_draws,
        "season": min(state.season, R.SEASONS),
        "round": state.round, "time": state.time, "lap": lap, "round_ending": state.round_ending,
        "current": state.current, "start_player": state.start_player,
        "demands": list(state.demands), "demands_left": len(state.demand_bag),
        "senate_bonus": list(state.senate_bonus), "senate_stack": list(state.senate_stack),
        "forum_display": list(state.forum_display), "extra_display": list(state.extra_display),
        # table draws: the tiles a player may name on finding one the table laid out unseen
        "forum_tiles_left": [] if state.digital_draws else unseen.kinds_left(state),
        "site_tiles_left": [] if state.digital_draws else [list(t) for t in unseen.site_tiles_left(state)],
        "provinces": _provinces(state),
        "legionnaires": [[p, s] for p, s in state.legionnaires],
        "ships": list(state.ships),
        "site": [{"tile": list(s.tile) if s.tile else None, "workers": list(s.workers)} for s in state.site],
        "turn": {"tray": state.turn.tray, "markers": state.turn.markers, "acted": state.turn.acted,
                 "extra_used": state.turn.extra_used, "pending": list(state.turn.pending_actions)},
        "consul": state.consul, "proconsul": state.proconsul,
        "season_reports": list(state.season_reports),
        "score_track": [[s, r, list(v)] for s, r, v in state.score_track],
        "players": [_player(state, i) for i in range(state.player_count)],
    }
    for p in out["players"]:
        p["score"] = p["vp"]
    out["choices"] = [intent_of(cmd) for cmd in legal_commands(state)]
    out["previews"] = _previews(state)
    from companion.games.trajan.scoring import CATEGORIES, final_summary

    out["final_categories"] = [category for category, _score in CATEGORIES]  # the end's table, in order
    if state.phase == "over":
        out["final"] = final_summary(state)
    return out


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
