"""The pads' words in the current language: `PadWords` with every template through `_()`.

Kivy-free, so the seat feed and its tests use it without a window. The English msgids are
`companion.presenters.pad_screens.PadWords`' defaults, word for word (a test keeps them equal), so
the catalogs' entries are what the pads show. A game's own phrases are its presenter's (for
Trajan, `companion.ui.trajan.presenters`).
"""

from __future__ import annotations

from companion.presenters.pad_screens import PadWords
from companion.ui.text.i18n import _


def pad_words() -> PadWords:
    """The texts a pad shows, translated now (call again after a language switch)."""
    return PadWords(
        bid_title=_("{name} · round {round}"),
        ok_to_lock=_("OK locks your bid"),
        waiting=_("waiting for {n}"),
        hold_to_change=_("hold OK to change"),
        not_bidding=_("not in this round"),
        no_round=_("no bidding now"),
        you_won=_("You win: {amount}"),
        you_tie=_("You tie: {amount}"),
        won=_("{name} wins: {amount}"),
        tie=_("Tie: {name} {amount}"),
        no_bids=_("No bids"),
        ranking=_("{place}. {name} {amount}"),
        game_over=_("game over"),
        turn_title=_("{name} · your turn"),
        menu_help=_("-/+ choose, OK plays"),
        turn_of=_("{name}'s turn"),
        points=_("{score} points"),
        place=_("place {place}"),
        score_help=_("-/+ one point"),
        answer_title=_("{name} · your answer"),
        answer_help=_("-/+ pick, OK answers"),
    )
