"""Words for the secret bid's shared screens and its history, from public data only.

Pure functions over public views and public events, translated with `i18n._`, so every line is
testable without a window. No function here is ever given a seat's private view.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.formatting import Describe
from companion.ui.text.i18n import _

#: The largest bid the secret bid takes (its settings' `max_bid`): a seat given no limit is given
#: this one, so the public view shows it as a number. The UI may not import the game to read it;
#: tests/ui/secretbid keeps the two equal.
NO_LIMIT = 9_999_999

#: The first event of every secret bid journal: it names the players for the history lines.
START_KIND = "secretbid.started"


def is_no_limit(limit: int | None) -> bool:
    return limit is None or int(limit) >= NO_LIMIT


def limit_value(limit: int | None) -> str:
    """A limit as a value on its own: "20", or "No limit"."""
    return _("No limit") if is_no_limit(limit) else str(int(limit))  # type: ignore[arg-type]


def limit_label(limit: int | None) -> str:
    """A limit under a player's name: "Limit 20", or "No limit"."""
    return _("No limit") if is_no_limit(limit) else _("Limit {limit}").format(limit=int(limit))  # type: ignore[arg-type]


def _limits_line(names: Sequence[str], limits: Iterable[int]) -> str:
    return " · ".join(f"{name}{fmt.NBSP}{_('no limit') if is_no_limit(limit) else limit}"
                      for name, limit in zip(names, limits))


def history_describer() -> Describe:
    """The secret bid's history wording, for `formatting.history_texts` (which calls it for each
    event, oldest first). Round 1 opens in the same step as the seating, so its opening is said once,
    by the seating line; later openings are "New round" lines. Locks, unlocks and reveals are the
    generic sealed-bid lines (`formatting.format_sealed_event`): whose, never what, until the reveal.
    """
    previous = {"kind": ""}

    def describe(event: Mapping[str, Any], players: Sequence[str]) -> str:
        kind = str(event.get("kind", ""))
        after_start, previous["kind"] = previous["kind"] == START_KIND, kind
        if kind == START_KIND:
            names = [str(n) for n in event.get("players", ())]
            limits = list(event.get("limits", ()))
            if all(is_no_limit(limit) for limit in limits):
                return _("Seated {players}; no limits.").format(players=fmt.join_names(names))
            return _("Seated {players}; limits: {limits}.").format(players=fmt.join_names(names),
                                                                   limits=_limits_line(names, limits))
        if kind == "sealed.opened":
            if after_start:
                return ""
            limits = list(event.get("limits", ()))
            if all(is_no_limit(limit) for limit in limits):
                return _("New round; no limits.")
            names = [players[s] if 0 <= s < len(players) else str(s + 1) for s in event.get("seats", ())]
            return _("New round; limits: {limits}.").format(limits=_limits_line(names, limits))
        if kind == "secretbid.finished":
            return _("Secret bid finished.")
        return fmt.format_event(event, players)

    return describe


def waiting_text(names: Sequence[str]) -> str:
    """The table's hint while bidding: whom it waits for (public: who has not locked)."""
    return _("Waiting for {names}.").format(names=fmt.join_names(names)) if names else ""


def reveal_question(waiting: Sequence[str], unlocked: str, min_bid: int) -> str:
    """The confirmation before a forced reveal: who has not locked and what happens to their bids,
    as the round's public `unlocked` policy says.

    Under "current" an unlocked seat counts with the amount the round holds for it, which is the bid
    it last locked (if it unlocked to change it) or the minimum: the session keeps a seat's draft
    privately and journals only a lock, so an amount on a pad that was never locked does not count.
    """
    lines = []
    if waiting:
        lines.append(_("Not locked yet: {names}.").format(names=fmt.join_names(waiting)))
        if unlocked == "minimum":
            lines.append(_("Their bids count as the minimum, {min}.").format(min=min_bid))
        elif unlocked == "excluded":
            lines.append(_("They take no part in this round."))
        else:
            lines.append(_("Their bids count as their pads show them now."))
    lines.append(_("Reveal the bids now?"))
    return "\n".join(lines)


def result_rows(reveal: Mapping[str, Any], names: Sequence[str]) -> list[dict[str, Any]]:
    """A revealed round's rows for the table, highest first: place, name, amount, and whether the
    seat had locked (a forced reveal may count a seat that had not)."""
    rows = []
    by_seat = {int(b["seat"]): b for b in reveal.get("bids", ())}
    winners = set(reveal.get("winners", ()))
    # Equal bids share a place and the next amount takes the next one ("the second-highest bid").
    for place, group in enumerate(reveal.get("places", ()), start=1):
        for seat in (int(s) for s in group if int(s) in by_seat):
            bid = by_seat[seat]
            rows.append({"seat": seat, "place": place, "place_text": fmt.format_place(place),
                         "name": names[seat] if 0 <= seat < len(names) else fmt.default_player_name(seat + 1),
                         "amount_text": str(bid["amount"]), "winner": seat in winners,
                         "note": "" if bid.get("locked", True) else _("not locked")})
    return rows


def verdict_text(reveal: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won the round, said plainly; a tie names everyone in it and the amount they share."""
    winners = list(reveal.get("winners", ()))
    who = fmt.join_names(names[s] for s in winners if 0 <= s < len(names))
    if not winners:
        return _("No bid counted.")
    if len(winners) == 1:
        return _("Highest bid: {names}.").format(names=who)
    amount = next((b["amount"] for b in reveal.get("bids", ()) if b["seat"] == winners[0]), "")
    return _("Tie for the highest bid ({amount}): {names}.").format(names=who, amount=amount)


def round_line(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """One revealed round on one line, for the finished table: "Round 2: Bo 12 · Ann 10 — highest: Bo"."""
    template = _("Round {round}, revealed early: {bids} — {verdict}") if result.get("forced") else \
        _("Round {round}: {bids} — {verdict}")
    return template.format(round=result.get("round", ""), bids=fmt.format_revealed_bids(result, names) or "—",
                           verdict=fmt.format_verdict(result, names))


# -- `companion replay` -------------------------------------------------------------------------------

def replay_text(public: Mapping[str, Any]) -> str:
    """A public view as terminal text for `companion replay`, in the table's language: where the
    bidding stands (who has locked, never what) and every revealed round. The same lines as the
    game's own `summary_text`, worded here because the game may not import the catalogs."""
    players = list(public.get("players", ()))

    def names(seats: Iterable[int]) -> str:
        return _(", ").join(str(players[s]["name"]) for s in seats) or "-"

    if public.get("phase") == "setup":
        return _("Secret bid: not set up") + "\n"
    bid = public.get("bid") or {}
    if public.get("finished"):
        lines = [_("Secret bid: finished after {n} revealed round(s)").format(n=len(public.get("results", ())))]
    elif bid.get("phase") == "bidding":
        locked = [s["seat"] for s in bid.get("seats", ()) if s.get("locked")]
        lines = [_("Secret bid: round {round}, bidding").format(round=public.get("round", "")),
                 "  " + _("locked: {names}").format(names=names(locked)),
                 "  " + _("waiting: {names}").format(names=names(bid.get("waiting", ())))]
    else:
        lines = [_("Secret bid: round {round} revealed").format(round=public.get("round", ""))]
    for result in public.get("results", ()):
        bids = " · ".join(f"{players[b['seat']]['name']} {b['amount']}" + ("" if b["locked"] else " " + _("(not locked)"))
                          for b in sorted(result["bids"], key=lambda b: -b["amount"]))
        winners = list(result["winners"])
        verdict = (_("no bids") if not winners else
                   _("highest: {names}").format(names=names(winners)) if len(winners) == 1 else
                   _("tie: {names}").format(names=names(winners)))
        head = (_("Round {round}, forced") if result["forced"] else _("Round {round}")).format(round=result["round"])
        lines.append(f"{head}: {bids or '-'} — {verdict}")
    return "\n".join(lines) + "\n"
