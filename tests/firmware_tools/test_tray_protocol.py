"""The tray's settle tracker and protocol side, on a scripted clock: a die is settled only after it
has held still, a throw of generated pictures never reports a moving die settled, and the lines
are PROTOCOL.md's (hello, frame 1 once the tray is judged, frames on change only, heartbeats,
Q and R, damaged and unknown requests, troubles, a restart re-reporting the tray)."""

from __future__ import annotations

import random

import pytest

from hardware.scanner.codec import (DeviceError, DiceFrame, Die, Heartbeat, Hello, HelloRequest, ResendRequest,  # noqa: E402
                                    format_frame, frame_bytes, parse_frame)
from firmware_tools.tray import measure, synth  # noqa: E402
from firmware_tools.tray.firmware import TrayFirmware  # noqa: E402
from firmware_tools.tray.runner import Tray  # noqa: E402
from firmware_tools.tray.settle import SettleTracker  # noqa: E402
from firmware_tools.tray.vision import Seen, Vision  # noqa: E402


def seen(x: float, face: int = 4, kind: str = "flat", letter: str = "R") -> Seen:
    return Seen(letter, "red", face if kind == "flat" else 0, kind, x, 100.0, 40.0)


def parse(lines: list[bytes]) -> list:
    return [parse_frame(line.rstrip(b"\r\n")) for line in lines]


def test_a_die_settles_only_after_holding_still():
    tracker = SettleTracker(40.0, debounce=0.15, frames=3)
    t = 0.0
    assert tracker.update([seen(100)], t) == (Die("red", 4, "rolling"),)
    for t in (0.05, 0.1):
        assert tracker.update([seen(100.5)], t)[0].state == "rolling"
    assert tracker.update([seen(100.4)], 0.16)[0] == Die("red", 4, "settled")
    # A new face, or a move from where it came to rest (even in small steps), starts the wait again.
    assert tracker.update([seen(100.4, face=2)], 0.2)[0].state == "rolling"
    for i, t in enumerate((0.25, 0.3, 0.35, 0.4, 0.45, 0.5)):
        state = tracker.update([seen(100.4 + 1.0 * (i + 1), face=2)], t)[0].state
    assert state == "rolling", "a die creeping a pixel a picture is not at rest"
    # Cocked and unreadable dice keep their state once still.
    for t in (0.6, 0.65, 0.7, 0.8):
        dice = tracker.update([seen(200, kind="cocked"), seen(300, kind="unreadable", letter="W")], t)
    assert dice == (Die("red", 0, "cocked"), Die("white", 0, "unreadable"))
    assert tracker.judged(0.8)


def test_no_moving_throw_is_reported_settled():
    """Generated throws through the vision and the tracker (benchmarks/tray_vision.py runs more)."""
    vision = Vision(measure.calibrated_table())
    rng = random.Random(8)
    for throw in range(3):
        tracker = SettleTracker(vision.table.die_px)
        colours = [rng.choice(synth.COLOURS) for _ in range(rng.randint(2, 5))]
        scenes = list(synth.throw(rng, colours, frames_moving=(6, 10), frames_still=7))
        settled_at = []
        for frame, scene in enumerate(scenes):
            dice = tracker.update(vision.look(synth.render(scene, rng)).dice, frame / 30)
            if dice and all(d.state == "settled" for d in dice):
                assert not any(scene.moving), f"throw {throw}: frame {frame} settled while dice move"
                settled_at.append(frame)
        assert settled_at, f"throw {throw} never settled"
        final = sorted((p.letter, p.face) for p in scenes[-1].dice)
        assert sorted((d.colour[0].upper(), d.face) for d in dice) == final


def test_the_lines_the_firmware_sends():
    fw = TrayFirmware(heartbeat=1.0, boot="3F2A9C01", boot_wait=1.0)
    assert fw.on_bytes(format_frame(ResendRequest()), 0.0) == [], "before power-on, and before frame 1"
    assert parse(fw.power_on(0.0)) == [Hello(1, "3F2A9C01", "dice-tray-1.0", 1000)]
    red = (Die("red", 4, "settled"),)
    # Frame 1 waits for the tray to be judged (or for the boot wait): then it is the tray as found.
    assert fw.observe((Die("red", 4, "rolling"),), 0.1, judged=False) == []
    assert parse(fw.observe(red, 0.2, judged=True)) == [DiceFrame(1, red)]
    assert fw.observe(red, 0.25) == [], "nothing new, nothing sent"
    rolling = (Die("red", 2, "rolling"), Die("white", 0, "rolling"))
    assert parse(fw.observe(rolling, 0.3)) == [DiceFrame(2, rolling)]
    assert fw.tick(0.9) == []
    assert parse(fw.tick(1.0)) == [Heartbeat("3F2A9C01", 2)]
    # Requests: Q, R (the very bytes of the latest frame), damaged, unknown.
    latest = fw.latest
    assert parse(fw.on_bytes(format_frame(HelloRequest()), 1.1)) == [Hello(1, "3F2A9C01", "dice-tray-1.0", 1000)]
    assert fw.on_bytes(format_frame(ResendRequest()), 1.1) == [latest]
    damaged = format_frame(HelloRequest())[:-6] + b"0000\r\n"
    assert [f.code for f in parse(fw.on_bytes(b"noise$$" + damaged, 1.2))] == ["CRC"]
    assert [f.code for f in parse(fw.on_bytes(frame_bytes(b"Z"), 1.2))] == ["CMD"]
    # Troubles: reported when they begin, again only after error_every.
    many = tuple(Die("red", 1, "settled") for _ in range(33))
    first = parse(fw.observe(many, 2.0))
    assert isinstance(first[0], DeviceError) and first[0].code == "FULL" and len(first[1].dice) == 32
    assert fw.trouble("CAM", "camera not responding", 2.1) != [] and fw.trouble("CAM", "again", 2.2) == []


def test_frame_1_goes_out_once_judged_or_after_the_boot_wait():
    fw = TrayFirmware(boot_wait=0.5)
    fw.power_on(0.0)
    rolling = (Die("yellow", 3, "rolling"),)
    assert fw.observe(rolling, 2.0, judged=False) == [], "the wait counts from the first picture"
    # An R before frame 1 is answered by frame 1 itself, not by dice still being judged.
    assert fw.on_bytes(format_frame(ResendRequest()), 2.1) == []
    assert fw.observe(rolling, 2.4, judged=False) == []
    assert parse(fw.observe(rolling, 2.6, judged=False)) == [DiceFrame(1, rolling)]
    assert fw.on_bytes(format_frame(ResendRequest()), 2.7) == [fw.latest]


def test_a_restarted_tray_reports_the_dice_still_lying_there_settled():
    """A power cut under a counted throw: new boot id, and frame 1 is the same dice, settled."""
    vision = Vision(measure.calibrated_table())
    rng = random.Random(9)
    scene = synth.random_scene(rng, 4, cocked=0, touching=0, stacked=0, hard=False)
    image = synth.render(scene, rng)
    tray = Tray(vision, TrayFirmware(boot="00000001"))
    lines = tray.power_on(0.0)
    t = 0.0
    while not any(isinstance(f, DiceFrame) for f in parse(lines)):
        t += 1 / 30
        lines = tray.picture(image, t)
    before = [f for f in parse(lines) if isinstance(f, DiceFrame)][0]
    assert before.seq == 1 and before.is_settled
    assert sorted((d.colour, d.face) for d in before.dice) == \
        sorted((p.colour, p.face) for p in scene.dice)
    tray.firmware._boot = "00000002"
    hello = parse(tray.power_on(t + 5))
    assert hello == [Hello(1, "00000002", "dice-tray-1.0", 1000)]
    lines, t = [], t + 5
    while not lines:
        t += 1 / 30
        lines = tray.picture(image, t)
    assert parse(lines) == [DiceFrame(1, before.dice)]


def test_a_picture_the_vision_chokes_on_is_reported_and_the_tray_goes_on(tmp_path):
    import os
    import numpy as np

    from hardware.scanner.framer import FrameDecoder
    from firmware_tools.tray.runner import PtyPort, TrayRunner
    from firmware_tools.tray.sources import FeedSource
    from tests.waiting import wait_for

    class Choking(Vision):
        def look(self, image):
            if image[0, 0, 0] == 0:
                raise ValueError("a bug")
            return super().look(image)

    feed = FeedSource([np.zeros((360, 480, 3), np.uint8)], fps=30)
    port = PtyPort(tmp_path / "tray")
    reader = os.open(port.pty_path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
    heard: list = []
    decoder = FrameDecoder()

    def hear() -> list:
        try:
            heard.extend(decoder.feed(os.read(reader, 4096)))
        except BlockingIOError:
            pass
        return heard

    runner = TrayRunner(Tray(Choking(), TrayFirmware(heartbeat=0.2)), lambda: feed, port).start()
    try:
        assert wait_for(lambda: any(isinstance(f, DeviceError) and f.code == "READ" for f in hear()))
        rng = random.Random(3)
        feed.show([synth.render(synth.Scene(()), rng)])
        assert wait_for(lambda: any(isinstance(f, DiceFrame) for f in hear())), "the next picture is read"
    finally:
        runner.close()
        os.close(reader)
