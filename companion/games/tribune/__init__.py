"""Tribune: Primus inter Pares, as a money-and-bids keeper (not the whole board, yet).

What the app keeps for Tribune today: the players and the start player, every player's denarii
(public information, digest 3.4), a round counter the table advances, the chariot (on the board or
off it, and who won it last), and the game's two sealed bids, run on the handheld pads through the
core's sealed-bid round (`companion.core.sealed`):

* region V (digest 3.3): the two occupants bid; the winner pays his bid to the other bidder; a tie
  goes to the player on space 1;
* the chariot auction (digest 3.4, phase 6): everybody bids; the highest pays the bank; a tie gives
  every bid back and takes the chariot off the board.

Everything else the board does with money (the coin bowl, buying cards, region VI's peek, faction
benefits) the table enters by hand as "take n" or "pay n", with an optional reason. Cards, followers,
factions, laurels and victory conditions are not modelled: the table keeps them on the board.

Modules: `state`, `commands`, `events`, `rules` (decide/apply), `view`, `settings`, `money` (the set-up
money and hand adjustments) and `bids` (what each reveal settles).
"""
