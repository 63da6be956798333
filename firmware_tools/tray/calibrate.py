"""`tray calibrate`: the colour table from one picture of known dice. The maker lays the dice flat
and apart in the tray, under the tray's own light, and names them left to right; every colour's
body and pips, the floor's hue and a die's size in pixels are measured from that picture.

    python -m firmware_tools.tray calibrate --dice "red white yellow black red white yellow black"
    python -m firmware_tools.tray calibrate --dice "red white green=U" --image throw.png

A name other than red, white, yellow or black says its protocol letter after `=` (`green=U`,
`crimson=R`): PROTOCOL.md has no other letters.
"""

from __future__ import annotations

import math
from typing import Sequence

import cv2
import numpy as np

from firmware_tools.tray.colours import DEFAULT, LETTERS, Colour, ColourTable, ColourTableError
from firmware_tools.tray.vision import ROUND_FILL

KNOWN = {"red": "R", "white": "W", "yellow": "Y", "black": "B"}


class CalibrationError(ValueError):
    """The picture does not show what the maker said; the message says what it shows."""


def parse_names(text: str | Sequence[str]) -> list[tuple[str, str]]:
    """`red white green=U` -> [("red", "R"), ("white", "W"), ("green", "U")]."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out = []
    for token in tokens:
        name, _, letter = token.strip().lower().partition("=")
        letter = letter.upper() or KNOWN.get(name, "")
        if not letter:
            raise CalibrationError(f"{name!r}: say its protocol letter, e.g. {name}=U (one of {', '.join(LETTERS)})")
        if letter not in LETTERS:
            raise CalibrationError(f"{token!r}: the letter must be one of {', '.join(LETTERS)}")
        out.append((name, letter))
    if not out:
        raise CalibrationError("--dice: name the dice in the tray, left to right")
    return out


def floor_of(hsv: np.ndarray) -> tuple[float, float]:
    """The felt's hue (the commonest hue among saturated pixels) and the least saturation a floor
    pixel has (well below the felt's own, for its shadows)."""
    saturated = hsv[:, :, 1] >= 60
    if saturated.mean() < 0.3:
        raise CalibrationError("the floor is not a saturated colour: calibration needs the tray's felt in view "
                               "(docs/scanner-build.md: a blue felt floor)")
    hist = np.bincount(hsv[:, :, 0][saturated].ravel(), minlength=180).astype(np.float64)
    hist = np.convolve(np.concatenate([hist[-5:], hist, hist[:5]]), np.ones(5) / 5, mode="same")[5:-5]
    hue = float(hist.argmax())
    diff = np.abs(hsv[:, :, 0].astype(np.int16) - int(hue))
    on_floor = (np.minimum(diff, 180 - diff) <= 10) & saturated
    return hue, float(max(40.0, 0.55 * np.median(hsv[:, :, 1][on_floor])))


def calibrate(image: np.ndarray, names: Sequence[tuple[str, str]], base: ColourTable = DEFAULT) -> ColourTable:
    """The colour table measured from `image` (BGR), which shows exactly the dice `names`, left to
    right, flat and apart."""
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    hue, saturation = floor_of(hsv)
    probe = base.with_colours(base.colours, floor_hue=hue, floor_saturation=saturation)
    from firmware_tools.tray.vision import Vision
    floor = Vision(probe).floor_mask(hsv)
    things = cv2.morphologyEx(1 - floor, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(things, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    areas = [cv2.contourArea(c) for c in contours]
    if not areas:
        raise CalibrationError(f"no dice found on the floor (hue {hue:.0f}); {len(names)} were named")
    biggest = max(areas)
    dice = [c for c, a in zip(contours, areas) if a >= 0.4 * biggest]
    if len(dice) != len(names):
        raise CalibrationError(f"{len(dice)} dice found, {len(names)} named: lay them flat and apart, all in view")
    sizes = sorted(math.sqrt(cv2.contourArea(c) / ROUND_FILL) for c in dice)
    die_px = sizes[len(sizes) // 2]
    if sizes[-1] > 1.25 * sizes[0]:
        raise CalibrationError(f"the dice differ in size ({sizes[0]:.0f}-{sizes[-1]:.0f} px): two touching, or one "
                               "leaning? lay them flat and apart")
    lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB).astype(np.float32)
    dice.sort(key=lambda c: cv2.boundingRect(c)[0] + cv2.boundingRect(c)[2] / 2)
    samples: dict[str, list[tuple[np.ndarray, float, str]]] = {}
    letters = dict(names)
    for contour, (name, _letter) in zip(dice, names):
        mask = np.zeros(image.shape[:2], np.uint8)
        cv2.drawContours(mask, [contour], -1, 1, -1)
        mask = cv2.erode(mask, np.ones((3, 3), np.uint8), iterations=max(1, int(die_px * 0.1)))
        pixels = lab[mask > 0]
        body = np.median(pixels, axis=0)
        offs = pixels[:, 0] - body[0]
        lighter, darker = np.percentile(offs, 97), -np.percentile(offs, 3)
        pips = "light" if lighter > darker else "dark"
        samples.setdefault(name, []).append((body, float(max(lighter, darker)), pips))
    colours = []
    for name, rows in samples.items():
        polarity = {p for _, _, p in rows}
        if len(polarity) > 1:
            raise CalibrationError(f"the {name} dice disagree on their pips (light on some, dark on others): "
                                   "are they one colour?")
        body = np.mean([r[0] for r in rows], axis=0)
        contrast = float(np.mean([r[1] for r in rows]))
        try:
            colours.append(Colour(name, letters[name], tuple(round(float(v), 1) for v in body),  # type: ignore[arg-type]
                                  polarity.pop(), round(contrast, 1)))
        except ColourTableError as exc:
            raise CalibrationError(str(exc)) from None
    return base.with_colours(colours, floor_hue=round(hue, 1), floor_saturation=round(saturation, 1),
                             die_px=round(die_px, 1))
