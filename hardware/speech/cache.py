"""Each phrase spoken once: its WAV file kept under a name made from the engine, the voice and the
text, so the same call is never synthesized twice (a draw of a shield is heard many times a game,
and a Pi Zero's espeak-ng takes a noticeable moment). A file appears whole or not at all: it is
written under a temporary name and renamed."""

from __future__ import annotations

import hashlib
import os
import threading
from pathlib import Path
from typing import Protocol


class Synth(Protocol):
    def version(self) -> str: ...

    def synthesize(self, text: str, language: str, out: Path) -> None: ...


class SpeechCache:
    def __init__(self, directory: Path, synth: Synth) -> None:
        self.directory = Path(directory)
        self.synth = synth
        self._engine: str | None = None
        self._lock = threading.Lock()

    def path_for(self, text: str, language: str) -> Path:
        """The WAV of `text` in `language`, synthesized now if it is not kept yet
        (`espeak.SpeechUnavailable` when it cannot be)."""
        if self._engine is None:
            self._engine = self.synth.version()
        key = hashlib.sha256("\0".join((self._engine, language, text)).encode("utf-8")).hexdigest()[:32]
        path = self.directory / f"{language}-{key}.wav"
        with self._lock:  # two threads asking for one phrase synthesize it once
            if path.is_file():
                return path
            self.directory.mkdir(parents=True, exist_ok=True)
            partial = path.with_name(f".{path.name}.{os.getpid()}.part")
            try:
                self.synth.synthesize(text, language, partial)
                os.replace(partial, path)
            finally:
                partial.unlink(missing_ok=True)
        return path
