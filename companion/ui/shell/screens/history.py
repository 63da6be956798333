"""History: every step of the open game, newest first (undone ones marked, a game that counts
seasons and rounds under a heading per round), the finished games, and the panel that corrects a
past entry. The words are the open game's (its GameUI's, through `app.history_vm`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from kivy.lang import Builder
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.recycleboxlayout import RecycleBoxLayout
from kivy.uix.recycleview.views import RecycleDataViewBehavior
from kivy.uix.screenmanager import Screen

from companion.ui.text.i18n import _, current_language
from companion.ui.widgets import theme
from companion.ui.widgets import AppButton, AppLabel, FitButton, Panel


class HistoryRow(RecycleDataViewBehavior, Panel):
    """One step's row, a view the history's RecycleView fills from a line (`HistoryScreen.data_of`)
    and reuses for another as the list scrolls. Its Correct… button is made once and shown only on
    a row whose step can be corrected, named after that step."""

    step = NumericProperty(0)
    step_text = StringProperty("")
    time_text = StringProperty("")
    text = StringProperty("")
    undone = BooleanProperty(False)
    correctable = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        from kivy.app import App

        super().__init__(**kwargs)
        scale = App.get_running_app().scale
        self._correct = AppButton(text=_("Correct..."), font_size=18 * scale, size_hint=(None, None),
                                  width=120 * scale, height=48 * scale, pos_hint={"center_y": 0.5})
        self._correct.bind(on_release=lambda *_: App.get_running_app().history_vm.open_fix(int(self.step)))
        self._language = current_language()

    def refresh_view_attrs(self, rv: Any, index: int, data: Mapping[str, Any]) -> None:
        super().refresh_view_attrs(rv, index, data)
        if self._language != current_language():  # the table changed its language since it was made
            self._correct.text, self._language = _("Correct..."), current_language()
        self._correct.wid = f"history.correct.{int(self.step)}"
        if self.correctable and self._correct.parent is None:
            self.add_widget(self._correct)
        elif not self.correctable and self._correct.parent is not None:
            self.remove_widget(self._correct)


class HistoryHeading(RecycleDataViewBehavior, AppLabel):
    """The words "Season 2 · Round 3" above that round's steps in a history with rounds."""


#: The height a row not drawn yet is laid out at before its own estimate replaces it: no drawn
#: row is ever this tall, so the estimate is put only where nothing was measured.
_NOT_MEASURED = -1.0


class HistoryRowsLayout(RecycleBoxLayout):
    """The steps' RecycleBoxLayout, with each row not drawn yet laid out at the height it will
    most likely have (its data's `estimate`: the least its kv rule gives it, which a one-line row
    has) instead of a fixed guess. Why: a row whose drawn height differs from the one it was laid
    out at makes Kivy lay out every row again (O(steps) each frame a new row scrolls in: 7 of a
    frame's 12 ms CPU at 1,000 steps); a right estimate costs nothing, only a row whose line wraps is
    measured again. The rows still size themselves (their kv rule), the estimate only places them."""

    def compute_sizes_from_data(self, data: Any, flags: Any) -> None:
        super().compute_sizes_from_data(data, flags)
        for item, opt in zip(data, self.view_opts):
            size = opt["size"]
            if opt["height_none"] and size[1] == _NOT_MEASURED:
                size[1] = item.get("estimate", 0.0)


class FinishedRow(RecycleDataViewBehavior, Panel):
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


class HistoryScreen(Screen):
    """The steps, newest first, in a RecycleView: only the rows on screen (and a few beside them)
    are widgets, filled from plain data and reused as the list scrolls, so a game of a thousand
    steps opens as fast as one of ten and scrolls at frame rate. Correcting a step shows its
    panel in place of the list; the finished games are a second RecycleView."""

    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().history_vm
        forget_kept_rows()
        # Strong references: kv's ids are weak, and only one of the two is in the tree at a time.
        self._views = (self.ids.steps.__self__, self.ids.fix_view.__self__)
        # Not `fixes` or `rows`: they change together with `fixing` and `lines`.
        vm.bind(lines=lambda *_: self.rebuild_steps(), fixing=lambda *_: self.rebuild_steps(),
                fix_then=lambda *_: self.rebuild_steps(), finished=lambda *_: self.rebuild_finished())
        self.rebuild_steps()
        self.rebuild_finished()

    def rebuild_steps(self) -> None:
        """The list of steps (the newest on top), or the open correction's panel in its place."""
        from kivy.app import App

        app = App.get_running_app()
        vm = app.history_vm
        area, steps, fix = self.ids.steps_area, self.ids.steps, self.ids.fix
        fix.clear_widgets()
        if vm.fixing:
            if vm.fix_kind == "points":
                fix.add_widget(FixTitle(text=vm.fix_title))
                fix.add_widget(PointsFixPanel(model=vm.points_fix))
            else:
                self._choices_panel(app, vm, fix)
            self._show(area, self.ids.fix_view)
            self.ids.fix_view.scroll_y = 1
        else:
            data = [self.data_of(line, app.scale) for line in vm.lines]
            if data != steps.data:  # new steps: the newest on top; back from a panel: where it was
                steps.data = data
                steps.scroll_y = 1
            self._show(area, steps)

    @staticmethod
    def _show(area: Any, view: Any) -> None:
        if view.parent is not area:
            area.clear_widgets()
            area.add_widget(view)

    @staticmethod
    def data_of(line: Mapping[str, Any], scale: float = 1.0) -> dict[str, Any]:
        """A line of the history (`HistoryViewModel.lines`) as its row's RecycleView data, with the
        height its row is laid out at until drawn (`HistoryRowsLayout`: the least its kv rule in
        history.kv gives it, at the profile's `scale`)."""
        if line["kind"] == "heading":
            return {"viewclass": "HistoryHeading", "text": line["text"], "estimate": 40 * scale}
        correctable = bool(line.get("correctable", False))
        return {"viewclass": "HistoryRow", "step": int(line["step"]), "step_text": str(line["step"]),
                "time_text": line["time"], "text": line["text"], "undone": bool(line["undone"]),
                "correctable": correctable, "estimate": (56 if correctable else 48) * scale}

    def scroll_to_step(self, step: int) -> None:
        """Scrolls the list so that step `step`'s row is in the middle of it, as far as it goes (its
        row is a widget only once drawn; rows not drawn yet are placed at an estimated height, so
        call it again once the row is drawn to place it exactly)."""
        steps, layout = self.ids.steps, self.ids.step_rows
        index = next((i for i, item in enumerate(steps.data) if item.get("step") == step), None)
        opts = layout.view_opts
        if index is None or index >= len(opts) or opts[index] is None:
            return
        scrollable = layout.height - steps.height
        if scrollable <= 0:
            return
        middle = opts[index]["pos"][1] + opts[index]["size"][1] / 2 - steps.height / 2
        steps.scroll_y = max(0.0, min(1.0, middle / scrollable))

    def rows(self) -> list[Any]:
        """The step and heading rows drawn now, top first (what is on screen and a little beyond)."""
        layout = self.ids.step_rows
        return sorted((w for w in layout.children if isinstance(w, (HistoryRow, HistoryHeading))),
                      key=lambda w: -w.y)

    def rebuild_finished(self) -> None:
        from kivy.app import App

        self.ids.finished.data = [{"viewclass": "FinishedRow", "text": row["text"]}
                                  for row in App.get_running_app().history_vm.finished]

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


def forget_kept_rows() -> None:
    """Kivy keeps the rows a RecycleView let go of in one cache for the whole process
    (`kivy.uix.recycleview.views._cached_views`, by class) and hands them to the next RecycleView
    of that class, even one of another App: a row made for an earlier App keeps that App's scale
    in its kv bindings (tests and screenshots run several Apps in one process). A new history
    screen makes its own rows.

    The cache's count (`_cache_count`) is set to what the cache holds: Kivy adds to it when it
    keeps a row but never takes away when it hands one out, and trims the cache once the count
    reaches 1000, dividing by the number of classes kept; with ours taken out that can be none,
    and every later RecycleView of the process then fails (ZeroDivisionError in `_clean_cache`)."""
    from kivy.uix.recycleview import views

    for cls in (HistoryRow, HistoryHeading, FinishedRow):
        views._cached_views.pop(cls, None)
    views._cache_count = sum(len(kept) for kept in views._cached_views.values())


SCREEN_CLASS = HistoryScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
