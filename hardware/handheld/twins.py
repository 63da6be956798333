"""The OLED's simulated twin: a luma device that keeps the image, hands it to a panel, writes a PNG.

`SimulatedOled` is luma's `dummy` device (so it has everything a real one has: `display`,
`clear`, `hide`, `size`, `mode`) plus what a table without displays needs:

- `on_image(image)`: called with each new frame, for the private on-screen panel. It runs on the
  thread that shows the screen (a `DisplayWriter`'s, or the caller's), so a Kivy panel hands the
  image (a copy it may keep) to its main thread with `Clock.schedule_once` before making a texture;
- `png_path`: each frame written there atomically (a temporary file in the same folder, then a
  rename), so a viewer polling the file never reads half a PNG;
- faults, as the real device has them: `unplug()` makes every write fail the way a display gone
  from the bus does (OSError 121, Remote I/O error) until `replug()`. A PNG that cannot be
  written fails the same way (its OSError).

Drawn by `PadDisplay` from the same `render()` as the real display.
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from luma.core.device import dummy
from PIL import Image

from hardware.handheld.oled import PadDisplay


def png_path(directory: str | os.PathLike[str], seat: int) -> Path:
    """Where seat `seat` (from 0)'s PNG twin writes: DIR/pad-seat1.png for the first seat."""
    return Path(directory) / f"pad-seat{seat + 1}.png"


def write_png_atomically(image: Image.Image, path: str | os.PathLike[str]) -> None:
    """Writes `image` to `path` as PNG via a temporary file and a rename: readers see the old
    file or the new one, never a part. Raises OSError (nothing is left behind)."""
    path = Path(path)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:
            image.save(file, format="PNG")
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


class SimulatedOled(dummy):
    """A 128×64 1-bit display that exists only in this process (see the module docstring)."""

    def __init__(self, *, png_path: str | os.PathLike[str] | None = None,
                 on_image: Callable[[Image.Image], None] | None = None,
                 width: int = 128, height: int = 64) -> None:
        super().__init__(width=width, height=height, mode="1")
        self.png_path = None if png_path is None else Path(png_path)
        self.on_image = on_image
        self.is_plugged = True
        self.is_on = True
        self.frames = 0

    def display(self, image: Image.Image) -> None:
        if not self.is_plugged:
            raise OSError(errno.EREMOTEIO, os.strerror(errno.EREMOTEIO))
        if self.png_path is not None:
            write_png_atomically(image, self.png_path)
        super().display(image)
        self.frames += 1
        if self.on_image is not None:
            self.on_image(self.image.copy())

    def command(self, *cmd: int) -> None:
        if not self.is_plugged:
            raise OSError(errno.EREMOTEIO, os.strerror(errno.EREMOTEIO))

    def show(self) -> None:
        self.command()
        self.is_on = True

    def hide(self) -> None:
        self.command()
        self.is_on = False

    def unplug(self) -> None:
        """From now on every write fails like a display that left the bus."""
        self.is_plugged = False

    def replug(self) -> None:
        self.is_plugged = True


def open_simulated_displays(seats: Iterable[int], report: Callable[[object], None], *,
                            png_dir: str | os.PathLike[str] | None = None,
                            on_image: Callable[[int, Image.Image], None] | None = None,
                            ) -> tuple[dict[int, PadDisplay], dict[int, SimulatedOled]]:
    """A simulated OLED and its `PadDisplay` for each seat: images go to `on_image(seat, image)`
    (the private panels) and, with `png_dir`, to DIR/pad-seatN.png. Returns the displays and the
    devices (to `unplug()` one in a test or a scripted run)."""
    displays, devices = {}, {}
    for seat in seats:
        callback = None if on_image is None else (lambda image, seat=seat: on_image(seat, image))
        device = SimulatedOled(png_path=None if png_dir is None else png_path(png_dir, seat), on_image=callback)
        where = "simulated" if png_dir is None else f"simulated, {png_path(png_dir, seat)}"
        devices[seat] = device
        displays[seat] = PadDisplay(seat, device, report, where=where)
    return displays, devices
