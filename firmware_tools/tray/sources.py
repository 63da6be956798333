"""Where the tray's pictures come from. Each source has `read() -> BGR image` (blocking until the
next picture, at the camera's pace) and `close()`; `SourceError` means no picture (the firmware
reports `E,CAM`).

- `CameraSource`: the Pi camera through picamera2 (on the Zero; imported only when opened).
  Exposure and white balance are locked after a short warm-up, so a die's colour does not drift
  with what else lies in the tray — the colour table was measured under the same lock.
- `DirectorySource`: the images of a folder in name order (a maker's photos), then the last again.
- `FeedSource`: pictures handed in by a program (the tests, `--synth`), the last repeated while
  none is new, at a fixed frame rate.
"""

from __future__ import annotations

import collections
import threading
import time
from pathlib import Path
from typing import Any, Iterable

import numpy as np


class SourceError(RuntimeError):
    """The source gives no picture; the message says why, for the E,CAM report."""


class FeedSource:
    """Pictures from a program, paced at `fps` (None: as fast as asked). Before the first one,
    `read` waits for it."""

    def __init__(self, images: Iterable[np.ndarray] = (), fps: float | None = 30.0) -> None:
        self._queue: collections.deque[np.ndarray] = collections.deque(images)
        self._last: np.ndarray | None = None
        self._ready = threading.Condition()
        self._period = 1.0 / fps if fps else 0.0
        self._next = 0.0
        self._closed = False
        self.shown = 0

    def show(self, images: Iterable[np.ndarray]) -> None:
        """Queue these pictures; the last stays in view after them."""
        images = list(images)  # drawn or loaded before the queue is locked: reads go on meanwhile
        with self._ready:
            self._queue.extend(images)
            self._ready.notify_all()

    def pending(self) -> int:
        with self._ready:
            return len(self._queue)

    def read(self) -> np.ndarray:
        if self._period:
            wait = self._next - time.monotonic()
            if wait > 0:
                time.sleep(wait)  # the camera's pace
            self._next = max(self._next + self._period, time.monotonic())
        with self._ready:
            while not self._queue and self._last is None and not self._closed:
                self._ready.wait(0.5)
            if self._closed:
                raise SourceError("the source was closed")
            if self._queue:
                self._last = self._queue.popleft()
                self.shown += 1
            return self._last  # type: ignore[return-value]

    def close(self) -> None:
        with self._ready:
            self._closed = True
            self._ready.notify_all()


class DirectorySource(FeedSource):
    """The images (png, jpg) of `folder` in name order, then the last one again."""

    def __init__(self, folder: str | Path, fps: float | None = 10.0) -> None:
        import cv2

        paths = sorted(p for p in Path(folder).iterdir() if p.suffix.lower() in (".png", ".jpg", ".jpeg", ".bmp"))
        if not paths:
            raise SourceError(f"no images (png, jpg) in {folder}")
        images = []
        for path in paths:
            image = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if image is None:
                raise SourceError(f"{path}: not an image OpenCV can read")
            images.append(image)
        super().__init__(images, fps)


class CameraSource:
    """The Pi camera (picamera2), `size` pixels at `fps`, exposure and white balance locked after
    `warm_up` seconds."""

    def __init__(self, size: tuple[int, int] = (480, 360), fps: float = 30.0, warm_up: float = 1.5) -> None:
        try:
            from picamera2 import Picamera2  # only on the Zero: apt install python3-picamera2
        except ImportError as exc:
            raise SourceError(f"no picamera2 ({exc}): on the Zero, sudo apt install python3-picamera2; "
                              "elsewhere use --frames DIR or --synth") from None
        try:
            self.camera: Any = Picamera2()
            config = self.camera.create_video_configuration(
                main={"size": size, "format": "RGB888"},  # numpy gets B, G, R: OpenCV's order
                controls={"FrameRate": fps})
            self.camera.configure(config)
            self.camera.start()
            time.sleep(warm_up)  # let exposure and white balance find the tray's light
            meta = self.camera.capture_metadata()
            self.camera.set_controls({"AeEnable": False, "AwbEnable": False,
                                      "ExposureTime": meta["ExposureTime"], "AnalogueGain": meta["AnalogueGain"],
                                      "ColourGains": meta["ColourGains"]})
        except Exception as exc:  # picamera2 raises many kinds; all mean "no camera"
            raise SourceError(f"camera not responding: {exc}"[:80]) from None

    def read(self) -> np.ndarray:
        try:
            return self.camera.capture_array("main")
        except Exception as exc:
            raise SourceError(f"camera gives no image: {exc}"[:80]) from None

    def close(self) -> None:
        try:
            self.camera.stop()
            self.camera.close()
        except Exception:
            pass
