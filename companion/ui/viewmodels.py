"""View-models: what each screen shows, as Kivy properties, refreshed from public views only.

A screen's .kv binds to these properties and calls the app's actions; it never formats data or
decides anything. View-models are fed `TableView`s, history entries and journal listings (public
by construction) and hold no game state, so they are tested without a window.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from companion.ui import environment

environment.prepare()

from kivy.event import EventDispatcher  # noqa: E402
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty  # noqa: E402

from companion.session import Intent, TableView  # noqa: E402
from companion.ui import formatting as fmt  # noqa: E402
from companion.ui.catalog import GameChoice  # noqa: E402
from companion.ui.i18n import _  # noqa: E402

#: "Keep what you had" for optional refresh arguments where None is a meaningful value.
UNSET: Any = object()


class HomeViewModel(EventDispatcher):
    """The home screen: every game (built or not) and whether an unfinished game can be resumed."""

    games = ListProperty([])  # [{id, title, detail, built}]
    resume_visible = BooleanProperty(False)
    resume_text = StringProperty("")
    resume_path = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._choices: tuple[GameChoice, ...] = ()
        self._resumable: Any = None

    def refresh(self, choices: Sequence[GameChoice] | None = None, resumable: Any = UNSET) -> None:
        """New data, or (no arguments) the same data in the current language."""
        if choices is not None:
            self._choices = tuple(choices)
        if resumable is not UNSET:
            self._resumable = resumable
        self.games = [
            {"id": c.id, "title": fmt.game_title(c.id), "built": c.built,
             "detail": fmt.players_range(c.min_players, c.max_players) if c.built else _("Not built yet")}
            for c in self._choices
        ]
        info = self._resumable
        self.resume_visible = info is not None
        self.resume_path = str(info.path) if info is not None else ""
        self.resume_text = (
            _("Resume {game} (started {when})").format(game=fmt.game_title(info.game), when=fmt.format_when(info.created))
            if info is not None else ""
        )

    def choice(self, game_id: str) -> GameChoice | None:
        return next((c for c in self._choices if c.id == game_id), None)


class SetupViewModel(EventDispatcher):
    """Score pad set-up: how many players and their names.

    `names` holds what was typed ("" = not typed); `hints` the default each empty field stands for,
    re-translated when the language changes, so an untouched seat is "玩家 1" in Chinese.
    """

    game = StringProperty("scorepad")
    count = NumericProperty(4)
    min_count = NumericProperty(1)
    max_count = NumericProperty(8)
    names = ListProperty([])
    hints = ListProperty([])
    summary = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._typed: dict[int, str] = {}
        self._remembered: list[str] = []
        self.relabel()

    def configure(self, choice: GameChoice) -> None:
        self.game = choice.id
        self.min_count, self.max_count = choice.min_players, choice.max_players
        self.set_count(min(max(self.count, self.min_count), self.max_count))

    def set_count(self, count: int) -> None:
        self.count = int(min(max(count, self.min_count), self.max_count))
        self.relabel()

    def increase(self) -> None:
        self.set_count(self.count + 1)

    def decrease(self) -> None:
        self.set_count(self.count - 1)

    def set_name(self, index: int, text: str) -> None:
        if text:
            self._typed[index] = text
        else:
            self._typed.pop(index, None)
        if index < len(self.names) and self.names[index] != text:
            self.names[index] = text

    def remember(self, names: Sequence[str]) -> None:
        """Names of the last game, offered again: a game night often plays with the same people."""
        self._remembered = list(names)
        self._typed = {i: n for i, n in enumerate(names) if n != fmt.default_player_name(i + 1)}
        self.set_count(len(names) or self.count)

    def relabel(self) -> None:
        n = int(self.count)
        self.hints = [fmt.default_player_name(i + 1) for i in range(n)]
        self.names = [self._typed.get(i, "") for i in range(n)]
        self.summary = fmt.players_range(int(self.min_count), int(self.max_count))

    def players(self) -> list[str]:
        return [(self.names[i] or "").strip() or self.hints[i] for i in range(int(self.count))]

    def intent(self) -> Intent:
        return Intent("new_game", {"game": self.game, "setup": {"players": self.players()}})


class KeypadModel(EventDispatcher):
    """The on-screen number pad for entering any number of points for one seat (no keyboard on a
    kiosk). `seat` is -1 while closed."""

    seat = NumericProperty(-1)
    digits = StringProperty("")
    negative = BooleanProperty(False)
    display = StringProperty("")
    MAX_DIGITS = 4

    def open(self, seat: int) -> None:
        self.digits, self.negative, self.seat = "", False, seat
        self._show()

    def close(self) -> None:
        self.seat = -1
        self.digits, self.negative = "", False
        self._show()

    @property
    def is_open(self) -> bool:
        return self.seat >= 0

    def press(self, digit: int) -> None:
        if len(self.digits) < self.MAX_DIGITS and not (digit == 0 and not self.digits):
            self.digits += str(digit)
        self._show()

    def toggle_sign(self) -> None:
        self.negative = not self.negative
        self._show()

    def backspace(self) -> None:
        self.digits = self.digits[:-1]
        self._show()

    def value(self) -> int | None:
        """The points entered, or None when nothing was typed yet."""
        if not self.digits:
            return None
        return -int(self.digits) if self.negative else int(self.digits)

    def _show(self) -> None:
        self.display = ("−" if self.negative else "+") + (self.digits or "0")


class TableViewModel(EventDispatcher):
    """The score pad table: seats with scores and places, undo/redo, the current notice, the
    final ranking once finished. Fed with `TableView`s only."""

    has_game = BooleanProperty(False)
    game = StringProperty("")
    title = StringProperty("")
    seats = ListProperty([])  # [{seat, name, score, score_text, place, place_text, is_start}]
    seat_count = NumericProperty(0)
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    finished = BooleanProperty(False)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")
    hint = StringProperty("")
    ranking = ListProperty([])  # [{place, place_text, name, score_text}] best first
    step = NumericProperty(0)
    confirming_finish = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keypad = KeypadModel()
        self._last: TableView | None = None

    def update(self, table: TableView) -> None:
        self._last = table
        view: Mapping[str, Any] = table.view or {}
        players: Iterable[Mapping[str, Any]] = view.get("players", ()) if table.game else ()
        start = view.get("start_player", -1)
        # Other games' players may lack a place (Trajan ranks only at the end): 0 = not ranked.
        seats = [
            {"seat": int(p["seat"]), "name": str(p["name"]), "score": int(p.get("score", 0)),
             "score_text": fmt.format_score(int(p.get("score", 0))), "place": int(p.get("place", 0)),
             "place_text": fmt.format_place(int(p["place"])) if "place" in p else "", "is_start": p["seat"] == start}
            for p in players
        ]
        self.has_game = table.game is not None
        self.game = table.game or ""
        self.title = fmt.game_title(table.game) if table.game else _("No game is open")
        self.seat_count = len(seats)
        self.seats = seats
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.finished = table.finished
        self.step = table.step
        if table.finished:
            self.confirming_finish = False
            self.keypad.close()
        text, rule = fmt.format_notice(table.notice)
        self.notice_text, self.notice_rule = text, rule
        self.notice_level = table.notice.level if table.notice else ""
        starter = next((s["name"] for s in seats if s["is_start"]), "")
        if table.finished:
            self.hint = _("Game finished.")
        elif starter:
            self.hint = _("★ {name} starts. Tap a player for any number of points.").format(name=starter)
        else:
            self.hint = ""
        ranked = sorted(seats, key=lambda s: (s["place"], s["seat"]))
        self.ranking = [{"place": s["place"], "place_text": fmt.format_place(s["place"]), "name": s["name"],
                         "score_text": fmt.format_score(s["score"])} for s in ranked]

    def relabel(self) -> None:
        if self._last is not None:
            self.update(self._last)
        else:
            self.title = _("No game is open")

    def show_notice(self, table: TableView) -> None:
        """Only the notice: for a game with its own table view-model (the score pad's seats,
        places and ranking would only be rebuilt for nothing)."""
        text, rule = fmt.format_notice(table.notice)
        self.notice_text, self.notice_rule = text, rule
        self.notice_level = table.notice.level if table.notice else ""
        self.can_undo, self.can_redo = table.can_undo, table.can_redo

    def seat_name(self, seat: int) -> str:
        return next((s["name"] for s in self.seats if s["seat"] == seat), "")


class HistoryViewModel(EventDispatcher):
    """Every step of the open game (undone ones marked) and the list of finished games; and the
    "correct a past entry" panel: `fixing` is the step being corrected (0: none), `fixes` what it
    could have been instead. `choices_for(step)` (the session's correction_choices, [] when it
    refuses) is given by the app; without it no step offers a correction."""

    title = StringProperty("")
    rows = ListProperty([])  # [{step, time, text, undone, correctable}] newest first
    finished = ListProperty([])  # [{text, path}]
    has_game = BooleanProperty(False)
    fixing = NumericProperty(0)
    fixes = ListProperty([])  # [{index, text}]
    fix_title = StringProperty("")

    def __init__(self, choices_for: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices_for = choices_for
        self._entries: list[Any] = []
        self._finished: list[Any] = []
        self._game: str | None = None
        self._choices: list[Mapping[str, Any]] = []

    def correctable_steps(self) -> set[int]:
        """Game steps still in effect, not the setup, when the open game offers choices for them."""
        steps = [e.step for e in self._entries
                 if not e.undone and not any(str(ev.get("kind", "")).startswith("core.") for ev in e.events)][1:]
        if not steps or self.choices_for is None or self._game is None or not self.choices_for(steps[-1]):
            return set()
        return set(steps)

    def open_fix(self, step: int) -> None:
        self._choices = list(self.choices_for(step)) if self.choices_for is not None else []
        if self._game == "trajan":
            from companion.ui.trajan.format import choice_label

            def label(intent: Mapping[str, Any]) -> str:
                text = choice_label(intent)
                # A sowing is a bare tray numeral on the table (beside its tray); here it needs words.
                return _("Pick up tray {tray}").format(tray=text) if intent["name"] == "sow" else text
        else:
            def label(intent: Mapping[str, Any]) -> str:
                return str(intent["name"])
        self.fix_title = _("Correct step {step}: what should it have been?").format(step=step)
        self.fixes = [{"index": i, "text": label(c)} for i, c in enumerate(self._choices)]
        self.fixing = step if self._choices else 0

    def close_fix(self) -> None:
        self.fixing = 0
        self.fixes = []
        self._choices = []

    def fix_intent(self, index: int) -> Intent:
        choice = self._choices[index]
        return Intent("correct", {"step": int(self.fixing), "name": choice["name"], "args": dict(choice.get("args", {}))})

    def refresh(self, entries: Sequence[Any] | None = None, finished: Sequence[Any] | None = None,
                game: Any = UNSET) -> None:
        if entries is not None:
            self._entries = list(entries)
            self.close_fix()  # its choices were for the old entries
        if finished is not None:
            self._finished = list(finished)
        if game is not UNSET:
            self._game = game
        self.has_game = self._game is not None
        self.title = (_("Game history: {game}").format(game=fmt.game_title(self._game))
                      if self._game else _("No game is open"))
        if self._game == "trajan":
            from companion.ui.trajan.format import history_rows

            rows = list(reversed(history_rows(self._entries)))
        else:
            rows = list(reversed(fmt.format_history(self._entries)))
        correctable = self.correctable_steps()
        self.rows = [{**row, "correctable": row["step"] in correctable} for row in rows]
        self.finished = [
            {"text": _("{game}, {when}").format(game=fmt.game_title(info.game), when=fmt.format_when(info.created)),
             "path": str(info.path)}
            for info in self._finished
        ]


class SettingsViewModel(EventDispatcher):
    """Language and display profile; `restart_needed` once the chosen profile differs from the
    one the window was opened with (a window cannot change panel size reliably on a kiosk)."""

    language = StringProperty("en")
    profile = StringProperty("800x480")
    running_profile = StringProperty("800x480")
    restart_needed = BooleanProperty(False)

    def on_profile(self, *_args: Any) -> None:
        self.restart_needed = self.profile != self.running_profile

    def on_running_profile(self, *_args: Any) -> None:
        self.restart_needed = self.profile != self.running_profile
