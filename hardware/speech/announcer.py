"""The announcer: phrases to say, from any thread, spoken one after the other by a thread of its
own (synthesis through the cache, then `play(path)`, the injected player: the UI's SDL sound).

Newest wins: a call made while an older one still waits replaces it (the table wants the token on
the table now, not a backlog). Nothing here raises into the caller: no engine, no voice, a player
that fails (no audio device) are logged once each and the call is still shown on the screens.
`enabled` False (the setting that turns speech off) says nothing at all.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path
from typing import Callable

from hardware.speech.cache import SpeechCache

log = logging.getLogger("hardware.speech")


class Announcer:
    def __init__(self, cache: SpeechCache, play: Callable[[Path], None], *, enabled: bool = True,
                 name: str = "speech") -> None:
        self.cache = cache
        self.play = play
        self.enabled = enabled
        self._cond = threading.Condition()
        self._pending: tuple[str, str] | None = None
        self._busy = False
        self._stopped = False
        self._warned: set[str] = set()
        self.spoken: list[Path] = []  # what was handed to the player, oldest first (for the doctor and tests)
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def say(self, text: str, language: str) -> None:
        """Any thread; returns at once."""
        if not self.enabled or not text:
            return
        with self._cond:
            if self._stopped:
                return
            self._pending = (text, language)
            self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Waits until everything asked has been spoken (or tried). False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending is None and not self._busy, timeout)

    def close(self, timeout: float = 5.0) -> None:
        self.flush(timeout)
        with self._cond:
            self._stopped = True
            self._cond.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None or self._stopped)
                if self._pending is None:
                    return
                (text, language), self._pending = self._pending, None
                self._busy = True
            try:
                self._speak(text, language)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _speak(self, text: str, language: str) -> None:
        try:
            path = self.cache.path_for(text, language)
        except Exception as exc:  # noqa: BLE001  (any engine failure: the call is still shown)
            self._warn("synth", "speech off: %s", exc)
            return
        try:
            self.play(path)
        except Exception as exc:  # noqa: BLE001  (no audio device: the call is still shown)
            self._warn("play", "no sound played: %s", exc)
            return
        self.spoken.append(path)

    def _warn(self, what: str, message: str, exc: Exception) -> None:
        if what not in self._warned:
            self._warned.add(what)
            log.warning(message, exc)
