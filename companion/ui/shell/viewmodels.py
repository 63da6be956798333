"""View-models: what each screen shows, as Kivy properties, refreshed from public views only.

A screen's .kv binds to these properties and calls the app's actions; it never formats data or
decides anything. View-models are fed `TableView`s, history entries and journal listings (public
by construction) and hold no game state, so they are tested without a window.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from kivy.event import EventDispatcher
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.session import Intent, TableView
from companion.ui.text import formatting as fmt
from companion.ui.shell.choices import GameChoice
from companion.ui.gameui import GameUI, PointsStep, game_ui_for
from companion.ui.text.i18n import _, translate_data_notice

#: "Keep what you had" for optional refresh arguments where None is a meaningful value.
UNSET: Any = object()


class HomeViewModel(EventDispatcher):
    """The home screen: every unfinished game (to resume, or close after a confirm), what start-up
    and the store found in the files (a set-aside game with its Recover), and every game to start.

    `unfinished` rows {path, game, title, players, when, text, confirming}, the one played last
    first: `title` is the game's name and where it stands (its GameUI's `standing`, from the public
    view `standing_of(info)` gives), `players` its names, `when` when it was last played (local
    time). `files` rows {path, text, fix, recoverable}, each `DataNotice` in the current language.
    `confirming`: the path of the game whose Close waits for its confirm ("" none): one slip never
    closes a game. `notice`: what the last action from home came to ("Game closed …", a refusal)."""

    games = ListProperty([])  # [{id, title, detail, built}]
    unfinished = ListProperty([])
    files = ListProperty([])
    confirming = StringProperty("")
    notice = StringProperty("")
    has_list = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._choices: tuple[GameChoice, ...] = ()
        self._infos: list[Any] = []
        self._notices: list[Any] = []
        self._standing_of: Any = lambda info: None
        self._notice: Any = None

    def refresh(self, choices: Sequence[GameChoice] | None = None, unfinished: Any = UNSET, files: Any = UNSET,
                standing_of: Any = None) -> None:
        """New data, or (no arguments) the same data in the current language. `unfinished`: the
        session's `JournalInfo`s; `files`: its `DataNotice`s; `standing_of(info)`: a listed game's
        public view now, or None."""
        if choices is not None:
            self._choices = tuple(choices)
        if unfinished is not UNSET:
            self._infos = list(unfinished)
            if self.confirming not in {str(i.path) for i in self._infos}:
                self.confirming = ""
        if files is not UNSET:
            self._notices = list(files)
        if standing_of is not None:
            self._standing_of = standing_of
        self.games = [
            {"id": c.id, "title": fmt.game_title(c.id), "built": c.built,
             "detail": fmt.players_range(c.min_players, c.max_players) if c.built else _("Not built yet")}
            for c in self._choices
        ]
        self.unfinished = [self._row(info) for info in self._infos]
        self.files = [
            {"path": str(n.path), "recoverable": bool(n.recoverable),
             **dict(zip(("text", "fix"), translate_data_notice(n)))}
            for n in self._notices
        ]
        self.has_list = bool(self.unfinished or self.files)
        self.notice = fmt.format_notice(self._notice)[0] if self._notice is not None else ""

    def _row(self, info: Any) -> dict[str, Any]:
        title = _("{game} · {standing}").format(game=fmt.game_title(info.game),
                                               standing=game_ui_for(info.game).standing(self._standing_of(info), info.steps))
        players = ", ".join(info.players) if info.players else ""
        when = _("Last played {when}").format(when=fmt.format_when(info.last_played or info.created))
        path = str(info.path)
        return {"path": path, "game": info.game, "title": title, "players": players, "when": when,
                "confirming": path == self.confirming}

    def ask_close(self, path: str) -> None:
        """Close… on a row: that row asks for its confirm (another row's question is dropped)."""
        self.confirming = path
        self.refresh()

    def cancel_close(self) -> None:
        self.confirming = ""
        self.refresh()

    def show_notice(self, notice: Any) -> None:
        """What the session said after an action taken from home (None: nothing)."""
        self._notice = notice
        self.notice = fmt.format_notice(notice)[0] if notice is not None else ""

    def choice(self, game_id: str) -> GameChoice | None:
        return next((c for c in self._choices if c.id == game_id), None)


class SetupViewModel(EventDispatcher):
    """The shared set-up (the shell's, for every game whose set-up is names and pads): how many
    players and their names, for the game it was configured for (`configure`).

    `names` holds what was typed ("" = not typed); `hints` the default each empty field stands for,
    re-translated when the language changes, so an untouched seat is "玩家 1" in Chinese.
    """

    game = StringProperty("")
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


class TableViewModel(EventDispatcher):
    """What every game's table says of the open game, fed with `TableView`s only: its title, undo
    and redo, whether it is finished, and the current notice (a refusal and its rule). The app's
    (`app.table_vm`) follows every game, so the shared set-up screens show a refusal of their
    set-up; a game's own table view-model extends it or keeps its own."""

    has_game = BooleanProperty(False)
    game = StringProperty("")
    title = StringProperty("")
    can_undo = BooleanProperty(False)
    can_redo = BooleanProperty(False)
    finished = BooleanProperty(False)
    notice_text = StringProperty("")
    notice_rule = StringProperty("")
    notice_level = StringProperty("")
    step = NumericProperty(0)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._last: TableView | None = None

    def update(self, table: TableView) -> None:
        self._last = table
        self.has_game = table.game is not None
        self.game = table.game or ""
        self.title = fmt.game_title(table.game) if table.game else _("No game is open")
        self.can_undo, self.can_redo = table.can_undo, table.can_redo
        self.finished = table.finished
        self.step = table.step
        self._show_notice(table)

    def relabel(self) -> None:
        if self._last is not None:
            self.update(self._last)
        else:
            self.title = _("No game is open")

    def show_notice(self, table: TableView) -> None:
        """Only the notice (and undo and redo): for a game with its own table view-model, whose
        title and the rest this one need not follow."""
        self._show_notice(table)
        self.can_undo, self.can_redo = table.can_undo, table.can_redo

    def clear_notice(self) -> None:
        """The table moved to another screen: a stale notice is not carried along."""
        self.notice_text = self.notice_rule = self.notice_level = ""

    def _show_notice(self, table: TableView) -> None:
        text, rule = fmt.format_notice(table.notice)
        self.notice_text, self.notice_rule = text, rule
        self.notice_level = table.notice.level if table.notice else ""


def is_core_entry(entry: Any) -> bool:
    """An undo or redo: history, but not a step of the game that could be corrected."""
    return any(str(event.get("kind", "")).startswith("core.") for event in entry.events)


class PointsFixModel(EventDispatcher):
    """The points panel: which player a past entry of one seat's points (`PointsStep`) should have
    gone to and how many points, prefilled with what it was. `seat` is -1 while closed.

    Confirm (`can_confirm`) is offered only for an entry that differs from the old one and gives
    some points: 0 points change nothing (a game refuses them), and the same entry again would
    only rewrite the journal.
    """

    seat = NumericProperty(-1)
    points = NumericProperty(0)
    players = ListProperty([])  # [{seat, name}]
    points_text = StringProperty("")
    was_text = StringProperty("")
    can_confirm = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._was: tuple[int, int] = (-1, 0)
        self._command = ""

    def open(self, names: Sequence[str], step: PointsStep) -> None:
        self._was = (step.seat, step.points)
        self._command = step.command
        self.players = [{"seat": i, "name": str(name)} for i, name in enumerate(names)]
        self.seat, self.points = step.seat, step.points
        self._show()

    def close(self) -> None:
        self._was = (-1, 0)
        self._command = ""
        self.players = []
        self.seat, self.points = -1, 0
        self._show()

    def choose(self, seat: int) -> None:
        if 0 <= seat < len(self.players):
            self.seat = seat
            self._show()

    def change(self, delta: int) -> None:
        self.points = int(self.points) + int(delta)
        self._show()

    def intent(self, step: int) -> Intent:
        """The session's correct intent: step `step` becomes this seat's points."""
        return Intent("correct", {"step": int(step), "name": self._command,
                                  "args": {"seat": int(self.seat), "points": int(self.points)}})

    def _name(self, seat: int) -> str:
        return next((p["name"] for p in self.players if p["seat"] == seat), fmt.default_player_name(seat + 1))

    def _show(self) -> None:
        self.points_text = fmt.format_points(int(self.points))
        seat, points = self._was
        self.was_text = (_("Was: {entry}").format(entry=_("{name}: {points}").format(
            name=self._name(seat), points=fmt.format_points(points))) if seat >= 0 else "")
        self.can_confirm = self.seat >= 0 and self.points != 0 and (int(self.seat), int(self.points)) != self._was


class HistoryViewModel(EventDispatcher):
    """Every step of the open game (undone ones marked) and the list of finished games; and the
    "correct a past entry" panel.

    The open game's GameUI class (`game_ui_for`, from the game's id) words it all: its rows, the
    lines laid out from them, its choices. `rows` are the steps, newest first; `lines` what the
    screen lays out: for a game that counts seasons and rounds a heading above each round's steps,
    otherwise the same steps. `fixing` is the step being corrected (0: none) and `fix_kind` its
    panel: "choices" lists in `fixes` what the step could have been (`choices_for(step)`, the
    choices of the session's correction_view, given by the app: [] when it refuses or the game
    lists no choices); "points" edits an entry of one seat's points (`GameUI.points_step`) in
    `points_fix`, and its one fix is that entry as edited.
    """

    title = StringProperty("")
    rows = ListProperty([])  # [{kind: "step", step, time, text, undone, correctable}] newest first
    lines = ListProperty([])  # rows, with {kind: "heading", text, season, round} above each round
    finished = ListProperty([])  # [{text, path}]
    has_game = BooleanProperty(False)
    fixing = NumericProperty(0)
    fix_kind = StringProperty("")  # "", "choices" or "points"
    fixes = ListProperty([])  # [{index, text}]
    fix_title = StringProperty("")
    fix_then = NumericProperty(0)  # how many times the panel went on to a fix's own choices (`then`)

    def __init__(self, choices_for: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices_for = choices_for
        self.points_fix = PointsFixModel()
        self._entries: list[Any] = []
        self._finished: list[Any] = []
        self._game: str | None = None
        self._choices: list[Mapping[str, Any]] = []

    @property
    def _ui(self) -> type[GameUI]:
        """The open game's words (class methods of its GameUI; the generic ones for no game)."""
        return game_ui_for(self._game)

    def _game_steps(self) -> list[Any]:
        """Entries of game steps still in effect, oldest first, without the setup (the first)."""
        return [e for e in self._entries if not e.undone and not is_core_entry(e)][1:]

    def correctable_steps(self) -> set[int]:
        """Game steps still in effect, not the setup: all of them when the open game offers choices
        for a step, else its entries of one seat's points (corrected with the points panel)."""
        entries = self._game_steps()
        if not entries or self._game is None:
            return set()
        if self.choices_for is not None and self.choices_for(entries[-1].step):
            return {e.step for e in entries}
        ui = self._ui
        return {e.step for e in entries if ui.points_step(tuple(e.events)) is not None}

    def open_fix(self, step: int) -> None:
        """Opens the panel for `step`: the points panel for an entry of one seat's points, else its
        choices (nothing opens when there are none)."""
        self.close_fix()
        entry = next((e for e in self._game_steps() if e.step == step), None)
        points = self._ui.points_step(tuple(entry.events)) if entry is not None else None
        if points is not None:
            self.points_fix.open(self._players(), points)
            self.fix_title = _("Correct step {step}: which player, how many points?").format(step=step)
            self.fixes = [{"index": 0, "text": _("Confirm")}]
            self.fix_kind = "points"
            self.fixing = step
            return
        self._list_choices(self.choices_for(step) if self.choices_for is not None else [],
                           _("Correct step {step}: what should it have been?").format(step=step))
        self.fix_kind = "choices" if self._choices else ""
        self.fixing = step if self._choices else 0

    def _list_choices(self, choices: Sequence[Mapping[str, Any]], title: str) -> None:
        """The panel's title and its fixes, one per choice, worded as the open game words them."""
        self._choices = list(choices)
        label = self._ui.choice_label
        self.fix_title = title
        self.fixes = [{"index": i, "text": label(c)} for i, c in enumerate(self._choices)]

    def _players(self) -> list[str]:
        """The seated names, from the game's start event (names never change during a game)."""
        start_kind = self._ui.start_kind
        for entry in self._entries:
            for event in entry.events:
                if start_kind and event.get("kind") == start_kind:
                    return [str(name) for name in event.get("players", ())]
        return []

    def close_fix(self) -> None:
        # `fixing` last: the screen redraws when it changes, and by then the rest is consistent.
        self.fixes = []
        self._choices = []
        self.points_fix.close()
        self.fix_kind = ""
        self.fixing = 0

    def pick_fix(self, index: int) -> Intent | None:
        """The correct intent of fix `index`; or None when that fix needs one more answer (its
        `then`: a tile a table drawing by hand found there), whose choices the panel then lists
        instead."""
        if self.fix_kind == "choices" and self._choices[index].get("then"):
            self._list_choices(self._choices[index]["then"],
                               _("Correct step {step}: which tile did the table find there?").format(step=self.fixing))
            self.fix_then += 1
            return None
        return self.fix_intent(index)

    def fix_intent(self, index: int) -> Intent:
        """The correct intent of fix `index` (for the points panel, 0: the entry as edited)."""
        if self.fix_kind == "points":
            if index != 0:
                raise IndexError(f"the points panel has one fix, not {index}")
            return self.points_fix.intent(int(self.fixing))
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
        ui = self._ui
        rows = list(reversed(ui.history_rows(self._entries)))
        correctable = self.correctable_steps()
        lines = ui.history_lines({**row, "correctable": row["step"] in correctable} for row in rows)
        self.rows = [line for line in lines if line["kind"] == "step"]
        self.lines = lines
        self.finished = [
            {"text": (_("{game}, {when}, closed unfinished") if info.is_closed and not info.finished else _("{game}, {when}"))
             .format(game=fmt.game_title(info.game), when=fmt.format_when(info.created)),
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
