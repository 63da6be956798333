"""Display profiles: the window size to ask for, and the scale that keeps text and targets legible.

The official 7" display is 800×480; Touch Display 2 is 720×1280 (portrait) and often used as
1280×720. Layouts are designed at 800×480 and scaled by the short side, so a button that is 56 px
(≈ 10 mm on the 7") stays as large *physically* on the bigger panels. Portrait is not a scaled
landscape: screens stack their panels vertically when `is_portrait`.
"""

from __future__ import annotations

import dataclasses
import sys

#: The short side the layouts are designed for (800×480).
DESIGN_SHORT_SIDE = 480
#: Smallest touch target at scale 1: ≥ 48 px (≈ 9 mm on the 7" display), with a margin.
TOUCH = 56


@dataclasses.dataclass(frozen=True)
class Profile:
    """A display: `name` as in the config file ("800x480"), its window size in pixels."""

    name: str
    width: int
    height: int

    @property
    def is_portrait(self) -> bool:
        return self.height > self.width

    @property
    def scale(self) -> float:
        return scale_for(self.width, self.height)


PROFILES: dict[str, Profile] = {
    p.name: p for p in (Profile("800x480", 800, 480), Profile("1280x720", 1280, 720), Profile("720x1280", 720, 1280))
}
DEFAULT_PROFILE = "800x480"


def get_profile(name: str) -> Profile:
    """The named profile; raises ValueError naming the choices (a config typo should be noticed)."""
    try:
        return PROFILES[name]
    except KeyError:
        raise ValueError(f"unknown display profile {name!r}; choose one of {', '.join(PROFILES)}") from None


def scale_for(width: float, height: float) -> float:
    """UI scale for a window of this size: its short side over 480, never below 1 (targets ≥ 48 px)."""
    return max(1.0, min(width, height) / DESIGN_SHORT_SIDE)


def apply(profile: str | Profile, *, fullscreen: bool = False) -> Profile:
    """Asks Kivy for this window size. Before the window exists this sets kivy.config (the only way
    the first frame has the right size); if a window already exists (a second app in one test
    process) it resizes it instead."""
    prof = profile if isinstance(profile, Profile) else get_profile(profile)
    if "kivy.core.window" in sys.modules:
        from kivy.core.window import Window

        if not fullscreen and tuple(Window.size) != (prof.width, prof.height):
            Window.size = (prof.width, prof.height)
        return prof
    from kivy.config import Config

    Config.set("graphics", "width", str(prof.width))
    Config.set("graphics", "height", str(prof.height))
    # 'auto' keeps the display's own resolution; the layouts adapt to whatever size that is.
    Config.set("graphics", "fullscreen", "auto" if fullscreen else "0")
    Config.set("graphics", "resizable", "0" if fullscreen else "1")
    # A kiosk is touched, not moused: no pointer sitting in the middle of the table's screen.
    Config.set("graphics", "show_cursor", "0" if fullscreen else "1")
    # No red multitouch-emulation circles on right click while testing on a laptop.
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    # Exactly one touch provider: SDL2's window already delivers the touchscreen's fingers. Kivy's
    # Linux default adds `probesysfs` (reading /dev/input directly) too, and then every tap on a Pi
    # registers twice, the most common Pi touchscreen complaint.
    if Config.has_option("input", "%(name)s"):
        Config.remove_option("input", "%(name)s")
    return prof
