"""Card facts (Settings → Card facts): a game's editable data tables, drawn from the game's own
declaration by the kit (`app.card_facts_vm`): one tab per table, the entries in the table's
language, and the chosen entry's fields — a number by − / + steppers within its bounds, a choice
by its buttons — each with its S/U mark or the table's own value beside the data's, and a button
back to the data's value. The screen builds the repeated rows; the view-model says what they show."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.screenmanager import Screen

from companion.ui.text.formatting import game_title
from companion.ui.text.i18n import _
from companion.ui.widgets import AppButton, AppLabel, FitButton, theme


def _pick_button(wid: str, text: str, selected: bool, on_tap: Callable[[], None], scale: float) -> FitButton:
    """A game's, a table's or an entry's button: marked while it is the one shown."""
    button = FitButton(wid=wid, text=text, selected=selected, base_font=theme.BODY * scale)
    button.bind(on_release=lambda _b: on_tap())
    return button


class CardFactRow(BoxLayout):
    """One field of the chosen entry: its label and mark, then its controls."""


class CardFactsScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        app = App.get_running_app()
        vm = app.card_facts_vm
        vm.bind(tables=lambda *_: self._tabs(), entries=lambda *_: self._entries(), fields=lambda *_: self._fields())
        self._tabs()
        self._entries()
        self._fields()

    def _app(self) -> Any:
        from kivy.app import App

        return App.get_running_app()

    def _tabs(self) -> None:
        app = self._app()
        vm, box = app.card_facts_vm, self.ids.tabs
        box.clear_widgets()
        for game in vm.games if len(vm.games) > 1 else ():
            box.add_widget(_pick_button(f"card_facts.game.{game}", game_title(game), game == vm.game,
                                        lambda g=game: vm.choose_game(g), app.scale))
        for table in vm.tables:
            box.add_widget(_pick_button(f"card_facts.table.{table['id']}", table["text"], table["selected"],
                                        lambda t=table["id"]: vm.choose_table(t), app.scale))

    def _entries(self) -> None:
        app = self._app()
        vm, grid = app.card_facts_vm, self.ids.entries
        grid.clear_widgets()
        for entry in vm.entries:
            grid.add_widget(_pick_button(f"card_facts.pick.{entry['id']}", entry["text"], entry["selected"],
                                         lambda e=entry["id"]: vm.choose_entry(e), app.scale))

    def _fields(self) -> None:
        app = self._app()
        vm, box, scale = app.card_facts_vm, self.ids.fields, app.scale
        shown = (vm.game, vm.table_id, vm.entry_id)
        if shown != getattr(self, "_shown", None):
            self._shown = shown
            self.ids.detail_view.scroll_y = 1  # another entry: its top first (a change keeps the place)
        box.clear_widgets()
        for row in vm.fields:
            widget = CardFactRow()
            widget.ids.label.text = row["label"]
            widget.ids.status.text = row["status"]
            widget.ids.status.color = theme.GOLD if row["own"] else theme.MUTED
            controls, name = widget.ids.controls, row["name"]
            prefix = f"card_facts.field.{name}"
            widget.ids.status.wid = f"{prefix}.status"
            # Side by side where the detail is narrow beside the list (landscape); in portrait
            # the detail has the whole width, and the words keep it above their controls.
            beside = "vertical" if app.portrait else "horizontal"
            if row["kind"] == "number":
                widget.orientation = beside
                holder = BoxLayout(size_hint=(None, None), height=56 * scale, spacing=8 * scale)
                holder.bind(minimum_width=holder.setter("width"))
                controls.size_hint_x = None
                controls.bind(minimum_width=controls.setter("width"))
                minus = AppButton(wid=f"{prefix}.minus", text="−", font_size=theme.SCORE * scale, size_hint_x=None,
                                  width=56 * scale, disabled=not row["can_minus"])
                minus.bind(on_release=lambda _b, n=name: vm.step(n, -1))
                value = AppLabel(wid=f"{prefix}.value", text=row["text"], font_size=theme.SCORE * scale, bold=True,
                                 halign="center", size_hint_x=None, width=64 * scale)
                value.text_size = (value.width, None)
                plus = AppButton(wid=f"{prefix}.plus", text="+", font_size=theme.SCORE * scale, size_hint_x=None,
                                 width=56 * scale, disabled=not row["can_plus"])
                plus.bind(on_release=lambda _b, n=name: vm.step(n, 1))
                for part in (minus, value, plus):
                    holder.add_widget(part)
                # kept in its place while hidden: every field's − value + stands in one column
                holder.add_widget(self._restore(vm, row, prefix, scale, size_hint_x=None, width=130 * scale,
                                                opacity=1 if row["own"] else 0, disabled=not row["own"]))
                controls.add_widget(holder)
            elif row["kind"] == "choice":
                widget.orientation = beside
                cols = min(3, len(row["choices"]) + (1 if row["own"] else 0))
                grid = GridLayout(cols=cols, spacing=8 * scale, size_hint=(None, None), row_force_default=True,
                                  row_default_height=52 * scale, width=cols * 112 * scale + (cols - 1) * 8 * scale)
                grid.bind(minimum_height=grid.setter("height"))
                controls.size_hint_x = None
                controls.width = grid.width
                for choice in row["choices"]:
                    button = FitButton(wid=f"{prefix}.{choice['value']}", text=choice["text"],
                                       selected=choice["selected"], base_font=theme.BODY * scale)
                    button.bind(on_release=lambda _b, n=name, v=choice["value"]: vm.set(n, v))
                    grid.add_widget(button)
                if row["own"]:
                    grid.add_widget(self._restore(vm, row, prefix, scale))
                controls.add_widget(grid)
            else:
                widget.orientation = "vertical"
                shown = AppLabel(wid=f"{prefix}.value", text=row["text"], font_size=theme.BODY * scale,
                                 size_hint_y=None, wrap=True)
                shown.bind(texture_size=lambda w, s: setattr(w, "height", s[1] + 4 * scale))
                controls.add_widget(shown)
            box.add_widget(widget)

    @staticmethod
    def _restore(vm: Any, row: dict[str, Any], prefix: str, scale: float, **size: Any) -> Any:
        """"Back to" the data's value, while the table's own value is in force."""
        button = FitButton(wid=f"{prefix}.restore", text=_("Back to {value}").format(value=row["shipped"]),
                           base_font=theme.BODY * scale, **size)
        button.bind(on_release=lambda _b, n=row["name"]: vm.restore(n))
        return button


SCREEN_CLASS = CardFactsScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
