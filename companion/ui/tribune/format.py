"""Words for Tribune's shared screens and its history, from public data only.

Pure functions over the public view and public events, translated with `i18n._`, so every line is
testable without a window. Nothing here is ever given a seat's private view.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.ui.text import formatting as fmt
from companion.ui.text.i18n import N_, _
from companion.ui.tribune.board_words import name_of, pairs_verdict

GAME = "tribune"
REGION_V, CHARIOT, REGION_VIII = "region_v", "chariot", "region_viii"

#: The start player's denarii and what each next seat clockwise gets more (digest 3.1). The UI may
#: not import the rules to read them; tests/ui/tribune keeps these equal to the rules' own.
START_MONEY, START_MONEY_STEP = 12, 1

#: Reasons the money panel offers in one tap: (the reason journaled, an amount it sets or None).
#: The journal keeps the English words; a known reason is shown translated (`reason_text`).
REASONS: tuple[tuple[str, int | None], ...] = (
    (N_("coin bowl"), 7),
    (N_("coin bowl"), 5),
    (N_("card"), None),
    (N_("region VI"), None),
)
_KNOWN_REASONS = {reason for reason, _amount in REASONS}


def start_money(players: int, start_player: int) -> list[int]:
    """Each seat's denarii at the start, for the set-up's preview: 12 for the start player, one
    more for each seat clockwise after him (the rules give the real amounts when the game starts)."""
    return [START_MONEY + START_MONEY_STEP * ((seat - start_player) % players) for seat in range(players)]


def reason_text(reason: str) -> str:
    """A journaled reason in the current language when it is one of the panel's, else as typed."""
    return _(reason) if reason in _KNOWN_REASONS else reason


def reason_label(reason: str, amount: int | None) -> str:
    """A reason button: "Coin bowl +7", or the reason alone when it sets no amount."""
    text = reason_text(reason)
    text = text[:1].upper() + text[1:]
    return f"{text} +{amount}" if amount is not None else text


def denarii(amount: int) -> str:
    return _("{amount} denarii").format(amount=amount)


_name = name_of  # one way to name a seat: the screen's (board_words)


def chariot_text(chariot: Mapping[str, Any], names: Sequence[str]) -> str:
    """Where the chariot stands and who won it last: "Chariot on the board · won by Ann"."""
    where = _("Chariot on the board") if chariot.get("on_board") else _("Chariot off the board")
    holder = chariot.get("holder")
    if holder is None:
        return where
    return _("{where} · won by {name}").format(where=where, name=_name(names, holder))


def table_title(phase: str, rnd: int) -> str:
    """The table's title: the round, and while a bid is open, which bid (its cards name the
    bidders and, in region V, their spaces)."""
    if phase == REGION_V:
        return _("Round {round} · Region V").format(round=rnd)
    if phase == CHARIOT:
        return _("Round {round} · Chariot auction").format(round=rnd)
    if phase == REGION_VIII:
        return _("Round {round} · Region VIII pairs").format(round=rnd)
    return _("{game} · Round {round}").format(game=fmt.game_title(GAME), round=rnd)


def result_title(result: Mapping[str, Any]) -> str:
    if result.get("kind") == REGION_VIII:
        return (_("Region VIII, round {round}: revealed early by the table") if result.get("forced")
                else _("Region VIII, round {round}: pairs revealed")).format(round=result.get("round", ""))
    if result.get("kind") == REGION_V:
        return (_("Region V, round {round}: revealed early by the table") if result.get("forced")
                else _("Region V, round {round}: bids revealed")).format(round=result.get("round", ""))
    return (_("Chariot auction, round {round}: revealed early by the table") if result.get("forced")
            else _("Chariot auction, round {round}: bids revealed")).format(round=result.get("round", ""))


def _bid_of(result: Mapping[str, Any], seat: Any) -> int:
    return next((int(b["amount"]) for b in result.get("bids", ()) if b["seat"] == seat), 0)


def verdict_text(result: Mapping[str, Any], names: Sequence[str]) -> str:
    """Who won and who paid whom (or the bank), said plainly, ties included."""
    if result.get("kind") == REGION_VIII:
        return pairs_verdict(result, names)
    winner = result.get("winner")
    payments = list(result.get("payments", ()))
    paid = int(payments[0]["amount"]) if payments else 0
    if result.get("kind") == REGION_V:
        payee = _name(names, payments[0]["to"]) if payments else ""
        if result.get("tie"):
            if paid:
                return _("Tie at {amount}: {winner} on space 1 wins and pays {amount} to {loser}.").format(
                    amount=paid, winner=_name(names, winner), loser=payee)
            return _("Tie at {amount}: {winner} on space 1 wins and pays nothing.").format(
                amount=_bid_of(result, winner), winner=_name(names, winner))
        return _("{winner} wins region V and pays {amount} to {loser}.").format(
            winner=_name(names, winner), amount=paid, loser=payee)
    if winner is None:
        tied = list(result.get("winners", ()))
        return _("Tie for the highest bid ({amount}): {names}. Nobody pays; the chariot goes off the board.").format(
            amount=_bid_of(result, tied[0]) if tied else 0, names=fmt.join_names(_name(names, s) for s in tied))
    return _("{winner} wins the chariot and pays {amount} to the bank.").format(
        winner=_name(names, winner), amount=paid)


def rule_text(result: Mapping[str, Any]) -> str:
    """The rule behind the outcome, for the table to check: the tie rules above all."""
    if result.get("kind") == REGION_VIII:
        return _("Tribune 3.3: the highest pair takes 2 laurels, every other pair 1.")
    if result.get("kind") == REGION_V:
        if result.get("tie"):
            return _("Tribune 3.3: a tie goes to the player on space 1.")
        return _("Tribune 3.3: the winner pays his bid to the other bidder, not to the bank.")
    if result.get("winner") is None:
        return _("Tribune 3.4: a tie for the highest bid gives every bid back and takes the chariot off the board.")
    return _("Tribune 3.4: the highest bid pays the bank; the others pay nothing.")


def money_line(players: Sequence[Mapping[str, Any]], seats: Sequence[int]) -> str:
    """The bidders' money now: "Money now: Ann 4 · Bo 22"."""
    by_seat = {int(p["seat"]): p for p in players}
    parts = [f"{by_seat[s]['name']}{fmt.NBSP}{by_seat[s]['money']}" for s in seats if s in by_seat]
    return _("Money now: {money}").format(money=" · ".join(parts))
