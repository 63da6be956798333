"""The tray's colour table: what each die colour looks like under this tray's light, what the
floor looks like, and how big a die is in the picture. `tray calibrate` measures it from one throw
of known dice and saves it as JSON; the tray loads it at start. Without one the defaults below
(typical dice on a blue felt under a white LED ring) are used, and a calibration is advised.

Colours are kept in OpenCV's 8-bit Lab (L, a, b each 0-255, a and b centred on 128): lightness
apart from hue, so a dimmer or brighter tray moves L more than a and b, and the match weighs L
less. Each colour names the protocol letter it is reported as (PROTOCOL.md knows R, W, Y, B and
U): a table can add colours — a second red from another set, or green dice reported as U — but
never a letter the protocol does not have.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any, Sequence

LETTERS = ("R", "W", "Y", "B", "U")
DEFAULT_PATH = Path("/etc/dice-tray/colours.json")


class ColourTableError(ValueError):
    """A colour table file that cannot be used; the message names the field."""


@dataclasses.dataclass(frozen=True)
class Colour:
    """One die colour. `lab`: its body's mean Lab; `pips`: "light" or "dark" (white pips on a red
    die are light); `pip_contrast`: how far the pips' L is from the body's (for the threshold)."""

    name: str
    letter: str
    lab: tuple[float, float, float]
    pips: str = "dark"
    pip_contrast: float = 120.0

    def __post_init__(self) -> None:
        if self.letter not in LETTERS:
            raise ColourTableError(f"colour {self.name!r}: letter must be one of {', '.join(LETTERS)}, "
                                   f"not {self.letter!r} (PROTOCOL.md)")
        if self.pips not in ("light", "dark"):
            raise ColourTableError(f"colour {self.name!r}: pips must be light or dark, not {self.pips!r}")
        if len(self.lab) != 3 or not all(0 <= v <= 255 for v in self.lab):
            raise ColourTableError(f"colour {self.name!r}: lab must be three numbers 0-255")


@dataclasses.dataclass(frozen=True)
class ColourTable:
    """`floor_hue` (OpenCV hue, 0-180) and `floor_saturation` (0-255, the least a floor pixel
    has): the felt, recognised by its hue even in a die's shadow. `die_px`: a die's side in
    pixels. `max_distance`: farther than this from every colour, a die is U."""

    colours: tuple[Colour, ...]
    floor_hue: float = 105.0
    floor_hue_tolerance: float = 14.0
    floor_saturation: float = 90.0
    die_px: float = 40.0
    max_distance: float = 45.0

    def __post_init__(self) -> None:
        if not self.colours:
            raise ColourTableError("colours: at least one colour")
        names = [c.name for c in self.colours]
        if len(set(names)) != len(names):
            raise ColourTableError(f"colours: a name appears twice ({', '.join(names)})")
        if not 0 <= self.floor_hue <= 180:
            raise ColourTableError(f"floor_hue must be 0-180 (OpenCV hue), not {self.floor_hue}")
        if not 8 <= self.die_px <= 400:
            raise ColourTableError(f"die_px must be 8-400 pixels, not {self.die_px}")

    def named(self, name: str) -> Colour:
        for colour in self.colours:
            if colour.name == name:
                return colour
        raise KeyError(name)

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self), indent=2) + "\n"

    @classmethod
    def from_data(cls, data: Any) -> "ColourTable":
        if not isinstance(data, dict) or not isinstance(data.get("colours"), list):
            raise ColourTableError("a colour table is a JSON object with a list 'colours'")
        try:
            colours = tuple(Colour(name=str(c["name"]), letter=str(c["letter"]),
                                   lab=tuple(float(v) for v in c["lab"]),  # type: ignore[arg-type]
                                   pips=str(c.get("pips", "dark")), pip_contrast=float(c.get("pip_contrast", 120)))
                            for c in data["colours"])
            rest = {k: float(data[k]) for k in ("floor_hue", "floor_hue_tolerance", "floor_saturation", "die_px",
                                                 "max_distance") if k in data}
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, ColourTableError):
                raise
            raise ColourTableError(f"colour table: a colour needs name, letter and lab ({exc})") from None
        return cls(colours, **rest)

    @classmethod
    def load(cls, path: str | Path) -> "ColourTable":
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise ColourTableError(f"cannot read the colour table {path}: {exc.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ColourTableError(f"{path}: not JSON ({exc})") from None
        return cls.from_data(data)

    def save(self, path: str | Path) -> None:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_name(target.name + ".new")
        temporary.write_text(self.to_json())
        temporary.replace(target)

    def with_colours(self, colours: Sequence[Colour], **changes: float) -> "ColourTable":
        return dataclasses.replace(self, colours=tuple(colours), **changes)


DEFAULT = ColourTable((
    Colour("red", "R", (105.0, 185.0, 160.0), "light", 130.0),
    Colour("white", "W", (228.0, 128.0, 130.0), "dark", 180.0),
    Colour("yellow", "Y", (200.0, 122.0, 200.0), "dark", 160.0),
    Colour("black", "B", (55.0, 128.0, 128.0), "light", 170.0),
))
"""Typical dice on blue felt under a white ring: a start, not a calibration."""
