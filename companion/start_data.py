"""What the app's start does with the config and data directories before the first screen.

Why here and not in the CLI: whatever those folders hold — read-only, missing, full, foreign,
damaged, locked — the start must neither crash nor loop under systemd, and each case must become a
message home can show (`core.data_notices`). This module turns each into data and a way to go on:
a config file that cannot be used gives the built-in settings; a data directory that cannot be
used gives a temporary one (`core.datadir`); what a kill left is tidied, and one table has one
owner (`core.owner.TableBusy` is the only thing raised, for the CLI to say and exit).
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from companion.config import Config, ConfigError, load_config
from companion.core import data_notices
from companion.core.data_notices import DataNotice
from companion.core.datadir import DataDir, claim
from companion.core.journal import Clock, utc_now
from companion.core.store import JournalStore

log = logging.getLogger("companion.start")


def load_config_or_defaults(path: Path | None) -> tuple[Config, list[DataNotice]]:
    """The config file's settings, or the built-in ones and a notice naming the file and what is
    wrong with it (the same words `companion doctor` prints)."""
    try:
        return load_config(path), []
    except ConfigError as exc:
        log.error("config: %s; running with the built-in settings", exc)
        return Config(source=exc.path), [data_notices.config(exc.path, str(exc))]


@dataclasses.dataclass
class Started:
    """The store the app plays on, the data directory it owns (lock held until `release`), the
    config to use from now on (its data directory the one played on) and what to tell the table."""

    store: JournalStore
    data: DataDir
    config: Config
    notices: list[DataNotice]

    def release(self) -> None:
        self.data.release()


def open_store(config: Config, clock: Clock = utc_now, temporary: Path | None = None) -> Started:
    """Claims the data directory (falling back to a temporary one), tidies what a kill left and
    makes the store. Raises `core.owner.TableBusy` when another companion owns the data directory,
    OSError only when not even a temporary directory can be made."""
    data = claim(config.data_path(), temporary)
    if data.temporary:
        config = dataclasses.replace(config, data_dir=str(data.path))
    store = JournalStore(data.path, clock)
    for path in store.tidy():
        log.info("tidied %s (it held no step)", path.name)
    for notice in data.notices:
        log.warning("%s %s", notice.text, notice.fix_text)
    return Started(store, data, config, list(data.notices))
