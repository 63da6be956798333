"""The crier's call heard in the app: the speech feed (`companion.wiring.speech`) opened after the
first frame with the SDL sound as its player, fed by the session after each update, closed when
the app stops. The call is spoken in the table's language at the moment it is drawn."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

log = logging.getLogger("companion.speech")


def _sdl_load(path: str) -> Any:
    from kivy.core.audio import SoundLoader

    return SoundLoader.load(path)


class SdlPlayer:
    """Plays a WAV through Kivy's SDL audio, on the main thread (the announcer calls from its own).

    Each WAV is loaded once and its sound kept (reloaded when the file changed): the calls are the
    same few phrases all game, and loading one reads and decodes the file on the main thread,
    right after the call is drawn. `load` is SDL's loader (a stand-in in tests)."""

    def __init__(self, load: Callable[[str], Any] = _sdl_load) -> None:
        self._load = load
        self._sound: Any = None  # the one playing: kept, or it is collected mid-phrase
        self._loaded: dict[Path, tuple[int, Any]] = {}  # path -> (the file's mtime_ns, its sound)

    def __call__(self, path: Path) -> None:
        from companion.ui.shell.bridge import on_main_thread

        on_main_thread(lambda: self._play(path))

    def _sound_of(self, path: Path) -> Any:
        try:
            stamp = path.stat().st_mtime_ns
        except OSError:
            stamp = -1
        kept = self._loaded.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1]
        sound = self._load(str(path))
        if sound is not None:
            self._loaded[path] = (stamp, sound)
        return sound

    def _play(self, path: Path) -> None:
        sound = self._sound_of(path)
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
