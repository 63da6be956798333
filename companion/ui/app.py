"""The Kivy app: composes session, bridge, view-models and screens; owns navigation.

Every user action becomes an `Intent` posted through the bridge (the one way into the session);
after every fact the session hands its listeners a `TableView`, and the app refreshes the
view-models from it. Screens are created on first use, so start-up loads only the first one.
"""

from __future__ import annotations

from companion.ui import startup  # noqa: F401  (first: its clock must start as early as possible)

import logging
import sys
from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from companion.core.errors import IllegalCommand
from companion.session import Intent, Session, TableView
from companion.ui import fonts, profiles
from companion.ui.catalog import GameChoice
from companion.ui.i18n import current_language
from companion.ui.idle_collector import IdleCollector

log = logging.getLogger("companion.ui")

SettingsCallback = Callable[[str, str], None]

class CompanionApp(App):
    """One table's app. `session` is driven only through `bridge` (main thread)."""

    title = "companion"
    #: What `run_app` returns; the input-script player sets 4 when a script fails.
    exit_code = 0
    scale = NumericProperty(1.0)
    portrait = BooleanProperty(False)
    language = StringProperty("en")
    home_vm = ObjectProperty(None)
    setup_vm = ObjectProperty(None)
    table_vm = ObjectProperty(None)
    history_vm = ObjectProperty(None)
    settings_vm = ObjectProperty(None)
    trajan_setup_vm = ObjectProperty(None)
    trajan_vm = ObjectProperty(None)
    setup_pads = ObjectProperty(None)  # the score pad set-up's pads (Trajan's are in its view-model)
    secretbid = ObjectProperty(None)  # the secret bid's view-models and actions (companion.ui.secretbid)
    tribune = ObjectProperty(None)  # Tribune's view-models and actions (companion.ui.tribune)
    dice = ObjectProperty(None)  # the dice tray's view-models and actions (companion.ui.dice), once needed

    def __init__(self, session: Session, *, profile: str = profiles.DEFAULT_PROFILE, start_screen: str = "home",
                 games: Sequence[GameChoice] = (), on_settings_changed: SettingsCallback | None = None,
                 on_ready: Callable[["CompanionApp"], None] | None = None, exit_after_first_frame: bool = False,
                 start_game: str | None = None, pad_count: int | None = None, pad_plan: Any = None,
                 status_plan: Any = None, scanner_plan: Any = None, **kwargs: Any) -> None:
        from companion.ui import viewmodels as vms
        from companion.ui.tr import tr
        from companion.ui.trajan import setup_pads
        from companion.ui.trajan import setup_vm as trajan_setup_vms
        from companion.ui.trajan import viewmodels as trajan_vms

        super().__init__(**kwargs)
        self.session = session
        self.bridge: Any = None
        self.tr = tr
        self.games = tuple(games)
        self.start_screen = start_screen
        self._start_game_id = start_game
        self._setup_game = "scorepad"
        self.on_settings_changed = on_settings_changed
        self._on_ready = on_ready
        self._exit_after_first_frame = exit_after_first_frame
        self._ready_frames = -1
        self._journal: str | None = None
        self._previous = "home"
        self.language = current_language()
        self.home_vm = vms.HomeViewModel()
        self.setup_vm = vms.SetupViewModel()
        pads = setup_pads.DEFAULT_PAD_COUNT if pad_count is None else int(pad_count)
        self.setup_pads = setup_pads.PadChoice(int(self.setup_vm.count), pads)
        self.setup_vm.bind(count=lambda *_: self.setup_pads.set_seats(int(self.setup_vm.count)))
        self.table_vm = vms.TableViewModel()
        self.history_vm = vms.HistoryViewModel(choices_for=self._correction_choices)
        self.settings_vm = vms.SettingsViewModel(language=self.language, profile=profile, running_profile=profile)
        self.trajan_setup_vm = trajan_setup_vms.TrajanSetupViewModel(pad_count=pads)
        self.trajan_vm = trajan_vms.TrajanTableViewModel(post=self.post)
        from companion.ui.secretbid.controller import SecretBidUI

        # The private entry alone reads a seat's private view; the secret bid's table gets TableViews.
        self.secretbid = SecretBidUI(post=self.post, seat_view=session.seat_view, pad_of_seat=session.pad_of_seat,
                                     go=self.go, setup_vm=self.setup_vm, setup_pads=self.setup_pads)
        from companion.ui.tribune.controller import TribuneUI

        self.tribune = TribuneUI(post=self.post, seat_view=session.seat_view, pad_of_seat=session.pad_of_seat,
                                 go=self.go, setup_vm=self.setup_vm, setup_pads=self.setup_pads)
        self.first_frame_seconds: float | None = None
        self._pad_plan = pad_plan  # companion.devices.pads.PadPlan from the CLI, or None: no pads
        self.pad_panels: Any = None
        self._status_plan = status_plan  # companion.devices.status.StatusPlan from the CLI, or None
        self.status_display: Any = None  # companion.ui.status_display.StatusDisplayHook once open
        self._scanner_plan = scanner_plan  # companion.devices.scanner_plan.ScannerPlan from the CLI, or None
        self.scanner: Any = None  # companion.ui.dice.scanner_hook.ScannerHook once open

    def load_kv(self, filename: str | None = None) -> bool:
        """Each screen loads its own .kv beside it; no app-wide kv file."""
        return False

    # -- life cycle ------------------------------------------------------------------------------

    def build(self) -> Any:
        from kivy.core.window import Window
        from kivy.uix.screenmanager import NoTransition

        from companion.ui import theme
        from companion.ui.bridge import Bridge
        from companion.ui.widgets import WindowScreenManager

        Window.clearcolor = theme.BG
        Window.bind(size=self._on_window_size)
        self._on_window_size(Window, Window.size)
        self.bridge = Bridge(self.session.handle)
        self.session.listeners.append(self._on_table_view)
        self._collector = IdleCollector()
        self.sm = WindowScreenManager(transition=NoTransition())
        table = self.session.table_view()
        self.table_vm.update(table)
        self.trajan_vm.update(table)
        self.secretbid.update(table)
        self.tribune.update(table)
        if table.game == "dicetray":
            self.dice_ui().update(table)
        self._journal = table.journal
        self.setup_vm.configure(self._choice("scorepad") or GameChoice("scorepad", 1, 8, True))
        trajan = self._choice("trajan")
        if trajan is not None:
            self.trajan_setup_vm.configure(trajan)
        self._remember_recent_players()
        self._remember_names(table, other_games=False)
        first = self.start_screen
        if first == "home" and self.session.engine is not None:
            first = "table"  # the CLI resumed an unfinished game: the table is what the players want
        if first == "setup" and self._start_game_id:
            self._setup_game = self._start_game_id
            if self._start_game_id == "trajan" and trajan is not None:
                self.trajan_setup_vm.configure(trajan)
        self.go(first)
        self._ready_frames = Clock.frames_displayed + 1
        Clock.schedule_interval(self._check_ready, 0)
        return self.sm

    def on_stop(self) -> None:
        if self.scanner is not None:
            self.scanner.close()  # the reader stops: no dice fact arrives after this but its "closed"
            self.scanner = None
        if self.pad_panels is not None:
            self.pad_panels.close()  # first: no pad fact may arrive after this; displays cleared
            self.pad_panels = None
        if self.status_display is not None:
            self.status_display.close()  # the display is cleared: no finished game's status stays on it
            self.status_display = None
        if self._on_table_view in self.session.listeners:
            self.session.listeners.remove(self._on_table_view)
        collector = getattr(self, "_collector", None)
        if collector is not None:
            collector.stop()
        self.tr.forget_all()
        from kivy.core.window import Window

        Window.unbind(size=self._on_window_size)  # a later app in this process owns the window

    def _check_ready(self, _dt: float) -> bool | None:
        if Clock.frames_displayed < self._ready_frames:
            return None
        self.first_frame_seconds = startup.seconds_since_process_start()
        if self._exit_after_first_frame:
            print(f"first-frame {self.first_frame_seconds:.3f}", flush=True)
        if self._pad_plan is not None:
            # After the first frame: the pads pull in Pillow, luma and threads, which the screen
            # does not need to appear; before on_ready, so a script's first key finds them.
            from companion.ui.pad_panels import PadPanels

            self.pad_panels = PadPanels.open(self, self._pad_plan)
        if self._scanner_plan is not None:
            # Likewise: pyserial, a pty for the twin and the reader's thread wait for the first frame.
            from companion.ui.dice.scanner_hook import ScannerHook

            self.scanner = ScannerHook.open(self, self._scanner_plan)
        if self._status_plan is not None:
            # Likewise after the first frame: the status display is Pillow, luma and a writer thread.
            from companion.ui.status_display import StatusDisplayHook

            self.status_display = StatusDisplayHook.open(self, self._status_plan)
        if self._on_ready is not None:
            self._on_ready(self)
        if self._exit_after_first_frame:
            self.stop()
        return False

    def _on_window_size(self, _window: Any, size: Sequence[float]) -> None:
        width, height = size
        self.scale = profiles.scale_for(width, height)
        self.portrait = height > width

    # -- finding widgets -------------------------------------------------------------------------

    def find_widget(self, wid: str) -> Any | None:
        from companion.ui.widgets import find_widget

        return find_widget(self.root, wid) if self.root is not None else None

    # -- navigation ------------------------------------------------------------------------------

    def screen(self, name: str) -> Any:
        """The named screen, created (and its .kv loaded) on first use."""
        from companion.ui import screens

        if not self.sm.has_screen(name):
            self.sm.add_widget(screens.create(name))
        return self.sm.get_screen(name)

    def dice_ui(self) -> Any:
        """The dice tray's part (`app.dice`), made on first need: the home screen's first frame
        does not wait for it; the scanner, the dice tray or its screen make it."""
        if self.dice is None:
            from companion.ui.dice.controller import DiceUI

            self.dice = DiceUI(post=self.post, go=self.go, open_game=self.open_game_id,
                               resumable=lambda: self.session.resumable_of("dicetray"))
            self.dice.update(self.session.table_view())
        return self.dice

    def open_game_id(self) -> str | None:
        engine = self.session.engine
        return engine.game.id if engine is not None else None

    def route(self, name: str) -> str:
        """The screen a name means now: "table" and "setup" are the open (or chosen) game's own."""
        if name == "table" and self.open_game_id() == "dicetray":
            self.dice_ui()  # before its screen's kv reads app.dice
            return "dice_tray"
        if name == "table" and self.open_game_id() == "trajan":
            return "trajan_table"
        if name == "table" and self.open_game_id() == "secretbid":
            return "secretbid_table"
        if name == "setup" and self._setup_game == "secretbid":
            return "secretbid_setup"
        if name == "table" and self.open_game_id() == "tribune":
            return "tribune_table"
        if name == "setup" and self._setup_game == "tribune":
            return "tribune_setup"
        if name == "setup" and self._setup_game == "trajan":
            return "trajan_setup"
        return name

    def go(self, name: str) -> None:
        """Shows a screen, refreshing its view-model first; a stale notice is not carried along."""
        name = self.route(name)
        current = self.sm.current if self.sm.screen_names else None
        if current and current != name:
            self._previous = current
            self.table_vm.notice_text = self.table_vm.notice_rule = self.table_vm.notice_level = ""
            self.trajan_vm.notice_text = self.trajan_vm.notice_rule = self.trajan_vm.notice_level = ""
            self.trajan_setup_vm.show_notice(None)
        if name == "home":
            self.home_vm.refresh(self.games, self.session.resumable())
        elif name == "history":
            self.history_vm.refresh(self.session.history(), self.session.finished_games(),
                                    self.session.engine.game.id if self.session.engine else None)
        elif name == "table":
            self.table_vm.keypad.close()
            self.table_vm.confirming_finish = False
        self.screen(name)
        self.sm.current = name
        if self.sm.transition.is_active:
            # Even NoTransition stays "active" until the next frame, and a ScreenManager drops
            # every touch while a transition is active: a quick second tap would be lost.
            self.sm.transition.stop()

    def back(self) -> None:
        previous = self._previous
        if previous in ("table", "trajan_table"):
            previous = "table"  # whichever game is open now
        self.go(previous if previous != self.sm.current else "home")

    def when_idle(self, job: Callable[[], None]) -> None:
        """Runs `job` once when the table is next idle (see `IdleCollector.when_idle`)."""
        self._collector.when_idle(job)

    def open_history(self) -> None:
        self.go("history")

    def _correction_choices(self, step: int) -> list[Any]:
        """What step `step` could have been; a Trajan choice that would have the table name the tile
        it found (table draws) carries those tiles' choices as its `then`."""
        try:
            view = self.session.correction_view(step)
        except IllegalCommand:
            return []
        if view.get("game") == "trajan":
            from companion.ui.trajan.format import correction_choices

            return correction_choices(view)
        return list(view.get("choices", ()))

    def correct_step(self, index: int) -> None:
        """A choice of the history screen's correct panel: the table shows the outcome's notice (a
        choice that needs one more answer lists its own choices first)."""
        intent = self.history_vm.pick_fix(index)
        if intent is None:
            return
        self.history_vm.close_fix()
        self.go("table")  # first: going there clears the notices
        self.post(intent)

    def open_game(self, game_id: str) -> None:
        choice = self._choice(game_id)
        if choice is None or not choice.built:
            return
        if game_id == "dicetray":
            self.dice_ui().open()  # a tool: no set-up, it carries on with its journal
            return
        self._setup_game = game_id
        if game_id == "trajan":
            self.trajan_setup_vm.configure(choice)
        else:
            self.setup_vm.configure(choice)
        self.go("setup")

    def new_game_same_players(self) -> None:
        """After a finished game: the set-up screen, with this game's names already filled in."""
        table = self.session.table_view()
        self._remember_names(table)
        self._setup_game = table.game or self._setup_game
        choice = self._choice(self._setup_game)
        if choice is not None and self._setup_game != "trajan":
            self.setup_vm.configure(choice)  # shared by the score pad and the secret bid: this game's range
        self.go("setup")

    def _choice(self, game_id: str) -> GameChoice | None:
        return next((c for c in self.games if c.id == game_id), None)

    def _remember_recent_players(self) -> None:
        """At start-up, each set-up screen offers the players of the newest game of its kind on
        disk (the journals remember them across restarts), with their colours and pads."""
        trajan = self.session.recent_players("trajan") if self._choice("trajan") is not None else None
        if trajan is not None and 2 <= len(trajan.names) <= 4:
            self.trajan_setup_vm.remember(list(trajan.names), list(trajan.colours), trajan.pads)
        pad = (self.session.recent_players("scorepad") or self.session.recent_players("secretbid")
               or self.session.recent_players("tribune"))
        if pad is not None:
            self.setup_vm.remember(list(pad.names))
            self.setup_pads.remember(pad.pads)

    def _remember_names(self, table: TableView, other_games: bool = True) -> None:
        """Names (and pads) of the open game, offered by its set-up screen and, while the app runs,
        by the other game's too: a game night keeps its players."""
        if not table.view or not table.view.get("players"):
            return
        names = [str(p["name"]) for p in table.view.get("players", ())]
        pads = self.session.seat_pads
        if table.game == "trajan":
            self.trajan_setup_vm.remember(names, [str(p.get("colour", "")) for p in table.view["players"]], pads)
            if other_games:
                self.setup_vm.remember(names)
                self.setup_pads.remember(pads)
        elif table.game in ("scorepad", "secretbid", "tribune"):
            self.setup_vm.remember(names)
            self.setup_pads.remember(pads)
            if other_games and 2 <= len(names) <= 4:
                self.trajan_setup_vm.remember(names, (), pads)

    # -- actions: every one is an Intent through the bridge ---------------------------------------

    def post(self, intent: Intent) -> None:
        self.bridge.post(intent)

    def start_game(self) -> None:
        """The score pad's new game, with its pads when they are not pad k for seat k."""
        intent = self.setup_vm.intent()
        if not self.setup_pads.is_default():
            setup = {**intent.args.get("setup", {}), "pads": self.setup_pads.value()}
            intent = Intent(intent.name, {**intent.args, "setup": setup})
        self.post(intent)

    def start_trajan_game(self) -> None:
        """Start on Trajan's set-up: with the table's draws, first the page entering them."""
        vm = self.trajan_setup_vm
        if vm.wants_draws_entry():
            vm.open_draws()
            return
        if vm.draws_open and not vm.draws.complete:
            vm.draws.focus_first_missing()  # the rules take all of the table's draws or none
            return
        self.post(vm.intent())

    def trajan_setup_back(self) -> None:
        """Back from the draws page is the players page; from the players page, home."""
        if not self.trajan_setup_vm.back():
            self.go("home")

    def resume_game(self) -> None:
        path = self.home_vm.resume_path
        self.post(Intent("resume", {"path": path} if path else {}))
        if self.session.engine is not None:
            self.go("table")

    def add_points(self, seat: int, points: int) -> None:
        self.post(Intent("add_points", {"seat": int(seat), "points": int(points)}))

    def undo(self) -> None:
        if self.open_game_id() == "trajan":
            self.trajan_vm.undo()  # an automatic end of turn goes back with the action it followed
        else:
            self.post(Intent("undo"))

    def redo(self) -> None:
        if self.open_game_id() == "trajan":
            self.trajan_vm.redo()
        else:
            self.post(Intent("redo"))

    def ask_finish(self) -> None:
        self.table_vm.keypad.close()
        self.table_vm.confirming_finish = True

    def cancel_finish(self) -> None:
        self.table_vm.confirming_finish = False

    def finish_game(self) -> None:
        self.table_vm.confirming_finish = False
        self.post(Intent("finish"))

    # -- the keypad (entering any number of points) ----------------------------------------------

    def keypad_open(self, seat: int) -> None:
        if not self.table_vm.finished:
            self.table_vm.confirming_finish = False
            self.table_vm.keypad.open(int(seat))

    def keypad_press(self, key: str) -> None:
        keypad = self.table_vm.keypad
        if key == "±":
            keypad.toggle_sign()
        elif key == "←":
            keypad.backspace()
        elif key.isdigit():
            keypad.press(int(key))

    def keypad_cancel(self) -> None:
        self.table_vm.keypad.close()

    def keypad_ok(self) -> None:
        keypad = self.table_vm.keypad
        value, seat = keypad.value(), int(keypad.seat)
        keypad.close()
        if value is not None and seat >= 0:
            self.add_points(seat, value)

    # -- settings --------------------------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Applies at once: kv texts re-render through `tr`, Python-made texts through relabel()."""
        self.language = self.tr.switch(code)
        self.settings_vm.language = self.language
        self.home_vm.refresh()
        self.setup_vm.relabel()
        self.setup_pads.relabel()
        self.table_vm.relabel()
        self.trajan_setup_vm.relabel()
        self.trajan_vm.relabel()
        self.secretbid.relabel()
        self.tribune.relabel()
        if self.dice is not None:
            self.dice.relabel()
        self.history_vm.refresh()
        self._settings_changed()

    def set_profile(self, name: str) -> None:
        profiles.get_profile(name)
        self.settings_vm.profile = name
        self._settings_changed()

    def _settings_changed(self) -> None:
        if self.on_settings_changed is not None:
            self.on_settings_changed(self.settings_vm.language, self.settings_vm.profile)

    # -- facts from the session ------------------------------------------------------------------

    def _on_table_view(self, table: TableView) -> None:
        self._collector.activity()
        if table.game == "trajan":
            self.table_vm.show_notice(table)
        else:
            self.table_vm.update(table)
        if table.game == "trajan" or self.trajan_vm.active or table.game is None:
            self.trajan_vm.update(table)
        self.secretbid.update(table)
        self.tribune.update(table)
        if self.dice is not None or table.game == "dicetray":
            self.dice_ui().update(table)
        if self.sm.current == "trajan_setup":
            self.trajan_setup_vm.show_notice(table.notice)  # a refusal of the set-up, on its own page
        if table.journal != self._journal:
            self._journal = table.journal
            if table.journal is not None:
                if table.game == "trajan":
                    self.trajan_setup_vm.game_started()
                self._remember_names(table)
                self.go("table")
                return
        if self.sm.current == "history":
            self.history_vm.refresh(self.session.history(), self.session.finished_games(),
                                    table.game)
        elif self.sm.current in ("table", "trajan_table") and self.route("table") != self.sm.current:
            self.go("table")  # the open game changed (resumed another kind of game)


def _ensure_log_output() -> None:
    """The session's "durable step" lines must reach stderr. With KIVY_LOG_MODE=PYTHON Kivy leaves
    logging alone; if nobody (the CLI) configured logging, give our loggers a stderr handler."""
    root = logging.getLogger()
    ours = logging.getLogger("companion")
    if root.handlers or ours.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    ours.addHandler(handler)
    if ours.level == logging.NOTSET:
        ours.setLevel(logging.INFO)


def run_app(session: Session, *, language: str, profile: str, fullscreen: bool = False, font: str | None = None,
            start_screen: str = "home", on_settings_changed: SettingsCallback | None = None,
            on_ready: Callable[[CompanionApp], None] | None = None, exit_after_first_frame: bool = False,
            games: Sequence[GameChoice] = (), start_game: str | None = None, pad_count: int | None = None,
            pad_plan: Any = None, status_plan: Any = None, scanner_plan: Any = None) -> int:
    """Runs the app until it is closed; returns the process exit code (`app.exit_code`, 0 unless
    an input script failed).

    `language`: "zh-Hans", "zh-Hant", "en" or "auto"; `profile`: a `profiles.PROFILES` name (the
    window size; layouts adapt to the real size either way). `on_ready(app)` runs once, on the main
    thread, after the first frame is on screen. `exit_after_first_frame` prints
    ``first-frame <seconds since process start>`` (see `startup`) and stops. `games`: the home
    screen's list (the CLI passes every game, built or not). `start_game`: the game whose set-up
    screen `start_screen="setup"` opens (default: the score pad's). `pad_count`: the handheld pads
    the config lists (`[[devices.pads.seats]]`), offered per seat by the set-up screens (default 4,
    as config.default.toml). `pad_plan`: the CLI's `companion.devices.pads.PadPlan`; the app opens those
    pads once its window is up (keys, private panels, each seat's display) and closes them on stop.
    `status_plan`: the CLI's `companion.devices.status.StatusPlan`; likewise opened after the first
    frame (the table's season, round and time track after each update) and cleared on stop.
    `scanner_plan`: the CLI's `companion.devices.scanner_plan.ScannerPlan`; the dice scanner's
    reader (or its in-app twin) starts after the first frame, told the open game's last scanner
    read, and stops on stop.
    """
    from companion.ui.tr import tr

    _ensure_log_output()
    prof = profiles.apply(profile, fullscreen=fullscreen)
    fonts.register_default_font(font)
    tr.switch(language)
    app = CompanionApp(session, profile=prof.name, start_screen=start_screen, games=games,
                       on_settings_changed=on_settings_changed, on_ready=on_ready,
                       exit_after_first_frame=exit_after_first_frame, start_game=start_game, pad_count=pad_count,
                       pad_plan=pad_plan, status_plan=status_plan, scanner_plan=scanner_plan)
    app.run()
    return int(app.exit_code)


__all__ = ["CompanionApp", "run_app"]
