"""What a seat's OLED shows: `render` through luma's dummy device, against reference PNGs.

The references are 128×64 1-bit PNGs in tests/hardware/reference/, looked at by a person when
made. To make them again after a deliberate change: COMPANION_UPDATE_REFERENCES=1 pytest
tests/hardware/test_pad_render.py — then look at them before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image

from hardware.handheld import render as render_module
from hardware.handheld.oled import PadDisplay
from hardware.handheld.render import CJK_FONT, render
from hardware.handheld.screen import PadScreen

REFERENCE = Path(__file__).parent / "reference"
UPDATE = os.environ.get("COMPANION_UPDATE_REFERENCES") == "1"
HAS_CJK = os.path.isfile(CJK_FONT)

SCREENS = {
    "bid_open": PadScreen("Forum bid", 12, 20, False, (), "OK to lock"),
    "bid_locked": PadScreen("Forum bid", 12, 20, True, (), "waiting for others"),
    "bid_no_limit": PadScreen("Senate", 0, None, False, (), "+ / - to choose"),
    "result": PadScreen("Forum bid: reveal", None, None, True, ("You won with 12", "Bo 9  Cy 7", "Di 3"), "next: season end"),
    "result_four_lines": PadScreen("Results", None, None, False, ("1. Ann 12", "2. Bo 9", "3. Cy 7", "4. Di 3")),
    "too_long": PadScreen("A very long title that cannot fit", 123456, 999, False, (), "a status line that is also far too long"),
    "negative": PadScreen("Adjust", -3, None, False, (), "Günther: OK"),
    "blank": PadScreen(),
}
CJK_SCREENS = {
    "cjk_bid": PadScreen("出价：广场", 7, 15, True, (), "等待其他玩家"),
    "cjk_result": PadScreen("揭晓", None, None, True, ("你以 12 获胜", "Bo 9  Cy 7"), "下一步：季末计分"),
}


def shown_on_dummy(screen: PadScreen) -> Image.Image:
    device = dummy(width=128, height=64, mode="1")
    facts: list[object] = []
    assert PadDisplay(0, device, facts.append, where="dummy").show(screen)
    assert facts == []
    return device.image


def check_reference(name: str, image: Image.Image, tmp_path: Path) -> None:
    path = REFERENCE / f"{name}.png"
    if UPDATE:
        image.save(path)
    assert path.exists(), f"no reference {path.name}: run with COMPANION_UPDATE_REFERENCES=1 and look at it"
    expected = Image.open(path)
    assert (expected.mode, expected.size) == ("1", (128, 64))
    if expected.tobytes() != image.tobytes():
        actual = tmp_path / f"{name}.actual.png"
        image.save(actual)
        differing = sum(a != b for a, b in zip(expected.convert("L").tobytes(), image.convert("L").tobytes()))
        pytest.fail(f"{name}: {differing} pixels differ from {path} (this run's image: {actual})")


@pytest.mark.parametrize("name", SCREENS)
def test_screens_match_their_reference_images(name, tmp_path):
    check_reference(name, shown_on_dummy(SCREENS[name]), tmp_path)


@pytest.mark.skipif(not HAS_CJK, reason=f"no CJK font at {CJK_FONT}")
@pytest.mark.parametrize("name", CJK_SCREENS)
def test_chinese_uses_the_cjk_font(name, tmp_path):
    check_reference(name, shown_on_dummy(CJK_SCREENS[name]), tmp_path)


def test_render_is_128_by_64_one_bit_and_pure():
    screen = SCREENS["bid_locked"]
    first, second = render(screen), render(screen)
    assert (first.mode, first.size) == ("1", (128, 64))
    assert first.tobytes() == second.tobytes() and first is not second
    assert render(PadScreen()).getbbox() is None, "a blank screen lights nothing"


def test_a_render_is_the_callers_own_and_kept_lines_land_where_they_are_drawn():
    screen = SCREENS["bid_locked"]
    mine = render(screen)
    mine.paste(1, (0, 0, 128, 64))  # a caller drawing on its image
    assert render(screen).tobytes() != mine.tobytes(), "the kept image is not the one handed out"
    # The same words as a title, a result line and the status: each kept line is drawn where it stands.
    again = PadScreen("Skip", result=("1/2", "Skip"), status="Skip")
    render_module._rendered.cache_clear()
    render_module._line.cache_clear()
    fresh = render(again).tobytes()
    render_module._rendered.cache_clear()
    render_module._line.cache_clear()
    render(PadScreen("Skip", status="Skip"))  # its lines kept first
    render(PadScreen("1/2", result=("Skip",)))
    assert render(again).tobytes() == fresh


def test_what_changes_changes_the_pixels():
    base = SCREENS["bid_open"]
    variants = [PadScreen("Forum bid", 13, 20, False, (), "OK to lock"),
                PadScreen("Forum bid", 12, 20, True, (), "OK to lock"),
                PadScreen("Forum bid", 12, 21, False, (), "OK to lock"),
                PadScreen("Forum bid", 12, 20, False, (), "waiting")]
    images = {render(s).tobytes() for s in [base] + variants}
    assert len(images) == 5


def test_text_and_amount_stay_inside_the_screen():
    image = render(SCREENS["too_long"])
    assert image.getbbox()[2] <= 128
    # the big number fell back to a smaller scale rather than run into the limit
    assert image.crop((0, 15, 128, 50)).getbbox()[2] <= 128


def test_without_the_cjk_font_chinese_becomes_question_marks():
    missing = render(PadScreen("出价", status="等待"), cjk_path="/nonexistent/font.ttc")
    same = render(PadScreen("??", status="??"))
    assert missing.tobytes() == same.tobytes()


def test_fit_cuts_with_two_dots():
    font = render_module.latin_font()
    assert render_module.fit("short", font, 128) == "short"
    cut = render_module.fit("x" * 40, font, 60)
    assert cut.endswith("..") and font.getlength(cut) <= 60


def test_result_must_be_lines_and_amount_a_number():
    with pytest.raises(TypeError):
        PadScreen(result="You won")
    with pytest.raises(TypeError):
        PadScreen(amount=True)
    assert PadScreen(result=["a", "b"]).result == ("a", "b")
