"""The line each key of a TOML text was written on: tomllib keeps no positions, so errors and
`write_setting` find them by a lenient re-scan of the text tomllib has already accepted."""

from __future__ import annotations

import re
import tomllib

KeyPath = tuple[str | int, ...]
"""A key's place: table names and array indexes from the root, e.g. ("devices", "pads", "seats", 0)."""

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
"""A key TOML lets stand without quotes."""


class Locator:
    """Finds the line each key (or table, or array element) was written on, section-aware.

    A lenient re-scan of text tomllib has already accepted: it follows [tables], [[arrays of
    tables]], dotted keys, inline tables and multi-line arrays; scalar values are skipped. Any
    surprise only loses line numbers, never the error itself.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.i = 0
        self.line = 1
        self.lines: dict[KeyPath, int] = {}
        self.aot: dict[KeyPath, int] = {}
        try:
            self._document()
        except (IndexError, ValueError, tomllib.TOMLDecodeError):
            pass

    def line_of(self, path: KeyPath) -> int | None:
        """The line of `path`, or of the nearest enclosing key that was written down."""
        path = tuple(path)
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return None

    # -- scanning ---------------------------------------------------------------------------

    def _peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.text[j] if j < len(self.text) else ""

    def _take(self, n: int = 1) -> str:
        chunk = self.text[self.i : self.i + n]
        self.line += chunk.count("\n")
        self.i += len(chunk)
        return chunk

    def _blank(self, newlines: bool) -> None:
        while self.i < len(self.text):
            c = self._peek()
            if c in " \t" or (newlines and c in "\r\n"):
                self._take()
            elif newlines and c == "#":
                while self._peek() not in ("\n", ""):
                    self._take()
            else:
                return

    def _record(self, path: KeyPath, line: int) -> None:
        for n in range(1, len(path) + 1):
            self.lines.setdefault(path[:n], line)

    def _string(self) -> str:
        quote = self._peek()
        if self.text.startswith(quote * 3, self.i):
            end = self.text.index(quote * 3, self.i + 3)
            while self.text.startswith(quote, end + 3):  # up to two quotes may end the content
                end += 1
            return self._take(end + 3 - self.i)
        j = self.i + 1
        while self.text[j] != quote:
            j += 2 if quote == '"' and self.text[j] == "\\" else 1
        return self._take(j + 1 - self.i)

    def _key(self) -> list[str]:
        parts = []
        while True:
            self._blank(False)
            if self._peek() in "\"'":
                raw = self._string()
                parts.append(tomllib.loads(f"k = {raw}")["k"])
            else:
                match = BARE_KEY.match(self.text, self.i)
                if not match:
                    raise ValueError("no key here")
                parts.append(self._take(match.end() - self.i))
            self._blank(False)
            if self._peek() != ".":
                return parts
            self._take()

    def _value(self, path: KeyPath) -> None:
        self._blank(False)
        c = self._peek()
        if c == "{":
            self._take()
            while True:
                self._blank(True)
                if self._peek() in ("}", ""):
                    self._take()
                    return
                line = self.line
                key = path + tuple(self._key())
                self._record(key, line)
                self._blank(False)
                self._take()  # "="
                self._value(key)
                self._blank(True)
                if self._peek() == ",":
                    self._take()
        elif c == "[":
            self._take()
            index = 0
            while True:
                self._blank(True)
                if self._peek() in ("]", ""):
                    self._take()
                    return
                self._record(path + (index,), self.line)
                self._value(path + (index,))
                self._blank(True)
                if self._peek() == ",":
                    self._take()
                index += 1
        elif c in "\"'":
            self._string()
        else:
            while self._peek() not in (",", "]", "}", "\n", "\r", "#", ""):
                self._take()

    def _document(self) -> None:
        table: KeyPath = ()
        while True:
            self._blank(True)
            if self.i >= len(self.text):
                return
            line = self.line
            if self._peek() == "[":
                many = self._peek(1) == "["
                self._take(2 if many else 1)
                parts = self._key()
                self._take(2 if many else 1)
                table = ()
                for n, part in enumerate(parts):
                    table += (part,)
                    if many and n == len(parts) - 1:
                        index = self.aot.get(table, 0)
                        self.aot[table] = index + 1
                        table += (index,)
                    elif table in self.aot:
                        table += (self.aot[table] - 1,)
                self._record(table, line)
            else:
                key = table + tuple(self._key())
                self._record(key, line)
                self._blank(False)
                self._take()  # "="
                self._value(key)
