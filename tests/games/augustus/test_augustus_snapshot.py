"""Augustus calculator mode (docs/augustus-snapshot.md): `companion score augustus SNAPSHOT.json
[--json]`, the two worked examples as the doc prints and checks them by hand, every impossible
snapshot refused naming its field and rule, and a tracked game's end scored alike from its snapshot."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import IllegalCommand
from companion.games.augustus.parts.cards import card_data
from companion.games.augustus.scoring import final_summary
from companion.games.augustus.snapshot import parse_snapshot, score_snapshot
from augustus_helpers import card, holding, set_up
from snapshot_docs import ROOT, documented_output, load

DOC = ROOT / "docs" / "augustus-snapshot.md"
FINAL = ROOT / "docs" / "examples" / "augustus-final.json"
FINAL_2P = ROOT / "docs" / "examples" / "augustus-final-2p.json"


@pytest.mark.parametrize("example", ["docs/examples/augustus-final.json", "docs/examples/augustus-final-2p.json"])
def test_the_documented_examples_print_what_the_doc_shows(example, capsys):
    assert main(["score", "augustus", str(ROOT / example)]) == 0
    assert capsys.readouterr().out == documented_output(DOC, example)


def test_the_doc_checks_the_totals_the_cli_prints(capsys):
    doc = DOC.read_text(encoding="utf-8")
    assert main(["score", "augustus", str(FINAL), "--json"]) == 0
    one = json.loads(capsys.readouterr().out)
    assert [s["total"] for s in one["scores"]] == [54, 40, 52] and one["winner_names"] == ["Livia"]
    assert "| **total** | **54** | **40** | **52** |" in doc
    capped = next(line for line in one["scores"][2]["lines"] if line["category"] == "powers")
    assert (capped["count"], capped["points"], capped["capped"]) == (7, 5, True)
    assert main(["score", "augustus", str(FINAL_2P), "--json"]) == 0
    two = json.loads(capsys.readouterr().out)
    assert [s["total"] for s in two["scores"]] == [32, 32] and two["winner_names"] == ["Aurelia"]
    assert two["tie_break"] == "senators" and "| **total** | **32** | **32** |" in doc


def test_the_refusal_the_doc_shows(tmp_path, capsys):
    data = load(FINAL)
    data["players"][0]["controlled"][1]["gold"] = 3  # Livia produces 3 gold, Marcus holds the tile
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "augustus", str(bad)]) == 2
    line = capsys.readouterr().err.strip().replace(str(bad), "bad.json")
    assert line in DOC.read_text(encoding="utf-8")


def change(path: Path, edit) -> dict:
    data = copy.deepcopy(load(path))
    edit(data)
    return data


@pytest.mark.parametrize("why, edit, field, rule", [
    ("not an Augustus snapshot", lambda d: d.update(format="companion-troyes-snapshot"), "format",
     "Augustus snapshot format"),
    ("an unknown field", lambda d: d["players"][0].update(legions=3), "players[0].legions", "Augustus snapshot format"),
    ("one player", lambda d: d.update(players=d["players"][:1]), "players", "Augustus snapshot format"),
    ("a tile held twice", lambda d: d["players"][1]["rewards"].append("green"), "players[1].rewards[3]",
     "Augustus 4.3 rewards"),
    ("two number tiles", lambda d: d["players"][0]["rewards"].append("number_3"), "players[0].rewards[3]",
     "Augustus 4.3 rewards"),
    ("an unknown tile", lambda d: d["players"][0]["rewards"].append("eagle"), "players[0].rewards[3]",
     "Augustus snapshot format"),
    ("wheat with nobody", lambda d: d["players"][2]["rewards"].remove("wheat"), "players",
     "Augustus 4.3 gold and wheat"),
    ("an objective held twice", lambda d: d["players"][1]["controlled"].append(d["players"][0]["controlled"][0]),
     "players[1].controlled[5]", "Augustus 4.1 objectives"),
    ("a bad card fact", lambda d: d["players"][0]["controlled"][0].update(vp=-1), "players[0].controlled[0].vp",
     "Augustus 4.1 objectives"),
    ("a colour tile's VP not given", lambda d: d["settings"]["reward_vp"].pop("orange"), "settings.reward_vp.orange",
     "Augustus snapshot format"),
])
def test_an_impossible_snapshot_is_refused_naming_the_field_and_the_rule(why, edit, field, rule):
    with pytest.raises(IllegalCommand) as error:
        parse_snapshot(change(FINAL, edit))
    assert (error.value.params["field"], error.value.rule) == (field, rule), why


def test_a_number_not_in_the_card_file_is_refused():
    data = change(FINAL_2P, lambda d: d["players"][0]["controlled"].append(60))
    with pytest.raises(IllegalCommand) as error:
        parse_snapshot(data)
    assert error.value.params["field"] == "players[0].controlled[7]"


def test_scoring_leaves_the_snapshot_as_it_was():
    data = load(FINAL)
    before = copy.deepcopy(data)
    score_snapshot(data)
    assert data == before


def test_a_tracked_games_end_scores_the_same_as_its_snapshot():
    vp = {"green": 6, "pink": 6, "orange": 6, "senators": 7, "one_each": 8}
    state = set_up(2, reward_vp=vp)
    state = holding(state, 0, card(1, vp=3, gold=1), card(2, kind="senator", vp=4,
                                                       power={"kind": "vp_per_kind", "amount": 3, "of": "senator"}))
    state = holding(state, 1, card(3, vp=9, kind="pink"))
    from companion.core.values import evolve

    state = state.with_player(evolve(state.player(0), rewards=("gold",)))
    state = evolve(state, gold=0)
    snapshot = {"format": "companion-augustus-snapshot", "version": 1, "settings": {"reward_vp": vp},
                "players": [{"name": p.name, "controlled": [card_data(c) for c in p.controlled],
                             "rewards": list(p.rewards)} for p in state.players]}
    tracked, calculated = final_summary(state), score_snapshot(snapshot)
    assert [s["total"] for s in tracked["scores"]] == [s["total"] for s in calculated["scores"]] == [15, 9]
    assert tracked["scores"] == calculated["scores"]
