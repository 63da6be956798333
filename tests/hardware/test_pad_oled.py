"""The display adapter: faults become facts, the mux is selected before every write, the twins."""

from __future__ import annotations

import errno
import threading

import pytest
from luma.core.device import dummy
from luma.oled.device import sh1106, ssd1306
from PIL import Image

from hardware.facts import DeviceStatus
from hardware.handheld.oled import OledTarget, PadDisplay, Tca9548a, open_pad_displays
from hardware.handheld.render import render
from hardware.handheld.screen import PadScreen
from hardware.handheld.twins import SimulatedOled, png_path, write_png_atomically
from hardware.handheld.writer import DisplayWriter

BID = PadScreen("Forum bid", 12, 20, False, (), "OK to lock")
LOCKED = PadScreen("Forum bid", 12, 20, True, (), "waiting for others")


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class FakeBus:
    """An smbus2.SMBus stand-in for the mux: records (address, byte) writes into a shared log."""

    def __init__(self, log: list, fail: bool = False) -> None:
        self.log, self.fail, self.closed = log, fail, False

    def write_byte(self, address: int, value: int) -> None:
        if self.fail:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        self.log.append(("mux", address, value))

    def close(self) -> None:
        self.closed = True


class FakeSerial:
    """luma's serial interface shape (command, data, cleanup), logging which display got what."""

    def __init__(self, log: list, name: str) -> None:
        self.log, self.name = log, name

    def command(self, *cmd: int) -> None:
        self.log.append(("command", self.name, len(cmd)))

    def data(self, data) -> None:
        self.log.append(("data", self.name, len(data)))

    def cleanup(self) -> None:
        self.log.append(("cleanup", self.name))


def test_a_display_that_is_not_there_is_reported_once_naming_seat_bus_and_address():
    facts: list = []
    display = PadDisplay.for_target(1, OledTarget("ssd1306", bus=97, address=0x3D), facts.append)
    assert display.show(BID) is False  # luma cannot open /dev/i2c-97: no exception reaches us
    assert display.show(LOCKED) is False
    assert len(facts) == 1
    fact = facts[0]
    assert isinstance(fact, DeviceStatus) and fact.pad == 1
    assert (fact.device, fact.status) == ("pad 2 OLED", "missing")
    assert "seat 2's OLED (SSD1306 at 0x3D on I2C bus 97)" in fact.detail
    assert "/dev/i2c-97" in fact.detail
    assert display.image is not None and display.screen == LOCKED, "the latest screen is kept for later"


def test_a_mux_that_does_not_answer_is_reported_naming_the_channel(monkeypatch):
    """The bus is there (luma's i2c opens) but the TCA9548A does not acknowledge its select."""
    import luma.core.interface.serial

    log: list = []
    monkeypatch.setattr(luma.core.interface.serial, "i2c", lambda port, address: FakeSerial(log, f"{port}:{address}"))
    facts: list = []
    mux = Tca9548a(lambda: FakeBus(log, fail=True))
    display = PadDisplay.for_target(3, OledTarget("sh1106", 1, 0x3C, mux_channel=5), facts.append, mux=mux)
    assert display.show(BID) is False
    assert [(f.pad, f.status) for f in facts] == [(3, "missing")]
    assert "seat 4's OLED (SH1106 at 0x3C on I2C bus 1, TCA9548A 0x70 channel 5) did not answer: Remote I/O error" in facts[0].detail
    assert log == [("cleanup", "1:60")], "the half-opened interface is closed again, nothing was sent"


def test_failure_recovery_and_no_flood():
    facts: list = []
    clock = Clock()
    oled = SimulatedOled()
    display = PadDisplay(0, oled, facts.append, where="simulated", retry_after=5.0, clock=clock)
    assert display.show(BID) and display.is_working
    oled.unplug()
    assert display.show(LOCKED) is False
    for _ in range(5):
        display.show(BID)
    assert [f.status for f in facts] == ["failed"]
    assert "seat 1's OLED (simulated) stopped answering: Remote I/O error" in facts[0].detail
    oled.replug()
    clock.now = 4.9
    assert display.show(LOCKED) is False, "not tried again before retry_after"
    clock.now = 5.1
    assert display.show(LOCKED) is True
    assert [f.status for f in facts] == ["failed", "ok"]
    assert oled.image.tobytes() == render(LOCKED).tobytes()


def test_a_missing_display_is_tried_again_after_retry_after_and_comes_back():
    facts: list = []
    clock = Clock()
    plugged = {"yes": False}
    opened = []

    def opener():
        opened.append(clock.now)
        if not plugged["yes"]:
            raise OSError(errno.ENOENT, "No such file or directory", "/dev/i2c-3")
        return dummy(width=128, height=64, mode="1")

    display = PadDisplay(2, opener, facts.append, where="SSD1306 at 0x3C on I2C bus 3", clock=clock, retry_after=5.0)
    display.show(BID)
    clock.now = 4.0
    display.show(LOCKED)
    assert opened == [0.0], "no retry before retry_after: a missing bus must not slow every frame"
    plugged["yes"] = True
    clock.now = 5.5
    assert display.refresh() is True
    assert opened == [0.0, 5.5]
    assert [f.status for f in facts] == ["missing", "ok"]
    assert "No such file or directory (/dev/i2c-3)" in facts[0].detail


def test_an_unchanged_image_is_not_sent_again():
    oled = SimulatedOled()
    display = PadDisplay(0, oled, [].append)
    display.show(BID)
    display.show(PadScreen("Forum bid", 12, 20, False, (), "OK to lock"))
    display.show(LOCKED)
    assert oled.frames == display.writes == 2


def test_a_display_handed_the_screen_it_shows_does_not_render_it_again():
    rendered = []

    def counting(screen):
        rendered.append(screen)
        return render(screen)

    oled = SimulatedOled()
    display = PadDisplay(0, oled, [].append, renderer=counting)
    for screen in (BID, PadScreen("Forum bid", 12, 20, False, (), "OK to lock"), LOCKED, LOCKED, BID):
        display.show(screen)
    assert rendered == [BID, LOCKED, BID]
    assert oled.frames == display.writes == 3
    assert oled.image.tobytes() == render(BID).tobytes()


def test_the_mux_channel_is_selected_before_every_frame_of_each_seat():
    """Two real luma SSD1306 drivers fed a fake serial interface, behind one mux: every seat's
    init and frames go out with its own channel selected, and a select is skipped when the
    channel is already open."""
    log: list = []
    mux = Tca9548a(lambda: FakeBus(log))
    displays = []
    for seat, channel in ((0, 2), (1, 6)):
        def opener(channel=channel, seat=seat):
            with mux.channel(channel):
                return ssd1306(FakeSerial(log, f"seat{seat}"), width=128, height=64)
        displays.append(PadDisplay(seat, opener, [].append, select=lambda c=channel: mux.channel(c)))
    displays[0].show(BID)
    displays[1].show(BID)
    displays[1].show(LOCKED)
    displays[0].show(LOCKED)
    selected = None
    sends = []
    for entry in log:
        if entry[0] == "mux":
            selected = entry[2]
        elif entry[0] in ("command", "data"):
            sends.append((entry[1], selected))
    assert set(sends) == {("seat0", 1 << 2), ("seat1", 1 << 6)}, "each display only ever written on its channel"
    frames = [(e[1]) for e in log if e[0] == "data" and e[2] == 1024]
    assert frames == ["seat0", "seat0", "seat1", "seat1", "seat1", "seat0"]  # clear at init, then each frame
    assert [e for e in log if e[0] == "mux"] == [("mux", 0x70, 4), ("mux", 0x70, 64), ("mux", 0x70, 4)]


def test_open_luma_oled_sends_the_init_sequence_on_the_seats_channel(monkeypatch):
    import luma.core.interface.serial

    log: list = []
    monkeypatch.setattr(luma.core.interface.serial, "i2c", lambda port, address: FakeSerial(log, f"{port}:{address:#x}"))
    mux = Tca9548a(lambda: FakeBus(log))
    facts: list = []
    display = PadDisplay.for_target(0, OledTarget("ssd1306", 1, 0x3C, mux_channel=3), facts.append, mux=mux)
    assert display.show(BID) and facts == []
    assert log[0] == ("mux", 0x70, 1 << 3), "the channel is open before the display's init sequence"
    assert [e for e in log if e[0] == "mux"] == [log[0]]
    assert log[-1] == ("data", "1:0x3c", 1024)
    log.clear()
    display.close()
    assert ("data", "1:0x3c", 1024) in log and log[-1] == ("cleanup", "1:0x3c")


def test_the_mux_is_forgotten_after_an_error_and_selected_again():
    log: list = []
    bus = FakeBus(log)
    mux = Tca9548a(lambda: bus)
    with mux.channel(1):
        pass
    with pytest.raises(OSError):
        with mux.channel(1):
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
    with mux.channel(1):
        pass
    assert log == [("mux", 0x70, 2), ("mux", 0x70, 2)]
    mux.close()
    assert log[-1] == ("mux", 0x70, 0) and bus.closed
    with pytest.raises(ValueError):
        with mux.channel(8):
            pass


def test_sh1106_through_the_adapter():
    log: list = []
    display = PadDisplay(0, lambda: sh1106(FakeSerial(log, "s"), width=128, height=64), [].append)
    assert display.show(BID)
    assert sum(e[2] for e in log if e[0] == "data") >= 2 * 1024  # the clear at init and our frame


def test_close_clears_the_secret_and_releases_the_device():
    oled = SimulatedOled()
    display = PadDisplay(0, oled, [].append)
    display.show(LOCKED)
    display.close()
    assert oled.image.getbbox() is None and not oled.is_on
    display.close()  # twice is fine
    assert display.show(BID) is False and oled.image.getbbox() is None, "nothing reaches a closed display"
    oled2 = SimulatedOled()
    oled2.unplug()
    PadDisplay(0, oled2, [].append).close()  # a failing device never raises at close


def test_open_pad_displays_shares_one_mux_per_bus():
    displays, muxes = open_pad_displays({
        0: OledTarget(bus=1, mux_channel=0), 1: OledTarget(bus=1, mux_channel=1),
        2: OledTarget(bus=3, address=0x3C), 3: OledTarget(bus=3, address=0x3D)}, [].append)
    assert sorted(displays) == [0, 1, 2, 3] and len(muxes) == 1
    assert displays[2].where == "SSD1306 at 0x3C on I2C bus 3"
    with pytest.raises(ValueError):
        OledTarget(driver="ssd1351")
    with pytest.raises(ValueError):
        PadDisplay.for_target(0, OledTarget(mux_channel=1), [].append)


# -- the twins ---------------------------------------------------------------------------------


def test_png_twin_writes_the_rendered_image_atomically(tmp_path):
    path = png_path(tmp_path, 2)
    assert path.name == "pad-seat3.png"
    panel: list[Image.Image] = []
    display = PadDisplay(2, SimulatedOled(png_path=path, on_image=panel.append), [].append)
    display.show(BID)
    display.show(LOCKED)
    with Image.open(path) as written:
        assert written.size == (128, 64) and written.convert("1").tobytes() == render(LOCKED).tobytes()
    assert [p.name for p in tmp_path.iterdir()] == ["pad-seat3.png"], "no temporary file left behind"
    assert [im.tobytes() for im in panel] == [render(BID).tobytes(), render(LOCKED).tobytes()]


def test_png_twin_in_a_missing_folder_is_a_failed_display_not_a_crash(tmp_path):
    facts: list = []
    display = PadDisplay(0, SimulatedOled(png_path=tmp_path / "gone" / "pad-seat1.png"), facts.append, where="PNG twin")
    assert display.show(BID) is False
    assert facts[0].status == "failed" and "No such file or directory" in facts[0].detail


def test_atomic_write_leaves_the_old_file_when_saving_fails(tmp_path):
    path = tmp_path / "x.png"
    write_png_atomically(render(BID), path)
    before = path.read_bytes()

    class Broken:
        def save(self, file, format):
            file.write(b"half a png")
            raise OSError(errno.ENOSPC, "No space left on device")

    with pytest.raises(OSError):
        write_png_atomically(Broken(), path)  # type: ignore[arg-type]
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["x.png"]


def test_a_reader_never_sees_half_a_png(tmp_path):
    path = tmp_path / "pad-seat1.png"
    display = PadDisplay(0, SimulatedOled(png_path=path), [].append)
    display.show(BID)
    stop = threading.Event()
    bad: list[Exception] = []

    def reader():
        while not stop.is_set():
            try:
                with Image.open(path) as im:
                    im.load()
            except Exception as exc:  # a torn file fails to decode
                bad.append(exc)

    thread = threading.Thread(target=reader)
    thread.start()
    for i in range(150):
        display.show(PadScreen("Forum bid", i, 200, i % 2 == 0))
    stop.set()
    thread.join()
    assert bad == []


# -- the writer thread -------------------------------------------------------------------------


class SlowOled(SimulatedOled):
    def __init__(self) -> None:
        super().__init__()
        self.shown: list[bytes] = []
        self.writing = threading.Event()
        self.gate = threading.Event()

    def display(self, image):
        self.writing.set()
        self.gate.wait(30)
        super().display(image)
        self.shown.append(image.tobytes())


def test_writer_shows_the_newest_screen_per_display_without_blocking_the_caller():
    oled = SlowOled()
    display = PadDisplay(0, oled, [].append)
    writer = DisplayWriter()
    try:
        writer.submit(display, PadScreen("a", 1))
        assert oled.writing.wait(30)  # the writer is now stuck in the first (slow) write
        for n in range(2, 7):
            writer.submit(display, PadScreen("a", n))
        assert oled.shown == []  # the submits returned while the first write still hangs
        oled.gate.set()
        assert writer.flush(30)
    finally:
        writer.close()
    assert oled.shown == [render(PadScreen("a", 1)).tobytes(), render(PadScreen("a", 6)).tobytes()]


def test_writer_keeps_going_when_a_display_fails():
    facts: list = []
    broken, fine = SimulatedOled(), SimulatedOled()
    broken.unplug()
    writer = DisplayWriter()
    try:
        writer.submit(PadDisplay(0, broken, facts.append), BID)
        writer.submit(PadDisplay(1, fine, facts.append), BID)
        assert writer.flush(30)
    finally:
        writer.close()
    assert [(f.pad, f.status) for f in facts] == [(0, "failed")]
    assert fine.frames == 1


def test_simulated_displays_for_the_panels_and_pngs(tmp_path):
    from hardware.handheld.twins import open_simulated_displays

    facts: list = []
    panel: list[tuple[int, bytes]] = []
    displays, devices = open_simulated_displays([0, 2], facts.append, png_dir=tmp_path,
                                                on_image=lambda seat, image: panel.append((seat, image.tobytes())))
    displays[2].show(LOCKED)
    devices[0].unplug()
    displays[0].show(BID)
    assert panel == [(2, render(LOCKED).tobytes())]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pad-seat3.png"]
    assert [(f.pad, f.status) for f in facts] == [(0, "failed")]
    assert f"simulated, {tmp_path / 'pad-seat1.png'}" in facts[0].detail
