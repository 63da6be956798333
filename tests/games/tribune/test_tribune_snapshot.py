"""Tribune's calculator (`companion score tribune`, docs/tribune-snapshot.md): the two worked
examples give exactly the documented grid, and impossible snapshots are refused naming the field."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import IllegalCommand
from companion.games.tribune.rules import TRIBUNE

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "docs" / "examples"


def _load(name: str) -> dict:
    return json.loads((EXAMPLES / name).read_text(encoding="utf-8"))


def _documented(example: int) -> str:
    """The text block the doc shows under its worked example `example`."""
    page = (ROOT / "docs" / "tribune-snapshot.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```\n(Victory card.*?)```", page, re.S)
    return blocks[example - 1]


def test_worked_example_1_one_player_qualifies_as_documented(capsys):
    assert main(["score", "tribune", str(EXAMPLES / "tribune-round-end.json")]) == 0
    assert capsys.readouterr().out == _documented(1)
    result = TRIBUNE.score_snapshot(_load("tribune-round-end.json"))
    assert result["winners"] == [0] and result["qualifiers"] == [0]
    assert [row["met"] for row in result["grid"]] == [4, 3, 1]
    assert result["grid"][2]["conditions"][3] == {"name": "denarii", "value": 22, "threshold": 35, "met": False,
                                                   "margin": -13}


def test_worked_example_2_several_qualify_and_the_margin_rule_picks_as_documented(capsys):
    assert main(["score", "tribune", str(EXAMPLES / "tribune-two-qualify.json")]) == 0
    assert capsys.readouterr().out == _documented(2)
    data = _load("tribune-two-qualify.json")
    result = TRIBUNE.score_snapshot(data)
    assert result["qualifiers"] == [0, 1, 2] and [result["grid"][s]["margin"] for s in (0, 1, 2)] == [1, 11, 1]
    assert result["winner_names"] == ["Bo"]
    for rule, winners in (("table", None), ("most_met", [1]), ("shared", [0, 1, 2])):
        assert TRIBUNE.score_snapshot({**data, "several_winners": rule})["winners"] == winners


def test_json_output_is_the_result(capsys):
    assert main(["score", "tribune", "--json", str(EXAMPLES / "tribune-round-end.json")]) == 0
    assert json.loads(capsys.readouterr().out)["winner_names"] == ["Ann"]


def _broken(change) -> dict:
    data = copy.deepcopy(_load("tribune-round-end.json"))
    change(data)
    return data


@pytest.mark.parametrize("change, field", [
    (lambda d: d["players"][1].update(factions=["vestals"]), "players[1].factions[0]"),
    (lambda d: d["players"][0].update(legions=29), "players[*].legions"),
    (lambda d: d["players"][0].update(laurels=-1), "players[0].laurels"),
    (lambda d: d["players"][2].update(factions=["rome"]), "players[2].factions[0]"),
    (lambda d: d["players"][2].update(gold=3), "players[2].gold"),
    (lambda d: d["players"][1].update(name="Ann"), "players[1].name"),
    (lambda d: d["victory"].update(needed=7), "victory.needed"),
    (lambda d: d.update(players=d["players"][:1]), "players"),
    (lambda d: d.update(several_winners="oldest"), "several_winners"),
    (lambda d: d.update(version=2), "version"),
])
def test_impossible_snapshots_are_refused_naming_the_field(change, field, capsys, tmp_path):
    with pytest.raises(IllegalCommand) as caught:
        TRIBUNE.score_snapshot(_broken(change))
    assert caught.value.params.get("field") == field
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(_broken(change)), encoding="utf-8")
    assert main(["score", "tribune", str(path)]) == 2
    assert field in capsys.readouterr().err
