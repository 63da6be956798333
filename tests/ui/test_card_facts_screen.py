"""The card-facts screen (Settings → Card facts) through a real offscreen window, by touch alone:
an activity card's divisor stepped up, a value the game's rules refuse told with its field and
rule (nothing written), back to the data's value, then a Troyes game started from home whose
set-up says the table's facts are in force and whose engine plays with them, while an older game
resumed keeps its own; the screen fits in all three profiles and both languages."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from uiharness import LayoutProblems, duplicate_wids, run_ui, settle, until  # noqa: E402

from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(300)

DIVISOR = "card_facts.field.divisor"


def _facts(session) -> dict:
    path = session.store.data_dir / "card-facts" / "troyes.json"
    return json.loads(path.read_text())["edits"] if path.exists() else {}


def test_a_divisor_set_by_touch_is_played_by_the_next_game_and_not_by_an_older_one(session):
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": ["Ann", "Bo"], "seed": 5}}))
    older = session.engine.journal.path
    session.handle(Intent("close"))

    def script(ui):
        vm = ui.app.card_facts_vm
        yield from ui.tap("home.settings")
        yield from ui.tap("settings.card_facts")
        assert ui.screen == "card_facts"
        yield from settle()
        assert vm.title == "Card facts: Troyes" and ui.text("card_facts.entry") == "Blacksmith"
        assert ui.text(f"{DIVISOR}.value") == "3"
        assert not ui.shown(f"{DIVISOR}.restore") or ui.find(f"{DIVISOR}.restore").disabled
        yield from ui.tap(f"{DIVISOR}.plus")
        yield from until(lambda: ui.shown(f"{DIVISOR}.value") and ui.text(f"{DIVISOR}.value") == "4",
                         what="the divisor at 4")
        yield from ui.tap(f"{DIVISOR}.plus")
        yield from until(lambda: ui.text(f"{DIVISOR}.value") == "5", what="the divisor at 5")
        assert _facts(ui.app.session) == {"cards": {"blacksmith": {"divisor": 5}}}
        row = next(r for r in vm.fields if r["name"] == "divisor")
        assert row["status"] == "Set by this table · the data: 3"
        assert ui.text(f"{DIVISOR}.restore") == "Back to 3"
        assert any(e["text"] == "● Blacksmith" for e in vm.entries)  # marked in the list too
        # a value the rules refuse: the raid's grey cubes must leave one of its 3 flags free
        yield from ui.tap("card_facts.table.events")
        yield from settle()
        assert ui.text("card_facts.entry") == "Raid"
        for _ in range(3):  # 0 → 1 → 2, then 3 is refused
            yield from ui.tap("card_facts.field.neutral.plus")
            yield from settle()
        assert vm.notice_text.startswith("raid.neutral: expected 0 ... 2.") and "Troyes card data" in vm.notice_text
        assert ui.text("card_facts.field.neutral.value") == "2"
        assert _facts(ui.app.session)["events"] == {"raid": {"neutral": 2}}
        yield from ui.tap("card_facts.field.neutral.restore")  # back to the data's value
        yield from until(lambda: ui.text("card_facts.field.neutral.value") == "0", what="the grey cubes back at 0")
        assert vm.notice_text == "" and "events" not in _facts(ui.app.session)
        yield from ui.tap("card_facts.back")
        assert ui.screen == "settings"
        yield from ui.tap("settings.back")
        yield from ui.tap("home.game.troyes")
        assert ui.screen == "troyes_setup"
        yield from settle()
        assert ui.text("troyes.setup.card_facts") == "Table's card facts (1)"
        yield from ui.tap("troyes.setup.card_facts")  # one tap to check them
        assert ui.screen == "card_facts"
        yield from ui.tap("card_facts.back")
        assert ui.screen == "troyes_setup"
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.app.session.engine is not None and ui.app.session.engine.journal.path != older,
                         what="the new Troyes game")
        state = ui.app.session.engine.state
        assert state.catalog.cards["blacksmith"].divisor == 5  # the engine plays the table's value
        ui.app.post(Intent("resume", {"path": str(older)}))
        yield from until(lambda: ui.app.session.engine.journal.path == older, what="the older game resumed")
        assert ui.app.session.engine.state.catalog.cards["blacksmith"].divisor == 3  # its own set-up's value

    run_ui(session, script)


#: What the card-facts screen must never show a table: the digests' source keys and addresses.
SOURCE_KEYS = ("S:", "U:", "S004", "troyes.md", "ultraboardgames", "http", "jedisjeux", "trictrac")


def test_where_a_card_fact_comes_from_is_said_in_the_players_words_in_every_language(session):
    """The note under a card's facts and each fact's status say who gives it (the rulebook in the
    box and where, another printing, players' reports, nobody) in the table's language, by touch
    through the window; the data's own source note stays in the data file."""

    def script(ui):
        yield from ui.tap("home.settings")
        yield from ui.tap("settings.card_facts")
        yield from settle()
        assert ui.text("card_facts.entry") == "Blacksmith"
        assert ui.text("card_facts.source").split("\n") == [
            "Name: from another printing of the game, not the rulebook in your box; check against your box.",
            "Colour, Round it enters, Cost (deniers), Divisor: no source; the app's values are placeholders: "
            "enter your box's."]
        assert ui.text(f"{DIVISOR}.status") == "No source: check your box"
        yield from ui.tap("card_facts.pick.monk")
        yield from settle()
        assert "Colour, Round it enters: from players' reports" in ui.text("card_facts.source")
        assert ui.text("card_facts.field.colour.status") == "Play reports: check your box"
        yield from ui.tap("card_facts.table.events")
        yield from settle()
        assert ui.text("card_facts.entry") == "Raid"
        assert ui.text("card_facts.source").startswith("The rulebook in your box gives Name (section 4).")
        seen = {}
        for code in ("zh-Hans", "zh-Hant", "en"):
            yield from ui.tap("card_facts.back")
            yield from ui.tap(f"settings.lang.{code}")
            yield from ui.tap("settings.card_facts")
            yield from settle()
            for table, entry in (("events", "raid"), ("cards", "monk"), ("characters", "thibaut_ii")):
                yield from ui.tap(f"card_facts.table.{table}")
                yield from ui.tap(f"card_facts.pick.{entry}")
                yield from settle()
                note = ui.text("card_facts.source")
                statuses = [ui.text(f"card_facts.field.{row['name']}.status") for row in ui.app.card_facts_vm.fields]
                assert note and not any(key in text for key in SOURCE_KEYS for text in [note, *statuses]), (code, note)
                seen[code, entry] = note
        assert seen["zh-Hans", "raid"].startswith("你游戏盒里的规则书写明了名称（第 4 节）。")
        assert seen["zh-Hant", "monk"].startswith("名稱：出自本遊戲的其他版本")
        assert "box" not in seen["zh-Hans", "thibaut_ii"] and "box" in seen["en", "thibaut_ii"]

    run_ui(session, script)


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_the_card_facts_screen_fits(session, profile):
    problems = LayoutProblems(profile)
    session.set_data("troyes", "cards", "blacksmith", "divisor", 4)
    session.set_data("troyes", "characters", "thibaut_ii", "measure", "influence")

    def script(ui):
        for language in ("en", "zh-Hans"):
            ui.app.set_language(language)
            ui.app.go("card_facts")
            yield from problems.check(ui, "cards")
            assert not duplicate_wids(ui.app.root)
            yield from ui.tap("card_facts.table.events")
            yield from problems.check(ui, "events")
            yield from ui.tap("card_facts.table.characters")
            yield from ui.tap("card_facts.pick.thibaut_ii")
            yield from problems.check(ui, "characters")
            yield from ui.tap("card_facts.table.cards")
        ui.app.go("settings")
        yield from problems.check(ui, "settings")

    run_ui(session, script, profile=profile)
    assert not problems
