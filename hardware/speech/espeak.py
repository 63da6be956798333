"""espeak-ng as a subprocess: the phrase in, a WAV file out (`espeak-ng -v VOICE -w OUT TEXT`).

Voices by the app's languages: Mandarin ("cmn") for both Chinese scripts (a table reading
Traditional characters still calls in Mandarin), English ("en"). The text goes on stdin, never on
the command line, so no phrase is ever read as an option.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Callable

VOICES = {"zh-Hans": "cmn", "zh-Hant": "cmn", "en": "en"}
BINARY = "espeak-ng"
#: A phrase is a few words: anything slower than this is a stuck engine, not speech.
TIMEOUT = 20.0


class SpeechUnavailable(Exception):
    """No engine, no voice for the language, or the engine failed: the message says which."""


def voice_for(language: str) -> str:
    try:
        return VOICES[language]
    except KeyError:
        raise SpeechUnavailable(f"no voice for the language {language!r}") from None


class EspeakNG:
    """The engine. `binary`: its path (None: not installed); `run`: subprocess.run's stand-in."""

    def __init__(self, binary: str | None = None, *, which: Callable[[str], str | None] = shutil.which,
                 run: Callable[..., subprocess.CompletedProcess] = subprocess.run) -> None:
        self.binary = binary if binary is not None else which(BINARY)
        self._run = run

    @property
    def is_available(self) -> bool:
        return self.binary is not None

    def version(self) -> str:
        """The engine's own line ("eSpeak NG text-to-speech: 1.51 …"), for the doctor and the cache key."""
        out = self._call(["--version"], b"")
        return out.decode("utf-8", "replace").strip().splitlines()[0] if out.strip() else "espeak-ng"

    def has_voice(self, voice: str) -> bool:
        """Whether the engine lists `voice`, as a voice of its own or among a voice's languages."""
        listed = self._call([f"--voices={voice}"], b"").decode("utf-8", "replace").splitlines()[1:]
        return any(line.split()[1:2] == [voice] or f"({voice} " in line for line in listed)

    def synthesize(self, text: str, language: str, out: Path) -> None:
        """Writes `text`, spoken in `language`'s voice, to the WAV file `out`."""
        self._call(["-v", voice_for(language), "-w", str(out), "--stdin"], text.encode("utf-8"))
        if not out.is_file() or out.stat().st_size <= 44:  # a RIFF header and no sound
            raise SpeechUnavailable(f"espeak-ng wrote no sound for {text!r}")

    def _call(self, args: list[str], stdin: bytes) -> bytes:
        if self.binary is None:
            raise SpeechUnavailable("espeak-ng is not installed (sudo apt-get install espeak-ng)")
        try:
            done = self._run([self.binary, *args], input=stdin, capture_output=True, timeout=TIMEOUT, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise SpeechUnavailable(f"espeak-ng could not run: {exc}") from None
        if done.returncode != 0:
            error = done.stderr.decode("utf-8", "replace").strip() or f"exit status {done.returncode}"
            raise SpeechUnavailable(f"espeak-ng failed: {error}")
        return done.stdout
