"""Troyes calculator mode (docs/troyes-snapshot.md): `companion score troyes SNAPSHOT.json [--json]`,
the two worked examples as the doc prints and checks them, every impossible snapshot refused naming
its field and rule, and a tracked game's end scored alike from its snapshot."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import IllegalCommand
from companion.games.troyes import scoring
from companion.games.troyes.snapshot import parse_snapshot, score_snapshot
from snapshot_docs import ROOT, documented_output, load

DOC = ROOT / "docs" / "troyes-snapshot.md"
FINAL = ROOT / "docs" / "examples" / "troyes-final.json"
FINAL_2P = ROOT / "docs" / "examples" / "troyes-final-2p.json"


@pytest.mark.parametrize("example", ["docs/examples/troyes-final.json", "docs/examples/troyes-final-2p.json"])
def test_the_documented_examples_print_what_the_doc_shows(example, capsys):
    assert main(["score", "troyes", str(ROOT / example)]) == 0
    assert capsys.readouterr().out == documented_output(DOC, example)


def test_the_doc_checks_the_totals_the_cli_prints(capsys):
    doc = DOC.read_text(encoding="utf-8")
    assert main(["score", "troyes", str(FINAL), "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in one["players"]] == [41, 41, 29]
    assert "| **total** | **41** | **41** | **29** |" in doc and one["tie_break"] == "shared"
    assert one["winners"] == ["Agnès", "Bernard"]
    assert main(["score", "troyes", str(FINAL_2P), "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert [p["total"] for p in two["players"]] == [75, 72] and two["winners"] == ["Odo"]
    assert "| **total** | **75** | **72** |" in doc and "**Odo wins** with 75" in doc


def test_the_tie_break_setting_the_doc_mentions():
    data = load(FINAL)
    data["settings"] = {"tie_break": "deniers"}
    result = score_snapshot(data)
    assert result["winners"] == ("Bernard",) and result["tie_break"] == "deniers"
    data["settings"] = {"tie_break": "influence"}
    assert score_snapshot(data)["winners"] == ("Agnès",)


def test_every_detail_template_is_documented():
    import ast

    tree = ast.parse(Path(scoring.__file__).read_text(encoding="utf-8"))
    templates = {node.args[0].value for node in ast.walk(tree)
                 if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "_part"}
    table = DOC.read_text(encoding="utf-8").split("The templates:")[1]
    assert {t for t in re.findall(r"`([^`]+)`", table) if not re.fullmatch(r"[a-z_]+", t)} == templates


def minimal(**changes):
    data = {"format": "companion-troyes-snapshot", "version": 1,
            "players": [{"name": "Ann", "vp": 3, "characters": ["urbain_iv"]},
                        {"name": "Bo", "vp": 4, "characters": ["thibaut_ii"]},
                        {"name": "Cy", "vp": 5, "characters": ["henri_ier"]}]}
    data.update(changes)
    return data


def player(i, **fields):
    data = minimal()
    data["players"][i].update(fields)
    return data


REFUSED = [
    ("influence past 20", player(0, influence=21), "players[0].influence", "Troyes 2.1 influence"),
    ("13 citizens", player(1, citizens=6, supply=4, tradesmen=[{"card": "merchant", "space": 0},
                                                                {"card": "sculptor", "space": 0},
                                                                {"card": "goldsmith", "space": 0}]),
     "players[1].citizens + supply + tradesmen", "Troyes 2.1 citizens"),
    ("19 citizens in the buildings", {**minimal(), "players": [
        {"name": "Ann", "vp": 0, "citizens": 10, "characters": ["urbain_iv"]},
        {"name": "Bo", "vp": 0, "citizens": 9, "characters": ["thibaut_ii"]},
        {"name": "Cy", "vp": 0, "characters": ["henri_ier"]}]}, "players[*].citizens", "Troyes 2.1 citizens"),
    ("19 cathedral cubes", {**minimal(), "players": [
        {"name": "Ann", "vp": 0, "cathedral": [3, 3, 3], "characters": ["urbain_iv"]},
        {"name": "Bo", "vp": 0, "cathedral": [3, 3, 3], "characters": ["thibaut_ii"]},
        {"name": "Cy", "vp": 0, "cathedral": [0, 0, 1], "characters": ["henri_ier"]}]},
     "players[*].cathedral", "Troyes 2.3 cathedral"),
    ("7 cubes on a level", {**minimal(), "players": [
        {"name": "Ann", "vp": 0, "cathedral": [4, 0, 0], "characters": ["urbain_iv"]},
        {"name": "Bo", "vp": 0, "cathedral": [3, 0, 0], "characters": ["thibaut_ii"]},
        {"name": "Cy", "vp": 0, "characters": ["henri_ier"]}]}, "players[*].cathedral[0]", "Troyes 2.3 cathedral"),
    ("a level above an emptier one", player(2, cathedral=[1, 2, 0]), "players[*].cathedral[1]", "Troyes 2.3 cathedral"),
    ("a level of one player past 6", player(2, cathedral=[7, 0, 0]), "players[2].cathedral[0]", "Troyes 2.3 cathedral"),
    ("two tradesmen on one card", player(0, tradesmen=[{"card": "merchant", "space": 0}, {"card": "merchant", "space": 1}]),
     "players[0].tradesmen[1]", "Troyes 2.7.6 tradesmen"),
    ("an unknown card", player(0, tradesmen=[{"card": "baker"}]), "players[0].tradesmen[0].card",
     "Troyes 2.3 activity cards"),
    ("a space off the card", player(0, tradesmen=[{"card": "merchant", "space": 3}]), "players[0].tradesmen[0].space",
     "Troyes 2.3 activity cards"),
    ("two players on a space", {**minimal(), "players": [
        {"name": "Ann", "vp": 0, "tradesmen": [{"card": "merchant", "space": 0}], "characters": ["urbain_iv"]},
        {"name": "Bo", "vp": 0, "tradesmen": [{"card": "merchant", "space": 0}], "characters": ["thibaut_ii"]},
        {"name": "Cy", "vp": 0, "characters": ["henri_ier"]}]}, "players[1].tradesmen[0]", "Troyes 2.3 activity cards"),
    ("two characters at 3 players", player(0, characters=["urbain_iv", "le_florentin"]), "players[0].characters",
     "Troyes 2.4 characters"),
    ("a character held twice", player(1, characters=["urbain_iv"]), "players[1].characters[0]", "Troyes 2.4 characters"),
    ("an unknown character", player(1, characters=["merlin"]), "players[1].characters[0]", "Troyes 2.4 characters"),
    ("17 events won", player(0, events_won=17), "players[*].events_won", "Troyes 2.2 events"),
    ("one player", {**minimal(), "players": minimal()["players"][:1]}, "players", "Troyes 2.1 setup"),
    ("not a Troyes snapshot", minimal(format="companion-trajan-snapshot"), "format", "Troyes snapshot format"),
    ("a newer version", minimal(version=2), "version", "Troyes snapshot format"),
    ("an unknown field", player(0, florins=3), "players[0].florins", "Troyes snapshot format"),
    ("a negative count", player(0, deniers=-1), "players[0].deniers", "Troyes snapshot format"),
    ("two players of one name", player(1, name="Ann"), "players[1].name", "Troyes snapshot format"),
    ("an unknown setting", minimal(settings={"rounds": 9}), "settings.rounds", "Troyes snapshot format"),
    ("a card fact of the wrong kind", minimal(data={"characters": {"urbain_iv": {"every": 0}}}),
     "characters[2].every", "Troyes card data"),
]


@pytest.mark.parametrize("why, data, field, rule", REFUSED, ids=[r[0] for r in REFUSED])
def test_an_impossible_snapshot_is_refused_naming_the_field_and_the_rule(why, data, field, rule):
    with pytest.raises(IllegalCommand) as info:
        parse_snapshot(data)
    assert info.value.rule == rule
    assert info.value.params.get("field") == field, info.value.message


def test_a_bad_snapshot_exits_2_with_the_line_the_doc_shows(tmp_path, capsys):
    data = load(FINAL)
    data["players"][0]["influence"] = 23
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "troyes", str(bad)]) == 2
    out, err = capsys.readouterr()
    line = err.strip().replace(str(bad), "bad.json")
    assert out == "" and line in DOC.read_text(encoding="utf-8")


def test_scoring_leaves_the_snapshot_as_it_was():
    data = load(FINAL_2P)
    before = copy.deepcopy(data)
    score_snapshot(data)
    assert data == before


def test_a_tracked_games_end_scores_the_same_as_its_snapshot(tmp_path):
    """The end of a random whole game, written down as a snapshot, gives the breakdown the game revealed."""
    from companion.games.troyes.parts import activity
    from companion.games.troyes.parts.cathedral import levels_with_cube
    from test_troyes_games import whole_game

    session = whole_game(tmp_path, 3, seed=5, undo_rate=0)
    state = session.engine.state
    final = session.table_view().view["final"]
    session.shutdown()
    players = []
    for p in state.players:
        tradesmen = []
        for card in state.cards:
            if p.seat in card.spaces:
                tradesmen.append({"card": card.id, "space": card.spaces.index(p.seat)})
            elif p.seat in card.extra:
                tradesmen.append({"card": card.id, "space": "illustration"})
        cubes = [sum(1 for col in state.cathedral if len(col) > level and col[level] == p.seat) for level in range(3)]
        assert [n > 0 for n in cubes] == list(levels_with_cube(state, p.seat))
        players.append({"name": p.name, "vp": p.vp, "deniers": p.deniers, "influence": p.influence,
                        "citizens": sum(spaces.count(p.seat) for spaces in state.buildings), "supply": p.supply,
                        "cathedral": cubes, "tradesmen": tradesmen, "events_won": len(p.events_won),
                        "characters": list(p.characters)})
        assert len(tradesmen) == len(activity.tradesmen_vp(state, p.seat))
    result = score_snapshot({"format": "companion-troyes-snapshot", "version": 1, "players": players})
    plain = json.loads(json.dumps(result))
    assert plain == json.loads(json.dumps(final))
