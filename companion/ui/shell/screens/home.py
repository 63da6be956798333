"""Home: every unfinished game (tap to resume it, Close… then confirm to close it), what start-up
found in the files (a set-aside game with its Recover), the games to start, History and Settings.

The rows are built here from the home view-model's lists (`HomeViewModel`); the words are its.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from kivy.lang import Builder
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.ui.text.i18n import _
from companion.ui.widgets import AppButton, AppLabel, Panel, theme


def _fit_height(widget: Any, least: float = 0, pad: float = 0) -> None:
    """The widget as tall as its wrapped text (and at least `least`): nothing is cut."""
    widget.bind(texture_size=lambda w, size: setattr(w, "height", max(least, size[1] + pad)))


class HomeScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().home_vm
        vm.bind(games=lambda *_: self.rebuild(vm.games), has_list=lambda *_: self.rebuild(vm.games),
                unfinished=lambda *_: self.rebuild_list(), files=lambda *_: self.rebuild_list())
        self.rebuild(vm.games)
        self.rebuild_list()

    def rebuild(self, games: list[dict[str, Any]]) -> None:
        """One tile per game; a game not built yet is shown, disabled, with that said on it."""
        from kivy.app import App

        app = App.get_running_app()
        beside = app.home_vm.has_list  # beside or below the list: a little smaller
        title, detail = round((24 if beside else 28) * app.scale), round(18 * app.scale)
        grid = self.ids.games
        grid.clear_widgets()
        for game in games:
            tile = AppButton(
                wid=f"home.game.{game['id']}",
                text=(f"[size={title}]{escape_markup(game['title'])}[/size]\n"
                      f"[size={detail}]{escape_markup(game['detail'])}[/size]"),
                markup=True,
                bg=theme.ACCENT if game["built"] else theme.NEUTRAL,
                disabled=not game["built"],
            )
            tile.bind(on_release=lambda _btn, gid=game["id"]: app.open_game(gid))
            grid.add_widget(tile)

    def rebuild_list(self) -> None:
        """What the files came to (rare, and a set-aside game is worth a look first), then the
        unfinished games, each part under its heading."""
        from kivy.app import App

        app = App.get_running_app()
        vm = app.home_vm
        listing = self.ids.listing
        listing.clear_widgets()
        if vm.files:
            listing.add_widget(self._heading(app, _("About the files")))
        for index, row in enumerate(vm.files):
            listing.add_widget(self._file_row(app, index, row))
        if vm.unfinished:
            listing.add_widget(self._heading(app, _("Unfinished games")))
        for index, row in enumerate(vm.unfinished):
            listing.add_widget(self._confirm(app, index, row) if row["confirming"] else self._game_row(app, index, row))

    @staticmethod
    def _heading(app: Any, text: str) -> AppLabel:
        label = AppLabel(text=text, color=theme.MUTED, wrap=True, size_hint_y=None, font_size=theme.READ * app.scale)
        _fit_height(label, pad=4 * app.scale)
        return label

    @staticmethod
    def _game_row(app: Any, index: int, row: Mapping[str, Any]) -> BoxLayout:
        """The game's words on one big target (resume), and its Close… beside it."""
        scale = app.scale
        line = BoxLayout(size_hint_y=None, spacing=6 * scale)
        words = f"[b]{escape_markup(row['title'])}[/b]"
        if row["players"]:
            words += f"\n{escape_markup(row['players'])}"
        words += f"\n[color=#A9B3C1]{escape_markup(row['when'])}[/color]"
        resume = AppButton(wid=f"home.unfinished.{index}", text=words, markup=True, halign="left",
                           font_size=19 * scale, bg=theme.PLUS, size_hint_y=None)
        _fit_height(resume, least=64 * scale, pad=14 * scale)
        resume.bind(height=lambda _w, h: setattr(line, "height", h))
        resume.bind(on_release=lambda *_: app.resume_game(row["path"]))
        close = AppButton(wid=f"home.unfinished.{index}.close", text=_("Close..."), font_size=19 * scale,
                          size_hint=(None, 1), width=112 * scale)
        close.bind(on_release=lambda *_: app.home_vm.ask_close(row["path"]))
        line.add_widget(resume)
        line.add_widget(close)
        return line

    @staticmethod
    def _confirm(app: Any, index: int, row: Mapping[str, Any]) -> Panel:
        """In place of the row: what closing does, Cancel, and Close game."""
        scale = app.scale
        panel = Panel(orientation="vertical", size_hint_y=None, padding=8 * scale, spacing=6 * scale)
        question = AppLabel(wid=f"home.unfinished.{index}.question", wrap=True, size_hint_y=None,
                            font_size=19 * scale,
                            text=_("Close {game}? It stays in the history, but is no longer offered to resume.")
                            .format(game=row["title"]))
        _fit_height(question)
        buttons = BoxLayout(size_hint_y=None, height=56 * scale, spacing=8 * scale)
        cancel = AppButton(wid=f"home.unfinished.{index}.cancel", text=_("Cancel"), font_size=19 * scale)
        cancel.bind(on_release=lambda *_: app.home_vm.cancel_close())
        confirm = AppButton(wid=f"home.unfinished.{index}.confirm", text=_("Close game"), font_size=19 * scale,
                            bg=theme.MINUS)
        confirm.bind(on_release=lambda *_: app.close_game(row["path"]))
        buttons.add_widget(cancel)
        buttons.add_widget(confirm)
        panel.add_widget(question)
        panel.add_widget(buttons)
        _panel_height(panel, question, buttons)
        return panel

    @staticmethod
    def _file_row(app: Any, index: int, row: Mapping[str, Any]) -> Panel:
        """A notice: what happened to which file, and the fix; for a set-aside game its Recover in
        place of the fix's words (the rescue by hand is the doctor's and the log's to tell)."""
        scale = app.scale
        panel = Panel(orientation="vertical", size_hint_y=None, padding=8 * scale, spacing=4 * scale)
        text = AppLabel(wid=f"home.file.{index}", text=row["text"], wrap=True, size_hint_y=None, font_size=theme.READ * scale)
        parts = [text]
        if not row["recoverable"]:
            parts.append(AppLabel(wid=f"home.file.{index}.fix", text=row["fix"], wrap=True, size_hint_y=None,
                                  font_size=theme.READ * scale, color=theme.MUTED))
        for label in parts:
            _fit_height(label)
            panel.add_widget(label)
        if row["recoverable"]:
            recover = AppButton(wid=f"home.file.{index}.recover", text=_("Recover"), font_size=19 * scale,
                                bg=theme.PLUS, size_hint_y=None, height=56 * scale)
            recover.bind(on_release=lambda *_: app.recover_game(row["path"]))
            panel.add_widget(recover)
            parts.append(recover)
        _panel_height(panel, *parts)
        return panel


def _panel_height(panel: Any, *parts: Any) -> None:
    """A panel as tall as what it holds (its padding and spacing included), following each part."""

    def fit(*_args: Any) -> None:
        pad = panel.padding[1] + panel.padding[3] if len(panel.padding) == 4 else 2 * panel.padding[0]
        panel.height = sum(p.height for p in parts) + panel.spacing * (len(parts) - 1) + pad

    for part in parts:
        part.bind(height=fit)
    fit()


SCREEN_CLASS = HomeScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
