"""Tribune's part of the app: a sealed-bid game (`companion.ui.secretbid.gameui`) whose controller
adds the start player and money (`app.tribune`)."""

from __future__ import annotations

from typing import Any

from companion.ui.text.i18n import _
from companion.ui.gameui import Describe
from companion.ui.secretbid.gameui import SealedBidGameUI
from companion.ui.tribune import board_words, history
from companion.ui.tribune.demo import TribuneDemo
from companion.ui.tribune.presenters import TribunePresenter


class TribuneGameUI(SealedBidGameUI):
    @classmethod
    def category_name(cls, category: str) -> str:
        """The keeper's one category (money), or a victory condition of the whole game."""
        if category == "money":
            return _("Money at the end")
        return board_words.condition_name(category)

    @classmethod
    def rule_name(cls, rule: str) -> str:
        if rule.startswith("Tribune 3.5"):
            return _("Tribune 3.5: the victory card's conditions, checked at every round's end")
        return _("Tribune: the money is open; the winners are those the table named")

    screens = {"tribune_setup": "companion.ui.tribune.setup", "tribune_table": "companion.ui.tribune.table",
               "tribune_private": "companion.ui.tribune.private_screen",
               "tribune_victory": "companion.ui.tribune.victory_setup",
               "tribune_settings": "companion.ui.tribune.settings_page"}
    demo = TribuneDemo()
    presenter_class = TribunePresenter
    start_kind = history.START_KIND

    @classmethod
    def history_describer(cls) -> Describe:
        return history.history_describer()

    def make_controller(self) -> Any:
        from companion.ui.tribune.controller import TribuneUI

        return TribuneUI(**self.controller_args())
