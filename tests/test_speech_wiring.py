"""The crier's call heard: the speech feed says each new call of the open game once, in the
table's language (the game's presenter words it), through the player or, with no audio device,
the WAV twin; the setting turns it off; a game with no call says nothing."""

from __future__ import annotations

import wave
from pathlib import Path

import pytest

from companion.config import Config, SpeechConfig
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.session import Intent, Session
from companion.ui.augustus.presenters import AugustusPresenter
from companion.ui.text import i18n
from companion.wiring.speech import plan_speech
from hardware.detect import FOUND, OK, Probe

pytestmark = pytest.mark.timeout(60)


class FakeEngine:
    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []

    def version(self) -> str:
        return "fake 1"

    def synthesize(self, text: str, language: str, out: Path) -> None:
        self.said.append((text, language))
        with wave.open(str(out), "wb") as w:
            w.setnchannels(1)
            w.setsampwidth(2)
            w.setframerate(22050)
            w.writeframes(b"\x10\x20" * 2000)


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def augustus(session):
    cards = [{"number": n, "kind": "green", "vp": 1, "gold": 0, "wheat": 0, "symbols": ["shield"] * 6, "power": None}
             for n in range(1, 7)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo"], "seed": 3, "cards": cards, "settings": {"bag": "table"}}}))
    for seat in range(2):
        for n in range(3):
            session.handle(Intent("take", {"seat": seat, "number": 3 * seat + n + 1}))


def no_audio() -> Probe:
    return Probe("audio out", OK, "none")


def test_each_call_is_said_once_in_the_tables_language_into_the_twin_without_audio(session, tmp_path):
    plan = plan_speech(SpeechConfig(), cache_dir=tmp_path / "cache", twin_path=tmp_path / "run" / "speech.wav",
                       probe=no_audio)
    assert plan.enabled and not plan.audio and "no audio device" in plan.reason
    engine = FakeEngine()
    language = {"code": "zh-Hans"}
    played = []
    feed = plan.open(played.append, presenters={"augustus": AugustusPresenter()}, language=lambda: language["code"],
                     engine=engine)
    session.listeners.append(feed.update)
    old = i18n.current_language()
    try:
        i18n.set_language("zh-Hans")
        augustus(session)
        session.handle(Intent("draw", {"token": "shield"}))
        session.handle(Intent("place", {"seat": 0, "number": 1, "slot": 0}))  # same call: said once
        assert feed.announcer.flush(10)
        assert engine.said == [("盾牌", "zh-Hans")]
        assert not played, "no audio device: the SDL player is not used"
        with wave.open(str(tmp_path / "run" / "speech.wav")) as w:
            assert w.getnframes() == 2000
        session.handle(Intent("skip", {"seat": 1}))
        i18n.set_language("en")
        language["code"] = "en"
        session.handle(Intent("draw", {"token": "dagger"}))
        assert feed.announcer.flush(10)
        assert engine.said[-1] == ("Dagger", "en")
    finally:
        i18n.set_language(old)
        feed.close()


def test_an_audio_device_plays_through_the_player_and_the_setting_turns_speech_off(session, tmp_path):
    plan = plan_speech(SpeechConfig(), cache_dir=tmp_path / "cache", twin_path=tmp_path / "speech.wav",
                       probe=lambda: Probe("audio out", FOUND, "ALSA /dev/snd/pcmC0D0p"))
    played = []
    feed = plan.open(played.append, presenters={"augustus": AugustusPresenter()}, language=lambda: "en",
                     engine=FakeEngine())
    session.listeners.append(feed.update)
    augustus(session)
    session.handle(Intent("draw", {"token": "joker"}))
    assert feed.announcer.flush(10)
    assert len(played) == 1 and played[0].suffix == ".wav" and not (tmp_path / "speech.wav").exists()
    feed.close()
    off = plan_speech(Config(devices=Config().devices.__class__(speech=SpeechConfig(enabled=False))).devices.speech,
                      cache_dir=tmp_path / "cache", twin_path=tmp_path / "speech.wav", probe=no_audio)
    assert not off.enabled and off.open(played.append, presenters={}, language=lambda: "en") is None


def test_a_game_without_a_call_says_nothing(session, tmp_path):
    engine = FakeEngine()
    plan = plan_speech(SpeechConfig(), cache_dir=tmp_path / "c", twin_path=tmp_path / "s.wav", probe=no_audio)
    from companion.presenters.game import GamePresenter

    feed = plan.open(lambda p: None, presenters={"secretbid": GamePresenter()}, language=lambda: "en", engine=engine)
    session.listeners.append(feed.update)
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"]}}))
    assert feed.announcer.flush(10) and engine.said == []
    feed.close()
