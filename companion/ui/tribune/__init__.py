"""Tribune at the table: set-up, the shared table (money, chariot, round, the two sealed bids) and
a bidding seat's private entry.

Tribune's part in the app is a money-and-bids keeper (docs/tribune.md): the screens show every
player's denarii (public in Tribune), the round and the chariot, take and pay money by hand, and
run region V's bid and the chariot auction on the pads. The bids reuse the secret bid's pieces
(`companion.ui.secretbid`: the seat cards, the Reveal now question, the result rows, the private
entry screen and its model), so a bid looks and behaves the same in every game.

Two audiences, kept apart by construction as in the secret bid: the shared screens are fed
`TableView`s only (who has locked, never what, until the reveal); the private entry model alone
reads `session.seat_view(seat)`, for the seat handed the screen. Nothing here imports
`companion.games`: the rules decide, the screens show.
"""
