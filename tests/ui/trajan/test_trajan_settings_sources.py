"""The rules-settings page says where each default comes from in the players' words (issue 19): the
rulebook in the box and its page, another source, or no source, and so to check the box; in the
table's language, opened by touch, never a digest's key ("U: HEM; FRK says 12/17/22"), which stay in
docs/trajan.md; and the page is legible (nothing cut) in each profile and language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legibility import legibility_problems  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(150)

#: The rules digests' source keys and marks: a table does not know them.
KEYS = ("HEM", "FRK", "KNOB", "MONO", "S:", "U:", "S/U", "Trajan 1.", "rulebook p")


def test_every_trajan_setting_says_who_gives_its_default():
    from companion.games.trajan import settings

    offer = settings.setup_offer()
    names = [name for name, *_rest in offer["settings"]]
    assert sorted(offer["said"]) == sorted(names)
    assert offer["said"]["start_trays_two_colours"] == {"by": "box", "page": "3"}
    assert offer["said"]["bonus_tile_counts_itself"]["by"] == ""  # U: nobody says it


@pytest.mark.parametrize("profile", ["800x480", "720x1280"])
def test_the_settings_page_says_its_sources_in_the_players_words_by_touch(session, profile):
    seen: dict[str, dict[str, str]] = {}
    problems: list[str] = []

    def script(ui):
        ui.app.open_game("trajan")
        yield from settle()
        for language in ("en", "zh-Hans", "zh-Hant"):
            ui.app.set_language(language)
            yield from ui.tap("trajan.setup.settings")
            yield from settle()
            yield from ui.tap("trajan.setup.setting.lap_length")  # the other source's reading
            yield from settle()
            rows = {r["name"]: r for r in ui.app.trajan_setup_vm.settings_rows}
            shown = {name: ui.text(row["wid"]) for name, row in rows.items()}
            for text in shown.values():
                assert not any(key in text for key in KEYS), (language, text)
            seen[language] = shown
            problems.extend(legibility_problems(ui, f"{profile} {language} settings"))
            yield from ui.tap("trajan.setup.setting.lap_length")  # back to the default
            yield from ui.tap("trajan.setup.settings.done")

    run_ui(session, script, profile=profile)
    en = seen["en"]
    assert "The rulebook in your box, page 3" in en["start_trays_two_colours"]
    assert "The rulebook in your box, page 11–12" in en["demand_wildcard_counts_for_bonus"]
    assert "Other source: check your box" in en["senate_values"]
    assert "No source: check your box" in en["bonus_tile_counts_itself"]
    assert "Other source: 2p 12 / 3p 17 / 4p 22" in en["lap_length"]
    assert "你游戏盒里的规则书，第 3 页" in seen["zh-Hans"]["start_trays_two_colours"]
    assert "你遊戲盒裡的規則書，第 3 頁" in seen["zh-Hant"]["start_trays_two_colours"]
    assert "其他来源：2 人 12" in seen["zh-Hans"]["lap_length"]
    assert not problems, "\n".join(problems)
