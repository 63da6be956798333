"""`companion score GAME FILE…`: several snapshots scored one after another, in the language of
`--lang`, with player-facing names (not internal ids such as "commodity_wine_fish"); a wrong file
among them is named on stderr with exit 2 while the others are still scored."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


def test_several_trajan_snapshots_in_chinese_with_players_words(tmp_path, capsys):
    from companion.cli import main
    from companion.ui.text.i18n import set_language
    from companion.ui.trajan import names

    a, b = tmp_path / "a.json", tmp_path / "b.json"
    shutil.copy(EXAMPLES / "trajan-final.json", a)
    shutil.copy(EXAMPLES / "trajan-final.json", b)
    try:
        assert main(["--lang", "zh-Hans", "score", "trajan", str(a), str(b)]) == 0
        out = capsys.readouterr().out
        assert f"== {a} ==" in out and f"== {b} ==" in out
        assert "commodity_wine_fish" not in out and "demand_bread" not in out, "no internal ids"
        assert names.category("bonus_tiles") in out and names.category("bonus_tiles") != "bonus tiles"
        assert "图拉真：终局计分" in out and "排名：" in out
    finally:
        set_language("en")


def test_english_by_default_and_a_wrong_file_is_named(tmp_path, capsys):
    from companion.cli import main

    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    shutil.copy(EXAMPLES / "trajan-final.json", good)
    bad.write_text("{not json", encoding="utf-8")
    assert main(["--lang", "en", "score", "trajan", str(bad), str(good)]) == 2
    captured = capsys.readouterr()
    assert f"companion score: {bad}: not JSON" in captured.err
    assert "Trajan: final scoring" in captured.out and "commodity_wine_fish" not in captured.out


def test_one_snapshot_prints_as_before_and_json_stays_json(tmp_path, capsys):
    import json

    from companion.cli import main

    assert main(["--lang", "en", "score", "trajan", "--json", str(EXAMPLES / "trajan-final.json")]) == 0
    assert json.loads(capsys.readouterr().out)["kind"] == "final"
    assert main(["--lang", "en", "score", "trajan", str(EXAMPLES / "trajan-season.json")]) == 0
    assert "== " not in capsys.readouterr().out


@pytest.mark.timeout(120)
@pytest.mark.parametrize("argv", [["score", "trajan", str(EXAMPLES / "trajan-season.json")],
                                  ["--lang", "zh-Hant", "score", "tribune", str(EXAMPLES / "tribune-two-qualify.json")],
                                  ["--lang", "zh-Hans", "score", "augustus", str(EXAMPLES / "augustus-final.json")]])
def test_score_imports_no_kivy_and_prints_none_of_its_warnings(tmp_path, argv):
    """`companion score` draws nothing: the games' words come from their Kivy-free `scores_text`
    (`companion.ui.gamewords`), so Kivy is never imported — not its ~0.4 s, not its config's
    "Older configuration version" warning (provoked here by an old config in its home)."""
    import os
    import subprocess
    import sys

    home = tmp_path / "kivy"
    home.mkdir()
    (home / "config.ini").write_text("[kivy]\n", encoding="utf-8")  # version 0: Kivy would warn at import
    env = {k: v for k, v in os.environ.items() if k not in ("KIVY_USE_DEFAULTCONFIG", "KIVY_NO_CONSOLELOG")}
    env.update(KIVY_HOME=str(home), XDG_CONFIG_HOME=str(tmp_path / "config"))
    code = ("import sys\nfrom companion.cli import main\nrc = main(sys.argv[1:])\n"
            "print('kivy imported' if 'kivy' in sys.modules else 'no kivy', file=sys.stderr)\nsys.exit(rc)")
    proc = subprocess.run([sys.executable, "-c", code, *argv], env=env, capture_output=True, text=True, timeout=100)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "no kivy", proc.stderr
    assert proc.stdout.strip(), "it scored"


@pytest.mark.timeout(120)
def test_replay_imports_no_kivy(tmp_path):
    """`companion replay` words a game through its `scores_text` too: no Kivy for it either."""
    import os
    import subprocess
    import sys

    from companion.cli import game_choices
    from companion.demo import demo_game_session
    from companion.games import all_rules
    from companion.ui.shell.choices import register

    register(game_choices())
    session = demo_game_session(tmp_path / "game", "en", "tribune", "whole_grid", all_rules())
    path = session.engine.journal.path
    session.shutdown()
    code = ("import sys\nfrom companion.cli import main\nrc = main(sys.argv[1:])\n"
            "print('kivy imported' if 'kivy' in sys.modules else 'no kivy', file=sys.stderr)\nsys.exit(rc)")
    proc = subprocess.run([sys.executable, "-c", code, "--lang", "zh-Hans", "replay", str(path)],
                          env={**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config")},
                          capture_output=True, text=True, timeout=100)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip() == "no kivy", proc.stderr
    assert "护民官：第 2 轮" in proc.stdout


def test_a_games_screens_and_the_commands_read_the_same_words():
    """GameUI's `format_scores` / `replay_text` and the commands' `GameWords` are one thing: the
    game's `scores_text` module, found from the registry's name for its UI."""
    import json

    from companion.cli import game_choices
    from companion.games import all_rules
    from companion.ui.gameui import game_ui_class
    from companion.ui.gamewords import game_words, words_module

    choices = {choice.id: choice for choice in game_choices() if choice.ui}
    worded = {game for game, choice in choices.items() if game_words(choice.ui).module is not None}
    assert worded == {"trajan", "troyes", "tribune", "augustus", "secretbid"}
    for game, choice in choices.items():
        assert game_words(choice.ui).module is words_module(game_ui_class(choice).__module__), game
    result = all_rules()["trajan"].score_snapshot(json.loads((EXAMPLES / "trajan-final.json").read_text(encoding="utf-8")))
    text = game_ui_class(choices["trajan"]).format_scores(result)
    assert text and text == game_words(choices["trajan"].ui).format_scores(result)
    assert game_ui_class(choices["scorepad"]).format_scores(result) is None, "no words: the game's own text"
