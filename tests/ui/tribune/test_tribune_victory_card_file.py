"""The victory card from the table's card file, by touch: on the victory card's screen the table
types the path of its file, taps the card in play among the file's ids, and the game starts with
that card's column for its player count; a bad card in the file is refused at Start, naming the
line and field, and a file that cannot be read or is not JSON says so at once. Tapping the picked card again goes back to the numbers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import settle, run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(240)

CARD_FILE = """[
  {"id": "A1", "columns": {"3": {"factions": 3, "laurels": 7, "legions": 4, "denarii": 35, "tribune": 1,
                               "favour": 2, "needed": 4}}},
  {"id": "B7", "columns": {"3": {"factions": 2, "laurels": 5, "legions": 3, "denarii": 25, "tribune": null,
                               "favour": 1, "needed": 3}}}
]"""


def test_the_card_in_play_is_picked_from_the_tables_card_file(session, tmp_path):
    good, bad = tmp_path / "cards.json", tmp_path / "bad.json"
    good.write_text(CARD_FILE, encoding="utf-8")
    bad.write_text(CARD_FILE.replace('"laurels": 5', '"laurels": "five"'), encoding="utf-8")

    def script(ui):
        app = ui.app
        yield from ui.tap("home.game.tribune")
        while app.setup_vm.count > 3:
            yield from ui.tap("tribune.setup.count.minus")
        for seat, name in enumerate(("Ann", "Bo", "Cy")):
            ui.find(f"tribune.setup.name.{seat}").text = name
        yield from ui.tap("tribune.setup.victory_card")
        ui.find("tribune.victory.card_file").text = str(tmp_path / "missing.json")
        yield from settle()
        assert ui.text("tribune.victory.card_file.note").startswith("The card file cannot be read")
        ui.find("tribune.victory.card_file").text = str(tmp_path / "notjson.json")
        (tmp_path / "notjson.json").write_text("[{", encoding="utf-8")
        ui.find("tribune.victory.card_file").text = ""
        ui.find("tribune.victory.card_file").text = str(tmp_path / "notjson.json")
        yield from settle()
        assert ui.text("tribune.victory.card_file.note").startswith("The card file is not JSON")
        ui.find("tribune.victory.card_file").text = str(bad)  # its ids listed; the rules check the rest
        yield from settle()
        yield from ui.tap("tribune.victory.card.B7")
        yield from ui.tap("tribune.victory.done")
        yield from ui.tap("tribune.setup.start")
        note = ui.text("tribune.setup.notice")
        assert ui.screen == "tribune_setup" and "line 4" in note and "columns.3.laurels" in note, note
        yield from ui.tap("tribune.setup.victory_card")
        ui.find("tribune.victory.card_file").text = str(good)
        yield from settle()
        assert ui.text("tribune.victory.card_file.note") == "2 cards in the file: tap the card in play."
        assert app.tribune.card_id == "B7", "the same ids: the card picked stays picked"
        yield from ui.tap("tribune.victory.card.A1")
        yield from ui.tap("tribune.victory.card.B7")
        assert ui.find("tribune.victory.card.B7").selected and not ui.find("tribune.victory.card.A1").selected
        yield from ui.tap("tribune.victory.card.B7")  # again: back to the numbers entered
        assert app.tribune.card_id == ""
        yield from ui.tap("tribune.victory.card.B7")
        yield from ui.tap("tribune.victory.done")
        assert ui.text("tribune.setup.victory") == "Victory card B7 from the card file"
        yield from ui.tap("tribune.setup.start")
        assert ui.screen == "tribune_table", ui.text("tribune.setup.notice")
        card = ui.app.session.table_view().view["board"]["victory"]
        assert card["id"] == "B7" and card["needed"] == 3 and card["thresholds"]["denarii"] == 25

    run_ui(session, script, watchdog=120)
