"""The table's own card file, kept by the app: `<data folder>/augustus/cards.json`. No open list
of the 88 objectives exists (augustus.md §4.6), so the table's box is learnt as it is played:
every card whose printed facts the table enters (laid out face up, or taken) is added to the file
once the rules have accepted it, so the next game takes that card by its number alone (one tap).
A new game's set-up uses this file when it exists and no other is named.

The file is the rules' card file format (augustus-rules.md "Card facts": a JSON list of cards),
one card a line in number order, so the rules' refusal of a bad card names the line a reader
finds it on. It is replaced atomically (`companion.files.write_atomically`: a temporary file,
fsync, rename, the folder synced): a power cut leaves the old file or the new one, never half of
one. A file the app cannot read as a list of numbered cards (edited by hand, say) is never
overwritten: `problem` says why, and the set-up's rules name its bad line.

The write is off the main thread (`files.LatestWriter`): its two fsyncs cost a tap 10-20 ms of
the main thread here, more on a Pi's SD card. A learnt card counts as known at once (its number
shows ✔); the file follows a moment later. A power cut in between loses no card: its facts are
in the game's journal already (the take's event, on disk before the screen showed the card), and
the resumed table hands every card in play to `learn` again at its first view. A write that
fails drops the cards it held back to the file's own, so the next `learn` tries them again.
"""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from collections.abc import Mapping as MappingABC
from typing import Any, Hashable, Iterable, Mapping

from companion.files import LatestWriter, Stamp, stamp_of
from companion.ui.text.i18n import _

log = logging.getLogger("companion.augustus")

#: Where the table's own card file lives in the data folder.
RELATIVE = Path("augustus") / "cards.json"
FACTS = ("number", "kind", "vp", "gold", "wheat", "symbols", "power")


def default_path(data_dir: str | os.PathLike[str]) -> Path:
    return Path(data_dir) / RELATIVE


def plain_card(card: Mapping[str, Any]) -> dict[str, Any]:
    """A card's printed facts as plain JSON data (a view's card has the legions too)."""

    def plain(value: Any) -> Any:
        if isinstance(value, MappingABC):  # the ABC itself: typing's alias checks through two more calls
            return {str(k): plain(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [plain(v) for v in value]
        return value

    return {key: plain(card[key]) for key in FACTS if key in card}


def _fingerprint(card: Mapping[str, Any]) -> Hashable:
    """A card's printed facts as a key, read straight off the card (no copy): two cards with the
    same key have the same facts."""
    return (int(card["number"]), card.get("kind"), card.get("vp"), card.get("gold") or 0, card.get("wheat") or 0,
            tuple(card.get("symbols") or ()), repr(card.get("power")))


def _same(a: Mapping[str, Any], b: Mapping[str, Any]) -> bool:
    """The same printed facts (a file may leave out no gold, no wheat, no power)."""
    blank = {"gold": 0, "wheat": 0, "power": None}
    return {**blank, **plain_card(a)} == {**blank, **plain_card(b)}


def format_cards(cards: Iterable[Mapping[str, Any]]) -> str:
    """The file's text: a JSON list, one card a line, by number (card k of the file on line k + 1)."""
    lines = [json.dumps(plain_card(c), ensure_ascii=False) for c in sorted(cards, key=lambda c: int(c["number"]))]
    return "[\n" + ",\n".join(lines) + "\n]\n"


class CardFile:
    """The table's own card file at `path`: its cards by number (re-read when the file changes
    on disk), and `learn`, which adds cards the rules accepted (written by `writer`'s thread)."""

    def __init__(self, path: Path, writer: LatestWriter | None = None) -> None:
        self.path = path
        self.problem = ""
        self._writer = writer if writer is not None else LatestWriter("augustus-card-file")
        self._stamp: Stamp | None = None
        self._cards: dict[int, dict[str, Any]] = {}
        self._readable = True
        #: The cards (`_fingerprint`) already held against the file as it was last read: the table
        #: hands `learn` every card in play at every view (a call included), and comparing each
        #: one's facts again cost more than the rest of showing the call.
        self._checked: set[Hashable] = set()
        #: Told by the writer's thread: the stamps its writes gave the file (that file holds
        #: what `_cards` held then: nothing to read back), and a write that failed.
        self._ours: set[Stamp] = set()
        self._failed: OSError | None = None

    def exists(self) -> bool:
        return self.path.is_file()

    def wait(self, timeout: float | None = None) -> bool:
        """Blocks until every card learnt is on disk (False if `timeout` passed first)."""
        return self._writer.wait(timeout)

    def text(self) -> str | None:
        """The file's text for a set-up (the rules check it), or None when there is none; the
        cards learnt so far are in it (a write under way is waited for)."""
        self.wait()
        try:
            return self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def cards(self) -> dict[int, dict[str, Any]]:
        """Its cards by number ({} with no file, or one the app cannot read: `problem` says why),
        those learnt and still being written included."""
        failed, self._failed = self._failed, None
        if failed is None and not self._writer.is_idle():
            return self._cards  # a write under way: the file is older than what was learnt
        try:
            stamp: Stamp | None = stamp_of(self.path)
        except OSError:
            stamp = None  # none, or not to be looked at (`_read` says why)
        if failed is not None or (stamp != self._stamp and stamp not in self._ours):
            # changed on disk, or a write failed: what the file holds (cards not written are learnt again)
            self._stamp, self._checked = stamp, set()
            self._cards, self.problem = self._read()
            self._readable = not self.problem
        elif stamp != self._stamp:
            self._stamp, self.problem = stamp, ""  # our own write: it holds what was learnt
        if failed is not None:
            self.problem = _("The card file cannot be written: {error}").format(error=failed.strerror or str(failed))
            log.warning("the card file %s cannot be written: %s", self.path, failed)
        return self._cards

    def _read(self) -> tuple[dict[int, dict[str, Any]], str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}, ""
        except OSError as exc:
            return {}, _("The card file cannot be read: {error}").format(error=exc.strerror or str(exc))
        except UnicodeDecodeError:
            return {}, _("The card file is not text (UTF-8).")
        except json.JSONDecodeError as exc:
            return {}, _("The card file is not JSON: {error} (line {line}, column {column}).").format(
                error=exc.msg, line=exc.lineno, column=exc.colno)
        items = data.get("cards") if isinstance(data, dict) else data
        if not isinstance(items, list):
            return {}, _("The card file must be a list of cards.")
        cards: dict[int, dict[str, Any]] = {}
        for index, item in enumerate(items, start=1):
            number = item.get("number") if isinstance(item, dict) else None
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 88:
                return {}, _("Card {index} of the card file has no number from 1 to 88.").format(index=index)
            cards[number] = item
        return cards, ""

    def learn(self, cards: Iterable[Mapping[str, Any]]) -> list[int]:
        """Adds the cards the file lacks (facts the rules accepted: a view's cards), writing the
        file atomically; the numbers added. A card the file has already keeps the file's facts
        (a differing one is logged once, never written over); a file the app cannot read is left
        alone. A card held against the file before (the same facts) is passed over at once."""
        known = self.cards()
        if not self._readable:
            return []
        new: dict[int, dict[str, Any]] = {}
        adding: set[Hashable] = set()
        for card in cards:
            key = _fingerprint(card)
            if key in self._checked:
                continue
            number = int(card["number"])
            facts = plain_card(card)
            if number in known:
                self._checked.add(key)
                if not _same(known[number], facts):
                    log.warning("objective %s as entered differs from the card file %s: the file keeps its own",
                                number, self.path)
                continue
            new[number] = facts
            adding.add(key)
        if not new:
            return []
        self._cards = cards_now = {**known, **new}  # a new dict: the writer's thread reads this one alone
        self._checked |= adding
        self._writer.submit(self.path, lambda: format_cards(cards_now.values()), self._written,
                            prefix=".cards-", suffix=".json")
        return sorted(new)

    def _written(self, stamp: Stamp | None, error: OSError | None) -> None:
        """On the writer's thread: what the write did, for the main thread's next `cards`."""
        if error is not None:
            self._failed = error
        elif stamp is not None:
            self._ours.add(stamp)
