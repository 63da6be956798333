"""Facts: what a device observed, as small frozen values. The session decides what they mean."""

from __future__ import annotations

import dataclasses


@dataclasses.dataclass(frozen=True)
class ButtonPressed:
    """A debounced press on seat `seat`'s handheld pad (seats count from 0).

    key: "minus", "plus" or "ok" (one per press, and again for every repeat while − or + is
    held), or "ok_long" when OK is held past the long-press time (then no "ok" follows on release).
    """

    seat: int
    key: str


@dataclasses.dataclass(frozen=True)
class DiceRead:
    """A settled read from the dice scanner: sequence number and (colour, face) per die."""

    seq: int
    dice: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True)
class DeviceStatus:
    """A device came, went or failed: `device` names it ("scanner", "pad 2 OLED"), `status` says
    how ("ok", "missing", "failed"), `detail` says what was seen in a sentence a player can act on.
    `seat` is the seat the device belongs to (from 0), None for a table-wide device, so a screen can
    mark that seat's panel."""

    device: str
    status: str
    detail: str = ""
    seat: int | None = None


PAD_KEYS = ("minus", "plus", "ok")
"""The physical buttons of a handheld pad."""

PRESS_KEYS = PAD_KEYS + ("ok_long",)
"""Every `ButtonPressed.key` a pad reports: its buttons, and OK held past the long-press time."""
