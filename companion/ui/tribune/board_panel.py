"""The whole game's board panel on Tribune's table screen (mode "full"): the four tabs of
`board_vm.BoardModel` (the round's question, the players, the factions, the victory grid), built
from the model in Python because their rows and buttons follow the players and the question.

Only the tab shown is in the tree (hidden widgets would still take touches); it is rebuilt once a
frame at most, when what it shows changed. Every widget has a `wid`, so tests tap it by name.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from companion.ui.secretbid.widgets import RepeatButton
from companion.ui.text.i18n import _
from companion.ui.tribune import board_vm
from companion.ui.tribune import board_words as words
from companion.ui.widgets import AppButton, AppLabel, FitButton, theme

WATCHED = ("tab", "layout_key", "player_rows", "faction_rows", "grid_rows", "spaces", "question", "entry_text",
           "value_text", "card_faction", "card_target", "card_value", "check_text", "winners_text", "buttons",
           "choices")


#: The most the portrait's tables grow into the room under them (`BoardPanel._grow`), their
#: rows and (less) their cells' words.
GROW, TYPE_GROW = 1.4, 1.2


def _scale() -> float:
    app = App.get_running_app()
    return float(getattr(app, "scale", 1.0) or 1.0)


def _portrait() -> bool:
    return bool(getattr(App.get_running_app(), "portrait", False))


def _label(text: str, wid: str = "", *, size: int = theme.READ, bold: bool = False, color: Any = None,
           halign: str = "left", height: float | None = None, small: bool = False) -> AppLabel:
    s = _scale()
    label = AppLabel(text=text, font_size=size * s, bold=bold, halign=halign, wrap=True,
                     color=color or theme.TEXT)
    if wid:
        label.wid = wid
    if small:
        label.small_print = True
    if height is not None:
        label.size_hint_y, label.height = None, height * s
    else:
        label.size_hint_y = None
        label.bind(texture_size=lambda lb, ts: setattr(lb, "height", ts[1] + 4 * s))
    return label


def _button(text: str, wid: str, on_tap: Callable[[], None], *, accent: bool = False, disabled: bool = False,
            selected: bool = False, base: int = theme.BUTTON) -> FitButton:
    s = _scale()
    button = FitButton(text=text, base_font=base * s, bg=theme.ACCENT if accent else theme.NEUTRAL,
                       disabled=disabled, selected=selected)
    button.wid = wid
    button.bind(on_release=lambda _b: on_tap())
    return button


def _narrowed(label: AppLabel, width: float) -> None:
    """A grown cell's words smaller again, down to the body size, where their longest word would
    not fit its column ("Bartholomew" among the names): a word is never broken."""
    words = label.text.split()
    if not words or width <= 1:
        return
    widest = max(label._label.get_extents(word)[0] for word in words)
    room = width - 4 * _scale()
    if widest > room:
        label.font_size = max(theme.BODY * _scale(), label.font_size * room / widest)


def _row(children: Iterable[Widget], height: float = 56) -> BoxLayout:
    s = _scale()
    row = BoxLayout(size_hint_y=None, height=height * s, spacing=8 * s)
    for child in children:
        row.add_widget(child)
    return row


class BoardPanel(BoxLayout):
    """The panel; `model` is the table's `BoardModel`, `table` its `TribuneTableViewModel`."""

    model = ObjectProperty(None)
    table = ObjectProperty(None)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=6 * _scale(), **kwargs)
        self._rebuild = Clock.create_trigger(lambda _dt: self.build(), -1)
        self.tabs = BoxLayout(size_hint_y=None, height=48 * _scale(), spacing=6 * _scale())
        self.body = BoxLayout(orientation="vertical", spacing=4 * _scale())
        self.add_widget(self.tabs)
        self.add_widget(self.body)
        # the portrait tables grow into the body's height (`_grow`): built again at a new height
        self.body.bind(height=lambda *_a: self._rebuild() if _portrait() and self.model is not None
                       and self.model.tab in ("players", "victory") else None)

    def on_model(self, _instance: Any, model: Any) -> None:
        model.bind(**{name: lambda *_a: self._rebuild() for name in WATCHED})
        self.build()

    # -- building ------------------------------------------------------------------------------

    def build(self) -> None:
        model = self.model
        if model is None:
            return
        self.tabs.clear_widgets()
        labels = {"round": _("This round"), "players": _("Each player"), "factions": _("Factions"),
                  "victory": _("Victory card")}
        for tab in board_vm.TABS:
            self.tabs.add_widget(_button(labels[tab], f"tribune.board.tab.{tab}", lambda t=tab: model.show(t),
                                         selected=model.tab == tab, base=theme.READ + 2))
        self.body.clear_widgets()
        {"round": self._round, "players": self._players, "factions": self._factions,
         "victory": self._victory}[model.tab if model.tab in board_vm.TABS else "round"]()

    def _round(self) -> None:
        m, s = self.model, _scale()
        self.body.add_widget(_label(m.question, "tribune.board.question", size=theme.BODY, bold=True))
        if m.ask_kind == "tribune.place":
            self._spaces()
        elif m.choices:
            grid = GridLayout(cols=2 if _portrait() else min(4, len(m.choices)), spacing=6 * s,
                              row_default_height=56 * s, row_force_default=True, size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for choice in m.choices:
                grid.add_widget(_button(choice["label"], choice["wid"], lambda i=choice["index"]: m.choose(i),
                                        base=theme.BODY))
            self.body.add_widget(grid)
        if m.stepper:
            self.body.add_widget(self._stepper(m.value_text, "tribune.board.value", m.step,
                                               minus_off=m.value <= m.value_low, plus_off=m.value >= m.value_high))
        if m.card_mode:
            self._card_entry()
        if not m.ask_kind:
            for text, wid in ((m.check_text, "tribune.board.check"), (m.winners_text, "tribune.board.winners")):
                if text and text != m.question:
                    self.body.add_widget(_label(text, wid, size=theme.BODY, color=theme.GOLD))
        self.body.add_widget(Widget())
        if m.buttons:
            self.body.add_widget(_row(_button(b["label"], f"tribune.board.send.{b['action']}",
                                              lambda a=b["action"]: m.press(a), accent=b["accent"])
                                      for b in m.buttons))
        if m.rule and m.ask_kind != "tribune.place":
            self.body.add_widget(_label(m.rule, "tribune.board.rule", size=theme.SMALL, color=theme.MUTED, small=True))

    def _spaces(self) -> None:
        """The board's spaces (the bowl and regions I–VIII, seven a row), then the faction claims
        under their own heading: each with who stands there, the legal ones a tap each."""
        m, s = self.model, _scale()
        cols = 4 if _portrait() else 7
        claims = [sp for sp in m.spaces if sp["id"].startswith("faction:")]
        regions = [sp for sp in m.spaces if not sp["id"].startswith("faction:")]
        for heading, spaces in ((None, regions), (_("Claim a faction"), claims)):
            if heading:
                self.body.add_widget(_label(heading, "tribune.board.claims", color=theme.MUTED, height=26))
            grid = GridLayout(cols=cols, spacing=4 * s, row_default_height=50 * s, row_force_default=True,
                              size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for space in spaces:
                label = words.faction_name(space["id"].split(":", 1)[1]) if heading else space["label"]
                text = label + (f"\n{space['who']}" if space["who"] else "")
                grid.add_widget(_button(text, space["wid"], lambda sp=space["id"]: m.place(sp),
                                        accent=space["legal"], disabled=not space["legal"], base=theme.READ))
            self.body.add_widget(grid)

    def _stepper(self, text: str, wid: str, step: Callable[[int], None], *, minus_off: bool = False,
                 plus_off: bool = False, extra: Iterable[Widget] = ()) -> BoxLayout:
        s = _scale()
        minus = RepeatButton(text="−", bg=theme.MINUS, font_size=36 * s, size_hint_x=None, width=96 * s)
        minus.disabled = minus_off  # after __init__: RepeatButton's on_disabled needs its own state
        minus.wid = f"{wid}.minus"
        minus.bind(on_step=lambda _b: step(-1))
        plus = RepeatButton(text="+", bg=theme.PLUS, font_size=36 * s, size_hint_x=None, width=96 * s)
        plus.disabled = plus_off
        plus.wid = f"{wid}.plus"
        plus.bind(on_step=lambda _b: step(1))
        value = _label(text, wid, size=theme.SCORE, bold=True, halign="center", height=56)
        return _row([minus, value, plus, *extra], height=60)

    def _card_entry(self) -> None:
        m, s = self.model, _scale()
        if m.card_mode == "region_iv":
            self.body.add_widget(_row([_button(_("Cards there"), "tribune.board.target.there",
                                               lambda: m.target("there"), selected=m.card_target == "there"),
                                       _button(_("Cards discarded"), "tribune.board.target.discard",
                                               lambda: m.target("discard"), selected=m.card_target == "discard")],
                                      height=52))
        if m.card_factions:
            grid = GridLayout(cols=4 if _portrait() else 7, spacing=4 * s, row_default_height=52 * s,
                              row_force_default=True, size_hint_y=None)
            grid.bind(minimum_height=grid.setter("height"))
            for faction in m.card_factions:
                grid.add_widget(_button(words.faction_name(faction), f"tribune.board.faction.{faction}",
                                        lambda f=faction: m.pick_faction(f), selected=m.card_faction == faction,
                                        base=theme.READ))
            self.body.add_widget(grid)
        card = words.card_text(f"{m.card_faction}:{int(m.card_value)}")
        add = _button(_("Add"), "tribune.board.card.add", m.add_card, accent=True, base=theme.BODY)
        clear = _button(_("Clear"), "tribune.board.card.clear", m.clear_cards, base=theme.BODY)
        add.size_hint_x = clear.size_hint_x = 0.5
        self.body.add_widget(self._stepper(card, "tribune.board.card", m.step_card, minus_off=m.card_value <= 0,
                                           plus_off=m.card_value >= words.MAX_CARD_VALUE, extra=(add, clear)))
        self.body.add_widget(_label(m.entry_text, "tribune.board.entry", size=theme.BODY))

    def _table(self, head: list[str], rows: list[list[Any]], wid: str, first: int = 150, head_height: int = 28,
               row_height: int = 48, last: float = 1.0, columns: Sequence[int] | None = None,
               part: int = 0, whole: int = 0, grow: float = 1.0) -> GridLayout:
        """A table: a header of small print, then rows of labels or buttons (48 px: a target);
        the first column, the names, is wider. `columns`: each column's place in the whole table
        of `whole` columns (its labels' wids say it), when this is one `part` of it (`_tables`).
        `grow`: its rows that much higher, its cells' words larger (the portrait's room)."""
        s, portrait = _scale(), _portrait()
        head_height, row_height = round(head_height * grow), round(row_height * grow)
        # the cells' words grow less than their rows: a name or "18 (−11)" stays on one line
        grown = round(theme.BODY * min(grow, TYPE_GROW)) * s if grow > 1 else None
        places = list(columns if columns is not None else range(len(head)))
        final = (whole or len(head)) - 1
        grid = GridLayout(cols=len(head), spacing=(4 * s, 2 * s), size_hint_y=None,
                          rows_minimum={0: head_height * s}, row_default_height=row_height * s, row_force_default=False,
                          cols_minimum={0: min(first, 80 if portrait else first) * s})
        grid.bind(minimum_height=grid.setter("height"))

        def sized(label: AppLabel, least: int) -> AppLabel:
            """In portrait a narrow column wraps a cell onto more lines: the row grows with its
            text (never under `least`) rather than print one row over the next."""
            if portrait:
                label.bind(texture_size=lambda lb, ts: setattr(lb, "height", max(least * s, ts[1] + 4 * s)))
            return label

        def weighed(widget: Widget, column: int) -> Widget:
            """In portrait the names' column (at least `first`) takes less of the spare width than
            a number's, and the whole table's last `last` times a number's (a button's word there
            must not break)."""
            if portrait and column == 0:
                widget.size_hint_x = 0.6
            elif portrait and places[column] == final:
                widget.size_hint_x = last
            return widget

        def named(c: int, r: int | None = None) -> str:
            where = "head" if r is None else str(r)
            return f"{wid}.{where}.{places[c]}" + (f".{part}" if part and places[c] == 0 else "")

        for i, text in enumerate(head):
            label = _label(text, named(i), size=theme.SMALL, color=theme.MUTED, small=True,
                           halign="center" if i else "left", height=head_height)
            grid.add_widget(weighed(sized(label, head_height), i))
        for r, row in enumerate(rows):
            for c, cell in enumerate(row):
                widget = cell if isinstance(cell, Widget) else _label(str(cell), named(c, r),
                                                                     halign="center" if c else "left", height=row_height)
                if grown is not None and isinstance(widget, FitButton):
                    widget.base_font = max(widget.base_font, grown)  # it shrinks to fit a long name
                elif grown is not None and isinstance(widget, AppLabel):
                    widget.font_size = grown  # set after the kv rule's own size (AppLabel's 20 × scale)
                    widget.bind(width=_narrowed)
                widget.size_hint_y, widget.height = None, row_height * s
                widget = sized(widget, row_height) if isinstance(widget, AppLabel) else widget
                grid.add_widget(weighed(widget, c))
        return grid

    def _tables(self, head: list[str], rows: list[list[Any]], names: Sequence[str], wid: str,
                parts: Sequence[Sequence[int]], **kw: Any) -> None:
        """A table of the players' measures: in landscape one; in portrait (half as wide, its
        words half again as large) in `parts`, one above the other, each with the names first, so
        a heading is never broken mid-word ("Factio/ns", "第纳/尔") in a column too narrow for it.
        A part after the first names each player in plain text (its own wid) and heads that
        column with nothing."""
        if not _portrait():
            self.body.add_widget(self._table(head, rows, wid, **kw))
            return
        grow = self._grow(len(parts), len(rows), kw.get("head_height", 28), kw.get("row_height", 48))
        for part, columns in enumerate(parts):
            sub_head = [head[c] if c or not part else "" for c in columns]
            sub_rows = [[row[c] if c or not part else names[r] for c in columns] for r, row in enumerate(rows)]
            self.body.add_widget(self._table(sub_head, sub_rows, wid, columns=columns, part=part, whole=len(head),
                                             grow=grow, **kw))

    def _grow(self, parts: int, rows: int, head_height: int, row_height: int) -> float:
        """How much higher the portrait's tables may be (and their words larger) to fill the
        body's height rather than leave a third of the screen empty under them: up to `GROW`,
        less as the players are more, never less than 1 (a body not laid out yet is built again
        at its height)."""
        s = _scale()
        spacing = self.body.spacing / s
        needed = parts * (head_height + rows * (row_height + 2)) + parts * spacing
        room = self.body.height / s - spacing
        return max(1.0, min(GROW, room / needed if needed else 1.0))

    def _players(self) -> None:
        m = self.model
        rows = []
        for row in m.player_rows:
            name = ("★ " if row["start"] else "") + row["name"]
            button = _button(name, f"tribune.board.player.{row['seat']}",
                             lambda seat=row["seat"]: self.table.open_money(seat), base=theme.READ,
                             selected=row["turn"])
            declare = _button(_("Declared") if row["declared"] else _("Declare"), f"tribune.board.declare.{row['seat']}",
                              lambda seat=row["seat"]: m.declare(seat), disabled=row["declared"] or m.finished,
                              base=theme.READ)
            rows.append([button, *row["cells"], declare])
        head = [_("Player"), *board_vm.headings(), _("A win")]
        # portrait: the money, laurels and legions with the Declare buttons; the rest below
        self._tables(head, rows, [row["name"] for row in m.player_rows], "tribune.board.players",
                     parts=((0, 1, 2, 3, len(head) - 1), (0, *range(4, len(head) - 1))), first=130, last=1.5)
        self.body.add_widget(Widget())

    def _factions(self) -> None:
        """The faction row as cards, four a row: who controls it with what set, its markers, the
        set-up's laurel, this round's claims and the chariot's protection."""
        m, s = self.model, _scale()
        grid = GridLayout(cols=3 if _portrait() else 4, spacing=6 * s)
        for row in m.faction_rows:
            card = BoxLayout(orientation="vertical", padding=(6 * s, 2 * s))
            card.add_widget(_label(row["name"], f"tribune.board.faction_card.{row['faction']}.name", bold=True,
                                   color=theme.GOLD, height=26))
            for key, text in (("controller", row["controller_text"]), ("markers", row["markers_text"]),
                              ("claims", row["claims_text"])):
                if text:
                    card.add_widget(_label(text, f"tribune.board.faction_card.{row['faction']}.{key}"))
            card.add_widget(Widget())
            grid.add_widget(card)
        self.body.add_widget(grid)

    def _victory(self) -> None:
        """The grid: each condition met (what is held) or held and how far short; the card's
        threshold under each condition's name. A win is declared on the players' tab."""
        m = self.model
        head = [m.needed_text, *(f"{words.condition_name(c)}\n{t}" for c, t in zip(words.CONDITIONS, m.grid_head))]
        rows = [[row["name"], *row["cells"]] for row in m.grid_rows]
        half = 1 + len(words.CONDITIONS) // 2
        self._tables(head, rows, [row["name"] for row in m.grid_rows], "tribune.board.grid",
                     parts=(tuple(range(half)), (0, *range(half, len(head)))), first=130, head_height=48, row_height=40)
        self.body.add_widget(Widget())
