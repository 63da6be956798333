"""Shared by the secret bid tests: engines over a journal, and the engine change the sealed bids need.

`RevealBarrierEngine` is the executable form of docs/sealed-bids.md, "What the engine needs": undo
and corrections stop at a step that revealed secrets (`companion.core.sealed.is_revealing`). It lives
here, not in companion/, until the engine itself reads the `reveals` mark; then the tests that use it
switch to `Engine` and the strict xfail in test_secretbid_secrets.py turns into a pass.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from companion.core import sealed
from companion.core.engine import Engine
from companion.core.errors import IllegalCommand
from companion.core.journal import Journal
from companion.games.secretbid.commands import StartBids
from companion.games.secretbid.rules import SECRETBID


class RevealBarrierEngine(Engine):
    """`Engine` plus the proposed rule: a step holding an event marked `reveals` is never undone,
    and no correction reaches back to it or before it."""

    def _reveals(self, number: int) -> bool:
        return sealed.is_revealing(self._steps[number].events)

    @property
    def can_undo(self) -> bool:
        return super().can_undo and not self._reveals(self._done[-1][0])

    def undo(self):
        if len(self._done) > 1 and self._reveals(self._done[-1][0]):
            raise IllegalCommand("undo", "Step {step} revealed what was secret; it cannot be undone.",
                                 step=self._done[-1][0])
        return super().undo()

    def state_before(self, step: int):
        before = super().state_before(step)
        effective = [number for number, _ in self._done]
        if any(self._reveals(n) for n in effective[effective.index(step):]):
            raise IllegalCommand("correct", "Step {step} cannot be corrected: a step since revealed what was secret.",
                                 step=step)
        return before


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
