"""Trajan calculator mode: snapshot parsing and refusals, scoring, printing, `companion score`, and the
two worked examples of docs/trajan-snapshot.md, whose printed results must be what the CLI prints."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.core.errors import IllegalCommand
from companion.games.trajan import scoring
from companion.games.trajan.snapshot import format_scores, parse_snapshot, score_snapshot
from snapshot_docs import ROOT, documented_block, documented_output, load

DOC = ROOT / "docs" / "trajan-snapshot.md"
SEASON = ROOT / "docs" / "examples" / "trajan-season.json"
FINAL = ROOT / "docs" / "examples" / "trajan-final.json"


def minimal(kind="final", **top):
    data = {
        "format": "companion-trajan-snapshot", "version": 1, "kind": kind,
        "senate_stack": ["Ann", "Bo"],
        "players": [{"name": "Ann", "vp": 10}, {"name": "Bo", "vp": 12}],
    }
    if kind == "season":
        data.update(season=1, demands=["bread", "games", "religion"])
    data.update(top)
    return data


# -- parsing ------------------------------------------------------------------------------------------


def test_a_final_snapshot_becomes_a_state():
    kind, state = parse_snapshot(load(FINAL))
    assert kind == "final" and state.phase == "over" and state.season == 4
    livia, marcus, julia = state.players
    assert [p.seat for p in state.players] == [0, 1, 2] and livia.name == "Livia"
    assert livia.forum == ("demand_bread", "wild_commodity", "wild_construction")
    assert livia.display == ("fish", "gems", "gems", "wine", "wine")
    assert livia.supply == 15 - (2 + 1 + 3 + 4)
    assert sum(1 for t in livia.trajan_slots if t is not None) == 2
    assert marcus.trajan_demand == ("games", "games")
    assert sorted(t for t, _vp in julia.construction) == ["fountain", "roof", "roof", "roof"]
    assert dict(julia.bonus_tiles) == {"commodity_cattle_wheat": "yellow", "commodity_jewelry_gems": "grey",
                                       "demand_religion": "grey"}
    assert state.senate_stack == (1, 2, 0)
    assert ("britannia", 0) in state.legionnaires and ("britannia", 2) in state.legionnaires


def test_a_season_snapshot_becomes_a_state():
    kind, state = parse_snapshot(load(SEASON))
    assert kind == "season" and state.season == 2 and state.demands == ("bread", "games", "bread")
    assert state.senate_bonus == ("workers", "commodity_wine_fish")
    assert state.players[0].forum == ("demand_bread", "demand_religion", "senate_3", "wild_demand")
    assert state.players[0].senate == 4


def test_settings_in_a_snapshot_are_used():
    data = minimal(settings={"bonus_tile_counts_itself": False, "senate_values": [1, 2]})
    data["players"][0]["bonus_tiles"] = {"bonus": "yellow", "workers": "yellow"}
    data["players"][0]["senate"] = 2
    _, state = parse_snapshot(data)
    assert state.settings.bonus_tile_counts_itself is False and state.settings.senate_values == (1, 2)
    assert scoring.final_breakdown(state).players[0].vp("bonus_tiles") == 3 * 1


def test_the_calculator_scores_a_demand_bonus_tile_without_its_forum_tile_0_by_default():
    # Trajan 1.11, 1.14 point 13 (S000 p11–12): an unused demand wildcard does not stand in for the
    # forum tile; HEM's reading is the setting a snapshot may name.
    data = minimal()
    data["players"][0].update(wildcards={"demand": 1}, bonus_tiles={"demand_games": "yellow"})
    result = score_snapshot(data)
    ann = result["players"][0]
    assert category_vp(ann, "bonus_tiles") == 0 and ann["total"] == 10 and result["winners"] == ["Bo"]
    hem = score_snapshot({**data, "settings": {"demand_wildcard_counts_for_bonus": True}})
    assert category_vp(hem["players"][0], "bonus_tiles") == 9 and hem["winners"] == ["Ann"]


def category_vp(player, cid):
    return next(c["vp"] for c in player["categories"] if c["id"] == cid)

def player_edit(seat, **fields):
    def edit(data):
        data["players"][seat].update(fields)
    return edit


def top_edit(**fields):
    def edit(data):
        data.update(fields)
    return edit


def drop(key):
    def edit(data):
        del data[key]
    return edit


REFUSALS = [
    # (what is wrong, edit of the final example, the field named, the rule)
    ("7 construction tiles of one kind", player_edit(1, construction={"roof": 7}),
     "players[1].construction.roof", "Trajan 1.9 construction"),
    ("5 of a type across players", player_edit(1, construction={"fountain": 1}),
     "players[*].construction.fountain", "Trajan 1.9 construction"),
    ("more than 12 bonus tiles", player_edit(0, bonus_tiles={f"t{i}": "yellow" for i in range(13)}),
     "players[0].bonus_tiles", "Trajan 1.11 bonus tiles"),
    ("a bonus tile held twice", player_edit(1, bonus_tiles={"demand_bread": "grey"}),
     "players[1].bonus_tiles", "Trajan 1.11 bonus tiles"),
    ("an unknown bonus tile", player_edit(1, bonus_tiles={"gold": "grey"}),
     "players[1].bonus_tiles", "Trajan 1.11 bonus tiles"),
    ("a side that is no side", player_edit(1, bonus_tiles={"workers": "green"}),
     "players[1].bonus_tiles.workers", "Trajan 1.11 bonus tiles"),
    ("a senate space beyond the track", player_edit(2, senate=8), "players[2].senate", "Trajan 1.4 senate"),
    ("a negative count", player_edit(0, hand=-1), "players[0].hand", "Trajan snapshot format"),
    ("a negative tile count", player_edit(0, demand_tiles={"bread": -2}), "players[0].demand_tiles.bread",
     "Trajan snapshot format"),
    ("more than 15 figures", player_edit(0, workers_camp=9),
     "players[0].workers_camp + military_camp + legionnaires + site_workers", "Trajan 1.13 setup"),
    ("an unknown commodity", player_edit(0, display={"silk": 1}), "players[0].display", "Trajan 1.10 seaport"),
    ("6 cards of a commodity", player_edit(1, display={"wine": 4}), "players[*].display.wine", "Trajan 1.10 seaport"),
    ("an unknown province", player_edit(0, legionnaires=["hispania"]), "players[0].legionnaires[0]",
     "Trajan 1.8 military"),
    ("two legionnaires in a province", player_edit(0, legionnaires=["alpes", "alpes"]),
     "players[0].legionnaires[1]", "Trajan 1.8 military"),
    ("7 Trajan tiles on a wheel", player_edit(0, trajan_tiles=7), "players[0].trajan_tiles", "Trajan 1.3 Trajan tiles"),
    ("4 Trajan bread tiles", player_edit(1, trajan_demand={"bread": 4}), "players[*].trajan_demand.bread",
     "Trajan 1.3 Trajan tiles"),
    ("a 6-vote senate tile", player_edit(0, senate_tiles=[6]), "players[0].senate_tiles[0]", "Trajan 1.7 forum"),
    ("4 demand wildcards", player_edit(0, wildcards={"demand": 3}), "players[*].wildcards.demand", "Trajan 1.7 forum"),
    ("an unknown wildcard", player_edit(0, wildcards={"senate": 1}), "players[0].wildcards", "Trajan 1.7 forum"),
    ("an unknown demand type", player_edit(0, demand_tiles={"wine": 1}), "players[0].demand_tiles", "Trajan 1.5 demands"),
    ("an unknown player field", player_edit(0, legionaires=["alpes"]), "players[0].legionaires",
     "Trajan snapshot format"),
    ("a vp that is not a number", player_edit(0, vp="12"), "players[0].vp", "Trajan snapshot format"),
    ("a count that is true", player_edit(0, hand=True), "players[0].hand", "Trajan snapshot format"),
    ("no name", player_edit(0, name=" "), "players[0].name", "Trajan snapshot format"),
    ("two players of one name", player_edit(1, name="Livia"), "players[1].name", "Trajan snapshot format"),
    ("a stack missing a player", top_edit(senate_stack=["Marcus", "Julia"]), "senate_stack", "Trajan 1.4 senate"),
    ("one player", top_edit(players=[{"name": "Solo", "vp": 1}], senate_stack=["Solo"]), "players", "Trajan 1.13 setup"),
    ("an unknown top field", top_edit(round=4), "round", "Trajan snapshot format"),
    ("a final snapshot with demands", top_edit(demands=["bread"]), "demands", "Trajan snapshot format"),
    ("an unknown kind", top_edit(kind="midgame"), "kind", "Trajan snapshot format"),
    ("not a Trajan snapshot", top_edit(format="troyes"), "format", "Trajan snapshot format"),
    ("a newer version", top_edit(version=2), "version", "Trajan snapshot format"),
    ("no players", drop("players"), "players", "Trajan snapshot format"),
    ("an unknown setting", top_edit(settings={"lap_length": 3}), "settings", "Trajan snapshot format"),
]


@pytest.mark.parametrize("what, edit, field, rule", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_impossible_holdings_are_refused_naming_field_and_rule(what, edit, field, rule):
    data = load(FINAL)
    edit(data)
    with pytest.raises(IllegalCommand) as info:
        parse_snapshot(data)
    assert info.value.rule == rule
    assert info.value.message.startswith(field + ":"), info.value.message


SEASON_REFUSALS = [
    ("2 demands", top_edit(demands=["bread", "games"]), "demands", "Trajan 1.5 demands"),
    ("4 demands", top_edit(demands=["bread"] * 4), "demands", "Trajan 1.5 demands"),
    ("an unknown demand", top_edit(demands=["bread", "wine", "games"]), "demands[1]", "Trajan 1.5 demands"),
    ("season 5", top_edit(season=5), "season", "Trajan 1.1 seasons"),
    ("no season", drop("season"), "season", "Trajan snapshot format"),
    ("3 tiles beside the senate", top_edit(senate_bonus=["workers", "bonus", "legionnaires"]), "senate_bonus",
     "Trajan 1.4 senate"),
    ("a tile beside the senate also held", top_edit(senate_bonus=["workers", "demand_bread"]),
     "players[2].bonus_tiles", "Trajan 1.11 bonus tiles"),
]


@pytest.mark.parametrize("what, edit, field, rule", SEASON_REFUSALS, ids=[r[0] for r in SEASON_REFUSALS])
def test_impossible_seasons_are_refused(what, edit, field, rule):
    data = load(SEASON)
    edit(data)
    with pytest.raises(IllegalCommand) as info:
        parse_snapshot(data)
    assert info.value.rule == rule
    assert info.value.message.startswith(field + ":"), info.value.message


def test_a_snapshot_that_is_not_an_object_is_refused():
    with pytest.raises(IllegalCommand) as info:
        parse_snapshot([1, 2])
    assert info.value.message == "snapshot: expected an object."


# -- scoring and printing -----------------------------------------------------------------------------


def test_season_example_scores():
    result = score_snapshot(load(SEASON))
    rows = {p["name"]: p for p in result["players"]}
    assert [(n, rows[n]["vp_after"], rows[n]["penalty"], rows[n]["votes"]) for n in ("Livia", "Marcus", "Julia")] == \
        [("Livia", 38, 0, 8), ("Marcus", 36, 9, 7), ("Julia", 41, 0, 8)]
    assert [p["with"] for p in rows["Livia"]["paid"]] == ["trajan", "wildcard", "forum"]
    # Julia's yellow bread bonus needs a bread forum tile (S000 p11–12): the wildcard pays the second bread.
    assert [p["with"] for p in rows["Julia"]["paid"]] == ["forum", "forum", "wildcard"]
    assert (result["consul"], result["proconsul"]) == ("Livia", "Julia")
    assert result["senate_stack_after"] == ["Marcus", "Julia", "Livia"]
    json.dumps(result)  # plain data


def test_final_example_scores():
    result = score_snapshot(load(FINAL))
    assert {p["name"]: p["total"] for p in result["players"]} == {"Livia": 165, "Marcus": 155, "Julia": 159}
    assert (result["tied"], result["winners"], result["tie_break"]) == (["Livia"], ["Livia"], "none")
    for p in result["players"]:
        assert [c["id"] for c in p["categories"]] == [cat for cat, _fn in scoring.CATEGORIES]
        assert all(c["rule"].startswith("Trajan 1.") for c in p["categories"])
    json.dumps(result)


def test_format_scores_shows_every_category_with_its_rule():
    text = format_scores(score_snapshot(load(FINAL)))
    for label in ("VP during the game", "cards in hand", "workers' camp", "military camp",
                  "Trajan tiles on the wheel", "construction sets", "bonus tiles"):
        assert len(re.findall(rf"^  {re.escape(label)} +-?\d+  Trajan 1\.\d+", text, re.M)) == 3, label
    assert text.count("Trajan 1.12") >= 12 and "Winner: Livia" in text
    assert format_scores(score_snapshot(load(FINAL)), language="zh-Hans") == text


def test_a_clear_winner_is_printed_as_such():
    text = format_scores(score_snapshot(minimal()))
    assert "Winner: Bo with 12 VP" in text and "tie" not in text


# -- the command line and the documented examples --------------------------------------------------------


@pytest.mark.parametrize("example", ["docs/examples/trajan-season.json", "docs/examples/trajan-final.json"])
def test_the_documented_examples_print_what_the_doc_shows(example, capsys):
    assert main(["score", "trajan", str(ROOT / example)]) == 0
    printed = capsys.readouterr().out
    assert printed == documented_output(DOC, example)


def test_the_doc_checks_the_totals_the_cli_prints(capsys):
    doc = DOC.read_text(encoding="utf-8")
    assert main(["score", "trajan", str(FINAL), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    totals = [p["total"] for p in final["players"]]
    assert f"| **total** | **{totals[0]}** | **{totals[1]}** | **{totals[2]}** |" in doc
    assert "**Livia wins**" in doc and final["winners"] == ["Livia"]
    assert main(["score", "trajan", str(SEASON), "--json"]) == 0
    season = json.loads(capsys.readouterr().out)
    for p in season["players"]:
        assert f"**{p['vp_before']} → {p['vp_after']}**" in doc
        assert f"= **{p['votes']}**" in doc
    assert f"Consul **{season['consul']}**, proconsul **{season['proconsul']}**" in doc


def documented_json(marker: str):
    return json.loads(documented_block(DOC, "json", "json", marker))


def test_the_documented_json_details_are_what_the_cli_prints(capsys):
    assert main(["score", "trajan", str(FINAL), "--json"]) == 0
    livia = json.loads(capsys.readouterr().out)["players"][0]
    by_id = {c["id"]: c for c in livia["categories"]}
    assert documented_json("docs/examples/trajan-final.json Livia cards construction") == [
        by_id["cards"], by_id["construction"]]
    assert documented_json("docs/examples/trajan-final.json Livia bonus_tiles 0") == by_id["bonus_tiles"]["detail"][0]


def test_the_json_details_render_to_the_printed_lines(capsys):
    """Whoever renders `detail` as documented (template.format, nested parts first) gets the game's
    own printout (`format_scores`; the CLI prints the touchscreen's words for it, in the table's
    language, which the doc's example output shows)."""
    from companion.games import all_rules

    assert main(["score", "trajan", str(FINAL), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    printed = all_rules()["trajan"].format_scores(final)
    for player in final["players"]:
        for category in player["categories"]:
            parts = [scoring.detail_text(part) for part in category["detail"]]
            for text in parts if category["id"] == "bonus_tiles" else [", ".join(parts)]:
                assert re.search(r"  " + re.escape(text) + r"\n", printed), text


def scoring_templates() -> set[str]:
    """Every detail template written in scoring.py: the literals given to `Detail(…)` and
    `_counted(…)`, and those assigned to a variable named `template`."""
    import ast

    tree = ast.parse(Path(scoring.__file__).read_text(encoding="utf-8"))
    found: set[str] = set()

    def literals(node):
        return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}

    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Detail", "_counted"):
            for arg in node.args:
                if not isinstance(arg, ast.Dict):
                    found |= literals(arg)
        elif isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "template" for t in node.targets):
            found |= literals(node.value)
    return found


def test_every_template_is_documented_and_marked_for_translation():
    from companion.ui.trajan.format import DETAIL_TEMPLATES

    templates = scoring_templates()
    assert len(templates) >= 20 and "{n} in hand × 1" in templates
    assert set(DETAIL_TEMPLATES) == templates, "companion/ui/trajan/format.py marks every template (N_) and no other"
    doc = DOC.read_text(encoding="utf-8").split("The templates, with the parameters each one takes:")[1]
    table = "\n".join(line for line in doc.splitlines() if line.startswith("| "))
    documented = {t for t in re.findall(r"`([^`]+)`", table) if not re.fullmatch(r"[a-z_]+", t)}
    assert documented == templates


def test_a_bad_snapshot_exits_2_naming_field_and_rule(tmp_path, capsys):
    data = load(FINAL)
    data["players"][1]["construction"] = {"roof": 7}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    assert main(["score", "trajan", str(bad)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    line = err.strip().replace(str(bad), "bad.json")
    assert line == ("companion score: bad.json: players[1].construction.roof: 7 construction tiles of one type, "
                    "but there are only 4 of each. [Trajan 1.9 construction]")
    assert line in DOC.read_text(encoding="utf-8")


def test_a_file_that_is_not_json_or_missing_exits_2(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["score", "trajan", str(broken)]) == 2
    assert "not JSON" in capsys.readouterr().err
    assert main(["score", "trajan", str(tmp_path / "absent.json")]) == 2
    assert "absent.json" in capsys.readouterr().err


def test_score_only_knows_games_with_a_calculator(capsys):
    with pytest.raises(SystemExit) as info:
        main(["score", "scorepad", str(FINAL)])
    assert info.value.code == 2


def test_examples_are_not_modified_by_scoring():
    data = load(FINAL)
    before = copy.deepcopy(data)
    score_snapshot(data)
    assert data == before
