"""The tray's command line: `tray calibrate` from a picture saves a colour table the tray loads,
`tray look` reads pictures with it, bad input is refused in words; a folder of pictures is a
picture source."""

from __future__ import annotations

import io
import random
from contextlib import redirect_stderr, redirect_stdout

import cv2
import pytest

from firmware_tools.tray import measure, synth
from firmware_tools.tray.__main__ import main
from firmware_tools.tray.colours import ColourTable
from firmware_tools.tray.sources import DirectorySource, SourceError


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_calibrate_then_look(tmp_path):
    image, names = measure.calibration_picture(seed=4)
    picture, table = tmp_path / "throw.png", tmp_path / "colours.json"
    cv2.imwrite(str(picture), image)
    code, out, err = run("calibrate", "--dice", " ".join(names), "--image", str(picture), "--out", str(table))
    assert code == 0, err
    assert "saved" in out and "read back: " in out
    loaded = ColourTable.load(table)
    assert [c.name for c in loaded.colours] == ["red", "white", "yellow", "black"]
    code, out, _ = run("look", str(picture), "--colours", str(table))
    assert code == 0 and "8 dice" in out
    code, _, err = run("calibrate", "--dice", "red white", "--image", str(picture), "--out", str(table))
    assert code == 1 and "8 dice found, 2 named" in err
    code, _, err = run("look", str(tmp_path / "none.png"), "--colours", str(table))
    assert code == 1 and "not an image" in err
    (tmp_path / "bad.json").write_text("[]")
    code, _, err = run("look", str(picture), "--colours", str(tmp_path / "bad.json"))
    assert code == 2 and "list 'colours'" in err


def test_a_folder_of_pictures_is_a_source(tmp_path):
    rng = random.Random(6)
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"{i:03}.png"), synth.render(synth.random_scene(rng, 2), rng))
    source = DirectorySource(tmp_path, fps=None)
    shots = [source.read() for _ in range(5)]
    assert [s.shape for s in shots] == [(synth.HEIGHT, synth.WIDTH, 3)] * 5
    assert (shots[3] == shots[2]).all() and (shots[4] == shots[2]).all(), "the last stays in view"
    (tmp_path / "empty").mkdir()
    with pytest.raises(SourceError, match="no images"):
        DirectorySource(tmp_path / "empty")
