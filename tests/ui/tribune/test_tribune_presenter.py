"""A seat's pad answers its own whole-game question in the players' words: where its follower goes
(the legal spaces as "I·2", "Claim Vestals", never the rules' ids), in the table's language."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "tribune"))

from companion.core.views import to_data  # noqa: E402
from companion.ui.text import i18n  # noqa: E402
from companion.ui.tribune.presenters import TribunePresenter  # noqa: E402
from whole_helpers import Table  # noqa: E402


def test_the_placing_question_reads_in_the_players_words_on_the_pad():
    table = Table(3)
    ask = to_data(table.ask)
    presenter = TribunePresenter(text=i18n._)
    labels = [presenter.answer_label(ask, option) for option in ask["options"]]
    assert "Claim Vestals" in labels and "I·1" in labels and "Coin bowl" in labels
    assert not any(":" in label or "." in label for label in labels), labels
    assert presenter.question(ask) == "Where does your follower go?"
    previous = i18n.current_language()
    try:
        i18n.set_language("zh-Hans")
        assert presenter.answer_label(ask, "faction:vestals") == "拉拢女祭司"
        assert presenter.question(ask) == "随从放哪里？"
    finally:
        i18n.set_language(previous)
