"""The crier's call spoken aloud (`[devices.speech]`): the open game's presenter says what the
table hears (`GamePresenter.spoken_call`, once per call), the announcer speaks it on its own
thread (espeak-ng, each phrase generated once into the cache), and a player plays the WAV.

Two steps, as for the other devices, so the choice is pure and the opening is one call:

    plan = plan_speech(config.devices.speech, cache_dir=..., twin_path=...)  # the CLI
    feed = plan.open(play, presenters=..., language=...)  # the app, after its first frame
    session.listeners.append(feed.update)                  # main thread: returns at once
    feed.close()                                           # at exit

`play` is the app's SDL sound (`companion.ui.shell.speech_hook`); with no audio device
(`hardware.speech.probe.probe_audio`) the twin stands in: each call's WAV is copied to
`twin_path` (beside the pads' PNG twins), so a maker hears what the table would. `enabled` False
(the setting) opens nothing and says nothing. No engine, no voice, a failing player: logged once,
the call is still shown (the announcer never raises into the caller). No Kivy, no game named here.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable

from companion.presenters.game import Presenters
from hardware.detect import FOUND, Probe
from hardware.speech.probe import probe_audio

log = logging.getLogger("companion.speech")

Play = Callable[[Path], None]


def copy_twin(target: Path) -> Play:
    """The player that stands in for a speaker: the WAV replaces `target` atomically."""

    def play(path: Path) -> None:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".speech-", suffix=".wav")
        os.close(fd)
        shutil.copyfile(path, tmp)
        os.replace(tmp, target)

    return play


class CallFeed:
    """A session listener: each new call of the open game is handed to the announcer."""

    def __init__(self, announcer: Any, presenters: Presenters, language: Callable[[], str]) -> None:
        self.announcer = announcer
        self.presenters = presenters
        self.language = language
        self._last: tuple[Any, ...] | None = None

    def update(self, table: Any) -> None:
        presenter = self.presenters.get(table.game) if table.game else None
        call = presenter.spoken_call(table.view or {}) if presenter is not None else None
        if call is None:
            self._last = None if table.game is None else self._last
            return
        key = (table.journal, call[0])
        if key != self._last:
            self._last = key
            self.announcer.say(call[1], self.language())

    def close(self) -> None:
        self.announcer.close()


@dataclasses.dataclass(frozen=True)
class SpeechPlan:
    """What the CLI decided: `enabled` (the setting), whether an audio device is there (`audio`,
    the probe's reason in `reason`), where the cache and the twin live."""

    enabled: bool
    audio: bool
    cache_dir: Path
    twin_path: Path
    reason: str = ""

    def open(self, play: Play, *, presenters: Presenters, language: Callable[[], str],
             engine: Any = None) -> CallFeed | None:
        """The feed, or None when speech is off. `play` (the SDL sound) is used when there is an
        audio device, else the twin; `engine` an espeak-ng stand-in for tests."""
        if not self.enabled:
            return None
        from hardware.speech.announcer import Announcer
        from hardware.speech.cache import SpeechCache
        from hardware.speech.espeak import EspeakNG

        player = play if self.audio else copy_twin(self.twin_path)
        announcer = Announcer(SpeechCache(self.cache_dir, engine or EspeakNG()), player)
        return CallFeed(announcer, presenters, language)


def plan_speech(config: Any, *, cache_dir: Path, twin_path: Path,
                probe: Callable[[], Probe] = probe_audio) -> SpeechPlan:
    if not config.enabled:
        return SpeechPlan(False, False, cache_dir, twin_path, "off (setting [devices.speech] enabled = false)")
    audio = probe()
    found = audio.status == FOUND
    reason = f"spoken through {audio.detail}" if found else f"no audio device: the call's WAV goes to {twin_path}"
    return SpeechPlan(True, found, cache_dir, twin_path, reason)
