"""Facts: what a device observed, as small frozen values. The session decides what they mean."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class ButtonPressed:
    """A debounced press on seat `seat`'s handheld pad (seats count from 0); key: "minus", "plus", "ok"."""

    seat: int
    key: str


@dataclasses.dataclass(frozen=True)
class DiceRead:
    """A settled read from the dice scanner: sequence number and (colour, face) per die."""

    seq: int
    dice: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class DeviceStatus:
    """A device came, went or failed: `device` names it ("scanner", "pad 2"), `status` says how."""

    device: str
    status: str
    detail: str = ""


PAD_KEYS = ("minus", "plus", "ok")
