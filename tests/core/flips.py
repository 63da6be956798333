"""Flipping bytes of a journal and asking each reader what it makes of it: the app's load path
(tidy, list, resume), `companion replay` and `companion doctor`.

Each reader must either load exactly the state the journal held, or refuse the file (set aside,
not resumed, refused, a doctor's failure): never a different state without a word (a "silent"
change), and never an exception that is not a refusal (a "crash"). Shared by the flip tests and
the opt-in soak (tests/soak_journals.py).
"""

from __future__ import annotations

import collections
import contextlib
import dataclasses
import json
import logging
import os
import traceback
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Mapping

from companion.core.errors import IllegalCommand, JournalError
from companion.core.store import JournalStore
from companion.doctor import probe_journals
from companion.replay import replay_journal
from companion.session import Session


def state_of(session: Session) -> str:
    """What a loaded game is, for comparing: its public view and its whole history."""
    return json.dumps([session.engine.view(None), [dataclasses.asdict(h) for h in session.history()]],
                      sort_keys=True, default=str)


@dataclasses.dataclass
class Tally:
    """Outcomes per reader ("same", "refused", "silent", "crash") and the first few bad cases."""

    counts: dict[str, collections.Counter] = dataclasses.field(
        default_factory=lambda: collections.defaultdict(collections.Counter))
    bad: list[str] = dataclasses.field(default_factory=list)
    flips: int = 0

    def add(self, reader: str, outcome: str, where: str = "") -> None:
        self.counts[reader][outcome] += 1
        if outcome in ("silent", "crash", "no") and len(self.bad) < 20:
            self.bad.append(f"{reader} {outcome} at {where}")

    def total(self, outcome: str) -> int:
        return sum(counter[outcome] for counter in self.counts.values())

    def summary(self) -> str:
        parts = [f"{reader}: " + ", ".join(f"{n} {o}" for o, n in sorted(c.items())) for reader, c in self.counts.items()]
        return f"{self.flips} flips; " + "; ".join(parts)


class Flipper:
    """Holds one journal's bytes and the state it loads to; `flip(offset)` tries one damaged copy."""

    def __init__(self, journal: Path, games: Mapping[str, Any], work: Path) -> None:
        self.games = games
        self.name = journal.name
        self.original = journal.read_bytes()
        self.work = work
        self.data = work / "data"
        self.file = self.data / "games" / self.name
        self.tally = Tally()
        self.want = self._load(self.original, check=True)

    def _reset(self, content: bytes) -> None:
        games = self.file.parent
        if games.is_dir():
            for entry in os.scandir(games):
                os.unlink(entry.path)
        else:
            games.mkdir(parents=True)
        fd = os.open(self.file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, content)
        finally:
            os.close(fd)

    def _load(self, content: bytes, check: bool = False) -> str:
        self._reset(content)
        session = Session(self.games, JournalStore(self.data))
        try:
            session.store.tidy()
            infos = session.store.list()
            assert [i.path for i in infos] == [self.file] or not check, "the unflipped journal is listed"
            self.finished = infos[0].finished
            session.resume(infos[0].path)
            return state_of(session)
        finally:
            session.shutdown()

    def flip(self, offset: int, mask: int = 0xFF) -> None:
        content = bytearray(self.original)
        content[offset] ^= mask
        content = bytes(content)
        where = f"byte {offset}"
        self.tally.flips += 1
        self._reset(content)
        doctor = self._try("doctor", where, self._doctor)
        self._try("replay", where, self._replay)
        self._reset(content)
        app = self._try("app", where, self._app)
        if (doctor == "same") != (app == "same"):
            self.tally.add("doctor agrees with the app", "no", where)

    def _try(self, reader: str, where: str, run: Callable[[], str]) -> str:
        try:
            outcome = run()
        except (JournalError, IllegalCommand):
            outcome = "refused"
        except Exception:  # noqa: BLE001 — what the test is looking for
            outcome = "crash"
            where += "\n" + traceback.format_exc(limit=6)
        self.tally.add(reader, outcome, where)
        return outcome

    def _doctor(self) -> str:
        probe = probe_journals(self.data)
        if probe.status == "ok":
            return "same"  # the doctor reads the whole journal; the app and replay say whether it is the same
        return "refused"

    def _replay(self) -> str:
        summary = replay_journal(self.file, self.games)
        view = json.loads(self.want)[0]
        return "same" if json.dumps(summary["view"], sort_keys=True, default=str) == json.dumps(view, sort_keys=True, default=str) else "silent"

    def _app(self) -> str:
        """As at start (tidy, then the game to resume) for an unfinished game; as the history opens
        it (the listing, then that file) for a finished one."""
        session = Session(self.games, JournalStore(self.data))
        try:
            session.store.tidy()
            if self.finished:
                info = next((i for i in session.store.list() if i.path == self.file), None)
            else:
                info = session.resumable()
            if info is None:
                return "refused"  # set aside, or not listed: nothing different is shown
            session.resume(info.path)
            return "same" if state_of(session) == self.want else "silent"
        finally:
            session.shutdown()


@contextlib.contextmanager
def quiet() -> Iterator[None]:
    """The store logs every file it sets aside: thousands of lines in a flip run say nothing.
    Their levels come back afterwards: later tests read those logs."""
    loggers = [logging.getLogger(name) for name in ("companion.store", "companion.session")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def flip_all(journal: Path, games: Mapping[str, Any], work: Path, offsets: Iterable[int] | None = None) -> Tally:
    with quiet():
        flipper = Flipper(journal, games, work)
        for offset in (range(len(flipper.original)) if offsets is None else offsets):
            flipper.flip(offset)
    return flipper.tally
