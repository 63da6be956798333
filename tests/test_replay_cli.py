"""`companion replay`: final public state and scores, text or JSON; bad files refused plainly."""

import json

from companion.cli import main
from companion.core.store import JournalStore
from companion.games import built_games
from companion.session import Intent, Session


def played_journal(tmp_path):
    session = Session(built_games(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 1}}))
    for seat, points in ((0, 5), (1, 9), (2, 9), (0, 1)):
        session.handle(Intent("add_points", {"seat": seat, "points": points}))
    session.handle(Intent("undo"))
    session.handle(Intent("finish"))
    path = session.engine.journal.path
    session.shutdown()
    return path


def test_text_summary(tmp_path, capsys):
    path = played_journal(tmp_path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "finished, 7 steps (1 undone)" in out
    lines = [l.split() for l in out.splitlines() if l.strip().startswith(("1", "3"))]
    assert ["1", "Bo", "9"] in lines and ["1", "Cy", "9"] in lines and ["3", "Ann", "5"] in lines


def test_json_summary(tmp_path, capsys):
    path = played_journal(tmp_path)
    assert main(["replay", "--json", str(path)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["finished"] is True
    assert [p["score"] for p in summary["view"]["players"]] == [5, 9, 9]


def test_foreign_file_refused(tmp_path, capsys):
    bad = tmp_path / "x.journal"
    bad.write_text("hello")
    assert main(["replay", str(bad)]) == 2
    assert "not a companion journal" in capsys.readouterr().out
    assert bad.read_text() == "hello"


def test_replay_reads_a_journal_another_process_holds_and_keeps_nobody_waiting(tmp_path, capsys):
    import subprocess
    import sys

    path = played_journal(tmp_path)
    hold = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA locking_mode=EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE')\n"
        "c.execute(\"UPDATE meta SET value = value WHERE key = 'game'\")\nprint('held', flush=True); sys.stdin.read()"),
        str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert hold.stdout.readline().strip() == "held"
        before = sorted(p.name for p in path.parent.iterdir())
        assert main(["replay", str(path)]) == 0
        assert "finished, 7 steps (1 undone)" in capsys.readouterr().out
        assert sorted(p.name for p in path.parent.iterdir()) == before
    finally:
        hold.stdin.close()
        hold.wait(timeout=30)
