"""What Tribune's two sealed bids settle at their reveal (digest 3.3 region V, 3.4 chariot).

Both bids are the core's sealed-bid round; each seat's limit is its money, so no bid can cost more
than the bidder has, and a bidder's money cannot change while his bid is open (the rules refuse a
hand adjustment then). The reveal is the core's `BidsRevealed`; these functions read it and return
the Tribune event that settles it, which the rules journal in the same step.

Sources (shared keys, /work/shared/rules/tribune.md): S003 is the PTT rules post with a reply citing
the BGG translation of the German rules.
"""

from __future__ import annotations

from typing import Sequence

from companion.core import sealed
from companion.core.sealed import Reveal
from companion.games.tribune.events import ChariotSettled, RegionVSettled
from companion.games.tribune.settings import TribuneSettings


def open_region_v(space1: int, space2: int, money: Sequence[int], settings: TribuneSettings) -> sealed.RoundOpened:
    """Region V with two occupants (digest 3.3 [S003]): a sealed bid between them, each up to his
    money. The tie order puts space 1 first, so the core's reveal already ranks a tie "space 1
    wins" (digest 3.6 item 3)."""
    return sealed.open_round((space1, space2), (money[space1], money[space2]), min_bid=settings.min_bid,
                             unlocked=settings.unlocked_bids, tie_order=(space1, space2))


def open_chariot(money: Sequence[int], settings: TribuneSettings) -> sealed.RoundOpened:
    """The chariot auction (digest 3.4, phase 6 of 3.2 [S003]): every seat bids up to its money. No
    tie order: a tie for the highest bid is its own outcome (everybody's bid back)."""
    return sealed.open_round(range(len(money)), money, min_bid=settings.min_bid, unlocked=settings.unlocked_bids)


def settle_region_v(result: Reveal, space1: int, space2: int, settings: TribuneSettings) -> RegionVSettled:
    """Region V (digest 3.3 [S003 + reply], 3.6 item 3): the higher bid wins and the winner pays his
    bid to the **other bidder** (not the bank); equal bids: the player on space 1 wins. Whether a
    tie still costs the winner his bid is `settings.region_v_tie_winner_pays` (default: it does,
    since the digest makes space 1 the winner and the winner pays)."""
    first, second = result.amount(space1), result.amount(space2)
    # Both amounts count under the two forced-reveal policies Tribune allows (settings.UNLOCKED_CHOICES).
    assert first is not None and second is not None
    tie = first == second
    winner, loser = (space1, space2) if first >= second else (space2, space1)
    assert result.winners == (winner,)  # the core ranked the tie by the tie order (space 1 first)
    amount = max(first, second) if (not tie or settings.region_v_tie_winner_pays) else 0
    return RegionVSettled(winner, loser, amount, tie)


def settle_chariot(result: Reveal, on_board: bool, settings: TribuneSettings) -> ChariotSettled:
    """The chariot (digest 3.4 [S003 + reply], 3.6 item 4): the single highest bid wins and is paid
    to the **bank**; the others pay nothing. A tie for the highest bid: everybody takes his bid back
    (nobody pays) and the chariot goes off the board. A win leaves the chariot where it is, unless
    `settings.chariot_win_returns_it` brings an off-board chariot back."""
    winners = result.winners
    if len(winners) != 1:
        return ChariotSettled(None, 0, tuple(winners), False)
    winner = winners[0]
    amount = result.amount(winner)
    assert amount is not None
    return ChariotSettled(winner, amount, (), on_board or settings.chariot_win_returns_it)
