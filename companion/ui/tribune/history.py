"""Tribune's history lines, from public events only (`view.public_event`: a lock says whose, never
what; the reveal says everything; money is public in Tribune).

`TribuneGameUI.history_describer` is `history_describer()` (the names come from `START_KIND`,
the first event of a Tribune journal). A bid's opening step holds the Tribune event and the core's
round opening: the line says who bids once, from the Tribune event, and leaves out the round's
limits (each bidder's money, already on the screen). A reveal step holds the core's reveal (every bid, highest first)
and the Tribune event saying who paid whom: both are said, in that order (the bids without the
generic "highest: …", since the next sentence names the winner).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.formatting import Describe
from companion.ui.text.i18n import _
from companion.ui.tribune import whole_history
from companion.ui.tribune.board_words import name_of
from companion.ui.tribune.format import reason_text

START_KIND = "tribune.started"
OPENINGS = ("tribune.region_v_opened", "tribune.chariot_opened")


_name = name_of  # one way to name a seat: the screen's (board_words)


def _money(event: Mapping[str, Any], players: Sequence[str]) -> str:
    seat, delta, reason = event.get("seat"), int(event.get("delta", 0)), str(event.get("reason") or "")
    name = _name(players, seat)
    if reason:
        template = _("{name} took {amount} ({reason}).") if delta > 0 else _("{name} paid {amount} ({reason}).")
        return template.format(name=name, amount=abs(delta), reason=reason_text(reason))
    template = _("{name} took {amount}.") if delta > 0 else _("{name} paid {amount}.")
    return template.format(name=name, amount=abs(delta))


def describe_event(event: Mapping[str, Any], players: Sequence[str]) -> str:
    """One Tribune event as a history line (a sealed-bid event: the generic line)."""
    kind = str(event.get("kind", ""))
    if kind == START_KIND:
        names = [str(n) for n in event.get("players", ())]
        money = " · ".join(f"{n}{fmt.NBSP}{m}" for n, m in zip(names, event.get("money", ())))
        return _("Seated {players}; {name} starts. Money: {money}.").format(
            players=fmt.join_names(names), name=_name(names, event.get("start_player", 0)), money=money)
    if kind == "tribune.money_adjusted":
        return _money(event, players)
    if kind == "tribune.region_v_opened":
        return _("Region V bid opened: {first} (space 1) and {second} (space 2).").format(
            first=_name(players, event.get("space1")), second=_name(players, event.get("space2")))
    if kind == "tribune.region_v_settled":
        template = (_("Tie, space 1 wins: {winner} pays {amount} to {loser}.") if event.get("tie")
                    else _("{winner} pays {amount} to {loser}."))
        return template.format(winner=_name(players, event.get("winner")), loser=_name(players, event.get("loser")),
                               amount=event.get("amount", 0))
    if kind == "tribune.chariot_opened":
        return _("Chariot auction opened: everybody bids.")
    if kind == "tribune.chariot_settled":
        if event.get("winner") is None:
            return _("Tie for the chariot: {names}; every bid back, the chariot goes off the board.").format(
                names=fmt.join_names(_name(players, s) for s in event.get("tied", ())))
        return _("{winner} wins the chariot and pays {amount} to the bank.").format(
            winner=_name(players, event.get("winner")), amount=event.get("amount", 0))
    if kind == "tribune.chariot_placed":
        if event.get("on_board"):
            return _("The chariot was put on the board.")
        return _("The chariot was taken off the board.")
    if kind == "tribune.round_advanced":
        return _("Round {round} began.").format(round=event.get("round", ""))
    if kind == "tribune.finished":
        return _("Tribune finished.")
    if kind in whole_history.KINDS:
        return whole_history.describe(event, players, _name)
    if kind == "sealed.revealed":
        # Without the generic "— highest: …": the Tribune line after it says who won and paid.
        template = _("Bids revealed early: {bids}.") if event.get("forced") else _("Bids revealed: {bids}.")
        return template.format(bids=fmt.format_revealed_bids(event, players) or "—")
    return fmt.format_event(event, players)


def history_describer() -> Describe:
    """The describer for `formatting.history_texts`: it remembers the previous event, so a round
    opened with a bid is said once (by the bid's own line)."""
    previous = {"kind": ""}

    def describe(event: Mapping[str, Any], players: Sequence[str]) -> str:
        kind = str(event.get("kind", ""))
        after_opening, previous["kind"] = previous["kind"] in OPENINGS, kind
        if kind == "sealed.opened" and after_opening:
            return ""
        return describe_event(event, players)

    return describe
