"""Where a line of Chinese text may break: the CJK line-start and line-end rules (kinsoku) and a
number kept with the words it belongs to.

Kivy breaks a line only at a space, and a run without spaces (all of a Chinese sentence) anywhere
it runs out of room: a closing bracket or a comma may start a line ("（黃色面\\n）"), and a
number may be parted from its measure word ("共剩\\n21 個"). `wrap_text` chooses the breaks itself
by the rules of Chinese typesetting (the line-start/line-end prohibitions of GB/T 15834 and the
W3C's "Requirements for Chinese Text Layout", §3.1.7) and hands Kivy text with its own line
breaks, each line narrow enough that Kivy breaks it no further.

A Latin word in Chinese text (a player's name, a file, a command: "公告员：Annabelle", "companion
doctor 会指出") is never broken inside, and a run of such words kept whole on a line when it fits
one: it breaks at its spaces only when it must (the W3C's §3.2: Western text in Chinese wraps as
Western text). Only a word wider than the whole line is left for Kivy to cut.

Pure (no Kivy): the caller measures. `bad_breaks` names a break that breaks these rules, for the
layout test that reads a laid-out label's lines.
"""

from __future__ import annotations

import re
from typing import Callable, Sequence

#: Characters that must not start a line: closing brackets and quotes, sentence and pause
#: punctuation, the middle dot and ellipsis (full-width and their ASCII cousins).
NO_LINE_START = frozenset("）」』】〕〉》〗〙〛’”，。、；：！？．・·…‥～ー%),.;:!?]}")

#: Characters that must not end a line: opening brackets and quotes.
NO_LINE_END = frozenset("（「『【〔〈《〖〘〚‘“([{")

_CJK = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]")
#: A number with its sign, decimals or fraction and percent sign ("−9", "2.5", "3/4", "12%").
_NUMBER = re.compile(r"[+\-−±]?\d+(?:[.,:/]\d+)*%?")
_MARKUP_TAG = re.compile(r"\[/?[a-z_]+(?:=[^\]]*)?\]")
_TAG_OR_TEXT = re.compile(r"\[[^\]]*\]|[^\[]+|\[")
_ENTITIES = {"&bl;": "[", "&br;": "]", "&amp;": "&"}


def has_cjk(text: str) -> bool:
    """Does the text hold a Chinese character or CJK punctuation (the only text wrapped here)?"""
    return _CJK.search(text) is not None


def _is_ideograph(char: str) -> bool:
    """A CJK letter (not punctuation): the words a number next to it belongs with."""
    return bool(_CJK.match(char)) and char not in NO_LINE_START and char not in NO_LINE_END \
        and not "\u3000" <= char <= "\u303f"


def may_break(before: str, after: str, spaced: bool, numeric_before: bool = False,
              numeric_after: bool = False, strict: bool = True) -> bool:
    """May a line end after the character `before` and the next start with `after` (`spaced`:
    with spaces between them, which the break swallows)?

    Never before a closing mark or after an opening one. `strict` also keeps a number with the
    Chinese word on either side of it ("第 2 季", "21 個", "扣分 −9"): the table reads them as one.
    Otherwise a line breaks at a space, and beside a CJK character (Chinese has no spaces)."""
    if after in NO_LINE_START or before in NO_LINE_END:
        return False
    if strict and (numeric_before and _is_ideograph(after) or numeric_after and _is_ideograph(before)):
        return False
    return spaced or bool(_CJK.match(before)) or bool(_CJK.match(after))


def _is_latin(char: str) -> bool:
    """A character of a Latin word (letters, digits and the marks inside one: "scorepad.journal",
    "Annabelle,"): anything but a space and CJK."""
    return not char.isspace() and not _CJK.match(char)


def _latin_runs(visible: str) -> list[tuple[int, int]]:
    """The runs of Latin words joined by spaces ("companion doctor", "Annabelle, Bartholomew"), as
    (start, stop); each word of a run holds a letter or digit (a lone "·" parts two runs)."""
    return [(match.start(), match.end()) for match in _LATIN_RUN.finditer(visible)]


_LATIN_CHAR = r"[^\s\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]"  # _is_latin
_LATIN_WORD = f"{_LATIN_CHAR}*[A-Za-z0-9]{_LATIN_CHAR}*"
_LATIN_RUN = re.compile(f"{_LATIN_WORD}(?: +{_LATIN_WORD})*")


def _unit(visible: str, start: int, stop: int, numeric: Sequence[bool]) -> tuple[int, int]:
    """The span around visible[start:stop] that no break may enter: a closing mark after it, an
    opening one before it ("（companion doctor"), a number's word."""
    while start > 0 and not visible[start - 1].isspace() and not may_break(
            visible[start - 1], visible[start], False, numeric[start - 1], numeric[start]):
        start -= 1
    while stop < len(visible) and not visible[stop].isspace() and not may_break(
            visible[stop - 1], visible[stop], False, numeric[stop - 1], numeric[stop]):
        stop += 1
    return start, stop


def _splits_run(end: int, after: int, visible: str) -> bool:
    """Whether the break (end, after) falls at a space between two Latin words."""
    return after > end and _is_latin(visible[end - 1]) and _is_latin(visible[after])


def _numeric(visible: str) -> list[bool]:
    marks = [False] * len(visible)
    for match in _NUMBER.finditer(visible):
        for i in range(match.start(), match.end()):
            marks[i] = True
    return marks


def _visible(text: str, markup: bool) -> tuple[str, list[int]]:
    """The characters a label draws and, for each, its index in `text` (markup tags draw nothing;
    an entity draws one character)."""
    chars: list[str] = []
    where: list[int] = []
    i = 0
    while i < len(text):
        if markup and text[i] == "[":
            tag = _MARKUP_TAG.match(text, i)
            if tag:
                i = tag.end()
                continue
        if markup and text[i] == "&":
            entity = next((e for e in _ENTITIES if text.startswith(e, i)), None)
            if entity:
                chars.append(_ENTITIES[entity])
                where.append(i)
                i += len(entity)
                continue
        chars.append(text[i])
        where.append(i)
        i += 1
    return "".join(chars), where


def _candidates(visible: str, start: int, stop: int, numeric: Sequence[bool],
                strict: bool) -> list[tuple[int, int]]:
    """The breaks in visible[start:stop], as (end of the line, start of the next): spaces between
    them are dropped."""
    found: list[tuple[int, int]] = []
    i = start + 1
    while i < stop:
        if visible[i] == " ":
            i += 1
            continue
        end = i
        while end > start and visible[end - 1] == " ":
            end -= 1
        if end > start and may_break(visible[end - 1], visible[i], end != i, numeric[end - 1], numeric[i], strict):
            found.append((end, i))
        i += 1
    return found


def _fitting(candidates: list[tuple[int, int]], start: int, visible: str, room: float,
             measure: Callable[[str], float]) -> tuple[int, int] | None:
    """The last candidate whose line from `start` fits `room` (widths grow with the line: a
    binary search measures a few lines, not every one); but the last space that fits, if there
    is one: our texts space their phrases ("同類 · 共剩 21 個", "骰子红色 2、白色 4 · 大教堂 1"),
    and a phrase kept whole reads better than a fuller line (Kivy's own layout keeps them too)."""
    low, high, best = 0, len(candidates) - 1, -1
    while low <= high:
        mid = (low + high) // 2
        if measure(visible[start:candidates[mid][0]]) <= room:
            best, low = mid, mid + 1
        else:
            high = mid - 1
    if best < 0:
        return None
    for end, after in reversed(candidates[:best + 1]):
        if after > end:  # spaced
            return end, after
    return candidates[best]


def wrap_text(text: str, room: float, measure: Callable[[str], float], markup: bool = False) -> str:
    """`text` with a line break wherever a line of it would be wider than `room` (by `measure`,
    the label's own width of a string), each break where the rules above allow one: strictly
    first, and only if no strict break fits, one that parts a number from its word. A word wider
    than the room with no break inside it is left whole (Kivy breaks it where it must). Text
    without CJK characters comes back unchanged: Kivy already breaks it at its spaces."""
    if room <= 0 or not has_cjk(text):
        return text
    visible, where = _visible(text, markup)
    numeric = _numeric(visible)
    runs = [run for run in _latin_runs(visible) if " " in visible[run[0]:run[1]]]
    breaks: list[tuple[int, int]] = []  # (end, next start), in visible indices
    start = 0
    for paragraph in visible.split("\n"):
        stop = start + len(paragraph)
        line = start
        # the Latin runs of this paragraph that fit a line: no break at their spaces
        keep = [(a, b) for a, b in (_unit(visible, *run, numeric) for run in runs if start <= run[0] < stop)
                if measure(visible[a:b]) <= room]
        while measure(visible[line:stop]) > room:
            chosen = None
            first = None  # nothing fits: the line ends after its first unit, too wide (Kivy cuts it)
            for strict in (True, False):
                candidates = [c for c in _candidates(visible, line, stop, numeric, strict) if c[0] > line]
                first = first or (candidates[0] if candidates else None)
                kept = [c for c in candidates if not (_splits_run(*c, visible)
                                                      and any(a < c[0] and c[1] < b for a, b in keep))]
                chosen = _fitting(kept, line, visible, room, measure) or _fitting(candidates, line, visible,
                                                                                  room, measure)
                if chosen is not None:
                    break
            chosen = chosen or first
            if chosen is None:
                break
            breaks.append(chosen)
            line = chosen[1]
        start = stop + 1
    if not breaks:
        return text
    pieces: list[str] = []
    copied = 0
    for end, after in breaks:
        cut = where[end - 1] + 1  # just after the line's last character (its closing tags follow)
        resume = where[after]
        between = text[cut:resume]
        pieces.append(text[copied:cut])
        pieces.append("\n" + "".join(piece if piece.startswith("[") else piece.replace(" ", "")
                                     for piece in _TAG_OR_TEXT.findall(between)))
        copied = resume
    pieces.append(text[copied:])
    return "".join(pieces)


def bad_breaks(text: str, lines: Sequence[str], markup: bool = False,
               measure: Callable[[str], float] | None = None, room: float = 0) -> list[str]:
    """The breaks between laid-out `lines` of `text` that break a rule above, each as
    "…end|start…" (the line break as |): a Latin word broken inside is one. Given the label's
    `measure` and the `room` its lines have, so is a break at a space of a run of Latin words that
    fits a line ("companion|doctor" where "companion doctor" fits). A break the text asks for (its
    own newline) is never one. `lines` are the label's lines as drawn, in order, their text only."""
    visible, _where = _visible(text, markup)
    numeric = _numeric(visible)
    runs = [run for run in _latin_runs(visible) if " " in visible[run[0]:run[1]]] if measure else []
    found: list[str] = []
    position = 0
    for first, second in zip(lines, lines[1:]):
        first, second = first.rstrip(" "), second.lstrip(" ")
        if not first or not second:
            continue
        at = visible.find(first, position)
        if at < 0:
            continue
        end = at + len(first)
        after = visible.find(second, end)
        if after < 0:
            continue
        position = after
        between = visible[end:after]
        if "\n" in between:
            continue
        if not may_break(visible[end - 1], visible[after], bool(between), numeric[end - 1], numeric[after]) or (
                measure is not None and _splits_run(end, after, visible) and any(
                    a < end and after < b and measure(visible[slice(*_unit(visible, a, b, numeric))]) <= room
                    for a, b in runs)):
            found.append(f"{visible[max(0, end - 4):end]}|{visible[after:after + 4]}")
    return found
