"""The Troyes table: round, phase and whose move above; every player's deniers, influence,
citizens, supply and dice due on the left (or the board: buildings, activity cards, events and
the cathedral); on the right the input the view asks for now, opened by its `ask.kind` (the
scanner and entry by hand for a throw, the card turned up, the event drawn, a starting citizen's
space, the dice and actions of a turn); at the end the final breakdown, every point with its rule.
Home, History, Undo, Redo and Board are always in the bar.

Everything shown comes from `app.troyes_vm` (public views only: no VP and no character before
the final reveal). Exactly one input panel is in the tree at a time: hidden widgets would still
take touches. Rows of buttons are kept and relabelled: when their number changes only the
difference is added or taken off (`kept_rows`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Sequence

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.screenmanager import Screen

from companion.ui.dice.panel import die_body, die_ink  # noqa: F401  (used in the kv rules)
from companion.ui.widgets import AppButton, AppLabel, FitButton, WidButtonBox  # noqa: F401
from companion.ui.widgets import kept_rows
from companion.ui.widgets import scrolling, theme

ENTRY = {"dice": "dice_panel", "options": "options_panel", "actions": "actions_panel", "wait": "wait_panel",
         "over": "final_panel", "": "wait_panel"}
LEFT = ("players_panel", "board_panel", "summary_panel")
#: The city square's most dice: 18 spaces for starting citizens, as many citizens (table.kv).
SQUARE_MOST = 18
#: The scrolled lists' contents: the square's dice and the actions shrink as dice are used.
LISTS = ("players_grid", "board_grid", "summary_grid", "options_grid", "square_grid", "actions_grid", "final_grid")
#: Each of the screen's parts (its method) and the panel it fills.
PANEL_OF = {"players": "players_panel", "square": "actions_panel", "options": "options_panel",
            "actions": "actions_panel", "final": "final_panel", "board": "board_panel",
            "summary": "summary_panel", "hand_colours": "dice_panel"}


class TroyesPlayerCard(WidButtonBox):
    seat = NumericProperty(0)
    name = StringProperty("")
    line1 = StringProperty("")
    line2 = StringProperty("")
    current = BooleanProperty(False)
    start = BooleanProperty(False)


class TroyesSquareDie(AppButton):
    """A die in the city square: its owner, colour and face; tap to choose it for an action."""

    colour = StringProperty("red")
    index = NumericProperty(0)
    chosen = BooleanProperty(False)


class TroyesColourButton(AppButton):
    colour = StringProperty("red")


def _strong(widget: Any) -> Any:
    return getattr(widget, "__self__", widget)


def _show_only(container: Any, wanted: Any, candidates: Sequence[Any]) -> None:
    container = _strong(container)
    for widget in candidates:
        if widget is not wanted and widget.parent is container:
            container.remove_widget(widget)
    if wanted.parent is None:
        container.add_widget(wanted)


class TroyesTableScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().troyes_vm
        self._spares: dict[Any, list[Any]] = {}  # a grid's rows taken off, to be put back
        self._stale: set[str] = set()  # panels changed while out of the tree, redone when shown
        self._panels = {name: _strong(self.ids[name]) for name in (*ENTRY.values(), *LEFT)}
        vm.bind(entry=lambda *_: self.choose(), board_open=lambda *_: self.choose(),
                summary_open=lambda *_: self.choose(),
                **{prop: (lambda *_, part=part: self._refresh(part)) for prop, part in (
                    ("summary", "summary"), ("players", "players"), ("square", "square"), ("options", "options"),
                    ("actions", "actions"), ("final", "final"), ("board", "board"))})
        vm.hand.bind(colours=lambda *_: self._refresh("hand_colours"), colour=lambda *_: self._refresh("hand_colours"))
        for grid in LISTS:  # a list whose rows were used up is at its top at once, not sprung back
            scrolling.rests_when_content_fits(_strong(self.ids[grid]).parent)
        self.choose()
        for part in PANEL_OF:
            self._refresh(part)
        if hasattr(App.get_running_app(), "when_idle"):
            App.get_running_app().when_idle(self._reserve_square)

    def _refresh(self, part: str) -> None:
        """Redoes `part`'s widgets (a method's name, `PANEL_OF`) if its panel is in the tree, else
        notes it for `choose`: a panel nobody sees costs nothing (a throw changes the city square,
        which is shown only on a player's turn, and the board, shown when asked for)."""
        if self._panels[PANEL_OF[part]].parent is None:
            self._stale.add(part)
            return
        self._stale.discard(part)
        getattr(self, part)()

    def _rows(self, grid: Any, count: int, make: Callable[[int], Any]) -> list[Any]:
        return kept_rows(grid, count, make, self._spares.setdefault(_strong(grid), []))

    def _vm(self) -> Any:
        from kivy.app import App

        return App.get_running_app().troyes_vm

    def choose(self) -> None:
        vm = self._vm()
        panels = self._panels
        entry = panels[ENTRY.get(vm.entry, "wait_panel")]
        _show_only(self.ids.entry, entry, tuple({panels[n] for n in ENTRY.values()}))
        left = panels["board_panel" if vm.board_open else "summary_panel" if vm.summary_open else "players_panel"]
        _show_only(self.ids.left, left, tuple(panels[n] for n in LEFT))
        # The final breakdown takes the whole area: the players' cards are in it.
        over = vm.entry == "over" and not (vm.board_open or vm.summary_open)
        left_box, middle = _strong(self.ids.left), _strong(self.ids.middle)
        if over and left_box.parent is middle:
            middle.remove_widget(left_box)
        elif not over and left_box.parent is None:
            middle.add_widget(left_box, index=len(middle.children))
        for part in [p for p in PANEL_OF if p in self._stale]:  # what changed while out of sight
            self._refresh(part)

    def players(self) -> None:
        vm = self._vm()

        def make(i: int) -> TroyesPlayerCard:
            return TroyesPlayerCard()

        for i, (card, row) in enumerate(zip(self._rows(self.ids.players_grid, len(vm.players), make), vm.players)):
            card.wid = f"troyes.player.{i}"
            card.seat, card.name, card.line1, card.line2 = row["seat"], row["name"], row["line1"], row["line2"]
            card.current, card.start = row["current"], row["start"]

    def square(self) -> None:
        vm = self._vm()
        for die, row in zip(self._rows(self.ids.square_grid, len(vm.square), self._square_die), vm.square):
            die.index, die.colour, die.chosen = row["index"], row["colour"], row["chosen"]
            die.wid = f"troyes.square.{row['index']}"
            die.text = f"{'✓ ' if row['chosen'] else ''}{row['face']}\n{row['owner']}"

    def _square_die(self, _i: int = 0) -> TroyesSquareDie:
        die = TroyesSquareDie()
        die.bind(on_release=lambda d: self._vm().toggle_die(d.index))
        return die

    def _reserve_square(self) -> None:
        """The square's most dice made while the table is idle: the first turn, when the square is
        first shown, does not wait for them (about a millisecond of kv rules each)."""
        grid = _strong(self.ids.square_grid)
        spare = self._spares.setdefault(grid, [])
        while len(spare) + len(grid.children) < SQUARE_MOST:
            spare.append(self._square_die())

    def _buttons(self, grid: Any, rows: Sequence[Any], on_tap: Callable[[int], None], height: float = 56) -> None:
        from kivy.app import App

        scale = App.get_running_app().scale

        def make(i: int) -> FitButton:
            button = FitButton(base_font=theme.BUTTON * scale, min_font=theme.READ * scale, size_hint_y=None, height=height * scale)
            button.bind(on_release=lambda b: on_tap(b.index))
            return button

        for i, (button, row) in enumerate(zip(self._rows(grid, len(rows), make), rows)):
            button.index, button.text, button.wid = i, row["text"], row["wid"]
            button.height = height * scale  # a kept button may have been made for another panel

    def options(self) -> None:
        # A starting citizen's 18 spaces fit without scrolling: 6 rows of 50 px.
        self._buttons(self.ids.options_grid, self._vm().options, lambda i: self._vm().pick_option(i),
                      50 if self._vm().phase == "placement" else 56)

    def actions(self) -> None:
        self._buttons(self.ids.actions_grid, self._vm().actions, lambda i: self._vm().act(i))

    def hand_colours(self) -> None:
        hand = self._vm().hand

        def make(i: int) -> TroyesColourButton:
            button = TroyesColourButton()
            button.bind(on_release=lambda b: self._vm().hand.choose(b.colour))
            return button

        for button, row in zip(self._rows(self.ids.hand_colours, len(hand.colours), make), hand.colours):
            # The chosen colour is marked, not recoloured: the button keeps its die's colour.
            chosen = row["colour"] == hand.colour
            button.colour, button.text = row["colour"], ("● " if chosen else "") + row["label"]
            button.wid = f"troyes.hand.colour.{row['colour']}"

    def _texts(self, grid: Any, texts: Sequence[tuple[str, str, bool]]) -> None:
        """Labels (wid, text, heading) in a grid, rebuilt when their number changes."""
        from kivy.app import App

        scale = App.get_running_app().scale

        def make(i: int) -> AppLabel:
            label = AppLabel(wrap=True, size_hint_y=None, font_size=theme.READ * scale)
            label.bind(texture_size=lambda lb, size: setattr(lb, "height", size[1] + 4 * scale))
            return label

        for label, (wid, text, heading) in zip(self._rows(grid, len(texts), make), texts):
            label.wid, label.text, label.bold = wid, text, heading
            label.font_size = (theme.BODY if heading else theme.READ) * scale

    def board(self) -> None:
        texts = []
        for s, section in enumerate(self._vm().board):
            texts.append((f"troyes.board.{s}", section["title"], True))
            texts += [(f"troyes.board.{s}.{i}", line, False) for i, line in enumerate(section["lines"])]
        self._texts(self.ids.board_grid, texts)

    def summary(self) -> None:
        self._texts(self.ids.summary_grid, [(f"troyes.summary.{i}", line, False)
                                            for i, line in enumerate(self._vm().summary)])

    def final(self) -> None:
        texts = []
        for row in self._vm().final:
            texts.append((f"troyes.final.{row['seat']}", f"{row['name']}: {row['total']}", True))
            texts += [(f"troyes.final.{row['seat']}.{i}", line, False) for i, line in enumerate(row["lines"])]
        self._texts(self.ids.final_grid, texts)


SCREEN_CLASS = TroyesTableScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
