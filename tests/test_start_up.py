"""The app's start on whatever its folders hold — read-only, missing, full, foreign, damaged, locked,
a broken config, another companion — never crashes: it says what it found, naming the file and the
fix, and runs (on a temporary data directory where it must); a second companion exits cleanly."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import EXIT_TABLE_BUSY, main
from companion.config import Config
from companion.core.journal import Journal
from companion.core.owner import holder
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from companion.start_data import open_store

from tests.readonly import on_a_full_disk, read_only
from tests.waiting import TIMEOUT, wait_for

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.timeout(300)


def env_for(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="offscreen", KIVY_NO_ARGS="1", KIVY_NO_CONSOLELOG="1", KIVY_NO_FILELOG="1",
               KIVY_USE_DEFAULTCONFIG="1", KIVY_HOME=str(home / "kivy"), KIVY_LOG_MODE="PYTHON",
               XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "share"),
               XDG_RUNTIME_DIR=str(home / "run"), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1",
               COMPANION_EXIT_AFTER_FIRST_FRAME="1")
    (home / "run").mkdir(mode=0o700, exist_ok=True)
    return env


def data_of(home: Path) -> Path:
    return home / "share" / "companion"


APP = [sys.executable, "-m", "companion"]


def start(home: Path, command: list[str] | None = None, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run(command or APP, env=env_for(home), capture_output=True, text=True, timeout=240, **kw)
    assert "Traceback" not in proc.stderr, proc.stderr[-4000:]
    return proc


def a_game(data: Path, players=("Ann", "Bo")) -> Path:
    session = Session(all_rules(), JournalStore(data))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": list(players), "seed": 1}}))
    session.handle(Intent("add_points", {"seat": 0, "points": 3}))
    path = session.engine.journal.path
    session.shutdown()
    return path


def flip_schema_byte(path: Path) -> None:
    """One byte of the schema's SQL text changed: the case that made every command exit 1."""
    data = bytearray(path.read_bytes())
    at = data.index(b"CREATE TABLE events")
    data[at + 20] ^= 0x01
    path.write_bytes(bytes(data))


def test_a_second_companion_says_which_process_owns_the_table_and_exits_cleanly(tmp_path):
    home = tmp_path
    script = tmp_path / "linger.txt"
    script.write_text("wait 120\nquit\n")
    env = env_for(home)
    env.pop("COMPANION_EXIT_AFTER_FIRST_FRAME")
    first = subprocess.Popen([*APP, "--input-script", str(script)], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    try:
        assert wait_for(lambda: holder(data_of(home)) == first.pid, TIMEOUT * 4), "the first app owns its data"
        second = start(home)
        assert second.returncode == EXIT_TABLE_BUSY
        assert f"is in use by companion (pid {first.pid}): one table, one app" in second.stderr
        assert first.poll() is None, "the first one plays on"
    finally:
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=TIMEOUT)
    third = start(home)  # the kill let go of the lock: the table is free again
    assert third.returncode == 0, third.stderr[-3000:]


def test_a_read_only_data_directory_plays_on_a_temporary_one_said_plainly(tmp_path):
    data = data_of(tmp_path)
    game = a_game(data)
    damaged = a_game(data, ("Cy",))
    flip_schema_byte(damaged)
    before = sorted(p.name for p in (data / "games").iterdir())
    with read_only(data, APP) as command:
        proc = start(tmp_path, command)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert f"The data folder {data} cannot be used" in proc.stderr
    assert "games played now are kept in" in proc.stderr and f"Make {data} writable" in proc.stderr
    assert sorted(p.name for p in (data / "games").iterdir()) == before, "nothing set aside, nothing moved"
    assert game.exists() and damaged.exists()


def test_a_data_directory_that_is_a_file_plays_on_a_temporary_one(tmp_path):
    data = data_of(tmp_path)
    data.parent.mkdir(parents=True)
    data.write_text("not a folder")
    proc = start(tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert f"The data folder {data} cannot be used" in proc.stderr
    assert data.read_text() == "not a folder"


def test_a_full_disk_plays_on_a_temporary_one(tmp_path):
    data = data_of(tmp_path)
    data.mkdir(parents=True)
    fill = ("import os, sys; sys.path.insert(0, %r); from tests.test_start_up import a_game; from pathlib import Path\n"
            "d = Path(%r); a_game(d); fd = os.open(d / 'filler', os.O_WRONLY | os.O_CREAT)\n"
            "try:\n"
            "    while True: os.write(fd, b'x' * 4096)\n"
            "except OSError: pass\n"
            "os.close(fd)") % (str(ROOT), str(data))
    command = on_a_full_disk(data, 256, [sys.executable, "-c", fill], APP)
    proc = start(tmp_path, command)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert f"The data folder {data} cannot be used" in proc.stderr and "full" in proc.stderr


def test_a_broken_config_file_runs_with_the_built_in_settings(tmp_path):
    config = tmp_path / "config" / "companion" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text("language = \n")
    proc = start(tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "config.toml line 1" in proc.stderr and "running with the built-in settings" in proc.stderr


def test_a_locked_journal_at_start_is_busy_never_set_aside(tmp_path):
    data = data_of(tmp_path)
    game = a_game(data)
    hold = subprocess.Popen([sys.executable, "-c", (
        "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "c.execute('PRAGMA locking_mode=EXCLUSIVE'); c.execute('BEGIN EXCLUSIVE')\n"
        "c.execute(\"UPDATE meta SET value = value WHERE key = 'game'\")\nprint('held', flush=True); sys.stdin.read()"),
        str(game)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert hold.stdout.readline().strip() == "held"
        proc = start(tmp_path)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "could not resume" in proc.stderr and "in use by another program" in proc.stderr
        assert game.exists() and [p.name for p in (data / "games").iterdir() if "set-aside" in p.name] == []
    finally:
        hold.stdin.close()
        hold.wait(timeout=TIMEOUT)
    again = start(tmp_path)
    assert again.returncode == 0 and "resumed" in again.stderr, again.stderr[-3000:]


def test_foreign_damaged_and_newer_files_at_start(tmp_path):
    data = data_of(tmp_path)
    good = a_game(data)
    damaged = a_game(data, ("Cy",))
    flip_schema_byte(damaged)
    foreign = data / "games" / "notes.journal"
    foreign.write_text("shopping list")
    newer = data / "games" / "20990101-000000-000000-scorepad.journal"
    with Journal.create(newer, "scorepad", steps=[[("scorepad.started", '{"players": ["Z"]}')]]) as journal:
        journal.set_meta("version", "99")
    proc = start(tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    names = sorted(p.name for p in (data / "games").iterdir())
    assert good.name in names and newer.name in names
    assert any(n.startswith(damaged.name + ".set-aside-") for n in names)
    # Not companion's: not ours to rename. Left exactly as it was, never opened, only listed.
    assert "notes.journal" in names and not any(n.startswith("notes.journal.set-aside-") for n in names)
    assert foreign.read_text() == "shopping list"
    assert f"resumed {good.name}" in proc.stderr, "the intact game played last is resumed"


def test_every_start_up_case_is_a_notice_the_home_screen_can_show(tmp_path):
    """The same cases in-process, as data: the file, what happened, the fix."""
    data = tmp_path / "data"
    a_game(data)
    damaged = a_game(data, ("Cy",))
    flip_schema_byte(damaged)
    (data / "games" / "notes.journal").write_text("shopping list")
    started = open_store(Config(data_dir=str(data)))
    try:
        session = Session(all_rules(), started.store)
        assert session.resumable() is not None
        notices = {n.kind: n for n in session.data_notices()}
        assert set(notices) == {"set_aside", "foreign"} and len(session.data_notices()) == 2
        damaged_notice = next(n for n in session.data_notices() if damaged.name in n.text)
        assert damaged_notice.recoverable and "Recover its intact steps" in damaged_notice.fix_text
        foreign = next(n for n in session.data_notices() if "notes.journal" in n.text)
        assert not foreign.recoverable and "not a companion journal" in foreign.text
        assert "left as it is" in foreign.text and foreign.path == data / "games" / "notes.journal"
        assert (data / "games" / "notes.journal").read_text() == "shopping list"
    finally:
        started.release()


def test_replay_and_doctor_on_a_flipped_schema_byte_refuse_it_and_change_nothing(tmp_path, capsys, monkeypatch):
    data = tmp_path / "data"
    path = a_game(data)
    flip_schema_byte(path)
    before = path.read_bytes()
    assert main(["replay", str(path)]) == 2
    said = capsys.readouterr().out
    assert said.startswith(f"companion replay: {path}: ") and "damaged" in said, said
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{data}"\n')
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert main(["--config", str(config), "doctor"]) == 1
    out = capsys.readouterr().out
    assert f"damaged: {path.name}" in out
    assert path.read_bytes() == before and sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_at_start_the_game_is_resumed_over_the_tool_opened_last(tmp_path):
    """The issue's new user, as a process: a Trajan game, then the dice tray, restart: Trajan."""
    from tests.test_session_home import Ticks, dice_tray, trajan

    session = Session(all_rules(), JournalStore(data_of(tmp_path), clock=Ticks()))
    game = trajan(session)
    tray = dice_tray(session)
    session.shutdown()
    proc = start(tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert f"resumed {game.name}" in proc.stderr and tray.name not in proc.stderr, proc.stderr[-3000:]


def test_resume_path_is_checked_like_any_file_and_said_plainly(tmp_path):
    data = data_of(tmp_path)
    good = a_game(data)
    games = data / "games"
    notes = tmp_path / "notes.txt"
    notes.write_text("shopping list")
    foreign = games / "notes.journal"
    foreign.write_text("shopping list")
    damaged = a_game(data, ("Cy",))
    flip_schema_byte(damaged)
    cases = {
        str(notes): "must name a journal file (*.journal)",
        str(games / "gone.journal"): "no such journal file",
        str(foreign): "not a companion journal (not an SQLite file)",
        str(damaged): ") and was set aside. Recover its intact steps into a new game from home",
    }
    for path, said in cases.items():
        proc = start(tmp_path, [*APP, "--resume", path])
        assert proc.returncode == 2, (path, proc.stderr[-2000:])
        assert f"companion: could not resume {path}: " in proc.stderr and said in proc.stderr, (path, proc.stderr[-2000:])
    assert foreign.read_text() == "shopping list" and notes.read_text() == "shopping list"
    moved = next(p for p in games.iterdir() if p.name.startswith(damaged.name + ".set-aside-") and p.name[-4:].isdigit())
    proc = start(tmp_path, [*APP, "--resume", str(moved)])
    assert proc.returncode == 2 and "is a damaged game set aside: recover its intact steps from home" in proc.stderr
    proc = start(tmp_path, [*APP, "--resume", str(good)])
    assert proc.returncode == 0 and f"resumed {good.name}" in proc.stderr, proc.stderr[-2000:]


def test_the_app_starts_with_the_cyclic_collector_off_and_gives_it_back(monkeypatch):
    """Start-up makes no garbage worth a pass (see `cli.run_app`); afterwards collection is as it was."""
    import argparse
    import gc

    from companion import cli

    seen = []
    monkeypatch.setattr(cli, "_run_app", lambda args: seen.append(gc.isenabled()) or 7)
    assert gc.isenabled()
    assert cli.run_app(argparse.Namespace()) == 7
    assert seen == [False] and gc.isenabled()

    def fails(args):
        raise RuntimeError("the app failed")

    monkeypatch.setattr(cli, "_run_app", fails)
    with pytest.raises(RuntimeError):
        cli.run_app(argparse.Namespace())
    assert gc.isenabled(), "given back after a failure too"


def test_a_plain_start_lists_the_shelf_once_and_resumes_the_game_played_last(tmp_path, monkeypatch):
    """The listing is what grows with the shelf: finding the game to resume and resuming it read it once."""
    from companion.ui.shell import app as app_module

    for name, sub in (("XDG_DATA_HOME", "share"), ("XDG_CONFIG_HOME", "config"), ("XDG_RUNTIME_DIR", "run")):
        (tmp_path / sub).mkdir(mode=0o700, exist_ok=True)
        monkeypatch.setenv(name, str(tmp_path / sub))
    a_game(data_of(tmp_path), ("Old",))
    last = a_game(data_of(tmp_path), ("New",))
    listings, started = [], []
    real_list = JournalStore._listing  # what `list` and `unfinished` both read the shelf through
    monkeypatch.setattr(JournalStore, "_listing", lambda self, past: listings.append(1) or real_list(self, past))
    monkeypatch.setattr(app_module, "run_app", lambda session, **kw: started.append(
        (session.engine.journal.path, kw["start_screen"])) or 0)
    assert main([]) == 0
    assert started == [(last, "table")]
    assert len(listings) == 1
