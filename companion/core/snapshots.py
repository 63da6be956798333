"""A game state as plain JSON, for the checkpoints a journal keeps beside its events, and the
fingerprint of the code that folded it.

Why a codec of our own and not pickle: a checkpoint is read back from a file on disk, and
unpickling runs whatever the file names. Game states are plain data (frozen dataclasses of tuples,
dicts, numbers and strings, DESIGN.md), so this codec writes exactly that and reads back only
dataclasses defined in companion's own game and core packages, with the fields the class has now;
anything else is `SnapshotError`, and the checkpoint is ignored (the journal replayed instead).

Why a fingerprint: a checkpoint is a cache of `fold(apply, events)`. The events are checked by
their chained sum (`core.journal_sums`); the fold is checked by the fingerprint of the code and
data it ran: every source and data file of `companion.core`, of the game's own package and of
the modules beside it, plus what the game adds (`Game.snapshot_key`). A new version of the rules,
or of anything they read, makes every checkpoint written before it stale: it is ignored, and
rebuilt from the journal.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Callable

#: The layout this module writes; a change to it makes every checkpoint stale.
CODEC_VERSION = 1

#: Packages whose dataclasses a checkpoint may hold: a name outside them is never imported.
_ALLOWED = ("companion.core.", "companion.games.")
_SUFFIXES = (".py", ".json", ".toml", ".csv", ".txt")


class SnapshotError(ValueError):
    """A checkpoint that cannot be read as a state of this code: it is ignored, never believed."""


# -- writing --------------------------------------------------------------------------------------

def dumps(state: Any) -> str:
    """`state` as JSON text: every list in it is tagged by its first item — "T" a tuple, "L" a list,
    "D" a dict (keys and values alternating, keys of any plain type), "F" a frozenset, "O" a
    dataclass (its index in the type table, then its field values in the class's order)."""
    types: dict[type, int] = {}
    table: list[list[Any]] = []

    def enc(value: Any) -> Any:
        if value is None or type(value) in (str, int, bool):
            return value
        if type(value) is float:
            if value != value or value in (float("inf"), float("-inf")):
                raise SnapshotError(f"a state holds the number {value!r}, which JSON cannot write")
            return value
        if type(value) is tuple:
            return ["T", *map(enc, value)]
        if type(value) is list:
            return ["L", *map(enc, value)]
        if type(value) is dict:
            out: list[Any] = ["D"]
            for k, v in value.items():
                out.append(enc(k))
                out.append(enc(v))
            return out
        if type(value) is frozenset:
            return ["F", *map(enc, value)]
        cls = type(value)
        if dataclasses.is_dataclass(cls):
            index = types.get(cls)
            if index is None:
                if not cls.__module__.startswith(_ALLOWED):
                    raise SnapshotError(f"{cls.__module__}.{cls.__qualname__} is not a companion game's or core's class")
                index = types[cls] = len(table)
                table.append([f"{cls.__module__}:{cls.__qualname__}", [f.name for f in dataclasses.fields(cls)]])
            fields = value.__dict__ if hasattr(value, "__dict__") else {}
            return ["O", index, *(enc(fields[f] if f in fields else getattr(value, f)) for f in table[index][1])]
        raise SnapshotError(f"a state holds a {cls.__module__}.{cls.__qualname__}, which is not plain data")

    body = enc(state)
    return json.dumps({"codec": CODEC_VERSION, "types": table, "state": body}, ensure_ascii=False,
                      separators=(",", ":"))


# -- reading --------------------------------------------------------------------------------------

def _resolve(name: Any, fields: Any) -> Callable[[list[Any]], Any]:
    """The maker of one type-table entry's instances, or SnapshotError: only a dataclass of an
    allowed package, whose fields are exactly those the checkpoint lists."""
    if not (isinstance(name, str) and isinstance(fields, list) and name.count(":") == 1):
        raise SnapshotError(f"a type entry is not a name and fields: {name!r}")
    module_name, qualname = name.split(":")
    if not module_name.startswith(_ALLOWED):
        raise SnapshotError(f"{name} is not a companion game's or core's class")
    # Only a module already imported (the game's own, loaded with it): reading a checkpoint
    # never imports anything.
    obj: Any = sys.modules.get(module_name)
    if obj is None:
        raise SnapshotError(f"{name} is not a class of a game loaded here")
    try:
        for part in qualname.split("."):
            obj = getattr(obj, part)
    except AttributeError as exc:
        raise SnapshotError(f"{name} is not a class of this version ({exc})") from None
    if not (isinstance(obj, type) and dataclasses.is_dataclass(obj)):
        raise SnapshotError(f"{name} is not a dataclass")
    names = [f.name for f in dataclasses.fields(obj)]
    if names != fields:
        raise SnapshotError(f"{name}'s fields are {names}, not {fields}")
    cls = obj
    if hasattr(cls, "__slots__") and not hasattr(cls, "__dict__"):
        def make_slotted(values: list[Any]) -> Any:
            instance = object.__new__(cls)
            for key, value in zip(names, values):
                object.__setattr__(instance, key, value)
            return instance
        return make_slotted

    def make(values: list[Any]) -> Any:
        # As `core.values.evolve` does: the fields are exactly the class's, so fill the instance's
        # dict (a frozen dataclass's __init__ pays an object.__setattr__ per field).
        instance = object.__new__(cls)
        instance.__dict__.update(zip(names, values))
        return instance
    return make


def loads(text: str) -> Any:
    """The state `dumps` wrote; SnapshotError for anything else (not JSON, another codec version,
    a class that is not ours or whose fields changed, a malformed value)."""
    try:
        doc = json.loads(text)
    except (ValueError, TypeError) as exc:
        raise SnapshotError(f"not a checkpoint ({exc})") from None
    if not isinstance(doc, dict) or doc.get("codec") != CODEC_VERSION or not isinstance(doc.get("types"), list):
        raise SnapshotError("not a checkpoint of this codec version")
    makers = []
    for entry in doc["types"]:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise SnapshotError(f"a type entry is not a name and fields: {entry!r}")
        makers.append(_resolve(*entry))

    def dec(value: Any) -> Any:
        if type(value) is not list:
            if isinstance(value, dict):
                raise SnapshotError("an untagged object in a checkpoint")
            return value
        tag = value[0] if value else None
        if tag == "T":
            return tuple(map(dec, value[1:]))
        if tag == "O" and len(value) >= 2 and type(value[1]) is int and 0 <= value[1] < len(makers):
            return makers[value[1]]([dec(v) for v in value[2:]])
        if tag == "L":
            return [dec(v) for v in value[1:]]
        if tag == "D" and len(value) % 2 == 1:
            items = value[1:]
            return {dec(items[i]): dec(items[i + 1]) for i in range(0, len(items), 2)}
        if tag == "F":
            return frozenset(map(dec, value[1:]))
        raise SnapshotError(f"a malformed value in a checkpoint (tag {tag!r})")

    try:
        return dec(doc.get("state"))
    except (TypeError, RecursionError) as exc:  # an unhashable key, a field count that does not fit
        raise SnapshotError(f"a malformed value in a checkpoint ({exc})") from None


# -- the fingerprint ------------------------------------------------------------------------------

_SUMS: dict[Path, str] = {}


def _files_sum(folder: Path, recursive: bool) -> str:
    """A hash of the source and data files in `folder` (their names and contents), once a process."""
    found = _SUMS.get(folder)
    if found is None:
        digest = hashlib.sha256()
        for path in sorted(folder.rglob("*") if recursive else folder.iterdir()):
            if path.suffix in _SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                digest.update(path.relative_to(folder).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
        found = _SUMS[folder] = digest.hexdigest()
    return found


def fingerprint(game: Any) -> str:
    """What a checkpoint of `game` must carry to be believed: the game's id, this codec's version,
    the files of the code that fold its events (core's, the game's own package with its data
    files, and the modules beside the game packages), and `game.snapshot_key()`."""
    package = type(game).__module__.rsplit(".", 1)[0]
    module = sys.modules.get(package)
    folder = Path(module.__file__).parent if module is not None and module.__file__ else None
    parts = [str(game.id), str(CODEC_VERSION), _files_sum(Path(__file__).parent, recursive=False),
             game.snapshot_key()]
    if folder is not None:
        parts += [_files_sum(folder, recursive=True), _files_sum(folder.parent, recursive=False)]
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:32]
