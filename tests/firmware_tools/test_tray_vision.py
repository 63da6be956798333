"""The tray's vision on generated pictures (firmware_tools/tray/synth.py): every colour and face
read, cocked and stacked dice held back, touching dice parted, a colour the table lacks reported
U, the light judged; calibration from one throw of known dice, and its refusals."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from firmware_tools.tray import measure, synth  # noqa: E402
from firmware_tools.tray.calibrate import CalibrationError, calibrate, parse_names  # noqa: E402
from firmware_tools.tray.colours import DEFAULT, ColourTable, ColourTableError  # noqa: E402
from firmware_tools.tray.vision import Vision  # noqa: E402


@pytest.fixture(scope="module")
def table() -> ColourTable:
    return measure.calibrated_table()


@pytest.fixture(scope="module")
def vision(table) -> Vision:
    return Vision(table)


def one(colour: str, face: int, angle: float, **pose) -> synth.Scene:
    return synth.Scene((synth.DiePose(colour, face, 240, 180, angle, **pose),), synth.Light(noise=3.0))


@pytest.mark.parametrize("colour", synth.COLOURS)
def test_every_face_of_every_colour_is_read(vision, colour):
    rng = random.Random(colour)
    for face in range(1, 7):
        angle = rng.uniform(0, 360)
        sight = vision.look(synth.render(one(colour, face, angle), rng))
        assert [(d.letter, d.face, d.kind) for d in sight.dice] == [(synth.LETTERS[colour], face, "flat")], \
            f"{colour} {face} turned {angle:.0f}°"


def test_a_leaning_die_is_cocked_and_a_die_on_another_is_not_flat(vision):
    rng = random.Random(2)
    for lean in (16, 30, 44):
        sight = vision.look(synth.render(one("red", 5, 33, lean=lean, truth="cocked"), rng))
        assert [d.kind for d in sight.dice] == ["cocked"], f"leaning {lean}°"
        assert sight.dice[0].face == 0
    below = synth.DiePose("white", 3, 240, 180, 10, truth="hidden")
    above = synth.DiePose("white", 6, 258, 168, 40, scale=1.12, truth="stacked")
    sight = vision.look(synth.render(synth.Scene((below, above)), rng))
    assert sight.dice and all(d.kind != "flat" for d in sight.dice)


def test_touching_dice_are_parted(vision):
    rng = random.Random(3)
    for first, second in (("red", "red"), ("white", "black"), ("yellow", "white")):
        a = synth.DiePose(first, 2, 200, 180, 15)
        b = dataclasses.replace(a, colour=second, face=5, x=200 + 40.4 * 0.966, y=180 + 40.4 * 0.259)
        sight = vision.look(synth.render(synth.Scene((a, b)), rng))
        assert [(d.letter, d.face, d.kind) for d in sight.dice] == \
            [(synth.LETTERS[first], 2, "flat"), (synth.LETTERS[second], 5, "flat")], (first, second)


def test_a_generated_set_is_read_right(vision):
    """A small sample of the benchmark's set (benchmarks/tray_vision.py measures the full one)."""
    score = measure.Score()
    for i, (scene, image) in enumerate(measure.scenes(11, 25)):
        measure.score(scene, vision.look(image), score, f"#{i}")
    assert score.dice > 100
    assert score.rate >= 0.99, score.wrong
    assert score.misread == 0, score.wrong
    assert score.stacked_held == score.stacked


def test_a_colour_the_table_lacks_is_unknown(table):
    rng = random.Random(4)
    without_black = Vision(table.with_colours([c for c in table.colours if c.name != "black"]))
    sight = without_black.look(synth.render(one("black", 4, 20), rng))
    assert [d.letter for d in sight.dice] == ["U"]


def test_the_light_is_judged(vision):
    rng = random.Random(5)
    scene = one("red", 3, 0)
    dark = dataclasses.replace(scene, light=synth.Light(gain=0.15))
    assert vision.look(synth.render(dark, rng)).light == "dark"
    assert vision.look(synth.render(scene, rng)).light is None


def test_calibration_measures_the_dice_named(table):
    assert [c.name for c in table.colours] == ["red", "white", "yellow", "black"]
    assert [c.pips for c in table.colours] == ["light", "dark", "dark", "light"]
    assert abs(table.die_px - synth.DIE_PX) < 2
    assert abs(table.floor_hue - 105) < 5
    assert ColourTable.from_data(json.loads(table.to_json())) == table


def test_calibration_refuses_what_the_picture_does_not_show():
    image, names = measure.calibration_picture()
    with pytest.raises(CalibrationError, match="8 dice found, 3 named"):
        calibrate(image, parse_names("red white yellow"))
    with pytest.raises(CalibrationError, match="green=U"):
        parse_names("red green")
    with pytest.raises(CalibrationError, match="letter must be one of"):
        parse_names("green=G")
    grey = image.copy()
    grey[:] = (128, 128, 128)
    with pytest.raises(CalibrationError, match="felt"):
        calibrate(grey, parse_names(names))


def test_a_bad_colour_table_is_refused_by_name(tmp_path):
    path = tmp_path / "colours.json"
    path.write_text("{")
    with pytest.raises(ColourTableError, match="not JSON"):
        ColourTable.load(path)
    data = json.loads(DEFAULT.to_json())
    data["colours"][0]["letter"] = "G"
    path.write_text(json.dumps(data))
    with pytest.raises(ColourTableError, match="'red': letter must be one of"):
        ColourTable.load(path)
    with pytest.raises(ColourTableError, match="cannot read"):
        ColourTable.load(tmp_path / "none.json")
