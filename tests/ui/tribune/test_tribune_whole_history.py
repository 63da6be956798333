"""The history of Tribune's whole game in English, 简体中文 and 繁體中文: every step has its words
(no event kind shows through), from public events only."""

from __future__ import annotations

import pytest

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from companion.ui.gameui import game_ui_for
from companion.ui.text import i18n

pytestmark = pytest.mark.timeout(60)
CARD = {"factions": 1, "laurels": None, "legions": None, "denarii": None, "tribune": None, "favour": None,
        "needed": 1}


def _play(session: Session) -> None:
    session.handle(Intent("new_game", {"game": "tribune", "setup": {
        "players": ["Ann", "Bo"], "mode": "full", "victory": CARD}}))
    plan = {0: ["faction:vestals", "VIII.1", "I.1", "VI.1"], 1: ["VIII.2", "III.1", "IV.1"]}
    while session.table_view().view["board"]["stage"] == "placement":
        seat = session.table_view().view["board"]["placer"]
        space = plan[seat].pop(0) if plan[seat] else "bowl"
        session.handle(Intent("place", {"seat": seat, "space": space}))
    answers = {"tribune.region_i": 2, "tribune.region_iii": {"value": 3, "take": "money"},
               "tribune.region_iv": {"cards": ["legates:4"], "discard": ["legates:1"]}, "tribune.region_vi": "buy",
               "tribune.takeover": ["vestals:0", "vestals:3"]}
    session.handle(Intent("declare", {"seat": 0}))
    session.handle(Intent("adjust", {"seat": 1, "what": "legions", "delta": 1}))
    for _ in range(30):
        view = session.table_view().view
        if view["finished"]:
            break
        if view["phase"] in ("region_viii", "chariot"):
            for seat in view["bid"]["waiting"]:
                session.handle(Intent("lock_bid", {"seat": seat, "amount": 1 if view["phase"] == "chariot" else 5 + seat}))
            continue
        ask = view["ask"]
        answer = answers.get(ask["kind"], "vestals" if ask["kind"] == "tribune.chariot_move" else None)
        session.handle(Intent("resolve", {"answer": answer}))
        assert session.notice is None or session.notice.level != "refused", session.notice


@pytest.mark.parametrize("language", ["en", "zh-Hans", "zh-Hant"])
def test_every_step_of_a_whole_game_has_its_words(tmp_path, language):
    session = Session(all_rules(), JournalStore(tmp_path))
    _play(session)
    assert session.table_view().view["finished"]
    ui = game_ui_for("tribune")
    previous = i18n.current_language() if hasattr(i18n, "current_language") else "en"
    i18n.set_language(language)
    try:
        rows = [row["text"] for row in ui.history_rows(session.history())]
    finally:
        i18n.set_language(previous)
    assert len(rows) > 20
    for text in rows:
        assert "tribune." not in text and text.strip(), text
    joined = "\n".join(rows)
    if language == "en":
        for words in ("Ann places a follower on a claim on Vestals.", "Ann pays 2 for the card in region I.",
                      "Bo takes 3 in region III.", "Ann buys a card in region VI.", "Ann plays leader · 3 for Vestals.",
                      "Ann declares a win", "Region VIII's pairs: laurels", "The whole game: 1 of Factions"):
            assert words in joined, words
    else:
        assert "随从" in joined or "隨從" in joined
    session.shutdown()
