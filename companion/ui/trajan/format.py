"""Words for a Trajan table: choice labels and wids, history lines, final-breakdown details.

Pure functions over the public view's data (intents, season reports, the final breakdown), in the
current language. They name what the rules offer; they never decide what is legal.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping, Sequence

from companion.ui.text.formatting import format_event, format_points, format_time, history_texts, join_names
from companion.ui.text.i18n import INLINE_ASIDE, N_, _, join_sentences
from companion.ui.trajan import names

# -- choices --------------------------------------------------------------------------------------


def _cards(cards: Iterable[str]) -> str:
    return " + ".join(names.commodity(c) for c in cards)


def _site_tile(site: Sequence[Mapping[str, Any]] | None, space: int) -> str:
    if site is None or not 0 <= space < len(site):
        return ""
    return names.site_tile(site[space].get("tile"))


def action_label(name: str, args: Mapping[str, Any], site: Sequence[Mapping[str, Any]] | None = None) -> str:
    """What an action intent (or an `ActionTaken` detail, which has the same fields) does, briefly."""
    if name == "seaport":
        kind = args.get("kind")
        if kind == "draw":
            return _("Draw 2 cards, keep 1")
        if kind == "take_discard":
            return _("Take the discard")
        if kind == "play":
            return _("Play {cards}").format(cards=_cards(args.get("cards") or ()))
        if kind == "ship":
            return _("{ship}: {cards}").format(ship=names.ship(args.get("ship") or ""), cards=_cards(args.get("cards") or ()))
        return str(kind)
    if name == "forum":
        tile = str(args.get("tile", ""))
        if args.get("from_extra") and tile.startswith("extra_"):
            # an extra-action tile on a yellow space, named by its action: short enough for a button
            return _("Yellow space: {action}").format(action=names.action(tile[len("extra_"):]))
        return names.forum_tile(tile)
    if name == "military":
        kind = args.get("kind")
        if kind == "recruit":
            return _("Recruit a legionnaire")
        if kind == "move" and args.get("found"):  # table draws: the tile the table found there
            return _("Leader → {province}, found {tile}").format(
                province=names.province(args.get("province") or ""), tile=names.forum_tile(args["found"]))
        if kind == "move":
            return _("Leader → {province}").format(province=names.province(args.get("province") or ""))
        if kind == "legionnaire":
            return _("Legionnaire to {province}").format(province=names.province(args.get("province") or ""))
        return str(kind)
    if name == "senate":
        return _("Advance in the senate")
    if name == "trajan":
        tile = args.get("tile")
        if tile:
            kind, *colours = tile
            if not colours:  # a correction's first answer: the kind, its colours asked next
                return names.trajan_tile(kind)
            return _("{tile} ({colours})").format(tile=names.trajan_tile(kind),
                                                   colours="/".join(names.colour(c) for c in colours))
        return _("{stack} stack").format(stack=names.trajan_stack(args.get("stack", "")))
    if name == "construction":
        if args.get("kind") == "recruit":
            return _("Recruit a worker")
        space = args.get("space")
        if isinstance(space, int):
            # a table drawing by hand named the tile its worker found there (in the step's detail)
            tile = names.site_tile(args["found"]) if args.get("found") else _site_tile(site, space)
            where = _("space {n}").format(n=space + 1)
            return f"{tile} · {where}" if tile else where
        return str(args.get("kind"))
    return name


def tiles_to_name(view: Mapping[str, Any], intent: Mapping[str, Any]) -> list[Any]:
    """With table draws, the tiles a step would have the table name: the forum tiles the box may
    still hold for a leader moving to a province where the table laid one out unseen, the
    construction tiles for a worker going onto such a space of the site; [] when it names none."""
    args = intent.get("args", {})
    if intent.get("name") == "military" and args.get("kind") == "move":
        lying = {p["province"]: p.get("tile") for p in view.get("provinces", ())}
        return list(view.get("forum_tiles_left", ())) if lying.get(args.get("province")) == "unseen" else []
    if intent.get("name") == "construction" and args.get("kind") == "worker":
        site, space = view.get("site", ()), args.get("space")
        tile = site[space].get("tile") if isinstance(space, int) and 0 <= space < len(site) else None
        return list(view.get("site_tiles_left", ())) if tile and tile[0] == "unseen" else []
    return []


def correction_choices(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """What a past step could have been (the view before it): its choices, each that would have
    the table name a tile carrying those choices as its `then`: the tile it found (one per tile
    the box may still hold), or the Trajan tile drawn from a stack (its kind, then its colours)."""
    out = []
    for choice in view.get("choices", ()):
        tiles = tiles_to_name(view, choice)
        then = [{**choice, "args": {**choice["args"], "found": tile}} for tile in tiles]
        if choice["name"] == "trajan" and not choice["args"].get("tile") and not view.get("digital_draws", True):
            then = [{**choice, "args": {**choice["args"], "tile": [kind]},
                     "then": [{**choice, "args": {**choice["args"], "tile": [kind, *pair]}} for pair in _colour_pairs()]}
                    for kind in names.STACK_KINDS.get(choice["args"].get("stack", ""), ())]
        out.append({**choice, "then": then} if then else dict(choice))
    return out


def _colour_pairs() -> list[tuple[str, str]]:
    """A Trajan tile's two colours, either order being the same tile (the same colour twice too)."""
    colours = names.MARKER_COLOURS
    return [(a, b) for i, a in enumerate(colours) for b in colours[i:]]


def choice_label(intent: Mapping[str, Any], site: Sequence[Mapping[str, Any]] | None = None) -> str:
    """A button's text for one of `view["choices"]`."""
    name, args = intent["name"], intent.get("args", {})
    if name == "pass":
        return _("Pass (no action)")
    if name == "end_turn":
        return _("End turn")
    if name == "extra":
        return _("Extra {action} ({tile})").format(action=names.action(args.get("action", "")),
                                                   tile=names.forum_tile(args.get("tile", "")))
    if name == "plus2":
        return _("+2 beside {action}").format(action=names.action(args.get("action", "")))
    if name == "reveal_demand":
        return names.demand(args.get("demand", ""))
    if name in ("choose_bonus", "reveal_bonus"):
        return names.bonus_tile(args.get("tile", ""))
    if name == "sow":
        return names.TRAY_NUMERALS[int(args.get("tray", 0)) % 6]
    if name == "move":
        return _("{n} markers → {action}").format(n=args.get("markers"), action=names.action(_action_of_tray(args.get("tray"))))
    return action_label(name, args, site)


def _action_of_tray(tray: Any) -> str:
    order = tuple(names.ACTIONS)
    return order[tray] if isinstance(tray, int) and 0 <= tray < len(order) else str(tray)


def _token(value: Any) -> str:
    return re.sub(r"[^0-9A-Za-z_]+", "_", str(value)).strip("_")


def choice_wid(intent: Mapping[str, Any]) -> str:
    """A stable, language-independent id for a choice's button, from its intent:
    "trajan.choice.military.move.britannia", "trajan.end_turn", "trajan.bonus.workers" …"""
    name, args = intent["name"], intent.get("args", {})
    if name == "end_turn":
        return "trajan.end_turn"
    if name == "sow":
        return f"trajan.tray.{args.get('tray')}"
    if name == "reveal_demand":
        return f"trajan.reveal.{_token(args.get('demand'))}"
    if name == "choose_bonus":
        return f"trajan.bonus.{_token(args.get('tile'))}"
    if name == "reveal_bonus":
        return f"trajan.reveal.bonus.{_token(args.get('tile'))}"
    parts = ["trajan.choice", name]
    for key, value in args.items():
        if value is True:
            parts.append(_token(key))
        elif value is None or value is False or value == [] or value == "":
            continue
        elif isinstance(value, (list, tuple)):
            parts.append("_".join(_token(v) for v in value))
        else:
            parts.append(_token(value))
    return ".".join(parts)


# -- final breakdown details ------------------------------------------------------------------------

#: Every template the rules word a final-breakdown detail with (companion/games/trajan/scoring.py:
#: `Detail`), marked here so the catalogs translate them; a test checks the two lists agree.
DETAIL_TEMPLATES: tuple[str, ...] = (
    N_("on the score track"), N_("{n} in hand × 1"), N_("{n} × 1"), N_("{n} on the wheel × 1"),
    N_("no tiles"), N_("{type} {n}"), N_("{type} {n} + {wild} wildcard"), N_("{type} {n} + {wild} wildcards"),
    N_("no bonus tiles"), N_("{tile} {side}: {vp} ({how})"),
    N_("{n} unused {kind} forum tile"), N_("{n} unused {kind} forum tiles"), N_("an unused demand wildcard"),
    N_("no unused {kind} forum tile"),
    N_("{a} {na} + {b} {nb} = {cards} × {each}"), N_("{a} {na} + {b} {nb} + {wild} wildcard = {cards} × {each}"),
    N_("{a} {na} + {b} {nb} + {wild} wildcards = {cards} × {each}"),
    N_("{n} on the site × 1"), N_("{n} on the site, half rounded up"), N_("{n} in provinces × {each}"),
    N_("{n} yellow bonus tile × {each}"), N_("{n} yellow bonus tiles × {each}"),
)

#: How a detail's id parameters are named on screen, by parameter name (scoring.py's `Detail`s).
_DETAIL_NAMES = {
    "kind": names.demand, "a": names.commodity, "b": names.commodity, "type": names.construction,
    "tile": names.bonus_tile, "side": names.side,
}

#: Categories whose parts read better one per line (a bonus tile each) than joined.
PART_PER_LINE = ("bonus_tiles",)


def detail_text(detail: Mapping[str, Any]) -> str:
    """One detail ({"template", "params"}, see scoring.Detail) in the current language: the
    template translated, ids among the parameters by their names, nested details first."""
    params: dict[str, Any] = {}
    for key, value in dict(detail.get("params") or {}).items():
        if isinstance(value, Mapping):
            params[key] = detail_text(value)
        elif isinstance(value, str) and key in _DETAIL_NAMES:
            params[key] = _DETAIL_NAMES[key](value)
        else:
            params[key] = value
    template = str(detail.get("template", ""))
    try:
        return _(template).format(**params)
    except (KeyError, IndexError, ValueError):
        # A catalog whose translation lost a field must not blank the breakdown: English it is.
        return template.format(**params)


def category_details(category: Mapping[str, Any]) -> list[str]:
    """A final-breakdown category's detail as lines: one per part for `PART_PER_LINE`, else the
    parts joined on one line."""
    parts = [detail_text(part) for part in category.get("detail") or ()]
    if category.get("id") in PART_PER_LINE:
        return parts
    return [_(", ").join(parts)] if parts else []


def tie_break_text(final: Mapping[str, Any]) -> str:
    rule = names.rule(str(final.get("tie_break_rule", "")))
    text = names.display(names.TIE_BREAKS, final.get("tie_break", "none"))
    return _(INLINE_ASIDE).format(name=text, detail=rule) if rule else text


def winner_text(final: Mapping[str, Any]) -> str:
    winners = list(final.get("winners", ()))
    if len(winners) == 1:
        return _("{name} wins").format(name=winners[0])
    return _("{names} share the victory").format(names=join_names(winners))


# -- history ------------------------------------------------------------------------------------------


def _seat(players: Sequence[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return _("Seat {n}").format(n=seat + 1 if isinstance(seat, int) else seat)


def event_text(event: Mapping[str, Any], players: Sequence[str]) -> str:
    """One public Trajan event as a history line (an unknown kind still shows, as kind and fields)."""
    kind = event.get("kind", "")
    who = _seat(players, event.get("seat"))
    if kind == "trajan.setup":
        names_ = list(event.get("players", ()))
        mode = _("full wheel") if event.get("mode") == "full" else _("light mode")
        draws = _("the app draws") if event.get("digital_draws") else _("the table draws")
        return _("Seated {players}; {name} starts ({mode}, {draws}).").format(
            players=join_names(names_), name=_seat(names_, event.get("start_player")), mode=mode, draws=draws)
    if kind == "trajan.sowed":
        return _("{name} picks up tray {tray} ({n} markers).").format(
            name=who, tray=names.TRAY_NUMERALS[int(event.get("tray", 0)) % 6], n=len(event.get("order", ())))
    if kind == "trajan.moved":
        text = _("{name} moves {n} markers to {action}.").format(
            name=who, n=event.get("markers"), action=names.action(_action_of_tray(event.get("tray"))))
        return join_sentences([text, _("A Trajan tile is completed.") if event.get("completed") else ""])
    if kind == "trajan.action":
        detail = {k: v for k, v in dict(event.get("detail", {})).items() if k != "rng_state"}
        return _("{name}: {action} — {what}").format(name=who, action=names.action(event.get("action", "")),
                                                     what=action_label(event.get("action", ""), detail))
    if kind == "trajan.passed":
        return _("{name} passes.").format(name=who)
    if kind == "trajan.extra":
        return _("{name}: extra {action} with {tile}.").format(
            name=who, action=names.action(event.get("action", "")), tile=names.forum_tile(event.get("tile", "")))
    if kind == "trajan.plus2":
        return _("{name} puts the +2 marker beside {action}.").format(name=who, action=names.action(event.get("action", "")))
    if kind == "trajan.turn_ended":
        return _("{name} ends the turn.").format(name=who)
    if kind == "trajan.demand":
        return _("Demand turned up: {demand}.").format(demand=names.demand(event.get("demand", "")))
    if kind == "trajan.season_scored":
        return _("Season {n} scored: demands paid, senate counted.").format(n=event.get("season"))
    if kind == "trajan.demands_repaid":
        return _("{name} pays the demands differently.").format(name=who)
    if kind == "trajan.bonus_chosen":
        return _("{name} (consul) takes {tile}.").format(name=who, tile=names.bonus_tile(event.get("tile", "")))
    if kind == "trajan.refilled":
        if not event.get("senate_bonus"):  # a table drawing by hand enters the senate's tiles next
            return _("New season: forum and provinces refilled.")
        return _("New season: forum, provinces and senate bonus tiles refilled.")
    if kind == "trajan.bonus_revealed":
        return _("Beside the senate: {tile}").format(tile=names.bonus_tile(event.get("tile", "")))
    if kind == "trajan.game_ended":
        return _("Game over: final scoring.")
    # Undo, redo and anything unknown read the same as in every game's history.
    return format_event(event, players)


def history_rows(entries: Iterable[Any]) -> list[dict[str, Any]]:
    """History entries (oldest first) as rows {step, time, text, bare, undone, season, round}: `text`
    prefixed with the season and round it happened in, `bare` without (for under a heading).

    A round ends when a demand is turned up (rounds 1–3) or the season is scored (round 4), so the
    steps in effect (not undone) are enough to place every line without the rules.
    """
    rows = []
    season, rnd = 1, 1
    for entry, text in history_texts(entries, event_text, start_kind="trajan.setup"):
        at = (season, rnd)
        if not entry.undone:
            for event in entry.events:
                kind = event.get("kind")
                if kind == "trajan.demand":
                    rnd += 1
                elif kind == "trajan.season_scored" and season < 4:  # after the 4th: the final scoring
                    season, rnd = season + 1, 1
        where = _("S{season} R{round}").format(season=at[0], round=at[1])
        rows.append({"step": entry.step, "time": format_time(entry.at), "text": f"{where} · {text}", "bare": text,
                     "undone": bool(entry.undone), "season": at[0], "round": at[1]})
    return rows


def signed(points: int) -> str:
    return format_points(points)
