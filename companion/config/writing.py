"""Writing one setting back into the config file, keeping every other line and comment as it was."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from companion.config.default import DEFAULT_CONFIG_TEXT
from companion.config.errors import ConfigError
from companion.config.locator import Locator
from companion.config.paths import default_config_path
from companion.config.reading import parse_config
from companion.config.schema import WRITABLE_KEYS, Config
from companion.files import write_atomically

_SCALAR = r'"(?:[^"\\]|\\.)*"|\'[^\']*\'|[^\s#]+'


def _format_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def write_setting(path: str | os.PathLike[str] | None, key: str, value: str | bool) -> Config:
    """Sets ONE top-level key (`WRITABLE_KEYS`: language, profile, …) in the config file, keeping
    every other line and comment as it was; a missing file is first created from
    `DEFAULT_CONFIG_TEXT`. The result is checked before it replaces the file (atomically), so a bad
    value raises `ConfigError` and leaves the file untouched. Returns the new configuration."""
    if key not in WRITABLE_KEYS:
        raise ValueError(f"write_setting changes only {', '.join(WRITABLE_KEYS)}, not {key!r}")
    path = Path(path).expanduser().absolute() if path is not None else default_config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = DEFAULT_CONFIG_TEXT
    parse_config(text, path)  # refuse to edit a file that is already wrong, naming what is wrong
    new_line = f"{key} = {_format_value(value)}"
    lines = text.splitlines(keepends=True)
    where = Locator(text).lines.get((key,))
    if where is not None:
        old = lines[where - 1]
        match = re.match(rf"(\s*(?:{re.escape(key)}|\"{re.escape(key)}\"|'{re.escape(key)}')\s*=\s*)({_SCALAR})(.*)", old, re.S)
        if match:
            lines[where - 1] = match.group(1) + _format_value(value) + match.group(3)
        else:
            raise ConfigError(key, where, "cannot be changed automatically here; edit the file by hand", path)
    else:
        # Lines before any TOML content (comments, blanks) may be followed by a key of the root table.
        at = 0
        while at < len(lines) and (not lines[at].strip() or lines[at].lstrip().startswith("#")):
            at += 1
        if lines and not lines[-1].endswith("\n") and at == len(lines):
            lines[-1] += "\n"
        lines.insert(at, new_line + "\n")
    new_text = "".join(lines)
    config = parse_config(new_text, path)
    if getattr(config, key) != value:
        raise ConfigError(key, where, "cannot be changed automatically here; edit the file by hand", path)
    write_atomically(path, new_text, prefix=".config-", suffix=".toml")
    return config
