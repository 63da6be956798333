"""The table's own card file, kept by the app: `<data folder>/augustus/cards.json`. No open list
of the 88 objectives exists (augustus.md §4.6), so the table's box is learnt as it is played:
every card whose printed facts the table enters (laid out face up, or taken) is added to the file
once the rules have accepted it, so the next game takes that card by its number alone (one tap).
A new game's set-up uses this file when it exists and no other is named.

The file is the rules' card file format (augustus-rules.md "Card facts": a JSON list of cards),
one card a line in number order, so the rules' refusal of a bad card names the line a reader
finds it on. It is replaced atomically (a temporary file, fsync, rename, the folder synced): a
power cut leaves the old file or the new one, never half of one. A file the app cannot read as a
list of numbered cards (edited by hand, say) is never overwritten: `problem` says why, and the
set-up's rules name its bad line.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
from pathlib import Path
from collections.abc import Mapping as MappingABC
from typing import Any, Hashable, Iterable, Mapping

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


def _write_atomically(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".cards-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)
    finally:
        os.close(folder)


class CardFile:
    """The table's own card file at `path`: its cards by number (re-read when the file changes
    on disk), and `learn`, which adds cards the rules accepted."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem = ""
        self._stamp: tuple[int, int] | None = None
        self._cards: dict[int, dict[str, Any]] = {}
        self._readable = True
        #: The cards (`_fingerprint`) already held against the file as it was last read: the table
        #: hands `learn` every card in play at every view (a call included), and comparing each
        #: one's facts again cost more than the rest of showing the call.
        self._checked: set[Hashable] = set()

    def exists(self) -> bool:
        return self.path.is_file()

    def text(self) -> str | None:
        """The file's text for a set-up (the rules check it), or None when there is none."""
        try:
            return self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    def cards(self) -> dict[int, dict[str, Any]]:
        """Its cards by number ({} with no file, or one the app cannot read: `problem` says why)."""
        try:
            stat = self.path.stat()
        except FileNotFoundError:
            self._stamp, self._cards, self._readable, self.problem = None, {}, True, ""
            return self._cards
        stamp = (stat.st_mtime_ns, stat.st_size)
        if stamp != self._stamp:
            self._stamp = stamp
            self._checked = set()
            self._cards, self.problem = self._read()
            self._readable = not self.problem
        return self._cards

    def _read(self) -> tuple[dict[int, dict[str, Any]], str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
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
        try:
            _write_atomically(self.path, format_cards([*known.values(), *new.values()]))
        except OSError as exc:
            self.problem = _("The card file cannot be written: {error}").format(error=exc.strerror or str(exc))
            log.warning("the card file %s cannot be written: %s", self.path, exc)
            return []
        checked = self._checked | adding
        self.cards()  # read back (its stamp is new); what was held against it still holds
        self._checked = checked
        return sorted(new)
