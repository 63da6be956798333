"""The SDL player loads each call's WAV once: the same phrase played again takes the kept sound
(no file read and decoded on the main thread after the call is drawn); a WAV written anew since
(another voice, a cleared cache) is loaded again; one SDL cannot load plays nothing and says so."""

from __future__ import annotations

import logging
import os

from companion.ui.shell.speech_hook import SdlPlayer


class FakeSound:
    def __init__(self, path: str) -> None:
        self.path, self.plays, self.stops = path, 0, 0

    def play(self) -> None:
        self.plays += 1

    def stop(self) -> None:
        self.stops += 1


def test_each_wav_is_loaded_once_and_again_when_it_changed(tmp_path):
    loads: list[str] = []

    def load(path: str) -> FakeSound:
        loads.append(path)
        return FakeSound(path)

    shield, dagger = tmp_path / "shield.wav", tmp_path / "dagger.wav"
    for wav in (shield, dagger):
        wav.write_bytes(b"RIFF")
        os.utime(wav, ns=(1_000_000_000, 1_000_000_000))
    player = SdlPlayer(load=load)
    player._play(shield)  # what the main thread runs for each call (`player(path)` hops there)
    first = player._sound
    player._play(dagger)
    player._play(shield)
    assert loads == [str(shield), str(dagger)], "a phrase heard before is not loaded again"
    assert player._sound is first and first.plays == 2
    assert first.stops == 1, "the dagger's phrase stopped the first shield; the second plays from the start"
    os.utime(shield, ns=(2_000_000_000, 2_000_000_000))  # written anew (the cache regenerated it)
    player._play(shield)
    assert loads == [str(shield), str(dagger), str(shield)]
    assert player._sound is not first


def test_a_wav_sdl_cannot_load_plays_nothing_and_is_tried_again(tmp_path, caplog):
    loads: list[str] = []
    wav = tmp_path / "call.wav"
    wav.write_bytes(b"RIFF")
    player = SdlPlayer(load=lambda path: loads.append(path))
    with caplog.at_level(logging.WARNING, logger="companion.speech"):
        player._play(wav)
        player._play(wav)
    assert player._sound is None
    assert len(loads) == 2, "nothing was kept: the next call tries again"
    assert "SDL could not load call.wav" in caplog.text
