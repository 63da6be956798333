"""The on-screen keyboard for players' names: a touch-only table (a kiosk, no keyboard plugged in)
has no other way to type one.

Docked at the bottom of the window while a name field (`NameInput`, every set-up screen's) is
chosen; the screens are lifted just enough that the field stays above the keys, never covered.
Its top row offers names one tap away: the last games' players (`Session.recent_names`) and the
owner's names file (`keyboard_names.read_names`, re-read each time the keyboard opens, so an
edit counts without a restart). Chinese names come from that row: no input method is needed.
The keys type into the field as a physical keyboard would (`insert_text`, `do_backspace`), so the
set-up's view-model follows the field's text as it does for typing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import FocusBehavior
from kivy.uix.boxlayout import BoxLayout

from companion.ui.shell.keyboard_names import KeyboardPlan, offered_names, read_names
from companion.ui.text.i18n import _
from companion.ui.widgets import theme

#: The letter rows (lower case); a name's first letter and each after a space come in upper case.
ROWS = ("qwertyuiop", "asdfghjkl'", "zxcvbnm-")


class NameKeyboard(BoxLayout):
    """The keyboard; `target` is the name field it types into (None: not shown). Keys carry wids
    "keyboard.key.<char>", "keyboard.shift", "keyboard.backspace", "keyboard.space",
    "keyboard.done", and the names "keyboard.name.<n>"."""

    names = ListProperty([])
    problem = StringProperty("")
    upper = BooleanProperty(True)
    lift = NumericProperty(0)
    wid = "keyboard"

    def __init__(self, app: Any, plan: KeyboardPlan, **kwargs: Any) -> None:
        self.app = app
        self.plan = plan
        self.target: Any = None
        self._shift_once = False
        super().__init__(**kwargs)

    def on_kv_post(self, base_widget: Any) -> None:
        """The keys, once: the letter rows, then shift · space · backspace · done."""
        from kivy.factory import Factory

        keys = self.ids.key_box
        for n, letters in enumerate(ROWS):
            row = BoxLayout(size_hint_y=None, spacing=4 * self.app.scale)
            row.bind(minimum_height=row.setter("height"))
            if n == 2:
                row.add_widget(self._key("keyboard.shift", "Aa", self.shift, width=1.5))
            for char in letters:
                key = self._key(f"keyboard.key.{char}", char, lambda c=char: self.type(c))
                self.bind(upper=lambda _w, up, k=key, c=char: setattr(k, "text", c.upper() if up else c))
                key.text = char.upper() if self.upper else char
                row.add_widget(key)
            if n == 2:
                row.add_widget(self._key("keyboard.backspace", "\u2190", self.backspace, width=1.5))
            keys.add_widget(row)
        row = BoxLayout(size_hint_y=None, spacing=4 * self.app.scale)
        row.bind(minimum_height=row.setter("height"))
        self._space = self._key("keyboard.space", "", lambda: self.type(" "), width=6)
        self._done = self._key("keyboard.done", "", self.done, width=2)
        self._done.bg = theme.ACCENT
        row.add_widget(self._space)
        row.add_widget(self._done)
        keys.add_widget(row)
        self.relabel()
        self.bind(names=lambda *_: self._name_buttons(), minimum_height=self.place)

    def _key(self, wid: str, text: str, action: Any, width: float = 1.0) -> Any:
        from kivy.factory import Factory

        key = Factory.KeyboardKey(text=text, size_hint_x=width)
        key.wid = wid
        key.bind(on_release=lambda *_: action())
        return key

    def relabel(self) -> None:
        """The words on the keys, in the table's language."""
        self._space.text = _("Space")
        self._done.text = _("Done")

    def _name_buttons(self) -> None:
        from kivy.factory import Factory

        box = self.ids.names_box
        shown = [b.text for b in reversed(box.children)]
        if shown == list(self.names):
            return
        box.clear_widgets()
        for i, name in enumerate(self.names):
            button = Factory.KeyboardKey(text=name, size_hint_x=None, wid=f"keyboard.name.{i}")
            button.width = max(72 * self.app.scale, _text_width(name, button) + 32 * self.app.scale)
            button.bind(on_release=lambda _b, n=i: self.take_name(n))
            box.add_widget(button)

    # -- showing ---------------------------------------------------------------------------------

    def attach(self, field: Any) -> None:
        """`field` was chosen: dock under it, with the names offered now."""
        from kivy.core.window import Window

        self.target = field
        self.refresh_names()
        self._shift_once = False
        self._auto_case()
        if self.parent is None:
            Window.add_widget(self)  # last added is drawn over the screens
        self.place()

    def detach(self, field: Any) -> None:
        """`field` let go of its focus: the keyboard leaves, unless another field took it first."""
        if field is self.target:
            self.hide()

    def hide(self) -> None:
        """Away, the screens back where they were; the field it typed into keeps its text."""
        target, self.target = self.target, None
        if target is not None and target.focus:
            target.focus = False
        self._lift_screens(0)
        if self.parent is not None:
            self.parent.remove_widget(self)

    def place(self, *_args: Any) -> None:
        """Full width at the bottom; the screens lifted so the field's bottom sits above the keys."""
        from kivy.core.window import Window

        if self.target is None:
            return
        self.width, self.pos = Window.width, (0, 0)
        self.height = self.minimum_height
        self._lift_screens(0)
        _x, bottom = self.target.to_window(self.target.x, self.target.y)
        gap = 8 * self.app.scale
        self._lift_screens(max(0.0, self.height + gap - bottom))

    def _lift_screens(self, lift: float) -> None:
        self.lift = lift
        sm = getattr(self.app, "sm", None)
        if sm is not None:
            sm.y = lift

    def refresh_names(self) -> None:
        """The recent players (any game, newest first), then the names file's."""
        own = read_names(self.plan.names_file)
        try:
            recent = self.app.session.recent_names()
        except Exception:  # noqa: BLE001  (a store that cannot list is no reason to lose the keyboard)
            recent = []
        self.names = offered_names(recent, own.names)
        self.problem = own.unreadable

    def problem_text(self, file: str) -> str:
        return _("{file} cannot be read as UTF-8 text: its names are not offered").format(file=file) if file else ""

    # -- keys ------------------------------------------------------------------------------------

    def on_touch_down(self, touch: Any) -> bool:
        if self.collide_point(*touch.pos):
            FocusBehavior.ignored_touch.append(touch)  # a key keeps the field chosen
            super().on_touch_down(touch)
            return True  # nothing under the keyboard is touched through it
        return False

    def on_touch_move(self, touch: Any) -> bool:
        return bool(super().on_touch_move(touch)) or self.collide_point(*touch.pos)

    def on_touch_up(self, touch: Any) -> bool:
        return bool(super().on_touch_up(touch)) or self.collide_point(*touch.pos)

    def type(self, char: str) -> None:
        """A letter key (in the case shown) or the space."""
        if self.target is None:
            return
        self.target.insert_text(char.upper() if self.upper and char != " " else char)
        self._shift_once = False
        self._auto_case()

    def backspace(self) -> None:
        if self.target is not None:
            self.target.do_backspace()
            self._auto_case()

    def shift(self) -> None:
        """Upper case for the next letter (again: lower)."""
        self._shift_once = not self.upper
        self.upper = self._shift_once

    def take_name(self, index: int) -> None:
        """One tap: the field holds that name, and the next empty name field is chosen."""
        if self.target is None or not 0 <= index < len(self.names):
            return
        field = self.target
        field.text = self.names[index]
        field.cursor = (len(field.text), 0)
        following = self._next_empty(field)
        if following is not None:
            following.focus = True
        else:
            self._auto_case()

    def done(self) -> None:
        self.hide()

    def _auto_case(self) -> None:
        """A name's words start in upper case: after nothing, or after a space or a hyphen."""
        if self._shift_once:
            return
        text = self.target.text[: self.target.cursor_index()] if self.target is not None else ""
        self.upper = not text or text[-1] in " -"

    def _next_empty(self, field: Any) -> Any | None:
        """The next name field of the same screen (by seat) still empty, or None."""
        screen = field
        while screen is not None and not hasattr(screen, "manager"):
            screen = screen.parent
        if screen is None:
            return None
        from companion.ui.widgets import iter_widgets

        fields = sorted((w for w in iter_widgets(screen) if isinstance(w, type(field)) and w is not field),
                        key=lambda w: getattr(w, "index", 0))
        return next((w for w in fields if getattr(w, "index", 0) > getattr(field, "index", 0) and not w.text), None)


def _text_width(text: str, button: Any) -> float:
    """The width `text` takes on one line in the button's font (its own label wraps to its width,
    so its texture cannot say how wide it would like to be)."""
    from kivy.core.text import Label as CoreLabel

    label = CoreLabel(text=text, font_size=button.font_size, font_name=button.font_name)
    label.refresh()
    return float(label.texture.size[0]) if label.texture is not None else 0.0


def key_rows() -> tuple[str, ...]:
    return ROWS


Builder.load_file(str(Path(__file__).with_suffix(".kv")))

__all__ = ["NameKeyboard", "ROWS", "key_rows"]
