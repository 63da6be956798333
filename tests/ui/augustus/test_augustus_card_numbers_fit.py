"""The card entry's numbers, seen from a seat: every number 1–88 at one size and on one line,
a taken one ("8✔", in the card file) the same as the rest, and the face-up toggle's words on one
line too ("Face up 0/5", "Done" while the row is laid out), in every profile and language. The
taken numbers were drawn smaller and on two lines ("8\\n✔"), and "Face up 0/5" wrapped at 800×480.

On the documentation's demo (its card state: numbers in the card file, the row not laid out)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import choices, run_ui, settle  # noqa: E402

pytestmark = pytest.mark.timeout(240)

PROFILES = ("800x480", "1280x720", "720x1280")
LANGUAGES = ("en", "zh-Hans", "zh-Hant")


def _one_line(button) -> bool:
    """The button's words are drawn on one line (its texture no higher than one line of them: a
    texture shared with another label of the same words leaves the core label's lines stale)."""
    from kivy.core.text import Label as CoreLabel

    line = CoreLabel(text="8", font_size=button.font_size, font_name=button.font_name)
    line.refresh()
    return button.texture_size[1] < 1.5 * line.content_height


def _number_problems(ui, where: str) -> list[str]:
    from companion.ui.augustus.panels import NUMBERS

    numbers = [ui.find(f"augustus.card.n.{n}") for n in range(NUMBERS[0], NUMBERS[1] + 1)]
    problems = []
    sizes = {round(b.font_size, 1) for b in numbers}
    if len(sizes) != 1:
        problems.append(f"{where}: the numbers at {sorted(sizes)} px")
    problems += [f"{where}: {b.wid} {b.text!r} on more than one line" for b in numbers if not _one_line(b)]
    problems += [f"{where}: {b.wid} {b.text!r} is {b.texture_size[0]:.0f} px wide in a button of {b.width:.0f}"
                 for b in numbers if b.texture_size[0] > b.width - 4]
    if max(b.width for b in numbers) - min(b.width for b in numbers) > 1 or \
            max(b.height for b in numbers) - min(b.height for b in numbers) > 1:
        problems.append(f"{where}: the number buttons are not one size")
    toggle = ui.find("augustus.card.face_up")
    if not _one_line(toggle) or toggle.texture_size[0] > toggle.width - 4:
        problems.append(f"{where}: the toggle {toggle.text!r} is not on one line in its {toggle.width:.0f} px")
    return problems


@pytest.mark.parametrize("profile", PROFILES)
def test_every_number_and_the_toggle_are_one_size_on_one_line(tmp_path: Path, profile):
    from companion import demo
    from companion.games import built_games

    session = demo.demo_game_session(tmp_path, "en", "augustus", "card", built_games())
    before = demo.game_demo("augustus", choices()).prepare("card")
    problems: list[str] = []
    seen: dict[str, int] = {}

    def script(ui):
        if before is not None:
            before(ui.app)
        for language in LANGUAGES:
            ui.app.set_language(language)
            yield from settle()
            from companion.ui.augustus.panels import NUMBERS

            seen["taken"] = sum("✔" in ui.drawn(f"augustus.card.n.{n}") for n in range(NUMBERS[0], NUMBERS[1] + 1))
            problems.extend(_number_problems(ui, f"{profile} {language} taking"))
            yield from ui.tap("augustus.card.face_up")  # lay out the row: the toggle says Done
            assert ui.app.augustus.table.entry_mode == "reveal"
            problems.extend(_number_problems(ui, f"{profile} {language} laying out"))
            yield from ui.tap("augustus.card.face_up")
            assert ui.app.augustus.table.entry_mode != "reveal"

    try:
        run_ui(session, script, start_screen="augustus_table", profile=profile, watchdog=200)
    finally:
        session.shutdown()
    assert seen["taken"] >= 10, "the demo's card file marks numbers taken by a tap"
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
