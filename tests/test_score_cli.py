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
