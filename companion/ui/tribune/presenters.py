"""Tribune on the pads' OLEDs (pure, no Kivy): a seat's own question of the whole game in the
players' words — where its follower goes (− / + walk the legal spaces, OK places), region V alone,
region VI, where the chariot moves — instead of the rules' ids ("faction:vestals"). The sealed bids
and region VIII's pairs are the default sealed-bid screens."""

from __future__ import annotations

from typing import Any, Mapping

from companion.presenters.game import GamePresenter
from companion.ui.text.i18n import N_, _
from companion.ui.tribune import board_words as words

QUESTIONS = {"tribune.place": N_("Where does your follower go?"), "tribune.region_v_single": N_("Region V: take two cards?"),
             "tribune.region_vi": N_("Region VI: buy a card?"), "tribune.chariot_move": N_("Move the chariot?")}


class TribunePresenter(GamePresenter):
    def question(self, ask: Mapping[str, Any]) -> str:
        kind = str(ask.get("kind", ""))
        if kind in QUESTIONS:
            return _(QUESTIONS[kind])
        return super().question(ask)

    def answer_label(self, ask: Mapping[str, Any], value: Any) -> str:
        kind = str(ask.get("kind", ""))
        if kind.startswith("tribune."):
            return words.option_label(kind, value, ())
        return super().answer_label(ask, value)
