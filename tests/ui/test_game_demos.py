"""The screenshot tool knows the games only through their GameUIs: each game's demo states
(`GameUI.demo`) are shown on screens the tool lists, and `companion screenshot`'s `--screen`,
`--game` and `--state` default from one another the same way for every game."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(scope="module")
def choices():
    from companion.cli import game_choices

    return game_choices()


def test_every_demo_state_is_shown_on_a_screen_the_tool_knows(choices):
    from companion.demo import game_demos
    from companion.ui.gameui import game_ui_classes
    from companion.ui.shell.screenshot import screen_names

    demos = game_demos(choices)
    assert demos, "some game has documentation pictures"
    shown = screen_names(choices)
    for game, demo in demos.items():
        assert demo.states and set(demo.screens.values()) <= set(shown), game
    for cls in game_ui_classes(choices).values():
        assert set(cls.screens) <= set(shown)


def test_a_game_without_pictures_has_the_default_demo(choices):
    from companion.ui.gamedemo import GameDemo
    from companion.ui.gameui import GameUI, game_ui_classes

    assert GameUI.demo.states == () and GameUI.demo.prepare("any") is None
    plain = [cls for cls in game_ui_classes(choices).values() if not cls.demo.states]
    assert plain and all(isinstance(cls.demo, GameDemo) for cls in plain)


def test_a_shot_defaults_from_the_screen_the_game_or_the_state(choices):
    from companion.demo import Shot, game_demos, pick_shot
    from companion.ui.gameui import game_ui_classes

    own = {game: cls.screens for game, cls in game_ui_classes(choices).items()}
    assert pick_shot(choices) == Shot("home")
    assert pick_shot(choices, "history") == Shot("history")
    for game, demo in game_demos(choices).items():
        first = demo.states[0]
        assert pick_shot(choices, game=game) == Shot(demo.screens[first], game, first)
        for state, screen in demo.screens.items():
            assert pick_shot(choices, game=game, state=state) == Shot(screen, game, state)
            assert pick_shot(choices, "history", game, state) == Shot("history", game, state)
            if screen in own[game]:  # a game's own screen names its game
                shown_first = next(s for s, on in demo.screens.items() if on == screen)
                assert pick_shot(choices, screen) == Shot(screen, game, shown_first)
                assert pick_shot(choices, screen, state=state) == Shot(screen, game, state)


@pytest.mark.parametrize("ask, says", [
    ({"screen": "nowhere"}, "unknown screen 'nowhere'"),
    ({"screen": "history", "state": "x"}, "Give --game"),
    ({"game": "nothing"}, "no demo of 'nothing'"),
])
def test_a_shot_of_nothing_says_what_is_unknown(choices, ask, says):
    from companion.demo import DemoError, pick_shot

    with pytest.raises(DemoError, match=says):
        pick_shot(choices, **ask)


def test_a_state_another_game_has_is_no_state_of_this_one(choices):
    from companion.demo import DemoError, game_demos, pick_shot

    demos = game_demos(choices)
    game, other = next((g, s) for g in demos for o in demos for s in demos[o].states if s not in demos[g].states)
    with pytest.raises(DemoError, match=f"the {game} demo has no state '{other}'"):
        pick_shot(choices, game=game, state=other)


@pytest.mark.parametrize("argv, docs", [(["--docs", "out"], ["out"]), (["--docs", "g", "out"], ["g", "out"])])
def test_docs_takes_a_folder_or_a_game_and_a_folder(argv, docs):
    from companion.cli import build_parser

    assert build_parser().parse_args(["screenshot", *argv]).docs == docs


def test_docs_takes_no_third_value(capsys):
    from companion.cli import build_parser

    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["screenshot", "--docs", "a", "b", "c"])
    assert exit_.value.code == 2 and "--docs takes DIR, or GAME DIR" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        build_parser().parse_args(["screenshot", "--help"])
    assert "[--docs [GAME] DIR]" in capsys.readouterr().out
