"""The rules-settings page says what its source keys mean ("U: HEM; FRK says 12/17/22"): under
the rows, one line per key the rows use, in the table's language, opened by touch; and the page is
legible (nothing cut, small print only for the legend) in each profile and language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from legibility import legibility_problems  # noqa: E402
from uiharness import run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(150)


def test_the_legend_names_exactly_the_keys_used_in_order():
    from companion.ui.trajan import names

    assert names.source_legend(["Trajan 1.1 (U: HEM; FRK says 12/17/22)"]) == [
        names.SOURCE_KEYS[k] for k in ("Trajan", "U", "HEM", "FRK")]
    # S/U is both keys; a word merely containing a key's letters ("Senate", "Users") is none
    assert names.source_legend(["Trajan 1.9 (S/U: HEM)", "Senate space values"]) == [
        names.SOURCE_KEYS[k] for k in ("Trajan", "S", "U", "HEM")]
    assert names.source_legend(["yes", "no"]) == []


@pytest.mark.parametrize("profile", ["800x480", "720x1280"])
def test_the_settings_page_explains_its_sources_by_touch(session, profile):
    from companion.ui.text.i18n import _
    from companion.ui.trajan import names

    seen: dict[str, str] = {}
    problems: list[str] = []

    def script(ui):
        ui.app.open_game("trajan")
        yield from settle()
        for language in ("en", "zh-Hans", "zh-Hant"):
            ui.app.set_language(language)
            yield from ui.tap("trajan.setup.settings")
            yield from settle()
            assert ui.shown("trajan.setup.settings.legend")
            rows = " ".join(r["source"] + " " + r["value"] for r in ui.app.trajan_setup_vm.settings_rows)
            legend = ui.text("trajan.setup.settings.legend")
            seen[language] = legend
            # every key the page's rows show (as the game wrote them) is explained, in this language
            for key, meaning in names.SOURCE_KEYS.items():
                used = any(names._SOURCE_KEY_RE.search(info.source) and key in names._SOURCE_KEY_RE.findall(info.source)
                           for info in ui.app.trajan_setup_vm._settings)
                if used:
                    assert _(meaning) in legend, (language, key)
            assert rows  # the rows themselves are on the page
            problems.extend(legibility_problems(ui, f"{profile} {language} settings"))
            yield from ui.tap("trajan.setup.settings.done")

    run_ui(session, script, profile=profile)
    assert "HEM" in seen["en"] and "Hemenway" in seen["en"]
    assert seen["zh-Hans"] != seen["en"] and seen["zh-Hant"] != seen["zh-Hans"], "the legend is translated"
    assert not problems, "\n".join(problems)
