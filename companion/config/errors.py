"""The one exception a configuration raises: what is wrong, with its key and line."""

from __future__ import annotations

import os
from pathlib import Path


class ConfigError(Exception):
    """A configuration the app cannot use: `key` (dotted, or None for a syntax error), the 1-based
    `line` it was written on (None when unknown, e.g. a whole-file problem), and what is wrong.

    str() reads `config.toml line 7: devices.scanner.baud: must be a whole number, got "fast"`.
    """

    def __init__(
        self,
        key: str | None,
        line: int | None,
        message: str,
        path: str | os.PathLike[str] | None = None,
        column: int | None = None,
    ) -> None:
        self.key = key
        self.line = line
        self.message = message
        self.path = Path(path) if path is not None else None
        self.column = column
        super().__init__(str(self))

    def __str__(self) -> str:
        where = self.path.name if self.path is not None else "config.toml"
        if self.line is not None:
            where += f" line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
        key = f" {self.key}:" if self.key else ""
        return f"{where}:{key} {self.message}"
