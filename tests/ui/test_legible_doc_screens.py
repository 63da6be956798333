"""Every screen the documentation pictures show (`companion screenshot --docs`: the shell's
screens and each game's demo states) is legible from across the table in each display profile
and language: no label's text cut, ellipsised or outside its parent, no widget's text printed over
another's, nothing a player reads from their seat under the type scale's reading size (see
tests/ui/legibility.py).

One app per screen and profile, started at the profile's size on the demo's own session (as
`companion screenshot --profile` does), switched to each language in turn as a table's owner would
in the settings."""

from __future__ import annotations

from pathlib import Path

import pytest

from legibility import legibility_problems, overlap_problems
from uiharness import choices, run_ui, settle

pytestmark = pytest.mark.timeout(300)

PROFILES = ("800x480", "1280x720", "720x1280")
LANGUAGES = ("en", "zh-Hans", "zh-Hant")


def _doc_screens() -> list[tuple[str | None, str, str]]:
    """(game or None for the shell's demo, state, screen) of every documentation picture."""
    from companion import demo
    from companion.ui.shell import screens

    jobs: list[tuple[str | None, str, str]] = [(None, screen, screen) for screen in screens.SCREENS]
    for game, game_demo in demo.game_demos(choices()).items():
        jobs += [(game, state, game_demo.screens[state]) for state in game_demo.states]
    return jobs


DOC_SCREENS = _doc_screens()


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("game, state, screen", DOC_SCREENS,
                         ids=[f"{g or 'shell'}-{s}" for g, s, _ in DOC_SCREENS])
def test_a_doc_screen_is_legible_in_every_profile_and_language(tmp_path: Path, game, state, screen, profile):
    from companion import demo
    from companion.games import built_games

    if game is None:
        session, before = demo.demo_session(tmp_path, "en", screen, built_games()), None
    else:
        session = demo.demo_game_session(tmp_path, "en", game, state, built_games())
        before = demo.game_demo(game, choices()).prepare(state)
    problems: list[str] = []

    def script(ui):
        if before is not None:
            before(ui.app)
        for language in LANGUAGES:
            ui.app.set_language(language)
            yield from settle()
            problems.extend(legibility_problems(ui, f"{profile} {language}"))
            problems.extend(overlap_problems(ui, f"{profile} {language}"))

    try:
        run_ui(session, script, start_screen=screen, profile=profile, watchdog=200)
    finally:
        session.shutdown()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
