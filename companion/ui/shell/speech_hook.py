"""The crier's call heard in the app: the speech feed (`companion.wiring.speech`) opened after the
first frame with the SDL sound as its player, fed by the session after each update, closed when
the app stops. The call is spoken in the table's language at the moment it is drawn."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

log = logging.getLogger("companion.speech")


class SdlPlayer:
    """Plays a WAV through Kivy's SDL audio, on the main thread (the announcer calls from its own)."""

    def __init__(self) -> None:
        self._sound: Any = None  # the one playing: kept, or it is collected mid-phrase

    def __call__(self, path: Path) -> None:
        from companion.ui.shell.bridge import on_main_thread

        on_main_thread(lambda: self._play(path))

    def _play(self, path: Path) -> None:
        from kivy.core.audio import SoundLoader

        sound = SoundLoader.load(str(path))
        if sound is None:
            log.warning("no sound played: SDL could not load %s", path.name)
            return
        if self._sound is not None:
            self._sound.stop()
        self._sound = sound
        sound.play()


class SpeechHook:
    def __init__(self, app: Any, feed: Any) -> None:
        self.session = app.session
        self.feed = feed
        self.session.listeners.append(feed.update)
        feed.update(self.session.table_view())

    @classmethod
    def open(cls, app: Any, plan: Any) -> "SpeechHook | None":
        feed = plan.open(SdlPlayer(), presenters=app.presenters, language=lambda: app.language)
        return None if feed is None else cls(app, feed)

    def close(self) -> None:
        if self.feed.update in self.session.listeners:
            self.session.listeners.remove(self.feed.update)
        self.feed.close()
