"""The documentation's pictures regenerate identically: the demo journals keep their own clock
(companion.demo.DemoClock) and the pictures show it in one time zone, so a picture with the
history's times is the same file on any machine and any day. Three such pictures are made again
here and compared with the committed ones, byte for byte (the other pictures show no time)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"

pytestmark = pytest.mark.timeout(300)


def test_the_history_pictures_regenerate_identically(tmp_path):
    from companion.ui.shell.screenshot import demo_doc_name, doc_name, screenshot_in_subprocess

    pairs = [(SHOTS / doc_name("history", "en"), screenshot_in_subprocess(
                  tmp_path / "history.png", "history", "en", "800x480", timeout=240)),
             (SHOTS / "trajan" / demo_doc_name("trajan", "history", "zh-Hans"), screenshot_in_subprocess(
                  tmp_path / "trajan-history.png", "history", "zh-Hans", "800x480", timeout=240,
                  game="trajan", state="history")),
             # the history of finished plays shows when each play ended and how long it took
             (SHOTS / doc_name("plays", "en"), screenshot_in_subprocess(
                  tmp_path / "plays.png", "plays", "en", "800x480", timeout=240))]
    for committed, made in pairs:
        assert made.read_bytes() == committed.read_bytes(), (
            f"{committed.relative_to(ROOT)} differs from a fresh picture: regenerate the docs' pictures "
            "(README: companion screenshot --docs …) and look at them")
