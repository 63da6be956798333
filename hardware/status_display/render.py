"""`render(screen)`: the table's `StatusScreen` as a 128×64 1-bit PIL image. Pure: no device, no state.

The same function feeds the real OLED, its PNG twin and the tests, so what a test compares is what
the table sees. Text uses the pads' fonts (`hardware.handheld.render`): Pillow's bitmap font for
Latin, the CJK font for Chinese (or "?" without it), so both displays read alike.

Layout (y ranges in pixels):

    0-10   title
    12     rule
    14-24  season label            round label             (left half, right half)
    27-40  big season number ■■□□  big round number ■■■□  (a pip per season / round, filled so far)
    42-52  time track: `lap` cells, the first `time` filled; a tall bar at its end while the round ends
    53-63  status

While the screen has a `notice` (what the table was just told), rows 14-52 hold it instead of the
counters and the track, wrapped onto up to three lines (at a space in Latin text, anywhere in
Chinese); a notice longer than that ends in "..".
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from hardware.handheld.render import CJK_FONT, cjk_font, fit, is_latin, latin_font
from hardware.status_display.screen import StatusScreen

WIDTH, HEIGHT = 128, 64
TITLE_Y, RULE_Y, LABEL_Y, NUMBER_Y, STATUS_Y = 0, 12, 14, 27, 53
NOTICE_ROWS = (14, 27, 40)
"""The notice's lines, between the rule and the status."""
TRACK_TOP, TRACK_BOTTOM = 44, 50
"""The cells' rows; the round-end bar reaches two pixels further each way."""
TRACK_WIDTH = WIDTH - 2
"""Cells fit in here, leaving the last two columns for the round-end bar."""
COLUMN = (0, 66)
"""x of the season block and the round block."""
PIP, PIP_STEP, MAX_PIPS = 5, 7, 5
"""Pip size and spacing; more seasons or rounds than MAX_PIPS show as "/N" instead."""
SCALE = 2


def _font(text: str, cjk_path: str) -> tuple[Any, str, int]:
    """(font, the text as it can be drawn, y nudge) for one line."""
    font, nudge = latin_font(), 0
    if not is_latin(text):
        cjk = cjk_font(cjk_path)
        if cjk is None:
            text = "".join(ch if ord(ch) < 256 else "?" for ch in text)
        else:
            font, nudge = cjk, -2  # its ink starts 2 px below the pen: keep it inside the row
    return font, text, nudge


def _text(draw: ImageDraw.ImageDraw, xy: tuple[int, int], text: str, width: int, cjk_path: str) -> None:
    if not text:
        return
    font, text, nudge = _font(text, cjk_path)
    draw.text((xy[0], xy[1] + nudge), fit(text, font, width), font=font, fill=1)


def wrap(text: str, font: Any, width: int, rows: int) -> list[str]:
    """`text` as at most `rows` lines of `width` pixels: broken at the last space that fits in
    Latin text, at any character in Chinese (which has no spaces); the last line ends in ".." when
    the text is longer than the lines."""
    lines: list[str] = []
    rest = " ".join(text.split())
    while rest and len(lines) < rows:
        if font.getlength(rest) <= width:
            lines.append(rest)
            rest = ""
            break
        cut = len(rest)
        while cut > 1 and font.getlength(rest[:cut]) > width:
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        if space > 0 and (rest[cut:cut + 1] == " " or is_latin(rest[space:cut])):
            cut = space
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest and lines:
        lines[-1] = fit(f"{lines[-1]} {rest}", font, width)
    return lines


def _notice(draw: ImageDraw.ImageDraw, text: str, cjk_path: str) -> None:
    font, text, nudge = _font(text, cjk_path)
    for y, line in zip(NOTICE_ROWS, wrap(text, font, WIDTH, len(NOTICE_ROWS))):
        draw.text((0, y + nudge), line, font=font, fill=1)


def big_number(value: int) -> Image.Image:
    """`value` in the bitmap font scaled ×2, cropped to its ink (digits 14 px tall)."""
    font = latin_font()
    text = str(value)
    _, _, right, bottom = font.getbbox(text)
    small = Image.new("1", (right, bottom), 0)
    ImageDraw.Draw(small).text((0, 0), text, font=font, fill=1)
    small = small.crop(small.getbbox() or (0, 0, 1, 1))
    return small.resize((small.width * SCALE, small.height * SCALE), Image.Resampling.NEAREST)


def pip_box(x: int, index: int) -> tuple[int, int, int, int]:
    """The box of pip `index` (from 0) after a number ending at `x`."""
    left = x + 4 + index * PIP_STEP
    top = NUMBER_Y + 7 - PIP // 2
    return left, top, left + PIP - 1, top + PIP - 1


def _counter(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, label: str, value: int | None,
             total: int, cjk_path: str) -> None:
    """A label, the number large, and a pip per season or round (filled up to `value`)."""
    _text(draw, (x, LABEL_Y), label, WIDTH // 2 - 4, cjk_path)
    if value is None:
        return
    number = big_number(value)
    image.paste(number, (x, NUMBER_Y))
    end = x + number.width
    if total > MAX_PIPS:
        draw.text((end + 3, NUMBER_Y + 3), f"/{total}", font=latin_font(), fill=1)
        return
    for index in range(total):
        draw.rectangle(pip_box(end, index), outline=1, fill=1 if index < value else 0)


def cell_box(index: int, lap: int) -> tuple[int, int, int, int]:
    """Cell `index` (from 0) of a track of `lap` cells: one pixel apart, as wide as fits."""
    width = TRACK_WIDTH // lap
    left = index * width
    return left, TRACK_TOP, left + max(width - 2, 0), TRACK_BOTTOM


def round_end_x(lap: int) -> int:
    """The column of the bar that marks the end of the lap (drawn while the round is ending)."""
    return lap * (TRACK_WIDTH // lap)


def _track(draw: ImageDraw.ImageDraw, time: int, lap: int, round_ending: bool) -> None:
    for index in range(lap):
        box = cell_box(index, lap)
        if index < time:
            draw.rectangle(box, fill=1)
        elif box[2] - box[0] >= 2:
            draw.rectangle(box, outline=1)
        else:  # cells too narrow to outline: a floor line says where they are
            draw.line((box[0], box[3], box[2], box[3]), fill=1)
    if round_ending:
        x = round_end_x(lap)
        draw.rectangle((x, TRACK_TOP - 2, x + 1, TRACK_BOTTOM + 2), fill=1)


def render(screen: StatusScreen, *, cjk_path: str = CJK_FONT) -> Image.Image:
    """The 128×64 mode "1" image of `screen` (1 = lit pixel). A blank screen is all dark."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    if screen.is_blank:
        return image
    draw = ImageDraw.Draw(image)
    _text(draw, (0, TITLE_Y), screen.title, WIDTH, cjk_path)
    draw.line((0, RULE_Y, WIDTH - 1, RULE_Y), fill=1)
    if screen.notice:
        _notice(draw, screen.notice, cjk_path)
    else:
        if screen.season is not None:
            _counter(image, draw, COLUMN[0], screen.season_label, screen.season, screen.seasons, cjk_path)
        if screen.round is not None:
            _counter(image, draw, COLUMN[1], screen.round_label, screen.round, screen.rounds, cjk_path)
        if screen.time is not None and screen.lap is not None:
            _track(draw, screen.time, screen.lap, screen.round_ending)
    _text(draw, (0, STATUS_Y), screen.status, WIDTH, cjk_path)
    return image
