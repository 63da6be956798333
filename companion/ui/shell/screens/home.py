"""Home: the games (built or not), Resume when an unfinished game exists, History and Settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.lang import Builder
from kivy.uix.screenmanager import Screen

from kivy.utils import escape_markup

from companion.ui.widgets import theme
from companion.ui.widgets import AppButton


class HomeScreen(Screen):
    def on_kv_post(self, base_widget: Any) -> None:
        from kivy.app import App

        vm = App.get_running_app().home_vm
        vm.bind(games=lambda *_: self.rebuild(vm.games))
        self.rebuild(vm.games)

    def rebuild(self, games: list[dict[str, Any]]) -> None:
        """One tile per game; a game not built yet is shown, disabled, with that said on it."""
        from kivy.app import App

        app = App.get_running_app()
        grid = self.ids.games
        grid.clear_widgets()
        for game in games:
            tile = AppButton(
                wid=f"home.game.{game['id']}",
                text=(f"[size={round(28 * app.scale)}]{escape_markup(game['title'])}[/size]\n"
                      f"[size={round(18 * app.scale)}]{escape_markup(game['detail'])}[/size]"),
                markup=True,
                bg=theme.ACCENT if game["built"] else theme.NEUTRAL,
                disabled=not game["built"],
            )
            tile.bind(on_release=lambda _btn, gid=game["id"]: app.open_game(gid))
            grid.add_widget(tile)


SCREEN_CLASS = HomeScreen
Builder.load_file(str(Path(__file__).with_suffix(".kv")))
