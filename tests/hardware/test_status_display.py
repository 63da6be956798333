"""The table status display: `render` (what the table sees, pixel by pixel) and `StatusDisplay`
(a luma device that may be missing or fail; the game never notices beyond one DeviceStatus).

References are 128×64 1-bit PNGs in tests/hardware/reference/ (status_*.png), looked at when made.
To make them again after a deliberate change: COMPANION_UPDATE_REFERENCES=1 pytest
tests/hardware/test_status_display.py — then look at them before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image

from hardware.facts import DeviceStatus
from hardware.handheld.render import CJK_FONT
from hardware.status_display.display import StatusDisplay
from hardware.status_display.render import (COLUMN, HEIGHT, TRACK_TOP, WIDTH, big_number, cell_box, pip_box,
                                            render, round_end_x)
from hardware.status_display.screen import StatusScreen

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("COMPANION_UPDATE_REFERENCES") == "1"

TRAJAN = StatusScreen("Trajan", season=2, round=3, time=7, lap=11, status="Ann to play")
SCREENS = {
    "status_trajan": TRAJAN,
    "status_round_ends": StatusScreen("Trajan", season=4, round=4, time=12, lap=11, round_ending=True,
                                      status="round ends after this turn"),
    "status_many_rounds": StatusScreen("Troyes", round=6, rounds=8, time=3, lap=30,
                                       status="a status line far too long for the display"),
}
CJK = StatusScreen("图拉真", season=1, round=2, time=0, lap=11, season_label="季", round_label="轮",
                   status="本轮在此回合后结束")


def lit(image: Image.Image, x: int, y: int) -> bool:
    return bool(image.getpixel((x, y)))


def centre(box: tuple[int, int, int, int]) -> tuple[int, int]:
    return (box[0] + box[2]) // 2, (box[1] + box[3]) // 2


def compare(name: str, image: Image.Image) -> None:
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        image.save(path)
    reference = Image.open(path)
    assert (reference.mode, reference.size) == ("1", (WIDTH, HEIGHT))
    assert image.tobytes() == reference.tobytes(), f"{name} differs from {path}"


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_render_matches_the_reference(name):
    image = render(SCREENS[name])
    assert (image.mode, image.size) == ("1", (WIDTH, HEIGHT))
    compare(name, image)


@pytest.mark.skipif(not os.path.isfile(CJK_FONT), reason="fonts-wqy-microhei is not installed")
def test_chinese_renders_with_the_cjk_font():
    compare("status_cjk", render(CJK))


def test_without_the_cjk_font_chinese_becomes_question_marks(tmp_path):
    without = render(CJK, cjk_path=str(tmp_path / "none.ttc"))
    latin = render(StatusScreen("???", season=1, round=2, time=0, lap=11, season_label="?", round_label="?",
                                status="?????????"))
    assert without.tobytes() == latin.tobytes()


@pytest.mark.parametrize("time", [0, 1, 7, 10, 11, 14])
def test_the_track_fills_one_cell_per_space_moved(time):
    image = render(StatusScreen("Trajan", time=time, lap=11))
    filled = [lit(image, *centre(cell_box(i, 11))) for i in range(11)]
    assert filled == [i < time for i in range(11)]
    assert all(lit(image, cell_box(i, 11)[0], TRACK_TOP) for i in range(11))  # empty cells keep an outline


def test_a_narrow_track_still_shows_every_cell():
    image = render(StatusScreen("Troyes", time=5, lap=40))
    boxes = [cell_box(i, 40) for i in range(40)]
    assert boxes[-1][2] < round_end_x(40) <= WIDTH - 2
    assert [lit(image, box[0], box[3]) for box in boxes] == [True] * 40  # a floor line under every cell
    assert [lit(image, box[0], TRACK_TOP) for box in boxes] == [i < 5 for i in range(40)]


def test_the_round_end_is_marked_only_while_the_round_ends():
    ending = render(StatusScreen("Trajan", time=12, lap=11, round_ending=True))
    going = render(StatusScreen("Trajan", time=12, lap=11))
    x = round_end_x(11)
    assert lit(ending, x, TRACK_TOP - 2) and not lit(going, x, TRACK_TOP - 2)


@pytest.mark.parametrize("season, rnd", [(1, 1), (2, 3), (4, 4)])
def test_pips_count_the_seasons_and_rounds_so_far(season, rnd):
    image = render(StatusScreen("Trajan", season=season, round=rnd))
    for column, value in ((COLUMN[0], season), (COLUMN[1], rnd)):
        end = column + big_number(value).width
        assert [lit(image, *centre(pip_box(end, i))) for i in range(4)] == [i < value for i in range(4)]
        assert all(lit(image, pip_box(end, i)[0], pip_box(end, i)[1]) for i in range(4))  # outlines


def test_blank_is_dark_and_missing_parts_are_not_drawn():
    assert render(StatusScreen()).getbbox() is None
    title_only = render(StatusScreen("Trajan"))
    assert title_only.getbbox()[3] <= 13  # the title and its rule, nothing below


@pytest.mark.parametrize("kwargs, error", [
    ({"season": 0}, "season must be 1 to 4"),
    ({"round": 5}, "round must be 1 to 4"),
    ({"seasons": 13}, "seasons must be 1 to 12"),
    ({"time": 3}, "time and lap go together"),
    ({"time": 3, "lap": 0}, "lap must be 1 to 40"),
    ({"time": -1, "lap": 11}, "time cannot be negative"),
])
def test_impossible_screens_are_refused(kwargs, error):
    with pytest.raises(ValueError, match=error):
        StatusScreen("Trajan", **kwargs)
    with pytest.raises(TypeError):
        StatusScreen("Trajan", season=True)


# -- the device -------------------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class FlakyDevice(dummy):
    """luma's dummy device that can be made to fail like a display gone from the bus."""

    def __init__(self) -> None:
        super().__init__(width=128, height=64, mode="1")
        self.failing = False
        self.cleaned = False

    def display(self, image):
        if self.failing:
            raise OSError(121, "Remote I/O error")
        super().display(image)

    def cleanup(self):
        self.cleaned = True


def test_show_sends_the_render_once_per_change():
    facts, device = [], FlakyDevice()
    display = StatusDisplay(device, facts.append, where="dummy")
    assert display.show(TRAJAN) and display.show(TRAJAN)
    assert display.writes == 1 and device.image.tobytes() == render(TRAJAN).tobytes()
    assert display.show(StatusScreen("Trajan", season=2, round=4)) and display.writes == 2
    assert facts == [] and display.is_working


def test_a_failing_display_is_reported_once_and_retried_after_a_while():
    facts, device, clock = [], FlakyDevice(), Clock()
    display = StatusDisplay(device, facts.append, where="SSD1306 at 0x3D on I2C bus 1", clock=clock, retry_after=5)
    device.failing = True
    assert not display.show(TRAJAN) and not display.show(StatusScreen("Trajan", season=3))
    assert facts == [DeviceStatus("status display", "failed",
                                  "The status display (SSD1306 at 0x3D on I2C bus 1) stopped answering: Remote I/O "
                                  "error. The game goes on without it; check its wiring and address (i2cdetect).")]
    device.failing = False
    clock.now += 4
    assert not display.refresh()  # not before retry_after: a dead bus costs a timeout per try
    clock.now += 2
    assert display.refresh()
    assert facts[-1] == DeviceStatus("status display", "ok", "The status display (SSD1306 at 0x3D on I2C bus 1) is back.")
    assert device.image.tobytes() == render(StatusScreen("Trajan", season=3)).tobytes()  # the latest screen


def test_a_display_that_is_not_there_is_missing_and_opened_again_later():
    facts, clock, opened = [], Clock(), []

    def open_device():
        if not opened:
            opened.append("tried")
            raise OSError(2, "No such file or directory", "/dev/i2c-1")
        opened.append(FlakyDevice())
        return opened[-1]

    display = StatusDisplay(open_device, facts.append, where="SH1106 at 0x3D on I2C bus 1", clock=clock)
    assert not display.show(TRAJAN) and display.device is None
    assert facts[0].status == "missing" and "did not answer: No such file or directory (/dev/i2c-1)" in facts[0].detail
    clock.now += 10
    assert display.refresh() and display.device is opened[-1]
    assert [f.status for f in facts] == ["missing", "ok"]


def test_close_clears_and_never_raises():
    device = FlakyDevice()
    display = StatusDisplay(device, [].append)
    display.show(TRAJAN)
    display.close()
    assert device.image.getbbox() is None and device.cleaned
    assert not display.show(TRAJAN)  # kept, not sent
    broken = FlakyDevice()
    other = StatusDisplay(broken, [].append)
    other.show(TRAJAN)
    broken.failing = True
    broken.clear = broken.hide = lambda: (_ for _ in ()).throw(OSError(121, "Remote I/O error"))
    other.close()  # nothing raised


def test_the_png_twin_writes_each_frame(tmp_path):
    facts, panel = [], []
    twin = StatusDisplay.simulated(facts.append, png_path=tmp_path / "status.png", on_image=panel.append)
    assert twin.show(TRAJAN)
    assert Image.open(tmp_path / "status.png").convert("1").tobytes() == render(TRAJAN).tobytes()
    assert len(panel) == 1 and twin.where == f"simulated, {tmp_path / 'status.png'}"
    twin.device.unplug()
    assert not twin.show(StatusScreen("Trajan", season=3))
    assert facts[0].status == "failed" and facts[0].device == "status display" and facts[0].pad is None


def test_the_real_display_reports_when_there_is_no_bus():
    facts = []
    display = StatusDisplay.real(facts.append, driver="sh1106", bus=37, address=0x3D)
    assert display.where == "SH1106 at 0x3D on I2C bus 37"
    assert not display.show(TRAJAN)  # /dev/i2c-37 does not exist: reported, not raised
    assert facts and facts[0].status == "missing"
