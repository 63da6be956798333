"""Labels share the textures they have drawn: a text shown again, by any label with the same
options, takes the kept texture instead of being laid out anew, and a kept texture is never drawn
into again (another label may be showing it)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def plain_label(quiet_clock):
    from kivy.core.window import Window  # noqa: F401  (the GL context textures need)
    from kivy.uix.label import Label

    from companion.ui.widgets import KeepsTextures

    class PlainLabel(KeepsTextures, Label):
        """KeepsTextures without the app's kv rules (they need a running app)."""

    return PlainLabel


def _shown(label) -> bytes:
    label.texture_update()
    return bytes(label.texture.pixels)


def test_the_same_text_and_options_share_one_texture_and_it_is_never_drawn_over(plain_label):
    # text_size fixes the texture's size: Kivy would then draw a new text into the old texture
    first = plain_label(text="Bread", size=(200, 40), text_size=(200, 40), font_size=20)
    bread = _shown(first)
    bread_texture = first.texture
    second = plain_label(text="Games", size=(200, 40), text_size=(200, 40), font_size=20)
    games = _shown(second)
    assert games != bread
    second.text = "Bread"
    assert _shown(second) == bread
    assert second.texture is bread_texture  # not laid out again
    first.text = "Religion"
    religion = _shown(first)
    assert first.texture is not bread_texture  # new text, a texture of its own
    assert religion not in (bread, games)
    assert bytes(bread_texture.pixels) == bread  # what the second label shows is untouched


def test_different_options_do_not_share(plain_label):
    small = plain_label(text="Senate", size=(200, 40), text_size=(200, 40), font_size=16)
    big = plain_label(text="Senate", size=(200, 40), text_size=(200, 40), font_size=24)
    grey = plain_label(text="Senate", size=(200, 40), text_size=(200, 40), font_size=16, color=(0.5, 0.5, 0.5, 1))
    shown = [_shown(label) for label in (small, big, grey)]
    assert len({id(label.texture) for label in (small, big, grey)}) == 3
    assert len(set(shown)) == 3


@pytest.mark.parametrize("pillow_loaded", [True, False], ids=["pillow", "before-pillow"])
def test_the_inked_box_is_the_smallest_box_holding_every_texel_with_alpha(pillow_loaded, monkeypatch):
    """A label draws only its texture's inked box: found in C (Pillow, once loaded) or by rows
    before (the first frame stays free of Pillow), it must be the box a texel-by-texel search
    finds, the texture's rows flipped (its first image row is the top)."""
    import random
    import sys

    if pillow_loaded:
        import PIL.Image  # noqa: F401
    else:
        monkeypatch.delitem(sys.modules, "PIL.Image", raising=False)

    from companion.ui.widgets import _inked_box

    class Texture:
        def __init__(self, w, h):
            self.size, self.tex_coords = (w, h), [0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0]

    class Image:
        fmt = "rgba"

        def __init__(self, w, h, data):
            self.width, self.height, self.data = w, h, data

    rnd = random.Random(4)
    for _ in range(300):
        w, h = rnd.randint(1, 30), rnd.randint(1, 20)
        pixels = bytearray(w * h * 4)
        inked = []
        for _dot in range(rnd.randint(0, 5)):
            i = rnd.randrange(w * h)
            pixels[i * 4] = 255  # colour without alpha is no ink
            if rnd.random() < 0.8:
                pixels[i * 4 + 3] = rnd.randint(1, 255)
                inked.append((i % w, i // w))
        box, uv = _inked_box(Texture(w, h), Image(w, h, bytes(pixels)))
        if not inked:
            assert box == [0, 0, 0, 0]
            continue
        left, right = min(x for x, _y in inked), max(x for x, _y in inked)
        top, bottom = min(y for _x, y in inked), max(y for _x, y in inked)
        assert box == [left, h - 1 - bottom, right - left + 1, bottom - top + 1]
        assert uv[0] == left / w and uv[4] == (right + 1) / w


def _counting_layouts(monkeypatch) -> list[tuple]:
    """The text layouts Kivy's Label makes from now on, each as the `text_size` it was made at."""
    from kivy.uix.label import Label

    laid: list[tuple] = []
    real = Label.texture_update

    def texture_update(self, *largs):
        laid.append(tuple(self.text_size))
        return real(self, *largs)

    monkeypatch.setattr(Label, "texture_update", texture_update)
    return laid


def test_a_new_text_waits_for_the_layout_that_sizes_its_label(plain_label, monkeypatch):
    """A label whose `text_size` follows its size, given new text in the same moment as its
    layout a new size (a season's summary rows), lays the text out once, at the new size, before
    the frame: not first at the old size and then again."""
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout

    box = BoxLayout(size=(300, 40))
    box.texts_wait_for_layout = True  # as the Trajan table screen asks
    label = plain_label(text="", font_size=18)
    label.bind(size=lambda widget, size: setattr(widget, "text_size", size))
    box.add_widget(label)
    Clock.tick_draw()
    laid = _counting_layouts(monkeypatch)
    label.text = "Season 2: demands Bread, Games"  # the label's new text is due first,
    box.size = (420, 60)  # then the layout that gives it its size
    Clock.tick_draw()
    assert laid == [(420, 60)]
    assert label.texture_size == [420, 60]


def test_a_text_waits_for_a_layout_a_few_passes_at_most(plain_label, monkeypatch):
    """A layout above the label that stays due (or a chain deeper than the clock's passes) does
    not keep the label's text from the frame: it waits `LAYOUT_WAITS` passes, then is laid out."""
    from kivy.clock import Clock
    from kivy.uix.widget import Widget

    from companion.ui.widgets import LAYOUT_WAITS

    class AlwaysDue:
        is_triggered = True

    assert LAYOUT_WAITS < Clock.max_iteration
    holder = Widget(size=(300, 40))
    holder._trigger_layout = AlwaysDue()
    holder.texts_wait_for_layout = True
    label = plain_label(text="", size=(300, 40), text_size=(300, 40), font_size=18)
    holder.add_widget(label)
    Clock.tick_draw()
    laid = _counting_layouts(monkeypatch)
    label.text = "Senate"
    Clock.tick_draw()
    assert laid == [(300, 40)]
    assert label.texture is not None and label.texture_size == [300, 40]


def test_a_text_elsewhere_does_not_wait(plain_label, monkeypatch):
    """Only a screen that asks for it (`texts_wait_for_layout`) has its texts wait: elsewhere a
    new text is laid out at the first pass, as Kivy does."""
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout

    box = BoxLayout(size=(300, 40))
    label = plain_label(text="", font_size=18)
    label.bind(size=lambda widget, size: setattr(widget, "text_size", size))
    box.add_widget(label)
    Clock.tick_draw()
    laid = _counting_layouts(monkeypatch)
    label.text = "History"
    box.size = (420, 60)
    Clock.tick_draw()
    assert laid == [(300, 40), (420, 60)]


def test_a_boxed_text_waits_for_the_text_that_sizes_its_row(plain_label, monkeypatch):
    """A row as high as its longest text (a season summary's payments) and a label boxed in the
    row's height beside it (the VP): given new texts together, the boxed one is laid out once,
    at the height the longer text gives the row, whichever text was due first."""
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout

    row = BoxLayout(size=(400, 30), size_hint=(None, None))
    row.texts_wait_for_layout = True
    vp = plain_label(text="", font_size=18, size_hint_x=None, width=100)
    vp.bind(size=lambda widget, size: setattr(widget, "text_size", size))
    paid = plain_label(text="", font_size=18, text_size=(300, None))
    paid.bind(texture_size=lambda widget, size: setattr(row, "height", max(30, size[1])))
    row.add_widget(vp)
    row.add_widget(paid)
    Clock.tick_draw()
    laid = _counting_layouts(monkeypatch)
    vp.text = "9 → 5"  # due first
    paid.text = "Bread paid with a Trajan tile, Games not paid, and a long line on the senate's votes"
    Clock.tick_draw()
    assert row.height > 30 and paid.texture_size[1] == row.height
    assert [size for size in laid if size[0] == 100] == [(100, row.height)]


def test_a_wrapped_text_waits_for_the_text_that_decides_its_width(plain_label, monkeypatch):
    """The notice wraps in the width the turn's name beside it leaves: given new texts together,
    the notice is laid out once, in the width the name's new text leaves it."""
    from kivy.clock import Clock
    from kivy.uix.boxlayout import BoxLayout

    line = BoxLayout(size=(600, 44), size_hint=(None, None))
    line.texts_wait_for_layout = True
    turn = plain_label(text="Round 1", font_size=20, size_hint_x=None)
    turn.bind(texture_size=lambda widget, size: setattr(widget, "width", size[0]))
    notice = plain_label(text="", font_size=18)
    notice.bind(width=lambda widget, width: setattr(widget, "text_size", (width, None)))
    line.add_widget(turn)
    line.add_widget(notice)
    Clock.tick_draw()
    laid = _counting_layouts(monkeypatch)
    notice.text = "Just now: Player 3 ends the turn. Season 2 scored: demands Bread, Games"  # due first
    turn.text = "Season 2 is scored"
    Clock.tick_draw()
    assert [size for size in laid if size[0] is not None] == [(notice.width, None)]
    assert notice.width == 600 - turn.width
