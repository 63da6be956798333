"""The secret bid's words for `companion replay` (`companion.ui.gamewords`): where the bidding
stands and every revealed round, worded in `format` with the shared screens' lines (no Kivy)."""

from __future__ import annotations

from companion.ui.secretbid.format import replay_text

__all__ = ["replay_text"]
