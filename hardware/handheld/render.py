"""`render(screen)`: a seat's `PadScreen` as a 128×64 1-bit PIL image. Pure: no device, no state.

The same function feeds the real OLED, luma's `dummy` device in tests, the on-screen private
panels and the PNG twin, so what a test compares is what a player sees.

Latin text uses Pillow's built-in bitmap font (6×11 px cells, ASCII and Latin-1): it is
pixel-exact on a 1-bit display and identical on every Pillow version, so reference images stay
valid. The amount is the same font scaled ×3 (×2 when it would not fit): blocky digits read
from across a table. A line holding characters beyond Latin-1 (Chinese) is drawn with the CJK
font at `CJK_FONT` when installed (fonts-wqy-microhei), else those characters show as "?".

Layout (y ranges in pixels):

    0-10   title ....................... padlock (closed when locked, open while changeable)
    12     rule
    15-47  AMOUNT /limit       or       result lines (3, or 4 without a status)
    53-63  status
"""

from __future__ import annotations

import functools
import os
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from hardware.handheld.screen import PadScreen

WIDTH, HEIGHT = 128, 64
CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
CJK_SIZE = 11
LINE = 11
"""Bitmap font line height; rows are laid out on it."""
TITLE_Y, RULE_Y, BODY_Y, STATUS_Y = 0, 12, 15, 53
LOCK_W = 9
TRUNCATION = ".."
#: Screens and lines kept drawn (a line's layer is 1 kB, a screen's image too): a six-seat table's
#: menus, a game's worth of calls.
SCREENS_KEPT, LINES_KEPT = 128, 512


@functools.lru_cache(maxsize=1)
def latin_font() -> ImageFont.ImageFont:
    return ImageFont.load_default_imagefont()


@functools.lru_cache(maxsize=4)
def cjk_font(path: str = CJK_FONT, size: int = CJK_SIZE) -> ImageFont.FreeTypeFont | None:
    """The CJK font, or None when it is not installed (or unreadable)."""
    if not os.path.isfile(path):
        return None
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        return None


def is_latin(text: str) -> bool:
    return all(ord(ch) < 256 for ch in text)


def _font_for(text: str, cjk_path: str) -> tuple[Any, str, int]:
    """(font, the text as it can be drawn, y nudge): CJK lines get the CJK font when there is one."""
    if is_latin(text):
        return latin_font(), text, 0
    font = cjk_font(cjk_path)
    if font is None:
        return latin_font(), "".join(ch if ord(ch) < 256 else "?" for ch in text), 0
    return font, text, -2  # its ink starts 2 px below the pen: keep it inside the row


def fit(text: str, font: Any, width: int) -> str:
    """`text` cut (ending in "..") to fit `width` pixels in `font`."""
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + TRUNCATION) > width:
        text = text[:-1]
    return text.rstrip() + TRUNCATION


def _text(image: Image.Image, xy: tuple[int, int], text: str, width: int, cjk_path: str) -> None:
    if text:
        image.paste(1, (0, 0, WIDTH, HEIGHT), _line(xy, text, width, cjk_path))


@functools.lru_cache(maxsize=LINES_KEPT)
def _line(xy: tuple[int, int], text: str, width: int, cjk_path: str) -> Image.Image:
    """One line of text at `xy`, cut to `width`, alone on a dark 128×64 layer: the mask its line is
    lit through. Drawing it is most of a screen's cost (a CJK line's glyphs above all), and a pad
    shows the same lines over and over (its help line, "1/3", a menu's entries), so each is drawn
    once. Lit through the layer, the pixels are those drawing the text there would light, so the
    screen is the same."""
    layer = Image.new("1", (WIDTH, HEIGHT), 0)
    font, drawable, nudge = _font_for(text, cjk_path)
    ImageDraw.Draw(layer).text((xy[0], xy[1] + nudge), fit(drawable, font, width), font=font, fill=1)
    return layer


def _padlock(draw: ImageDraw.ImageDraw, x: int, y: int, closed: bool) -> None:
    """A 9×11 padlock: body 9×6 with a keyhole, shackle 5 wide (lifted to the right when open)."""
    draw.rectangle((x, y + 5, x + 8, y + 10), fill=1)
    draw.point((x + 4, y + 7), fill=0)
    draw.point((x + 4, y + 8), fill=0)
    if closed:
        draw.line((x + 2, y + 1, x + 2, y + 4), fill=1)
        draw.line((x + 6, y + 1, x + 6, y + 4), fill=1)
        draw.line((x + 3, y, x + 5, y), fill=1)
    else:
        draw.line((x + 6, y + 1, x + 6, y + 4), fill=1)
        draw.line((x + 7, y, x + 9, y), fill=1)
        draw.line((x + 10, y + 1, x + 10, y + 2), fill=1)


def _big_number(text: str, max_width: int) -> Image.Image:
    """`text` in the bitmap font scaled ×3 (×2, ×1 when too wide), cropped to its ink."""
    font = latin_font()
    left, top, right, bottom = font.getbbox(text)
    small = Image.new("1", (right, bottom), 0)
    ImageDraw.Draw(small).text((0, 0), text, font=font, fill=1)
    small = small.crop(small.getbbox() or (0, 0, 1, 1))
    for scale in (3, 2, 1):
        if small.width * scale <= max_width or scale == 1:
            return small.resize((small.width * scale, small.height * scale), Image.Resampling.NEAREST)
    raise AssertionError("unreachable")


def render(screen: PadScreen, *, cjk_path: str = CJK_FONT) -> Image.Image:
    """The 128×64 mode "1" image of `screen` (1 = lit pixel). A blank screen is all dark. The
    image is the caller's own (a copy of the one kept for that screen: see `_rendered`)."""
    return _rendered(screen, cjk_path).copy()


@functools.lru_cache(maxsize=SCREENS_KEPT)
def _rendered(screen: PadScreen, cjk_path: str) -> Image.Image:
    """`render`'s image, drawn once per screen: a screen is a frozen value, and a table hands its
    pads the same few screens again and again (a menu walked back and forth, the waiting screen)."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    if screen.is_blank:
        return image
    draw = ImageDraw.Draw(image)
    lock_shown = screen.locked or screen.amount is not None
    _text(image, (0, TITLE_Y), screen.title, WIDTH - (LOCK_W + 4 if lock_shown else 0), cjk_path)
    if lock_shown:
        _padlock(draw, WIDTH - LOCK_W - 2, TITLE_Y, screen.locked)
    draw.line((0, RULE_Y, WIDTH - 1, RULE_Y), fill=1)

    if screen.result:
        rows = 4 if not screen.status else 3
        for i, line in enumerate(screen.result[:rows]):
            _text(image, (0, BODY_Y + i * LINE), line, WIDTH, cjk_path)
    elif screen.amount is not None:
        limit = "" if screen.limit is None else f"/{screen.limit}"
        limit_width = int(latin_font().getlength(limit))
        big = _big_number(str(screen.amount), WIDTH - 4 - limit_width - 2)
        top = BODY_Y + (STATUS_Y - 2 - BODY_Y - big.height) // 2
        image.paste(big, (4, top))
        if limit:
            draw.text((4 + big.width + 2, top + big.height - LINE + 2), limit, font=latin_font(), fill=1)
    _text(image, (0, STATUS_Y), screen.status, WIDTH, cjk_path)
    return image
