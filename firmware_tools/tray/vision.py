"""One picture of the tray -> the dice in it: where each lies, its colour (from its body), its face
(from its pips) and whether it lies flat, is cocked or cannot be read. Whether it is still moving
is the settle tracker's business (`settle`): that takes more than one picture.

How, and why this way:

1. **The floor by its hue.** The tray's floor is a saturated felt (blue by default); a pixel of
   that hue and saturation is floor, however dark — so a die's shadow stays floor, while white,
   black, red and yellow dice (and their pips) do not. Calibration measures the felt.
2. **Blobs, split by colour.** What is not floor falls into blobs. Touching dice of different
   colours are parted by classifying each pixel to the nearest die colour and keeping the
   regions too big to be pips; every pixel then goes to its nearest such region (so pips and
   the dark rounded edges go with their die).
3. **Touching dice of one colour** are parted by their area: a region of about k dice' area is
   split into k by k-means on its pixels' positions.
4. **The shape says how it lies.** A die lying flat is a square of the known size. One leaning
   shows its side face too: a rectangle, longer one way (cocked). Larger than a die: it lies on
   another, nearer the camera (cocked). Smaller: partly hidden (unreadable), and then the die
   over it in the same blob is cocked — it lies on it.
5. **Pips.** A flat die is turned upright into a small square patch; pips are the spots much
   lighter (on red and black dice) or darker (white, yellow) than its body, of a pip's size;
   their count must also sit in the standard layout, or the die is unreadable (glare, a finger,
   a misread is worse than no read).

Anything in doubt comes out not flat, so that a doubtful throw never counts: the players see it
and re-roll, rather than the game taking a wrong die.
"""

from __future__ import annotations

import dataclasses
import math

import cv2
import numpy as np

from firmware_tools.tray.colours import DEFAULT, Colour, ColourTable

ROUND_FILL = 0.972
"""A die seen from above, a rounded square, covers this much of its bounding square."""
PIP_OFFSET = 0.27
PATCH = 48


@dataclasses.dataclass(frozen=True)
class Seen:
    """One die in one picture. `kind`: "flat", "cocked" or "unreadable"; `face` 0 unless flat and
    read; `letter`: the protocol colour (U if none matched); x, y, side in pixels."""

    letter: str
    colour: str
    face: int
    kind: str
    x: float
    y: float
    side: float


@dataclasses.dataclass(frozen=True)
class Sight:
    """What one picture showed: the dice (left to right), and a light problem ("dark", "bright")
    or None."""

    dice: tuple[Seen, ...]
    light: str | None = None


def _layouts() -> dict[int, list[np.ndarray]]:
    base = {
        1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
    }
    out = {}
    for face, points in base.items():
        p = np.array(points, np.float32) * PIP_OFFSET
        out[face] = [p, np.stack([-p[:, 1], p[:, 0]], axis=1)]  # and turned a quarter
    return out


LAYOUTS = _layouts()


class Vision:
    """Finds and reads dice with a colour table (`tray calibrate` makes one)."""

    def __init__(self, table: ColourTable = DEFAULT) -> None:
        self.table = table
        self._refs = np.array([c.lab for c in table.colours], np.float32)
        self._weights = np.array([0.35, 1.0, 1.0], np.float32)  # lightness counts a third: the light varies
        self.unit_area = ROUND_FILL * table.die_px ** 2
        k = max(3, int(round(table.die_px * 0.14)) | 1)
        self._thin = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
        k = max(3, int(round(table.die_px * 0.25)) | 1)
        self._pip = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))

    # -- the picture -----------------------------------------------------------------------

    def floor_mask(self, hsv: np.ndarray) -> np.ndarray:
        t = self.table
        hue = hsv[:, :, 0].astype(np.int16)
        diff = np.abs(hue - int(round(t.floor_hue)))
        diff = np.minimum(diff, 180 - diff)
        return ((diff <= t.floor_hue_tolerance) & (hsv[:, :, 1] >= t.floor_saturation)).astype(np.uint8)

    def look(self, image: np.ndarray) -> Sight:
        """The dice in `image` (BGR, as OpenCV reads files and picamera2's "RGB888" gives it)."""
        hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
        floor = self.floor_mask(hsv)
        floor_share = float(floor.mean())
        value = hsv[:, :, 2]
        light = None
        if floor_share > 0.2:
            level = float(np.median(value[floor > 0]))
            if level < 40:
                light = "dark"
            elif level > 245:
                light = "bright"
        elif float(value.mean()) < 40:
            light = "dark"
        things = cv2.morphologyEx(1 - floor, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        lab = cv2.cvtColor(image, cv2.COLOR_BGR2LAB)
        found: list[Seen] = []
        contours, _ = cv2.findContours(things, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        for contour in contours:
            if cv2.contourArea(contour) < 0.3 * self.unit_area:
                continue  # crumbs, a pip-sized reflection
            x, y, w, h = cv2.boundingRect(contour)
            blob = np.zeros((h, w), np.uint8)
            cv2.drawContours(blob, [contour], -1, 1, -1, offset=(-x, -y))  # holes filled
            found.extend(self._blob(blob, lab[y:y + h, x:x + w], x, y))
        found.sort(key=lambda d: (d.x, d.y))
        return Sight(tuple(found), light)

    # -- one blob: one die or several touching ----------------------------------------------

    def _classify(self, pixels: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Nearest colour for each Lab pixel (n, 3) and its weighted distance."""
        d = (pixels[:, None, :].astype(np.float32) - self._refs[None, :, :]) * self._weights
        dist = np.sqrt((d * d).sum(axis=2))
        best = dist.argmin(axis=1)
        return best, dist[np.arange(len(best)), best]

    def _blob(self, blob: np.ndarray, lab: np.ndarray, ox: int, oy: int) -> list[Seen]:
        inside = blob > 0
        best, dist = self._classify(lab[inside])
        present = np.unique(best)
        labels = np.full(blob.shape, -1, np.int32)
        # Only pixels near a die colour vote: dark edges and blurred borders, near none, do not.
        labels[inside] = np.where(dist <= self.table.max_distance, best, -1)
        # A region of one colour much smaller than a die is a pip (white pips on red and black
        # dice, black on white and yellow): it is dropped, and the hole it leaves in its die is
        # closed. A thin region is a dark gap between two dice: dropped too. What is left of each
        # colour is a die's body, or several touching.
        cores = []  # (colour index, mask)
        for index in present:
            mask = (labels == index).astype(np.uint8)
            count, comp, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
            small = np.nonzero(stats[:, cv2.CC_STAT_AREA] < 0.15 * self.unit_area)[0]
            mask[np.isin(comp, small)] = 0
            mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, self._pip)
            mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, self._thin) & blob
            count, comp, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
            for c in range(1, count):
                if stats[c, cv2.CC_STAT_AREA] >= 0.3 * self.unit_area:
                    cores.append((int(index), comp == c))
        if not cores:
            if inside.sum() < 0.6 * self.unit_area:
                return []
            cores = [(-1, inside)]  # a die of no colour the table knows: reported U
        if len(cores) == 1:
            pieces = [(cores[0][0], inside, cores[0][1])]
        else:
            # Every pixel of the blob goes to its nearest core.
            seeds = np.ones(blob.shape, np.uint8)
            for core in cores:
                seeds[core[1]] = 0
            _, nearest = cv2.distanceTransformWithLabels(seeds, cv2.DIST_L2, 3, labelType=cv2.DIST_LABEL_PIXEL)
            owner = np.zeros(nearest.max() + 1, np.int32)
            ys, xs = np.nonzero(seeds == 0)
            core_of = np.zeros(blob.shape, np.int32)
            for i, core in enumerate(cores):
                core_of[core[1]] = i
            owner[nearest[ys, xs]] = core_of[ys, xs]
            assigned = owner[nearest]
            pieces = [(index, inside & (assigned == i), core) for i, (index, core) in enumerate(cores)]
        seen: list[tuple[Seen, np.ndarray, np.ndarray]] = []  # each with its pixels and its body's
        for index, piece, core in pieces:
            area = float(piece.sum())
            k = int(round(area / self.unit_area))
            parts = self._split(piece, core, k) if k >= 2 else [(piece, core)]
            for part, body in parts:
                die = self._die(index, part, body, lab, ox, oy)
                if die is not None:
                    seen.append((die, part, body))
        small = 0.86 * self.table.die_px
        for fragment in [item for item in seen if item[0].kind == "unreadable" and item[0].side < small]:
            # A die's side face, darker than its top, may come out as a fragment of another
            # colour: the die leans, and the fragment is no die of its own.
            if not any(item is fragment for item in seen):
                continue
            near = cv2.dilate(fragment[1].astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
            shade = np.median(lab[fragment[2]].astype(np.float32), axis=0)
            for i, item in enumerate(seen):
                die, part, body = item
                if item is fragment or die.letter == "U" or not (near & part).any():
                    continue
                if self._shade_of(shade, die.colour):
                    seen[i] = (dataclasses.replace(die, kind="cocked", face=0), part, body)
                    seen = [other for other in seen if other is not fragment]
                    break
        found = [item[0] for item in seen]
        # A die partly hidden under another: the other lies on it, so it is cocked too.
        if any(d.kind == "unreadable" and d.side < small for d in found) and len(found) > 1:
            found = [dataclasses.replace(d, kind="cocked", face=0) if d.kind == "flat" else d for d in found]
        return found

    def _shade_of(self, lab: np.ndarray, name: str) -> bool:
        """Is `lab` a darker shade of the colour `name` (its side face, lit less)?"""
        ref = np.array(self.table.named(name).lab, np.float32)
        chroma, ref_chroma = lab[1:] - 128, ref[1:] - 128
        if lab[0] > ref[0] + 10:
            return False
        if np.hypot(*ref_chroma) < 15:
            return bool(np.hypot(*chroma) < 15)
        cosine = float(chroma @ ref_chroma) / (float(np.hypot(*chroma) * np.hypot(*ref_chroma)) + 1e-6)
        return cosine > 0.9
        return seen

    def _split(self, piece: np.ndarray, core: np.ndarray, k: int) -> list[tuple[np.ndarray, np.ndarray]]:
        """`k` touching dice of one colour, parted by k-means on their pixels' positions."""
        ys, xs = np.nonzero(piece)
        points = np.stack([xs, ys], axis=1).astype(np.float32)
        criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
        cv2.setRNGSeed(7)  # the same picture splits the same way every time
        _, assign, _ = cv2.kmeans(points, k, None, criteria, 3, cv2.KMEANS_PP_CENTERS)
        out = []
        for i in range(k):
            part = np.zeros(piece.shape, bool)
            chosen = assign.ravel() == i
            part[ys[chosen], xs[chosen]] = True
            out.append((part, core & part))
        return out

    # -- one die ----------------------------------------------------------------------------

    def _die(self, index: int, piece: np.ndarray, core: np.ndarray, lab: np.ndarray, ox: int,
             oy: int) -> Seen | None:
        colour, letter = self._colour(index, core, lab)
        # The die's shape is its body's (the core): the pixels between touching dice, which go
        # to whichever is nearer, would bend it.
        mask = (core if core.sum() >= 0.3 * self.unit_area else piece).astype(np.uint8)
        contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        if not contours:  # nothing left of it after a split: no die
            return None
        contour = max(contours, key=cv2.contourArea)
        (cx, cy), (w, h), angle = cv2.minAreaRect(contour)
        area = float(mask.sum())
        side = math.sqrt(area / ROUND_FILL)
        x, y = cx + ox, cy + oy
        size = side / self.table.die_px
        aspect = min(w, h) / max(w, h, 1e-6)
        fill = area / max(w * h, 1e-6)

        def seen(kind: str, face: int = 0) -> Seen:
            return Seen(letter, colour.name if colour else "unknown", face, kind, x, y, side)

        if size < 0.86:
            return seen("unreadable")  # partly hidden
        # Its pixels, body or not: a side face too dark to be sure of its colour still shows
        # as a die longer one way than the other.
        whole = piece.sum() / self.unit_area
        if whole > 1.15:
            contours, _ = cv2.findContours(piece.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
            _, (pw, ph), _ = cv2.minAreaRect(max(contours, key=cv2.contourArea))
            if min(pw, ph) / max(pw, ph, 1e-6) < 0.86:
                return seen("cocked")
        if aspect < 0.86 or size > 1.1:
            return seen("cocked")  # its side face shows, or it lies on another die
        if fill < 0.82:
            return seen("unreadable")
        face, round_pips = self._pips(lab, (cx, cy), (w + h) / 2, angle, colour)
        if face and not round_pips:
            return seen("cocked")
        return seen("flat", face) if face else seen("unreadable")

    def _colour(self, index: int, core: np.ndarray, lab: np.ndarray) -> tuple[Colour | None, str]:
        body = lab[core]
        if not len(body) or index < 0:
            return None, "U"
        median = np.median(body.astype(np.float32), axis=0)
        d = (self._refs - median) * self._weights
        dist = np.sqrt((d * d).sum(axis=1))
        best = int(dist.argmin())
        if dist[best] > self.table.max_distance:
            return None, "U"
        colour = self.table.colours[best]
        return colour, colour.letter

    def _pips(self, lab: np.ndarray, centre: tuple[float, float], width: float, angle: float,
              colour: Colour | None) -> tuple[int, bool]:
        """The face read from the pips (0: none that fits the layout) and whether the pips are
        round (foreshortened pips: the die leans). A die of unknown colour: light pips on a dark
        body, dark on a light one."""
        scale = PATCH / max(width, 1.0)
        m = cv2.getRotationMatrix2D(centre, angle, scale)
        m[0, 2] += PATCH / 2 - centre[0]
        m[1, 2] += PATCH / 2 - centre[1]
        light = cv2.warpAffine(lab[:, :, 0], m, (PATCH, PATCH), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE).astype(np.int16)
        margin = int(PATCH * 0.12)
        inner = light[margin:PATCH - margin, margin:PATCH - margin]
        body = float(np.median(inner))
        threshold = max(25.0, 0.4 * (colour.pip_contrast if colour else 100.0))
        light_pips = colour.pips == "light" if colour else body < 128
        spots = (inner - body > threshold) if light_pips else (body - inner > threshold)
        count, _, stats, centroids = cv2.connectedComponentsWithStats(spots.astype(np.uint8), connectivity=8)
        expected = math.pi * (0.085 * PATCH) ** 2
        points, ratios = [], []
        for c in range(1, count):
            a = stats[c, cv2.CC_STAT_AREA]
            if a < 0.3 * expected:
                continue  # noise
            if a > 2.4 * expected:
                return 0, True  # a blot, not a pip: glare, a shadow, a finger
            w, h = stats[c, cv2.CC_STAT_WIDTH], stats[c, cv2.CC_STAT_HEIGHT]
            ratios.append(min(w, h) / max(w, h))
            points.append((centroids[c] + margin - PATCH / 2) / PATCH)
        if not 1 <= len(points) <= 6:
            return 0, True
        pts = np.array(points, np.float32)
        for template in LAYOUTS[len(points)]:
            d = np.sqrt(((pts[:, None, :] - template[None, :, :]) ** 2).sum(axis=2))
            if d.min(axis=1).max() <= 0.1 and d.min(axis=0).max() <= 0.1:
                return len(points), float(np.mean(ratios)) >= 0.7
        return 0, True


def sight_summary(sight: Sight) -> str:
    """`R4 W2 Yc Bu` for logs and the calibrate command."""
    return " ".join(f"{d.letter}{d.face if d.kind == 'flat' else d.kind[0]}" for d in sight.dice)

