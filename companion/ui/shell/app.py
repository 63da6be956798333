"""The Kivy app: composes session, bridge, view-models and screens; owns navigation.

Every user action becomes an `Intent` posted through the bridge (the one way into the session);
after every fact the session hands its listeners a `TableView`, and the app refreshes the
view-models from it. Screens are created on first use, so start-up loads only the first one.
"""

from __future__ import annotations

from companion.ui.shell import startup  # noqa: F401  (first: its clock must start as early as possible)

import logging
import sys
from typing import Any, Callable, Sequence

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty

from companion.session import IllegalCommand, Intent, Session, TableView
from companion.ui.shell import fonts
from companion.ui.shell import profiles
from companion.ui.shell.choices import GameChoice, register
from companion.ui.text.i18n import current_language
from companion.ui.shell.idle_collector import IdleCollector

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
    plays_vm = ObjectProperty(None)
    settings_vm = ObjectProperty(None)
    card_facts_vm = ObjectProperty(None)  # Settings → Card facts: a game's editable data tables
    setup_pads = ObjectProperty(None)  # the shared set-up's pads (a game with its own set-up has its own)
    # Each game's own view-models are properties too, made by its GameUI (`GameUI.kv_names`).

    def __init__(self, session: Session, *, profile: str = profiles.DEFAULT_PROFILE, start_screen: str = "home",
                 games: Sequence[GameChoice] = (), on_settings_changed: SettingsCallback | None = None,
                 on_ready: Callable[["CompanionApp"], None] | None = None, exit_after_first_frame: bool = False,
                 start_game: str | None = None, pad_count: int | None = None, pad_plan: Any = None,
                 status_plan: Any = None, scanner_plan: Any = None, speech_plan: Any = None, keyboard: Any = None,
                 **kwargs: Any) -> None:
        from companion.ui.shell import setup_pads
        from companion.ui.shell import viewmodels as vms
        from companion.ui.shell.plays_vm import PlaysViewModel, english_title
        from companion.ui.gameui import GameUIs, game_presenters
        from companion.ui.text.tr import tr

        super().__init__(**kwargs)
        self.session = session
        self.bridge: Any = None
        self.tr = tr
        self.games = tuple(games)
        register(self.games)  # a journal names its game by id: titles and history wording follow it
        self.start_screen = start_screen
        self._start_game_id = start_game
        self.on_settings_changed = on_settings_changed
        self._on_ready = on_ready
        self._exit_after_first_frame = exit_after_first_frame
        self._ready_frames = -1
        self._journal: str | None = None
        self._previous = "home"
        self.language = current_language()
        self.home_vm = vms.HomeViewModel()
        self.setup_vm = vms.SetupViewModel()
        self.pad_count = pad_count
        pads = setup_pads.DEFAULT_PAD_COUNT if pad_count is None else int(pad_count)
        self.setup_pads = setup_pads.PadChoice(int(self.setup_vm.count), pads)
        self.setup_vm.bind(count=lambda *_: self.setup_pads.set_seats(int(self.setup_vm.count)))
        self.table_vm = vms.TableViewModel()
        self.history_vm = vms.HistoryViewModel(choices_for=self._correction_choices)
        self.plays_vm = PlaysViewModel(linker=lambda record: self.session.bgstats_link(record, english_title(record.game)))
        self.settings_vm = vms.SettingsViewModel(language=self.language, profile=profile, running_profile=profile)
        from companion.ui.shell.card_facts_vm import CardFactsViewModel

        self.card_facts_vm = CardFactsViewModel(session.data_sheet, session.set_data, session.data_games)
        # Each game's half, made when first needed (the resumed game's in `build`, the rest at the
        # first idle moment after the first frame, or before when one is asked for): `_made_game_uis`.
        self.game_uis = GameUIs(self, self.games, self._made_game_uis)
        self.presenters = game_presenters(self.games)  # what each game's pads and the status display show
        self._shared_recent_found = False  # the shared set-up offers some game's recent players already
        # The game whose set-up "setup" opens. Until a game is chosen, the shell's own set-up
        # screen, of the first game using it: found once every game's half is made (`_setup_game_id`).
        self._setup_game: str | None = None
        self._shared_configured = False  # the shared set-up took that first game's choice
        self.first_frame_seconds: float | None = None
        # The devices' openers from the CLI (each a plan whose `open` the app calls after its first
        # frame: which devices are real was chosen there), or None: no such device.
        self._pad_plan = pad_plan  # companion.ui.shell.pad_panels.PadOpener
        self.pad_panels: Any = None
        self._status_plan = status_plan  # companion.ui.shell.status_display.StatusOpener
        self.status_display: Any = None  # companion.ui.shell.status_display.StatusDisplayHook once open
        self._scanner_plan = scanner_plan  # companion.ui.dice.scanner_hook.ScannerOpener
        self.scanner: Any = None  # companion.ui.dice.scanner_hook.ScannerHook once open
        self._speech_plan = speech_plan  # companion.wiring.speech.SpeechPlan
        self.speech: Any = None  # companion.ui.shell.speech_hook.SpeechHook once open
        self._keyboard_plan = keyboard  # companion.ui.shell.keyboard_names.KeyboardPlan, or None: no keyboard
        #: companion.ui.shell.keyboard.NameKeyboard once made (`keyboard_for_names`), else None.
        self.name_keyboard: Any = None

    def load_kv(self, filename: str | None = None) -> bool:
        """Each screen loads its own .kv beside it; no app-wide kv file."""
        return False

    # -- life cycle ------------------------------------------------------------------------------

    def build(self) -> Any:
        self._collector = IdleCollector()
        # Before the window: Kivy's graphics context runs a whole collection as it is made, which
        # then walks none of what the imports made (35 ms at 200 resumed steps, before).
        self._collector.freeze_start_up()
        from kivy.clock import Clock
        from kivy.core.window import Window
        from kivy.uix.screenmanager import NoTransition

        from companion.ui.widgets import CLOCK_PASSES, held_texts, theme
        from companion.ui.shell.bridge import Bridge
        from companion.ui.widgets import WindowScreenManager

        Clock.max_iteration = max(Clock.max_iteration, CLOCK_PASSES)
        # The first screen's panels not on it lay their texts out at the first idle moment, not
        # before the first frame (the first job then: before any job that lays those panels out).
        held_texts.hold()
        self.when_idle(held_texts.release)
        Window.clearcolor = theme.BG
        Window.bind(size=self._on_window_size)
        self._on_window_size(Window, Window.size)
        self.bridge = Bridge(self.session.handle)
        self.session.more_queued = self.bridge.has_queued
        self.session.listeners.append(self._on_table_view)
        from companion.ui.shell.shelf_check import ShelfCheck

        self.shelf_check = ShelfCheck(self.session, self._shelf_checked)
        from companion.ui.shell.news import TableNews

        self._news = TableNews()
        self.sm = WindowScreenManager(transition=NoTransition())
        table = self.session.table_view()
        self.table_vm.update(table)
        self._journal = table.journal
        if table.game is not None:
            self.game_uis.make([table.game])  # the resumed game's half; the others' wait (see __init__)
        self._remember_names(table, other_games=False)
        first = self.start_screen
        if first == "home" and self.session.engine is not None:
            first = "table"  # the CLI resumed an unfinished game: the table is what the players want
        if first == "setup" and self._start_game_id:
            self._setup_game = self._start_game_id
        self.go(first)
        self._collector.freeze_start_up()
        self._ready_frames = Clock.frames_displayed + 1
        Clock.schedule_interval(self._check_ready, 0)
        return self.sm

    def on_stop(self) -> None:
        if self.speech is not None:
            self.speech.close()  # the announcer's thread ends with what it was saying
            self.speech = None
        if self.scanner is not None:
            self.scanner.close()  # the reader stops: no dice fact arrives after this but its "closed"
            self.scanner = None
        if self.pad_panels is not None:
            self.pad_panels.close()  # first: no pad fact may arrive after this; displays cleared
            self.pad_panels = None
        if self.name_keyboard is not None:
            self.name_keyboard.hide()  # off the window: a later app in this process owns it
        if self.status_display is not None:
            self.status_display.close()  # the display is cleared: no finished game's status stays on it
            self.status_display = None
        if self._on_table_view in self.session.listeners:
            self.session.listeners.remove(self._on_table_view)
        self.session.more_queued = lambda: False  # this app's queue is no more
        collector = getattr(self, "_collector", None)
        if collector is not None:
            collector.stop()
        from companion.ui.widgets import held_texts

        held_texts.drop()  # a text still waiting is this app's: none is laid out in a later app
        from companion.ui.shell.screens.history import forget_kept_rows

        forget_kept_rows()  # this app's history rows out of Kivy's process-wide cache: no later tick finds them
        shelf_check = getattr(self, "shelf_check", None)
        if shelf_check is not None:
            shelf_check.stop()
        self.tr.forget_all()
        from kivy.core.window import Window

        Window.unbind(size=self._on_window_size)  # a later app in this process owns the window

    def _check_ready(self, _dt: float) -> bool | None:
        if Clock.frames_displayed < self._ready_frames:
            return None
        self.first_frame_seconds = startup.seconds_since_process_start()
        from companion.ui.widgets import held_texts

        held_texts.show_in_window()  # none, unless a panel held went into the window since
        if self._exit_after_first_frame:
            print(f"first-frame {self.first_frame_seconds:.3f}", flush=True)
        if self._pad_plan is not None:
            # After the first frame: the pads pull in Pillow, luma and threads, which the screen
            # does not need to appear; before on_ready, so a script's first key finds them.
            from companion.ui.shell.pad_panels import PadPanels

            self.pad_panels = PadPanels.open(self, self._pad_plan)
        if self._scanner_plan is not None:
            # Likewise: pyserial, a pty for the twin and the reader's thread wait for the first frame.
            from companion.ui.dice.scanner_hook import ScannerHook

            self.scanner = ScannerHook.open(self, self._scanner_plan)
        if self._status_plan is not None:
            # Likewise after the first frame: the status display is Pillow, luma and a writer thread.
            from companion.ui.shell.status_display import StatusDisplayHook

            self.status_display = StatusDisplayHook.open(self, self._status_plan)
        if self._speech_plan is not None:
            # Likewise: the announcer's thread and the sound wait for the first frame.
            from companion.ui.shell.speech_hook import SpeechHook

            self.speech = SpeechHook.open(self, self._speech_plan)
        if not self._exit_after_first_frame:
            self.when_idle(self.game_uis.make_all)  # the games not opened yet: ready before a tap asks
            self.when_idle(self.keyboard_for_names)  # ready before the first name field is chosen
            # Every journal checked in full, on a thread of its own from the first idle moment
            # after this frame on (companion/ui/shell/shelf_check.py); the idle moment is counted
            # from here, so a slow first frame cannot let it pass unseen.
            self.when_idle(self.shelf_check.start)
            self.when_idle(self.session.idle)  # a resumed game's checkpoint due (its resume folded past one)
            self._collector.activity()
        if self._on_ready is not None:
            self._on_ready(self)
        if self._exit_after_first_frame:
            self.stop()
        return False

    def keyboard_for_names(self) -> Any | None:
        """The on-screen keyboard for names when the table has one (`KeyboardPlan.shown`), else
        None. Made at the first idle moment after the first frame, or when a name field is chosen
        before that: a table resumed at start does not wait for its forty keys (25-35 ms here)."""
        if self.name_keyboard is None and self._keyboard_plan is not None and self._keyboard_plan.shown:
            from companion.ui.shell.keyboard import NameKeyboard

            self.name_keyboard = NameKeyboard(self, self._keyboard_plan)
        return self.name_keyboard

    def _shelf_checked(self, moved: Sequence[Any]) -> None:
        """The background check's findings are settled (damaged journals set aside and told): home,
        when it shows, lists what is left and the notices, as after a start that met them."""
        if self.sm.current == "home":
            self._refresh_home()

    def _on_window_size(self, _window: Any, size: Sequence[float]) -> None:
        width, height = size
        self.scale = profiles.scale_for(width, height)
        self.portrait = height > width
        if self.name_keyboard is not None:
            self.name_keyboard.place()

    # -- finding widgets -------------------------------------------------------------------------

    def find_widget(self, wid: str) -> Any | None:
        from companion.ui.widgets import find_widget

        found = find_widget(self.root, wid) if self.root is not None else None
        if found is None and self.name_keyboard is not None and self.name_keyboard.parent is not None:
            found = find_widget(self.name_keyboard, wid)  # the on-screen keyboard, while it is shown
        return found

    # -- navigation ------------------------------------------------------------------------------

    def screen(self, name: str) -> Any:
        """The named screen, created (and its .kv loaded) on first use."""
        from companion.ui.shell import screens

        if not self.sm.has_screen(name):
            owner = self._owner(name)
            self.sm.add_widget(screens.create(name, owner.screens if owner is not None else None))
        return self.sm.get_screen(name)

    def _owner(self, name: str) -> Any | None:
        """The GameUI whose own screen `name` is, or None (a shell's screen)."""
        from companion.ui.shell import screens

        if name in screens.MODULES:
            return None
        found = next((ui for ui in self.game_uis.made() if name in ui.screens), None)
        return found if found is not None else next((ui for ui in self.game_uis.all() if name in ui.screens), None)

    def game_ui(self, game_id: str | None) -> Any | None:
        """The game's half of the app (`companion.ui.gameui.GameUI`), or None."""
        return self.game_uis.get(game_id)

    def _made_game_uis(self, uis: Sequence[Any]) -> None:
        """Games' halves just made (`GameUIs`): the app's properties their .kv files read, the
        table as it is now, their start-up hooks and the players they offer."""
        table = self.session.table_view()
        for ui in uis:
            for name, value in ui.kv_names().items():
                self.create_property(name, value)  # a property: a screen built before it is set follows
            ui.update(table)
        for ui in uis:
            ui.prepare()
        self._remember_recent_players(uis)
        if not self._shared_configured and self.game_uis.complete():
            self._shared_configured = True
            first = next((ui for ui in self.game_uis.made() if ui.setup_screen == "setup"), None)
            if self._setup_game is None:
                self._setup_game = first.id if first is not None else ""
            if first is not None:
                self.setup_vm.configure(first.choice)

    def _setup_game_id(self) -> str:
        """The game whose set-up "setup" opens: the chosen one, else the first on the shared set-up."""
        if self._setup_game is None:
            self.game_uis.make_all()
        return self._setup_game or ""

    def open_game_id(self) -> str | None:
        engine = self.session.engine
        return engine.game.id if engine is not None else None

    def route(self, name: str) -> str:
        """The screen a name means now: "table" and "setup" are the open (or chosen) game's own."""
        if name == "table":
            ui = self.game_ui(self.open_game_id())
            return ui.table_screen if ui is not None else name
        if name == "setup":
            ui = self.game_ui(self._setup_game_id())
            return ui.setup_screen if ui is not None else name
        return name

    def _table_screens(self) -> set[str]:
        """Every screen shown so far that is some game's table ("table" means the open game's): a
        screen shown has its game's half made."""
        return {"table"} | {ui.table_screen for ui in self.game_uis.made()}

    def go(self, name: str) -> None:
        """Shows a screen, refreshing its view-model first; a stale notice is not carried along."""
        from companion.ui.shell import screens

        name = self.route(name)
        current = self.sm.current if self.sm.screen_names else None
        if current and current != name:
            if self.name_keyboard is not None:
                self.name_keyboard.hide()  # the name field it typed into is left behind
            if screens.PARENTS.get(current) != name:
                self._previous = current
            self.table_vm.clear_notice()
            for ui in self.game_uis.made():
                ui.clear_notices()
        if name == "home":
            self.home_vm.show_notice(None)
            self._refresh_home()
        elif name == "history":
            was_open = self.session.engine is not None
            entries = self.session.history()
            if self.session.engine is not None or not was_open:
                self.history_vm.refresh(entries, self.session.finished_games(),
                                        self.session.engine.game.id if self.session.engine else None)
            if was_open and self.session.engine is None:
                # Its journal was found damaged as it was read (the steps, or the state a step's
                # correction starts from): the session closed it, and home (gone to) says so.
                self.history_vm.refresh([], None, None)
                return
        elif name == "card_facts":
            self.card_facts_vm.open()  # read again: the file is the table's, and may have changed
        elif name in ("plays", "play"):
            self.plays_vm.refresh(self.session.finished_plays())
            if name == "play" and self.plays_vm.opened < 0 and self.plays_vm.has_plays:
                self.plays_vm.open(0)  # shown by name (a picture, a script): the newest play
        owner = self._owner(name)
        if owner is not None:
            owner.showing(name)
        self.screen(name)
        self.sm.current = name
        if self.sm.transition.is_active:
            # Even NoTransition stays "active" until the next frame, and a ScreenManager drops
            # every touch while a transition is active: a quick second tap would be lost.
            self.sm.transition.stop()

    def back(self) -> None:
        previous = self._previous
        if previous in self._table_screens():
            previous = "table"  # whichever game is open now
        self.go(previous if previous != self.sm.current else "home")

    def when_idle(self, job: Callable[[], None]) -> None:
        """Runs `job` once when the table is next idle (see `IdleCollector.when_idle`)."""
        self._collector.when_idle(job)

    def open_history(self) -> None:
        self.go("history")

    def open_play(self, index: int) -> None:
        """Opens finished play `index` of the history of plays: its breakdown, chart and QR code."""
        self.plays_vm.open(index)
        self.go("play")

    def _correction_choices(self, step: int) -> list[Any]:
        """What step `step` could have been (the open game's `GameUI.correction_choices`)."""
        try:
            view = self.session.correction_view(step)
        except IllegalCommand:
            return []
        ui = self.game_ui(self.open_game_id())
        return ui.correction_choices(view) if ui is not None else list(view.get("choices", ()))

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
        ui = self.game_ui(game_id)
        if ui is None or not ui.choice.built or ui.open():
            return
        self._setup_game = game_id
        ui.choose()
        self.go("setup")

    def new_game_same_players(self) -> None:
        """After a finished game: the set-up screen, with this game's names already filled in."""
        table = self.session.table_view()
        self._remember_names(table)
        self._setup_game = table.game or self._setup_game_id()
        ui = self.game_ui(self._setup_game)
        if ui is not None:
            ui.choose_again()
        self.go("setup")

    def _remember_recent_players(self, uis: Sequence[Any]) -> None:
        """As each game's half is made, its set-up screen offers the players of the newest game of
        its kind on disk (the journals remember them across restarts), with their colours and pads:
        a game with its own set-up its own; the shared set-up the first of its games (home-screen
        order; the resumed game's first, made first) that has any."""
        for ui in uis:
            if not ui.shared_setup:
                ui.remember_recent()
            elif not self._shared_recent_found:
                self._shared_recent_found = ui.remember_recent()

    def _remember_names(self, table: TableView, other_games: bool = True) -> None:
        """Names (and pads) of the open game, offered by its set-up screen and, while the app runs,
        by the other game's too: a game night keeps its players."""
        players = table.view.players if table.view is not None else ()
        if not players:
            return
        names = [p.name for p in players]
        pads = self.session.seat_pads
        own = self.game_ui(table.game)
        if own is not None:
            own.remember_players(names, [p.colour or "" for p in players], pads)
        if other_games:
            for ui in self.game_uis.all():
                if ui is not own and not (own is not None and own.shared_setup and ui.shared_setup):
                    ui.remember_players(names, (), pads)

    # -- actions: every one is an Intent through the bridge ---------------------------------------

    def post(self, intent: Intent) -> None:
        self.bridge.post(intent)

    def start_game(self) -> None:
        """The shared set-up's new game, with its pads when they are not pad k for seat k."""
        intent = self.setup_vm.intent()
        if not self.setup_pads.is_default():
            setup = {**intent.args.get("setup", {}), "pads": self.setup_pads.value()}
            intent = Intent(intent.name, {**intent.args, "setup": setup})
        self.post(intent)

    def _refresh_home(self) -> None:
        """Home's lists, read again from the session: the unfinished games (with where each
        stands) and what the files came to."""
        self.home_vm.refresh(self.games, self.session.unfinished_games(), self.session.data_notices(),
                             self.session.standing_view)

    def resume_game(self, path: str) -> None:
        """A row of home's list: that game's table (a game already open is opened again)."""
        self.post(Intent("resume", {"path": path}))
        if self.session.engine is not None and str(self.session.engine.journal.path) == path:
            self.go("table")

    def close_game(self, path: str) -> None:
        """The confirm of home's Close…: the game is marked closed in its journal (kept whole)."""
        self.home_vm.cancel_close()
        self.post(Intent("close_game", {"path": path}))

    def recover_game(self, path: str) -> None:
        """Home's Recover on a set-aside game: its intact steps into a new journal, opened; or, when
        nothing can be read back, home says so and offers no Recover for it again."""
        self.post(Intent("recover", {"path": path}))

    def undo(self) -> None:
        ui = self.game_ui(self.open_game_id())
        if ui is not None:
            ui.undo()  # a game may step back further (over an automatic step, with the step it followed)
        else:
            self.post(Intent("undo"))

    def redo(self) -> None:
        ui = self.game_ui(self.open_game_id())
        if ui is not None:
            ui.redo()
        else:
            self.post(Intent("redo"))

    # -- settings --------------------------------------------------------------------------------

    def set_language(self, code: str) -> None:
        """Applies at once: kv texts re-render through `tr`, Python-made texts through relabel()."""
        self.language = self.tr.switch(code)
        self.settings_vm.language = self.language
        self.home_vm.refresh()
        self.setup_vm.relabel()
        self.setup_pads.relabel()
        self.table_vm.relabel()
        for ui in self.game_uis.made():  # one made later is made in the new language
            ui.relabel()
        self.history_vm.refresh()
        self.plays_vm.refresh()
        self.card_facts_vm.relabel()
        if self.name_keyboard is not None:
            self.name_keyboard.relabel()
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
        self.when_idle(self.session.idle)  # the game's checkpoint due is written then, not in a tap
        self.shelf_check.activity()
        open_ui = self.game_ui(table.game)
        table = self._news.tell(table, self.session.history, type(open_ui) if open_ui is not None else None)
        if self.status_display is not None:
            self.status_display.tell(table)  # the same words as the screen's notice
        if open_ui is not None and not open_ui.shared_table:
            self.table_vm.show_notice(table)
        else:
            self.table_vm.update(table)
        for ui in self.game_uis.made():  # one made later starts from the table as it is then
            ui.update(table)
            if self.sm.current == ui.setup_screen:
                ui.show_setup_notice(table.notice)  # a refusal of the set-up, on its own page
        if table.journal != self._journal:
            self._journal = table.journal
            if table.journal is not None:
                if open_ui is not None:
                    open_ui.game_started()
                self._remember_names(table)
                self.go("table")
                return
            if table.notice is not None and table.notice.level == "error" and self.sm.current != "home":
                # The session closed the game under the table (its journal found damaged while
                # read again): home says why, beside the file's Recover.
                self.go("home")
        if self.sm.current == "home":
            self._refresh_home()  # a game closed, reopened or recovered from here
            self.home_vm.show_notice(table.notice)
        elif self.sm.current == "history":
            self.history_vm.refresh(self.session.history(), self.session.finished_games(),
                                    table.game)
        elif self.sm.current in self._table_screens() and self.route("table") != self.sm.current:
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
            pad_plan: Any = None, status_plan: Any = None, scanner_plan: Any = None,
            speech_plan: Any = None, keyboard: Any = None) -> int:
    """Runs the app until it is closed; returns the process exit code (`app.exit_code`, 0 unless
    an input script failed).

    `language`: "zh-Hans", "zh-Hant", "en" or "auto"; `profile`: a `profiles.PROFILES` name (the
    window size; layouts adapt to the real size either way). `on_ready(app)` runs once, on the main
    thread, after the first frame is on screen. `exit_after_first_frame` prints
    ``first-frame <seconds since process start>`` (see `startup`) and stops. `games`: the home
    screen's list (the CLI passes every game, built or not). `start_game`: the game whose set-up
    screen `start_screen="setup"` opens (default: the first game on the shared set-up). `pad_count`: the handheld pads
    the config lists (`[[devices.pads.seats]]`), offered per seat by the set-up screens (default 4,
    as config.default.toml). The devices come as the CLI's plans, real or simulated already chosen;
    the app only calls their `open` once its window is up, and closes what it opened on stop.
    `pad_plan` (a `pad_panels.PadOpener`): the pads (keys, private panels, each seat's display).
    `status_plan` (a `status_display.StatusOpener`): the table's season, round and time track after
    each update, cleared on stop. `scanner_plan` (a `dice.scanner_hook.ScannerOpener`): the dice
    scanner's reader (or its in-app twin), told the open game's last scanner read. `speech_plan`
    (a `companion.wiring.speech.SpeechPlan`): the crier's call spoken, or its WAV twin.
    `keyboard` (a `keyboard_names.KeyboardPlan`): the on-screen keyboard for names, or None: none.
    """
    from companion.ui.text.tr import tr

    _ensure_log_output()
    prof = profiles.apply(profile, fullscreen=fullscreen)
    fonts.register_default_font(font)
    tr.switch(language)
    app = CompanionApp(session, profile=prof.name, start_screen=start_screen, games=games,
                       on_settings_changed=on_settings_changed, on_ready=on_ready,
                       exit_after_first_frame=exit_after_first_frame, start_game=start_game, pad_count=pad_count,
                       pad_plan=pad_plan, status_plan=status_plan, scanner_plan=scanner_plan,
                       speech_plan=speech_plan, keyboard=keyboard)
    app.run()
    return int(app.exit_code)


__all__ = ["CompanionApp", "run_app"]
