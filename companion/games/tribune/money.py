"""Tribune's money at the set-up and by hand (digest 3.1, 3.3, 3.4).

Confirmed rules, not settings:

* 2 to 5 players (digest 3, heading) [UBG-TRI; SFRED].
* Start money: the start player 12 denarii, the next player clockwise 13, then 14, … (digest 3.1,
  **C** [S003; SFRED; spieletest.at]). Seats are numbered clockwise, so seat (start + k) gets 12 + k.
* Money is public information (digest 3.4, **S** [S003 reply: the BGG consensus]): every player's
  denarii are in the public view, on the shared screen.

The board moves money in many places the app does not model (the coin bowl's 7 then 5, cards bought
in regions I–III, region VI's 4/3/2 to the arena, faction benefits): the table enters each as a hand
adjustment, "take n" or "pay n" with an optional reason. Nobody ever pays more than he has.
"""

from __future__ import annotations

from companion.core.errors import IllegalCommand

MIN_PLAYERS = 2
MAX_PLAYERS = 5
START_MONEY = 12  # the start player's denarii (digest 3.1, C)
START_MONEY_STEP = 1  # each next player clockwise gets one more (digest 3.1, C)


def start_money(players: int, start_player: int) -> tuple[int, ...]:
    """Each seat's denarii at the start: 12 for the start player, one more for each seat clockwise
    after him (digest 3.1, C)."""
    return tuple(START_MONEY + START_MONEY_STEP * ((seat - start_player) % players) for seat in range(players))


def check_adjustment(name: str, money: int, delta: int, largest: int) -> None:
    """Refuses a hand adjustment that moves nothing, moves more than `largest` (a slip), or would
    leave the player with less than nothing."""
    if delta == 0 or abs(delta) > largest:
        raise IllegalCommand("Tribune money", "Take or pay from 1 to {max} denarii.", max=largest)
    if money + delta < 0:
        raise IllegalCommand("Tribune money", "{name} has only {money} denarii and cannot pay {amount}.",
                             name=name, money=money, amount=-delta)
