"""What `companion doctor` says about speech: the engine and its voices, and somewhere to play
sound. Neither is required, and neither's absence is a fault: without them Augustus' calls are
shown, not heard, and the row says so (status "ok", with how to get sound); only an engine that is
there but broken is worth a look ("warn")."""

from __future__ import annotations

import os
import re
from typing import Mapping

from hardware.detect import FOUND, OK, WARN, Probe, _under, saying
from hardware.speech.espeak import VOICES, EspeakNG, SpeechUnavailable

FIX_ENGINE = "sudo apt-get install espeak-ng (or turn speech off in the settings)"
#: The engine by its version number (its own line, "eSpeak NG text-to-speech: 1.51 …", is English).
SAY_ENGINE = "espeak-ng {version}, voices {voices}"
SAY_NO_VOICE = "espeak-ng {version}: no voice {voices}"
SAY_SOUND_SERVER = "sound server ({name})"


def version_number(line: str) -> str:
    """The version in espeak-ng's `--version` line ("1.51" of "eSpeak NG text-to-speech: 1.51  Data
    at: …"); the line itself when it holds none (a build that says it otherwise)."""
    found = re.search(r"\d+(?:\.\d+)+(?:[-.\w]*)", line)
    return found.group(0) if found else line.split("  ")[0]


def probe_speech(engine: EspeakNG | None = None) -> Probe:
    """espeak-ng installed, with a voice for every language the app speaks."""
    engine = engine or EspeakNG()
    if not engine.is_available:
        return Probe("speech", OK, "no espeak-ng: Augustus' calls are shown, not heard (to hear them: sudo apt-get "
                     "install espeak-ng)")
    try:
        version = engine.version()
        lacking = sorted({voice for voice in VOICES.values() if not engine.has_voice(voice)})
    except SpeechUnavailable as exc:
        return Probe("speech", WARN, str(exc), FIX_ENGINE)
    if lacking:
        return Probe("speech", WARN, fix="sudo apt-get install --reinstall espeak-ng-data",
                     **saying(SAY_NO_VOICE, version=version_number(version), voices=", ".join(lacking)))
    return Probe("speech", FOUND, **saying(SAY_ENGINE, version=version_number(version),
                                           voices=", ".join(sorted(set(VOICES.values())))))


def probe_speech_off() -> Probe:
    """The setting says nothing is spoken: the rows say so plainly, whatever is installed."""
    return Probe("speech", OK, "off, by setting ([devices.speech] enabled = false): Augustus' calls are shown, "
                 "not heard (to hear them: enabled = true)")


def probe_audio(root: str | os.PathLike[str] = "/", env: Mapping[str, str] | None = None) -> Probe:
    """An audio output: an ALSA playback device, or a PulseAudio / PipeWire server to play through."""
    env = os.environ if env is None else env
    snd = _under(root, "dev/snd")
    playback = sorted(p.name for p in snd.glob("pcmC*D*p")) if snd.is_dir() else []
    if playback:
        return Probe("audio out", FOUND, "ALSA " + ", ".join(f"/dev/snd/{name}" for name in playback))
    runtime = env.get("XDG_RUNTIME_DIR", "")
    for socket in ("pulse/native", "pipewire-0"):
        if env.get("PULSE_SERVER") or (runtime and (_under(root, runtime.lstrip("/")) / socket).exists()):
            return Probe("audio out", FOUND, **saying(SAY_SOUND_SERVER, name=env.get("PULSE_SERVER") or socket))
    return Probe("audio out", OK, "none (no /dev/snd/pcm*p, no sound server): Augustus' calls are shown, not "
                 "heard (to hear them: a speaker, or the HDMI screen's sound)")
