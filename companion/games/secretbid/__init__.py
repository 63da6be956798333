"""Secret bid: sealed-bid rounds for any game night, on the handheld pads.

Seat 2 to 8 players (limits optional), then round after round each seat adjusts its bid on its pad
(− / +), locks it (OK) and may unlock it to change it (OK held); when every seat has locked, or the
table forces it, the bids are revealed: the highest, and any tie, listed. It is the core's sealed-bid
round (`companion.core.sealed`) as a game of its own, and the first user of it.
"""
