"""Words for what the screens show: game names, history lines, places, times, notices.

Pure functions over public data (views, history entries, notices), translated with `i18n._`, so
every line a screen shows is testable without a window. Screens never format game data themselves.
"""

from __future__ import annotations

import functools
import datetime as _dt
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from companion.ui.shell.choices import GameChoice, known
from companion.ui.text.i18n import _, join_sentences, translate_notice, translate_rule


#: Between a name and its number ("Bo 12"): a wrapped line never leaves the number without its name.
NBSP = "\u00a0"

#: Words one event as a history line: `describe(event, players)` (players: the seated names).
Describe = Callable[[Mapping[str, Any], Sequence[str]], str]


def game_title(game_id: str | None) -> str:
    """A game's name in the current language, from the English title of its registry line (its
    registered `GameChoice`, `choices.register`); an unknown id is shown as itself, never hidden."""
    if not game_id:
        return ""
    choice = known(game_id)
    return choice_title(choice) if choice is not None else game_id


def choice_title(choice: GameChoice) -> str:
    """The name of the game `choice` in the current language (its id when it has no title)."""
    return _(choice.title) if choice.title else choice.id


def players_range(low: int, high: int) -> str:
    """"2–4 players"; a tool without seats (0–0) is for the whole table."""
    if low == high == 0:
        return _("For the whole table")
    if low == high:
        return _("{count} players").format(count=low)
    return _("{low}–{high} players").format(low=low, high=high)


def join_names(names: Iterable[str]) -> str:
    """Names in a list: "A, B, C" in English, "A、B、C" in Chinese (the catalog says which)."""
    return _(", ").join(names)


def default_player_name(n: int) -> str:
    """The name a seat has until someone types one: "Player 1" counts from 1."""
    return _("Player {n}").format(n=n)


def format_place(place: int) -> str:
    return _("Place {place}").format(place=place)


def format_points(points: int) -> str:
    return f"{points:+d}".replace("-", "−")  # a true minus sign reads better across a table


def format_score(score: int) -> str:
    """A total as plain digits with an ASCII minus: input scripts `expect` it as typed."""
    return str(score)


def _local(iso: str) -> _dt.datetime | None:
    try:
        when = _dt.datetime.fromisoformat(iso)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is not None:
        when = when.astimezone()
    return when


@functools.lru_cache(maxsize=16384)
def format_time(iso: str) -> str:
    """A journal timestamp (UTC ISO) as local wall-clock time, for history lines. Kept per
    timestamp (the words have no language): the history words every step's time at each open,
    and parsing and converting it was a third of that (12 of 35 ms at 1,000 steps) [issue 24]."""
    when = _local(iso)
    return when.strftime("%H:%M:%S") if when else iso


def format_when(iso: str) -> str:
    """A journal creation time (UTC ISO) as a local date and time, for game lists."""
    when = _local(iso)
    return when.strftime("%Y-%m-%d %H:%M") if when else iso


def format_notice(notice: Any) -> tuple[str, str]:
    """(message, rule line) of a session Notice in the current language; rule line may be ""."""
    if notice is None:
        return "", ""
    text = translate_notice(notice.template, notice.params)
    rule = _("Rule: {rule}").format(rule=translate_rule(notice.rule)) if notice.rule else ""
    return text, rule


def seat_name(players: Sequence[str], seat: Any) -> str:
    """The name of `seat` among the seated `players`, or "Seat n" when the history has no names."""
    if isinstance(seat, int) and 0 <= seat < len(players):
        return players[seat]
    return _("Seat {n}").format(n=seat + 1 if isinstance(seat, int) else seat)


def format_event(event: Mapping[str, Any], players: Sequence[str]) -> str:
    """One public event as a history line, in any game: a sealed bid's (`format_sealed_event`), an
    undo or a redo; any other kind is still shown (kind and fields). A game's describer words its
    own events and hands the rest to this."""
    kind = event.get("kind", "")
    if kind.startswith("sealed."):
        return format_sealed_event(event, players)
    if kind == "core.undo":
        return _("Undid step {step}.").format(step=event.get("step"))
    if kind == "core.redo":
        return _("Redid step {step}.").format(step=event.get("step"))
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind} {fields}".strip()


def format_sealed_event(event: Mapping[str, Any], players: Sequence[str],
                        limit_text: Callable[[int], str] | None = None) -> str:
    """A sealed-bid event (`companion.core.sealed`, in any game) as a history line, from its public
    fields only: a lock or an unlock says whose, never what; the reveal says everything.

    `limit_text` words one limit (a game whose "no limit" is a large number says so).
    """
    kind = event.get("kind", "")
    name = seat_name(players, event.get("seat"))
    if kind == "sealed.opened":
        limit_text = limit_text or str
        limits = " · ".join(f"{seat_name(players, seat)}{NBSP}{limit_text(int(limit))}"
                            for seat, limit in zip(event.get("seats", ()), event.get("limits", ())))
        return _("Bidding opened; limits: {limits}.").format(limits=limits)
    if kind == "sealed.changed":  # only a game that journals each press (no private drafts)
        return _("{name} changed a bid.").format(name=name)
    if kind == "sealed.locked":
        return _("{name} locked a bid.").format(name=name)
    if kind == "sealed.unlocked":
        return _("{name} unlocked a bid to change it.").format(name=name)
    if kind == "sealed.revealed":
        template = _("Bids revealed early: {bids} — {verdict}") if event.get("forced") else _("Bids revealed: {bids} — {verdict}")
        return template.format(bids=format_revealed_bids(event, players) or "—",
                               verdict=format_verdict(event, players))
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind} {fields}".strip()


def revealed_order(reveal: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A reveal's counted bids, highest first (`places` order; a tie in seat order)."""
    by_seat = {b["seat"]: b for b in reveal.get("bids", ())}
    return [by_seat[seat] for group in reveal.get("places", ()) for seat in group if seat in by_seat]


def format_revealed_bids(reveal: Mapping[str, Any], players: Sequence[str]) -> str:
    """Every counted bid of a reveal, highest first: "Bo 12 · Ann 10 · Cy 0 (not locked)"."""
    parts = []
    for bid in revealed_order(reveal):
        text = f"{seat_name(players, bid['seat'])}{NBSP}{bid['amount']}"
        parts.append(text if bid.get("locked", True) else text + " " + _("(not locked)"))
    return " · ".join(parts)


def format_verdict(reveal: Mapping[str, Any], players: Sequence[str]) -> str:
    """Who bid highest, or that several tied for it, or that no bid counted, said plainly."""
    winners = list(reveal.get("winners", ()))
    names = join_names(seat_name(players, seat) for seat in winners)
    if not winners:
        return _("no bid counted")
    if len(winners) == 1:
        return _("highest: {names}").format(names=names)
    return _("tie for highest: {names}").format(names=names)


def history_texts(entries: Iterable[Any], describe: Describe | None = None,
                  start_kind: str = "") -> Iterator[tuple[Any, str]]:
    """Each history entry (oldest first) with its line of text, for any game.

    Names come from the game's own start event (`start_kind`), so a line reads the same whatever
    happened later; an undo or redo line says what it took back or put back, so nobody has to look
    it up. `describe(event, players)` words one of the game's events (default: `format_event`).
    """
    describe = describe or format_event
    players: list[str] = []
    said: dict[int, str] = {}
    for entry in entries:
        texts = []
        for event in entry.events:
            kind = event.get("kind")
            if start_kind and kind == start_kind:
                players = list(event.get("players", ()))
            target = event.get("step")
            if kind in ("core.undo", "core.redo") and isinstance(target, int) and target in said:
                template = _("Undid step {step}: {what}") if kind == "core.undo" else _("Redid step {step}: {what}")
                texts.append(template.format(step=target, what=said[target]))
            else:
                texts.append(describe(event, players))
        text = join_sentences(texts)
        said.setdefault(entry.step, text)
        yield entry, text


def format_history(entries: Iterable[Any], describe: Describe | None = None,
                   start_kind: str = "") -> list[dict[str, Any]]:
    """History entries (oldest first) as rows {step, time, text, undone}, each line worded by
    `describe` (see `history_texts`). A game's GameUI says which describer and start event are its
    (`GameUI.history_rows`): a history does not name its game, its journal does."""
    return [{"step": entry.step, "time": format_time(entry.at), "text": text, "undone": bool(entry.undone)}
            for entry, text in history_texts(entries, describe, start_kind)]


def round_heading(season: int, rnd: int) -> str:
    """The heading above a round's steps in a history: the same words as the table's status line."""
    return _("Season {season} · Round {round}").format(season=season, round=rnd)


def under_round_headings(rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """History rows (newest first) as lines to lay out: a heading {kind: "heading", text, season,
    round} above each run of steps of one season and round, then those steps {kind: "step", …}.

    A run is consecutive rows, not all rows of a round: steps only ever move forward in season and
    round, so each round gets exactly one heading. Under a heading a step shows its `bare` text (the
    line without its own "S1 R2 · " prefix, which would only repeat the heading). Rows without a
    season (a game without seasons and rounds) come back as steps, a flat list.
    """
    lines: list[dict[str, Any]] = []
    current: tuple[int, int] | None = None
    for row in rows:
        step = {**row, "kind": "step"}
        if "season" in row and "round" in row:
            at = (int(row["season"]), int(row["round"]))
            if at != current:
                current = at
                lines.append({"kind": "heading", "text": round_heading(*at), "season": at[0], "round": at[1]})
            step["text"] = str(row.get("bare", row["text"]))
        lines.append(step)
    return lines
