"""The pads in the window: keyboard keys as pad buttons, and each pad's private panel while peeking.

`PadPanels.open(app, plan)` opens the pads the CLI planned (it calls the plan's `open`: which pads
are real or simulated was decided before the window opened), reporting their facts through the
app's bridge; makes the session feed every pad's display after each update (the feed that `open`
returns, by the app's presenters); and, for the simulated twin:

- binds the window's key-down/up to the keyboard twin (not while a text field has the focus, not
  with Ctrl/Alt/Meta held, and every key let go when the window loses the focus);
- shows pad k's OLED image in a small panel only while pad k's peek key is held. Otherwise the
  panel is not in the window at all and holds no texture: nothing is drawn, not merely covered.
  Peeking panels sit side by side in a strip at the bottom of the window, above everything, and
  never take a touch; they appear only while a key is held, so they hide no control for long.

The images come from the simulated OLEDs on a writer thread; they reach the main thread through
`bridge.on_main_thread` (at once, not at the next frame) before a texture is made. `close()` undoes everything (the app's `on_stop`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Protocol

from kivy.core.window import Keyboard, Window
from kivy.graphics.texture import Texture
from kivy.lang import Builder
from kivy.properties import ObjectProperty, StringProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.floatlayout import FloatLayout
from kivy.uix.widget import Widget

from companion.presenters.game import Presenters
from companion.presenters.pad_screens import PadWords
from companion.ui.shell.bridge import on_main_thread
from companion.ui.text.i18n import _
from companion.ui.text.pad_words import pad_words

OLED_SIZE = (128, 64)
MAX_SCALE = 3
"""The panel's pixels are the OLED's ×3 at most (384×192): legible, and one panel leaves room."""
GAP = 8
CAPTION = 26
SHORTCUT_MODIFIERS = {"ctrl", "alt", "meta", "super"}
KEY_NAMES = {code: name for name, code in Keyboard.keycodes.items()}


class PadOpener(Protocol):
    """What the CLI hands the app for its pads (a `companion.wiring.pad_plan.PadPlan`): one call
    opens them, after the first frame, and returns their feed (`update(table)`, a session
    listener), whose `devices` take the window's keys (`key_down`, `key_up`, `release_all`) and are
    closed with `close()`."""

    def open(self, session: Any, report: Callable[[object], None], *, words: Callable[[], PadWords],
             presenters: Presenters, on_image: Callable[[int, Any], None] | None = None,
             on_peek: Callable[[int, bool], None] | None = None) -> Any: ...


class PeekPanel(Widget):
    """One pad's OLED image, enlarged with square pixels, and a caption naming the pad and seat.
    In the window only while its pad's peek key is held (see the module docstring)."""

    texture = ObjectProperty(None, allownone=True)
    caption = StringProperty("")

    def __init__(self, pad: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pad = pad
        self.image: Any = None
        """The PIL image the texture was made from (tests compare it with `render()`)."""

    def show_image(self, image: Any) -> None:
        """Makes the texture from a 128×64 PIL image (any mode): lit pixels white, the rest black."""
        rgb = image.convert("RGB")
        texture = Texture.create(size=rgb.size, colorfmt="rgb")
        texture.mag_filter = "nearest"  # an OLED's pixels are squares, not blurs
        texture.min_filter = "nearest"
        texture.blit_buffer(rgb.tobytes(), colorfmt="rgb", bufferfmt="ubyte")
        texture.flip_vertical()  # PIL's rows run top-down, GL's bottom-up
        self.image = image
        self.texture = texture

    def forget(self) -> None:
        """Drops the texture and image: a hidden panel keeps nothing it could draw."""
        self.texture = None
        self.image = None

    def on_touch_down(self, touch: Any) -> bool:
        return False  # a private panel is only looked at: touches go to the table beneath

    def on_touch_move(self, touch: Any) -> bool:
        return False

    def on_touch_up(self, touch: Any) -> bool:
        return False


class PeekStrip(FloatLayout):
    """The window overlay holding the peeking panels; in the window only while one is held."""

    def on_touch_down(self, touch: Any) -> bool:
        return False

    def on_touch_move(self, touch: Any) -> bool:
        return False

    def on_touch_up(self, touch: Any) -> bool:
        return False


class PadPanels:
    """The pads of one running app (see the module docstring). Main thread only."""

    def __init__(self, app: Any, plan: PadOpener) -> None:
        self.app = app
        self.session = app.session
        self.strip = PeekStrip()
        self.panels: dict[int, PeekPanel] = {}
        self._images: dict[int, Any] = {}
        self._peeking: set[int] = set()
        self._closed = False
        self.feed = plan.open(self.session, app.bridge.post, words=pad_words, presenters=app.presenters,
                              on_image=self._image_from_writer, on_peek=self._on_peek)
        self.devices = self.feed.devices
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up, focus=self._on_window_focus,
                    size=self._on_window_size)
        app.bind(language=self._on_language)
        self.session.listeners.append(self.feed.update)
        self.feed.update(self.session.table_view())

    @classmethod
    def open(cls, app: Any, plan: PadOpener) -> "PadPanels":
        return cls(app, plan)

    # -- keys ----------------------------------------------------------------------------------

    def _on_key_down(self, _window: Any, key: int, _scancode: Any = None, _codepoint: Any = None,
                     modifiers: Any = ()) -> bool:
        if self._closed or SHORTCUT_MODIFIERS & set(modifiers or ()) or text_has_focus():
            return False
        return self.devices.key_down(KEY_NAMES.get(key, ""))

    def _on_key_up(self, _window: Any, key: int, *_args: Any) -> bool:
        if self._closed:
            return False
        return self.devices.key_up(KEY_NAMES.get(key, ""))

    def _on_window_focus(self, _window: Any, focused: bool) -> None:
        if not focused:
            self.devices.release_all()  # the window will not see the key-ups: nothing stays held

    # -- panels --------------------------------------------------------------------------------

    def _image_from_writer(self, pad: int, image: Any) -> None:
        # A writer thread: the image (already a copy) crosses to the main thread before any texture.
        on_main_thread(lambda: self._set_image(pad, image))

    def _set_image(self, pad: int, image: Any) -> None:
        if self._closed:
            return
        self._images[pad] = image
        if pad in self._peeking:
            self._panel(pad).show_image(image)

    def _on_peek(self, pad: int, shown: bool) -> None:
        if shown:
            self._peeking.add(pad)
            panel = self._panel(pad)
            panel.caption = self._caption(pad)
            image = self._images.get(pad)
            if image is not None:
                panel.show_image(image)
            if panel.parent is None:
                self.strip.add_widget(panel)
        else:
            self._peeking.discard(pad)
            panel = self.panels.get(pad)
            if panel is not None:
                if panel.parent is not None:
                    panel.parent.remove_widget(panel)
                panel.forget()
        self._place()

    def is_peeking(self, pad: int) -> bool:
        return pad in self._peeking

    def _panel(self, pad: int) -> PeekPanel:
        if pad not in self.panels:
            self.panels[pad] = PeekPanel(pad)
        return self.panels[pad]

    def _caption(self, pad: int) -> str:
        seat = self.session.seat_of_pad(pad)
        view = self.session.table_view().view
        name = next((p.name for p in view.players if p.seat == seat), "") if view is not None else ""
        text = _("Pad {n}").format(n=pad + 1)
        return f"{text} · {name}" if name else text

    def _place(self) -> None:
        """Peeking panels side by side, centred at the bottom; the strip leaves the window when
        nobody peeks."""
        shown = [self.panels[p] for p in sorted(self._peeking) if p in self.panels]
        if not shown:
            if self.strip.parent is not None:
                self.strip.parent.remove_widget(self.strip)
            return
        width, _height = Window.size
        w0, h0 = OLED_SIZE
        fit = int((width - GAP) // (len(shown) * (w0 + GAP)))
        scale = max(1, min(MAX_SCALE, fit))
        pw, ph = w0 * scale + 2 * GAP, h0 * scale + 2 * GAP + CAPTION
        x = (width - len(shown) * pw - (len(shown) - 1) * GAP) / 2
        for panel in shown:
            panel.size = (pw, ph)
            panel.pos = (x, GAP)
            x += pw + GAP
        if self.strip.parent is None:
            Window.add_widget(self.strip)  # last added is drawn on top of the screens

    def _on_window_size(self, *_args: Any) -> None:
        self._place()

    def _on_language(self, *_args: Any) -> None:
        for pad in self._peeking:
            self._panel(pad).caption = self._caption(pad)
        self.feed.update(self.session.table_view())

    # -- the end -------------------------------------------------------------------------------

    def close(self) -> None:
        """Stops listening, closes every device (pads' displays cleared) and takes the panels away."""
        if self._closed:
            return
        if self.feed.update in self.session.listeners:
            self.session.listeners.remove(self.feed.update)
        Window.unbind(on_key_down=self._on_key_down, on_key_up=self._on_key_up, focus=self._on_window_focus,
                      size=self._on_window_size)
        self.app.unbind(language=self._on_language)
        self.devices.close()  # peeks end here too (the keyboard twin lets go of every key)
        self._closed = True
        for panel in self.panels.values():
            if panel.parent is not None:
                panel.parent.remove_widget(panel)
            panel.forget()
        self._peeking.clear()
        self._images.clear()
        if self.strip.parent is not None:
            self.strip.parent.remove_widget(self.strip)


def text_has_focus() -> bool:
    """Does a text field in the window have the keyboard focus (then keys are typing, not pads)?"""
    stack: list[Any] = list(Window.children)
    while stack:
        widget = stack.pop()
        if isinstance(widget, FocusBehavior) and widget.focus:
            return True
        stack.extend(widget.children)
    return False


Builder.load_file(str(Path(__file__).with_suffix(".kv")))
