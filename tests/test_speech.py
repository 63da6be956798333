"""Speech for the crier's call (hardware/speech): espeak-ng writes each phrase once into the cache,
the announcer speaks the newest call on its own thread, nothing breaks without an engine or an
audio device, and the doctor says what there is. With espeak-ng installed, the WAV it writes holds
sound (checked with sox); without it, those tests are skipped with the reason."""

from __future__ import annotations

import shutil
import subprocess
import threading
import wave
from pathlib import Path

import pytest

from hardware.speech.announcer import Announcer
from hardware.speech.cache import SpeechCache
from hardware.speech.espeak import EspeakNG, SpeechUnavailable, voice_for
from hardware.speech.probe import probe_audio, probe_speech

pytestmark = pytest.mark.timeout(60)

REAL = shutil.which("espeak-ng")
SOX = shutil.which("sox")


def write_wav(path: Path, frames: int = 4000) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(22050)
        out.writeframes(b"\x10\x20" * frames)


class FakeSynth:
    """Counts what it was asked to say; writes a short tone-less WAV."""

    def __init__(self, version: str = "fake 1") -> None:
        self.said: list[tuple[str, str]] = []
        self._version = version

    def version(self) -> str:
        return self._version

    def synthesize(self, text: str, language: str, out: Path) -> None:
        self.said.append((text, language))
        write_wav(out)


def test_the_voices_are_mandarin_for_both_scripts_and_english():
    assert [voice_for(lang) for lang in ("zh-Hans", "zh-Hant", "en")] == ["cmn", "cmn", "en"]
    with pytest.raises(SpeechUnavailable):
        voice_for("fr")


def test_the_text_goes_on_stdin_never_on_the_command_line(tmp_path):
    seen = {}

    def run(args, input, **kwargs):
        seen["args"], seen["input"] = args, input
        write_wav(Path(args[args.index("-w") + 1]))
        return subprocess.CompletedProcess(args, 0, b"", b"")

    EspeakNG("/usr/bin/espeak-ng", run=run).synthesize("-v en --help", "en", tmp_path / "x.wav")
    assert seen["args"] == ["/usr/bin/espeak-ng", "-v", "en", "-w", str(tmp_path / "x.wav"), "--stdin"]
    assert seen["input"] == "-v en --help".encode()


def test_no_engine_or_a_failing_one_is_unavailable_speech(tmp_path):
    with pytest.raises(SpeechUnavailable, match="not installed"):
        EspeakNG(which=lambda name: None).synthesize("Shield", "en", tmp_path / "x.wav")
    failing = EspeakNG("/bin/espeak-ng", run=lambda args, **kw: subprocess.CompletedProcess(args, 1, b"", b"no voice"))
    with pytest.raises(SpeechUnavailable, match="no voice"):
        failing.synthesize("Shield", "en", tmp_path / "x.wav")


def test_a_phrase_is_synthesized_once_and_kept_whole(tmp_path):
    synth = FakeSynth()
    cache = SpeechCache(tmp_path / "speech", synth)
    first = cache.path_for("Shield. 4 left.", "en")
    assert cache.path_for("Shield. 4 left.", "en") == first and synth.said == [("Shield. 4 left.", "en")]
    assert cache.path_for("Shield. 4 left.", "zh-Hans") != first
    assert SpeechCache(tmp_path / "speech", FakeSynth("fake 2")).path_for("Shield. 4 left.", "en") != first
    assert not list((tmp_path / "speech").glob(".*part"))


def test_a_failed_synthesis_leaves_no_file(tmp_path):
    class Broken(FakeSynth):
        def synthesize(self, text, language, out):
            out.write_bytes(b"RIFF")
            raise SpeechUnavailable("broken")

    cache = SpeechCache(tmp_path, Broken())
    with pytest.raises(SpeechUnavailable):
        cache.path_for("Shield", "en")
    assert list(tmp_path.iterdir()) == []


def test_the_announcer_speaks_the_newest_call_and_drops_what_it_replaced(tmp_path):
    playing, release = threading.Event(), threading.Event()
    played: list[Path] = []

    def play(path: Path) -> None:
        played.append(path)
        playing.set()
        release.wait(10)

    synth = FakeSynth()
    announcer = Announcer(SpeechCache(tmp_path, synth), play)
    announcer.say("Shield", "en")
    assert playing.wait(10)
    announcer.say("Chariot", "en")  # waits behind Shield ...
    announcer.say("Joker", "en")    # ... and is replaced by the newest call
    release.set()
    assert announcer.flush(10)
    announcer.close()
    assert [text for text, _ in synth.said] == ["Shield", "Joker"] and len(played) == 2


def test_speech_turned_off_says_nothing(tmp_path):
    synth = FakeSynth()
    announcer = Announcer(SpeechCache(tmp_path, synth), lambda path: None, enabled=False)
    announcer.say("Shield", "en")
    assert announcer.flush(5)
    announcer.close()
    assert synth.said == [] and announcer.spoken == []


def test_no_audio_device_or_engine_breaks_nothing_and_is_logged_once(tmp_path, caplog):
    def no_device(path: Path) -> None:
        raise OSError("no audio device")

    announcer = Announcer(SpeechCache(tmp_path, FakeSynth()), no_device)
    for text in ("Shield", "Chariot"):
        announcer.say(text, "en")
        assert announcer.flush(5)
    mute = Announcer(SpeechCache(tmp_path / "x", EspeakNG(which=lambda name: None)), lambda path: None)
    mute.say("Shield", "en")
    assert mute.flush(5)
    announcer.close()
    mute.close()
    warnings = [r.getMessage() for r in caplog.records if r.name == "hardware.speech"]
    assert len(warnings) == 2 and "no audio device" in warnings[0] and "not installed" in warnings[1]


def test_the_doctor_says_whether_the_calls_are_heard(tmp_path):
    absent = probe_speech(EspeakNG(which=lambda name: None))
    assert absent.status == "ok" and "shown, not heard" in absent.detail and not absent.is_problem
    root = tmp_path / "root"
    (root / "dev" / "snd").mkdir(parents=True)
    assert probe_audio(root, {}).status == "ok" and "shown, not heard" in probe_audio(root, {}).detail
    (root / "dev" / "snd" / "pcmC0D0p").touch()
    assert probe_audio(root, {}).status == "found" and "pcmC0D0p" in probe_audio(root, {}).detail
    assert probe_audio(tmp_path / "none", {"PULSE_SERVER": "unix:/run/pulse"}).status == "found"


def test_an_engine_without_a_voice_is_worth_a_look():
    def run(args, **kwargs):
        out = b"eSpeak NG text-to-speech: 1.51\n" if "--version" in args else b"Pty Language\n"
        return subprocess.CompletedProcess(args, 0, out, b"")

    probe = probe_speech(EspeakNG("/usr/bin/espeak-ng", run=run))
    assert probe.status == "warn" and "cmn" in probe.detail and "en" in probe.detail


@pytest.mark.skipif(REAL is None, reason="espeak-ng is not installed (sudo apt-get install espeak-ng)")
@pytest.mark.parametrize("language, text", [("zh-Hans", "盾牌。还剩四个。"), ("zh-Hant", "戰車。還剩三個。"),
                                            ("en", "Shield. Four left.")])
def test_espeak_ng_writes_a_call_that_holds_sound(tmp_path, language, text):
    path = SpeechCache(tmp_path, EspeakNG()).path_for(text, language)
    with wave.open(str(path)) as wav:
        seconds = wav.getnframes() / wav.getframerate()
    assert 0.5 < seconds < 10
    if SOX is None:
        pytest.skip("sox is not installed: the WAV's length was checked, not its loudness")
    stat = subprocess.run([SOX, str(path), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    rms = float(next(line for line in stat.splitlines() if line.startswith("RMS     amplitude")).split()[-1])
    assert rms > 0.01, stat


@pytest.mark.skipif(REAL is None, reason="espeak-ng is not installed (sudo apt-get install espeak-ng)")
def test_the_real_engine_has_the_voices_the_app_speaks():
    probe = probe_speech()
    assert probe.status == "found" and "cmn" in probe.detail and "en" in probe.detail
