"""Finished plays leave the Pi (issue 23): a play record of every game's finished journal, BG
Stats' push JSON held to its field rules, the link under its limit for 8 players, the CSV read
back with csv, `companion export` of every game, and no export before a game's end."""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
from pathlib import Path

import pytest

from companion.core import bgstats
from companion.core.journal import Journal
from companion.core.plays import NotFinished, PlayRecord, finished_plays, read_plays, record_of
from companion.core.plays_export import CSV_COLUMNS, bgstats_text, csv_text, titles_from
from companion.core.results import BggEntry, FinalResult, PlayerResult
from companion.games import all_rules, registry
from companion.session import Intent
from tests.conformance.players import SECRET_HIGH, SECRET_LOW
from tests.conformance.test_conformance import new_session, play, revealed_amounts, secrets_in

GAMES = sorted(all_rules())
PLAYED = [g for g in GAMES if not all_rules()[g].is_tool]
TITLES = titles_from({entry.id: entry.title for entry in registry()})
DATE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$")


def bgg(game_id: str) -> BggEntry | None:
    return all_rules()[game_id].bgg


def finish(tmp_path: Path, game: str, seed: int = 7):
    """A session with `game` played to its end (the conformance suite's random player)."""
    session, rnd = new_session(tmp_path, game, seed)
    for _ in play(session, game, rnd, steps=3000, undo_rate=0.0):
        pass
    assert session.table_view().finished
    return session


def check_push_json(data: dict, record: PlayRecord) -> None:
    """The issue's field rules, types and presence."""
    assert data["sourceName"] == bgstats.SOURCE_NAME and isinstance(data["sourceName"], str)
    assert data["sourcePlayId"] == record.play_id
    assert DATE.match(data["playDate"]) and data["playDate"] == record.end.astimezone(dt.timezone.utc).strftime(
        "%Y-%m-%d %H:%M:%S")
    assert isinstance(data["durationMin"], int) and data["durationMin"] >= 0
    game = data["game"]
    assert isinstance(game["name"], str) and game["name"]
    assert game["sourceGameId"] == f"companion-{record.game}"
    assert isinstance(game["highestWins"], bool) and isinstance(game["noPoints"], bool)
    if "bggId" in game:
        assert type(game["bggId"]) is int
    assert len(data["players"]) == len(record.players)
    for player, seat in zip(data["players"], record.players):
        assert set(player) >= {"name", "sourcePlayerId", "score", "winner", "startPlayer"}
        assert player["name"] == seat.name
        assert player["sourcePlayerId"] == bgstats.player_id(seat.name)
        assert type(player["score"]) in (int, float) and not isinstance(player["score"], bool)
        assert type(player["winner"]) is bool and type(player["startPlayer"]) is bool
        assert player["winner"] == seat.winner


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_is_a_play_record_and_its_push_json_keeps_the_field_rules(game, tmp_path):
    session = finish(tmp_path, game)
    path = session.engine.journal.path
    final = session.engine.view(None).get("final")
    session.shutdown()
    with Journal.read(path) as journal:
        if all_rules()[game].is_tool:
            with pytest.raises(NotFinished, match="a tool"):
                record_of(all_rules()[game], journal)
            return
        record = record_of(all_rules()[game], journal)
    assert record.play_id == path.stem and record.game == game
    assert record.start <= record.end and record.end.tzinfo is not None
    if final:  # a game with a final breakdown: its winners and totals, every category with its rule
        totals = {p["seat"]: p["total"] for p in final.get("players", final.get("scores", ()))}
        assert {p.seat: p.score for p in record.players} == totals
        assert all(c.rule for p in record.players for c in p.categories)
        assert any(p.winner for p in record.players)
    data = bgstats.push_json(record, TITLES(game), bgg(game))
    check_push_json(data, record)
    link = bgstats.push_link(data)
    assert link.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert bgstats.data_of(link) == data
    # stable: the same journal read again gives the same JSON
    again, _ = read_plays([path], all_rules())
    assert bgstats.push_json(again[0], TITLES(game), bgg(game)) == data


def test_the_bgg_ids_are_data_with_their_mark():
    rules = all_rules()
    assert (rules["trajan"].bgg.bgg_id, rules["trajan"].bgg.confirmed) == (102680, True)
    assert (rules["troyes"].bgg.bgg_id, rules["troyes"].bgg.confirmed) == (73439, True)
    assert (rules["augustus"].bgg.bgg_id, rules["augustus"].bgg.confirmed) == (137297, False)
    assert rules["tribune"].bgg is None  # not known: pushed without a bggId, matched by name
    assert all(rules[g].bgg is None or rules[g].bgg.source for g in GAMES)


def eight(name: str) -> PlayRecord:
    players = tuple(PlayerResult(i, (name * 16)[:15] + str(i), 1234, i == 3) for i in range(8))
    end = dt.datetime(2026, 12, 2, 23, 59, 59, tzinfo=dt.timezone.utc)
    return PlayRecord("20261202-215959-123456-scorepad", "trajan", end - dt.timedelta(hours=5), end,
                      FinalResult(players, 0))


@pytest.mark.parametrize("name", ["W", "张", "Ünï"])
def test_the_link_for_8_players_with_the_longest_names_stays_under_the_limit(name):
    record = eight(name)
    data = bgstats.push_json(record, "Trajan", bgg("trajan"))
    link = bgstats.push_link(data)
    assert len(link) <= bgstats.MAX_LINK
    assert bgstats.data_of(link) == data
    assert data["durationMin"] == 300 and data["playDate"] == "2026-12-02 23:59:59"
    assert [p["startPlayer"] for p in data["players"]] == [True] + [False] * 7


def test_a_link_past_the_limit_is_refused_plainly():
    data = bgstats.push_json(eight("W"), "Trajan", bgg("trajan"))
    data["comments"] = "x" * bgstats.MAX_LINK
    with pytest.raises(bgstats.LinkTooLong, match="characters"):
        bgstats.push_link(data)


def test_a_players_id_is_stable_across_plays_and_spellings():
    assert bgstats.player_id("Ann") == bgstats.player_id(" ann ") == bgstats.player_id("ＡＮＮ")
    assert bgstats.player_id("Ann") != bgstats.player_id("Anne")


def test_tribune_goes_without_points_with_the_winners_the_table_named(tmp_path):
    session, _ = new_session(tmp_path, "tribune", 1)
    session.handle(Intent("finish", {"winners": [2]}))
    assert session.table_view().finished, session.notice
    path = session.engine.journal.path
    session.shutdown()
    (record,), _ = read_plays([path], all_rules())
    data = bgstats.push_json(record, "Tribune", bgg("tribune"))
    check_push_json(data, record)
    assert data["game"]["noPoints"] is True and "bggId" not in data["game"]
    assert [p["winner"] for p in data["players"]] == [i == 2 for i in range(len(data["players"]))]


def test_tribune_refuses_a_winner_who_is_not_at_the_table(tmp_path):
    session, _ = new_session(tmp_path, "tribune", 1)
    session.handle(Intent("finish", {"winners": [9]}))
    assert not session.table_view().finished
    assert session.notice is not None and session.notice.level == "refused" and session.notice.rule == "Tribune victory"
    session.shutdown()


def test_an_unfinished_game_cannot_be_exported(tmp_path, capsys):
    from companion.cli import main

    session, rnd = new_session(tmp_path, "trajan", 1)
    for _ in zip(range(5), play(session, "trajan", rnd)):
        pass
    path = session.engine.journal.path
    session.shutdown()
    with Journal.read(path) as journal, pytest.raises(NotFinished, match="not a finished game"):
        record_of(all_rules()["trajan"], journal)
    assert read_plays([path], all_rules()) == ([], [])
    assert main(["export", "--csv", str(tmp_path / "out.csv"), str(path)]) == 2
    assert "not a finished game" in capsys.readouterr().err
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.timeout(600)
def test_companion_export_writes_every_finished_play_of_every_game(tmp_path, capsys):
    from companion.cli import main

    data_dir = tmp_path / "data"
    for game in GAMES:
        finish(tmp_path, game).shutdown()  # every session writes under tmp_path/data
    unfinished, rnd = new_session(tmp_path, "troyes", 3)  # and one left unfinished: not exported
    for _ in zip(range(20), play(unfinished, "troyes", rnd)):
        pass
    unfinished.shutdown()
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{data_dir}"\n', encoding="utf-8")
    out_json, out_csv = tmp_path / "out" / "plays.json", tmp_path / "out" / "plays.csv"
    assert main(["--config", str(config), "export", "--bgstats", str(out_json), "--csv", str(out_csv)]) == 0
    assert f"exported {len(PLAYED)} finished plays" in capsys.readouterr().out
    plays = json.loads(out_json.read_text(encoding="utf-8"))["plays"]
    records, _ = finished_plays(data_dir / "games", all_rules())
    assert sorted(p["game"]["sourceGameId"] for p in plays) == sorted(f"companion-{g}" for g in PLAYED)
    for data, record in zip(plays, records):
        check_push_json(data, record)
    with out_csv.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == sum(len(r.players) for r in records)
    for record in records:
        mine = [row for row in rows if row["play_id"] == record.play_id]
        assert [row["player"] for row in mine] == [p.name for p in record.players]
        assert [row["score"] for row in mine] == ["" if p.score is None else str(p.score) for p in record.players]
        assert [row["winner"] == "1" for row in mine] == [p.winner for p in record.players]
        for row, player in zip(mine, record.players):
            breakdown = json.loads(row["breakdown"]) if row["breakdown"] else []
            assert [(c["id"], c["points"], c["rule"]) for c in breakdown] == [
                (c.id, c.points, c.rule) for c in player.categories]
    # --since after every play's end: nothing
    later = (max(r.end for r in records) + dt.timedelta(days=1)).date().isoformat()
    assert main(["--config", str(config), "export", "--csv", str(out_csv), "--since", later]) == 0
    assert len(list(csv.DictReader(io.StringIO(out_csv.read_text(encoding="utf-8"))))) == 0
    assert main(["--config", str(config), "export", "--csv", str(out_csv), "--since", "yesterday"]) == 2
    assert "YYYY-MM-DD" in capsys.readouterr().err


@pytest.mark.timeout(600)
@pytest.mark.parametrize("game", PLAYED)
def test_no_export_holds_a_secret_before_the_end(game, tmp_path):
    """Before the end every export is refused (bids, hidden VP, characters are still secret); at
    the end the export holds no amount entered that no reveal showed."""
    session, rnd = new_session(tmp_path, game, 2)
    path = session.engine.journal.path
    entered: set[int] = set()
    for n, (table, intent) in enumerate(play(session, game, rnd, steps=3000, undo_rate=0.0)):
        entered |= secrets_in(json.dumps(dict(getattr(intent, "args", {}))))
        if not table.finished and n % 15 == 0:
            with Journal.read(path) as journal, pytest.raises(NotFinished):
                record_of(all_rules()[game], journal)
    assert session.table_view().finished
    revealed = revealed_amounts(session)
    session.history()  # the set-up step's summary row too (written with the file, before the table had one)
    fingerprint = session.engine.fingerprint
    session.shutdown()
    records, _ = read_plays([path], all_rules())
    text = bgstats_text(records, TITLES, bgg) + csv_text(records, TITLES)
    leaked = secrets_in(text) & entered - revealed
    assert not leaked, f"{game}: the export shows {sorted(leaked)}, never revealed"
    with Journal.read(path) as journal:  # the history's summary rows on disk hold no more than it shows
        summaries = journal.summaries(0, fingerprint)
        assert len(summaries) == journal.last_step
    leaked = secrets_in(repr(summaries)) & entered - revealed
    assert not leaked, f"{game}: the history's summaries hold {sorted(leaked)}, never revealed"
    assert SECRET_LOW < SECRET_HIGH
