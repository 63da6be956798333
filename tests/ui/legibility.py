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
    core = type(widget._label)(text=widget.text, text_size=(widget.text_size[0], None), **options)
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


_WORD = re.compile(r"[^\s\u2e80-\u9fff\u3000-\u303f\uff00-\uffef]+")
_MARKUP_TAG = re.compile(r"\[/?[a-z]+(=[^\]]*)?\]")
_MARKUP_SIZE = re.compile(r"\[size=([0-9.]+)\]")
