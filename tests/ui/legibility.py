"""What a player reads from their seat, checked on a real laid-out screen: every label's text fits
its box (no texture larger than the label, no `shorten` ellipsis, no text drawn outside the
label's parent) and is at least the type scale's reading size (`theme.READ` × the profile's
scale) unless it is marked small print (`small_print`), which is still ≥ `theme.SMALL`, as is any text
sized in markup (`[size=N]`, grey asides such as a rule's page).

`legibility_problems(ui, where)` lists what is wrong on the current screen; the doc-screen test
walks every screen the documentation pictures show, in each profile and language.
"""

from __future__ import annotations

import re
from typing import Any, Iterator


def _ancestors(widget: Any) -> Iterator[Any]:
    node = widget.parent
    while node is not None and node is not node.parent:
        yield node
        node = node.parent


def _rect(widget: Any) -> tuple[float, float, float, float]:
    x0, y0 = widget.to_window(widget.x, widget.y)
    x1, y1 = widget.to_window(widget.right, widget.top)
    return x0, y0, x1, y1


def legibility_problems(ui: Any, where: str) -> list[str]:
    """Every shown label with text that is cut, ellipsised, outside its parent, or too small."""
    from kivy.uix.label import Label
    from kivy.uix.scrollview import ScrollView

    from companion.ui.widgets import is_shown, iter_widgets, theme

    scale = ui.app.scale
    problems: list[str] = []
    for widget in iter_widgets(ui.app.root):
        if not isinstance(widget, Label) or not widget.text.strip() or not is_shown(widget):
            continue
        if widget.opacity == 0 or widget.height <= 1 or widget.width <= 1:
            continue
        if any(getattr(a, "opacity", 1) == 0 for a in _ancestors(widget)):
            continue
        name = getattr(widget, "wid", "") or type(widget).__name__
        shown = widget.text.replace("\n", " ")[:50]
        label = f"{where}: {name} {shown!r}"
        if widget.shorten and widget.is_shortened:
            problems.append(f"{label} is ellipsised")
        tw, th = widget.texture_size
        if tw > widget.width + 2 or th > widget.height + 2:
            problems.append(f"{label}: text {tw:.0f}×{th:.0f} in a box {widget.width:.0f}×{widget.height:.0f}")
        dropped = _dropped_height(widget)
        if dropped:
            problems.append(f"{label}: its lines need {dropped:.0f} px, the box is {widget.height:.0f} (lines left out)")
        broken = _broken_word(widget)
        if broken:
            problems.append(f"{label}: the word {broken!r} is broken across lines")
        bad = _bad_line_breaks(widget)
        if bad:
            problems.append(f"{label}: a line breaks where Chinese text must not ({', '.join(bad)}: "
                            f"a closing mark starting a line, an opening one ending it, a number "
                            f"parted from its word, a Latin word broken inside, or Latin words that "
                            f"fit a line parted at a space)")
        parent = widget.parent
        scrolled = any(isinstance(a, ScrollView) for a in _ancestors(widget))
        if parent is not None and parent is not parent.parent and not scrolled and hasattr(parent, "to_window"):
            # the text as Label draws it: its texture centred on the label
            cx, cy = widget.to_window(*widget.center)
            x0, y0, x1, y1 = cx - min(tw, widget.width) / 2, cy - min(th, widget.height) / 2, \
                cx + min(tw, widget.width) / 2, cy + min(th, widget.height) / 2
            px0, py0, px1, py1 = _rect(parent)
            if x0 < px0 - 2 or y0 < py0 - 2 or x1 > px1 + 2 or y1 > py1 + 2:
                problems.append(f"{label}: text at ({x0:.0f},{y0:.0f})-({x1:.0f},{y1:.0f}) outside its parent "
                                f"({px0:.0f},{py0:.0f})-({px1:.0f},{py1:.0f})")
        small = bool(getattr(widget, "small_print", False))
        least = (theme.SMALL if small else theme.READ) * scale
        if widget.font_size < least - 0.01:
            problems.append(f"{label}: {widget.font_size / scale:.1f} px at 800×480 "
                            f"(least {theme.SMALL if small else theme.READ}{' small print' if small else ''})")
        if widget.markup:
            for size in _MARKUP_SIZE.findall(widget.text):
                if float(size) < theme.SMALL * scale - 0.5:
                    problems.append(f"{label}: markup [size={size}] is {float(size) / scale:.1f} px at 800×480 "
                                    f"(least {theme.SMALL}, small print)")
    return problems


def _dropped_height(widget: Any) -> float:
    """The height a label's text needs when its `text_size` limits the height (Kivy then leaves out
    the lines that do not fit, without shortening), if more than the label has; else 0."""
    if widget.shorten or not widget.text_size or widget.text_size[1] is None or not widget.text_size[0]:
        return 0.0
    options = {k: v for k, v in widget._label.options.items() if k not in ("text", "text_size")}
    # the core label's text: the label's own, with the line breaks its wrapping chose
    core = type(widget._label)(text=widget._label.text, text_size=(widget.text_size[0], None), **options)
    core.refresh()
    need = core.texture.size[1] if core.texture is not None else 0
    return float(need) if need > widget.height + 2 else 0.0


def _broken_word(widget: Any) -> str | None:
    """A word of a wrapping label wider than the width it wraps in: Kivy breaks it mid-word
    ("Constructio/n"). None if every word fits (or the label does not wrap). Chinese breaks
    between any two characters, so a word here is a run of other letters (Latin, digits)."""
    width = widget.text_size[0] if widget.text_size else None
    if not width or widget.shorten:
        return None
    text = _MARKUP_TAG.sub("", widget.text) if widget.markup else widget.text
    padding = widget.padding[0] + widget.padding[2] if len(widget.padding) == 4 else 2 * widget.padding[0]
    for word in _WORD.findall(text):
        if widget._label.get_extents(word)[0] > width - padding + 1:
            return word
    return None


def _bad_line_breaks(widget: Any) -> list[str]:
    """Where a wrapping label's laid-out lines break against the CJK line-start/line-end rules,
    part a number from its Chinese word, break a Latin word inside ("Anna|belle") or a run of
    Latin words that fits a line at its space ("companion|doctor") (`companion.ui.text.linebreak`),
    as "end|start"."""
    from companion.ui.text import linebreak

    if not widget.text_size or not widget.text_size[0] or not linebreak.has_cjk(widget.text):
        return []
    lines = ["".join(word.text for word in line.words) for line in getattr(widget._label, "_cached_lines", ()) or ()]
    padding = widget.padding[0] + widget.padding[2] if len(widget.padding) == 4 else 2 * widget.padding[0]
    return linebreak.bad_breaks(widget.text, lines, markup=widget.markup,
                                measure=lambda text: widget._label.get_extents(text)[0],
                                room=widget.text_size[0] - padding)


_WORD = re.compile(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+")
_MARKUP_TAG = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
_MARKUP_SIZE = re.compile(r"\[size=([0-9.]+)\]")


def _ink(widget: Any) -> tuple[float, float, float, float] | None:
    """Where a label's text is drawn, in window coordinates: the union of its laid-out lines
    (Kivy centres the texture on the label; each line has its own x and width in the texture),
    clipped by any ScrollView or StencilView it is in. None when nothing of it shows. Lines that do
    not fit the texture are a label's earlier layout (a reused label keeps them): then the whole
    texture counts."""
    from kivy.uix.stencilview import StencilView

    tw, th = widget.texture_size
    cx, cy = widget.to_window(*widget.center)
    left, top = cx - tw / 2, cy + th / 2
    lines = [line for line in getattr(widget._label, "_cached_lines", ()) or () if line.w > 0]
    if lines and all(line.y + line.h <= th + 1 and line.x + line.w <= tw + 1 for line in lines):
        box = [min(left + line.x for line in lines), min(top - line.y - line.h for line in lines),
               max(left + line.x + line.w for line in lines), max(top - line.y for line in lines)]
    else:
        box = [left, cy - th / 2, left + tw, top]
    for ancestor in _ancestors(widget):
        if isinstance(ancestor, StencilView) and hasattr(ancestor, "to_window"):
            x0, y0, x1, y1 = _rect(ancestor)
            box = [max(box[0], x0), max(box[1], y0), min(box[2], x1), min(box[3], y1)]
    return (box[0], box[1], box[2], box[3]) if box[2] > box[0] and box[3] > box[1] else None


def _branches(a: Any, b: Any) -> tuple[list[Any], list[Any]]:
    """Each label's ancestors below the first ancestor they share (the label itself first)."""
    chain_a = [a, *_ancestors(a)]
    chain_b = [b, *_ancestors(b)]
    shared = next((n for n in chain_a if any(n is m for m in chain_b)), None)
    cut = lambda chain: chain[: next((i for i, n in enumerate(chain) if n is shared), len(chain))]  # noqa: E731
    return cut(chain_a), cut(chain_b)


def _opaque(widget: Any) -> bool:
    """Does the widget paint an opaque background under its children (a panel over the screen)?"""
    from kivy.graphics import Color, Rectangle, RoundedRectangle

    alpha = 0.0
    for instruction in getattr(widget.canvas, "before", None).children if widget.canvas.before else ():
        if isinstance(instruction, Color):
            alpha = instruction.a
        elif isinstance(instruction, (Rectangle, RoundedRectangle)) and alpha >= 0.99:
            return True
    return False


def overlap_problems(ui: Any, where: str, least: float = 3.0) -> list[str]:
    """Every two shown labels whose drawn text overlaps by more than `least` px each way (one
    widget's words printed over another's). A label on a panel that paints an opaque background
    over the other (an open panel over the table) does not count: it hides what is under it."""
    from kivy.uix.label import Label

    from companion.ui.widgets import is_shown, iter_widgets

    shown = []
    for widget in iter_widgets(ui.app.root):
        if not isinstance(widget, Label) or not widget.text.strip() or not is_shown(widget):
            continue
        if widget.opacity == 0 or widget.height <= 1 or widget.width <= 1:
            continue
        if any(getattr(a, "opacity", 1) == 0 for a in _ancestors(widget)):
            continue
        ink = _ink(widget)
        if ink is not None:
            shown.append((widget, ink))
    problems = []
    for i, (a, ia) in enumerate(shown):
        for b, ib in shown[i + 1:]:
            w = min(ia[2], ib[2]) - max(ia[0], ib[0])
            h = min(ia[3], ib[3]) - max(ia[1], ib[1])
            if w <= least or h <= least:
                continue
            branch_a, branch_b = _branches(a, b)
            if not branch_a or not branch_b:
                continue  # one inside the other (a button's own label)
            if any(_opaque(n) for n in branch_a[1:] + branch_b[1:]):
                continue
            name = lambda wd: getattr(wd, "wid", "") or f"{type(wd).__name__} {wd.text[:30]!r}"  # noqa: E731
            problems.append(f"{where}: the text of {name(a)} and of {name(b)} overlap by {w:.0f}×{h:.0f} px")
    return problems
