"""Shared by the secret bid tests: engines over a journal, restarts, and the `companion` logs."""

from __future__ import annotations

import logging
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.games.secretbid.commands import StartBids
from companion.games.secretbid.rules import SECRETBID


def new_engine(path: Path, players=("Ann", "Bo", "Cy"), engine_cls=Engine, **setup: Any) -> Engine:
    engine = engine_cls(SECRETBID, Journal.create(path, "secretbid"))
    engine.execute(StartBids(tuple(players), **setup))
    return engine


def reopen(engine: Engine) -> Engine:
    """A restart: the journal closed as a dying process leaves it, the game read back from disk."""
    path = engine.journal.path
    engine.journal.close()
    return type(engine)(SECRETBID, Journal.open(path))


@contextmanager
def companion_logs() -> Iterator[list[logging.LogRecord]]:
    """Every record of the `companion` loggers, INFO and up, while inside (caplog is one per test;
    this is one per hypothesis example)."""
    records: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record)

    logger = logging.getLogger("companion")
    handler, level = Keep(logging.DEBUG), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        yield records
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
