"""Augustus' shared table: the call large (the token just drawn, how many of its kind the bag still
holds, the crier, the end warning), every player's card (supply, controlled objectives, rewards
held, the three objectives in play with their symbols, a placed legion in brackets), and under
them the panel for what the table waits for (`AugustusTableViewModel.content`): Draw, the physical
bag's tokens, the seats with their choices, the card entry, a reward's VP, the final breakdown.

Everything shown comes from `app.augustus.table` (public views only). The panel holds what it
offers now and nothing else, so a hidden button never takes a touch. It is updated once per refresh
of the view-model; the call's panels (Draw, the bag's tokens, the seats, a reward's VP) keep their
buttons, labels and rows and give them new words (`shelf.Shelf`), and so do the card entry's pages
(`card_pages.py`, built from `panels.py`'s facts); the final breakdown is made afresh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from kivy.lang import Builder
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui.augustus import format as words
from companion.ui.augustus import card_pages
from companion.ui.augustus.shelf import Shelf, grid_as_high_as_its_rows
from companion.ui.text.i18n import _
from companion.ui.widgets import AppButton, AppLabel, FitButton, OutlinedWhenSelected, WidMixin, theme


class AugustusPlayerCard(OutlinedWhenSelected, WidMixin, ButtonBehavior, BoxLayout):
    """A seat's card; a tap on it chooses that seat's choices on the panel (at a table of five or
    six it is the seat's only tab: the panel has no room for a row of six names). Not a
    `WidButtonBox`: its faint backdrop under the card's own would be six more large quads to blend
    at every frame."""

    bg = ColorProperty(theme.PANEL)
    crowded = BooleanProperty(False)
    seat = NumericProperty(0)
    name = StringProperty("")
    detail = StringProperty("")
    objectives = StringProperty("")
    done = BooleanProperty(False)
    waiting = BooleanProperty(False)
    tint = ColorProperty(theme.TEXT)  # the seat's colour (`colours.tint`), its name written in it

    def on_release(self) -> None:
        _app().augustus.table.choose_seat(self.seat)


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
    """The table's screen. A call changes five of the view-model's properties; before, each made
    the panel's twenty-odd buttons anew. Now a refresh updates the panel once (`on_refreshed`), the
    call's panels give their kept widgets (`Shelf`) new words, and only a button whose words
    changed lays out its text again."""

    def on_kv_post(self, base_widget: Any) -> None:
        vm = _app().augustus.table
        self._call = self.ids.call.__self__  # held here: it leaves the tree while a card is entered
        self._shelf = Shelf()
        self._rows, self._kind = 0, ""
        self._dirty: set[str] = set()
        players, panel = (lambda *_: self._changed("players")), (lambda *_: self._changed("panel"))
        vm.bind(rows=players, content=panel, seats=panel, seat=panel, choices=panel, tokens=panel, value=panel,
                final_lines=panel, card_title=panel, value_label=panel, face_up=panel, picking=panel,
                card_button=panel, face_up_text=panel, on_refreshed=lambda *_: self._catch_up())
        entry = vm.entry
        entry.bind(page=lambda *_: self.update_panel() if vm.content == "card" else None)
        self.update_players()
        self.update_panel()

    def _changed(self, part: str) -> None:
        """A property of `part` ("players", "panel") changed: updated now, or once at the end of
        the view-model's refresh."""
        self._dirty.add(part)
        if not _app().augustus.table.refreshing:
            self._catch_up()

    def _catch_up(self) -> None:
        dirty, self._dirty = self._dirty, set()
        if "panel" in dirty:
            self.update_panel()  # the players too
        elif "players" in dirty:
            self.update_players()

    # -- the call's panels' widgets, kept by name -----------------------------------------------

    def _kept_button(self, wid: str, text: str, on_tap: Callable[[], None], *, selected: bool = False,
                     bg: Any = None, font: float = theme.BUTTON) -> AppButton:
        """`_button`'s kept twin: the button made once under `wid`, given these words and this tap."""
        scale = _app().scale
        button = self._shelf.take(wid, lambda: self._new_button(wid))
        self._shelf.taps[wid] = on_tap
        button.text, button.selected = text, selected
        button.base_font, button.min_font = font * scale, theme.READ * scale
        button.bg = theme.NEUTRAL if bg is None else bg
        button.size_hint_x, button.height = 1, 48 * scale
        return button

    def _new_button(self, wid: str) -> AppButton:
        scale = _app().scale
        button = FitButton(wid=wid, base_font=theme.BUTTON * scale, min_font=theme.READ * scale,
                           size_hint_y=None, height=48 * scale)
        button.bind(on_release=lambda *_: self._shelf.taps[wid]())
        return button

    def _kept_row(self, *widgets: Any, cols: int | None = None) -> GridLayout:
        """`_row`'s kept twin: the panel's next row, kept by the panel's kind and its place there
        (the seats' choices come back to the row they left, its buttons at the width they had:
        their words are not fitted and laid out again at each width a new row passes through)."""
        self._rows += 1
        grid = self._shelf.take(f"row.{self._kind}.{self._rows}", grid_as_high_as_its_rows)
        grid.cols, grid.spacing = cols or max(1, len(widgets)), 4 * _app().scale
        Shelf.fill(grid, widgets)
        return grid

    def _kept_label(self, wid: str, text: str, font: float = theme.BODY, color: Any = None,
                    halign: str = "left") -> AppLabel:
        """`_label`'s kept twin."""
        label = self._shelf.take(wid, lambda: self._new_label(wid))
        label.text, label.font_size, label.halign = text, font * _app().scale, halign
        label.color = theme.TEXT if color is None else color
        return label

    @staticmethod
    def _new_label(wid: str) -> AppLabel:
        label = AppLabel(wid=wid, wrap=True, size_hint_y=None)
        label.bind(texture_size=lambda lab, size: setattr(lab, "height", size[1] + 4 * _app().scale))
        return label

    # -- the players ---------------------------------------------------------------------------

    def update_players(self) -> None:
        vm = _app().augustus.table
        grid = self.ids.players
        if vm.content in ("card", "final"):  # the panel has the room: no hidden card takes a touch
            grid.clear_widgets()
            if vm.content == "card":
                _app().when_idle(self._prepare_after_card)
            return
        cards = self._player_cards(len(vm.rows))
        if list(reversed(grid.children)) != cards:
            grid.clear_widgets()
            for card in cards:
                grid.add_widget(card)
        self._fill_players(cards, vm)

    def _player_cards(self, count: int) -> list[AugustusPlayerCard]:
        """The first `count` seats' cards, each made once (its kv rules cost 6-8 ms a card here)
        and kept while the card entry has the players' room."""
        kept = self.__dict__.setdefault("_kept_cards", [])
        while len(kept) < count:
            kept.append(AugustusPlayerCard(seat=len(kept)))
        return kept[:count]

    @staticmethod
    def _fill_players(cards: list[AugustusPlayerCard], vm: Any) -> None:
        for card, row in zip(cards, vm.rows):
            card.seat, card.name, card.detail = row["seat"], row["name"], row["detail"]
            card.objectives = "\n".join(row["objectives"])
            card.done, card.waiting, card.tint = row["done"], row["waiting"], row["tint"]
            card.crowded = vm.crowded
            card.selected = vm.crowded and vm.content == "seats" and row["seat"] == vm.seat

    def _prepare_after_card(self) -> None:
        """At the idle moment while a card is entered (the table finds its number, its colour):
        what the take that ends the entry shows next is made off screen — the players' cards with
        their words, at the width they will have, and the crier's bag's panel (or Draw). Made at
        that tap they cost 30-60 ms of its main thread here. A take that comes first makes them
        itself, as before."""
        vm = _app().augustus.table
        if vm.content != "card" or self.ids.players.children:
            return
        width = self._width_beside_call()
        grid = self.ids.players
        cards = self._player_cards(len(vm.rows))
        self._fill_players(cards, vm)
        cols = max(1, int(grid.cols))
        for card in cards:
            card.width = (width - (cols - 1) * grid.spacing[0]) / cols
        kind, self._kind, self._rows = self._kind, "token" if vm.next_tokens() else "draw", 0
        try:
            widgets = self._panel_token(vm, vm.next_tokens()) if self._kind == "token" else self._panel_draw(vm)
        finally:
            self._kind, self._rows = kind, 0
        for widget in widgets:
            widget.width = width

    def _width_beside_call(self) -> float:
        """The middle's width with the call beside it (taken out while a card is entered)."""
        body, call = self.ids.body, self._call
        if _app().portrait:
            return float(body.width)
        return float(body.width - call.width - body.spacing)

    # -- the panel -----------------------------------------------------------------------------

    def update_panel(self) -> None:
        vm = _app().augustus.table
        panel = self.ids.panel
        full = vm.content in ("card", "final")
        players = self.ids.players
        players.opacity = 0 if full else 1
        players.size_hint_y = None if full else 1
        if full:
            # (not at every call: set to 0 and laid out again by the middle, the six cards at a
            # call were laid out at no height and then at theirs, each label placed twice)
            players.height = 0
        players.disabled = full
        call, body = self._call, self.ids.body.__self__  # the widgets, not their proxies
        if vm.content == "card" and call.parent is body:
            body.remove_widget(call)  # the card entry takes the call's width too
        elif vm.content != "card" and call.parent is None:
            # the middle at its width beside the call now, not at the next layout of the body:
            # laid out at the old width first, the players' cards would fit their words twice
            self.ids.middle.width = self.ids.players.width = panel.width = self._width_beside_call()
            body.add_widget(call, index=len(body.children))
        self.update_players()
        panel.size_hint_y = 1 if full else None
        if not full:
            panel.height = panel.minimum_height
        build = getattr(self, f"_panel_{vm.content}", None)
        self._rows, self._kind = 0, vm.content
        Shelf.fill(panel, build(vm) if build is not None else ())

    def _panel_draw(self, vm: Any) -> list[Any]:
        _button, _row = self._kept_button, self._kept_row
        return [_row(_button("augustus.draw", _("Draw a token"), vm.draw, bg=theme.ACCENT, font=theme.BUTTON),
                     *self._face_up_toggle(vm, make=_button))]

    def _panel_token(self, vm: Any, tokens: Any = None) -> list[Any]:
        """`tokens`: those to offer (default the view-model's; `_prepare_after_card` gives those
        of the crier's next draw)."""
        _button, _label, _row = self._kept_button, self._kept_label, self._kept_row
        buttons = [_button(f"augustus.token.{t['token']}", t["label"], lambda t=t["token"]: vm.enter_token(t))
                   for t in (vm.tokens if tokens is None else tokens)]
        return [_label("augustus.token.title", _("Which token did the crier draw?"), theme.READ, theme.MUTED),
                _row(*buttons, *self._face_up_toggle(vm, make=_button), cols=4)]

    def _panel_seats(self, vm: Any) -> list[Any]:
        if not vm.seats:
            return []
        _button, _row = self._kept_button, self._kept_row
        tabs = [] if vm.crowded else [  # crowded: the players' cards are the tabs
            _button(f"augustus.seat.{s['seat']}", s["name"], lambda s=s["seat"]: vm.choose_seat(s),
                    selected=s["seat"] == vm.seat, font=theme.BUTTON) for s in vm.seats]
        skip = words.choice_label({"name": "skip"}, vm._view)
        # five or six seats in landscape: a quarter of the narrower panel, where a placement's words
        # end at the reading size anyway; started there, they are laid out once, not at each size
        # on the way down (in portrait two a row have the room for the button size)
        font = theme.READ if vm.crowded and not _app().portrait else theme.BUTTON
        choices = [_button(f"augustus.choice.{i}", label, lambda i=i: vm.play(i),
                           bg=theme.NEUTRAL if label == skip else theme.PLUS, font=font)
                   for i, label in enumerate(vm.choices)]
        return [*([_row(*tabs, cols=min(6, len(tabs)))] if tabs else []),
                _row(*choices, cols=4 if _app().portrait is False else 2)]

    def _panel_value(self, vm: Any) -> list[Any]:
        _button, _label, _row = self._kept_button, self._kept_label, self._kept_row
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

    def _face_up_toggle(self, vm: Any, wide: bool = False, make: Callable[..., AppButton] = _button) -> list[Any]:
        """Lay out a face-up objective (the five at the start, a gap after a pick), or be done;
        `make` the button (kept on the call's panels, fresh on the card entry's)."""
        if len(vm.face_up) >= 5 and vm.entry_mode != "reveal":
            return []
        toggle = make("augustus.card.face_up", vm.face_up_text, vm.toggle_face_up, font=theme.BUTTON,
                         selected=vm.entry_mode == "reveal")
        if wide:
            toggle.size_hint_x = 2  # its words are the number row's longest
        return [toggle]

    def _panel_card(self, vm: Any) -> list[Any]:
        """The card entry (panels.py): its pages, their widgets kept and given new words (card_pages.py)."""
        return self._pages().panel(vm)

    def _pages(self) -> card_pages.CardPages:
        pages = getattr(self, "_card_pages", None)
        if pages is None:
            pages = self._card_pages = card_pages.CardPages()
        return pages

    def prepare_card_entry(self) -> None:
        """Before a game starts (its set-up shows): the card entry's page of numbers made off
        screen (`CardPages.prepare_numbers`), at the size it will have: the screen, not shown
        yet, is laid out at the window's size, and the page at the panel's on the next frame
        (the whole body's width while a card is entered, the middle's height under the players'
        empty row)."""
        from kivy.clock import Clock

        if self.manager is not None and self.parent is None:
            self.size = self.manager.size
        numbers = self._pages().prepare_numbers(_app().augustus.table)

        def size_it(_dt: float) -> None:
            middle, body, call = self.ids.middle, self.ids.body, self._call  # the panel under the players' empty row
            above = call.height + body.spacing if _app().portrait and call.parent is not None else 0
            numbers.size_hint_y, numbers.size = None, (body.width, middle.height + above - middle.spacing)

        if numbers is not None and numbers.parent is None:
            Clock.schedule_once(size_it, 0)


SCREEN_CLASS = AugustusTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
