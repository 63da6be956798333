"""Checksums of a journal's content: one per event row (chained), one per meta row, one of the schema.

Why CRC-32: it catches every change of up to 32 consecutive bits for certain — a flipped byte, the
damage an SD card or a stray write does — and costs about half a microsecond a row, so replaying
10,000 events stays inside its start-up budget. It is no defence against someone forging a journal,
and is not meant to be one.

Why chained: each event's sum continues the previous event's, so an event lost, repeated or moved
breaks the chain at that very event; and the meta row `head` (the last event's seq, step and sum,
written in the same transaction as the events) makes a lost tail visible too. Sums are stored as
SQLite integers (non-negative, below 2**32).
"""

from __future__ import annotations

import zlib
from typing import Iterable, NamedTuple

#: The sum the chain starts from, before event 1.
CHAIN_START = 0

_SEP = "\x1f"  # never in a kind, an ISO time or a number, and escaped by JSON inside a payload


def _bytes(*fields: object) -> bytes:
    return _SEP.join(str(f) for f in fields).encode("utf-8", "surrogatepass")


def event_sum(previous: int, seq: int, step: int, kind: str, payload: str, at: str) -> int:
    """The sum of one event row, continuing `previous` (the row before's sum, or `CHAIN_START`).
    Spelled out rather than through `_bytes`: start-up sums every event, and this is 3× cheaper."""
    return zlib.crc32(f"{seq}\x1f{step}\x1f{kind}\x1f{payload}\x1f{at}".encode("utf-8", "surrogatepass"), previous)


def meta_sum(key: str, value: str) -> int:
    """The sum of one meta row: a flipped byte in a game's identity, its players or its head is
    caught like one in an event."""
    return zlib.crc32(_bytes(key, value))


def checkpoint_sum(step: int, seq: int, chained: int, fingerprint: str, state: str) -> int:
    """The sum of one checkpoint row (`core.journal_checkpoints`): a byte flipped in a cached
    state would otherwise still decode, into a different game."""
    return zlib.crc32(_bytes(step, seq, chained, fingerprint, state))


def summary_sum(step: int, seq: int, chained: int, fingerprint: str, at: str, events: str) -> int:
    """The sum of one summary row (`core.journal_summaries`): a byte flipped in a step's public
    events would otherwise still read, as another step. Spelled out as `event_sum` is: a history
    read sums every row it shows."""
    return zlib.crc32(f"{step}\x1f{seq}\x1f{chained}\x1f{fingerprint}\x1f{at}\x1f{events}".encode("utf-8", "surrogatepass"))


def schema_sum(rows: Iterable[tuple[object, object, object, object]]) -> int:
    """The sum of the file's schema: `(type, name, tbl_name, sql)` rows of sqlite_master, in
    name order. The root page numbers are left out: they say where, not what."""
    total = 0
    for row in sorted(rows, key=lambda r: (str(r[0]), str(r[1]))):
        total = zlib.crc32(_bytes(*("" if v is None else v for v in row)) + b"\x1e", total)
    return total


class Head(NamedTuple):
    """The last event a journal wrote: its seq, its step and its chained sum (all 0 when empty)."""

    seq: int
    step: int
    sum: int

    def format(self) -> str:
        return f"{self.seq} {self.step} {self.sum}"

    @classmethod
    def parse(cls, text: str) -> "Head":
        """Raises ValueError for anything but three non-negative whole numbers."""
        parts = text.split(" ")
        if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
            raise ValueError(f"not a head: {text!r}")
        return cls(int(parts[0]), int(parts[1]), int(parts[2]))


EMPTY_HEAD = Head(0, 0, CHAIN_START)
