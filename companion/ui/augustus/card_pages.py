"""The card entry's pages on Augustus' table (issue 21: "at most 4 taps, or 1 with a card file"):
the five face up when the row is full, else `panels.CardEntry`'s page — every number 1–88, the
kind-and-VP grid, or the extras and the symbols rows.

Their widgets are kept and given new words, not made again. A page of 88 numbers made afresh cost
about 150 ms of the main thread here (a Kivy button's kv rules, canvas and first text layout are
about 2 ms), and a tap on a number made it several times (the entry's page and the table's card
title both changed); a Raspberry Pi 4 is about 3× slower. `Kept` makes each widget once, under its
`wid` (or a container's own key), and each build sets what the page shows now: its words,
colours, whether it is disabled, its size. A kept widget that leaves the page leaves the widget
tree too (it takes no touch while out of sight) and comes back when the page shows it again.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui.augustus import format as words
from companion.ui.augustus import panels
from companion.ui.augustus.panels import NUMBERS
from companion.ui.augustus.shelf import Shelf, grid_as_high_as_its_rows
from companion.ui.text.i18n import _, current_language
from companion.ui.widgets import AppLabel, FitButton, theme

#: A page's row of buttons, in unscaled pixels (× the running app's scale).
ROW, GAP, BACK_WIDTH, KIND_WIDTH = 48, 4, 120, 96


def _app() -> Any:
    from kivy.app import App

    return App.get_running_app()


class Kept(Shelf):
    """The pages' widgets by key, made once (`Shelf`). A kept button is bound once, to the tap its
    page last gave it (`taps`): a page's build says what each does now."""

    def get(self, key: str) -> Any:
        """The widget kept under `key`, None if none was made yet."""
        return self._kept.get(key)

    def button(self, wid: str, text: str, on_tap: Callable[[], None], *, selected: bool = False,
               bg: Any = None, font: float = theme.BUTTON, disabled: bool = False,
               size_hint: tuple[float | None, float | None] = (1, None), width: float = 0,
               one_line: bool = False, markup: bool = False) -> FitButton:
        """The button `wid` with these words, colour and tap; a row high unless `size_hint` says
        it takes its row's height; `width` (unscaled) when its `size_hint` x is None; its words
        kept on `one_line` (shrunk to fit, not wrapped)."""
        scale = _app().scale
        button = self.take(wid, lambda: self._new_button(wid))
        self.taps[wid] = on_tap
        button.wraps, button.markup = not one_line, markup
        button.text, button.selected, button.disabled = text, selected, disabled
        button.base_font, button.min_font = font * scale, theme.READ * scale
        button.bg = theme.NEUTRAL if bg is None else bg
        button.size_hint = size_hint
        # a size the layout gives (a hint) is not set here: set, then laid out again, it would
        # redraw the button's rounded background twice at every build
        if size_hint[1] is None:
            button.height = ROW * scale
        if size_hint[0] is None:
            button.width = width * scale
        return button

    def _new_button(self, wid: str) -> FitButton:
        scale = _app().scale
        button = FitButton(wid=wid, base_font=theme.BUTTON * scale, min_font=theme.READ * scale,
                           size_hint_y=None, height=ROW * scale)
        button.bind(on_release=lambda *_: self.taps[wid]())
        return button

    def label(self, wid: str, text: str, font: float = theme.BODY, color: Any = None, halign: str = "left",
              *, grows: bool = True) -> AppLabel:
        """The label `wid`, wrapped in its width: as high as its text when it `grows`, else as
        its row (`size_hint_y` 1, the text in the middle)."""
        label = self.take(wid, lambda: self._new_label(wid, grows))
        label.text, label.font_size, label.halign = text, font * _app().scale, halign
        label.color = theme.TEXT if color is None else color
        return label

    @staticmethod
    def _new_label(wid: str, grows: bool) -> AppLabel:
        label = AppLabel(wid=wid, wrap=True, size_hint_y=None if grows else 1, valign="middle")
        if grows:
            label.bind(texture_size=lambda lab, size: setattr(lab, "height", size[1] + 4 * _app().scale))
        return label

    def grid(self, key: str, widgets: Iterable[Any], cols: int) -> GridLayout:
        """A grid of `cols` as high as its rows, holding `widgets`."""
        grid = self.take(key, grid_as_high_as_its_rows)
        grid.cols, grid.spacing = cols, GAP * _app().scale
        Shelf.fill(grid, widgets)
        return grid

    def box(self, key: str, widgets: Iterable[Any], *, vertical: bool = False, grows: bool = False,
            high: float = 0, hint_x: float = 1) -> BoxLayout:
        """A box holding `widgets`: as high as they are when it `grows`, `high` (unscaled) when
        given, else its parent's share; `hint_x` its width's share."""
        scale = _app().scale
        box = self.take(key, lambda: self._new_box(grows))
        box.orientation, box.spacing, box.size_hint_x = "vertical" if vertical else "horizontal", GAP * scale, hint_x
        if high:
            box.size_hint_y, box.height = None, high * scale
        elif not grows:
            box.size_hint_y = 1
        Shelf.fill(box, widgets)
        return box

    @staticmethod
    def _new_box(grows: bool) -> BoxLayout:
        box = BoxLayout()
        if grows:
            box.size_hint_y = None
            box.bind(minimum_height=box.setter("height"))
        return box

    def widget(self, key: str, **props: Any) -> Widget:
        """A blank widget (a gap in a grid, the room under a page), with `props`."""
        widget = self.take(key, Widget)
        for name, value in props.items():
            setattr(widget, name, value)
        return widget


class CardPages:
    """Builds the card entry's page for the table's panel (`panel`), every widget kept."""

    def __init__(self) -> None:
        self.kept = Kept()
        self._vm: Any = None  # the view-model of the numbers last shown (`_prepare`)
        self._prepared_at: tuple[float, float] | None = None  # the page's size the pages were made at
        self._shown: tuple[Any, ...] | None = None  # what the page in the box was made from (`_shows`)

    def panel(self, vm: Any) -> list[Any]:
        """What the table's panel holds for the card entry, whole in the window with nothing to
        scroll: the five face up when the row is full (one tap), else its page from the top.

        One box that takes the panel's height holds every page: the panel's minimum height (its
        kv rule's height while it is not the whole middle) stays the same from page to page. A
        page's own would change it, and the panel would be laid out at that height for a frame,
        every kept button sized twice and its words fitted twice at the tap."""
        page, key = self.kept.get("page"), self._shows(vm)
        if page is not None and key == self._shown:
            return [page]  # the table refreshed for something this page does not show
        widgets = self._page(vm)
        if vm.entry.stage == "number" and not vm.row_full:
            self._vm = vm
            _app().when_idle(self._prepare)
        self._shown = key
        return [self.kept.box("page", widgets, vertical=True)]

    def prepare_numbers(self, vm: Any) -> BoxLayout | None:
        """Before a game's first card entry (its set-up showing): its 88 numbers' buttons made off
        screen, so the Start tap gives them their words (their making cost about 150 ms here);
        the box that holds them, to be sized (None: made before)."""
        if self.kept.get("numbers") is not None:
            return None
        return self._number(vm)[0]

    def _shows(self, vm: Any) -> tuple[Any, ...]:
        """Everything the page to show is made from (each page's own): the same, the page shown
        is the page to show. A tap on a number refreshes the table several times (the number
        chosen, the entry's facts, the card title), most of them changing nothing on the page."""
        e, app = vm.entry, _app()
        shown: tuple[Any, ...] = (e.stage, vm.row_full, app.scale, bool(app.portrait), current_language())
        if vm.row_full:
            return (*shown, vm.card_title, tuple((c["number"], c["label"]) for c in vm.face_up))
        if e.stage == "number":
            return (*shown, tuple(e.known), tuple(e.seen), tuple(e.pickable), self._toggles(vm), vm.face_up_text,
                    vm.entry_mode)
        if e.stage == "kind":
            return (*shown, int(e.number), e.kind, int(e.vp), e.kind_chosen)
        return (*shown, e.summary_text, e.power_text, e.of_text, e.has_amount, e.has_of, e.has_cap, int(e.gold),
                int(e.wheat), int(e.amount), int(e.cap), bool(e.symbols), e.choosing_power,
                tuple(map(tuple, e.rows)), vm.card_button)

    def _prepare(self) -> None:
        """At the idle moment after the numbers were shown (the table is finding a card's number):
        the kind-and-VP and the symbols pages made off screen, each in a box of the page's size
        that the next frame lays out, so the taps that open them only give them their words. Made
        at the tap, the first of each cost 40 ms and 20 ms of the main thread here. Again only
        when the page's size changed (a profile, a turned screen)."""
        vm, page = self._vm, self.kept.get("page")
        if vm is None or page is None or page.parent is None or vm.content != "card" or vm.row_full \
                or vm.entry.stage != "number" or self._prepared_at == tuple(page.size):
            return
        self._prepared_at = tuple(page.size)
        for stage in ("kind", "symbols"):
            ready = self.kept.box(f"ready.{stage}", getattr(self, f"_{stage}")(vm), vertical=True)
            ready.size_hint, ready.size = (None, None), page.size

    def _page(self, vm: Any) -> list[Any]:
        kept = self.kept
        if vm.row_full:
            picks = [kept.button(f"augustus.face_up.{c['number']}", c["label"], lambda n=c["number"]: vm.pick(n),
                                 bg=theme.ACCENT) for c in vm.face_up]
            return [kept.label("augustus.card.title", vm.card_title, theme.BODY), kept.grid("face_up", picks, 2)]
        stage = vm.entry.stage
        page = getattr(self, f"_{stage}")(vm)
        return page if stage == "number" else [*page, kept.widget("room")]

    @staticmethod
    def _toggles(vm: Any) -> bool:
        """The face-up toggle is offered: the row has a gap, or the table is laying cards out."""
        return len(vm.face_up) < 5 or vm.entry_mode == "reveal"

    def _toggle(self, vm: Any, hint_x: float) -> FitButton:
        """Lay out a face-up objective (the five at the start, a gap after a pick), or be done;
        `hint_x` its share of the numbers' line."""
        return self.kept.button("augustus.card.face_up", vm.face_up_text, vm.toggle_face_up,
                                selected=vm.entry_mode == "reveal", size_hint=(hint_x, 1), one_line=True)

    def _top(self, entry: Any, summary: str) -> BoxLayout:
        """A page's first line: Back (the page before, the facts kept) and what is entered so far."""
        kept = self.kept
        back = kept.button("augustus.card.back", _("Back"), entry.back, size_hint=(None, None), width=BACK_WIDTH)
        label = kept.label("augustus.card.summary", summary, theme.BODY, grows=False)
        top = kept.box("top", [back, label], high=ROW)
        top.spacing = 8 * _app().scale
        return top

    def _number(self, vm: Any) -> list[Any]:
        """Every number 1–88, 15 a row (8 in portrait), the face-up toggle after the last: one in
        the card file or face up to pick is taken by its tap (marked ✔, or in the accent); one in
        play already is disabled. Every number at one size on one line: the mark after a number
        is at the reading size, "88✔" as wide as a button at 800×480 leaves for its words."""
        e, kept = vm.entry, self.kept
        cols = 8 if _app().portrait else 15
        mark = f"[size={round(theme.READ * _app().scale)}]✔[/size]"
        pickable, known, seen = set(e.pickable), set(e.known), set(e.seen)
        cells: list[Any] = []
        for number in range(NUMBERS[0], NUMBERS[1] + 1):
            face_up = number in pickable
            taken_by_tap = face_up or (number in known and number not in seen)  # CardEntry.is_known
            cells.append(kept.button(f"augustus.card.n.{number}", f"{number}{mark}" if taken_by_tap and not face_up
                                     else str(number), lambda n=number: vm.choose_number(n),
                                     bg=theme.ACCENT if face_up else (theme.PLUS if taken_by_tap else None),
                                     disabled=number in seen and not taken_by_tap, size_hint=(1, 1),
                                     one_line=True, markup=True))
        rows = [cells[start:start + cols] for start in range(0, len(cells), cols)]
        free = cols - len(rows[-1])
        if self._toggles(vm):
            if free < 2:  # the toggle's words need two numbers' room: a line of their own
                rows.append([])
                free = cols
            rows[-1].append(self._toggle(vm, free))
            free = 0
        if free:
            rows[-1].append(kept.widget("numbers.free", size_hint_x=free))
        lines = [kept.box(f"numbers.{i}", widgets) for i, widgets in enumerate(rows)]
        return [kept.box("numbers", lines, vertical=True)]

    def _kind(self, vm: Any) -> list[Any]:
        """One tap: the kind and the VP (four rows of VP 1–12; portrait: two rows of six each)."""
        e, kept = vm.entry, self.kept
        per_row = 6 if _app().portrait else len(panels.GRID_VP)
        top = self._top(e, _("#{number}: its colour and VP").format(number=int(e.number)))
        scale = _app().scale
        cells: list[Any] = []
        for kind in words.KINDS:
            for start in range(0, len(panels.GRID_VP), per_row):
                if start:
                    name = kept.widget(f"kind.{kind}.{start}", size_hint=(None, None), height=ROW * scale)
                else:  # as high as the row, its words in the middle beside the row's buttons
                    name = kept.label(f"augustus.card.kind.{kind}", words.kind_name(kind), theme.READ, grows=False)
                    name.size_hint_y, name.height = None, ROW * scale
                name.width = KIND_WIDTH * scale
                name.size_hint_x = None
                cells.append(name)
                cells += [kept.button(f"augustus.card.kind.{kind}.{vp}", str(vp),
                                      lambda k=kind, v=vp: e.choose_kind_vp(k, v),
                                      selected=e.kind_chosen and e.kind == kind and int(e.vp) == vp)
                          for vp in panels.GRID_VP[start:start + per_row]]
        return [top, kept.grid("kinds", cells, per_row + 1)]

    def _line(self, key: str, widgets: list[Any], cols: int) -> BoxLayout:
        """Buttons in rows of `cols` units (a widget's `size_hint_x` its units: a long name takes two)."""
        lines: list[list[Any]] = []
        used = cols
        for widget in widgets:
            units = int(widget.size_hint_x or 1)
            if not lines or used + units > cols:
                lines.append([])
                used = 0
            lines[-1].append(widget)
            used += units
        boxes = [self.kept.box(f"{key}.{i}", line, high=ROW) for i, line in enumerate(lines)]
        return self.kept.box(key, boxes, vertical=True, grows=True)

    def _symbols(self, vm: Any) -> list[Any]:
        """Gold, wheat and the power (none by default), VP − / +; then one tap on a symbols row seen
        before takes the card, or its symbols one by one and Take. A tap on the power offers its
        kinds in the rows' place."""
        e, kept = vm.entry, self.kept
        portrait = bool(_app().portrait)
        top = self._top(e, e.summary_text)
        extras = [kept.button("augustus.card.gold", _("Gold {n}").format(n=int(e.gold)), lambda: e.cycle("gold")),
                  kept.button("augustus.card.wheat", _("Wheat {n}").format(n=int(e.wheat)), lambda: e.cycle("wheat")),
                  kept.button("augustus.card.vp.minus", _("VP −1"), lambda: e.step("vp", -1)),
                  kept.button("augustus.card.vp.plus", _("VP +1"), lambda: e.step("vp", 1)),
                  # the power's name is the longest words on the page: two units
                  kept.button("augustus.card.power", e.power_text, e.open_powers, selected=e.choosing_power,
                              size_hint=(2, None))]
        power: list[Any] = []
        if e.has_amount:
            power.append(kept.button("augustus.card.amount", _("Amount {n}").format(n=int(e.amount)),
                                     lambda: e.cycle("amount")))
        if e.has_of:
            power.append(kept.button("augustus.card.of", e.of_text, e.next_of))
        if e.has_cap:
            power.append(kept.button("augustus.card.cap", _("Cap {n}").format(n=int(e.cap)) if e.cap else _("No cap"),
                                     lambda: e.step("cap", 1)))
        if e.has_cap and int(e.cap):  # back to no cap: offered once there is one (else two said "No cap")
            power.append(kept.button("augustus.card.cap.reset", _("No cap"), lambda: setattr(e, "cap", 0)))
        out = [top, self._line("extras", extras, 3 if portrait else 6)]
        if power:
            out.append(kept.grid("power", power, min(3, len(power)) if portrait else len(power)))
        if e.choosing_power:
            out.append(kept.label("augustus.card.powers.title", _("Its power:"), theme.READ, theme.MUTED))
            out.append(kept.grid("powers", [kept.button(f"augustus.card.power.{k or 'none'}", words.power_name(k),
                                                        lambda k=k: e.choose_power(k)) for k in panels.POWER_KINDS],
                                 2 if portrait else 4))
            return out
        out.append(kept.label("augustus.card.rows.title", _("Its symbols, left to right (a tap enters the card):")
                              if e.rows else _("Its symbols, left to right, then Take:"), theme.READ, theme.MUTED))
        if e.rows:
            limit = 8 if not portrait else 12
            out.append(kept.grid("rows", [kept.button(f"augustus.card.row.{i}", " ".join(map(words.symbol_short, row)),
                                                      lambda i=i: vm.take_row(i), bg=theme.ACCENT)
                                          for i, row in enumerate(e.rows[:limit])], 2 if portrait else 4))
        symbols = [kept.button(f"augustus.card.symbol.{s}", words.token_name(s), lambda s=s: e.add_symbol(s))
                   for s in words.SYMBOLS]
        symbols += [kept.button("augustus.card.symbol.back", _("Delete"), e.remove_symbol),
                    kept.button("augustus.card.take", vm.card_button, vm.take, bg=theme.ACCENT, disabled=not e.symbols)]
        out.append(kept.grid("symbols", symbols, 4 if portrait else 8))
        return out
