"""Scoring the vision against the generated pictures' labels: which dice were read right, per
colour and face, how many cocked or stacked dice were caught, and the calibration a maker would
make first (one generated throw of known dice). Used by benchmarks/tray_vision.py and the tests,
so both judge the same way."""

from __future__ import annotations

import collections
import dataclasses
import math
import random
from typing import Iterable, Sequence

import numpy as np

from firmware_tools.tray import synth
from firmware_tools.tray.calibrate import calibrate, parse_names
from firmware_tools.tray.colours import ColourTable
from firmware_tools.tray.vision import Seen, Sight

CALIBRATION_DICE = ("red", "white", "yellow", "black", "red", "white", "yellow", "black")


def calibration_picture(seed: int = 1) -> tuple[np.ndarray, list[str]]:
    """One throw of two dice of each colour, flat and apart, left to right as named."""
    rng = random.Random(seed)
    scene = synth.random_scene(rng, len(CALIBRATION_DICE), cocked=0, touching=0, stacked=0, hard=False)
    while len(scene.dice) != len(CALIBRATION_DICE) or len({round(p.x / 20) for p in scene.dice}) < len(scene.dice):
        scene = synth.random_scene(rng, len(CALIBRATION_DICE), cocked=0, touching=0, stacked=0, hard=False)
    order = sorted(range(len(scene.dice)), key=lambda i: scene.dice[i].x)
    poses = list(scene.dice)
    for rank, i in enumerate(order):
        poses[i] = dataclasses.replace(poses[i], colour=CALIBRATION_DICE[rank])
    scene = dataclasses.replace(scene, dice=tuple(poses))
    return synth.render(scene, rng), list(CALIBRATION_DICE)


def calibrated_table(seed: int = 1) -> ColourTable:
    image, names = calibration_picture(seed)
    return calibrate(image, parse_names(names))


@dataclasses.dataclass
class Score:
    """Counts over many pictures. A die is right when: lying flat, it was read flat with its
    colour and face; cocked, read cocked; stacked (on another, or under one), read not flat."""

    dice: int = 0
    right: int = 0
    extra: int = 0
    by_colour: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    by_colour_right: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    by_face: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    by_face_right: collections.Counter = dataclasses.field(default_factory=collections.Counter)
    cocked: int = 0
    cocked_caught: int = 0
    cocked_held: int = 0
    stacked: int = 0
    stacked_held: int = 0
    misread: int = 0
    """Dice reported flat (so they would count) but wrong: another face or colour, or not flat
    at all. The errors that reach a game."""
    wrong: list[str] = dataclasses.field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.right / self.dice if self.dice else 1.0


def match(truth: Sequence[synth.DiePose], seen: Sequence[Seen], die_px: float) -> list[Seen | None]:
    """For each true die, the die seen nearest it (within half a side), each seen die used once."""
    pairs = sorted((math.hypot(t.x - s.x, t.y - s.y), i, j) for i, t in enumerate(truth) for j, s in enumerate(seen))
    out: list[Seen | None] = [None] * len(truth)
    used: set[int] = set()
    for dist, i, j in pairs:
        if dist > 0.5 * die_px * 1.2:
            break
        if out[i] is None and j not in used:
            out[i], _ = seen[j], used.add(j)
    return out


def score(scene: synth.Scene, sight: Sight, into: Score, label: str = "") -> None:
    matched = match(scene.dice, sight.dice, scene.die_px)
    into.extra += max(0, len(sight.dice) - sum(m is not None for m in matched))
    for pose, got in zip(scene.dice, matched):
        into.dice += 1
        if pose.truth == "flat":
            ok = got is not None and got.kind == "flat" and got.letter == pose.letter and got.face == pose.face
            into.by_colour[pose.colour] += 1
            into.by_face[pose.face] += 1
            into.by_colour_right[pose.colour] += ok
            into.by_face_right[pose.face] += ok
        elif pose.truth == "cocked":
            into.cocked += 1
            ok = got is not None and got.kind == "cocked"
            into.cocked_caught += ok
            into.cocked_held += got is None or got.kind != "flat"
        else:  # stacked or hidden: must not count as flat
            into.stacked += 1
            ok = got is None or got.kind != "flat"
            into.stacked_held += ok
        into.right += ok
        if not ok and got is not None and got.kind == "flat":
            into.misread += 1
        if not ok and len(into.wrong) < 20:
            what = "nothing" if got is None else f"{got.letter}{got.face}{got.kind[0]}"
            into.wrong.append(f"{label} {pose.colour} {pose.face} {pose.truth} at ({pose.x:.0f},{pose.y:.0f}): {what}")


def scenes(seed: int, count: int, **options: object) -> Iterable[tuple[synth.Scene, np.ndarray]]:
    """`count` generated trays at rest, each with its picture, from `seed`."""
    rng = random.Random(seed)
    for _ in range(count):
        scene = synth.random_scene(rng, **options)  # type: ignore[arg-type]
        yield scene, synth.render(scene, rng)
