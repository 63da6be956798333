"""Shared by the Tribune tests: engines over a journal, restarts, and short ways to play a bid."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from companion.core import sealed
from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.games.tribune.commands import StartTribune
from companion.games.tribune.rules import TRIBUNE

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")


def new_engine(path: Path, players: Iterable[str] = NAMES[:3], start_player: int = 0, **settings: Any) -> Engine:
    engine = Engine(TRIBUNE, Journal.create(path, "tribune"))
    engine.execute(StartTribune(tuple(players), start_player, settings))
    return engine


def reopen(engine: Engine) -> Engine:
    """A restart: the journal closed as a dying process leaves it, the game read back from disk."""
    path = engine.journal.path
    engine.journal.close()
    return Engine(TRIBUNE, Journal.open(path))


def bid(engine: Engine, **amounts: int) -> None:
    """Each named seat ("s0", "s1", …) locks its amount, in the order given (the last lock reveals
    when every bidder has locked)."""
    for key, amount in amounts.items():
        engine.execute(sealed.LockBid(int(key[1:]), amount))


def money(engine: Engine) -> list[int]:
    return [p["money"] for p in engine.view()["players"]]
