"""Augustus' shared table: the call large (the token just drawn, how many of its kind the bag still
holds, the crier, the end warning), every player's card (supply, controlled objectives, rewards
held, the three objectives in play with their symbols, a placed legion in brackets), and under
them the panel for what the table waits for (`AugustusTableViewModel.content`): Draw, the physical
bag's tokens, the seats with their choices, the card entry, a reward's VP, the final breakdown.

Everything shown comes from `app.augustus.table` (public views only). The panel is rebuilt when
what it offers changes, so a hidden button never takes a touch.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from kivy.lang import Builder
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui.augustus import format as words
from companion.ui.augustus import card_pages
from companion.ui.text.i18n import _
from companion.ui.widgets import AppButton, AppLabel, FitButton, Panel, theme


class AugustusPlayerCard(Panel):
    seat = NumericProperty(0)
    name = StringProperty("")
    detail = StringProperty("")
    objectives = StringProperty("")
    done = BooleanProperty(False)
    waiting = BooleanProperty(False)
    tint = ColorProperty(theme.TEXT)  # the seat's colour (`colours.tint`), its name written in it


def _app() -> Any:
    from kivy.app import App

    return App.get_running_app()


def _button(wid: str, text: str, on_tap: Callable[[], None], *, selected: bool = False, bg: Any = None,
            font: float = theme.BUTTON) -> AppButton:
    scale = _app().scale
    button = FitButton(wid=wid, text=text, base_font=font * scale, min_font=theme.READ * scale, selected=selected,
                       size_hint_y=None, height=48 * scale)
    if bg is not None:
        button.bg = bg
    button.bind(on_release=lambda *_: on_tap())
    return button


def _row(*widgets: Any, cols: int | None = None) -> GridLayout:
    scale = _app().scale
    grid = GridLayout(cols=cols or max(1, len(widgets)), spacing=4 * scale, size_hint_y=None)
    grid.bind(minimum_height=grid.setter("height"))
    for widget in widgets:
        grid.add_widget(widget)
    return grid


def _label(wid: str, text: str, font: float = theme.BODY, color: Any = None, halign: str = "left") -> AppLabel:
    scale = _app().scale
    label = AppLabel(wid=wid, text=text, font_size=font * scale, wrap=True, size_hint_y=None, halign=halign)
    label.bind(texture_size=lambda lab, size: setattr(lab, "height", size[1] + 4 * scale))
    if color is not None:
        label.color = color
    return label


class AugustusTableScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        vm = _app().augustus.table
        self._call = self.ids.call.__self__  # held here: it leaves the tree while a card is entered
        vm.bind(rows=lambda *_: self.update_players(), content=lambda *_: self.update_panel(),
                seats=lambda *_: self.update_panel(), seat=lambda *_: self.update_panel(),
                choices=lambda *_: self.update_panel(), tokens=lambda *_: self.update_panel(),
                value=lambda *_: self.update_panel(), final_lines=lambda *_: self.update_panel(),
                card_title=lambda *_: self.update_panel(), value_label=lambda *_: self.update_panel(),
                face_up=lambda *_: self.update_panel(), picking=lambda *_: self.update_panel(),
                card_button=lambda *_: self.update_panel(), face_up_text=lambda *_: self.update_panel())
        entry = vm.entry
        entry.bind(page=lambda *_: self.update_panel() if vm.content == "card" else None)
        self.update_players()
        self.update_panel()

    # -- the players ---------------------------------------------------------------------------

    def update_players(self) -> None:
        vm = _app().augustus.table
        grid = self.ids.players
        if vm.content in ("card", "final"):  # the panel has the room: no hidden card takes a touch
            grid.clear_widgets()
            return
        if len(grid.children) != len(vm.rows):
            grid.clear_widgets()
            for row in vm.rows:
                grid.add_widget(AugustusPlayerCard(seat=row["seat"]))
        for card, row in zip(reversed(grid.children), vm.rows):
            card.name, card.detail = row["name"], row["detail"]
            card.objectives = "\n".join(row["objectives"])
            card.done, card.waiting, card.tint = row["done"], row["waiting"], row["tint"]

    # -- the panel -----------------------------------------------------------------------------

    def update_panel(self) -> None:
        vm = _app().augustus.table
        panel = self.ids.panel
        panel.clear_widgets()
        full = vm.content in ("card", "final")
        self.ids.players.opacity = 0 if full else 1
        self.ids.players.size_hint_y = None if full else 1
        self.ids.players.height = 0
        self.ids.players.disabled = full
        self.update_players()
        call, body = self._call, self.ids.body.__self__  # the widgets, not their proxies
        if vm.content == "card" and call.parent is body:
            body.remove_widget(call)  # the card entry takes the call's width too
        elif vm.content != "card" and call.parent is None:
            body.add_widget(call, index=len(body.children))
        panel.size_hint_y = 1 if full else None
        if not full:
            panel.height = panel.minimum_height
        build = getattr(self, f"_panel_{vm.content}", None)
        if build is not None:
            for widget in build(vm):
                panel.add_widget(widget)

    def _panel_draw(self, vm: Any) -> list[Any]:
        return [_row(_button("augustus.draw", _("Draw a token"), vm.draw, bg=theme.ACCENT, font=theme.BUTTON),
                     *self._face_up_toggle(vm))]

    def _panel_token(self, vm: Any) -> list[Any]:
        buttons = [_button(f"augustus.token.{t['token']}", t["label"], lambda t=t["token"]: vm.enter_token(t))
                   for t in vm.tokens]
        return [_label("augustus.token.title", _("Which token did the crier draw?"), theme.READ, theme.MUTED),
                _row(*buttons, *self._face_up_toggle(vm), cols=4)]

    def _panel_seats(self, vm: Any) -> list[Any]:
        if not vm.seats:
            return []
        tabs = [_button(f"augustus.seat.{s['seat']}", s["name"], lambda s=s["seat"]: vm.choose_seat(s),
                        selected=s["seat"] == vm.seat, font=theme.BUTTON) for s in vm.seats]
        choices = [_button(f"augustus.choice.{i}", label, lambda i=i: vm.play(i),
                           bg=theme.NEUTRAL if label == words.choice_label({"name": "skip"}, vm._view) else theme.PLUS,
                           font=theme.BUTTON) for i, label in enumerate(vm.choices)]
        return [_row(*tabs, cols=min(6, len(tabs))), _row(*choices, cols=4 if _app().portrait is False else 2)]

    def _panel_value(self, vm: Any) -> list[Any]:
        return [_label("augustus.value.title", _("The VP printed on the {reward} tile").format(reward=vm.value_label), theme.BODY),
                _row(_button("augustus.value.minus", "−", lambda: vm.change_value(-1), font=theme.HEADING),
                     _label("augustus.value", str(int(vm.value)), theme.SCORE, halign="center"),
                     _button("augustus.value.plus", "+", lambda: vm.change_value(1), font=theme.HEADING),
                     _button("augustus.value.enter", _("Enter"), vm.enter_value, bg=theme.ACCENT))]

    def _panel_final(self, vm: Any) -> list[Any]:
        from kivy.uix.scrollview import ScrollView

        scale = _app().scale
        box = BoxLayout(orientation="vertical", size_hint_y=None, spacing=2 * scale)
        box.bind(minimum_height=box.setter("height"))
        for i, line in enumerate(vm.final_lines):
            box.add_widget(_label(f"augustus.final.{i}", line, theme.READ if line.startswith(" ") else theme.BODY,
                                  theme.MUTED if line.startswith(" ") else None))
        scroll = ScrollView()
        scroll.add_widget(box)
        return [scroll]

    def _face_up_toggle(self, vm: Any, wide: bool = False) -> list[Any]:
        """Lay out a face-up objective (the five at the start, a gap after a pick), or be done."""
        if len(vm.face_up) >= 5 and vm.entry_mode != "reveal":
            return []
        toggle = _button("augustus.card.face_up", vm.face_up_text, vm.toggle_face_up, font=theme.BUTTON,
                         selected=vm.entry_mode == "reveal")
        if wide:
            toggle.size_hint_x = 2  # its words are the number row's longest
        return [toggle]

    def _panel_card(self, vm: Any) -> list[Any]:
        """The card entry (panels.py): its pages, their widgets kept and given new words (card_pages.py)."""
        pages = getattr(self, "_card_pages", None)
        if pages is None:
            pages = self._card_pages = card_pages.CardPages()
        return pages.panel(vm)


SCREEN_CLASS = AugustusTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
