"""A bidding seat's private entry for Tribune's bids: the secret bid's screen (hand-over, entry,
hand-back; `companion/ui/secretbid/private.kv`) over `app.tribune.private`, with wids
"tribune.private.…". Its keys are the seat's pad keys (`Intent("seat_key", …)`), so the session
keeps the draft exactly as for a pad."""

from __future__ import annotations

from companion.ui.secretbid.private_screen import PrivateEntryScreen


class TribunePrivateScreen(PrivateEntryScreen):
    OWNER = "tribune"
    PREFIX = "tribune.private"


SCREEN_CLASS = TribunePrivateScreen
