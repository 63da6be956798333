"""Game-agnostic, pure core: commands, events, fold, journal, undo/redo, seeded randomness, views.

Only the standard library is imported here, so every rule runs and tests anywhere in milliseconds.
"""

from companion.core.errors import (
    IllegalCommand,
    JournalError,
    CorruptJournal,
    ForeignJournal,
    NewerJournal,
)
from companion.core.events import Event, Command, EventCodec
from companion.core.game import Game
from companion.core.rng import SeededRandom
from companion.core.journal import Journal, JournalRecord
from companion.core.engine import Engine, Step

__all__ = [
    "IllegalCommand",
    "JournalError",
    "CorruptJournal",
    "ForeignJournal",
    "NewerJournal",
    "Event",
    "Command",
    "EventCodec",
    "Game",
    "SeededRandom",
    "Journal",
    "JournalRecord",
    "Engine",
    "Step",
]
