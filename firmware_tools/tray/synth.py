"""Generated test images of a dice tray, with their labels: the tray's vision is measured on these
(tests and benchmarks/tray_vision.py), deterministic from a seed, drawn at test time (nothing big
is committed).

What is drawn, seen from above as the tray's camera sees it: a felt floor (a saturated blue, the
colour docs/scanner-build.md asks for) under uneven light (a gain, a gradient, a slight colour
cast, sensor noise, optional blur); dice as rounded squares with darker rounded edges, pips by
the standard layout (white pips on red and black bodies, black on white and yellow), any in-plane
rotation, each with a soft shadow; dice touching; a die lying on another (drawn a little larger,
as it is nearer the camera, its shadow on the die below); cocked dice (leaning: the top face
foreshortened, its pips too, and a darker side face showing); and throws as frame sequences —
dice flying in, tumbling (faces changing, leaning, motion blur) and stopping dead, then lying
still.

What it does not draw, and a real camera adds: lens distortion and vignetting, rolling-shutter
skew, glare and specular highlights on glossy dice, worn or painted-over pips, dice of the
"same" colour from different sets, dust, fingers, a die half out of view at the wall, and
sensor noise that is not Gaussian. The numbers measured here are an upper bound.
"""

from __future__ import annotations

import dataclasses
import math
import random
from typing import Iterator, Sequence

import cv2
import numpy as np

WIDTH, HEIGHT = 480, 360
DIE_PX = 40.0
"""A 16 mm die seen from the box's camera height fills about 40 px at 480x360."""

PAINT = {  # body BGR, pip BGR: the dice of the generated world (not the tray's colour table)
    "red": ((38, 36, 186), (232, 232, 236)),
    "white": ((226, 228, 224), (34, 32, 30)),
    "yellow": ((36, 196, 232), (30, 30, 30)),
    "black": ((52, 50, 50), (236, 236, 236)),
}
FELT = (150, 96, 44)  # BGR: the blue felt floor
LETTERS = {"red": "R", "white": "W", "yellow": "Y", "black": "B"}
PIP_OFFSET = 0.27
PIP_RADIUS = 0.085
CORNER = 0.18
RIM = 0.07

LAYOUT = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}
"""Pip positions on a face, in units of PIP_OFFSET of the die's side from its centre."""


@dataclasses.dataclass(frozen=True)
class DiePose:
    """One die as drawn. `lean`: 0 flat, else the tilt in degrees (cocked or tumbling) about the
    die's own y axis, the side face showing on `lean_side` (+1 or -1). `on_top`: lying on
    another die (drawn larger, after it). `truth` is the label: "flat", "cocked", "stacked" (it
    lies on another) or "hidden" (another lies on it)."""

    colour: str
    face: int
    x: float
    y: float
    angle: float
    lean: float = 0.0
    lean_side: int = 1
    scale: float = 1.0
    truth: str = "flat"
    side_face: int = 2

    @property
    def letter(self) -> str:
        return LETTERS[self.colour]


@dataclasses.dataclass(frozen=True)
class Light:
    gain: float = 1.0
    gradient: tuple[float, float] = (0.0, 0.0)
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)
    noise: float = 3.0
    blur: float = 0.0
    shadow: float = 0.55


@dataclasses.dataclass(frozen=True)
class Scene:
    """One picture's worth: the dice (drawn in order) and the light. `moving`: which dice are
    moving in this frame (the truth a settle tracker is judged against); `motion`: per die, the
    (dx, dy) in px since the last frame, for motion blur."""

    dice: tuple[DiePose, ...]
    light: Light = Light()
    moving: tuple[bool, ...] = ()
    motion: tuple[tuple[float, float], ...] = ()
    size: tuple[int, int] = (WIDTH, HEIGHT)
    die_px: float = DIE_PX


def _rounded_square(half: float, corner: float, steps: int = 5) -> np.ndarray:
    """The outline of a rounded square centred at 0, as (n, 2) points."""
    points = []
    inner = half - corner
    for cx, cy, start in ((inner, inner, 0), (-inner, inner, 90), (-inner, -inner, 180), (inner, -inner, 270)):
        for i in range(steps + 1):
            a = math.radians(start + 90 * i / steps)
            points.append((cx + corner * math.cos(a), cy + corner * math.sin(a)))
    return np.array(points, dtype=np.float64)


def _place(points: np.ndarray, pose: DiePose, px: float, squash: float = 1.0, shift: float = 0.0) -> np.ndarray:
    """Die coordinates (in sides) to image coordinates: squash and shift along the die's x axis
    (a lean), scale, rotate, move."""
    p = points.copy()
    p[:, 0] = p[:, 0] * squash + shift
    a = math.radians(pose.angle)
    c, s = math.cos(a), math.sin(a)
    scale = px * pose.scale
    x = p[:, 0] * c - p[:, 1] * s
    y = p[:, 0] * s + p[:, 1] * c
    return np.stack([pose.x + scale * x, pose.y + scale * y], axis=1)


SS = 2  # drawn at twice the size, then shrunk: smooth edges


def _poly(canvas: np.ndarray, points: np.ndarray, colour: Sequence[float]) -> None:
    cv2.fillPoly(canvas, [np.round(points * SS).astype(np.int32)], tuple(float(c) for c in colour), cv2.LINE_AA)


def _ellipse(canvas: np.ndarray, centre: tuple[float, float], axes: tuple[float, float], angle: float,
             colour: Sequence[float]) -> None:
    cv2.ellipse(canvas, (round(centre[0] * SS), round(centre[1] * SS)),
                (max(1, round(axes[0] * SS)), max(1, round(axes[1] * SS))), angle, 0, 360,
                tuple(float(c) for c in colour), -1, cv2.LINE_AA)


def _draw_face(canvas: np.ndarray, pose: DiePose, px: float, face: int, squash: float, shift: float,
               body: Sequence[float], pip: Sequence[float]) -> None:
    outline = _rounded_square(0.5, CORNER)
    dark = [c * 0.68 for c in body]  # rounded edges, lit less by the ring above
    _poly(canvas, _place(outline, pose, px, squash, shift), dark)
    _poly(canvas, _place(_rounded_square(0.5 - RIM, CORNER - RIM * 0.6), pose, px, squash, shift), body)
    scale = px * pose.scale
    for u, v in LAYOUT[face]:
        centre = _place(np.array([[u * PIP_OFFSET, v * PIP_OFFSET]]), pose, px, squash, shift)[0]
        r = PIP_RADIUS * scale
        _ellipse(canvas, (centre[0], centre[1]), (r * squash, r), pose.angle, pip)


def _draw_die(canvas: np.ndarray, pose: DiePose, px: float) -> None:
    body, pip = PAINT[pose.colour]
    if not pose.lean:
        _draw_face(canvas, pose, px, pose.face, 1.0, 0.0, body, pip)
        return
    tilt = math.radians(pose.lean)
    top, side = math.cos(tilt), math.sin(tilt)
    # The top face, foreshortened, and beside it the side face (lit less by the ring above).
    sign = pose.lean_side
    shade = [c * 0.58 for c in body]
    _draw_face(canvas, pose, px, pose.side_face, side, sign * top / 2, shade,
               [c * 0.7 for c in pip])
    _draw_face(canvas, pose, px, pose.face, top, -sign * side / 2, body, pip)


def _shadow_mask(size: tuple[int, int], pose: DiePose, px: float, light: Light) -> np.ndarray:
    w, h = size
    mask = np.zeros((h * SS, w * SS), np.float32)
    off = 0.12 * px * pose.scale
    shifted = dataclasses.replace(pose, x=pose.x + off + light.gradient[0] * 2, y=pose.y + off * 0.8)
    width = 1.0 + (math.sin(math.radians(pose.lean)) if pose.lean else 0.0)
    _poly(mask, _place(_rounded_square(0.55, CORNER + 0.05), shifted, px, width, 0.0), (1.0,))
    return mask


def render(scene: Scene, rng: random.Random) -> np.ndarray:
    """The picture of `scene` (BGR uint8, HEIGHT x WIDTH); `rng` draws the noise."""
    w, h = scene.size
    light = scene.light
    canvas = np.empty((h * SS, w * SS, 3), np.float32)
    canvas[:] = FELT
    px = scene.die_px

    def cast(pose: DiePose) -> None:
        # Blurred only around the die: the blur reaches 3 sigma, the window is wider.
        sigma = 0.12 * px * SS
        reach = int(pose.scale * px * SS * 1.6 + 4 * sigma)
        cx, cy = int(pose.x * SS), int(pose.y * SS)
        x0, y0 = max(0, cx - reach), max(0, cy - reach)
        x1, y1 = min(w * SS, cx + reach), min(h * SS, cy + reach)
        if x1 <= x0 or y1 <= y0:
            return
        mask = _shadow_mask(scene.size, pose, px, light)[y0:y1, x0:x1]
        shadow = cv2.GaussianBlur(mask, (0, 0), sigma)
        canvas[y0:y1, x0:x1] *= (1.0 - (1.0 - light.shadow) * shadow)[:, :, None]

    # Shadows fall on the floor: dice are all one height, so none shades another's top face —
    # except a die lying on another, whose shadow falls on the one below.
    for pose in scene.dice:
        if pose.truth != "stacked":
            cast(pose)
    for i, pose in enumerate(scene.dice):
        if pose.truth == "stacked":
            cast(pose)
        dx, dy = scene.motion[i] if i < len(scene.motion) else (0.0, 0.0)
        if abs(dx) + abs(dy) < 1.0:
            _draw_die(canvas, pose, px)
        else:
            layer = canvas.copy()
            _draw_die(layer, pose, px)
            # Motion blur on this die alone: smear the layer along its motion.
            length = max(3, int(round(math.hypot(dx, dy) * SS * 0.6)))
            kernel = np.zeros((length, length), np.float32)
            cv2.line(kernel, (0, length // 2), (length - 1, length // 2), 1.0, 1)
            rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), -math.degrees(math.atan2(dy, dx)), 1)
            kernel = cv2.warpAffine(kernel, rot, (length, length))
            kernel /= max(kernel.sum(), 1e-6)
            reach = int(pose.scale * px * SS * 1.2) + length
            cx, cy = int(pose.x * SS), int(pose.y * SS)
            x0, y0 = max(0, cx - reach), max(0, cy - reach)
            x1, y1 = min(w * SS, cx + reach), min(h * SS, cy + reach)
            canvas[y0:y1, x0:x1] = cv2.filter2D(layer[y0:y1, x0:x1], -1, kernel)
    image = cv2.resize(canvas, (w, h), interpolation=cv2.INTER_AREA)
    # Light: gain, a linear gradient across the tray, a colour cast; then blur and sensor noise.
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    field = light.gain * (1.0 + light.gradient[0] * (xs / w - 0.5) + light.gradient[1] * (ys / h - 0.5))
    image = image * field[:, :, None] * np.array(light.cast, np.float32)
    if light.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), light.blur)
    noise = np.random.default_rng(rng.getrandbits(32)).normal(0.0, light.noise, image.shape).astype(np.float32)
    return np.clip(image + noise, 0, 255).astype(np.uint8)


# -- scenes ------------------------------------------------------------------------------------

COLOURS = tuple(PAINT)


def random_light(rng: random.Random, hard: bool = True) -> Light:
    spread = 1.0 if hard else 0.4
    return Light(gain=rng.uniform(1 - 0.25 * spread, 1 + 0.12 * spread),
                 gradient=(rng.uniform(-0.25, 0.25) * spread, rng.uniform(-0.25, 0.25) * spread),
                 cast=tuple(rng.uniform(1 - 0.06 * spread, 1 + 0.06 * spread) for _ in range(3)),  # type: ignore[arg-type]
                 noise=rng.uniform(1.5, 5.0 * spread + 1.0), blur=rng.choice([0.0, 0.0, 0.6, 1.0, 1.3]) * spread,
                 shadow=rng.uniform(0.45, 0.7))


def _free(x: float, y: float, placed: list[tuple[float, float]], gap: float) -> bool:
    return all(math.hypot(x - px, y - py) >= gap for px, py in placed)


def random_scene(rng: random.Random, count: int | None = None, *, cocked: float = 0.12, touching: float = 0.25,
                 stacked: float = 0.1, colours: Sequence[str] = COLOURS, hard: bool = True,
                 die_px: float = DIE_PX) -> Scene:
    """A tray at rest: `count` dice (default 1-12) of random colours, faces, places and turns.
    Each die may be cocked (probability `cocked`), set touching the previous one (`touching`),
    or a pair stacked (`stacked`, once per scene at most)."""
    count = rng.randint(1, 12) if count is None else count
    margin = die_px * 0.9
    placed: list[tuple[float, float]] = []
    dice: list[DiePose] = []
    stacked_done = False
    for _ in range(count):
        colour = rng.choice(list(colours))
        face = rng.randint(1, 6)
        angle = rng.uniform(0, 360)
        if dice and rng.random() < touching and dice[-1].truth == "flat" and not dice[-1].lean:
            # Edge to edge with the last die: same turn, its side's length from it, a little slid.
            last = dice[-1]
            a = math.radians(last.angle + rng.choice([0, 90, 180, 270]))
            slide = rng.uniform(-0.35, 0.35) * die_px
            d = die_px * 1.01
            x = last.x + d * math.cos(a) - slide * math.sin(a)
            y = last.y + d * math.sin(a) + slide * math.cos(a)
            angle = last.angle + rng.uniform(-4, 4)
            if margin < x < WIDTH - margin and margin < y < HEIGHT - margin and \
                    _free(x, y, placed[:-1], die_px * 1.5):
                placed.append((x, y))
                dice.append(DiePose(colour, face, x, y, angle))
                continue
        for _attempt in range(60):
            x, y = rng.uniform(margin, WIDTH - margin), rng.uniform(margin, HEIGHT - margin)
            if _free(x, y, placed, die_px * 1.75):
                break
        else:
            continue
        if not stacked_done and rng.random() < stacked:
            stacked_done = True
            below = DiePose(colour, face, x, y, angle, truth="hidden")
            off = rng.uniform(0.3, 0.55) * die_px
            a = rng.uniform(0, 2 * math.pi)
            above = DiePose(rng.choice(list(colours)), rng.randint(1, 6), x + off * math.cos(a), y + off * math.sin(a),
                            rng.uniform(0, 360), scale=rng.uniform(1.08, 1.14), truth="stacked")
            dice += [below, above]
            placed += [(x, y), (above.x, above.y)]
            continue
        if rng.random() < cocked:
            dice.append(DiePose(colour, face, x, y, angle, lean=rng.uniform(15, 45), lean_side=rng.choice([1, -1]),
                                truth="cocked", side_face=rng.randint(1, 6)))
        else:
            dice.append(DiePose(colour, face, x, y, angle))
        placed.append((x, y))
    return Scene(tuple(dice), random_light(rng, hard), moving=tuple(False for _ in dice), die_px=die_px)


def throw(rng: random.Random, colours: Sequence[str], *, frames_moving: tuple[int, int] = (8, 16),
          frames_still: int = 8, finals: Sequence[DiePose] | None = None, light: Light | None = None,
          die_px: float = DIE_PX, min_speed: float = 3.0) -> Iterator[Scene]:
    """A throw as the camera sees it, frame by frame: the dice fly in from one side, tumbling
    (faces changing, leaning, blurred), each stops dead at its own frame, then all lie still for
    `frames_still` frames. `finals`: where they end (default: a random flat tray of `colours`).
    A moving die moves at least `min_speed` px a frame until it stops (dice stop abruptly, they
    do not creep); a settle tracker is judged on exactly that."""
    light = light or random_light(rng, hard=False)
    if finals is None:
        finals = random_scene(rng, len(colours), cocked=0.0, touching=0.0, stacked=0.0, colours=["red"],
                              die_px=die_px).dice
        finals = tuple(dataclasses.replace(p, colour=c) for p, c in zip(finals, colours))
    stops = [rng.randint(*frames_moving) for _ in finals]
    starts = []
    for pose in finals:
        a = rng.uniform(0, 2 * math.pi)
        speed = rng.uniform(6.0, 12.0)
        starts.append((a, speed))
    total = max(stops) + frames_still
    previous: list[tuple[float, float]] | None = None
    for frame in range(total):
        poses, moving, motion = [], [], []
        for pose, stop, (a, speed) in zip(finals, stops, starts):
            left = stop - frame
            if left <= 0:
                poses.append(pose)
                moving.append(False)
            else:
                # Back along its path: the distance still to go shrinks, never below min_speed a frame.
                dist = sum(max(min_speed, speed * k / stop) for k in range(1, left + 1))
                x = pose.x - dist * math.cos(a)
                y = pose.y - dist * math.sin(a)
                x = min(max(x, die_px), WIDTH - die_px)
                y = min(max(y, die_px), HEIGHT - die_px)
                tumble = rng.random() < 0.5
                poses.append(dataclasses.replace(pose, x=x, y=y, face=rng.randint(1, 6),
                                                 angle=pose.angle + left * 23.0,
                                                 lean=rng.uniform(15, 50) if tumble else 0.0,
                                                 lean_side=rng.choice([1, -1]), side_face=rng.randint(1, 6),
                                                 truth="moving"))
                moving.append(True)
        centres = [(p.x, p.y) for p in poses]
        motion = [(0.0, 0.0)] * len(poses) if previous is None else \
            [(c[0] - q[0], c[1] - q[1]) for c, q in zip(centres, previous)]
        previous = centres
        yield Scene(tuple(poses), light, moving=tuple(moving), motion=tuple(motion), die_px=die_px)
