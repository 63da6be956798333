"""A game's half on the app's side: the one object the app, home, history and the screenshot tool
talk to for a game, so none of them names one.

The registry (`companion.games.registry`, via the CLI's `GameChoice.ui`) says which class is each
game's; the app makes one per game (`GameUIs`: the resumed game's at start, the others when first
needed or at the first idle moment) and from then on only calls the hooks
below, every one declared here with its default. The defaults are the score pad's screens
(`companion.ui.scorepad`): its set-up "setup" over the shell's shared names and pads
(`app.setup_vm` / `app.setup_pads`, which several games' set-ups use) and its score table "table".
A game with its own screens overrides what differs (its own set-up and table, its own undo; a
sealed-bid game: its table and private entry; a tool for the whole table: no set-up at all), and a
game with documentation pictures names its demo (`demo`, a `companion.ui.gamedemo.GameDemo`).

What a game's pads and the table's status display show is its presenter (`presenter_class`, pure,
no Kivy): `game_presenters` makes one per game for the device feeds, which run outside the window.

How a game's history reads (its lines, headings, and the words of the correct panel) are class
methods: a journal names its game by id only, and `game_ui_for(id)` finds the class, with or
without a running app. Their defaults are the generic lines, which any game's journal can show.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from typing import Any, Callable, Iterable, Iterator, Mapping, Sequence

from companion.presenters.game import GamePresenter
from companion.session import Intent, Notice, TableView
from companion.ui.text import formatting as fmt
from companion.ui.shell.choices import GameChoice, known
from companion.ui.text.formatting import Describe, choice_title
from companion.ui.text.i18n import _, translate_rule
from companion.ui.gamedemo import GameDemo
from companion.ui.gamewords import game_words


@dataclasses.dataclass(frozen=True)
class PointsStep:
    """A past step that is one seat's points: the history corrects it with the points panel (which
    player, how many points), as the intent `command` {seat, points}, not from a list of choices."""

    seat: int
    points: int
    command: str


class GameUI:
    """One game's part of the app (see the module docstring). `app` is the running app, `choice`
    the game as the home screen lists it."""

    #: The game's own screens: screen name → the module defining its SCREEN_CLASS.
    screens: Mapping[str, str] = {}
    #: What "table" means while this game is open, and "setup" once it is chosen.
    table_screen = "table"
    setup_screen = "setup"
    #: Whether the app's table view-model (`app.table_vm`: the open game's title, notice, undo and
    #: redo) follows this game's views; a game with its own table gets only the notices there, so
    #: a refusal shown on it is cleared in step.
    shared_table = True
    #: Whether the game's set-up is the shell's shared one (names and pads): it offers the names
    #: of the newest such game on disk, and every other game's players while the app runs.
    shared_setup = True
    #: Its demo states, for `companion screenshot --game <id> --state S` and the documentation's
    #: pictures (`--docs DIR` writes each into DIR/<id>/); none by default.
    demo: GameDemo = GameDemo()
    #: What its pads' OLEDs and the table's status display show: a `GamePresenter` subclass in the
    #: game's folder (pure, no Kivy), made by `game_presenters` with the game's title. The default
    #: goes by the view's shape: a sealed bid or the seat's score on a pad; the name and round, a
    #: sealed round's state or the leader on the status display.
    presenter_class: type[GamePresenter] = GamePresenter
    #: The kind of the event that seats the players (its `players`, in seat order), from which the
    #: default `history_rows` and the points panel name seats; "": none (seats read "Seat n").
    start_kind: str = ""
    #: Event kinds that are news for the whole table (a round's end, a season scored): a step with
    #: one is told on the table in its history words (`companion.ui.shell.news`); none by default.
    news_kinds: frozenset[str] = frozenset()

    def __init__(self, app: Any, choice: GameChoice) -> None:
        self.app = app
        self.choice = choice

    @property
    def id(self) -> str:
        return self.choice.id

    # -- what its screens read -------------------------------------------------------------------

    def kv_names(self) -> Mapping[str, Any]:
        """The objects this game's .kv files and screens read on the app (`app.<name>`), made here.
        The app sets each as a Kivy property of its own, so a screen built before one is set (the
        value None) is redrawn when it is."""
        return {}

    # -- refreshing ------------------------------------------------------------------------------

    def update(self, table: TableView) -> None:
        """After every fact, whatever game is open (a game's view-models ignore other games')."""

    def relabel(self) -> None:
        """The language changed: Python-made texts again."""

    def show_setup_notice(self, notice: Notice | None) -> None:
        """A refusal of this game's own set-up screen, shown on it (only while it is on screen)."""

    def clear_notices(self) -> None:
        """The table moved to another screen: this game's screens forget their last notice."""

    def showing(self, screen: str) -> None:
        """`screen`, one of this game's own (`screens`), is about to be shown: what it should not
        carry over from last time is reset (an entry half made, a question half answered)."""

    def game_started(self) -> None:
        """A new journal of this game opened (its set-up is done)."""

    # -- choosing the game -----------------------------------------------------------------------

    def prepare(self) -> None:
        """At start, before any screen: a game with its own set-up view-model takes its choice."""

    def open(self) -> bool:
        """The home screen's tap on the game. True: the game opened itself (a tool without a
        set-up); False: the app shows its set-up (`choose` first)."""
        return False

    def choose(self) -> None:
        """Its set-up is about to open from home: the shared set-up takes this game's player range."""
        self.app.setup_vm.configure(self.choice)

    def choose_again(self) -> None:
        """"New game" after a finished one: its set-up, with this game's names already filled in."""
        self.app.setup_vm.configure(self.choice)

    # -- a game night keeps its players ----------------------------------------------------------

    def remember_recent(self) -> bool:
        """At start: offer the players of this game's newest journal on disk. Returns whether it
        found any; the app asks the shared-set-up games in turn until one has (own set-ups always)."""
        recent = self.app.session.recent_players(self.id)
        if recent is None:
            return False
        self.app.setup_vm.remember(list(recent.names))
        self.app.setup_pads.remember(recent.pads)
        return True

    def remember_players(self, names: Sequence[str], colours: Sequence[str], pads: Any) -> None:
        """This game's set-up offers these players next (its own game's seating, or another game's)."""
        self.app.setup_vm.remember(list(names))
        self.app.setup_pads.remember(pads)

    # -- actions ---------------------------------------------------------------------------------

    def undo(self) -> None:
        self.app.post(Intent("undo"))

    def redo(self) -> None:
        self.app.post(Intent("redo"))

    def correction_choices(self, view: Mapping[str, Any]) -> list[Any]:
        """What a past step could have been instead, for the history's correct panel (`view`: the
        public view before that step)."""
        return list(view.get("choices", ()))

    # -- its history's words (class methods: see the module docstring) ---------------------------

    @classmethod
    def history_describer(cls) -> Describe:
        """A fresh describer for one history (it may remember the event before, to say a step's
        two events once). Default: the generic lines (`formatting.format_event`)."""
        return fmt.format_event

    @classmethod
    def history_rows(cls, entries: Iterable[Any]) -> list[dict[str, Any]]:
        """History entries (oldest first) as rows {step, time, text, undone}; a game that counts
        seasons and rounds adds each row's {season, round} and its `bare` text (without its place),
        for the headings. Default: `history_describer`'s lines, names from `start_kind`."""
        return fmt.format_history(entries, cls.history_describer(), cls.start_kind)

    @classmethod
    def history_lines(cls, rows: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Rows (newest first) as the history screen lays them out, {kind: "step"} and headings
        {kind: "heading", text}. Default: a heading above each round of rows that have a season and
        a round (`formatting.under_round_headings`), else the steps as a flat list."""
        return fmt.under_round_headings(rows)

    @classmethod
    def format_scores(cls, result: Mapping[str, Any]) -> str | None:
        """A calculator result (`companion score GAME FILE`) as terminal text in the current
        language, with player-facing names: the game's `scores_text` module's (`companion.ui.
        gamewords`, which the command reads without this class); None: the game's own English text."""
        return game_words(cls.__module__).format_scores(result)

    @classmethod
    def replay_text(cls, view: Mapping[str, Any]) -> str | None:
        """A journal's public view as terminal text for `companion replay`, in the current language
        with player-facing names: the game's `scores_text` module's; without one, a finished game's
        breakdown through `format_scores` (`view.final`), else None: the game's own `summary_text`."""
        return game_words(cls.__module__).replay_text(view)

    @classmethod
    def choice_label(cls, intent: Mapping[str, Any]) -> str:
        """One of `correction_choices` on a button of the correct panel. Default: its intent name."""
        return str(intent["name"])

    # -- how home lists an unfinished game (a class method: a journal names its game by id) ----------

    @classmethod
    def standing(cls, view: Mapping[str, Any] | None, steps: int) -> str:
        """Where an unfinished game stands, in a few words for home's list ("Season 2 · Round 3"):
        `view` is its public view now (None when it could not be read), `steps` its last step.
        Default by the view's shape: its season and round (the history's heading words), else
        its round, else the step it is at."""
        season = view.get("season") if view else None
        rnd = view.get("round") if view else None
        if isinstance(season, int) and isinstance(rnd, int) and season > 0 and rnd > 0:
            return fmt.round_heading(season, rnd)
        if isinstance(rnd, int) and not isinstance(rnd, bool) and rnd > 0:
            return _("Round {round}").format(round=rnd)
        return _("Step {n}").format(n=steps)

    @classmethod
    def category_name(cls, category: str) -> str:
        """A final breakdown's category (`core.results.Category.id`) in the current language, for
        the history of plays. Default: the id translated as a msgid ("money" → its catalog entry),
        else shown as itself with spaces, never hidden."""
        return _(category.replace("_", " "))

    @classmethod
    def rule_name(cls, rule: str) -> str:
        """A rule a category scores by, in the current language (default: the rule as a msgid)."""
        return translate_rule(rule)

    @classmethod
    def points_step(cls, events: Sequence[Mapping[str, Any]]) -> PointsStep | None:
        """The step of these events as one seat's points (corrected with the points panel), or
        None: it is corrected from its `correction_choices` (the default)."""
        return None


def game_ui_class(choice: GameChoice) -> type[GameUI]:
    """The class `choice.ui` names ("package.module:Class"); the game must have one."""
    path, _, name = choice.ui.partition(":")
    return getattr(importlib.import_module(path), name)


def game_ui_classes(choices: Sequence[GameChoice]) -> dict[str, type[GameUI]]:
    """Game id → its GameUI class, for each game that has one (`choice.ui`), in home-screen order:
    what the screenshot tool asks about screens and demos without an app."""
    return {choice.id: game_ui_class(choice) for choice in choices if choice.ui}


def game_ui_for(game_id: str | None) -> type[GameUI]:
    """The GameUI class of a registered game (`choices.register`), or GameUI itself (the generic
    defaults) for an unknown id or a game without its half of the app: a journal's game id is all a
    past game's history needs to read as that game's."""
    choice = known(game_id)
    return game_ui_class(choice) if choice is not None and choice.ui else GameUI


class GameUIs:
    """Game id → its GameUI, one per game that has one (`choice.ui`), in home-screen order, each
    made only once something asks for it: a start pays for the game it resumes, not for every
    game's modules and view-models (a game's kv and screens wait for its screens anyway).

    `made_hook(uis)` runs once per batch of newly made UIs, before any of them is handed out: the
    app gives them its properties and their start-up hooks there. Asking for one game not yet made
    makes every game not yet made (`make_all`), in home order, in one batch: a start-up hook that
    goes over the games in order (the shared set-up's remembered players: the first game of it
    with any) then sees them as it did when all were made at start."""

    def __init__(self, app: Any, choices: Sequence[GameChoice], made_hook: Callable[[list[GameUI]], None]) -> None:
        self._app = app
        self._choices = {choice.id: choice for choice in choices if choice.ui}
        self._made: dict[str, GameUI] = {}
        self._made_hook = made_hook

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._choices

    def complete(self) -> bool:
        """Whether every game's UI is made."""
        return len(self._made) == len(self._choices)

    def make(self, game_ids: Iterable[str]) -> list[GameUI]:
        """Makes these games' UIs (those not made yet, unknown ids skipped): the new ones."""
        wanted = set(game_ids)
        new = [game_ui_class(choice)(self._app, choice) for game_id, choice in self._choices.items()
               if game_id in wanted and game_id not in self._made]
        self._made.update((ui.id, ui) for ui in new)
        if new:
            self._made_hook(new)
        return new

    def make_all(self) -> None:
        self.make(self._choices)

    def get(self, game_id: str | None) -> GameUI | None:
        """The game's UI (every game not yet made is made first), or None: no such game."""
        if not game_id or game_id not in self._choices:
            return None
        if game_id not in self._made:
            self.make_all()
        return self._made[game_id]

    def made(self) -> list[GameUI]:
        """The UIs made so far, in home order: what is told of a fact or a new language (a game
        made later starts from the table and the language as they are then)."""
        return [self._made[i] for i in self._choices if i in self._made]

    def all(self) -> list[GameUI]:
        """Every game's UI, in home order (any not yet made is made)."""
        self.make_all()
        return self.made()


class _Presenters(Mapping[str, GamePresenter]):
    """Game id → its presenter, made when first looked up (its GameUI's module is imported then)."""

    def __init__(self, choices: Iterable[GameChoice]) -> None:
        self._choices = {choice.id: choice for choice in choices if choice.ui}
        self._made: dict[str, GamePresenter] = {}

    def __getitem__(self, game_id: str) -> GamePresenter:
        presenter = self._made.get(game_id)
        if presenter is None:
            choice = self._choices[game_id]
            presenter = game_ui_class(choice).presenter_class(title=functools.partial(choice_title, choice), text=_)
            self._made[game_id] = presenter
        return presenter

    def __iter__(self) -> Iterator[str]:
        return iter(self._choices)

    def __len__(self) -> int:
        return len(self._choices)


def game_presenters(choices: Iterable[GameChoice]) -> Mapping[str, GamePresenter]:
    """Game id → its presenter (`GameUI.presenter_class`, titled by `formatting.choice_title` in the
    language of the moment), for every game that has a UI: what the app hands the pads' and the
    status display's feeds. Needs no app, so the feeds are tested without one. Each is made when
    first looked up: the feeds mostly ask for the open game's alone."""
    return _Presenters(choices)
