"""A process that starts as the app does on its data directory and then makes games and plays them
as fast as it can, saying each durable thing on stdout, until it is killed (tests/e2e/test_kill_journals.py).

Run: PYTHONPATH=. python tests/e2e/journal_worker.py DATA_DIR SEED [hold]. Start-up is the app's own (`start_data.open_store`:
the lock, the tidying, the listing and the resume of the game played last); then, forever: a new
game (its journal appears with its set-up step), then one to four steps. Lines:
`ready <resumed path or ->`, `created <path>` once a journal exists, `step <path> <n>` once step n is
durable. Nearly all of its time is spent creating journals and committing steps, so a kill at a
random moment lands inside one or the other. With `hold`, its first new journal stops once built
under its temporary name, before the rename, saying `building <temporary path>`: a kill there lands
mid-creation on any machine, however fast or loaded.
"""

from __future__ import annotations

import random
import sys
import threading

from companion.config import Config
from companion.core import journal as journal_module
from companion.games import built_games
from companion.session import Intent, Session
from companion.start_data import open_store


def hold_the_first_creation() -> None:
    """The next journal built stops after its temporary file is synced, until the process is killed."""
    synced = journal_module.fsync_file

    def sync_then_hold(path):  # type: ignore[no-untyped-def]
        synced(path)
        print("building", path, flush=True)
        threading.Event().wait()

    journal_module.fsync_file = sync_then_hold


def main(data_dir: str, seed: int, hold: bool = False) -> None:
    rng = random.Random(seed)
    started = open_store(Config(data_dir=data_dir))
    session = Session(built_games(), started.store)
    session.start_notices.extend(started.notices)
    resumed = "-"
    if session.resumable() is not None:
        session.resume()
        resumed = str(session.engine.journal.path)
    problems = [n.text for n in session.data_notices()]
    print("ready", resumed, "|".join(problems), flush=True)
    if hold:
        hold_the_first_creation()
    while True:
        players = [f"P{i}" for i in range(rng.randint(1, 4))]
        session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": players, "seed": rng.randrange(99)}}))
        assert session.notice is None, session.notice
        path = session.engine.journal.path
        print("created", path, flush=True)
        for _ in range(rng.randint(1, 4)):
            session.handle(Intent("add_points", {"seat": rng.randrange(len(players)), "points": rng.randint(1, 9)}))
            assert session.notice is None, session.notice
            print("step", path, session.engine.journal.last_step, flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), hold=sys.argv[3:] == ["hold"])
