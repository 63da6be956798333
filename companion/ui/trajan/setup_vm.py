"""Trajan set-up view-model: player count, names, colours, pads, start player, mode, draws and the
S/U settings, as Kivy properties; with "Table draws" a second page enters what the table drew
(`setup_draws`). Pure: fed `GameChoice`s, makes one `new_game` intent; no window needed."""

from __future__ import annotations

from typing import Any, Sequence

from kivy.event import EventDispatcher
from kivy.properties import (
    BooleanProperty, ListProperty, NumericProperty, ObjectProperty, StringProperty,
)

from companion.session import Intent, Notice
from companion.ui.text import formatting as fmt
from companion.ui.shell.choices import GameChoice, SettingInfo
from companion.ui.text.i18n import _, translate_notice, translate_rule
from companion.ui.text.provenance import said_short
from companion.ui.trajan import names
from companion.ui.trajan.setup_draws import TrajanDrawsViewModel
from companion.ui.shell.setup_pads import DEFAULT_PAD_COUNT, PadChoice

DEFAULT_COLOURS = ("red", "blue", "green", "yellow")


class TrajanSetupViewModel(EventDispatcher):
    """A new Trajan game: 2–4 players, names, colours, start player, mode, draws and settings.

    `names` holds what was typed ("" = not typed) and `hints` the default each empty field stands
    for, in the current language. Settings not touched stay at their defaults and are not sent.
    `pads` says which handheld pad plays each seat. With "Table draws" Start first opens the page
    where the table enters what it drew (`draws_open`, `draws`); Start there starts the game.
    `notice_text` / `notice_rule`: the last refusal of this set-up, translated, shown on its page.
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
    #: What the chosen mode and draws mean, in the players' words (portrait has room for them)
    choices_explained = StringProperty("")
    title = StringProperty("")
    draws_open = BooleanProperty(False)
    start_text = StringProperty("")
    can_start = BooleanProperty(True)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    pads = ObjectProperty(None)
    draws = ObjectProperty(None)

    def __init__(self, pad_count: int = DEFAULT_PAD_COUNT, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pads = PadChoice(int(self.count), pad_count)
        self.draws = TrajanDrawsViewModel()
        self.draws.bind(complete=lambda *_: self._relabel_start_button())
        self._notice: Notice | None = None
        self._typed: dict[int, str] = {}
        self._palette: tuple[str, ...] = DEFAULT_COLOURS
        self._settings: tuple[SettingInfo, ...] = ()
        self._said: dict[str, Any] = {}
        self._picked: dict[str, int] = {}  # setting name → option index (0 = default)
        self.colours = list(self._palette[:int(self.count)])
        self.relabel()

    def configure(self, choice: GameChoice) -> None:
        self.min_count, self.max_count = choice.min_players, choice.max_players
        self._palette = tuple(choice.colours) or DEFAULT_COLOURS
        self._settings = tuple(choice.settings)
        self._said = dict(choice.offer.get("said", {}))  # setting → {by, page}: who gives its default
        self._picked = {}
        self.settings_open = self.draws_open = False
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
        self.pads.set_seats(int(self.count))
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

    def remember(self, players: Sequence[str], colours: Sequence[str] = (),
                 pads: Sequence[int | None] | None = None) -> None:
        """Names (and colours, and pads) of the last game, offered again: a game night keeps its
        players, and each keeps the place (and pad) they had."""
        self._typed = {i: n for i, n in enumerate(players) if n != fmt.default_player_name(i + 1)}
        if colours and len(set(colours)) == len(colours) and all(c in self._palette for c in colours):
            self.colours = list(colours)
        if players:
            self.set_count(len(players))
        self.pads.remember(pads)

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
        self._explain_choices()

    def set_digital_draws(self, digital: bool) -> None:
        self.digital_draws = bool(digital)
        self._relabel_start_button()
        self._explain_choices()

    def _explain_choices(self) -> None:
        mode = (_("Full wheel: pick up a tray as on the board; the app shows where the last marker lands.")
                if self.mode != "light" else
                _("Light mode: for a table that does not mirror its wheel; enter how many markers moved and the tray."))
        draws = (_("App draws: the app shuffles the tiles and turns them up as the game asks.")
                 if self.digital_draws else
                 _("Table draws: you play with the box's tiles and enter what you drew; Next asks for it."))
        self.choices_explained = f"{mode}\n{draws}"

    def cycle_pad(self, seat: int) -> None:
        self.pads.cycle(seat)

    # -- what the table drew ---------------------------------------------------------------------

    def wants_draws_entry(self) -> bool:
        """Start on the players page of a table that draws by hand leads to the draws page."""
        return not self.digital_draws and not self.draws_open

    def open_draws(self) -> None:
        self.draws.configure(self.players(), list(self.colours[:int(self.count)]))
        self.settings_open = False
        self.draws_open = True
        self.relabel()

    def back(self) -> bool:
        """Back on the draws page returns to the players page (True); elsewhere it is the app's (False)."""
        if self.draws_open:
            self.draws_open = False
            self.relabel()
            return True
        return False

    def game_started(self) -> None:
        """The set-up became a game: the next set-up starts on the players page, with no draws."""
        self.settings_open = self.draws_open = False
        self.draws.clear()
        self.show_notice(None)
        self.relabel()

    def show_notice(self, notice: Notice | None) -> None:
        """A refusal of this set-up (the rules' or the session's), translated with Trajan's names."""
        self._notice = notice
        self._relabel_notice()

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
        self.title = _("What the table drew") if self.draws_open else _("New Trajan game")
        self.hints = [fmt.default_player_name(i + 1) for i in range(n)]
        self.names = [self._typed.get(i, "") for i in range(n)]
        self.colour_names = [names.colour(c) for c in self.colours]
        self._relabel_start()
        self._relabel_settings()
        self.pads.relabel()
        self.draws.relabel()
        self._relabel_start_button()
        self._relabel_notice()
        self._explain_choices()

    def _relabel_start_button(self) -> None:
        self.start_text = _("Next") if self.wants_draws_entry() else _("Start")
        self.can_start = bool(self.draws.complete) if self.draws_open else True

    def _relabel_notice(self) -> None:
        notice = self._notice
        if notice is None:
            self.notice_text = self.notice_rule = ""
            return
        self.notice_text = translate_notice(notice.template, names.translate_params(notice.params))
        self.notice_rule = _("Rule: {rule}").format(rule=translate_rule(notice.rule)) if notice.rule else ""

    def _relabel_start(self) -> None:
        players = self.players()
        options = [{"wid": "trajan.setup.first.random", "text": _("Random"), "selected": self.start_player < 0}]
        options += [{"wid": f"trajan.setup.first.{i}", "text": name, "selected": self.start_player == i}
                    for i, name in enumerate(players)]
        self.start_options = options

    def _source(self, name: str) -> str:
        """Who gives a setting's default, in the players' words (the rulebook in your box and its
        page, another source, no source: check your box), from the game's `said`; a setting it
        does not name is "another source" (the digest's keys are docs/trajan.md's, not the page's)."""
        said = self._said.get(name) or {}
        return said_short(str(said.get("by", "source")), str(said.get("page", "")))

    def _relabel_settings(self) -> None:
        rows = []
        for info in self._settings:
            index = self._picked.get(info.name, 0)
            value = info.options[index].label if info.options else info.default
            rows.append({
                "name": info.name, "wid": f"trajan.setup.setting.{info.name}", "title": names.setting(info.name),
                "value": names.setting_text(value), "source": self._source(info.name),
                "changeable": len(info.options) > 1, "changed": index > 0,
            })
        self.settings_rows = rows
        changed = sum(1 for r in rows if r["changed"])
        self.settings_summary = (_("Settings: all {n} at their defaults").format(n=len(rows)) if not changed
                                 else _("Settings: {n} changed").format(n=changed))

    def players(self) -> list[str]:
        return [(self.names[i] if i < len(self.names) else "").strip() or self.hints[i] for i in range(int(self.count))]

    def intent(self) -> Intent:
        """The new game as set up; pads only when they differ from pad k for seat k (the session's
        default), like settings. With "Table draws", once the draws page is open, what the table
        drew goes along (all of it: the page's Start waits until nothing is blank)."""
        setup: dict[str, Any] = {
            "players": self.players(), "colours": list(self.colours[:int(self.count)]),
            "start_player": None if self.start_player < 0 else int(self.start_player),
            "mode": self.mode, "digital_draws": bool(self.digital_draws),
        }
        if not self.pads.is_default():
            setup["pads"] = self.pads.value()
        overrides = self.settings_overrides()
        if overrides:
            setup["settings"] = overrides
        if self.draws_open and not self.digital_draws:
            setup.update(self.draws.setup_fields())
        return Intent("new_game", {"game": "trajan", "setup": setup})
