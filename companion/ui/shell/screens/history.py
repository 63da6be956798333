"""History: every step of the open game, newest first (undone ones marked, a game that counts
seasons and rounds under a heading per round), the finished games, and the panel that corrects a
past entry. The words are the open game's (its GameUI's, through `app.history_vm`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from companion.ui.text.i18n import _, current_language
from companion.ui.widgets import theme
from companion.ui.widgets import AppButton, AppLabel, FitButton, Panel


class HistoryRow(Panel):
    step_text = StringProperty("")
    time_text = StringProperty("")
    text = StringProperty("")
    undone = BooleanProperty(False)
    correctable = BooleanProperty(False)


class HistoryHeading(AppLabel):
    """The words "Season 2 · Round 3" above that round's steps in a history with rounds."""


class FinishedRow(Panel):
    text = StringProperty("")


class FixTitle(AppLabel):
    pass


class PointsFixPanel(BoxLayout):
    """The points panel over a `PointsFixModel` (a step of one seat's points): a button per player
    (the chosen one selected), − / + steps around the points, Cancel and Confirm. The player
    buttons are made here because their number is the game's; the rest is in history.kv."""

    model = ObjectProperty(None)
    seat = NumericProperty(-1)  # bound to model.seat in kv, so no binding outlives this panel

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        scale = App.get_running_app().scale
        grid = self.ids.players
        players = list(self.model.players)
        # two a row in portrait: a quarter of 480 px holds no long name at the reading size
        grid.cols = max(1, min(2 if App.get_running_app().portrait else 4, len(players)))
        for player in players:
            # A long name shrinks rather than break mid-word ("Bartholom/ew") in a quarter row.
            button = FitButton(wid=f"history.fix.seat.{player['seat']}", text=player["name"],
                               base_font=19 * scale, min_font=theme.READ * scale, font_size=19 * scale,
                               size_hint_y=None, height=56 * scale, selected=player["seat"] == self.seat)
            button.seat = player["seat"]
            button.bind(on_release=lambda _b, s=player["seat"]: self.model.choose(s))
            grid.add_widget(button)

    def on_seat(self, _instance: Any, seat: float) -> None:
        grid = self.ids.get("players")  # absent while the kv rule is still being applied
        for button in grid.children if grid is not None else ():
            button.selected = getattr(button, "seat", -1) == seat


#: Rows made at once when the history opens (more than a screen shows), then this many a frame.
ROWS_AT_ONCE = 24
ROWS_A_FRAME = 8


class HistoryScreen(Screen):
    """The steps, newest first. A long game has hundreds: a row is kept for as long as its step
    shows the same (reopening the history after a tap makes only the new rows), and past the first
    `ROWS_AT_ONCE` new rows the rest are made `ROWS_A_FRAME` a frame, below the ones on screen (the
    list opens at the top), so the screen shows at once however long the game, and stays smooth
    while the older rows come in."""

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().history_vm
        self._rows: dict[tuple[Any, ...], Any] = {}  # what a row shows -> the row showing it
        self._pending: Any = None  # the clock event making the rest of the rows
        # Not `fixes` or `rows`: they change together with `fixing` and `lines`, and each
        # redraw of a long game's history (a few hundred steps) makes hundreds of widgets.
        vm.bind(lines=lambda *_: self.rebuild_steps(), fixing=lambda *_: self.rebuild_steps(),
                fix_then=lambda *_: self.rebuild_steps(), finished=lambda *_: self.rebuild_finished())
        self.rebuild_steps()
        self.rebuild_finished()

    def rebuild_steps(self) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.history_vm
        steps = self.ids.steps
        if self._pending is not None:
            self._pending.cancel()
            self._pending = None
        steps.clear_widgets()
        if vm.fixing and vm.fix_kind == "points":
            steps.add_widget(FixTitle(text=vm.fix_title))
            steps.add_widget(PointsFixPanel(model=vm.points_fix))
        elif vm.fixing:
            self._choices_panel(app, vm, steps)
        else:
            lines = [(self._key(app, line), line) for line in vm.lines]
            wanted = {key for key, _line in lines}
            self._rows = {key: row for key, row in self._rows.items() if key in wanted}
            self._add_rows(app, vm, lines, 0, ROWS_AT_ONCE)

    def _add_rows(self, app: Any, vm: Any, lines: list[tuple[tuple[Any, ...], Mapping[str, Any]]], start: int,
                  budget: int) -> None:
        """Adds the rows for `lines[start:]` ((key, line) pairs) in order, making at most `budget`
        new ones; the rest follow at the next frame (unless the app has stopped by then)."""
        from kivy.app import App
        from kivy.clock import Clock

        if App.get_running_app() is not app:
            self._pending = None
            return
        steps, made = self.ids.steps, 0
        for index in range(start, len(lines)):
            key, line = lines[index]
            row = self._rows.get(key)
            if row is None:
                if made == budget:
                    self._pending = Clock.schedule_once(
                        lambda _dt: self._add_rows(app, vm, lines, index, ROWS_A_FRAME), 0)
                    return
                row = self._rows[key] = self._make_row(app, vm, line)
                made += 1
            steps.add_widget(row)
        self._pending = None

    @property
    def filling(self) -> bool:
        """True while older rows are still being made, a few a frame."""
        return self._pending is not None

    @staticmethod
    def _key(app: Any, line: Mapping[str, Any]) -> tuple[Any, ...]:
        """Everything a row is made from (the language and scale its button was made in too)."""
        return (current_language(), app.scale, line["kind"], line["text"], line.get("step"), line.get("time"),
                line.get("undone"), line.get("correctable", False))

    def _make_row(self, app: Any, vm: Any, line: Mapping[str, Any]) -> Any:
        if line["kind"] == "heading":
            return HistoryHeading(text=line["text"])
        return self._step_row(app, vm, line)

    def rebuild_finished(self) -> None:
        from kivy.app import App

        games = self.ids.finished
        games.clear_widgets()
        for row in App.get_running_app().history_vm.finished:
            games.add_widget(FinishedRow(text=row["text"]))

    @staticmethod
    def _step_row(app: Any, vm: Any, row: Mapping[str, Any]) -> HistoryRow:
        line = HistoryRow(step_text=str(row["step"]), time_text=row["time"], text=row["text"],
                          undone=row["undone"], correctable=row.get("correctable", False))
        if line.correctable:
            button = AppButton(wid=f"history.correct.{row['step']}", text=_("Correct…"),
                               font_size=18 * app.scale, size_hint=(None, None),
                               width=120 * app.scale, height=48 * app.scale,
                               pos_hint={"center_y": 0.5})
            button.bind(on_release=lambda _b, s=row["step"]: vm.open_fix(s))
            line.add_widget(button)
        return line

    @staticmethod
    def _choices_panel(app: Any, vm: Any, steps: Any) -> None:
        """The correct panel, in place of the steps: what the step could have been, and Cancel."""
        steps.add_widget(FixTitle(text=vm.fix_title))
        cancel = AppButton(wid="history.fix.cancel", text=_("Cancel"), size_hint_y=None, height=52 * app.scale)
        cancel.bind(on_release=lambda *_: vm.close_fix())
        steps.add_widget(cancel)
        for fix in vm.fixes:
            button = AppButton(wid=f"history.fix.{fix['index']}", text=fix["text"], size_hint_y=None,
                               font_size=19 * app.scale, height=52 * app.scale)
            button.bind(on_release=lambda _b, i=fix["index"]: app.correct_step(i))
            steps.add_widget(button)


SCREEN_CLASS = HistoryScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
