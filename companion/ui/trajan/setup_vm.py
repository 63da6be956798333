"""Trajan set-up view-model: player count, names, colours, start player, mode, draws and the S/U
settings, as Kivy properties. Pure: fed `GameChoice`s, posts one `new_game` intent; no window needed."""

from __future__ import annotations

from typing import Any, Sequence

from companion.ui import environment

environment.prepare()

from kivy.event import EventDispatcher  # noqa: E402
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty  # noqa: E402

from companion.session import Intent  # noqa: E402
from companion.ui import formatting as fmt  # noqa: E402
from companion.ui.catalog import GameChoice, SettingInfo  # noqa: E402
from companion.ui.i18n import _  # noqa: E402
from companion.ui.trajan import names  # noqa: E402

DEFAULT_COLOURS = ("red", "blue", "green", "yellow")


class TrajanSetupViewModel(EventDispatcher):
    """A new Trajan game: 2–4 players, names, colours, start player, mode, draws and settings.

    `names` holds what was typed ("" = not typed) and `hints` the default each empty field stands
    for, in the current language. Settings not touched stay at their defaults and are not sent.
    """

    count = NumericProperty(2)
    min_count = NumericProperty(2)
    max_count = NumericProperty(4)
    names = ListProperty([])
    hints = ListProperty([])
    colours = ListProperty([])  # per seat
    colour_names = ListProperty([])  # per seat, translated
    start_player = NumericProperty(-1)  # -1: random
    start_options = ListProperty([])  # [{wid, text, selected}] random first
    mode = StringProperty("full")
    digital_draws = BooleanProperty(True)
    settings_open = BooleanProperty(False)
    settings_rows = ListProperty([])  # [{name, wid, title, value, source, changeable, changed}]
    settings_summary = StringProperty("")
    title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._typed: dict[int, str] = {}
        self._palette: tuple[str, ...] = DEFAULT_COLOURS
        self._settings: tuple[SettingInfo, ...] = ()
        self._picked: dict[str, int] = {}  # setting name → option index (0 = default)
        self.colours = list(self._palette[:int(self.count)])
        self.relabel()

    def configure(self, choice: GameChoice) -> None:
        self.min_count, self.max_count = choice.min_players, choice.max_players
        self._palette = tuple(choice.colours) or DEFAULT_COLOURS
        self._settings = tuple(choice.settings)
        self._picked = {}
        self.set_count(min(max(int(self.count), int(self.min_count)), int(self.max_count)))

    # -- players ---------------------------------------------------------------------------------

    def set_count(self, count: int) -> None:
        self.count = int(min(max(count, self.min_count), self.max_count))
        colours = [c for c in self.colours[:int(self.count)] if c in self._palette]
        for c in self._palette:
            if len(colours) >= self.count:
                break
            if c not in colours:
                colours.append(c)
        self.colours = colours
        if self.start_player >= self.count:
            self.start_player = -1
        self.relabel()

    def increase(self) -> None:
        self.set_count(int(self.count) + 1)

    def decrease(self) -> None:
        self.set_count(int(self.count) - 1)

    def set_name(self, index: int, text: str) -> None:
        if text:
            self._typed[index] = text
        else:
            self._typed.pop(index, None)
        if index < len(self.names) and self.names[index] != text:
            self.names[index] = text
            self._relabel_start()

    def remember(self, players: Sequence[str], colours: Sequence[str] = ()) -> None:
        """Names (and colours) of the last game, offered again: a game night keeps its players."""
        self._typed = {i: n for i, n in enumerate(players) if n != fmt.default_player_name(i + 1)}
        if colours and len(set(colours)) == len(colours) and all(c in self._palette for c in colours):
            self.colours = list(colours)
        if players:
            self.set_count(len(players))

    def next_colour(self, seat: int) -> None:
        """Seat `seat` takes the next colour of the palette that no other seat has."""
        if not 0 <= seat < len(self.colours):
            return
        taken = set(self.colours) - {self.colours[seat]}
        start = self._palette.index(self.colours[seat]) if self.colours[seat] in self._palette else -1
        for step in range(1, len(self._palette) + 1):
            candidate = self._palette[(start + step) % len(self._palette)]
            if candidate not in taken:
                colours = list(self.colours)
                colours[seat] = candidate
                self.colours = colours
                break
        self.relabel()

    def choose_start(self, seat: int) -> None:
        """-1 = the app draws the start player."""
        self.start_player = seat if -1 <= seat < self.count else -1
        self._relabel_start()

    def set_mode(self, mode: str) -> None:
        self.mode = "light" if mode == "light" else "full"

    def set_digital_draws(self, digital: bool) -> None:
        self.digital_draws = bool(digital)

    # -- settings --------------------------------------------------------------------------------

    def open_settings(self) -> None:
        self.settings_open = True

    def close_settings(self) -> None:
        self.settings_open = False

    def cycle_setting(self, name: str) -> None:
        info = next((s for s in self._settings if s.name == name), None)
        if info is None or len(info.options) < 2:
            return
        self._picked[name] = (self._picked.get(name, 0) + 1) % len(info.options)
        if self._picked[name] == 0:
            del self._picked[name]
        self._relabel_settings()

    def settings_overrides(self) -> dict[str, Any]:
        out = {}
        for info in self._settings:
            index = self._picked.get(info.name, 0)
            if index and index < len(info.options):
                out[info.name] = info.options[index].value
        return out

    # -- words ------------------------------------------------------------------------------------

    def relabel(self) -> None:
        n = int(self.count)
        self.title = _("New Trajan game")
        self.hints = [fmt.default_player_name(i + 1) for i in range(n)]
        self.names = [self._typed.get(i, "") for i in range(n)]
        self.colour_names = [names.colour(c) for c in self.colours]
        self._relabel_start()
        self._relabel_settings()

    def _relabel_start(self) -> None:
        players = self.players()
        options = [{"wid": "trajan.setup.first.random", "text": _("Random"), "selected": self.start_player < 0}]
        options += [{"wid": f"trajan.setup.first.{i}", "text": name, "selected": self.start_player == i}
                    for i, name in enumerate(players)]
        self.start_options = options

    def _relabel_settings(self) -> None:
        rows = []
        for info in self._settings:
            index = self._picked.get(info.name, 0)
            value = info.options[index].label if info.options else info.default
            rows.append({
                "name": info.name, "wid": f"trajan.setup.setting.{info.name}", "title": names.setting(info.name),
                "value": names.setting_text(value), "source": names.setting_text(info.source),
                "changeable": len(info.options) > 1, "changed": index > 0,
            })
        self.settings_rows = rows
        changed = sum(1 for r in rows if r["changed"])
        self.settings_summary = (_("Settings: all {n} at their defaults").format(n=len(rows)) if not changed
                                 else _("Settings: {n} changed").format(n=changed))

    def players(self) -> list[str]:
        return [(self.names[i] if i < len(self.names) else "").strip() or self.hints[i] for i in range(int(self.count))]

    def intent(self) -> Intent:
        setup: dict[str, Any] = {
            "players": self.players(), "colours": list(self.colours[:int(self.count)]),
            "start_player": None if self.start_player < 0 else int(self.start_player),
            "mode": self.mode, "digital_draws": bool(self.digital_draws),
        }
        overrides = self.settings_overrides()
        if overrides:
            setup["settings"] = overrides
        return Intent("new_game", {"game": "trajan", "setup": setup})
